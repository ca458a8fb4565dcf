// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QProcess>
#include <QTimer>
#include <QUrl>

namespace kp::core {

/// `kneepoint sim` as a child process on a free loopback port, as `kneepoint demo` and the desktop application's
/// first start use it: like a real server, its event loop never competes with the client's. Stopped when destroyed.
class SimulatorProcess : public QObject
{
    Q_OBJECT

public:
    explicit SimulatorProcess(QObject* parent = nullptr);
    ~SimulatorProcess() override;

    /// The kneepoint executable to start: $KNEEPOINT_BINARY when set (tests), else this very program.
    static QString defaultBinary();

    /// Starts `binary sim --port 0 arguments…`; listening() or failed() follows within `timeoutMs`.
    void start(const QStringList& arguments, const QString& binary = defaultBinary(), int timeoutMs = 20'000);
    /// Blocks until it listens or fails (for the command line); returns the URL, or an empty one with `error` set.
    QUrl waitForListening(QString* error);
    void stop();

    QUrl url() const { return m_url; }
    /// What it printed when it came up (the banner with its address).
    QString banner() const { return m_banner; }

Q_SIGNALS:
    void listening(const QUrl& url);
    void failed(const QString& error);

private:
    void readBanner();
    void fail(const QString& error);

    QProcess m_process;
    QTimer m_deadline;
    QString m_banner;
    QUrl m_url;
    QString m_error;
    bool m_done = false;
};

} // namespace kp::core
