// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint predict ID --set KEY=VALUE…`: a twin of the run's server (ServerTwin) fitted to its steps, asked what
/// other engine settings would do to the same workload; the prediction beside the measurement, with the twin's
/// measured error.
class PredictCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("predict"); }
    QString summary() const override
    {
        return QStringLiteral("Predict what a server setting would do, from a stored run (kneepoint predict ID --set "
                              "max-num-seqs=16).");
    }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

} // namespace kp::cli
