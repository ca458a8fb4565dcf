// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <vector>

namespace kp::core {

/// The 2×2 table of paired answers: each question answered by the "before" and the "after" server.
struct PairedCounts
{
    int bothRight = 0;
    int rightToWrong = 0; ///< b: right before, wrong after
    int wrongToRight = 0; ///< c: wrong before, right after
    int bothWrong = 0;

    int total() const { return bothRight + rightToWrong + wrongToRight + bothWrong; }
    double beforeAccuracy() const;
    double afterAccuracy() const;
    /// after − before, as a fraction: (c − b) / n.
    double difference() const;
};

/// A two-sided confidence interval.
struct ConfidenceInterval
{
    double lower = 0;
    double upper = 0;
};

/// The statistics of a paired quality comparison. Every function is exact arithmetic on counts; nothing is random.
class QualityStatistics
{
public:
    /// McNemar's exact test: with b right→wrong and c wrong→right answers, under "no change" each discordant
    /// question is equally likely to have gone either way, so min(b, c) is Binomial(b + c, ½) at its low tail.
    /// Two-sided p = min(1, 2·P(X ≤ min(b, c))); 1 when b + c = 0. Summed in log space, so b + c in the millions
    /// keeps its precision.
    static double mcNemarExactP(int rightToWrong, int wrongToRight);

    /// Wilson's score interval for `successes` out of `n` (n > 0) at `confidence`.
    static ConfidenceInterval wilson(int successes, int n, double confidence);

    /// The interval of after − before accuracy (as a fraction) at `confidence`: Newcombe's hybrid score interval
    /// for paired proportions (Newcombe 1998, Statistics in Medicine 17:2635, method 10), without continuity
    /// correction. It combines the two Wilson intervals of the marginal accuracies with the phi correlation of the
    /// table, so it stays inside [−1, 1], is never degenerate when there are no discordant answers, and covers close
    /// to its nominal level for the sizes of question sets (tst_qualitystatistics checks coverage by simulation),
    /// where the plain Wald interval is too narrow near 0 and 100 %.
    static ConfidenceInterval pairedDifference(const PairedCounts& counts, double confidence);

    /// The standard normal quantile Φ⁻¹(p) for p in (0, 1), to about 1e-15.
    static double normalQuantile(double p);

    /// The noise floor of a pass asked more than once: the fraction of questions whose correctness was not the same
    /// in every repetition. `correctness[q]` lists question q's results over the repetitions that got an answer;
    /// questions with fewer than two are left out. nullopt when no question has two.
    static std::optional<double> noiseFloor(const std::vector<std::vector<bool>>& correctness);
};

} // namespace kp::core
