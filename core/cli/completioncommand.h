// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint completion bash|zsh`: the shell completion script, generated from the parser's own commands.
class CompletionCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("completion"); }
    QString summary() const override { return QStringLiteral("Print the bash or zsh completion script."); }
    QString description() const override;
    QList<QCommandLineOption> options() const override { return {}; }
    bool takesArguments() const override { return true; }
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

/// `kneepoint manpage`: kneepoint(1), generated from the parser's own commands.
class ManpageCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("manpage"); }
    QString summary() const override { return QStringLiteral("Print the manual page (man -l - reads it)."); }
    QList<QCommandLineOption> options() const override { return {}; }
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::cli
