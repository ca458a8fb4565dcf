// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/computeprecision.h"
#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"

namespace kp::core {

/// The time an engine step cannot beat on `gpus` GPUs of one kind (vllm-facts §D.4): the longer of its FLOPs at the
/// peak of the model's compute precision and its bytes at the memory bandwidth. Compute and memory overlap, so the
/// floor is their maximum, not their sum.
///
/// A step computes some new tokens for each of its sequences:
///   FLOPs = 2 · active layer parameters · new tokens + 2 · V·H · sampled tokens + attention over the context;
///   bytes = the weights the step's tokens touch (for MoE only the experts they route to) + the KV cache of every
///           sequence's context and of the new tokens.
/// The output head runs once per sequence that samples a token, not once per prompt token: a prefill of N tokens
/// computes the logits of its last one only. The simulator's step time and the analysis's floors are both this.
class Roofline
{
public:
    Roofline(const GpuSpec& gpu, const ModelSpec& model, int gpus, double kvBytesPerElement);

    struct Step
    {
        int tokens = 0; ///< new tokens computed: one per decoding sequence, the chunk for a prefilling one
        int sampled = 0; ///< sequences that sample a token at the end of the step
        double kvTokensRead = 0; ///< context tokens whose K and V the step reads or writes
        double attentionFlops = 0;
    };

    /// Adds one sequence that computes `newTokens` tokens after `context` tokens already in its KV cache; `samples`
    /// when the step reaches its end (a decode step, or a prefill's last chunk).
    void addSequence(Step* step, double context, int newTokens, bool samples = true) const;

    double flops(const Step& step) const;
    double bytes(const Step& step) const;
    double computeSeconds(const Step& step, double efficiency = 1) const;
    double memorySeconds(const Step& step, double efficiency = 1) const;
    /// max(computeSeconds, memorySeconds): the step's floor at these shares of the peaks.
    double seconds(const Step& step, double bandwidthEfficiency = 1, double computeEfficiency = 1) const;

    /// One prefill of `prompt` tokens in a step of its own, and one decode step of `batch` sequences whose contexts,
    /// the new token included, average `context` tokens.
    double prefillSeconds(int prompt) const;
    double decodeSeconds(int batch, double context) const;

    ComputePrecision precision() const { return m_precision; }
    double peakFlopsPerSecond() const { return m_peakFlops; }
    double bandwidthBytesPerSecond() const { return m_bandwidth; }
    double kvBytesPerToken() const { return m_kvBytesPerToken; }
    const ModelSpec& model() const { return m_model; }

private:
    ModelSpec m_model;
    ComputePrecision m_precision;
    double m_layerFlopsPerToken;
    double m_headFlopsPerToken;
    double m_kvBytesPerToken;
    double m_peakFlops; ///< all GPUs together
    double m_bandwidth; ///< all GPUs together
    /// A dense model reads the same weights at every batch size; worked out once, as the twin asks for every step.
    /// -1 for a mixture of experts, whose read depends on the batch.
    double m_denseWeightBytesRead;
};

} // namespace kp::core
