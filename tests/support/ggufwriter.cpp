// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ggufwriter.h"

#include <QFile>

namespace {

constexpr quint64 Alignment = 32;

template<typename T> void put(QByteArray& out, T value)
{
    out.append(reinterpret_cast<const char*>(&value), sizeof(T)); // GGUF is little-endian, as these machines are
}

void putString(QByteArray& out, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    put<quint64>(out, quint64(utf8.size()));
    out.append(utf8);
}

quint64 padded(quint64 n)
{
    return (n + Alignment - 1) / Alignment * Alignment;
}

} // namespace

QByteArray GgufWriter::header() const
{
    QByteArray out("GGUF");
    put<quint32>(out, 3);
    put<quint64>(out, quint64(m_tensors.size()));
    put<quint64>(out, quint64(m_values.size()));
    for (const auto& [key, value] : m_values) {
        putString(out, key);
        if (const auto* text = std::get_if<QString>(&value)) {
            put<quint32>(out, 8);
            putString(out, *text);
        } else if (const auto* number = std::get_if<quint32>(&value)) {
            put<quint32>(out, 4);
            put<quint32>(out, *number);
        } else {
            const auto& numbers = std::get<std::vector<quint32>>(value);
            put<quint32>(out, 9);
            put<quint32>(out, 4);
            put<quint64>(out, quint64(numbers.size()));
            for (const quint32 n : numbers)
                put<quint32>(out, n);
        }
    }
    quint64 offset = 0;
    for (const Tensor& t : m_tensors) {
        putString(out, t.name);
        put<quint32>(out, quint32(t.dimensions.size()));
        for (const quint64 d : t.dimensions)
            put<quint64>(out, d);
        put<quint32>(out, t.type);
        put<quint64>(out, offset);
        offset += padded(t.bytes);
    }
    out.append(QByteArray(qsizetype(padded(quint64(out.size())) - quint64(out.size())), '\0'));
    return out;
}

quint64 GgufWriter::dataBytes() const
{
    quint64 total = 0;
    for (const Tensor& t : m_tensors)
        total += padded(t.bytes);
    return total;
}

bool GgufWriter::write(const QString& path) const
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const QByteArray head = header();
    return file.write(head) == head.size() && file.resize(qint64(quint64(head.size()) + dataBytes()));
}

GgufWriter GgufWriter::llama(
    quint32 layers, quint32 embedding, quint32 heads, quint32 kvHeads, quint32 vocab, quint32 context)
{
    GgufWriter w;
    w.add(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    w.add(QStringLiteral("general.name"), QStringLiteral("test-llama"));
    w.add(QStringLiteral("llama.context_length"), context);
    w.add(QStringLiteral("llama.embedding_length"), embedding);
    w.add(QStringLiteral("llama.block_count"), layers);
    w.add(QStringLiteral("llama.feed_forward_length"), embedding * 4);
    w.add(QStringLiteral("llama.attention.head_count"), heads);
    w.add(QStringLiteral("llama.attention.head_count_kv"), kvHeads);
    w.add(QStringLiteral("llama.vocab_size"), vocab);
    const quint64 headDim = embedding / heads;
    auto q8 = [](quint64 elements) { return elements / 32 * 34; };
    w.addTensor({QStringLiteral("token_embd.weight"), {embedding, vocab}, 8, q8(quint64(embedding) * vocab)});
    for (quint32 l = 0; l < layers; ++l) {
        const QString b = QStringLiteral("blk.%1.").arg(l);
        w.addTensor({b + QStringLiteral("attn_norm.weight"), {embedding}, 0, quint64(embedding) * 4});
        w.addTensor(
            {b + QStringLiteral("attn_q.weight"), {embedding, embedding}, 8, q8(quint64(embedding) * embedding)});
        w.addTensor({b + QStringLiteral("attn_k.weight"), {embedding, headDim * kvHeads}, 8,
            q8(quint64(embedding) * headDim * kvHeads)});
        w.addTensor({b + QStringLiteral("attn_v.weight"), {embedding, headDim * kvHeads}, 8,
            q8(quint64(embedding) * headDim * kvHeads)});
        w.addTensor(
            {b + QStringLiteral("attn_output.weight"), {embedding, embedding}, 8, q8(quint64(embedding) * embedding)});
    }
    w.addTensor({QStringLiteral("output_norm.weight"), {embedding}, 0, quint64(embedding) * 4});
    return w;
}
