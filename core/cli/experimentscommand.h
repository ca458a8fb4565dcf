// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint experiments [ID]`: the experiments kneepoint tune stored, or one of them reported again from its stored
/// runs (ExperimentReport) in any format, as the window's Experiments dialog shows it.
class ExperimentsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("experiments"); }
    QString summary() const override
    {
        return QStringLiteral("List the stored experiments of kneepoint tune, or report one (kneepoint experiments ID "
                              "--format md).");
    }
    QList<QCommandLineOption> options() const override;
    bool takesArguments() const override { return true; }
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::cli
