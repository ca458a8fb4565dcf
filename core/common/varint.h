// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace kp::core {

// The integer encodings of chunk times, shared by a record's (ChunkTimes) and the run store's (ChunkCodec).

/// Signed to unsigned, small magnitudes to small values: 0, -1, 1, -2 … become 0, 1, 2, 3 …
inline std::uint64_t zigzag(std::int64_t v)
{
    // Through unsigned arithmetic: left-shifting a negative value is what the standard leaves undefined.
    return (static_cast<std::uint64_t>(v) << 1) ^ (v < 0 ? ~std::uint64_t(0) : std::uint64_t(0));
}

inline std::int64_t unzigzag(std::uint64_t v)
{
    return static_cast<std::int64_t>((v >> 1) ^ (~(v & 1) + 1));
}

/// Appends `v` as a LEB128 varint to a byte container (QByteArray, std::vector<std::uint8_t>).
template<typename Bytes> void putVarint(Bytes& out, std::uint64_t v)
{
    using Byte = typename Bytes::value_type;
    while (v >= 0x80) {
        out.push_back(static_cast<Byte>(static_cast<std::uint8_t>(v) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<Byte>(v));
}

/// Differences of int64 times taken modulo 2^64 and read back as signed: exact for any input, never undefined.
inline std::int64_t wrappingSub(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

inline std::int64_t wrappingAdd(std::int64_t a, std::uint64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + b);
}

} // namespace kp::core
