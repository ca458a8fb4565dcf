// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/significance.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

namespace kp::core {

namespace {

std::vector<double> withoutNan(const std::vector<double>& values)
{
    std::vector<double> kept;
    kept.reserve(values.size());
    std::copy_if(values.begin(), values.end(), std::back_inserter(kept), [](double x) { return !std::isnan(x); });
    return kept;
}

/// P(U ≥ k) under the null hypothesis for samples of sizes m and n without ties.
///
/// The largest of the m + n values is one of the m with probability m/(m + n), and then beats all n others:
/// P_{m,n}(u) = m/(m + n)·P_{m−1,n}(u − n) + n/(m + n)·P_{m,n−1}(u). Working in probabilities rather than counts
/// keeps every term in range (the counts reach C(m + n, m)) and adds only positive numbers.
double exactUpperTail(std::size_t m, std::size_t n, std::size_t k)
{
    // dist[mm] is the distribution of U for (mm, nn) samples; with nn = 0 every U is 0.
    std::vector<std::vector<double>> dist(m + 1, std::vector<double> {1.0});
    for (std::size_t nn = 1; nn <= n; ++nn) {
        // Rising mm: dist[mm − 1] already holds nn, dist[mm] still holds nn − 1, as the recurrence wants.
        for (std::size_t mm = 1; mm <= m; ++mm) {
            const double total = static_cast<double>(mm + nn);
            const double largestIsA = static_cast<double>(mm) / total;
            const double largestIsB = static_cast<double>(nn) / total;
            std::vector<double> next(mm * nn + 1, 0.0);
            const std::vector<double>& fewerA = dist[mm - 1];
            for (std::size_t u = 0; u < fewerA.size(); ++u)
                next[u + nn] += largestIsA * fewerA[u];
            const std::vector<double>& fewerB = dist[mm];
            for (std::size_t u = 0; u < fewerB.size(); ++u)
                next[u] += largestIsB * fewerB[u];
            dist[mm] = std::move(next);
        }
    }
    const std::vector<double>& pmf = dist[m];
    // From the far end, so that a tail of 1e-12 keeps its digits.
    double tail = 0;
    for (std::size_t u = pmf.size(); u-- > k;)
        tail += pmf[u];
    return tail;
}

} // namespace

MannWhitney mannWhitney(const std::vector<double>& a, const std::vector<double>& b)
{
    MannWhitney result;
    const std::vector<double> first = withoutNan(a);
    const std::vector<double> second = withoutNan(b);
    result.n1 = first.size();
    result.n2 = second.size();
    if (result.n1 < 2 || result.n2 < 2)
        return result;

    // Pool the samples, remembering which side each value came from, and rank with midranks.
    std::vector<std::pair<double, bool>> pooled; // value, from a
    pooled.reserve(result.n1 + result.n2);
    for (double x : first)
        pooled.emplace_back(x, true);
    for (double x : second)
        pooled.emplace_back(x, false);
    std::sort(pooled.begin(), pooled.end(), [](const auto& l, const auto& r) { return l.first < r.first; });

    const std::size_t total = pooled.size();
    double rankSumA = 0;
    double tieTerm = 0; // Σ(t³ − t) over groups of tied values
    for (std::size_t start = 0; start < total;) {
        std::size_t end = start + 1;
        while (end < total && pooled[end].first == pooled[start].first)
            ++end;
        // Ranks start + 1 … end (1-based) share their mean.
        const double midrank = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2;
        for (std::size_t i = start; i < end; ++i) {
            if (pooled[i].second)
                rankSumA += midrank;
        }
        const auto t = static_cast<double>(end - start);
        tieTerm += t * t * t - t;
        start = end;
    }

    const auto n1 = static_cast<double>(result.n1);
    const auto n2 = static_cast<double>(result.n2);
    const auto n = static_cast<double>(total);
    const double pairs = n1 * n2;
    result.u = rankSumA - n1 * (n1 + 1) / 2;
    result.effect = result.u / pairs;
    result.valid = true;

    const double mean = pairs / 2;
    const double sigma = std::sqrt(pairs / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
    const double distance = std::max(0.0, std::abs(result.u - mean) - 0.5);
    result.z = sigma > 0 && distance > 0 ? std::copysign(distance / sigma, result.u - mean) : 0.0;

    if (tieTerm == 0 && result.n1 * result.n2 <= MannWhitneyExactLimit) {
        // Without ties U is a whole number; the distribution is symmetric about the mean, so the two-sided
        // p-value is twice the upper tail beyond the larger of U and n1·n2 − U.
        const auto larger = static_cast<std::size_t>(std::llround(std::max(result.u, pairs - result.u)));
        result.pValue = std::min(1.0, 2 * exactUpperTail(result.n1, result.n2, larger));
        result.exact = true;
    } else {
        result.pValue = sigma > 0 ? std::erfc(std::abs(result.z) / std::sqrt(2.0)) : 1.0;
    }
    return result;
}

PercentileDifference percentileDifference(
    const std::vector<double>& a, const std::vector<double>& b, double p, double confidence)
{
    std::vector<double> first = withoutNan(a);
    std::vector<double> second = withoutNan(b);
    std::sort(first.begin(), first.end());
    std::sort(second.begin(), second.end());

    PercentileDifference result;
    result.a = Distribution::percentile(first, p, confidence);
    result.b = Distribution::percentile(second, p, confidence);
    // A NaN bound is unbounded on that side, and every comparison with NaN is false: it never separates.
    result.significant = result.a.high < result.b.low || result.b.high < result.a.low;
    return result;
}

} // namespace kp::core
