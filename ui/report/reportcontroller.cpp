// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/reportcontroller.h"

#include "ui/report/twinworker.h"

namespace kp::ui {

ReportController::ReportController(const QString& databasePath, QObject* parent)
    : QObject(parent)
    , m_worker(new ReportWorker(databasePath))
    , m_twin(new TwinWorker)
{
    qRegisterMetaType<ReportResultPtr>();
    qRegisterMetaType<kp::core::AnalysisSettings>();
    qRegisterMetaType<TwinFitJob>();
    m_thread.setObjectName(QStringLiteral("kneepoint-report"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_twinThread.setObjectName(QStringLiteral("kneepoint-twin"));
    m_twin->moveToThread(&m_twinThread);
    connect(&m_twinThread, &QThread::finished, m_twin, &QObject::deleteLater);
    connect(m_worker, &ReportWorker::fitRequested, m_twin, &TwinWorker::fit);
    connect(m_twin, &TwinWorker::fitted, m_worker, &ReportWorker::fitted);
    connect(this, &ReportController::loadRequested, m_worker, &ReportWorker::load);
    connect(this, &ReportController::analyseRequested, m_worker, &ReportWorker::analyse);
    connect(m_worker, &ReportWorker::ready, this, &ReportController::onReady);
    connect(m_worker, &ReportWorker::failed, this, [this](quint64 generation, const QString& error) {
        if (generation == m_inFlight)
            answered();
        if (generation == m_generation)
            Q_EMIT failed(error);
    });
    m_thread.start();
    m_twinThread.start();
}

ReportController::~ReportController()
{
    // A twin fit in progress takes seconds; asked, it stops at its next move, so closing the window does not wait.
    m_twinThread.requestInterruption();
    m_twinThread.quit();
    m_thread.requestInterruption();
    m_thread.quit();
    m_twinThread.wait();
    m_thread.wait();
}

void ReportController::showRun(qint64 id)
{
    m_runId = id;
    m_pending.reset();
    m_inFlight = 0;
    Q_EMIT loadRequested(id, ++m_generation);
}

void ReportController::setSettings(const kp::core::AnalysisSettings& settings)
{
    m_pending = settings;
    // Asked at once while nothing is out; else the newest change waits for the answer to the one out, so that a drag
    // is recomputed as fast as answers come and never queues answers nobody will see.
    if (m_inFlight == 0)
        sendPending();
}

void ReportController::answered()
{
    m_inFlight = 0;
    sendPending();
}

void ReportController::sendPending()
{
    if (!m_pending || m_runId < 0)
        return;
    Q_EMIT analyseRequested(*m_pending, ++m_generation);
    m_inFlight = m_generation;
    m_pending.reset();
}

void ReportController::onReady(const ReportResultPtr& result)
{
    if (result->generation == m_inFlight)
        answered();
    if (result->generation != m_generation)
        return; // an answer to a question no longer asked
    m_current = result;
    Q_EMIT resultReady(result);
}

} // namespace kp::ui
