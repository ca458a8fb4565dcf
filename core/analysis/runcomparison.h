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
/// Latency differences are tested with the two-sided Mann–Whitney U test on the per-request values of the two
/// steps (a shift of the whole distribution, p < 0.05), and the chosen percentile additionally by its
/// distribution-free confidence intervals (non-overlapping 95% intervals). Throughput is one number per step with
/// no spread to test, so its difference is shown but not judged.
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
        bool tested = false;
        bool significant = false;
        double pValue = kNaN; ///< Mann–Whitney, for the p50 rows
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

    static RunComparison of(
        const RunData& a, const RunAnalysis& analysisA, const RunData& b, const RunAnalysis& analysisB);
};

} // namespace kp::core
