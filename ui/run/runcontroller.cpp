// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/runcontroller.h"

#include "core/common/monotonicclock.h"
#include "ui/run/runworker.h"

#include <QDeadlineTimer>
#include <QThread>

#include <algorithm>
#include <atomic>

namespace kp::ui {

namespace {

// A run cancels within a second or two (the load engine's cancel, the scraper's closing scrape): longer means
// the server or the disk hangs, and the thread is told to quit without waiting for the pipeline.
constexpr int ShutdownWaitMs = 20'000;

QString nextConnectionName()
{
    static std::atomic<int> counter {0};
    return QStringLiteral("kneepoint-run-%1").arg(++counter);
}

} // namespace

RunController::RunController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<kp::core::RunPipeline::StepOutcome>("kp::core::RunPipeline::StepOutcome");
    qRegisterMetaType<kp::core::MetricsSample>("kp::core::MetricsSample");
    qRegisterMetaType<kp::core::RunStatus>("kp::core::RunStatus");
}

RunController::~RunController()
{
    ++m_generation;
    if (m_thread && m_thread->isRunning()) {
        QMetaObject::invokeMethod(m_worker, &RunWorker::shutdown, Qt::QueuedConnection);
        if (!m_thread->wait(QDeadlineTimer(ShutdownWaitMs))) {
            m_thread->quit();
            m_thread->wait();
        }
    }
    joinThread();
}

void RunController::joinThread()
{
    if (!m_thread)
        return;
    // The worker quits its thread right after finished(), so this wait is short; the worker's pipeline and store
    // are already gone (release() ran on the thread), and the empty worker can be deleted here.
    m_thread->wait();
    delete m_worker;
    delete m_thread;
    m_worker = nullptr;
    m_thread = nullptr;
}

bool RunController::start(const core::RunOptions& options, const QByteArray& apiKey, const QString& databasePath)
{
    if (m_running)
        return false;
    joinThread();
    m_options = options.resolved();
    m_runId = -1;
    m_timeScale = 1;
    m_roundTripMs = 0;
    m_startedNs = core::monotonicNowNs();
    m_running = true;
    const quint64 generation = ++m_generation;

    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("kneepoint-run"));
    m_worker = new RunWorker(options, apiKey, databasePath, nextConnectionName());
    m_worker->moveToThread(m_thread);
    // Emitted on the worker thread as it ends: the pipeline and the store's connection die where they were made.
    connect(m_thread, &QThread::finished, m_worker, &RunWorker::release, Qt::DirectConnection);

    auto current = [this, generation] { return generation == m_generation; };
    connect(m_worker, &RunWorker::runCreated, this, [this, current](qint64 runId, double timeScale, double rtt) {
        if (!current())
            return;
        m_runId = runId;
        m_timeScale = timeScale;
        m_roundTripMs = std::max(0.0, rtt);
        Q_EMIT runCreated(runId, timeScale);
    });
    connect(m_worker, &RunWorker::stageChanged, this, [this, current](core::RunStage stage, const QString& detail) {
        if (current())
            Q_EMIT stageChanged(stage, detail);
    });
    connect(m_worker, &RunWorker::progress, this,
        [this, current](int done, int total, double elapsed, double remaining, const QString& what) {
            if (current())
                Q_EMIT progress(done, total, elapsed, remaining, what);
        });
    connect(m_worker, &RunWorker::stepFinished, this, [this, current](const core::RunPipeline::StepOutcome& outcome) {
        if (current())
            Q_EMIT stepFinished(outcome);
    });
    connect(m_worker, &RunWorker::metricsSampled, this, [this, current](const core::MetricsSample& sample) {
        if (current())
            Q_EMIT metricsSampled(sample);
    });
    connect(m_worker, &RunWorker::requestsMeasured, this, [this, current](const QList<core::RequestDot>& dots) {
        if (current())
            Q_EMIT requestsMeasured(dots);
    });
    connect(m_worker, &RunWorker::quiet, this, [this, current](int seconds, int timeoutSeconds) {
        if (current())
            Q_EMIT quiet(seconds, timeoutSeconds);
    });
    connect(m_worker, &RunWorker::stepPlanned, this, [this, current](int requests, double seconds, bool timed) {
        if (current())
            Q_EMIT stepPlanned(requests, seconds, timed);
    });
    connect(m_worker, &RunWorker::planSized, this, [this, current](const QString& sentence, double seconds, bool held) {
        if (current())
            Q_EMIT planSized(sentence, seconds, held);
    });
    connect(m_worker, &RunWorker::finished, this, [this, current](core::RunStatus status, const QString& reason) {
        if (!current())
            return;
        m_running = false;
        Q_EMIT finished(status, reason);
    });

    m_thread->start();
    QMetaObject::invokeMethod(m_worker, &RunWorker::start, Qt::QueuedConnection);
    Q_EMIT started();
    return true;
}

void RunController::stop()
{
    if (m_running)
        QMetaObject::invokeMethod(m_worker, &RunWorker::cancel, Qt::QueuedConnection);
}

void RunController::hold(bool held)
{
    if (m_running)
        QMetaObject::invokeMethod(
            m_worker, [worker = m_worker, held] { worker->hold(held); }, Qt::QueuedConnection);
}

} // namespace kp::ui
