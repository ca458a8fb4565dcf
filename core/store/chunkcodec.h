// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"

#include <QByteArray>

#include <cstdint>
#include <vector>

namespace kp::core {

/// The compact form in which a request's chunk arrivals are stored: one blob per request, not a row per token.
///
/// A long run holds hundreds of millions of chunks, so the format spends its bytes on the only part that carries
/// information, the arrival times, and keeps full nanosecond precision (the round trip is exact for any input).
///
/// Layout (version 1), all integers LEB128 varints, signed ones zigzag-encoded first:
///  - a format byte (1), then the chunk count n; nothing more when n is 0;
///  - the token counts as runs: the number of runs, then per run its length and the signed token count (a
///    stream of single-token chunks costs three bytes in all);
///  - the first arrival as a signed offset from the base time (the request's sentNs);
///  - the n − 1 gaps between consecutive arrivals in blocks of 128, each block its smallest gap (signed), one byte
///    of bit width w, then every gap minus that smallest one packed in w bits, least significant bit first.
///
/// Packing the gaps against their block minimum (the frame-of-reference scheme of Parquet's DELTA_BINARY_PACKED)
/// costs only the bits of a block's jitter: a stream with a steady 20 ms ± 2 ms cadence takes about 22 bits a
/// chunk where a plain varint would take 32. Arithmetic is modulo 2^64 throughout, so even nonsense times (a
/// base of −1, chunks out of order) round-trip exactly.
class ChunkCodec
{
public:
    /// The format byte that starts every blob this build writes.
    static constexpr std::uint8_t formatVersion = 1;
    /// Gaps per packed block.
    static constexpr int blockSize = 128;

    /// Encodes `chunks`, with times relative to `baseNs`.
    static QByteArray encode(const std::vector<ChunkArrival>& chunks, std::int64_t baseNs);

    /// Decodes a blob made by encode() with the same `baseNs` into `chunks` (replacing its contents). Returns false,
    /// leaving `chunks` empty, when the blob is malformed: truncated, trailing bytes, an unknown format byte, or
    /// counts that do not add up. Never reads outside the blob, whatever it contains.
    static bool decode(const QByteArray& blob, std::int64_t baseNs, std::vector<ChunkArrival>* chunks);

    /// The same for a record's chunks. The store's layout packs gaps by blocks, where a record's keeps each gap as
    /// its own varint so that it can grow one chunk at a time; a step is stored once, so the conversion is cheap.
    static QByteArray encode(const ChunkTimes& chunks, std::int64_t baseNs)
    {
        return encode(chunks.toVector(), baseNs);
    }
    static bool decode(const QByteArray& blob, std::int64_t baseNs, ChunkTimes* chunks)
    {
        std::vector<ChunkArrival> decoded;
        const bool ok = decode(blob, baseNs, &decoded);
        *chunks = ChunkTimes(decoded);
        return ok;
    }
};

} // namespace kp::core
