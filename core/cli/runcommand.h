// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"
#include "core/plan/runoptions.h"

namespace kp::core {
class RunStore;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint run`: a whole run against a server, stored, with a summary at the end.
class RunCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("run"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;

    /// The run's options from a parsed command line; throws UsageError on a bad value.
    static RunOptions optionsFrom(const QCommandLineParser& parser);
    /// The sweep's options alone (everything but --url, --model, --gpu and --gpus) into `options`: for a command that
    /// knows the server itself, as launch --then-run does. Throws UsageError on a bad value.
    static void readSweep(const QCommandLineParser& parser, RunOptions& options);
    /// --trace and its window into `options`, the file read (RunOptions::loadTrace) so that a file Kneepoint cannot
    /// replay is said before the server is asked anything. Throws UsageError.
    static void readTrace(const QCommandLineParser& parser, RunOptions& options);
    /// Runs a pipeline to its end with progress on stderr and the summary on stdout; Ctrl-C stops it cleanly.
    /// Returns the exit code; `runId` gets the stored run's id (-1 when none was stored).
    static int execute(const RunOptions& options, const QByteArray& apiKey, RunStore* store, bool json, CommandIo& io,
        qint64* runId = nullptr);
};

} // namespace kp::cli
