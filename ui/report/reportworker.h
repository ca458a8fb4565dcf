// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/analysissettings.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/report/reportcontent.h"

#include <QMetaType>
#include <QObject>

#include <memory>

namespace kp::core {
struct PredictionCache;
class RunStore;
} // namespace kp::core

namespace kp::ui {

/// One analysed run, ready to show: the analysis points into `run`, which the result keeps alive.
struct ReportResult
{
    quint64 generation = 0;
    std::shared_ptr<const kp::core::RunData> run;
    kp::core::RunAnalysis analysis;
    kp::core::ReportContent content;
};
using ReportResultPtr = std::shared_ptr<const ReportResult>;

/// One report whose flags the run's twin is to predict: the result shown without the predictions, the predictions
/// made so far (a copy the fit fills and hands back) and the generation the result answered.
struct TwinFitJob
{
    ReportResultPtr result;
    std::shared_ptr<kp::core::PredictionCache> predictions;
    quint64 generation = 0;
};

/// Loads and analyses runs off the GUI thread, on the thread it is moved to, with a database connection of its
/// own (opened there, on first use). Every answer carries the generation it was asked with, so the asker can drop
/// stale ones.
class ReportWorker : public QObject
{
    Q_OBJECT

public:
    explicit ReportWorker(const QString& databasePath);
    ~ReportWorker() override;

public Q_SLOTS:
    /// Reads run `runId` and analyses it under its own settings.
    void load(qint64 runId, quint64 generation);
    /// Analyses the loaded run again under `settings`: what a slider asks.
    void analyse(const kp::core::AnalysisSettings& settings, quint64 generation);

    /// The twin's predictions for a result published without them (TwinWorker::fitted).
    void fitted(const kp::ui::TwinFitJob& job);

Q_SIGNALS:
    void ready(const kp::ui::ReportResultPtr& result);
    void failed(quint64 generation, const QString& error);
    /// A result that needs the run's twin fitted: to a TwinWorker, which answers fitted().
    void fitRequested(const kp::ui::TwinFitJob& job);

private:
    void publish(const kp::core::AnalysisSettings& settings, quint64 generation);

    QString m_path;
    std::unique_ptr<kp::core::RunStore> m_store;
    std::shared_ptr<const kp::core::RunData> m_run;
    std::unique_ptr<kp::core::PredictionCache> m_predictions; ///< the loaded run's twin, per flag asked about
    bool m_fitting = false; ///< a fit is out with the TwinWorker: one at a time
    kp::core::AnalysisSettings m_latestSettings; ///< what was last published, to publish again once fitted
    quint64 m_latestGeneration = 0;
};

} // namespace kp::ui

Q_DECLARE_METATYPE(kp::ui::ReportResultPtr)
Q_DECLARE_METATYPE(kp::core::AnalysisSettings)

Q_DECLARE_METATYPE(kp::ui::TwinFitJob)
