// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <array>
#include <cstdint>
#include <vector>

namespace kp::core {

/// The simulated server's Prometheus metrics, named and bucketed as vLLM's V1 engine exposes them (fact sheet §B.3),
/// plus the simulator's own `kneepoint:sim_*` gauges. Latencies are in simulated seconds, as a real server would
/// report them.
class SimMetrics
{
public:
    enum FinishReason { FinishStop, FinishLength, FinishAbort, FinishReasonCount };

    struct FinishedRequest
    {
        FinishReason finishReason = FinishStop;
        int promptTokens = 0;
        int generationTokens = 0;
        double e2eSeconds = 0;
        double queueSeconds = 0;
        double prefillSeconds = 0;
        double decodeSeconds = 0;
        double inferenceSeconds = 0;
        double timePerOutputTokenSeconds = 0;
        int preemptions = 0;
    };

    /// What the engine and the server loop know at the moment of a scrape.
    struct Gauges
    {
        int running = 0;
        int waiting = 0;
        double kvCacheUsage = 0;
        double speed = 1;
        double lagSeconds = 0;
        double maxLagSeconds = 0;
        std::uint64_t lateSteps = 0;
    };

    /// The labels of `vllm:cache_config_info`, in the order they are printed.
    struct CacheConfig
    {
        int blockSize = 16;
        int numGpuBlocks = 0;
        QString numGpuBlocksOverride; ///< "None" when not set, as vLLM prints it
        double gpuMemoryUtilization = 0.9;
        QString cacheDtype = QStringLiteral("auto");
        bool enablePrefixCaching = false;
    };

    explicit SimMetrics(const QString& modelName);

    void recordTtft(double seconds);
    void recordInterTokenLatency(double seconds);
    void recordIteration(int tokens);
    void recordPromptTokens(int tokens);
    void recordGenerationTokens(int tokens);
    void recordPreemption();
    /// One verification of `drafted` drafted tokens of one request, `accepted` of them accepted.
    void recordSpeculation(int drafted, int accepted);
    /// A new sequence looked up `queried` tokens in the prefix cache and found `hit` of them.
    void recordPrefixCache(int queried, int hit);
    void recordFinished(const FinishedRequest& request);
    void recordAborted();

    /// The exposition text of /metrics (text/plain; version=0.0.4).
    QByteArray render(const Gauges& gauges, const CacheConfig& cache) const;

    std::uint64_t preemptions() const { return m_preemptions; }
    std::uint64_t prefixCacheQueries() const { return m_prefixQueries; }
    std::uint64_t prefixCacheHits() const { return m_prefixHits; }
    std::uint64_t promptTokens() const { return m_promptTokens; }
    std::uint64_t generationTokens() const { return m_generationTokens; }
    std::uint64_t specDrafts() const { return m_specDrafts; }
    std::uint64_t specDraftTokens() const { return m_specDraftTokens; }
    std::uint64_t specAcceptedTokens() const { return m_specAcceptedTokens; }
    std::uint64_t finished(FinishReason reason) const { return m_finished[reason]; }

    /// A cumulative histogram with Prometheus' `le` buckets.
    class Histogram
    {
    public:
        explicit Histogram(std::vector<double> bounds);
        void observe(double value);
        void render(QByteArray* out, const char* name, const char* help, const QByteArray& labels) const;
        std::uint64_t count() const { return m_count; }
        double sum() const { return m_sum; }

    private:
        std::vector<double> m_bounds;
        std::vector<std::uint64_t> m_counts; // per bucket, not cumulative; the last is +Inf
        std::uint64_t m_count = 0;
        double m_sum = 0;
    };

private:
    QByteArray m_labels; // model_name="…",engine="0"
    std::uint64_t m_promptTokens = 0;
    std::uint64_t m_generationTokens = 0;
    std::uint64_t m_preemptions = 0;
    std::uint64_t m_specDrafts = 0;
    std::uint64_t m_specDraftTokens = 0;
    std::uint64_t m_specAcceptedTokens = 0;
    std::uint64_t m_prefixQueries = 0;
    std::uint64_t m_prefixHits = 0;
    std::array<std::uint64_t, FinishReasonCount> m_finished {};
    Histogram m_ttft;
    Histogram m_itl;
    Histogram m_e2e;
    Histogram m_queue;
    Histogram m_prefill;
    Histogram m_decode;
    Histogram m_inference;
    Histogram m_tpot;
    Histogram m_iterationTokens;
    Histogram m_promptTokensHist;
    Histogram m_generationTokensHist;
    Histogram m_requestPreemptions;
};

} // namespace kp::core
