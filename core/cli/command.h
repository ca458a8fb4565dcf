// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/corenames.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QTextStream>

class QCommandLineParser;

namespace kp::cli {

/// Exit codes shared by every subcommand.
enum ExitCode {
    ExitOk = 0,
    ExitFailure = 1, ///< the command ran and failed; stderr says why in a sentence
    ExitUsage = 2, ///< the command line was wrong
    /// a comparison that could not decide: quality compare, compare --gate and run --baseline with nothing to judge
    ExitInconclusive = 3,
    /// kneepoint run: the server stopped answering mid-run and did not come back within --server-wait
    ExitServerFailed = 4,
    ExitInterrupted = 130,
};

/// Where a command writes: stdout for results, stderr for progress and errors.
struct CommandIo
{
    QTextStream& out;
    QTextStream& err;
};

/// Thrown by a command when an option's value is wrong; CommandLine prints it and exits with ExitUsage.
struct UsageError
{
    QString message;
};

/// One subcommand of `kneepoint`. Runs without a display: QCoreApplication exists, QGuiApplication does not.
class Command
{
public:
    virtual ~Command() = default;
    virtual QString name() const = 0;
    /// One line for `kneepoint --help`.
    virtual QString summary() const = 0;
    /// A paragraph for `kneepoint NAME --help`.
    virtual QString description() const { return summary(); }
    virtual QList<QCommandLineOption> options() const = 0;
    /// Whether the command takes positional arguments (kneepoint show ID); others refuse any.
    virtual bool takesArguments() const { return false; }
    /// Runs the command with its parsed options; returns an ExitCode.
    virtual int run(const QCommandLineParser& parser, CommandIo& io) = 0;
};

/// Typed option readers that throw UsageError with a message naming the option and the accepted range.
namespace option {
int integer(const QCommandLineParser& parser, const QString& name, int min, int max);
double number(const QCommandLineParser& parser, const QString& name, double min, double max);
/// A probability: a number from 0 to 1.
double rate(const QCommandLineParser& parser, const QString& name);
/// Users, as a sweep lists them ("1,4,16", or with spaces or semicolons): each a whole number from `min` to `max`.
QList<int> users(const QCommandLineParser& parser, const QString& name, int min, int max);
} // namespace option

} // namespace kp::cli
