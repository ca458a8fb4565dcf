// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/distribution.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

namespace kp::core {

namespace {

/// Binomial(n, p) probabilities of K = first, first + 1, …; the mass outside that range is negligible.
struct BinomialMass
{
    std::int64_t first = 0;
    std::vector<double> pmf;
};

// Walks outwards from the mode with the ratio pmf(k + 1) / pmf(k) = (n - k) / (k + 1) · p / (1 - p), in units of
// the mode's probability, and normalises at the end. That needs no lgamma (glibc's writes the global signgam, a
// race between worker threads), cannot overflow, and stops after O(σ) steps once the terms fall below 1e-20 of the
// mode, so n in the millions costs a few thousand steps and needs no normal approximation. The dropped tails are
// log-concave, so they weigh far less than 1e-20 of the total — nothing against any α a report uses.
BinomialMass binomialMass(std::int64_t n, double p)
{
    constexpr double negligible = 1e-20;
    const double odds = p / (1 - p);
    const auto mode
        = std::clamp<std::int64_t>(static_cast<std::int64_t>(std::floor(static_cast<double>(n + 1) * p)), 0, n);

    std::vector<double> below; // pmf(mode - 1), pmf(mode - 2), …
    double w = 1;
    for (std::int64_t k = mode; k > 0; --k) {
        w *= static_cast<double>(k) / (static_cast<double>(n - k + 1) * odds);
        if (w < negligible)
            break;
        below.push_back(w);
    }
    BinomialMass mass;
    mass.first = mode - static_cast<std::int64_t>(below.size());
    mass.pmf.assign(below.rbegin(), below.rend());
    mass.pmf.push_back(1);
    w = 1;
    for (std::int64_t k = mode; k < n; ++k) {
        w *= static_cast<double>(n - k) / static_cast<double>(k + 1) * odds;
        if (w < negligible)
            break;
        mass.pmf.push_back(w);
    }
    double total = 0;
    for (double x : mass.pmf)
        total += x;
    for (double& x : mass.pmf)
        x /= total;
    return mass;
}

/// The equal-tailed order-statistic ranks (1-based, -1 when unbounded) for the p-quantile of n samples.
std::pair<int, int> confidenceRanks(std::int64_t n, double p, double confidence)
{
    if (n <= 0 || !(confidence > 0 && confidence < 1) || !(p >= 0 && p <= 1))
        return {-1, -1};
    // K, the count below the quantile, is surely 0 (p = 0) or n (p = 1): the sample's extreme bounds one side.
    if (p == 0)
        return {-1, 1};
    if (p == 1)
        return {static_cast<int>(n), -1};

    const double half = (1 - confidence) / 2;
    const BinomialMass mass = binomialMass(n, p);
    const auto size = static_cast<std::int64_t>(mass.pmf.size());

    // Largest l with P(K ≤ l - 1) ≤ α/2. Below the stored range the CDF is negligible, hence the head start.
    std::int64_t lowK = mass.first - 1;
    double cdf = 0;
    for (std::int64_t i = 0; i < size; ++i) {
        cdf += mass.pmf[static_cast<std::size_t>(i)];
        if (cdf > half)
            break;
        lowK = mass.first + i;
    }
    // Smallest u with P(K ≥ u) ≤ α/2, summing the tail from its small end so it keeps its precision.
    std::int64_t high = mass.first + size;
    double tail = 0;
    for (std::int64_t i = size - 1; i >= 0; --i) {
        tail += mass.pmf[static_cast<std::size_t>(i)];
        if (tail > half)
            break;
        high = mass.first + i;
    }
    const int lowRank = lowK >= 0 ? static_cast<int>(std::min(lowK + 1, n)) : -1;
    const int highRank = high <= n ? static_cast<int>(std::max<std::int64_t>(high, 1)) : -1;
    return {lowRank, highRank};
}

// numpy's _lerp, which interpolates from the nearer end so the result stays monotonic in t and exact at t = 1.
double lerp(double a, double b, double t)
{
    // A failure counted as +∞ (LoadCurve): anything past a finite sample towards it is infinite, the sample itself
    // is not (∞ × 0 would be NaN).
    if (std::isinf(b) && !std::isinf(a))
        return t > 0 ? b : a;
    if (std::isinf(a) || std::isinf(b))
        return b;
    const double diff = b - a;
    return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

} // namespace

int Distribution::samplesForBoundedInterval(double p, double confidence)
{
    if (!(p > 0 && p < 1) || !(confidence > 0 && confidence < 1))
        return 1;
    // The upper rank exists once P(all n samples below the quantile) = pⁿ ≤ α/2: start there and let the exact
    // ranks confirm, since the lower bound needs its own few samples at small p.
    int n = std::max(1, int(std::floor(std::log((1 - confidence) / 2) / std::log(p))));
    while (n < 10'000'000) {
        const auto [low, high] = confidenceRanks(n, p, confidence);
        if (low > 0 && high > 0)
            return n;
        ++n;
    }
    return n;
}

PercentileEstimate Distribution::percentile(const std::vector<double>& sorted, double p, double confidence)
{
    return percentile(static_cast<std::int64_t>(sorted.size()), p, confidence,
        [&sorted](std::int64_t rank) { return sorted[static_cast<std::size_t>(rank)]; });
}

PercentileEstimate Distribution::percentile(
    std::int64_t n, double p, double confidence, const std::function<double(std::int64_t)>& orderStatistic)
{
    PercentileEstimate e;
    e.p = p;
    if (n <= 0 || !(p >= 0 && p <= 1))
        return e;

    const double h = static_cast<double>(n - 1) * p;
    const double below = std::floor(h);
    const auto i = static_cast<std::int64_t>(below);
    e.value = i + 1 < n ? lerp(orderStatistic(i), orderStatistic(i + 1), h - below) : orderStatistic(n - 1);

    const auto [lowRank, highRank] = confidenceRanks(n, p, confidence);
    e.lowRank = lowRank;
    e.highRank = highRank;
    if (lowRank > 0)
        e.low = orderStatistic(lowRank - 1);
    if (highRank > 0)
        e.high = orderStatistic(highRank - 1);
    return e;
}

std::vector<std::int64_t> Distribution::ranksUsed(std::int64_t n, double confidence)
{
    std::vector<std::int64_t> ranks;
    for (double p : kReported) {
        // The ranks percentile() reads, found by asking it.
        percentile(n, p, confidence, [&ranks](std::int64_t rank) {
            ranks.push_back(rank);
            return 0.0;
        });
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return ranks;
}

Distribution Distribution::of(std::vector<double> samples, double confidence)
{
    std::erase_if(samples, [](double x) { return std::isnan(x); });
    std::sort(samples.begin(), samples.end());

    Distribution d;
    d.count = samples.size();
    d.setPercentiles(static_cast<std::int64_t>(samples.size()), confidence,
        [&samples](std::int64_t rank) { return samples[static_cast<std::size_t>(rank)]; });
    if (samples.empty())
        return d;

    d.min = samples.front();
    d.max = samples.back();
    // Two passes: the one-pass sum of squares loses every digit when the spread is small against the mean
    // (nanosecond timestamps, large token counts).
    long double sum = 0;
    for (double x : samples)
        sum += x;
    d.mean = static_cast<double>(sum / static_cast<long double>(samples.size()));
    if (samples.size() >= 2) {
        long double squares = 0;
        for (double x : samples)
            squares += (static_cast<long double>(x) - d.mean) * (static_cast<long double>(x) - d.mean);
        d.stddev = static_cast<double>(std::sqrt(squares / static_cast<long double>(samples.size() - 1)));
    }
    return d;
}

void Distribution::setPercentiles(
    std::int64_t n, double confidence, const std::function<double(std::int64_t)>& orderStatistic)
{
    PercentileEstimate* const estimates[] = {&p50, &p90, &p95, &p99, &p999};
    for (std::size_t k = 0; k < kReported.size(); ++k)
        *estimates[k] = percentile(n, kReported[k], confidence, orderStatistic);
}

const PercentileEstimate& Distribution::at(double percentile) const
{
    if (percentile >= 99.9)
        return p999;
    if (percentile >= 99)
        return p99;
    if (percentile >= 95)
        return p95;
    if (percentile >= 90)
        return p90;
    return p50;
}

Distribution Distribution::scaled(double factor) const
{
    Distribution d = *this;
    d.mean *= factor;
    d.stddev *= factor;
    d.min *= factor;
    d.max *= factor;
    for (PercentileEstimate* e : {&d.p50, &d.p90, &d.p95, &d.p99, &d.p999}) {
        e->value *= factor;
        e->low *= factor;
        e->high *= factor;
    }
    return d;
}

} // namespace kp::core
