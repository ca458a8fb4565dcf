// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>

namespace kp::core {

/// The misbehaviours the simulated server can be told to show, each at its own rate (0..1) per generation request.
struct FaultRates
{
    double http500 = 0;
    double http503 = 0;
    double http429 = 0;
    double cutStream = 0; ///< socket closed mid-stream without [DONE]
    double inBandError = 0; ///< an error event in the stream, then [DONE]
    double stall = 0; ///< nothing for stallMs before the response begins
    double malformedSse = 0; ///< one data: line with broken JSON
    double slowHeaders = 0; ///< the response headers dribble out over slowHeadersMs
    int stallMs = 2000; ///< real milliseconds, not scaled by --speed: these test the client's timeouts
    int slowHeadersMs = 1000;
    std::uint64_t seed = 1;

    bool any() const;
};

/// Draws, per request, which fault (if any) it gets. Faults exclude each other; they are tried in the order of
/// the enum, each with its own rate, so a rate of 1 always wins over the ones after it.
class FaultInjector
{
public:
    enum class Fault { None, Http500, Http503, Http429, Stall, SlowHeaders, CutStream, InBandError, MalformedSse };

    explicit FaultInjector(const FaultRates& rates);

    Fault draw();
    /// Where in a stream of `tokens` tokens a mid-stream fault strikes: after at least one token, before the last.
    int strikeAfter(int tokens);
    const FaultRates& rates() const { return m_rates; }

    static QString name(Fault fault);

private:
    double uniform();

    FaultRates m_rates;
    std::uint64_t m_state;
};

} // namespace kp::core
