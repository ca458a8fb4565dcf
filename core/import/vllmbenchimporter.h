// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/import/importedrun.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace kp::core {

/// Reads `vllm bench serve --save-result --save-detailed` JSON (vllm/benchmarks/serve.py): one file is one load
/// level. The per-request arrays (ttfts and itls in seconds, input_lens, output_lens, errors, and start_times in
/// newer versions) give each request exactly: TTFT, then one chunk per ITL gap, so vLLM's TPOT and pooled ITL come
/// out unchanged (peers §2.1, §3.4).
class VllmBenchImporter
{
public:
    /// Whether `doc` is a vllm bench serve result, with or without the per-request arrays.
    static bool recognizes(const QJsonObject& doc);
    /// The run in `doc`, read from the file named `fileName`; nullopt with a sentence in `error` when it lacks the
    /// per-request arrays (a result saved without --save-detailed).
    static std::optional<ImportedRun> read(const QJsonObject& doc, const QString& fileName, QString* error);
};

} // namespace kp::core
