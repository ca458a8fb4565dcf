// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/tune/tuneworker.h"

#include "core/store/runstore.h"

#include <QThread>

namespace kp::ui {

using namespace kp::core;

TuneWorker::TuneWorker(const TuneRequest& request, const QString& databasePath)
    : m_request(request)
    , m_path(databasePath)
{ }

TuneWorker::~TuneWorker() = default;

void TuneWorker::start()
{
    QString error;
    // A connection of this thread's own: QtSql connections never cross threads.
    const std::unique_ptr<RunStore> store
        = RunStore::open(m_path, &error, QStringLiteral("tune-%1").arg(quintptr(QThread::currentThreadId()), 0, 16));
    if (!store) {
        Q_EMIT refused(error, {});
        thread()->quit();
        return;
    }
    Tuner tuner(m_request, *store);
    const Tuner::Checked checked = tuner.check();
    if (!checked.ok) {
        Q_EMIT refused(checked.refusal, checked.lines);
        thread()->quit();
        return;
    }
    connect(&tuner, &Tuner::line, this, &TuneWorker::line);
    connect(&tuner, &Tuner::trialStarted, this, &TuneWorker::trialStarted);
    connect(&tuner, &Tuner::trialFinished, this, [this](const Experiment::Trial& trial) {
        if (trial.runId >= 0)
            Q_EMIT trialStored(trial.runId);
    });
    // A cancel() queued while the launches were checked is delivered inside the first trial's event loop.
    m_tuner = &tuner;
    Experiment experiment = tuner.run();
    m_tuner = nullptr;
    Q_EMIT finished(std::make_shared<const Experiment>(std::move(experiment)), tuner.interrupted());
    // One thread per experiment: it ends here. The dialog never quits it from outside, which would end the trial's
    // own event loops too.
    thread()->quit();
}

void TuneWorker::cancel()
{
    m_cancelled = true;
    if (m_tuner)
        m_tuner->cancel();
}

} // namespace kp::ui
