// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/import/importedrun.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace kp::core {

/// Reads AIPerf's per-request export `profile_export.jsonl`: one record per line with "metadata"
/// (request_start_ns, request_end_ns, benchmark_phase, was_cancelled) and "metrics" as {"value", "unit"}
/// (time_to_first_token, request_latency, inter_chunk_latency as a list, output_sequence_length,
/// input_sequence_length), and "error" {code, type, message} for a failed request. Format as documented in
/// ai-dynamo/aiperf docs/tutorials/working-with-profile-exports.md and docs/reference/json-export-schema.md
/// (AIPerf 0.13). AIPerf's ITL is vLLM's TPOT (peers §2.1); its ICL list gives the chunk gaps exactly.
class AiperfImporter
{
public:
    /// Whether `data` is AIPerf's per-request JSONL (its first record has "metadata" and "metrics" or "error").
    static bool recognizesRecords(const QByteArray& data);
    /// Whether `doc` is AIPerf's aggregate profile_export_aiperf.json, which holds no per-request records.
    static bool recognizesAggregate(const QJsonObject& doc);
    /// The step in `data`, read from `path`. The load level, model, URL and AIPerf version come from the aggregate
    /// profile_export_aiperf.json beside it when there is one (`aggregate`, empty when not), else the load is the
    /// peak of requests in flight. Nullopt with a sentence in `error` when no line is a record.
    static std::optional<ImportedRun> read(
        const QByteArray& data, const QString& fileName, const QJsonObject& aggregate, QString* error);
    /// The aggregate file that belongs to the records at `recordsPath`, or an empty object.
    static QJsonObject aggregateBeside(const QString& recordsPath);
};

} // namespace kp::core
