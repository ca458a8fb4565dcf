// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportcontroller.h"

namespace kp::ui {

ReportController::ReportController(const QString& databasePath, QObject* parent)
    : QObject(parent)
    , m_worker(new ReportWorker(databasePath))
{
    qRegisterMetaType<ReportResultPtr>();
    qRegisterMetaType<kp::core::AnalysisSettings>();
    m_thread.setObjectName(QStringLiteral("kneepoint-report"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &ReportController::loadRequested, m_worker, &ReportWorker::load);
    connect(this, &ReportController::analyseRequested, m_worker, &ReportWorker::analyse);
    connect(m_worker, &ReportWorker::ready, this, &ReportController::onReady);
    connect(m_worker, &ReportWorker::failed, this, [this](quint64 generation, const QString& error) {
        if (generation == m_generation)
            Q_EMIT failed(error);
    });
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(100);
    connect(&m_debounce, &QTimer::timeout, this, &ReportController::sendPending);
    m_thread.start();
}

ReportController::~ReportController()
{
    // A twin fit in progress takes seconds; asked, it stops at its next move, so closing the window does not wait.
    m_thread.requestInterruption();
    m_thread.quit();
    m_thread.wait();
}

void ReportController::showRun(qint64 id)
{
    m_runId = id;
    m_pending.reset();
    m_debounce.stop();
    Q_EMIT loadRequested(id, ++m_generation);
}

void ReportController::setSettings(const kp::core::AnalysisSettings& settings)
{
    m_pending = settings;
    // Not restarted while it runs: a drag that never pauses still recomputes every 100 ms.
    if (!m_debounce.isActive())
        m_debounce.start();
}

void ReportController::sendPending()
{
    if (!m_pending || m_runId < 0)
        return;
    Q_EMIT analyseRequested(*m_pending, ++m_generation);
    m_pending.reset();
}

void ReportController::onReady(const ReportResultPtr& result)
{
    if (result->generation != m_generation)
        return; // an answer to a question no longer asked
    m_current = result;
    Q_EMIT resultReady(result);
}

} // namespace kp::ui
