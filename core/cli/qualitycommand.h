// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint quality ask|compare|list`: did a change keep the answers right?
///
/// ask: asks a question set (the bundled one by default) at temperature 0 with a fixed seed, repeat times, and
/// stores the pass; a before pass also stores the rule (the allowed drop). compare A B: pairs the answers question
/// by question and judges by A's rule: exit 0 pass, 1 fail, 3 inconclusive. list: the stored passes.
class QualityCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("quality"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    bool takesArguments() const override { return true; }
    int run(const QCommandLineParser& parser, CommandIo& io) override;

private:
    int ask(const QCommandLineParser& parser, CommandIo& io);
    int compare(const QCommandLineParser& parser, CommandIo& io);
    int list(const QCommandLineParser& parser, CommandIo& io);
};

} // namespace kp::cli
