// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/runworker.h"

#include "core/common/processlimits.h"
#include "core/store/runstore.h"

#include <QThread>

namespace kp::ui {

RunWorker::RunWorker(const core::RunOptions& options, const QByteArray& apiKey, const QString& databasePath,
    const QString& connectionName)
    : m_options(options)
    , m_apiKey(apiKey)
    , m_databasePath(databasePath)
    , m_connectionName(connectionName)
{
    // A crash from here on would write the key into a core file.
    if (!m_apiKey.isEmpty())
        core::keepSecretsOutOfCoreDumps();
}

RunWorker::~RunWorker()
{
    // release() has run on the worker thread by now; this only catches a worker that was never started.
    release();
}

void RunWorker::start()
{
    QString error;
    m_store = core::RunStore::open(m_databasePath, &error, m_connectionName);
    if (!m_store) {
        onFinished(core::RunStatus::Failed, error);
        return;
    }
    m_pipeline = std::make_unique<core::RunPipeline>(m_options, m_apiKey, m_store.get());
    core::RunPipeline* pipeline = m_pipeline.get();
    connect(pipeline, &core::RunPipeline::stageChanged, this, &RunWorker::stageChanged);
    connect(pipeline, &core::RunPipeline::progress, this,
        [this, pipeline](int done, int total, double elapsed, double remaining, const QString& what) {
            // The first progress comes once the run is stored and the server's speed is known: the GUI needs both
            // before the first step's figures arrive.
            if (!m_announced && pipeline->runId() >= 0) {
                m_announced = true;
                Q_EMIT runCreated(pipeline->runId(), pipeline->timeScale(), pipeline->roundTripMs());
            }
            Q_EMIT progress(done, total, elapsed, remaining, what);
        });
    connect(pipeline, &core::RunPipeline::stepFinished, this, &RunWorker::stepFinished);
    connect(pipeline, &core::RunPipeline::metricsSampled, this, &RunWorker::metricsSampled);
    connect(pipeline, &core::RunPipeline::requestsMeasured, this, &RunWorker::requestsMeasured);
    connect(pipeline, &core::RunPipeline::quiet, this, &RunWorker::quiet);
    connect(pipeline, &core::RunPipeline::stepPlanned, this, &RunWorker::stepPlanned);
    connect(pipeline, &core::RunPipeline::planSized, this, &RunWorker::planSized);
    connect(pipeline, &core::RunPipeline::finished, this, &RunWorker::onFinished);
    m_pipeline->start();
}

void RunWorker::cancel()
{
    if (m_pipeline && !m_done)
        m_pipeline->cancel();
}

void RunWorker::hold(bool held)
{
    if (m_pipeline && !m_done)
        m_pipeline->hold(held);
}

void RunWorker::shutdown()
{
    if (!m_pipeline || m_done) {
        thread()->quit();
        return;
    }
    m_pipeline->cancel();
}

void RunWorker::onFinished(core::RunStatus status, const QString& reason)
{
    m_done = true;
    Q_EMIT finished(status, reason);
    // One thread per run: once it is over, the thread ends and release() closes the store on it.
    thread()->quit();
}

void RunWorker::release()
{
    m_pipeline.reset();
    m_store.reset();
}

} // namespace kp::ui
