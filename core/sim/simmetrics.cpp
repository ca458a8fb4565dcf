// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simmetrics.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// vLLM's default buckets (vllm/v1/metrics/loggers.py), so that a scrape of the simulator parses like a real one.
std::vector<double> ttftBuckets()
{
    return {0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0,
        80.0, 160.0, 640.0, 2560.0};
}
std::vector<double> tokenLatencyBuckets()
{
    return {0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0};
}
std::vector<double> requestLatencyBuckets()
{
    return {0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0, 480.0,
        960.0, 1920.0, 7680.0};
}
std::vector<double> tokenCountBuckets()
{
    // 1-2-5 up to a million: vLLM stops at max_model_len; a fixed top keeps the text independent of the config.
    std::vector<double> b;
    for (double decade = 1; decade <= 1e6; decade *= 10) {
        b.push_back(decade);
        b.push_back(2 * decade);
        b.push_back(5 * decade);
    }
    return b;
}

// prometheus_client prints floats with Python's repr: 3.0, 0.25, 1e-05.
QByteArray number(double v)
{
    if (std::isinf(v))
        return v > 0 ? QByteArrayLiteral("+Inf") : QByteArrayLiteral("-Inf");
    if (v == std::floor(v) && std::fabs(v) < 1e15)
        return QByteArray::number(v, 'f', 1);
    return QByteArray::number(v, 'g', QLocale::FloatingPointShortest);
}

void header(QByteArray* out, const char* name, const char* help, const char* type)
{
    *out += "# HELP ";
    *out += name;
    *out += ' ';
    *out += help;
    *out += "\n# TYPE ";
    *out += name;
    *out += ' ';
    *out += type;
    *out += '\n';
}

void sample(QByteArray* out, QByteArrayView name, const QByteArray& labels, double value)
{
    *out += name;
    *out += '{';
    *out += labels;
    *out += "} ";
    *out += number(value);
    *out += '\n';
}

void gauge(QByteArray* out, const char* name, const char* help, const QByteArray& labels, double value)
{
    header(out, name, help, "gauge");
    sample(out, name, labels, value);
}

// Counters are declared without _total and exposed with it, as prometheus_client does.
void counter(QByteArray* out, const char* name, const char* help, const QByteArray& labels, double value)
{
    header(out, name, help, "counter");
    sample(out, QByteArray(QByteArray(name) + "_total"), labels, value);
}

QByteArray labelValue(const QString& value)
{
    QByteArray v = value.toUtf8();
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
    return v;
}

} // namespace

SimMetrics::Histogram::Histogram(std::vector<double> bounds)
    : m_bounds(std::move(bounds))
    , m_counts(m_bounds.size() + 1, 0)
{ }

void SimMetrics::Histogram::observe(double value)
{
    const auto it = std::lower_bound(m_bounds.begin(), m_bounds.end(), value); // le: value <= bound
    ++m_counts[std::size_t(it - m_bounds.begin())];
    ++m_count;
    m_sum += value;
}

void SimMetrics::Histogram::render(QByteArray* out, const char* name, const char* help, const QByteArray& labels) const
{
    header(out, name, help, "histogram");
    const QByteArray base(name);
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= m_bounds.size(); ++i) {
        cumulative += m_counts[i];
        const QByteArray le = i < m_bounds.size() ? number(m_bounds[i]) : QByteArrayLiteral("+Inf");
        sample(out, QByteArray(base + "_bucket"), QByteArray(labels + ",le=\"" + le + '"'), double(cumulative));
    }
    sample(out, QByteArray(base + "_count"), labels, double(m_count));
    sample(out, QByteArray(base + "_sum"), labels, m_sum);
}

SimMetrics::SimMetrics(const QString& modelName)
    : m_labels("engine=\"0\",model_name=\"" + labelValue(modelName) + '"')
    , m_ttft(ttftBuckets())
    , m_itl(tokenLatencyBuckets())
    , m_e2e(requestLatencyBuckets())
    , m_queue(requestLatencyBuckets())
    , m_prefill(requestLatencyBuckets())
    , m_decode(requestLatencyBuckets())
    , m_inference(requestLatencyBuckets())
    , m_tpot(tokenLatencyBuckets())
    , m_iterationTokens(tokenCountBuckets())
    , m_promptTokensHist(tokenCountBuckets())
    , m_generationTokensHist(tokenCountBuckets())
    , m_requestPreemptions(tokenCountBuckets())
{ }

void SimMetrics::recordTtft(double seconds)
{
    m_ttft.observe(seconds);
}

void SimMetrics::recordInterTokenLatency(double seconds)
{
    m_itl.observe(seconds);
}

void SimMetrics::recordIteration(int tokens)
{
    m_iterationTokens.observe(tokens);
}

void SimMetrics::recordPromptTokens(int tokens)
{
    m_promptTokens += std::uint64_t(tokens);
}

void SimMetrics::recordGenerationTokens(int tokens)
{
    m_generationTokens += std::uint64_t(tokens);
}

void SimMetrics::recordSpeculation(int drafted, int accepted)
{
    ++m_specDrafts;
    m_specDraftTokens += std::uint64_t(drafted);
    m_specAcceptedTokens += std::uint64_t(accepted);
}

void SimMetrics::recordPreemption()
{
    ++m_preemptions;
}

void SimMetrics::recordPrefixCache(int queried, int hit)
{
    m_prefixQueries += std::uint64_t(std::max(0, queried));
    m_prefixHits += std::uint64_t(std::max(0, hit));
}

void SimMetrics::recordAborted()
{
    ++m_finished[FinishAbort];
}

void SimMetrics::recordFinished(const FinishedRequest& r)
{
    ++m_finished[r.finishReason];
    m_e2e.observe(r.e2eSeconds);
    m_queue.observe(r.queueSeconds);
    m_prefill.observe(r.prefillSeconds);
    m_decode.observe(r.decodeSeconds);
    m_inference.observe(r.inferenceSeconds);
    m_tpot.observe(r.timePerOutputTokenSeconds);
    m_promptTokensHist.observe(r.promptTokens);
    m_generationTokensHist.observe(r.generationTokens);
    m_requestPreemptions.observe(r.preemptions);
}

QByteArray SimMetrics::render(const Gauges& g, const CacheConfig& cache) const
{
    QByteArray out;
    out.reserve(32 * 1024);
    const QByteArray& l = m_labels;
    gauge(&out, "vllm:num_requests_running", "Number of requests in model execution batches.", l, g.running);
    gauge(&out, "vllm:num_requests_waiting", "Number of requests waiting to be processed.", l, g.waiting);
    gauge(&out, "vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", l, g.kvCacheUsage);
    counter(&out, "vllm:num_preemptions", "Cumulative number of preemption from the engine.", l, double(m_preemptions));
    counter(&out, "vllm:prompt_tokens", "Number of prefill tokens processed.", l, double(m_promptTokens));
    if (cache.enablePrefixCaching) {
        counter(&out, "vllm:prefix_cache_queries", "Prefix cache queries, in terms of number of queried tokens.", l,
            double(m_prefixQueries));
        counter(&out, "vllm:prefix_cache_hits", "Prefix cache hits, in terms of number of cached tokens.", l,
            double(m_prefixHits));
    }
    counter(&out, "vllm:generation_tokens", "Number of generation tokens processed.", l, double(m_generationTokens));
    if (m_specDrafts > 0) {
        // vLLM V1's spec-decoding counters, exposed once a draft was verified.
        counter(&out, "vllm:spec_decode_num_drafts", "Number of spec decoding drafts.", l, double(m_specDrafts));
        counter(&out, "vllm:spec_decode_num_draft_tokens", "Number of draft tokens.", l, double(m_specDraftTokens));
        counter(&out, "vllm:spec_decode_num_accepted_tokens", "Number of accepted tokens.", l,
            double(m_specAcceptedTokens));
    }

    header(&out, "vllm:request_success", "Count of successfully processed requests.", "counter");
    static constexpr const char* reasons[] = {"stop", "length", "abort"};
    for (int r = 0; r < FinishReasonCount; ++r) {
        sample(&out, "vllm:request_success_total", l + ",finished_reason=\"" + reasons[r] + '"',
            double(m_finished[std::size_t(r)]));
    }

    m_iterationTokens.render(&out, "vllm:iteration_tokens_total", "Histogram of number of tokens per engine_step.", l);
    m_promptTokensHist.render(&out, "vllm:request_prompt_tokens", "Number of prefill tokens processed.", l);
    m_generationTokensHist.render(&out, "vllm:request_generation_tokens", "Number of generation tokens processed.", l);
    m_requestPreemptions.render(&out, "vllm:request_num_preemptions", "Number of preemptions per request.", l);
    m_ttft.render(&out, "vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.", l);
    m_itl.render(&out, "vllm:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", l);
    m_tpot.render(&out, "vllm:request_time_per_output_token_seconds",
        "Histogram of time_per_output_token_seconds per request.", l);
    m_e2e.render(&out, "vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.", l);
    m_queue.render(&out, "vllm:request_queue_time_seconds", "Histogram of time spent in WAITING phase for request.", l);
    m_inference.render(
        &out, "vllm:request_inference_time_seconds", "Histogram of time spent in RUNNING phase for request.", l);
    m_prefill.render(
        &out, "vllm:request_prefill_time_seconds", "Histogram of time spent in PREFILL phase for request.", l);
    m_decode.render(
        &out, "vllm:request_decode_time_seconds", "Histogram of time spent in DECODE phase for request.", l);

    header(&out, "vllm:cache_config_info", "Information of the LLMEngine CacheConfig", "gauge");
    const QByteArray info = "block_size=\"" + QByteArray::number(cache.blockSize) + "\",cache_dtype=\""
        + labelValue(cache.cacheDtype) + "\",enable_prefix_caching=\"" + (cache.enablePrefixCaching ? "True" : "False")
        + "\",engine=\"0\",gpu_memory_utilization=\"" + QByteArray::number(cache.gpuMemoryUtilization)
        + "\",num_cpu_blocks=\"None\",num_gpu_blocks=\"" + QByteArray::number(cache.numGpuBlocks)
        + "\",num_gpu_blocks_override=\"" + labelValue(cache.numGpuBlocksOverride) + '"';
    sample(&out, "vllm:cache_config_info", info, 1.0);

    // The simulator's own honesty: how fast its clock runs and whether it kept up with it.
    gauge(&out, "kneepoint:sim_speed_factor", "Simulated seconds per real second (--speed).", l, g.speed);
    gauge(&out, "kneepoint:sim_lag_seconds",
        "Real seconds the engine loop was behind its simulated schedule at the last step.", l, g.lagSeconds);
    gauge(&out, "kneepoint:sim_lag_max_seconds", "Largest lag behind the simulated schedule since start.", l,
        g.maxLagSeconds);
    counter(&out, "kneepoint:sim_late_steps", "Engine steps that ended more than 1 ms behind schedule.", l,
        double(g.lateSteps));
    return out;
}

} // namespace kp::core
