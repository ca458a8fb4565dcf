// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <limits>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// Latencies for a request size that was not measured, from the roofline calibrated on this run: the baseline says
/// what share of the GPU's bandwidth and FLOPS this server reaches, and the floors for the new size are divided by
/// those shares. An estimate, labelled as one everywhere it is shown: it assumes the same server, the same load
/// and that efficiency does not change with size.
struct RequestEstimate
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    bool available = false;
    QString whyNot; ///< a sentence when not available
    int inputTokens = 0;
    int outputTokens = 0;
    double bandwidthEfficiency = kNaN; ///< calibrated on the baseline's TPOT
    double computeEfficiency = kNaN; ///< calibrated on the baseline's TTFT
    // One user, server time plus the network round trip on TTFT and E2EL.
    double ttftMs = kNaN;
    double tpotMs = kNaN;
    double e2elMs = kNaN;
    double outputTokensPerSecond = kNaN; ///< for that one user
    // At the capacity's last passing load, scaled from what was measured there by the ratio of the estimates.
    double loadUsers = 0;
    double ttftAtLoadMs = kNaN;
    double tpotAtLoadMs = kNaN;

    static RequestEstimate of(const RunData& run, const RunAnalysis& analysis, int input, int output);
};

} // namespace kp::core
