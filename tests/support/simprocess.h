// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

/// `kneepoint sim` started as a child process on a free loopback port, for tests that talk to it over a real
/// socket. Stopped (and reaped) when destroyed.
class SimProcess
{
public:
    SimProcess() = default;
    ~SimProcess();

    /// Starts the simulator with `arguments` (after `sim --port 0`); false with `error` set if it did not come up.
    bool start(const QStringList& arguments, QString* error = nullptr);
    void stop();

    quint16 port() const { return m_port; }
    QString baseUrl() const { return QStringLiteral("%1://127.0.0.1:%2").arg(m_scheme).arg(m_port); }
    QString standardOutput() const { return m_stdout; }
    QString standardError();
    QProcess& process() { return m_process; }

    /// The kneepoint binary the tests run: $KNEEPOINT_BINARY, else the one this build made.
    static QString binary();

private:
    QProcess m_process;
    quint16 m_port = 0;
    QString m_scheme = QStringLiteral("http"); ///< https when started with --ssl-certfile
    QString m_stdout;
};
