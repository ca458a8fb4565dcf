// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"
#include "core/launch/launchrequest.h"
#include "core/plan/runoptions.h"

#include <QJsonObject>

namespace kp::core {
class RunStore;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint launch`: starts vLLM for a model and revision (in a pinned container, or as a local process), proves
/// that it answers correctly, then either keeps it up until Ctrl-C or runs the sweep against it (--then-run), and
/// always stops and removes it at the end.
class LaunchCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("launch"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;

    /// The request the options stand for; throws UsageError on a value that is not one (an unknown engine).
    /// Everything else is LaunchRequest::prepare()'s to check, for the command line and the dialog alike.
    static LaunchRequest requestFrom(const QCommandLineParser& parser);

    /// One launch driven to its end for a sweep, as `launch --then-run` does: starts and proves
    /// the server (its stages on stderr), runs `sweep` against it (the summary on `runIo`), keeps the launch's facts
    /// with the stored run, and stops and removes the server.
    struct LaunchedRun
    {
        bool proven = false; ///< it started and answered; false: no load was applied
        bool interrupted = false; ///< Ctrl-C before it was proven
        int code = ExitFailure; ///< the sweep's exit code
        qint64 runId = -1;
        QString failure; ///< why it did not start
        QString logPath; ///< the server's whole output
        QJsonObject facts; ///< what the launch learnt
    };
    static LaunchedRun launchAndRun(const LaunchPreparation& prepared, const RunOptions& sweep, RunStore& store,
        bool json, CommandIo& io, CommandIo& runIo);
};

} // namespace kp::cli
