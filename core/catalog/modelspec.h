// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

/// A model's geometry, with the fields named as in its Hugging Face config.json, and the sizes a roofline derives
/// from them. Dense models only for now: the formulas are those of the fact sheet, §D.4.
struct ModelSpec
{
    QString id; ///< catalog id, lowercase with dashes (llama-3.1-8b)
    QString name;
    QString hfId; ///< what vLLM reports as `root`
    QString modelType;
    int hiddenSize = 0;
    int numHiddenLayers = 0;
    int numAttentionHeads = 0;
    int numKeyValueHeads = 0;
    int headDim = 0;
    int intermediateSize = 0;
    int vocabSize = 0;
    bool tieWordEmbeddings = false;
    bool attentionBias = false;
    int maxPositionEmbeddings = 0;
    QString dtype;
    QString source;

    /// Bytes per parameter of the checkpoint's dtype (bf16/fp16 2, fp8/int8 1, fp32 4).
    double bytesPerParameter() const;
    /// Parameters: embeddings, attention (with q/k/v biases where the model has them), gated MLP, norms, and the
    /// output head unless it is tied to the embeddings.
    double parameters() const;
    /// Bytes of weights a decode step reads: everything but an untied embedding table, which is only gathered.
    double weightBytesReadPerStep() const;
    /// KV cache bytes per token: 2 (K and V) x layers x kv heads x head_dim x bytes of the cache dtype.
    double kvBytesPerToken(double cacheBytesPerElement) const;
    /// Attention FLOPs for one query token attending to `context` earlier tokens (QK^T and AV, 2 FLOPs a MAC).
    double attentionFlopsPerToken(double context) const;
};

} // namespace kp::core
