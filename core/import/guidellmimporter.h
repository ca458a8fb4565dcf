// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/import/importedrun.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace kp::core {

/// Reads GuideLLM's `benchmarks.json` (GenerativeBenchmarksReport): a "benchmarks" list, one load level each, with
/// the strategy under args.strategy (type_ synchronous, concurrent with streams, constant/poisson with rate,
/// throughput) and the requests under requests.successful / errored / incomplete, each with start_time, end_time,
/// first_token_time, last_token_time (seconds) and prompt_tokens, output_tokens (vllm-project/guidellm
/// src/guidellm/benchmark/benchmark.py, GenerativeTextResponseStats). GuideLLM records no chunk times: output
/// tokens are spread evenly between the first and the last, which keeps GuideLLM's ITL as Kneepoint's TPOT (peers
/// §2.1: GuideLLM's own TPOT includes the TTFT and is not used).
class GuidellmImporter
{
public:
    static bool recognizes(const QJsonObject& doc);
    /// The run in `doc`, read from `fileName`; nullopt with a sentence in `error` when no benchmark has requests.
    static std::optional<ImportedRun> read(const QJsonObject& doc, const QString& fileName, QString* error);
};

} // namespace kp::core
