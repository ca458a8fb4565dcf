// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/predict/predictworker.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/predict/prediction.h"
#include "core/store/runstore.h"

#include <QThread>

namespace kp::ui {

using namespace kp::core;

PredictWorker::PredictWorker(const QString& databasePath)
    : m_path(databasePath)
{ }

PredictWorker::~PredictWorker() = default;

void PredictWorker::predict(qint64 runId, const QStringList& settings, quint64 generation)
{
    QString error;
    if (!m_store) {
        // A connection per thread, named after it: QtSql connections never cross threads.
        m_store = RunStore::open(
            m_path, &error, QStringLiteral("predict-%1").arg(quintptr(QThread::currentThreadId()), 0, 16));
        if (!m_store) {
            Q_EMIT failed(generation, error);
            return;
        }
    }
    const std::optional<RunData> run = RunData::load(*m_store, runId, &error);
    if (!run) {
        Q_EMIT failed(generation, error);
        return;
    }
    // Under the run's own targets, with the model found as the report finds it.
    const AnalysisSettings analysis = AnalysisSettings::ofRunOffline(*run);
    PredictionRequest request;
    request.set = settings;
    const std::optional<Prediction> prediction = Prediction::of(*run, analysis, request, &error);
    if (!prediction) {
        Q_EMIT failed(generation, error);
        return;
    }
    Q_EMIT ready(generation, prediction->text(), prediction->toJson());
}

} // namespace kp::ui
