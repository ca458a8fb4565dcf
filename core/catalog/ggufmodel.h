// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/modelspec.h"

#include <QMap>
#include <QString>

#include <optional>

namespace kp::core {

/// What a GGUF file says of itself, for llama.cpp's memory estimate: read from its header and tensor table only (a
/// few MB at most, whatever the file's size), never from the weights. Format: ggml's docs/gguf.md, versions 2 and 3.
struct GgufModel
{
    QString path;
    int version = 0;
    QString architecture; ///< general.architecture: llama, qwen2, gemma3…
    QString name; ///< general.name; the file's base name when absent
    qint64 fileBytes = 0;
    qint64 tensorCount = 0;
    qint64 weightBytes = 0; ///< the sum of every tensor's bytes, as its ggml type stores them
    qint64 weightElements = 0; ///< the sum of every tensor's elements: the parameters
    QMap<QString, qint64> tensorsByType; ///< "q8_0" → 58 tensors
    QMap<QString, qint64> bytesByType; ///< "q8_0" → bytes
    qint64 contextLength = 0; ///< {arch}.context_length
    qint64 blockCount = 0; ///< {arch}.block_count: layers
    qint64 embeddingLength = 0;
    qint64 feedForwardLength = 0; ///< {arch}.feed_forward_length (the first layer's, when it is per layer)
    qint64 headCount = 0;
    qint64 kvHeadsAllLayers = 0; ///< head_count_kv summed over the layers (it may be a per-layer array)
    qint64 keyLength = 0; ///< {arch}.attention.key_length, or embedding_length / head_count
    qint64 valueLength = 0;
    qint64 vocabSize = 0; ///< {arch}.vocab_size, or the tokenizer's token count
    qint64 expertCount = 0; ///< {arch}.expert_count; 0 for a dense model
    qint64 expertUsedCount = 0; ///< {arch}.expert_used_count: the k of top-k routing
    qint64 expertFeedForwardLength = 0; ///< {arch}.expert_feed_forward_length

    /// Reads `path`. Returns nullopt with `error` set to a sentence when it is not a GGUF file, is cut short, uses a
    /// tensor type this reader does not know, or lacks what the estimate needs.
    static std::optional<GgufModel> read(const QString& path, QString* error);

    /// KV cache bytes for one token of context over all layers, with the cache types llama-server is given
    /// (--cache-type-k / -v: f16, f32, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1); 0 for an unknown type.
    double kvBytesPerToken(
        const QString& cacheTypeK = QStringLiteral("f16"), const QString& cacheTypeV = QStringLiteral("f16")) const;
    /// "Q8_0 (58 tensors), F32 (17)": the types that hold the weights, largest first.
    QString describeTypes() const;

    /// The model's geometry as the analysis reads it (the physics floors): the dimensions from the metadata, the
    /// weights' exact bits per parameter from the tensor table (scales included), quantised weights marked as such,
    /// with int8 arithmetic (llama.cpp multiplies quantised weights by activations quantised to q8_1).
    ModelSpec toModelSpec() const;
    /// Bits per parameter over all the tensors, their block scales included: 8.5 for Q8_0, ~4.9 for Q4_K_M.
    double bitsPerWeight() const;

    /// Bytes per element of a KV cache type; nullopt when unknown.
    static std::optional<double> cacheTypeBytes(const QString& type);

    /// Notes on this machine where the file named `fileName` of `bytes` bytes lives, so that a run launched from it
    /// finds its geometry later: runs and reports keep only the file's name (a path can say who the user is), and
    /// the note stays in the user's cache directory (`directory`; empty: <CacheLocation>). Best effort: a note that
    /// cannot be written costs the later analysis its GGUF geometry, nothing else.
    static void remember(const QString& path, qint64 bytes, const QString& directory = {});
    /// Where the file noted by remember() is, if it is still there with the same size; else empty.
    static QString recall(const QString& fileName, qint64 bytes, const QString& directory = {});
};

} // namespace kp::core
