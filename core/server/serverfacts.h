// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/server/serverfamily.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace kp::core {

struct PrometheusText;

/// What Kneepoint detects about a server from the bodies of /version, /v1/models and /metrics, recorded with every
/// run so that a result can be read against the configuration that produced it. Any endpoint may be missing: a server
/// that only speaks the OpenAI API still yields facts, with the rest listed in `unknown`.
struct ServerFacts
{
    QString vllmVersion; ///< /version's {"version": …}; empty: unknown
    bool isVllm = false; ///< /version answered like vLLM, or /metrics had vllm: samples
    ServerFamily family = ServerFamily::Unknown; ///< see detectServerFamily(); vLLM for runs stored before it
    QString serverVersion; ///< the family's own version (vLLM's, llama.cpp's build); empty: unknown
    QString modelId; ///< the first card of /v1/models: the served name requests must use
    QString modelRoot; ///< its `root`: the HF id or path the server loaded
    std::optional<int> maxModelLen;
    /// `kv_cache_size_tokens` of vllm:cache_config_info where present (right for hybrid models too), else
    /// num_gpu_blocks × block_size; summed over data-parallel engines.
    std::optional<qint64> kvCapacityTokens;
    std::optional<int> blockSize;
    std::optional<qint64> numGpuBlocks; ///< summed over engines
    std::optional<double> gpuMemoryUtilization;
    QString cacheDtype;
    std::optional<bool> prefixCaching;
    /// The most requests the engine runs at once, where the server says: llama.cpp's /props total_slots (its
    /// --parallel), the simulator's /version. vLLM does not publish its max_num_seqs. Unset: not reported.
    std::optional<int> maxNumSeqs;
    /// The most tokens in one engine step, where the server says (the simulator's /version). Unset: not reported.
    std::optional<int> maxNumBatchedTokens;
    /// Simulated seconds per real second: /version's "kneepoint_sim": {"speed": K}, else the gauge
    /// kneepoint:sim_speed_factor. Unset for a real server.
    std::optional<double> timeScale;
    /// The GPU the server says it runs on, as a catalog id: the simulator's /version ("kneepoint_sim": {"gpu": …}).
    /// Empty for vLLM and the others, which do not say.
    QString reportedGpu;
    bool metricsVisible = false; ///< /metrics was read and had samples of a family Kneepoint reads
    /// The name that carries KV-cache usage: vllm:kv_cache_usage_perc (V1, since 0.9.2) or vllm:gpu_cache_usage_perc
    /// (V0 and V1 up to 0.11); empty when neither is exposed.
    QString kvUsageMetric;
    /// Plain English names of what could not be found ("vLLM version", "KV capacity", …), in a fixed order.
    QStringList unknown;

    /// The server as a sentence names it: "vLLM 0.11.0", "llama.cpp b11669-Debian", "llama.cpp (version unknown)",
    /// "an unknown server".
    QString serverText() const;

    /// Stable keys for the run store; unset optionals are left out. Round-trips through fromJson().
    QJsonObject toJson() const;
    static ServerFacts fromJson(const QJsonObject& o);

    /// Reads the three bodies; pass an empty array for an endpoint that failed or was not asked. Bodies that are not
    /// what the endpoint should answer (an HTML error page, say) count as missing.
    static ServerFacts detect(
        const QByteArray& versionBody, const QByteArray& modelsBody, const QByteArray& metricsBody);
    /// The same from everything the doctor collected, /props and the Server header included.
    static ServerFacts detect(const ServerReplies& replies);
    /// Every model a /v1/models body lists, in its order (vLLM: the base, then each LoRA adapter it loaded).
    static QStringList servedModels(const QByteArray& modelsBody);

    friend bool operator==(const ServerFacts&, const ServerFacts&) = default;
};

/// One scrape of /metrics reduced to what a run keeps as a time series. Each figure is summed over data-parallel
/// engines (KV usage, a fraction per engine, is their mean); -1 where the server does not expose it.
struct MetricsSample
{
    std::int64_t ns = 0; ///< when it was scraped, on the run's monotonic clock; set by the caller
    double running = -1;
    double waiting = -1;
    double kvUsage = -1; ///< fraction of KV blocks in use, 0–1
    double preemptions = -1; ///< counter
    double promptTokens = -1; ///< counter
    double generationTokens = -1; ///< counter
    double requestsSucceeded = -1; ///< counter, every finished_reason (abort included, as vLLM counts)
    double ttftSum = -1, ttftCount = -1; ///< histogram sum (seconds) and count, both counters
    double e2eSum = -1, e2eCount = -1;
    double queueSum = -1, queueCount = -1;
    double itlSum = -1, itlCount = -1;
    double lagSeconds = -1; ///< the simulator's kneepoint:sim_lag_seconds: how far its loop ran behind its clock
    double prefixCacheQueries = -1; ///< counter: prompt tokens looked up in the prefix cache
    double prefixCacheHits = -1; ///< counter: prompt tokens found there
    /// Speculative decoding's counters (vLLM V1's and llama.cpp's spec_decode_num_*_total): drafts proposed, the
    /// tokens they held, and of those the tokens the target model accepted.
    double specDrafts = -1;
    double specDraftTokens = -1;
    double specAcceptedTokens = -1;

    /// Reads vLLM's names of both generations (kv_cache_usage_perc, else gpu_cache_usage_perc;
    /// inter_token_latency_seconds, else time_per_output_token_seconds), and the same meanings from llama.cpp's
    /// (llamacpp:requests_processing, requests_deferred, …), SGLang's (sglang:num_running_reqs, …) and TGI's
    /// (tgi_batch_current_size, tgi_queue_size, …) where a server exposes those instead. A value that is not finite
    /// counts as absent, since JSON cannot hold it.
    static MetricsSample from(const PrometheusText& metrics, std::int64_t ns);
    /// Absent (-1) figures are left out, so a series from a server without vLLM metrics stays small.
    QJsonObject toJson() const;
    static MetricsSample fromJson(const QJsonObject& o);

    friend bool operator==(const MetricsSample&, const MetricsSample&) = default;
};

/// The change of a counter between two scrapes. A counter only falls when the server restarted and counted again
/// from zero: then `reset` is true and the change is `after` itself.
struct CounterDelta
{
    double value = 0;
    bool reset = false;
};

/// `after` − `before`, or `after` with `reset` set when the counter restarted. A side that is absent (negative, as in
/// MetricsSample) gives a zero change.
CounterDelta counterDelta(double before, double after);

} // namespace kp::core
