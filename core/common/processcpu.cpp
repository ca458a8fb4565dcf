// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/processcpu.h"

#include <QFile>
#include <QProcess>
#include <QSysInfo>

#include <sys/resource.h>

namespace kp::core {

double processCpuSeconds()
{
    rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) != 0)
        return -1;
    auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

QString cpuModelName()
{
#if defined(Q_OS_LINUX)
    QFile file(QStringLiteral("/proc/cpuinfo"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // x86 says "model name"; some ARM kernels say nothing of the kind, and then the answer is honestly empty.
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (line.startsWith("model name") || line.startsWith("Model name")) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                return QString::fromUtf8(line.mid(colon + 1).trimmed());
        }
    }
    return {};
#elif defined(Q_OS_MACOS)
    QProcess sysctl;
    sysctl.start(
        QStringLiteral("/usr/sbin/sysctl"), {QStringLiteral("-n"), QStringLiteral("machdep.cpu.brand_string")});
    if (!sysctl.waitForFinished(2000))
        return {};
    return QString::fromUtf8(sysctl.readAllStandardOutput().trimmed());
#else
    return {};
#endif
}

} // namespace kp::core
