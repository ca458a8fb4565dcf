// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/pareto.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <limits>
#include <optional>

namespace kp::core {

struct AnalysisSettings;
struct RunData;
struct RunAnalysis;
struct RunInfo;
class RunStore;

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
/// correction are what keep it honest. Where the store holds two runs of one configuration, what they differ by
/// with nothing changed is a fourth voice (withBetweenRunNoise): a change no larger is not beyond noise either.
/// Throughput is one number per step with no spread to test, so its difference is shown but not judged.
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
        /// What decided a tested row, either way: the test that said yes (the Holm-adjusted p in words, "less than 1 in
        /// 1,000 by chance"; "intervals apart"), else `why`.
        QString reason() const;
        bool lowerIsBetter = true;
        /// |change| between two runs of one configuration at this row, in percent; NaN without such a pair.
        double betweenRunNoisePercent = kNaN;
    };
    struct Change
    {
        /// Whose difference it is: the server's (its reported facts, and what the runs measured of its engine),
        /// the run's options, or the setting around both (the GPU named, the simulator's speed).
        enum class Kind { Server, Option, Other };
        QString what; ///< "server: max_num_seqs", "option: concurrency"
        QString a;
        QString b;
        Kind kind = Kind::Other;
    };

    qint64 idA = -1;
    qint64 idB = -1;
    QList<Metric> metrics;
    QString capacityA; ///< "about 11 users"
    QString capacityB;
    double capacityDelta = kNaN; ///< users (or req/s), B − A, when both crossed within the measured range
    /// The capacity's change in percent of A's, where both are numbers (a bound on one side counts as its load);
    /// NaN where A has none to take a share of.
    double capacityChangePercent = kNaN;
    /// The capacity's change judged as the rows are. Beyond noise only when each run's range for its capacity
    /// (Capacity::low–high between two steps, from the highest load up for "at least", from none to the lowest load
    /// for "below") lies wholly on one side of the other's, the change is at least minEffectPercent, and, where two
    /// runs of one configuration say how much runs differ, larger than that. Not judged where a run has no capacity,
    /// where a range rests on steps too short to bound the percentile (two quick runs of one demo gave 64–128 and
    /// 32–64), or where the capacity's confidence is low.
    bool capacityJudged = false;
    bool capacitySignificant = false;
    /// What decided the capacity's change: the ranges that lie apart, or why it is not judged or not beyond noise.
    QString capacityWhy;
    QString capacityRangeA; ///< "8–16 users", "at least 64 users", "below 1 user"; empty without a capacity
    QString capacityRangeB;
    double capacityNoisePercent = kNaN; ///< |capacity change| between two runs of one configuration, in percent
    /// Beyond noise and lower in B.
    bool capacityWorse() const { return capacitySignificant && capacityChangePercent < 0; }

    /// What a comparison is read for first: the capacity's change, then what differs in the server, then the
    /// latency rows beyond noise.
    QString summary;
    /// Both runs' concurrency steps on one Pareto frontier (interactivity against throughput per GPU), under run
    /// A's TPOT target: which run to pick for how fast a user must be served.
    ParetoFrontier pareto;
    /// Every difference, the server's first (max_num_seqs, the KV cache, the version, its other settings, what the
    /// runs measured of its engine), then the run's options, then the rest.
    QList<Change> changes;

    static constexpr double kDefaultMinEffectPercent = 5;
    double minEffectPercent = kDefaultMinEffectPercent;

    /// The pair whose differences set the between-run noise; -1 without one.
    qint64 noiseIdA = -1;
    qint64 noiseIdB = -1;
    /// A and B are themselves two runs of one configuration, and no third run of it measured the noise between
    /// runs: what they differ by is that noise, as far as anyone can tell, and no row is beyond it.
    bool repeatsWithoutNoise = false;

    static RunComparison of(const RunData& a, const RunAnalysis& analysisA, const RunData& b,
        const RunAnalysis& analysisB, double minEffectPercent = kDefaultMinEffectPercent);

    /// Stored runs `a` and `b` asked one question, run A's (its targets, percentile and attainment: those of
    /// `settingsA`), compared, and the noise between runs looked for in `store` (findBetweenRunNoise): what compare,
    /// the gate and the window's comparison show alike. The analyses, for charts, go to `analysisA` and `analysisB`
    /// when given.
    static RunComparison ofStored(const RunStore& store, const RunData& a, const AnalysisSettings& settingsA,
        const RunData& b, const AnalysisSettings& settingsB, double minEffectPercent = kDefaultMinEffectPercent,
        RunAnalysis* analysisA = nullptr, RunAnalysis* analysisB = nullptr);

    /// Takes the rows of `twins`, a comparison of two runs of one configuration, as the noise between runs: each row
    /// here that was beyond noise stays so only if it changed by more than the same row there. The summary follows.
    void withBetweenRunNoise(const RunComparison& twins);
    /// A and B are of one configuration and nothing else says how much such runs differ: a per-request test of two
    /// closed-loop runs is optimistic (their samples are autocorrelated), so two runs of one server with nothing
    /// changed found a "difference" of 5.8% at p = 4e-5. No row is called beyond noise; each says why.
    void asRepeatsWithoutNoise();

    /// Looks in `store` for another run of A's configuration (else of B's) and, when there is one, takes what it
    /// differs by from A (or B) as the noise between runs, as withBetweenRunNoise(). When there is none and A and B
    /// are of one configuration, treats them as repeats (asRepeatsWithoutNoise()).
    void findBetweenRunNoise(const RunStore& store, const RunData& a, const RunAnalysis& analysisA, const RunData& b,
        const RunAnalysis& analysisB);

    /// What makes two runs repeats of one another: the model, GPU, product and speed, the facts the server reported
    /// and every option of the run, as stored.
    struct Configuration
    {
        QString model;
        QString gpu;
        QString product;
        double timeScale = 1;
        QJsonObject facts;
        QJsonObject options;

        static Configuration of(const RunData& run);
        /// A run's record as the store gives it, for runs not loaded for analysis (the twin search reads many).
        static Configuration of(const RunInfo& info);
    };
    /// The same server, model, GPU and workload: the facts the server reported (of a launch, what was launched, not
    /// what the launch measured) and every option of the run but the address and the prompts' seed, which another run
    /// of one configuration may change.
    static bool sameConfiguration(const Configuration& x, const Configuration& y);
    /// The newest completed run in `store` of `run`'s configuration other than those in `exclude`, if any.
    static std::optional<qint64> twinOf(const RunStore& store, const RunData& run, const QList<qint64>& exclude);

private:
    void judgeCapacity(const RunAnalysis& analysisA, const RunAnalysis& analysisB);
    void summarise();
};

} // namespace kp::core
