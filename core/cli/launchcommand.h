// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cli/command.h"
#include "launch/launchrequest.h"

namespace kp::core {

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
};

} // namespace kp::core
