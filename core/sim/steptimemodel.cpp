// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "steptimemodel.h"

#include <algorithm>
#include <cmath>

namespace kp::core {

StepTimeModel::StepTimeModel(const GpuSpec& gpu, const ModelSpec& model, double bandwidthEfficiency,
    double computeEfficiency, std::int64_t overheadNs, double kvBytesPerElement)
    : m_model(model)
    , m_weightBytes(model.weightBytesReadPerStep())
    , m_kvBytesPerToken(model.kvBytesPerToken(kvBytesPerElement))
    , m_flopsPerToken(2.0 * model.activeParameters())
    , m_bandwidth(gpu.bandwidthBytesPerSecond() * bandwidthEfficiency)
    , m_compute(gpu.bf16FlopsPerSecond() * computeEfficiency)
    , m_overheadNs(overheadNs)
{ }

void StepTimeModel::addSequence(Step* step, int context, int newTokens) const
{
    step->tokens += newTokens;
    step->kvTokensRead += double(context) + newTokens;
    // Each new token attends to the context plus, on average, half of the chunk before it (causal).
    step->attentionFlops += m_model.attentionFlopsPerToken(context + newTokens / 2.0) * newTokens;
}

std::int64_t StepTimeModel::stepNs(const Step& step) const
{
    if (step.tokens == 0)
        return 0;
    if (m_fixedStepNs > 0)
        return m_fixedStepNs;
    const double bytes = m_weightBytes + step.kvTokensRead * m_kvBytesPerToken;
    const double flops = m_flopsPerToken * step.tokens + step.attentionFlops;
    const double seconds = std::max(bytes / m_bandwidth, flops / m_compute);
    return std::int64_t(std::llround(seconds * 1e9)) + m_overheadNs;
}

} // namespace kp::core
