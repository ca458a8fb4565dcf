// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "kneepointrun.h"

#include "simprocess.h"

KneepointResult finishKneepoint(QProcess& process, int timeoutMs)
{
    KneepointResult r;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return r;
    }
    r.code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

KneepointResult runKneepoint(const QStringList& arguments, int timeoutMs, const QProcessEnvironment& environment)
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(SimProcess::binary(), arguments);
    return finishKneepoint(p, timeoutMs);
}
