// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/clockanchor.h"
#include "core/store/networkfacts.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// The client side of a run, as stored in its environment: the machine that measured, the Kneepoint that did, the
/// way to the server, a shard's clock, and for a run another tool measured, which tool and what it did not record.
/// Read above store/ through this type, never the stored JSON by key (the layering test holds every layer to it).
struct ClientEnvironment
{
    QString host;
    QString os;
    QString kernel;
    QString cpuArchitecture;
    QString cpuModel;
    int cores = 0; ///< logical cores; 0: not recorded (a run imported from another tool)
    QString kneepointVersion;
    QString qtVersion;
    NetworkFacts network;
    std::optional<ClockAnchor> clock; ///< a shard's run only (kneepoint run --shard)
    /// A merged run's shards: {index, file, run, host, clock, shift_ms} each, as ShardMerger wrote them.
    QJsonArray shards;

    /// A run measured by another tool (kneepoint import, or run --engine).
    struct Import
    {
        QString source; ///< "vllm-bench-serve", "aiperf", "guidellm"
        QString file; ///< the files read, joined by ", "
        QString toolVersion; ///< empty when the tool's files do not say
        QStringList notRecorded; ///< what the tool's files lack, in the user's words
        bool engine = false; ///< measured for Kneepoint (kneepoint run --engine) rather than imported
        bool outputLengthsRecorded = true; ///< false: each request's output length is not in the files

        QJsonObject toJson() const;
        static Import fromJson(const QJsonObject& json);
    };
    std::optional<Import> import;

    /// This machine as a run pipeline records it: host, OS, kernel, CPU and cores, Kneepoint's and Qt's versions.
    static ClientEnvironment ofThisMachine();
    QJsonObject toJson() const;
    static ClientEnvironment fromJson(const QJsonObject& json);
};

} // namespace kp::core
