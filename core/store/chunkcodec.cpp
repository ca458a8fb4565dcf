// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/chunkcodec.h"

#include "core/common/varint.h"

#include <algorithm>
#include <limits>

namespace kp::core {

namespace {

int bitWidth(std::uint64_t v)
{
    int w = 0;
    while (v != 0) {
        ++w;
        v >>= 1;
    }
    return w;
}

class Reader
{
public:
    explicit Reader(const QByteArray& blob)
        : m_data(reinterpret_cast<const std::uint8_t*>(blob.constData()))
        , m_size(static_cast<std::size_t>(blob.size()))
    { }

    bool byte(std::uint8_t* v)
    {
        if (m_pos >= m_size)
            return false;
        *v = m_data[m_pos++];
        return true;
    }

    bool varint(std::uint64_t* v)
    {
        std::uint64_t result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            std::uint8_t b = 0;
            if (!byte(&b))
                return false;
            // The tenth byte may only carry the top bit of a 64-bit value.
            if (shift == 63 && b > 1)
                return false;
            result |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                *v = result;
                return true;
            }
        }
        return false;
    }

    bool signedVarint(std::int64_t* v)
    {
        std::uint64_t u = 0;
        if (!varint(&u))
            return false;
        *v = unzigzag(u);
        return true;
    }

    // Reads `count` values of `width` bits each, least significant bit first, as encode() packed them.
    template<typename Sink> bool packed(int count, int width, Sink&& sink)
    {
        const std::size_t bytes = (static_cast<std::size_t>(count) * static_cast<std::size_t>(width) + 7) / 8;
        if (bytes > m_size - m_pos)
            return false;
        std::size_t bitPos = m_pos * 8;
        for (int i = 0; i < count; ++i) {
            std::uint64_t value = 0;
            int filled = 0;
            while (filled < width) {
                const std::size_t byteIndex = bitPos / 8;
                const int offset = static_cast<int>(bitPos % 8);
                const int take = std::min(8 - offset, width - filled);
                const std::uint64_t bits = (m_data[byteIndex] >> offset) & ((1u << take) - 1);
                value |= bits << filled;
                filled += take;
                bitPos += static_cast<std::size_t>(take);
            }
            sink(value);
        }
        m_pos += bytes;
        return true;
    }

    bool atEnd() const { return m_pos == m_size; }
    std::size_t remaining() const { return m_size - m_pos; }

private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
};

void putPacked(QByteArray& out, const std::vector<std::uint64_t>& values, int width)
{
    const auto start = out.size();
    out.append(static_cast<qsizetype>((values.size() * static_cast<std::size_t>(width) + 7) / 8), '\0');
    auto* data = reinterpret_cast<std::uint8_t*>(out.data() + start);
    std::size_t bitPos = 0;
    for (std::uint64_t v : values) {
        int left = width;
        while (left > 0) {
            const int offset = static_cast<int>(bitPos % 8);
            const int take = std::min(8 - offset, left);
            data[bitPos / 8] |= static_cast<std::uint8_t>((v & ((1u << take) - 1)) << offset);
            v >>= take;
            left -= take;
            bitPos += static_cast<std::size_t>(take);
        }
    }
}

} // namespace

QByteArray ChunkCodec::encode(const std::vector<ChunkArrival>& chunks, std::int64_t baseNs)
{
    QByteArray out;
    // About 3.5 bytes a chunk for typical streams; one allocation in the common case.
    out.reserve(16 + static_cast<qsizetype>(chunks.size()) * 4);
    out.append(static_cast<char>(formatVersion));
    putVarint(out, chunks.size());
    if (chunks.empty())
        return out;

    std::vector<std::pair<std::uint64_t, int>> runs;
    for (const ChunkArrival& c : chunks) {
        if (!runs.empty() && runs.back().second == c.tokens)
            ++runs.back().first;
        else
            runs.emplace_back(1, c.tokens);
    }
    putVarint(out, runs.size());
    for (const auto& [length, tokens] : runs) {
        putVarint(out, length);
        putVarint(out, zigzag(tokens));
    }

    putVarint(out, zigzag(wrappingSub(chunks.front().ns, baseNs)));
    std::vector<std::uint64_t> offsets;
    offsets.reserve(blockSize);
    for (std::size_t blockStart = 1; blockStart < chunks.size(); blockStart += blockSize) {
        const std::size_t blockEnd = std::min(chunks.size(), blockStart + blockSize);
        std::int64_t minGap = std::numeric_limits<std::int64_t>::max();
        for (std::size_t i = blockStart; i < blockEnd; ++i)
            minGap = std::min(minGap, wrappingSub(chunks[i].ns, chunks[i - 1].ns));
        offsets.clear();
        std::uint64_t widest = 0;
        for (std::size_t i = blockStart; i < blockEnd; ++i) {
            const std::uint64_t offset = static_cast<std::uint64_t>(wrappingSub(chunks[i].ns, chunks[i - 1].ns))
                - static_cast<std::uint64_t>(minGap);
            offsets.push_back(offset);
            widest |= offset;
        }
        const int width = bitWidth(widest);
        putVarint(out, zigzag(minGap));
        out.append(static_cast<char>(width));
        putPacked(out, offsets, width);
    }
    return out;
}

bool ChunkCodec::decode(const QByteArray& blob, std::int64_t baseNs, std::vector<ChunkArrival>* chunks)
{
    chunks->clear();
    Reader in(blob);
    auto fail = [chunks] {
        chunks->clear();
        return false;
    };

    std::uint8_t version = 0;
    std::uint64_t count = 0;
    if (!in.byte(&version) || version != formatVersion || !in.varint(&count))
        return fail();
    if (count == 0)
        return in.atEnd() ? true : fail();
    // Every chunk after the first costs at least 2/128 of a byte (a block of equal gaps), so a count beyond this
    // bound cannot be genuine; checking it first keeps a forged count from allocating gigabytes.
    if (count > 64 * static_cast<std::uint64_t>(in.remaining()) + 1)
        return fail();
    chunks->resize(static_cast<std::size_t>(count));

    std::uint64_t runCount = 0;
    if (!in.varint(&runCount) || runCount == 0 || runCount > count)
        return fail();
    std::size_t filled = 0;
    for (std::uint64_t r = 0; r < runCount; ++r) {
        std::uint64_t length = 0;
        std::int64_t tokens = 0;
        if (!in.varint(&length) || !in.signedVarint(&tokens) || length == 0 || length > count - filled
            || tokens < std::numeric_limits<int>::min() || tokens > std::numeric_limits<int>::max())
            return fail();
        for (std::uint64_t i = 0; i < length; ++i)
            (*chunks)[filled++].tokens = static_cast<int>(tokens);
    }
    if (filled != count)
        return fail();

    std::int64_t first = 0;
    if (!in.signedVarint(&first))
        return fail();
    std::int64_t previous = wrappingAdd(baseNs, static_cast<std::uint64_t>(first));
    (*chunks)[0].ns = previous;
    for (std::size_t blockStart = 1; blockStart < count; blockStart += blockSize) {
        const std::size_t blockEnd = std::min(static_cast<std::size_t>(count), blockStart + blockSize);
        std::int64_t minGap = 0;
        std::uint8_t width = 0;
        if (!in.signedVarint(&minGap) || !in.byte(&width) || width > 64)
            return fail();
        std::size_t i = blockStart;
        const bool ok = in.packed(static_cast<int>(blockEnd - blockStart), width, [&](std::uint64_t offset) {
            previous = wrappingAdd(previous, static_cast<std::uint64_t>(minGap) + offset);
            (*chunks)[i++].ns = previous;
        });
        if (!ok)
            return fail();
    }
    return in.atEnd() ? true : fail();
}

} // namespace kp::core
