// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The checks of this machine: open files, the CPU governor, other load. Doctor's own statics, for tests to call.
#include "core/common/processlimits.h"
#include "core/doctor/checksupport.h"
#include "core/server/tokenizedialect.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHostAddress>
#include <QHostInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QSslSocket>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <map>
#include <memory>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace kp::core {

using namespace doctorchecks;

namespace {

/// Below this many open files a large sweep runs out of sockets.
constexpr long MinOpenFiles = 4096;
/// Above this share of the machine busy elsewhere, client-side timings stop being trustworthy.
constexpr double MaxBusyFraction = 0.5;

#ifdef Q_OS_LINUX
double ownCpuSeconds()
{
    rusage usage {};
    if (::getrusage(RUSAGE_SELF, &usage) != 0)
        return 0;
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

QByteArray readProcStat()
{
    QFile file(QStringLiteral("/proc/stat"));
    // /proc files report size 0: read until the end rather than by size.
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}
#endif

} // namespace

DoctorCheck Doctor::openFilesCheck()
{
    DoctorCheck c = begin("open-files");
#ifdef Q_OS_UNIX
    rlimit before {};
    const bool known = ::getrlimit(RLIMIT_NOFILE, &before) == 0;
    const long now = raiseOpenFileLimit();
    if (now < 0)
        return finish(c, Result::Skipped, QStringLiteral("not checked: the limit cannot be read"));
    QString detail = QStringLiteral("%1 open files allowed").arg(QLocale::c().toString(qint64(now)));
    if (known && before.rlim_cur < rlim_t(now))
        detail += QStringLiteral(" (raised from %1)").arg(QLocale::c().toString(qint64(before.rlim_cur)));
    if (now < MinOpenFiles)
        return finish(c, Result::Warn, detail,
            QStringLiteral("every concurrent stream needs a socket, so a sweep stops short near %1 users: raise the "
                           "hard limit (ulimit -Hn, LimitNOFILE= in a systemd unit, or /etc/security/limits.conf) "
                           "to at least %2")
                .arg(now)
                .arg(MinOpenFiles));
    return finish(c, Result::Pass, detail);
#else
    return finish(c, Result::Skipped, QStringLiteral("not checked on this system"));
#endif
}

DoctorCheck Doctor::governorCheck(const QString& cpuDir)
{
    DoctorCheck c = begin("governor");
    static const QRegularExpression cpuName(QStringLiteral("^cpu\\d+$"));
    std::map<QString, int> governors;
    int cpus = 0;
    const QDir dir(cpuDir);
    for (const QString& name : dir.entryList({QStringLiteral("cpu*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!cpuName.match(name).hasMatch())
            continue;
        QFile file(dir.filePath(name + QStringLiteral("/cpufreq/scaling_governor")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString governor = QString::fromUtf8(file.readAll().trimmed());
        if (governor.isEmpty())
            continue;
        ++governors[governor];
        ++cpus;
    }
    if (cpus == 0)
        return finish(c, Result::Skipped,
            QStringLiteral("not checked: no CPU frequency governor to read (usual in virtual machines and "
                           "containers)"));
    QString detail;
    if (governors.size() == 1) {
        detail = QStringLiteral("%1 on all %2 CPUs").arg(governors.begin()->first).arg(cpus);
    } else {
        QStringList parts;
        for (const auto& [governor, count] : governors)
            parts << QStringLiteral("%1 on %2").arg(governor).arg(count);
        detail = parts.join(QStringLiteral(", ")) + QStringLiteral(" of %1 CPUs").arg(cpus);
    }
    if (governors.contains(QStringLiteral("powersave")))
        return finish(c, Result::Warn, detail,
            QStringLiteral("the powersave governor roughly doubles the time to first token this client measures; "
                           "switch to performance while benchmarking (sudo cpupower frequency-set -g performance)"));
    return finish(c, Result::Pass, detail);
}

std::optional<double> Doctor::busyFraction(
    const QByteArray& procStatBefore, const QByteArray& procStatAfter, double ownTicks)
{
    // The first line sums all CPUs: user nice system idle iowait irq softirq steal (guest time is inside user).
    auto read = [](const QByteArray& stat, double* total, double* idle) {
        const QByteArray first = stat.left(stat.indexOf('\n'));
        const QList<QByteArray> fields = first.simplified().split(' ');
        if (fields.size() < 5 || fields.first() != "cpu")
            return false;
        *total = 0;
        for (qsizetype i = 1; i < fields.size() && i <= 8; ++i) {
            bool ok = false;
            const double v = fields.at(i).toDouble(&ok);
            if (!ok)
                return false;
            *total += v;
        }
        *idle = fields.at(4).toDouble() + (fields.size() > 5 ? fields.at(5).toDouble() : 0);
        return true;
    };
    double totalBefore = 0, idleBefore = 0, totalAfter = 0, idleAfter = 0;
    if (!read(procStatBefore, &totalBefore, &idleBefore) || !read(procStatAfter, &totalAfter, &idleAfter))
        return std::nullopt;
    const double total = totalAfter - totalBefore;
    if (total <= 0)
        return std::nullopt;
    const double busy = total - (idleAfter - idleBefore) - ownTicks;
    return std::clamp(busy / total, 0.0, 1.0);
}

DoctorCheck Doctor::cpuBusyCheck(int sampleMs)
{
    DoctorCheck c = begin("cpu-busy");
#ifdef Q_OS_LINUX
    const QByteArray before = readProcStat();
    const double ownBefore = ownCpuSeconds();
    QThread::msleep(ulong(sampleMs));
    const QByteArray after = readProcStat();
    const double ownTicks = (ownCpuSeconds() - ownBefore) * double(::sysconf(_SC_CLK_TCK));
    const std::optional<double> busy = busyFraction(before, after, ownTicks);
    if (!busy)
        return finish(c, Result::Skipped, QStringLiteral("not checked: /proc/stat cannot be read"));
    const QString detail = QStringLiteral("the machine was %1% busy with other processes over %2 ms (%3 CPUs)")
                               .arg(qRound(*busy * 100))
                               .arg(sampleMs)
                               .arg(QThread::idealThreadCount());
    if (*busy > MaxBusyFraction)
        return finish(c, Result::Warn, detail,
            QStringLiteral("other work competes with the threads that timestamp tokens and can distort client "
                           "timings (time to first token, inter-token times); stop it, or run Kneepoint elsewhere. "
                           "A server on this same machine counts, too"));
    return finish(c, Result::Pass, detail);
#else
    Q_UNUSED(sampleMs)
    return finish(c, Result::Skipped, QStringLiteral("not checked: only measured on Linux"));
#endif
}

} // namespace kp::core
