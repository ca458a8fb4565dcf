// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/roofline.h"

#include <algorithm>

namespace kp::core {

Roofline::Roofline(const GpuSpec& gpu, const ModelSpec& model, int gpus, double kvBytesPerElement)
    : m_model(model)
    , m_precision(model.computePrecision())
    , m_layerFlopsPerToken(2 * model.activeLayerParameters())
    , m_headFlopsPerToken(2 * model.lmHeadParameters())
    , m_kvBytesPerToken(model.kvBytesPerToken(kvBytesPerElement))
    , m_peakFlops(gpu.peakFlopsPerSecond(m_precision) * std::max(1, gpus))
    , m_bandwidth(gpu.bandwidthBytesPerSecond() * std::max(1, gpus))
    , m_denseWeightBytesRead(model.isMoe() ? -1 : model.weightBytesReadPerStep(1))
{ }

void Roofline::addSequence(Step* step, double context, int newTokens, bool samples) const
{
    step->tokens += newTokens;
    step->sampled += samples ? 1 : 0;
    step->kvTokensRead += context + newTokens;
    // Each new token attends to the context plus, on average, half of the chunk before it (causal).
    step->attentionFlops += m_model.attentionFlopsPerToken(context + newTokens / 2.0) * newTokens;
}

double Roofline::flops(const Step& step) const
{
    return m_layerFlopsPerToken * step.tokens + m_headFlopsPerToken * step.sampled + step.attentionFlops;
}

double Roofline::bytes(const Step& step) const
{
    const double weights
        = m_denseWeightBytesRead >= 0 ? m_denseWeightBytesRead : m_model.weightBytesReadPerStep(step.tokens);
    return weights + step.kvTokensRead * m_kvBytesPerToken;
}

double Roofline::computeSeconds(const Step& step, double efficiency) const
{
    return flops(step) / (m_peakFlops * efficiency);
}

double Roofline::memorySeconds(const Step& step, double efficiency) const
{
    return bytes(step) / (m_bandwidth * efficiency);
}

double Roofline::seconds(const Step& step, double bandwidthEfficiency, double computeEfficiency) const
{
    if (step.tokens == 0)
        return 0;
    return std::max(memorySeconds(step, bandwidthEfficiency), computeSeconds(step, computeEfficiency));
}

double Roofline::prefillSeconds(int prompt) const
{
    Step step;
    addSequence(&step, 0, prompt, true);
    return seconds(step);
}

double Roofline::decodeSeconds(int batch, double context) const
{
    Step step;
    step.tokens = batch;
    step.sampled = batch;
    step.kvTokensRead = batch * context;
    step.attentionFlops = batch * m_model.attentionFlopsPerToken(context);
    return seconds(step);
}

} // namespace kp::core
