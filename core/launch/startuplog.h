// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// Reads a vLLM server's start-up log line by line (fact sheet §C.3): the KV cache it got, the progress of loading,
/// and the fatal errors worth a sentence. Pure: it is fed text and keeps what it found.
class StartupLog
{
public:
    /// What one line was.
    enum class Kind { Other, Progress, Fact, Fatal };

    /// Reads one line (without its newline). Returns what it was.
    Kind feed(const QString& line);

    std::optional<qint64> kvCacheTokens() const { return m_kvCacheTokens; } ///< "GPU KV cache size: N tokens"
    std::optional<double> maxConcurrency() const { return m_maxConcurrency; } ///< "Maximum concurrency for L …: X x"
    std::optional<int> maxConcurrencyTokens() const { return m_maxConcurrencyTokens; } ///< its L
    std::optional<int> maxModelLen() const { return m_maxModelLen; } ///< "Using max model len N"
    std::optional<double> availableKvGib() const { return m_availableKvGib; } ///< "Available KV cache memory: X GiB"
    std::optional<double> modelLoadGib() const { return m_modelLoadGib; } ///< "Model loading took X GiB"
    std::optional<qint64> gpuBlocks() const { return m_gpuBlocks; } ///< V0's "# GPU blocks: N"
    /// llama-server's "model buffer size = X MiB", summed over its devices.
    std::optional<double> llamaWeightsMib() const { return m_llamaWeightsMib; }
    std::optional<double> llamaKvMib() const { return m_llamaKvMib; } ///< "KV buffer size = X MiB", summed
    std::optional<double> llamaComputeMib() const { return m_llamaComputeMib; } ///< "compute buffer size = X MiB"

    /// The latest progress, in words ("loading weights: 2/4 shards"); empty before any.
    const QString& progress() const { return m_progress; }
    /// A sentence for each fatal error recognised, in order, saying what to do.
    const QStringList& fatalSentences() const { return m_fatal; }
    /// The lines that explain a failure: the fatal lines, the lines of a traceback's end and errors; at most `count`.
    QStringList relevantLines(int count = 12) const;

    /// The facts for the run: kv_cache_tokens, max_concurrency, max_concurrency_tokens, max_model_len,
    /// available_kv_cache_gib, model_load_gib, and llama-server's reported_weights_mib, reported_kv_cache_mib and
    /// reported_compute_mib; missing ones left out.
    QJsonObject toJson() const;

    /// Reads a number written with thousands separators ("1,606,496").
    static std::optional<double> number(const QString& text);

private:
    /// What a line says of the model's size, the KV cache and the start's progress; nothing when none of it.
    std::optional<Kind> readFact(const QString& line);
    /// Keeps `line` among the relevant ones, the last RelevantLinesKept.
    void keep(const QString& line);
    std::optional<qint64> m_kvCacheTokens;
    std::optional<double> m_maxConcurrency;
    std::optional<int> m_maxConcurrencyTokens;
    std::optional<int> m_maxModelLen;
    std::optional<double> m_availableKvGib;
    std::optional<double> m_modelLoadGib;
    std::optional<qint64> m_gpuBlocks;
    std::optional<double> m_llamaWeightsMib;
    std::optional<double> m_llamaKvMib;
    std::optional<double> m_llamaComputeMib;
    QString m_progress;
    QStringList m_fatal;
    QStringList m_relevant; ///< bounded
};

} // namespace kp::core
