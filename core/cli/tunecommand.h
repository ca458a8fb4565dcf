// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint tune`: launches the server as `kneepoint launch` would, measures the baseline, asks the twin fitted to it
/// to rank the settings of --try, then launches, proves and measures each in that order within the budget, and ranks
/// them all by capacity against the baseline beyond noise (Experiment), with one recommendation and the flag to copy.
class TuneCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("tune"); }
    QString summary() const override
    {
        return QStringLiteral(
            "Try server settings one launch each and recommend the best (kneepoint tune --try K=V…).");
    }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::cli
