// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the interop tests share to run programs against the real llama.cpp server: the chroot it lives in, a bounded
// child process, a free port and a median. Each test defines KNEEPOINT_SOURCE_DIR.

#include <QHostAddress>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTcpServer>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace interop {

/// How a child process ended: its exit code (-1 when it crashed, did not start or timed out) and output.
struct Ran
{
    int exitCode = -1;
    QString out;
    QString err;
};

inline QString sourceDir()
{
    return QStringLiteral(KNEEPOINT_SOURCE_DIR);
}

/// The Debian sid chroot that holds llama-server (tests/interop/setup.sh), or $KNEEPOINT_INTEROP_CHROOT.
inline QString chrootDir()
{
    const QString fromEnvironment = qEnvironmentVariable("KNEEPOINT_INTEROP_CHROOT");
    return fromEnvironment.isEmpty() ? QStringLiteral("/var/cache/kneepoint-interop/sid") : fromEnvironment;
}

/// Runs `program` and waits at most `timeoutMs` for it, killing it then.
inline Ran runProgram(const QString& program, const QStringList& arguments, int timeoutMs)
{
    QProcess p;
    p.start(program, arguments);
    Ran r;
    if (!p.waitForStarted(10'000)) {
        r.err = p.errorString();
        return r;
    }
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QStringLiteral("timed out after %1 ms\n").arg(timeoutMs) + QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

/// The kneepoint binary under test ($KNEEPOINT_BINARY) with `arguments`.
inline Ran kneepoint(const QStringList& arguments, int timeoutMs = 600'000)
{
    return runProgram(qEnvironmentVariable("KNEEPOINT_BINARY"), arguments, timeoutMs);
}

inline quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

/// `count` free ports, all different: each probe is held until every one is taken, since the kernel may hand a port
/// just released out again (two of nginx's servers were once given one port, and nginx refused to start).
inline std::vector<quint16> freePorts(int count)
{
    std::vector<std::unique_ptr<QTcpServer>> probes;
    std::vector<quint16> ports;
    for (int i = 0; i < count; ++i) {
        probes.push_back(std::make_unique<QTcpServer>());
        probes.back()->listen(QHostAddress::LocalHost, 0);
        ports.push_back(probes.back()->serverPort());
    }
    return ports;
}

inline double median(std::vector<double> v)
{
    if (v.empty())
        return std::nan("");
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace interop
