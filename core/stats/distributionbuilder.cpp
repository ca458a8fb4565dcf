// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/distributionbuilder.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

namespace kp::core {

namespace {

constexpr std::uint64_t kSign = std::uint64_t(1) << 63;
constexpr int kBitsPerPass = 16;

// A key whose unsigned order is the doubles' order: positive values get the sign bit set, negative ones have every
// bit flipped (so that a larger magnitude sorts lower).
std::uint64_t orderKey(double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value);
    return (bits & kSign) != 0 ? ~bits : bits | kSign;
}

double fromOrderKey(std::uint64_t key)
{
    return std::bit_cast<double>((key & kSign) != 0 ? key & ~kSign : ~key);
}

} // namespace

DistributionBuilder::DistributionBuilder(double confidence, std::size_t inMemory)
    : m_confidence(confidence)
    , m_inMemory(std::max<std::size_t>(1, inMemory))
{ }

void DistributionBuilder::add(double value)
{
    if (m_done || std::isnan(value))
        return;
    if (m_pass == 0) {
        if (m_count == 0) {
            m_min = value;
            m_max = value;
        }
        ++m_count;
        m_sum += value;
        m_min = std::min(m_min, value);
        m_max = std::max(m_max, value);
        if (m_spilled) {
            ++m_top[orderKey(value) >> (64 - kBitsPerPass)];
        } else {
            m_values.push_back(value);
            if (m_values.size() > m_inMemory)
                spill();
        }
        return;
    }
    if (m_pass == 1) {
        const long double d = static_cast<long double>(value) - static_cast<long double>(m_result.mean);
        m_squares += d * d;
    }
    const std::uint64_t key = orderKey(value);
    for (Bucket& b : m_buckets) {
        if ((key >> b.shift) != b.prefix)
            continue;
        if (b.collect)
            b.values.push_back(value);
        else
            ++b.counts[(key >> (b.shift - kBitsPerPass)) & 0xFFFF];
        break; // buckets never overlap
    }
}

void DistributionBuilder::spill()
{
    m_spilled = true;
    for (double v : m_values)
        ++m_top[orderKey(v) >> (64 - kBitsPerPass)];
    m_values = {};
}

bool DistributionBuilder::endPass()
{
    if (m_done)
        return false;
    ++m_pass;
    if (m_pass == 1) {
        if (!m_spilled) {
            m_result = Distribution::of(std::move(m_values), m_confidence);
            m_values = {};
            m_done = true;
            return false;
        }
        m_result.mean = static_cast<double>(m_sum / static_cast<long double>(m_count));
        place(m_top, 64 - kBitsPerPass, 0, 0, Distribution::ranksUsed(m_count, m_confidence), m_buckets);
        m_top.clear();
        // The second pass is needed anyway, for the spread around the mean.
        return true;
    }
    std::vector<Bucket> next;
    for (Bucket& b : m_buckets) {
        if (b.collect) {
            std::sort(b.values.begin(), b.values.end());
            for (std::int64_t rank : b.ranks)
                m_found[rank] = b.values[static_cast<std::size_t>(rank - static_cast<std::int64_t>(b.below))];
        } else {
            place(b.counts, b.shift - kBitsPerPass, b.prefix, b.below, b.ranks, next);
        }
    }
    m_buckets = std::move(next);
    if (!m_buckets.empty())
        return true;
    finish();
    return false;
}

void DistributionBuilder::place(const std::map<std::uint64_t, std::uint64_t>& counts, int shift,
    std::uint64_t parentPrefix, std::uint64_t parentBelow, const std::vector<std::int64_t>& ranks,
    std::vector<Bucket>& out)
{
    // A bucket small enough is held whole in the next pass; the buckets of one pass hold at most a few of them.
    const std::uint64_t collectable = m_inMemory / 16;
    std::uint64_t below = parentBelow;
    auto rank = ranks.begin();
    for (const auto& [sub, count] : counts) {
        const std::uint64_t prefix = (parentPrefix << kBitsPerPass) | sub;
        Bucket bucket;
        while (rank != ranks.end() && static_cast<std::uint64_t>(*rank) < below + count)
            bucket.ranks.push_back(*rank++);
        if (!bucket.ranks.empty()) {
            if (shift == 0) {
                // Every value in the bucket has this one key.
                for (std::int64_t r : bucket.ranks)
                    m_found[r] = fromOrderKey(prefix);
            } else {
                bucket.shift = shift;
                bucket.prefix = prefix;
                bucket.count = count;
                bucket.below = below;
                bucket.collect = count <= collectable;
                out.push_back(std::move(bucket));
            }
        }
        below += count;
        if (rank == ranks.end())
            break;
    }
}

void DistributionBuilder::finish()
{
    m_done = true;
    Distribution d;
    d.count = static_cast<std::size_t>(m_count);
    d.min = m_min;
    d.max = m_max;
    d.mean = m_result.mean;
    if (m_count >= 2)
        d.stddev = static_cast<double>(std::sqrt(m_squares / static_cast<long double>(m_count - 1)));
    d.setPercentiles(m_count, m_confidence, [this](std::int64_t rank) { return m_found.at(rank); });
    m_result = d;
}

} // namespace kp::core
