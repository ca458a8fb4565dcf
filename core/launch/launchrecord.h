// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchplan.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// What a launch started, on disk from before the start until after the clean-up: <AppDataLocation>/launches/<id>.json.
/// A record left behind means a Kneepoint process died with a server running; the next launch removes what it
/// started. Never holds a secret: no environment, only the argument list (which has none).
struct LaunchRecord
{
    QString id;
    LaunchRuntime runtime = LaunchRuntime::Docker;
    QString container; ///< docker/podman: the container's name
    qint64 pid = 0; ///< local: the engine's process id (and process group); 0 before it started
    QString program;
    QStringList arguments;
    qint64 ownerPid = 0; ///< the Kneepoint process that started it
    QString startedUtc;

    /// Where records live: <AppDataLocation>/launches.
    static QString directory();
    QString path(const QString& directory = LaunchRecord::directory()) const;
    bool write(QString* error, const QString& directory = LaunchRecord::directory()) const;
    bool remove(const QString& directory = LaunchRecord::directory()) const;
    static std::optional<LaunchRecord> read(const QString& path);
    /// Every record in `directory`.
    static QList<LaunchRecord> all(const QString& directory = LaunchRecord::directory());

    /// Whether the process `pid` still runs the recorded command line: /proc/<pid>/cmdline equals the program's
    /// file name and the arguments. A recycled pid running something else is left alone.
    bool engineStillRunning() const;
    /// Whether the Kneepoint process that wrote it is alive (then it is not stale).
    bool ownerAlive() const;
};

/// Removes what stale launch records started: containers by name (`rm -f`), local engines by process group
/// (SIGTERM, then SIGKILL) once their command line is checked. Records whose owner still runs are left alone.
/// Returns one sentence per thing removed.
QStringList cleanUpStaleLaunches(const QString& directory = LaunchRecord::directory());

} // namespace kp::core
