// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/catalog/roofline.h"

#include <cstdint>

namespace kp::core {

/// How long one engine step takes on a named GPU: the roofline the analysis judges floors with (catalog/roofline.h),
/// at the given shares of the peaks, plus a fixed overhead (scheduling, sampling, detokenising). Mixture-of-experts
/// weights are read for the experts a step's tokens route to, so a bigger batch reads more of them.
class StepTimeModel
{
public:
    StepTimeModel(const GpuSpec& gpu, const ModelSpec& model, double bandwidthEfficiency, double computeEfficiency,
        std::int64_t overheadNs, double kvBytesPerElement);

    using Step = Roofline::Step;

    /// Adds one sequence that computes `newTokens` tokens after `context` tokens already in its KV cache; `samples`
    /// when the chunk reaches the end of what the sequence has to compute.
    void addSequence(Step* step, int context, int newTokens, bool samples = true) const
    {
        m_roofline.addSequence(step, context, newTokens, samples);
    }
    /// The step's duration in simulated nanoseconds.
    std::int64_t stepNs(const Step& step) const;
    /// Every step takes exactly this long instead (0: the roofline): for benchmarks that need a steady pace.
    void setFixedStepNs(std::int64_t ns) { m_fixedStepNs = ns; }

    double weightBytes() const { return m_roofline.model().weightBytesReadPerStep(1); }
    double kvBytesPerToken() const { return m_roofline.kvBytesPerToken(); }

private:
    Roofline m_roofline;
    double m_bandwidthEfficiency;
    double m_computeEfficiency;
    std::int64_t m_overheadNs;
    std::int64_t m_fixedStepNs = 0;
};

} // namespace kp::core
