// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/mergecommand.h"

#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/shard/shardmerger.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>

namespace kp::cli {

QString MergeCommand::summary() const
{
    return QStringLiteral("Combine the shards of a run (kneepoint run --shard I/N) into one run.");
}

QString MergeCommand::description() const
{
    return QStringLiteral(
        "Reads the sharded runs in the databases named, which must be the N shards of one plan, each once, each\n"
        "complete, all made by the same Kneepoint version, and stores them as one run in --db: every request of\n"
        "every shard, on one time line through the clock offsets the shards measured, so that percentiles, goodput\n"
        "and every finding are computed from the raw records, never averaged. The shard files are left as they are.\n");
}

QList<QCommandLineOption> MergeCommand::options() const
{
    return {dbOption(), QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print the result as JSON."))};
}

int MergeCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        throw UsageError {
            QStringLiteral("name the shards' databases: kneepoint merge shard-*.sqlite --db run.sqlite.")};
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint merge: " << error << '\n';
        return ExitFailure;
    }
    const ShardMerger::Result merged = ShardMerger::merge(files, *store);
    if (merged.runId < 0) {
        io.err << "kneepoint merge: nothing was merged: " << merged.error << '\n';
        return ExitFailure;
    }
    return printStoredRun(*store, merged.runId, parser.isSet(QStringLiteral("json")),
        QStringLiteral("Merged %1 shards: %2 steps, %3 requests.")
            .arg(merged.shards)
            .arg(merged.steps)
            .arg(merged.requests),
        merged.notes,
        {{QStringLiteral("shards"), merged.shards}, {QStringLiteral("steps"), merged.steps},
            {QStringLiteral("requests"), double(merged.requests)}},
        io);
}

} // namespace kp::cli
