// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <limits>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// Two runs side by side: the same metrics at the loads both measured, whether each difference is beyond noise,
/// the change in capacity, and what changed in the server's detected facts and in the run's options.
///
/// A latency difference is "beyond noise" only when three things agree:
///  - a test: the medians by the two-sided Mann–Whitney U test on the per-request values of the two steps, its
///    p-values corrected with Holm–Bonferroni over every median row of the table (family-wise α = 0.05, however
///    many loads and metrics are compared); the chosen percentile by its distribution-free intervals, at the
///    Bonferroni confidence 1 − α / (2 m) for m percentile rows, not overlapping;
///  - the size: |change| of at least `minEffectPercent` (default 5%), so a 0.0% change is never news;
///  - the difference's own 95% interval, from each run's interval at 97.5% ([b.low − a.high, b.high − a.low]),
///    excludes zero.
/// Closed-loop samples are autocorrelated, which makes any per-request test optimistic; the floor and the
/// correction are what keep it honest. Throughput is one number per step with no spread to test, so its difference
/// is shown but not judged.
struct RunComparison
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    struct Metric
    {
        QString load; ///< "8 users"
        QString metric; ///< "TTFT p50", "TPOT p99", "output tokens/s"
        double a = kNaN;
        double b = kNaN;
        double deltaPercent = kNaN; ///< (b − a) / a
        /// A 95% interval for the change, in percent of a; NaN where a side of either run's interval is unbounded.
        double deltaLowPercent = kNaN;
        double deltaHighPercent = kNaN;
        bool tested = false;
        bool significant = false; ///< beyond noise: the test, the size and the interval agree
        double pValue = kNaN; ///< Mann–Whitney, for the p50 rows
        double adjustedP = kNaN; ///< the same after Holm–Bonferroni over the table's p50 rows
        QString why = {}; ///< for a tested row not beyond noise: which of the three said no
        bool lowerIsBetter = true;
    };
    struct Change
    {
        QString what; ///< "vLLM version", "option concurrency"
        QString a;
        QString b;
    };

    qint64 idA = -1;
    qint64 idB = -1;
    QList<Metric> metrics;
    QString capacityA; ///< "about 11 users"
    QString capacityB;
    double capacityDelta = kNaN; ///< users (or req/s), B − A, when both crossed within the measured range
    QString summary; ///< one sentence
    QList<Change> changes;

    static constexpr double kDefaultMinEffectPercent = 5;
    double minEffectPercent = kDefaultMinEffectPercent;

    static RunComparison of(const RunData& a, const RunAnalysis& analysisA, const RunData& b,
        const RunAnalysis& analysisB, double minEffectPercent = kDefaultMinEffectPercent);
};

} // namespace kp::core
