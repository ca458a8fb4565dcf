// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/detectjob.h"

#include <QDeadlineTimer>
#include <QThread>

namespace kp::ui {

DetectJob::DetectJob(const core::ServerEndpoint& target, int timeoutMs)
    : m_target(target)
    , m_timeoutMs(timeoutMs)
{
    qRegisterMetaType<core::DoctorCheck>();
    qRegisterMetaType<core::DoctorReport>();
    qRegisterMetaType<core::ServerFacts>();
}

DetectJob::~DetectJob()
{
    // Deleted from the finished() signal: the thread has left work() and only has its last housekeeping to do.
    if (m_thread)
        m_thread->wait();
}

void DetectJob::start()
{
    Q_ASSERT(!m_thread);
    m_thread = QThread::create([this] { work(); });
    m_thread->setObjectName(QStringLiteral("kneepoint-detect"));
    m_thread->setParent(this);
    connect(m_thread, &QThread::finished, this, &QObject::deleteLater);
    m_thread->start();
}

void DetectJob::cancel()
{
    m_cancellation.cancel();
}

bool DetectJob::wait(int ms)
{
    return !m_thread || m_thread->wait(QDeadlineTimer(ms));
}

void DetectJob::work()
{
    const core::DoctorReport report = core::Doctor::run(
        m_target, m_timeoutMs,
        [this](const core::DoctorCheck& c) {
            if (!m_cancellation.isCancelled())
                Q_EMIT checkDone(c);
        },
        &m_cancellation);
    // Nobody is listening any more.
    if (report.cancelled || m_cancellation.isCancelled())
        return;
    Q_EMIT finished(report, core::ServerFacts::detect(report.replies()));
}

} // namespace kp::ui
