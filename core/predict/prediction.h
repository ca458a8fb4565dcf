// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "predict/servertwin.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

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
        double outputTokensPerSecond = 0;
        double throughputError = 0;
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
    QStringList notModelled; ///< settings asked about that the twin does not model
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

    /// The median and the worst of the checks' TTFT p99 errors, and of their throughput errors.
    std::pair<double, double> ttftErrors() const;
    std::pair<double, double> throughputErrors() const;

    /// The capacity each curve has under `settings`' targets (users; -1: below the lowest load): what a prediction
    /// made once says again when the targets move.
    std::pair<double, double> capacitiesUnder(const AnalysisSettings& settings) const;
    /// One sentence for a flag the report suggests: "The twin predicts capacity at least 16 users → about 24 users
    /// at these targets (its error on this run: 2.2% at the median, 8.7% at worst)."
    QString gainSentence(const AnalysisSettings& settings) const;

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
