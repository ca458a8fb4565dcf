// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <variant>
#include <vector>

/// Writes GGUF files for tests, by the format's documentation (ggml's docs/gguf.md, version 3): metadata of strings,
/// unsigned 32-bit integers and arrays of them, and tensor infos. The tensor data is left to the caller: write it,
/// or resize the file to `dataBytes()` past the header to make a sparse file of any size.
class GgufWriter
{
public:
    using Value = std::variant<QString, quint32, std::vector<quint32>>;
    struct Tensor
    {
        QString name;
        std::vector<quint64> dimensions;
        quint32 type = 0; ///< ggml_type: 0 f32, 1 f16, 8 q8_0, 12 q4_K…
        quint64 bytes = 0; ///< what the type stores for the dimensions, worked out by the caller
    };

    void add(const QString& key, const Value& value) { m_values.append({key, value}); }
    void addTensor(const Tensor& tensor) { m_tensors.append(tensor); }

    /// The header, padded to the 32-byte alignment where the data starts; tensors laid out one after another.
    QByteArray header() const;
    /// The tensors' bytes together, each padded to the alignment.
    quint64 dataBytes() const;
    /// Writes the header to `path` and extends the file to the whole size with zeroes (sparse where the file system
    /// allows). Returns false when the file cannot be written.
    bool write(const QString& path) const;

    /// A small LLaMA-shaped model: `layers` blocks of `embedding` width with `heads` heads and `kvHeads` KV heads,
    /// q8_0 matrices and f32 norms, a vocabulary of `vocab` tokens.
    static GgufWriter llama(quint32 layers = 2, quint32 embedding = 64, quint32 heads = 4, quint32 kvHeads = 2,
        quint32 vocab = 256, quint32 context = 4096);

private:
    QList<std::pair<QString, Value>> m_values;
    QList<Tensor> m_tensors;
};
