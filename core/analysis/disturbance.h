// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/trustchecks.h"

#include <QString>

#include <limits>
#include <vector>

namespace kp::core {

struct RunData;
struct StepData;

/// One step judged for disturbance: whether its per-token time drifted while its load stood still.
struct StepDisturbance
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    const StepData* step = nullptr;
    /// The median TPOT (server time) of the first and the last third of the step's successful requests, in the order
    /// the step stored them (the order they were sent), and the last's over the first's.
    double earlyTpotMs = kNaN;
    double lateTpotMs = kNaN;
    double drift = kNaN;
    /// An earlier step of the same phase at the same load (a repeat, or a probe that landed on a measured load), and
    /// this step's median TPOT over that one's; nullptr and NaN when there is none.
    const StepData* repeat = nullptr;
    double repeatDrift = kNaN;
    /// The machine's 1-minute load average when the step ended (/proc/loadavg); -1: not recorded.
    double loadAverage = -1;
    bool disturbed = false;

    /// The larger of the two drifts as a factor of at least 1: 2.0 both for twice as slow and for half the time.
    double worstFactor() const;
};

/// Steps another process may have slowed: at one load, a server's time per token should hold still. Under another
/// process's load the same llama.cpp server got up to 70× slower per token, and `--refine-capacity` reported those
/// steps as measured (issue 46). A step is disturbed when the median TPOT of the last third of its requests is
/// kDrift times that of the first third or more (or a kDrift-th of it), or when a repeat of its load measured a
/// median kDrift times apart. The machine's load average is quoted beside it, never judged alone: a server on the
/// same machine loads it too.
struct Disturbance
{
    static constexpr double kDrift = 1.5;
    /// Fewer TPOTs than this in a third cannot tell a drift from a few slow requests.
    static constexpr int kMinPerThird = 5;

    std::vector<StepDisturbance> steps; ///< every step with enough requests to judge, in the run's order
    int cores = 0; ///< the client machine's, from the run's environment; 0: not recorded

    static Disturbance of(const RunData& run);
    /// This machine's 1-minute load average now, the first figure of `path` (/proc/loadavg); -1 where unreadable. The
    /// run records it as each step ends (the step's client facts, "load_average_1m").
    static double loadAverageNow(const QString& path = QStringLiteral("/proc/loadavg"));

    /// The disturbed steps, in the run's order.
    std::vector<const StepData*> disturbed() const;
    /// The claim the "disturbance" check makes when it passes, and the doubt it raises when it does not.
    static TrustCheck::Titles titles();
    /// As a trust check ("disturbance"): a warning naming each disturbed step with its numbers, a pass with the
    /// largest drift seen, or not measured when no step had enough requests. Its `disturbed` lists the steps, so
    /// TrustChecks::disturbed() weighs them with the rest.
    TrustCheck trustCheck() const;
};

} // namespace kp::core
