// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/chunktimes.h"

#include "core/common/varint.h"

namespace kp::core {

namespace {

constexpr std::size_t kGroup = 8; // chunks per flag byte

// The encoding is written by push_back only, so it is trusted: no bounds beyond the vector's own.
std::uint64_t getVarint(const std::vector<std::uint8_t>& in, std::size_t* pos)
{
    std::uint64_t v = 0;
    for (int shift = 0; *pos < in.size() && shift < 64; shift += 7) {
        const std::uint8_t b = in[(*pos)++];
        v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    return v;
}

} // namespace

ChunkTimes::Iterator::Iterator(const ChunkTimes* owner, std::size_t index)
    : m_owner(owner)
    , m_index(index)
{
    decode();
}

void ChunkTimes::Iterator::decode()
{
    if (!m_owner || m_index >= m_owner->m_count)
        return;
    const std::vector<std::uint8_t>& bytes = m_owner->m_bytes;
    if (m_index % kGroup == 0)
        m_flags = bytes[m_pos++];
    const std::int64_t gap = unzigzag(getVarint(bytes, &m_pos));
    m_current.ns = wrappingAdd(m_current.ns, static_cast<std::uint64_t>(gap));
    m_current.tokens = 1;
    if (m_flags & (1u << (m_index % kGroup)))
        m_current.tokens = static_cast<int>(unzigzag(getVarint(bytes, &m_pos)));
}

ChunkTimes::ChunkTimes(std::initializer_list<ChunkArrival> chunks)
    : ChunkTimes(chunks.begin(), chunks.end())
{ }

ChunkTimes::ChunkTimes(const std::vector<ChunkArrival>& chunks)
    : ChunkTimes(chunks.data(), chunks.data() + chunks.size())
{ }

ChunkTimes::ChunkTimes(const ChunkArrival* begin, const ChunkArrival* end)
{
    reserve(std::size_t(end - begin));
    for (const ChunkArrival* c = begin; c != end; ++c)
        push_back(*c);
}

void ChunkTimes::push_back(ChunkArrival chunk)
{
    const std::size_t inGroup = m_count % kGroup;
    if (inGroup == 0) {
        m_flagsAt = static_cast<std::uint32_t>(m_bytes.size());
        m_bytes.push_back(0);
    }
    putVarint(m_bytes, zigzag(wrappingSub(chunk.ns, m_last.ns)));
    if (chunk.tokens != 1) {
        m_bytes[m_flagsAt] |= static_cast<std::uint8_t>(1u << inGroup);
        putVarint(m_bytes, zigzag(chunk.tokens));
    }
    m_last = chunk;
    ++m_count;
}

ChunkArrival ChunkTimes::front() const
{
    return empty() ? ChunkArrival {} : *begin();
}

ChunkArrival ChunkTimes::operator[](std::size_t i) const
{
    Iterator it = begin();
    for (std::size_t k = 0; k < i && k < m_count; ++k)
        ++it;
    return *it;
}

ChunkTimes::Iterator ChunkTimes::end() const
{
    Iterator it;
    it.m_owner = this;
    it.m_index = m_count;
    return it;
}

std::vector<ChunkArrival> ChunkTimes::toVector() const
{
    std::vector<ChunkArrival> out;
    out.reserve(m_count);
    for (const ChunkArrival c : *this)
        out.push_back(c);
    return out;
}

void ChunkTimes::clear()
{
    m_bytes.clear();
    m_count = 0;
    m_flagsAt = 0;
    m_last = {};
}

void ChunkTimes::squeeze()
{
    if (m_bytes.capacity() > m_bytes.size() + m_bytes.size() / 8)
        m_bytes.shrink_to_fit();
}

} // namespace kp::core
