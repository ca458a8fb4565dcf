// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

/// How a `kneepoint` child process ended.
struct KneepointResult
{
    int code = -1; ///< the exit code; -1 when it crashed or did not finish in time (then it was killed)
    QString out;
    QString err;
};

/// Waits for `process` to end, killing it after `timeoutMs`, and collects its output.
KneepointResult finishKneepoint(QProcess& process, int timeoutMs);

/// Runs the kneepoint binary (SimProcess::binary()) with `arguments` in `environment` and waits for it.
KneepointResult runKneepoint(const QStringList& arguments, int timeoutMs = 30'000,
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());
