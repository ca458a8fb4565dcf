// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint merge SHARD.sqlite… --db RUN.sqlite`: the shards of a sharded run combined into one run (ShardMerger),
/// then analysed as `kneepoint show` would.
class MergeCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("merge"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    bool takesArguments() const override { return true; }
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::cli
