// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/gpuspec.h"
#include "catalog/modelspec.h"

#include <cstdint>

namespace kp::core {

/// How long one engine step takes on a named GPU: a roofline. A step reads the weights once and the KV cache of
/// every scheduled token's context, and does 2 x parameters FLOPs per token plus attention; it takes the longer of
/// the memory time and the compute time, at the given efficiencies, plus a fixed overhead (scheduling, sampling,
/// detokenising). The formulas are the fact sheet's §D.4.
class StepTimeModel
{
public:
    StepTimeModel(const GpuSpec& gpu, const ModelSpec& model, double bandwidthEfficiency, double computeEfficiency,
        std::int64_t overheadNs, double kvBytesPerElement);

    /// What a step has scheduled, summed over its sequences.
    struct Step
    {
        int tokens = 0; ///< new tokens computed: one per decoding sequence, the chunk for a prefilling one
        double kvTokensRead = 0; ///< context tokens whose K and V the step reads
        double attentionFlops = 0;
    };

    /// Adds one sequence that computes `newTokens` tokens after `context` tokens already in its KV cache.
    void addSequence(Step* step, int context, int newTokens) const;
    /// The step's duration in simulated nanoseconds.
    std::int64_t stepNs(const Step& step) const;
    /// Every step takes exactly this long instead (0: the roofline): for benchmarks that need a steady pace.
    void setFixedStepNs(std::int64_t ns) { m_fixedStepNs = ns; }

    double weightBytes() const { return m_weightBytes; }
    double kvBytesPerToken() const { return m_kvBytesPerToken; }

private:
    ModelSpec m_model;
    double m_weightBytes;
    double m_kvBytesPerToken;
    double m_flopsPerToken;
    double m_bandwidth; ///< bytes per second, after efficiency
    double m_compute; ///< FLOPs per second, after efficiency
    std::int64_t m_overheadNs;
    std::int64_t m_fixedStepNs = 0;
};

} // namespace kp::core
