// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/stats/distribution.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace kp::core {

/// A Distribution of values fed in passes, exact and in memory that does not grow with the sample.
///
/// Up to `inMemory` values are kept and summarised by Distribution::of, in one pass. Past that the values are not
/// kept: the builder asks for the same values again, pass after pass, and finds the few order statistics the
/// percentiles and their intervals read (Distribution::ranksUsed) by narrowing a histogram over the values' bits,
/// 16 bits a pass, until each rank's bucket is small enough to hold or is one value. Every figure is then the one
/// Distribution::of would give for the whole sample (the mean to rounding), which is what lets a ten-minute step's
/// ITL (every gap between chunks, tens of millions of them) be computed from the run store in a few megabytes.
///
/// Use: add() every value of a pass, then endPass(); while endPass() returns true, feed the same values again (in
/// any order). Then result().
class DistributionBuilder
{
public:
    static constexpr std::size_t kInMemory = std::size_t(1) << 18;

    explicit DistributionBuilder(double confidence = 0.95, std::size_t inMemory = kInMemory);

    /// One value of the current pass; NaN is dropped. Ignored once the builder has its result.
    void add(double value);
    /// Ends the current pass; true when the builder needs another pass over the same values.
    bool endPass();
    /// The summary, once endPass() has returned false.
    const Distribution& result() const { return m_result; }
    /// Passes the sample took so far: 1 while it fitted in memory.
    int passes() const { return m_pass; }

private:
    /// The values whose order keys share their top bits (key >> shift == prefix), and the ranks sought among them.
    struct Bucket
    {
        int shift = 64;
        std::uint64_t prefix = 0;
        std::uint64_t count = 0; ///< values in the bucket
        std::uint64_t below = 0; ///< values of the whole sample below the bucket
        std::vector<std::int64_t> ranks; ///< 0-based ranks in the whole sample
        bool collect = false; ///< the next pass keeps its values, else it counts them by their next 16 bits
        std::vector<double> values;
        std::map<std::uint64_t, std::uint64_t> counts;
    };

    void spill();
    void finish();
    void place(const std::map<std::uint64_t, std::uint64_t>& counts, int shift, std::uint64_t parentPrefix,
        std::uint64_t parentBelow, const std::vector<std::int64_t>& ranks, std::vector<Bucket>& out);

    double m_confidence;
    std::size_t m_inMemory;
    int m_pass = 0;
    bool m_done = false;
    bool m_spilled = false;
    std::vector<double> m_values; ///< the first pass's values while they fit
    std::int64_t m_count = 0;
    long double m_sum = 0;
    long double m_squares = 0; ///< around the mean, in the second pass
    double m_min = 0;
    double m_max = 0;
    std::map<std::uint64_t, std::uint64_t> m_top; ///< first pass: values by their keys' top 16 bits, once spilled
    std::vector<Bucket> m_buckets;
    std::map<std::int64_t, double> m_found; ///< rank → value
    Distribution m_result;
};

} // namespace kp::core
