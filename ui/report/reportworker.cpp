// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportworker.h"

#include "predict/prediction.h"
#include "store/runstore.h"

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
    // The twin is fitted once per run, a second or more: a report that needs the fit goes out at once without it,
    // then again with it. After that a what-if, even one that suggests other flags, goes out once.
    if (result->content.predictTryNext(*m_run, settings, m_predictions.get(), false)) {
        Q_EMIT ready(result);
        return;
    }
    Q_EMIT ready(result);
    auto predicted = std::make_shared<ReportResult>(*result);
    predicted->content.predictTryNext(*m_run, settings, m_predictions.get());
    Q_EMIT ready(predicted);
}

} // namespace kp::ui
