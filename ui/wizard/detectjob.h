// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/doctor/doctor.h"
#include "core/load/serverendpoint.h"
#include "core/server/serverfacts.h"

#include <QObject>

class QThread;

namespace kp::ui {

/// One run of the doctor checks on a worker thread of its own, since Doctor::run blocks for up to a timeout per
/// check. Results come back as queued signals, in the receiver's thread.
///
/// Lifetime: the job has no parent and deletes itself once its thread has finished, so the page that started it may
/// go first. cancel() stops it within 50 ms of a request under way, or at the end of a check that sends none, and it
/// emits nothing more.
class DetectJob : public QObject
{
    Q_OBJECT
public:
    DetectJob(const core::ServerEndpoint& target, int timeoutMs);
    ~DetectJob() override;

    void start();
    /// Thread-safe.
    void cancel();
    /// Blocks until the thread has ended or `ms` have passed; true if it has ended.
    bool wait(int ms);

Q_SIGNALS:
    void checkDone(const kp::core::DoctorCheck& check);
    void finished(const kp::core::DoctorReport& report, const kp::core::ServerFacts& facts);

private:
    void work();

    const core::ServerEndpoint m_target;
    const int m_timeoutMs;
    QThread* m_thread = nullptr;
    core::Cancellation m_cancellation;
};

} // namespace kp::ui
