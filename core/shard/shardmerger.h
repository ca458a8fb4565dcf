// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kp::core {

class RunStore;

/// Combines the shards of one sharded run (kneepoint run --shard I/N, one database each) into one run, from their raw
/// per-request records: every percentile, goodput and analysis of the result is exact, never an average of averages.
/// Each shard's times are moved onto shard 0's clock with the offsets the shards measured and stored.
class ShardMerger
{
public:
    struct Result
    {
        qint64 runId = -1; ///< the merged run; -1 on failure, when `error` says why and nothing was stored
        QString error;
        int shards = 0;
        int steps = 0;
        qint64 requests = 0;
        QStringList notes; ///< sentences for the user: how well the shards kept the schedule, which clocks were used
    };

    /// Reads every sharded run in `files`; they must be the N shards of one plan, each once, each complete, all
    /// made by the same Kneepoint version. The merged run is stored in `out`.
    static Result merge(const QStringList& files, RunStore& out);
};

} // namespace kp::core
