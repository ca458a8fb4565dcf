// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/loadcurve.h"
#include "core/tune/tunesetting.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <limits>
#include <optional>

namespace kp::core {

class RunStore;
struct RunData;
struct RunOptions;

/// What `kneepoint tune` found: the baseline and each setting tried, each a stored run measured on a server launched
/// with it, ranked by capacity under the baseline's targets, each compared with the baseline as `compare` does (the
/// capacity's change beyond noise or not), beside what the twin fitted to the baseline predicted for it; and one
/// recommendation with the flag to copy.
///
/// A setting is recommended only when its capacity beat the baseline's beyond noise (their ranges lie apart, the
/// change passes the floor): the highest capacity within noise is named as such, with the advice to keep the
/// baseline or measure again.
struct Experiment
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::Experiment)

public:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    struct Trial
    {
        std::optional<TuneSetting> setting; ///< none: the baseline
        qint64 runId = -1;
        QString failure; ///< why it has no measurement (the server did not start, the run did not complete)
        /// What the twin said of it just before it was tried, fitted to the latest run measured (the baseline, then
        /// each trial in turn): its capacity in users (NaN: none), whether that is a bound at the sweep's top load,
        /// and the words ("about 6.1 users", or why it could not say).
        double predicted = kNaN;
        bool predictedAtLeast = false;
        QString prediction;
        qint64 predictedFrom = -1; ///< the run the twin was fitted to

        // Filled by judge():
        Capacity::Bound bound = Capacity::Bound::None;
        double load = kNaN; ///< the capacity's load (Capacity::shown())
        QString capacity; ///< "about 6.2 users", "at least 8 users"
        double changePercent = kNaN; ///< against the baseline's capacity
        bool beyondNoise = false; ///< that change, judged as compare judges it
        QString why; ///< why it is not beyond noise, or what makes it so
        QString gate; ///< against the baseline, as compare --gate: "pass", "fail", "inconclusive"
        /// How far the twin was off: (measured − predicted) / predicted in percent, where both are numbers; 0 where
        /// both are at least the sweep's top load; NaN where that cannot be said.
        double twinOffPercent = kNaN;
        /// twinOffPercent is a bound: the twin said "at least" a load the measurement fell short of, so it was off by
        /// that much or more.
        bool twinOffAtLeast = false;
        /// The prediction with how far off it was: "about 5 users (off by −16.0%)".
        QString predictionChecked() const;

        /// The question set's pass asked of this trial's server (before for the baseline, after for a setting that
        /// can change answers); -1 when none was asked, with `qualityFailure` saying why when it was tried.
        qint64 qualityPass = -1;
        QString qualityFailure;
        // Filled by judge(), for a setting that can change answers:
        QString quality; ///< "pass", "fail", "inconclusive" against the baseline's pass; "not asked"
        QString qualityWhy; ///< the verdict's sentence with its numbers, or why it was not asked
        /// Whether the setting may be recommended: it cannot change answers, or its answers were shown to hold.
        bool answersHold() const;

        bool measured() const { return runId >= 0 && failure.isEmpty(); }
        /// "--parallel 4", or "baseline".
        QString label() const;
    };

    /// The experiment's name, from its launch, sweep and settings: every trial's run carries it (facts.launch.
    /// experiment), and running the same command again takes the trials stored under it.
    QString id;
    QString engine; ///< "llama-server", "vLLM": whose flags the settings are
    QString model; ///< the baseline run's model, set by judge()
    QString startedUtc; ///< when the baseline run began, set by judge()
    QList<Trial> trials; ///< the baseline first, then in the order they were measured
    QList<int> ranking; ///< the measured trials' indexes, the highest capacity first
    QString recommendation; ///< one sentence with the user's numbers
    QString flagToCopy; ///< the recommended setting's flag; empty when the baseline stays

    /// An experiment's name: the same launch (its `kneepoint launch` arguments), sweep and settings make the same
    /// one, so that running the command again after Ctrl-C finds the trials already stored.
    static QString idOf(
        const QStringList& launchArguments, const RunOptions& sweep, const QList<TuneSetting>& settings);
    /// A trial already measured: its run, and the quality pass asked of its server (-1: none).
    struct StoredTrial
    {
        qint64 runId = -1;
        qint64 qualityPass = -1;
    };
    /// The completed runs of experiment `id` in `store`, by setting (TuneSetting::engineArg(), "" for the baseline),
    /// the newest of each.
    static QHash<QString, StoredTrial> storedTrials(const RunStore& store, const QString& id);
    /// Marks the trial's stored run as trial `setting` ("" for the baseline) of experiment `id`, with the twin's
    /// prediction and the quality pass asked of it, in the launch's facts (facts.launch.experiment), where comparing
    /// two runs' configurations does not look.
    static bool tag(RunStore& store, const Trial& trial, const QString& id, QString* error);
    /// The twin fitted to `run` (the latest trial measured) asked about each setting not yet tried: its capacity
    /// under the run's targets, moved by the change it predicts (Prediction::adviceUnder), or why it cannot say; the
    /// settings it ranks best first, those it cannot place after, in their order.
    static void predict(const RunData& run, QList<Trial>& untried);

    /// Reads each measured trial's run from `store`, compares it with the baseline's (trials[0]) under the baseline's
    /// targets, judges the answers of a setting that can change them against the baseline's (as kneepoint quality
    /// compare does, by the baseline pass's rule), ranks them and words the recommendation: a setting that can change
    /// answers is recommended only when they were shown to hold.
    void judge(const RunStore& store);

    /// An experiment as the history holds it: its id, engine, when its baseline was measured, and its trials' runs.
    struct Stored
    {
        QString id;
        QString engine;
        QString startedUtc; ///< the baseline's start (the first trial's, when the baseline is missing)
        QString model;
        QList<qint64> runs; ///< the baseline first, then in the order measured
    };
    /// The experiments whose trials are stored in `store`, the newest first.
    static QList<Stored> list(const RunStore& store);
    /// Experiment `id` as stored: each trial's run with the setting, the twin's prediction and the quality pass that
    /// kneepoint tune tagged it with, judged again. Nullopt with `error` a sentence when no run carries the id.
    static std::optional<Experiment> load(const RunStore& store, const QString& id, QString* error);

    /// The ranked table every face shows (the window, Markdown, HTML, PDF): rank, setting, run, capacity, its change,
    /// whether beyond noise and why, the twin's prediction with how far off it was, the answers' quality, and the CI
    /// gate against the baseline. A row per trial, the highest capacity first.
    QStringList tableHeader() const;
    QList<QStringList> tableRows() const;

    /// The table and the recommendation, for a terminal.
    QString text() const;
    QJsonObject toJson() const;
};

} // namespace kp::core
