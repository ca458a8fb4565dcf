// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/stats/distribution.h"

#include <cstddef>
#include <limits>
#include <vector>

namespace kp::core {

/// The two-sided Mann–Whitney U test (Wilcoxon rank-sum test) of two independent samples, such as the
/// per-request latencies of two runs: whether values from one sample tend to be larger than values from the other.
///
/// Definitions, with a of size n1 and b of size n2, pooled and ranked with midranks for ties (rank 1 is the
/// smallest; tied values share the mean of the ranks they span):
///  - U = R_a − n1(n1 + 1)/2, where R_a is the sum of a's ranks. Equivalently U = #{(i, j): a_i > b_j}
///    + ½·#{(i, j): a_i = b_j}, so `effect` = U / (n1·n2).
///  - z = (U − n1·n2/2 ∓ ½) / σ with σ² = n1·n2/12 · ((N + 1) − Σ(t³ − t) / (N(N − 1))), N = n1 + n2 and t the size
///    of each group of tied values; the ½ (continuity correction) moves U towards the mean, and z is 0 when that
///    crosses it. z > 0 when a tends to be larger.
///  - pValue, when `exact`: 2·P(U' ≥ max(U, n1·n2 − U)) under the exact null distribution of U', capped at 1.
///    Otherwise the normal approximation 2·(1 − Φ(|z|)). A sample whose values are all equal has σ = 0: z = 0 and
///    pValue = 1, since nothing tells the samples apart.
/// These match scipy.stats.mannwhitneyu(a, b, use_continuity=True, alternative="two-sided") with the same method
/// (scipy's "auto" goes exact only when a sample has at most 8 values; this one also on somewhat larger samples).
struct MannWhitney
{
    double u = std::numeric_limits<double>::quiet_NaN(); ///< U of the first sample, a
    double z = std::numeric_limits<double>::quiet_NaN(); ///< standardised U, continuity-corrected, signed
    double pValue = std::numeric_limits<double>::quiet_NaN(); ///< two-sided
    double effect = std::numeric_limits<double>::quiet_NaN(); ///< P(A > B) + ½·P(A = B), from 0 to 1; 0.5: no shift
    std::size_t n1 = 0; ///< values of a after dropping NaN
    std::size_t n2 = 0; ///< values of b after dropping NaN
    bool exact = false; ///< pValue comes from the exact distribution of U rather than the normal approximation
    bool valid = false; ///< false when either sample has fewer than 2 values; the numbers are then NaN
};

/// Runs the Mann–Whitney U test on `a` and `b` (any order; NaN values are dropped).
///
/// The p-value is exact when there are no ties and n1·n2 ≤ `MannWhitneyExactLimit`, where the normal
/// approximation is coarsest and the exact distribution is cheap; otherwise it is the tie-corrected normal
/// approximation.
MannWhitney mannWhitney(const std::vector<double>& a, const std::vector<double>& b);

/// The largest n1·n2 for which `mannWhitney` computes the exact null distribution (in O((n1·n2)²) steps).
inline constexpr std::size_t MannWhitneyExactLimit = 2500;

/// Whether the p-quantiles of two samples differ by more than their sampling noise.
struct PercentileDifference
{
    PercentileEstimate a; ///< the quantile of the first sample with its distribution-free interval
    PercentileEstimate b; ///< the same for the second sample
    /// The intervals are both bounded on the facing sides and do not overlap (touching counts as overlap).
    bool significant = false;
};

/// Compares the `p`-quantiles (p in [0, 1]) of `a` and `b` (any order; NaN values dropped) through the
/// order-statistic intervals of `Distribution::percentile` at `confidence`.
///
/// Non-overlap implies that at least one interval missed the common quantile, so when the populations share the
/// quantile `significant` comes out true with probability at most 2·(1 − confidence), whatever the distributions.
/// In practice it is far lower (two equally wide, roughly normal intervals at 95 % miss each other by chance about
/// 0.6 % of the time), so the comparison is conservative: it flags only differences clearly beyond the noise and
/// misses smaller real ones that a direct test would find. A side left unbounded (a p99 from 50 values has no
/// upper bound) never separates the intervals.
PercentileDifference percentileDifference(
    const std::vector<double>& a, const std::vector<double>& b, double p, double confidence = 0.95);

} // namespace kp::core
