// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simprocess.h"

#include <QDeadlineTimer>
#include <QRegularExpression>

SimProcess::~SimProcess()
{
    stop();
}

QString SimProcess::binary()
{
    // ctest sets KNEEPOINT_BINARY; a test started by hand falls back to the binary of the same build.
    return qEnvironmentVariable("KNEEPOINT_BINARY", QStringLiteral(KNEEPOINT_BINARY_PATH));
}

bool SimProcess::start(const QStringList& arguments, QString* error)
{
    QString ignored;
    QString& why = error ? *error : ignored;
    if (binary().isEmpty()) {
        why = QStringLiteral("KNEEPOINT_BINARY is not set");
        return false;
    }
    m_process.start(
        binary(), QStringList {QStringLiteral("sim"), QStringLiteral("--port"), QStringLiteral("0")} + arguments);
    if (!m_process.waitForStarted(10'000)) {
        why = m_process.errorString();
        return false;
    }
    static const QRegularExpression listening(QStringLiteral("Listening on (https?)://[^:]+:(\\d+)"));
    QDeadlineTimer deadline(20'000);
    while (!deadline.hasExpired()) {
        if (m_process.state() != QProcess::Running) {
            why = QStringLiteral("the simulator exited with %1: %2")
                      .arg(m_process.exitCode())
                      .arg(QString::fromUtf8(m_process.readAllStandardError()));
            return false;
        }
        m_process.waitForReadyRead(100);
        m_stdout += QString::fromUtf8(m_process.readAllStandardOutput());
        const auto match = listening.match(m_stdout);
        if (match.hasMatch()) {
            m_scheme = match.captured(1);
            m_port = quint16(match.captured(2).toUInt());
            return true;
        }
    }
    why = QStringLiteral("the simulator did not say where it listens: ") + m_stdout;
    return false;
}

QString SimProcess::standardError()
{
    return QString::fromUtf8(m_process.readAllStandardError());
}

void SimProcess::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(5'000)) {
        m_process.kill();
        m_process.waitForFinished(5'000);
    }
}
