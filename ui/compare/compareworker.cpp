// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compare/compareworker.h"

#include "core/analysis/analysissettings.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/report/reportcontent.h"
#include "core/store/runstore.h"

#include <QThread>

namespace kp::ui {

using namespace kp::core;

CompareWorker::CompareWorker(const QString& databasePath)
    : m_path(databasePath)
{ }

CompareWorker::~CompareWorker() = default;

void CompareWorker::compare(qint64 a, qint64 b, quint64 generation)
{
    QString error;
    if (!m_store) {
        // A connection per thread, named after it: QtSql connections never cross threads.
        m_store = RunStore::open(
            m_path, &error, QStringLiteral("compare-%1").arg(quintptr(QThread::currentThreadId()), 0, 16));
        if (!m_store) {
            Q_EMIT failed(generation, error);
            return;
        }
    }
    const std::optional<RunData> runA = RunData::load(*m_store, a, &error);
    const std::optional<RunData> runB = runA ? RunData::load(*m_store, b, &error) : std::nullopt;
    if (!runA || !runB) {
        Q_EMIT failed(generation, error);
        return;
    }
    auto result = std::make_shared<CompareResult>();
    result->generation = generation;
    result->a = a;
    result->b = b;
    // The same question of both runs: the targets of the one before.
    RunAnalysis analysisA, analysisB;
    result->comparison = RunComparison::ofStored(*m_store, *runA, AnalysisSettings::ofRun(*runA), *runB,
        AnalysisSettings::ofRun(*runB), RunComparison::kDefaultMinEffectPercent, &analysisA, &analysisB);
    result->gate = RunGate::of(result->comparison, runB->summary);
    result->charts = comparisonCharts(result->comparison, analysisA, analysisB);
    Q_EMIT ready(result);
}

} // namespace kp::ui
