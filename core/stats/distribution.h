// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaType>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace kp::core {

/// One percentile of a sample, with a distribution-free confidence interval for the population percentile.
///
/// The interval is [X_(lowRank), X_(highRank)], two order statistics of the sample (ranks are 1-based:
/// X_(1) is the minimum, X_(n) the maximum). When even the minimum (maximum) is too close to the point estimate
/// to bound the percentile at the requested confidence, that side is unbounded: `low` (`high`) is NaN and its
/// rank is -1. A p99 from 50 samples therefore has no upper bound, which is the honest answer.
struct PercentileEstimate
{
    double p = 0; ///< the quantile as a fraction in [0, 1]: 0.99 for p99
    double value = std::numeric_limits<double>::quiet_NaN(); ///< the point estimate (numpy's 'linear')
    double low = std::numeric_limits<double>::quiet_NaN(); ///< lower confidence bound, NaN when unbounded
    double high = std::numeric_limits<double>::quiet_NaN(); ///< upper confidence bound, NaN when unbounded
    int lowRank = -1; ///< 1-based rank of `low` in the sorted sample, -1 when unbounded
    int highRank = -1; ///< 1-based rank of `high` in the sorted sample, -1 when unbounded
};

/// A summary of one sample: moments, extremes and the percentiles a serving benchmark reports.
///
/// Every value is NaN when the sample is empty; `stddev` is also NaN for a single sample.
struct Distribution
{
    std::size_t count = 0;
    double mean = std::numeric_limits<double>::quiet_NaN();
    double stddev = std::numeric_limits<double>::quiet_NaN(); ///< sample standard deviation (divides by n - 1)
    double min = std::numeric_limits<double>::quiet_NaN();
    double max = std::numeric_limits<double>::quiet_NaN();
    PercentileEstimate p50;
    PercentileEstimate p90;
    PercentileEstimate p95;
    PercentileEstimate p99;
    PercentileEstimate p999;
    /// The quantiles above, as fractions, in their order.
    static constexpr std::array<double, 5> kReported = {0.5, 0.9, 0.95, 0.99, 0.999};

    /// Summarises `samples` (any order; NaN samples are dropped). `confidence` is the coverage of every
    /// percentile's interval, e.g. 0.95.
    static Distribution of(std::vector<double> samples, double confidence = 0.95);
    /// The reported percentile nearest at or below `percentile` (in percent: 50, 90, 95, 99, 99.9), for targets
    /// stated "at p99" and the like.
    const PercentileEstimate& at(double percentile) const;
    /// Every value and bound multiplied by `factor` (> 0): a client-clock summary in a simulated server's time.
    Distribution scaled(double factor) const;

    /// The `p`-quantile (p in [0, 1]) of an ascending `sorted` sample with its confidence interval.
    ///
    /// Point estimate, numpy's default method 'linear' (np.percentile, which vLLM bench serve reports): with
    /// h = (n - 1)·p, the value is x[⌊h⌋] + (h - ⌊h⌋)·(x[⌊h⌋ + 1] - x[⌊h⌋]) over 0-based x.
    ///
    /// Interval: the number K of samples below the population quantile ξ_p is Binomial(n, p), so
    /// P(X_(l) ≤ ξ_p ≤ X_(u)) = P(l ≤ K ≤ u - 1). The ranks are the equal-tailed choice: the largest l with
    /// P(K < l) ≤ α/2 and the smallest u with P(K ≥ u) ≤ α/2, where α = 1 - confidence. The coverage is at least
    /// `confidence` for continuous data (ties only make it larger).
    static PercentileEstimate percentile(const std::vector<double>& sorted, double p, double confidence = 0.95);
    /// The same from a sample of `n` values that is not held in memory: `orderStatistic(k)` gives the value of
    /// 0-based rank k of the ascending sample (DistributionBuilder finds those few in passes over the values).
    static PercentileEstimate percentile(
        std::int64_t n, double p, double confidence, const std::function<double(std::int64_t)>& orderStatistic);
    /// The 0-based ranks, ascending, that the reported percentiles of `n` values and their intervals read.
    static std::vector<std::int64_t> ranksUsed(std::int64_t n, double confidence = 0.95);
    /// Sets p50 … p999 of a sample of `n` values from its order statistics.
    void setPercentiles(std::int64_t n, double confidence, const std::function<double(std::int64_t)>& orderStatistic);
    /// The fewest samples whose percentile p (0–1) has an interval with both bounds at `confidence`: below it the
    /// upper bound is past the largest sample, and a target judged on the estimate can pass by luck (368 for p99 at
    /// 95%, 72 for p95).
    static int samplesForBoundedInterval(double p, double confidence = 0.95);
};

} // namespace kp::core

Q_DECLARE_METATYPE(kp::core::Distribution)
