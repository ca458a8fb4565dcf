// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/ggufmodel.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// What llama-server will take, from the GGUF file itself, against the memory it will run in:
///   need = weights (the tensors' own bytes, each in its ggml type; the share of --n-gpu-layers on a GPU)
///        + KV cache of --ctx-size tokens (all slots together share the context) in --cache-type-k / -v; without
///          --ctx-size, the model's context_length for each slot that has a KV cache of its own
///        + compute buffers: the worst-case prompt graph's float activations, n_ub x (3 n_ff + 5 n_embd + 10) x 4
///          bytes, and its attention mask over the KV cells one slot reads (computeBytesOf() says how, and where
///          the figures come from)
///        + a reserve for the runtime (0.25 GiB on the CPU, 0.75 GiB on a GPU for the CUDA context)
/// on a GPU against its memory; on a CPU-only machine against what the system has available now (MemAvailable).
/// Besides, llama-server keeps finished prompts' KV state in host RAM to reuse it (its prompt cache, `--cache-ram`):
/// it fills up to its limit, 8192 MiB by default, under a benchmark's varied prompts (servers measured 7.8–8.9 GB for
/// a model estimated at 676 MiB without it). With `--cache-ram -1` it has no byte limit and keeps at most --ctx-size
/// tokens of prompts (llama-server's token limit), about one more KV cache; 0 turns it off. It is host memory: on a
/// CPU-only machine part of the need, on a GPU checked against this machine's memory apart.
/// A model that cannot fit is refused before anything starts, with the ways out that would.
struct LlamaMemoryEstimate
{
    /// Where the model will live.
    struct Memory
    {
        QString label; ///< "this machine's available memory", "one NVIDIA L4"
        double bytes = 0;
        bool gpu = false;
    };

    struct Inputs
    {
        GgufModel model;
        qint64 ctxSize = 0; ///< 0: the model's context_length, as llama-server takes it
        QString cacheTypeK = QStringLiteral("f16");
        QString cacheTypeV = QStringLiteral("f16");
        qint64 ubatchSize = 512; ///< llama-server's default --ubatch-size
        qint64 batchSize = 2048; ///< llama-server's default --batch-size; the ubatch is at most this
        int parallel = -1; ///< --parallel: slots; -1 is llama-server's auto, 4 slots sharing one KV cache
        /// --kv-unified (true) or --no-kv-unified (false): one KV cache all slots share, or one per slot. Unset:
        /// llama-server's default, unified exactly when --parallel is auto.
        std::optional<bool> kvUnified;
        bool flashAttention = true; ///< false with --flash-attn off; auto turns it on where the backend has it
        int gpuLayers = -1; ///< --n-gpu-layers; -1: all (llama-server's default with a GPU)
        /// --cache-ram in MiB: the host prompt cache's limit; llama-server's default 8192, -1 no byte limit, 0 off.
        qint64 cacheRamMiB = DefaultCacheRamMiB;
        Memory memory;
        /// With memory on a GPU, this machine's own (the host prompt cache's); nullopt where it is not known.
        std::optional<Memory> host;
    };

    static constexpr qint64 DefaultCacheRamMiB = 8192;

    Inputs inputs;
    qint64 ctxSize = 0;
    double weightBytes = 0; ///< in the estimated memory
    double kvBytes = 0;
    double computeBytes = 0;
    double reserveBytes = 0;
    double hostCacheBytes = 0; ///< the host prompt cache at its fullest, in host RAM
    double needBytes = 0; ///< in the estimated memory; on a CPU-only machine the host prompt cache included
    bool hostCacheFits = true; ///< on a GPU: the host prompt cache within this machine's memory (or it is unknown)
    bool fits = false;

    std::optional<qint64> fittingCtxSize; ///< the largest --ctx-size that fits, a multiple of 1024 (or 256)
    bool q8CacheWouldFit = false; ///< --cache-type-k q8_0 --cache-type-v q8_0
    std::optional<int> fittingGpuLayers; ///< the most --n-gpu-layers that fit, on a GPU
    bool fourBitWouldFit = false; ///< a 4-bit quantization (Q4_K_M) of the same model
    std::optional<qint64> fittingCacheRamMiB; ///< the largest --cache-ram that fits (0: turn it off), in MiB

    static LlamaMemoryEstimate of(const Inputs& inputs);

    /// The context llama-server allocates, all slots together: --ctx-size, or without it the model's
    /// context_length for each KV cache (one per slot unless unified: --parallel 4 alone gives 4 x context_length).
    static qint64 contextOf(const Inputs& inputs);
    /// llama-server's compute buffer for a context of `ctx` tokens. It reserves the prompt graph of one ubatch
    /// (T = min(ctx, --batch-size, --ubatch-size) tokens, outputs for the slots only) and keeps the peak of what
    /// ggml's allocator holds live in it: with Flash Attention, T x (3 n_ff + 5 n_embd + 10) floats (the FFN's gate,
    /// up and product beside the residual stream) and an f16 mask of T x the KV cells one slot's attention reads
    /// (ctx / slots, or ctx when unified); without it, the attention scores, T x cells x (heads + 1) floats with the
    /// mask, and T x (6 n_embd + 2 n_embd_kv + 5) floats, when that is more. Fitted to what llama-server 0.7.0
    /// (build 11669) reported on its CPU backend for ten LLaMA-shaped models (256 to 4,096 wide, 2 to 8 layers, 2,089
    /// to 16,299 tokens of vocabulary) over --parallel, --ctx-size, --batch-size, --ubatch-size and --flash-attn:
    /// within 0.1% but for two layers of 512, which need 2 n_embd floats a token less (it reads 20% high there),
    /// and --flash-attn off at 4,096 wide (3% low).
    /// The vocabulary does not count: that build reserves logits for one output per slot, where builds before it
    /// reserved n_vocab x T floats (260 MiB for a 128k vocabulary). A mixture of experts counts its k experts'
    /// FFN; no such model was measured, nor a GPU backend.
    static double computeBytesOf(const Inputs& inputs, qint64 ctx);

    /// The memory available to this process's machine now: MemAvailable on Linux; nullopt where it is not known.
    static std::optional<Memory> hostMemory();

    /// "kneepoint-tiny (Q8_0 …) needs 353 MiB (weights …, KV cache …, compute …, reserve …); this machine's
    /// available memory is 22.1 GiB".
    QString summary() const;
    QString refusal() const;
    QStringList waysOut() const;
    /// "12.0 KiB", "54.3 MiB", "21.4 GiB".
    static QString size(double bytes);
};

} // namespace kp::core
