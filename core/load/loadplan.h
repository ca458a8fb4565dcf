// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

#include <cstdint>
#include <memory>
#include <vector>

namespace kp::core {

/// One request ready to send: the endpoint, the JSON body, and the lengths it asks for.
struct RequestTemplate
{
    QByteArray path;
    QByteArray body;
    int inputTokens = 0;
    int outputTokens = 0;
};

/// The requests of a step, prepared before it starts and shared read-only by every worker thread.
using Workload = std::shared_ptr<const std::vector<RequestTemplate>>;

/// How one step applies load, and when it ends.
struct LoadPlan
{
    enum class Pattern { ClosedLoop, OpenLoop };
    enum class Arrival { Constant, Poisson, Gamma };

    Pattern pattern = Pattern::ClosedLoop;
    int users = 1; ///< closed loop: virtual users, each sending its next request when its last one ends
    double thinkTimeMs = 0; ///< closed loop: pause between a user's requests
    Arrival arrival = Arrival::Poisson; ///< open loop
    double ratePerSecond = 1; ///< open loop
    double burstiness = 1; ///< gamma shape: 1 is Poisson, below 1 burstier, above 1 more even
    int maxInFlight = 0; ///< open loop: a cap on requests in flight (0: none); late sends show as schedule lag
    std::uint64_t seed = 0; ///< for the arrival times
    int warmupRequests = 0; ///< sent first and marked warm-up: kept, but out of the statistics
    int requestCount = 0; ///< the step ends after this many measured requests, when > 0
    double durationSeconds = 0; ///< or after this long, when > 0 (whichever comes first)
    int threads = 0; ///< worker threads; 0: one per core

    /// Open loop: offsets in ns from the step's start, one per request, for `count` requests.
    static std::vector<std::int64_t> arrivalOffsets(const LoadPlan& plan, int count);
};

} // namespace kp::core
