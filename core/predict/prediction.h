// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/loadcurve.h"
#include "core/predict/servertwin.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <limits>
#include <map>
#include <optional>
#include <vector>

namespace kp::core {

struct AnalysisSettings;
struct RunData;

/// What a prediction is asked: the settings to predict, the ones the measured server ran with where the run cannot
/// tell, the loads to fit to (empty: all), and a run measured with the predicted settings to hold it against.
struct PredictionRequest
{
    QStringList set; ///< "max-num-seqs=16", as the server's flags name them
    QStringList base;
    QList<int> fitUsers;
    const RunData* against = nullptr;
};

/// A twin (ServerTwin) fitted to a stored run and asked about other settings: the measured curve, the twin's replay
/// of it, the predicted curve, the capacity of each under the run's targets, and the twin's error, on the run's own
/// steps and, given a run measured with the new settings, against it. Shared by kneepoint predict and the window's
/// Predict dialog.
struct Prediction
{
    struct Check
    {
        int users = 0;
        double ttftP99Ms = 0;
        double ttftError = 0;
        double tpotP99Ms = 0;
        double tpotError = 0;
        double outputTokensPerSecond = 0;
        double throughputError = 0;
    };

    /// What the twin says a setting does to the capacity on screen, and whether that makes it worth trying.
    struct Advice
    {
        enum class Kind {
            Gain, ///< a rise beyond the twin's error on the figures that set the capacity
            WithinError, ///< a change, either way, no larger than that error: only a measurement tells
            Loss, ///< a fall beyond that error: not worth trying
            Unknown, ///< no target sets a capacity, or the twin could not place one
        };
        Kind kind = Kind::Unknown;
        QString from; ///< the capacity on screen: "about 67 users", "at least 256 users"
        QString to; ///< the same capacity moved by the twin's predicted change: "about 62 users"
        double change = std::numeric_limits<double>::quiet_NaN(); ///< the twin's relative change, its own curves
        double error = std::numeric_limits<double>::quiet_NaN(); ///< the twin's error it is held against
        QString twinFrom; ///< the twin's own capacities at the measured and the asked settings
        QString twinTo;
        QString sentence; ///< all of it, with the twin's error per figure

        bool recommended() const { return kind != Kind::Loss; }
    };

    qint64 runId = -1;
    qint64 againstId = -1;
    QString gpuName;
    QString gpuId;
    TwinFit fit;
    BatchEngine::Config base;
    BatchEngine::Config changed;
    std::vector<TwinStep> measured;
    std::vector<TwinStep> replay; ///< the twin at the measured settings
    std::vector<TwinStep> predicted;
    double capacityMeasured = -1; ///< users; -1: below the lowest load
    double capacityPredicted = -1;
    double capacityReplayed = -1; ///< the twin's own, at the measured settings: its error on capacity
    QStringList notModelled; ///< settings asked about that the twin does not model
    /// What the prediction says of the capacity the run's analysis shows under the settings it was made at (the
    /// report's card): adviceUnder() of those settings.
    Advice advice;
    /// Where the measured settings came from: the server's facts, the run's steps, --base, or an assumption.
    ServerTwin::EngineSources baseSources;
    std::vector<Check> checks; ///< against the run measured with the new settings

    /// The settings the twin models, and those it says it does not.
    static const QStringList& modelled();
    static const QStringList& notModelledSettings();
    /// Applies one "KEY=VALUE" to `engine`; a setting the twin does not model goes to `notModelled`. False, with
    /// `error` a sentence, for a key or value it cannot take.
    static bool apply(BatchEngine::Config& engine, const QString& setting, QStringList* notModelled, QString* error);

    /// Fits and predicts; nullopt with `error` when the model's geometry is unknown, the run has fewer than two
    /// usable steps, or a setting is wrong. `fitted`, given, carries the fit from one call to the next: the fit is
    /// almost all of the work and does not depend on the settings asked about, only on `request.base` and
    /// `request.fitUsers`, which the caller keeps the same across calls that share it.
    static std::optional<Prediction> of(const RunData& run, const AnalysisSettings& settings,
        const PredictionRequest& request, QString* error, std::optional<TwinFit>* fitted = nullptr);

    /// The median and the worst of the checks' errors against the run measured with the new settings, per figure.
    TwinError ttftErrors() const;
    TwinError tpotErrors() const;
    TwinError throughputErrors() const;

    /// The capacity each curve has under `settings`' targets at `settings`' percentile (users; -1: below the lowest
    /// load; the highest load when none misses): the measured, the twin's replay of it, the predicted. What a
    /// prediction made once says again when the targets or the percentile move.
    struct Capacities
    {
        double measured = -1;
        double replayed = -1;
        double predicted = -1;
    };
    Capacities capacitiesUnder(const AnalysisSettings& settings) const;
    /// The twin's error on the figures that set a capacity under `settings`: the larger median error of TTFT p99
    /// and TPOT p99 among those with a target (both for an end-to-end target); NaN when no latency target is set.
    double capacityError(const AnalysisSettings& settings) const;
    /// The "from → to" a report puts beside a flag: from `shown`, the capacity the analysis under `settings` shows
    /// (the card's), to that capacity moved by the change the twin predicts between its own replay and its
    /// prediction, so that a twin that is off by a constant does not read as the flag's effect. A change below
    /// minus capacityError() is a Loss.
    Advice adviceUnder(const AnalysisSettings& settings, const Capacity& shown) const;
    /// "TTFT p99 18% median, 36% worst; TPOT p99 30% median, 36% worst; throughput 9% median, 19% worst", on the
    /// steps the twin was fitted to.
    QString errorText() const;

    QString text() const;
    QJsonObject toJson() const;
};

/// Predictions of one run kept across analyses: by the setting asked ("max-num-seqs=512"), the prediction or why
/// there is none. They hold for one GPU, model and tensor parallelism (`basis`): a what-if that names another starts
/// the cache over.
struct PredictionCache
{
    QString basis;
    std::map<QString, Prediction> made;
    std::map<QString, QString> refused;
    std::optional<TwinFit> fit; ///< the twin fitted to every step of the run as it was measured
};

} // namespace kp::core
