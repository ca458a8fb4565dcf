// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/finding.h"
#include "core/analysis/loadcurve.h"
#include "core/analysis/trustchecks.h"
#include "core/analysis/walls.h"
#include "core/report/chartspec.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace kp::core {

struct ParetoFrontier;
struct PredictionCache;

struct RunData;
struct RunAnalysis;

/// A report's content in the order every format shows it: diagnosis first (the doubts, so that nobody reads the
/// verdict without them, then the verdict, scorecard, findings, what to try), evidence second (charts, walls, physics,
/// server metrics), reference last (definitions, versions, every raw number). Markdown, HTML and PDF lay out the same
/// content; the JSON report carries the analysis itself.
struct ReportContent
{
    enum class Light { Green, Amber, Red, Grey };
    struct ScoreRow
    {
        QStringList cells;
        Light light = Light::Grey;
    };
    struct Table
    {
        QString id; ///< stable, for a face that shows one table on its own: "by-model"; empty for the others
        QString title;
        QStringList header;
        std::vector<QStringList> rows;
    };
    struct TryNext
    {
        FlagSuggestion flag;
        QString forFinding; ///< the title of the finding that suggests it
        /// What the run's twin predicts the flag buys, with the twin's error, or that it does not model the flag;
        /// empty until predictTryNext() fills it.
        QString prediction;
        int rank = 0; ///< its place among the flags the findings suggest, kept when it moves between lists
    };
    struct KeyValue
    {
        QString key;
        QString value;
    };

    QString title; ///< "Kneepoint report: run 7"
    QString subtitle; ///< the model and the server
    std::vector<KeyValue> identity; ///< run, server, model, GPU, traffic, targets, started, status
    QString verdict;
    QStringList scoreHeader;
    std::vector<ScoreRow> score; ///< one row per load of the concurrency curve, then of the rate curve
    QString scoreNote; ///< how to read the lights
    /// The checks that warned or failed, failures first, each titled as the doubt it raises: shown above the verdict.
    QList<TrustCheck> doubts;
    QList<Finding> problems;
    QList<Finding> background;
    QList<Finding> healthy;
    std::vector<TryNext> tryNext; ///< ranked, each flag once
    /// Flags a finding suggested that the run's twin predicts would lower the capacity beyond its own error: moved
    /// here from tryNext by predictTryNext(), each with that prediction.
    std::vector<TryNext> notWorthTrying;
    /// The capacity the analysis shows under its settings (the card's): the "from" of every prediction beside a flag.
    Capacity capacity;
    /// The answer at a glance, made once here for every face that shows it: the window's capacity card and the PDF's
    /// first page (the manager's page).
    struct Answer
    {
        QString number; ///< "≈ 46 users", "≥ 256 users", "< 1 user", "–"
        /// "Capacity: about 46 users (32–64 as measured) at p99 (limited by the latency target)."
        QString summary;
        QString definition; ///< "Capacity: the most users with each figure under its target at p99"
        QString bracket; ///< "Met at 32 users (…); missed at 64 users (…), against a target of 500 ms."
        QString confidence; ///< "Confidence: low, since …"; empty when high
        QString lowestWall; ///< Walls::lowestSentence(): which wall limits, and how it sets the capacity
        QString knee; ///< "Knee: 32 users: from 32 users to 64 users …", or why there is none
    };
    Answer answer;
    /// The sentence above them: whose flags they are and what they were checked against (a version only when known).
    QString tryNextIntro;
    std::vector<ChartSpec> charts; ///< the curve, latency against load, server metrics, the shape map when measured
    QStringList walls; ///< one sentence each: saturation, latency, memory
    /// The three walls as the window's bars draw them, latency, saturation, memory: where each stands and its evidence.
    struct WallRow
    {
        QString name; ///< "Latency"
        QString value; ///< "11 users", "beyond 16 users", "not visible"
        QString evidence;
        bool visible = false;
        bool reached = false;
        bool limiting = false;
        double load = 0;
    };
    std::vector<WallRow> wallRows;
    QStringList physics;
    QStringList quality; ///< the quality passes asked of this model, when there are any
    Table definitions;
    std::vector<KeyValue> environment;
    std::vector<Table> appendix; ///< every raw number, per step

    static ReportContent of(const RunData& run, const RunAnalysis& analysis);
    /// The answer at a glance alone (what of() puts in `answer`): the JSON report writes it too.
    static Answer answerOf(const RunData& run, const RunAnalysis& analysis);
    /// The part of the answer a capacity alone gives, made the same way for a run and for a report file read back:
    /// its number, its definition and its summary ("Capacity: about 10 users (8–16 as measured) at p99 (limited by
    /// the latency target).").
    static Answer capacityAnswer(
        const Capacity& capacity, bool byRate, double percentile, std::optional<Wall::Kind> limiting);
    /// Fills each "try next" flag's prediction from the run's twin (core::Prediction): from the capacity shown
    /// under `settings` to that capacity moved by the change the twin predicts, where the twin models the flag
    /// (max-num-seqs, max-num-batched-tokens, llama.cpp's parallel), "not modelled" where it does not. A flag the
    /// twin predicts would lower the capacity by more than its own error on the figures that set it goes to
    /// notWorthTrying. `settings` must be those the content was made under. The fit takes a second or so: `cache` (per
    /// run) keeps it, and each flag's prediction across what-ifs, whose targets only move the capacities. With `fit`
    /// false the twin is not fitted: only what the cache holds, or what its fit predicts, is filled in. Returns whether
    /// every flag the twin models got its prediction (or the reason there is none).
    bool predictTryNext(const RunData& run, const AnalysisSettings& settings, PredictionCache* cache, bool fit = true);
    /// A latency in milliseconds as the scorecard writes it (2 decimals below 10, 1 below 100, none above; "–" for
    /// NaN): the live view writes its step figures with it too, so that one figure reads the same in both.
    static QString milliseconds(double value);
    /// "green", "amber", "red", "grey"
    static QString lightName(Light light);
    /// The light's colour as "#rrggbb", the same on paper and on screen.
    static QString lightColor(Light light);
};

/// The Pareto chart of `frontier`: each run's steps as points, the frontier as a dashed line, and the TPOT target's
/// side tinted. Shared by the report (one run) and kneepoint pareto (several).
ChartSpec paretoChart(const ParetoFrontier& frontier);

struct RunComparison;
/// Two runs' curves paired on one chart each: TTFT and TPOT at run A's percentile, and output throughput, against
/// load. Run B's points are green where the comparison found it better beyond noise, red where worse, and the
/// table beside each chart carries both values, the change with its 95% interval, and the test's answer.
std::vector<ChartSpec> comparisonCharts(const RunComparison& comparison, const RunAnalysis& a, const RunAnalysis& b);

} // namespace kp::core
