// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/requestestimate.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace kp::core {

RequestEstimate RequestEstimate::of(const RunData& run, const RunAnalysis& a, int input, int output)
{
    RequestEstimate e;
    e.inputTokens = input;
    e.outputTokens = output;
    const PhysicsFloors& measured = a.physics;
    if (!measured.available) {
        e.whyNot = measured.whyNot;
        return e;
    }
    if (std::isnan(measured.bandwidthEfficiency) || std::isnan(measured.baselineTtftMs)) {
        e.whyNot = QCoreApplication::translate("RequestEstimate", "There is no baseline to calibrate the estimate on.");
        return e;
    }
    if (input <= 0 || output <= 0) {
        e.whyNot = QCoreApplication::translate(
            "RequestEstimate", "A request size needs at least one input and one output token.");
        return e;
    }
    const AnalysisSettings& s = a.settings;
    const PhysicsFloors target = PhysicsFloors::of(&*s.gpu, &*s.model, input, output, measured.tensorParallel,
        measured.kvBytesPerElement, nullptr, run.roundTripMs);
    e.bandwidthEfficiency = measured.bandwidthEfficiency;
    // The first token is sampled in the prompt's prefill step: the baseline's TTFT is that step, at the share of its
    // floor the server reached.
    e.computeEfficiency = measured.baselineTtftMs > 0
        ? std::min(1.0, measured.baselineTtftFloorMs / measured.baselineTtftMs)
        : e.bandwidthEfficiency;
    const double rtt = std::max(0.0, run.roundTripMs);
    const double serverTtft = target.ttftFloorMs / e.computeEfficiency;
    e.ttftMs = serverTtft + rtt;
    e.tpotMs = target.decodeStepFloorMs / e.bandwidthEfficiency;
    e.e2elMs = e.ttftMs + (output - 1) * e.tpotMs;
    e.outputTokensPerSecond = 1e3 / e.tpotMs;
    e.available = true;

    // Under load: what was measured at the last load that met the targets, scaled by how the estimate for one user
    // compares with the baseline.
    const Capacity& c = a.curve.capacity;
    const int at = c.lastPass >= 0 ? c.lastPass : -1;
    if (at >= 0) {
        const CurvePoint& p = a.curve.points[std::size_t(at)];
        const double baseTpot = measured.baselineTpotMs;
        const double baseTtft = measured.baselineTtftMs;
        e.loadUsers = p.load;
        if (baseTpot > 0)
            e.tpotAtLoadMs = p.tpot.value * e.tpotMs / baseTpot;
        if (baseTtft > 0)
            e.ttftAtLoadMs = (p.ttft.value - rtt) * serverTtft / baseTtft + rtt;
    }
    return e;
}

} // namespace kp::core
