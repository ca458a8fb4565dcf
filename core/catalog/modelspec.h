// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/computeprecision.h"

#include <QString>

#include <optional>

class QJsonObject;

namespace kp::core {

/// A model's geometry, with the fields named as in its Hugging Face config.json, and the sizes a roofline derives
/// from them (the fact sheet, §D.4). Dense, mixture-of-experts (Mixtral, Qwen-MoE, DeepSeek), multi-head latent
/// attention (DeepSeek V2/V3/R1), sliding-window and quantised checkpoints.
///
/// Parameters (H hidden, L layers, V vocabulary, n_h/n_kv heads, d head_dim, I intermediate):
///   embeddings V·H, plus an output head V·H unless tied;
///   per layer: attention + MLP + 2·H (norms);
///   attention (GQA/MHA) = H·n_h·d + 2·H·n_kv·d + n_h·d·H (+ n_h·d + 2·n_kv·d biases where attention_bias);
///   attention (MLA) = [H·q_lora + q_lora + q_lora·n_h·(nope+rope)] or H·n_h·(nope+rope) without q_lora,
///                     + H·(kv_lora+rope) + kv_lora + kv_lora·n_h·(nope+v) + n_h·v·H;
///   MLP of a dense layer = 3·H·I (gated);
///   MLP of an MoE layer = E·3·H·I_moe + H·E (router) + shared experts, either n_shared·3·H·I_moe (DeepSeek) or
///                         3·H·I_shared + H (Qwen2-MoE, with its sigmoid gate);
///   plus the final norm H. The first `firstKDenseReplace` layers of an MoE model are dense.
/// Active parameters replace E by k (numExpertsPerTok). QK-norm weights (Qwen3, 2·d per layer), Gemma-2's two extra
/// norms per layer and DeepSeek-V3's expert bias are left out: each is below 0.01 % of its model.
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
    QString dtype; ///< torch_dtype (newer transformers: dtype): the compute dtype, and vLLM's `auto` KV cache dtype
    QString source;

    // Mixture of experts; numExperts 0 means a dense model.
    int numExperts = 0; ///< routed experts: num_experts, num_local_experts (Mixtral), n_routed_experts (DeepSeek)
    int numExpertsPerTok = 0; ///< num_experts_per_tok, the k of top-k routing
    int moeIntermediateSize = 0; ///< moe_intermediate_size; 0 means the experts use intermediate_size (Mixtral)
    int nSharedExperts = 0; ///< n_shared_experts (DeepSeek): always-active experts of moe_intermediate_size
    int sharedExpertIntermediateSize = 0; ///< shared_expert_intermediate_size (Qwen2-MoE): one gated shared expert
    /// first_k_dense_replace: layers with a dense MLP instead of experts. fromHfConfig counts other families' dense
    /// layers (Qwen-MoE's mlp_only_layers, a sparse step) here too: only their number matters for sizes.
    int firstKDenseReplace = 0;

    // Multi-head latent attention; kvLoraRank 0 means ordinary attention.
    int qLoraRank = 0; ///< q_lora_rank; 0 means queries are projected directly (DeepSeek-V2-Lite)
    int kvLoraRank = 0;
    int qkRopeHeadDim = 0;
    int qkNopeHeadDim = 0;
    int vHeadDim = 0;

    // Sliding-window attention; slidingWindow 0 means every layer attends to the whole context.
    int slidingWindow = 0; ///< sliding_window, in tokens
    int slidingWindowLayers = 0; ///< how many layers use the window (Gemma-2 alternates: half of them)

    // Quantised checkpoints (quantization_config); quantMethod empty means unquantised weights of `dtype`.
    QString quantMethod; ///< quant_method: awq, gptq, fp8, compressed-tensors, bitsandbytes, …
    int quantBits = 0; ///< bits per quantised weight; 0 when the config does not say
    int quantGroupSize = 0; ///< group_size of the scales; 0 or -1: one scale per output channel
    /// Exact bits per weight, scales included, where the file says so (a GGUF's tensor table); 0: from quantBits.
    double quantBitsPerWeight = 0;
    /// What the activations are quantised to as well (fp8, int8, fp4), so that the matrix multiplications run in
    /// that format; empty for weight-only methods, whose multiplications run in the dtype.
    QString quantActivations;

    /// The geometry from a Hugging Face config.json (text_config for wrapped multimodal models). Fields config.json
    /// leaves out take transformers' defaults: num_key_value_heads = heads, head_dim = hidden_size / heads, dtype
    /// bfloat16. `hfId` is stored as hfId and used for the name. On failure `error` names the field that is missing
    /// or wrong, as a clause the caller puts after the file's name ("\"hidden_size\" must be a positive number").
    static std::optional<ModelSpec> fromHfConfig(const QJsonObject& config, const QString& hfId, QString* error);

    bool isMoe() const { return numExperts > 0; }
    bool isMla() const { return kvLoraRank > 0; }

    /// Bytes per parameter of the checkpoint's dtype (bf16/fp16 2, fp8/int8 1, fp32 4); quantisation aside.
    double bytesPerParameter() const;
    /// Bytes per quantised weight of the linear layers, scales included (4-bit at group 128 ≈ 0.52); the dtype's
    /// bytes when the checkpoint is not quantised.
    double linearBytesPerParameter() const;
    /// All parameters, every expert counted (the formula above).
    double parameters() const;
    /// Parameters one token runs through: k routed experts instead of all E; == parameters() for dense models.
    double activeParameters() const;
    /// The active parameters of the transformer layers (attention, MLP or the k experts, routers, norms): what every
    /// token is multiplied through, without the embedding table (a lookup) and the output head (which a server runs
    /// only for the tokens it samples, the last of a prompt).
    double activeLayerParameters() const;
    /// The output head's parameters, V·H, whether or not it is tied to the embeddings.
    double lmHeadParameters() const { return double(vocabSize) * hiddenSize; }
    /// The format the matrix multiplications run in: from quantization_config, not from torch_dtype, which FP8
    /// checkpoints leave at bfloat16.
    ComputePrecision computePrecision() const;
    /// Bytes of all weights as stored: linear layers at linearBytesPerParameter(), embeddings, output head, norms
    /// and routers at the dtype (quantisers leave those in 16 bits).
    double weightBytes() const;
    /// Bytes of weights a decode step over `batch` sequences reads: everything but an untied embedding table (only
    /// gathered). For MoE only the experts hit: with each of `batch` tokens choosing k of E experts uniformly,
    /// E·(1 − (1 − k/E)^batch) distinct experts per layer are expected, at least k.
    double weightBytesReadPerStep(int batch = 1) const;
    /// KV cache bytes one layer keeps per token: 2 (K and V) x kv heads x head_dim x bytes, or for MLA one latent of
    /// (kv_lora_rank + qk_rope_head_dim) x bytes (no x2, no heads).
    double kvBytesPerTokenPerLayer(double cacheBytesPerElement) const;
    /// KV cache bytes per token over all layers, sliding-window layers included as if uncapped.
    double kvBytesPerToken(double cacheBytesPerElement) const;
    /// KV cache bytes one sequence of `contextTokens` holds: sliding-window layers keep at most the window.
    double kvBytesForContext(double contextTokens, double cacheBytesPerElement) const;
    /// Attention FLOPs for one query token attending to `context` earlier tokens (QK^T and AV, 2 FLOPs a MAC).
    double attentionFlopsPerToken(double context) const;
};

} // namespace kp::core
