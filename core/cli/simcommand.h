// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"
#include "core/sim/simconfig.h"

namespace kp::cli {

/// `kneepoint sim`: the simulated vLLM server on a loopback port, until interrupted.
class SimCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("sim"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;

    /// The SimConfig a parsed command line asks for; throws UsageError on a bad value.
    static SimConfig configFrom(const QCommandLineParser& parser);
    /// A few lines on what the simulator will run: GPU, model, KV cache, the roofline at batch 1.
    static QString describe(const ResolvedSimConfig& r);
};

} // namespace kp::cli
