// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/reportworker.h"

#include "core/predict/prediction.h"
#include "core/store/runstore.h"
#include "ui/report/twinworker.h"

#include <QThread>

namespace kp::ui {

using namespace kp::core;

ReportWorker::ReportWorker(const QString& databasePath)
    : m_path(databasePath)
{ }

ReportWorker::~ReportWorker() = default;

void ReportWorker::load(qint64 runId, quint64 generation)
{
    QString error;
    if (!m_store) {
        // A connection per thread, named after it: QtSql connections never cross threads.
        m_store = RunStore::open(
            m_path, &error, QStringLiteral("report-%1").arg(quintptr(QThread::currentThreadId()), 0, 16));
        if (!m_store) {
            Q_EMIT failed(generation, error);
            return;
        }
    }
    std::optional<RunData> data = RunData::load(*m_store, runId, &error);
    if (!data) {
        Q_EMIT failed(generation, error);
        return;
    }
    m_run = std::make_shared<const RunData>(std::move(*data));
    m_predictions = std::make_unique<PredictionCache>();
    // The window never waits on the network.
    const AnalysisSettings settings = AnalysisSettings::ofRunOffline(*m_run);
    publish(settings, generation);
}

void ReportWorker::analyse(const AnalysisSettings& settings, quint64 generation)
{
    if (!m_run) {
        Q_EMIT failed(generation, tr("No run is loaded."));
        return;
    }
    publish(settings, generation);
}

void ReportWorker::publish(const AnalysisSettings& settings, quint64 generation)
{
    auto result = std::make_shared<ReportResult>();
    result->generation = generation;
    result->run = m_run;
    result->analysis = RunAnalysis::of(*m_run, settings);
    result->content = ReportContent::of(*m_run, result->analysis);
    m_latestSettings = settings;
    m_latestGeneration = generation;
    // The twin is fitted once per run (and GPU), a second or more: a report that needs the fit goes out at once
    // without it, and the fit runs on the TwinWorker's thread, so that a what-if asked meanwhile is answered here at
    // once instead of waiting behind it (the first change after opening took over 1.5 s). After the fit, a what-if,
    // even one that suggests other flags, goes out once.
    const bool complete = result->content.predictTryNext(*m_run, settings, m_predictions.get(), false);
    Q_EMIT ready(result);
    if (!complete && !m_fitting) {
        m_fitting = true;
        Q_EMIT fitRequested({result, std::make_shared<PredictionCache>(*m_predictions), generation});
    }
}

void ReportWorker::fitted(const TwinFitJob& job)
{
    m_fitting = false;
    // The fit and what it predicted belong to the run and the basis (GPU, model) they were made for: another run
    // loaded meanwhile, or a what-if that changed the GPU, is published again below and asks for its own.
    const bool same = job.result->run == m_run && job.predictions->basis == m_predictions->basis;
    if (same)
        *m_predictions = std::move(*job.predictions);
    if (same && job.generation == m_latestGeneration)
        Q_EMIT ready(job.result);
    else if (m_run)
        publish(m_latestSettings, m_latestGeneration); // a newer question, answered with the fit now made
}

} // namespace kp::ui
