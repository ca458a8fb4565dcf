// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simulatorprocess.h"

#include "core/common/kneepointbinary.h"

#include <QEventLoop>
#include <QRegularExpression>

namespace kp::core {

SimulatorProcess::SimulatorProcess(QObject* parent)
    : QObject(parent)
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        fail(tr("The simulator did not come up in time: %1").arg(QString::fromUtf8(m_process.readAllStandardError())));
    });
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &SimulatorProcess::readBanner);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            fail(tr("Could not start the simulator: %1").arg(m_process.errorString()));
    });
    connect(&m_process, &QProcess::finished, this, [this](int code) {
        fail(tr("The simulator exited with %1: %2")
                 .arg(code)
                 .arg(QString::fromUtf8(m_process.readAllStandardError()).trimmed()));
    });
}

SimulatorProcess::~SimulatorProcess()
{
    stop();
}

QString SimulatorProcess::defaultBinary()
{
    return kneepointBinary();
}

void SimulatorProcess::start(const QStringList& arguments, const QString& binary, int timeoutMs)
{
    m_done = false;
    m_banner.clear();
    m_url.clear();
    m_error.clear();
    m_deadline.start(timeoutMs);
    m_process.start(
        binary, QStringList {QStringLiteral("sim"), QStringLiteral("--port"), QStringLiteral("0")} + arguments);
}

void SimulatorProcess::readBanner()
{
    m_banner += QString::fromUtf8(m_process.readAllStandardOutput());
    if (m_done)
        return;
    static const QRegularExpression listeningOn(QStringLiteral("Listening on (https?://\\S+)"));
    const QRegularExpressionMatch match = listeningOn.match(m_banner);
    if (!match.hasMatch())
        return;
    m_done = true;
    m_deadline.stop();
    m_url = QUrl(match.captured(1));
    Q_EMIT listening(m_url);
}

void SimulatorProcess::fail(const QString& error)
{
    if (m_done)
        return;
    m_done = true;
    m_deadline.stop();
    m_error = error;
    Q_EMIT failed(error);
}

QUrl SimulatorProcess::waitForListening(QString* error)
{
    if (!m_done) {
        QEventLoop loop;
        connect(this, &SimulatorProcess::listening, &loop, &QEventLoop::quit);
        connect(this, &SimulatorProcess::failed, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (m_url.isEmpty() && error)
        *error = m_error;
    return m_url;
}

void SimulatorProcess::stop()
{
    m_deadline.stop();
    m_done = true;
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.disconnect(this);
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished();
    }
}

} // namespace kp::core
