// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchrecord.h"

#include "core/launch/launchcommandbuilder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <csignal>

#ifdef Q_OS_UNIX
#include <sys/types.h>
#include <unistd.h>
#endif

namespace kp::core {

namespace {

bool processAlive(qint64 pid)
{
#ifdef Q_OS_UNIX
    return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM);
#else
    Q_UNUSED(pid);
    return false;
#endif
}

} // namespace

QString LaunchRecord::directory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/launches");
}

QString LaunchRecord::path(const QString& directory) const
{
    return directory + u'/' + id + QStringLiteral(".json");
}

bool LaunchRecord::write(QString* error, const QString& directory) const
{
    QDir().mkpath(directory);
    QSaveFile file(path(directory));
    const QJsonObject o {{QStringLiteral("id"), id}, {QStringLiteral("runtime"), launchRuntimeName(runtime)},
        {QStringLiteral("container"), container}, {QStringLiteral("pid"), double(pid)},
        {QStringLiteral("program"), program}, {QStringLiteral("arguments"), QJsonArray::fromStringList(arguments)},
        {QStringLiteral("owner_pid"), double(ownerPid)}, {QStringLiteral("started_utc"), startedUtc}};
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(o).toJson()) < 0 || !file.commit()) {
        *error = QStringLiteral("Cannot write the launch record %1: %2.").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

bool LaunchRecord::remove(const QString& directory) const
{
    return QFile::remove(path(directory));
}

std::optional<LaunchRecord> LaunchRecord::read(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    if (o.value(u"id").toString().isEmpty())
        return std::nullopt;
    LaunchRecord r;
    r.id = o.value(u"id").toString();
    const QString runtime = o.value(u"runtime").toString();
    r.runtime = launchRuntimeFromName(runtime).value_or(LaunchRuntime::Docker);
    r.container = o.value(u"container").toString();
    r.pid = qint64(o.value(u"pid").toDouble());
    r.program = o.value(u"program").toString();
    for (const QJsonValue v : o.value(u"arguments").toArray())
        r.arguments << v.toString();
    r.ownerPid = qint64(o.value(u"owner_pid").toDouble());
    r.startedUtc = o.value(u"started_utc").toString();
    return r;
}

QList<LaunchRecord> LaunchRecord::all(const QString& directory)
{
    QList<LaunchRecord> records;
    const QFileInfoList files = QDir(directory).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& f : files) {
        if (auto r = read(f.absoluteFilePath()))
            records << *r;
    }
    return records;
}

bool LaunchRecord::ownerAlive() const
{
    return ownerPid == QCoreApplication::applicationPid() || processAlive(ownerPid);
}

bool LaunchRecord::engineStillRunning() const
{
    if (!processAlive(pid))
        return false;
    QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
    if (!cmdline.open(QIODevice::ReadOnly))
        return false;
    QList<QByteArray> parts = cmdline.readAll().split('\0');
    if (!parts.isEmpty() && parts.last().isEmpty())
        parts.removeLast();
    if (parts.size() != arguments.size() + 1)
        return false;
    // argv[0] is what the program was started as; compare file names so that a PATH lookup still matches.
    if (QFileInfo(QString::fromLocal8Bit(parts.first())).fileName() != QFileInfo(program).fileName())
        return false;
    for (int i = 0; i < arguments.size(); ++i) {
        if (QString::fromLocal8Bit(parts.at(i + 1)) != arguments.at(i))
            return false;
    }
    return true;
}

QStringList cleanUpStaleLaunches(const QString& directory)
{
    QStringList done;
    const QList<LaunchRecord> records = LaunchRecord::all(directory);
    for (const LaunchRecord& r : records) {
        if (r.ownerAlive())
            continue;
        if (!launchInContainer(r.runtime)) {
#ifdef Q_OS_UNIX
            if (r.engineStillRunning()) {
                // The engine was started in its own process group, so its workers go with it.
                ::kill(-pid_t(r.pid), SIGTERM);
                for (int i = 0; i < 100 && processAlive(r.pid); ++i)
                    QThread::msleep(100);
                if (processAlive(r.pid))
                    ::kill(-pid_t(r.pid), SIGKILL);
                done << QStringLiteral("Stopped the engine (pid %1) a previous launch left running.").arg(r.pid);
            }
#endif
        } else if (!r.container.isEmpty()) {
            const QList<LaunchCommandLine> commands = LaunchCommandBuilder::cleanup(r.runtime, r.container);
            // rm -f stops and removes in one go; a container already gone makes it fail harmlessly.
            const LaunchCommandLine& rm = commands.last();
            QProcess p;
            p.start(rm.program, rm.arguments);
            if (p.waitForFinished(60'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0
                && !p.readAllStandardOutput().trimmed().isEmpty())
                done << QStringLiteral("Removed the container %1 a previous launch left behind.").arg(r.container);
        }
        r.remove(directory);
    }
    return done;
}

} // namespace kp::core
