// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/prometheustext.h"
#include "core/server/serverfacts.h"
#include "core/server/tokenizedialect.h"
#include "core/sim/simmetrics.h"

#include <QJsonDocument>
#include <QTest>

#include <cmath>
#include <limits>

using namespace kp::core;

namespace {

// What the simulator's /version and /v1/models answer (SimServer::handleVersion, handleModels).
const QByteArray simVersion
    = R"({"kneepoint_sim":{"gpu":"h100-sxm","model":"llama-3.1-8b","speed":10.0,"version":"0.1.0"},"version":"0.31.0"})";
const QByteArray vllmModels = R"({"object":"list","data":[{"id":"llama","object":"model","created":1767225600,
"owned_by":"vllm","root":"meta-llama/Llama-3.1-8B-Instruct","parent":null,"max_model_len":8192,"permission":[{"id":
"modelperm-1","object":"model_permission","created":1767225600,"allow_create_engine":false,"allow_sampling":true,
"allow_logprobs":true,"allow_search_indices":false,"allow_view":true,"allow_fine_tuning":false,"organization":"*",
"group":null,"is_blocking":false}]},{"id":"sql-lora","object":"model","created":1767225600,"owned_by":"vllm",
"root":"/adapters/sql","parent":"llama","permission":[]}]})";

// A V0-era server (≈ v0.6–0.9): no engine label, gpu_cache_usage_perc, time_per_output_token_seconds, and the
// cache config flat with Python's "None" for unset fields.
const QByteArray v0Metrics = R"(# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig
# TYPE vllm:cache_config_info gauge
vllm:cache_config_info{block_size="16",cache_dtype="auto",cpu_offload_gb="0",enable_prefix_caching="True",gpu_memory_utilization="0.85",is_attention_free="False",num_cpu_blocks="2048",num_gpu_blocks="2500",num_gpu_blocks_override="None",sliding_window="None",swap_space_bytes="4294967296"} 1.0
# HELP vllm:num_requests_running Number of requests currently running on GPU.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{model_name="meta-llama/Llama-3.1-8B-Instruct"} 3.0
# TYPE vllm:num_requests_swapped gauge
vllm:num_requests_swapped{model_name="meta-llama/Llama-3.1-8B-Instruct"} 0.0
# TYPE vllm:num_requests_waiting gauge
vllm:num_requests_waiting{model_name="meta-llama/Llama-3.1-8B-Instruct"} 1.0
# TYPE vllm:gpu_cache_usage_perc gauge
vllm:gpu_cache_usage_perc{model_name="meta-llama/Llama-3.1-8B-Instruct"} 0.25
# TYPE vllm:num_preemptions_total counter
vllm:num_preemptions_total{model_name="meta-llama/Llama-3.1-8B-Instruct"} 2.0
# TYPE vllm:prompt_tokens_total counter
vllm:prompt_tokens_total{model_name="meta-llama/Llama-3.1-8B-Instruct"} 1000.0
# TYPE vllm:generation_tokens_total counter
vllm:generation_tokens_total{model_name="meta-llama/Llama-3.1-8B-Instruct"} 500.0
# TYPE vllm:time_to_first_token_seconds histogram
vllm:time_to_first_token_seconds_bucket{le="0.1",model_name="meta-llama/Llama-3.1-8B-Instruct"} 6.0
vllm:time_to_first_token_seconds_bucket{le="+Inf",model_name="meta-llama/Llama-3.1-8B-Instruct"} 10.0
vllm:time_to_first_token_seconds_count{model_name="meta-llama/Llama-3.1-8B-Instruct"} 10.0
vllm:time_to_first_token_seconds_sum{model_name="meta-llama/Llama-3.1-8B-Instruct"} 1.5
# TYPE vllm:time_per_output_token_seconds histogram
vllm:time_per_output_token_seconds_count{model_name="meta-llama/Llama-3.1-8B-Instruct"} 490.0
vllm:time_per_output_token_seconds_sum{model_name="meta-llama/Llama-3.1-8B-Instruct"} 9.8
# TYPE vllm:e2e_request_latency_seconds histogram
vllm:e2e_request_latency_seconds_count{model_name="meta-llama/Llama-3.1-8B-Instruct"} 10.0
vllm:e2e_request_latency_seconds_sum{model_name="meta-llama/Llama-3.1-8B-Instruct"} 11.3
# TYPE vllm:time_in_queue_requests histogram
vllm:time_in_queue_requests_count{model_name="meta-llama/Llama-3.1-8B-Instruct"} 10.0
vllm:time_in_queue_requests_sum{model_name="meta-llama/Llama-3.1-8B-Instruct"} 0.4
# TYPE vllm:request_success_total counter
vllm:request_success_total{finished_reason="stop",model_name="meta-llama/Llama-3.1-8B-Instruct"} 8.0
vllm:request_success_total{finished_reason="length",model_name="meta-llama/Llama-3.1-8B-Instruct"} 2.0
)";

// A V1 server with two data-parallel engines that both still print the old KV gauge (v0.9.2–0.11) and the newest
// CacheConfig's own token count, which is smaller than blocks × block size for a hybrid model.
const QByteArray twoEngineMetrics = R"(# TYPE vllm:kv_cache_usage_perc gauge
vllm:kv_cache_usage_perc{engine="0",model_name="m"} 0.5
vllm:kv_cache_usage_perc{engine="1",model_name="m"} 0.25
# TYPE vllm:gpu_cache_usage_perc gauge
vllm:gpu_cache_usage_perc{engine="0",model_name="m"} 0.9
vllm:gpu_cache_usage_perc{engine="1",model_name="m"} 0.9
vllm:num_requests_running{engine="0",model_name="m"} 4.0
vllm:num_requests_running{engine="1",model_name="m"} 6.0
vllm:inter_token_latency_seconds_sum{engine="0",model_name="m"} 1.0
vllm:inter_token_latency_seconds_count{engine="0",model_name="m"} 100.0
vllm:inter_token_latency_seconds_sum{engine="1",model_name="m"} 2.0
vllm:inter_token_latency_seconds_count{engine="1",model_name="m"} 150.0
vllm:time_per_output_token_seconds_sum{engine="0",model_name="m"} 99.0
vllm:time_per_output_token_seconds_count{engine="0",model_name="m"} 99.0
vllm:request_queue_time_seconds_sum{engine="0",model_name="m"} 0.5
vllm:request_queue_time_seconds_count{engine="0",model_name="m"} 5.0
vllm:time_in_queue_requests_sum{engine="0",model_name="m"} 99.0
vllm:time_in_queue_requests_count{engine="0",model_name="m"} 99.0
vllm:cache_config_info{block_size="16",cache_dtype="fp8",enable_prefix_caching="True",engine="0",gpu_memory_utilization="0.9",kv_cache_size_tokens="30000",num_gpu_blocks="2000"} 1.0
vllm:cache_config_info{block_size="16",cache_dtype="fp8",enable_prefix_caching="True",engine="1",gpu_memory_utilization="0.9",kv_cache_size_tokens="31000",num_gpu_blocks="2100"} 1.0
vllm:cache_config_info{block_size="16",cache_dtype="fp8",enable_prefix_caching="True",engine="1",gpu_memory_utilization="0.9",kv_cache_size_tokens="31000",num_gpu_blocks="2100"} 1.0
)";

struct SimScrape
{
    QByteArray text;
    SimMetrics::Gauges gauges;
};

// The simulator's /metrics after a little traffic: the exact text a v0.31-style server gives.
SimScrape simulatorMetrics()
{
    SimMetrics metrics(QStringLiteral("llama"));
    metrics.recordPromptTokens(2048);
    metrics.recordGenerationTokens(512);
    metrics.recordPreemption();
    metrics.recordPreemption();
    metrics.recordTtft(0.25);
    metrics.recordTtft(0.5);
    metrics.recordInterTokenLatency(0.02);
    metrics.recordInterTokenLatency(0.03);
    metrics.recordInterTokenLatency(0.04);
    SimMetrics::FinishedRequest r;
    r.e2eSeconds = 2.0;
    r.queueSeconds = 0.125;
    metrics.recordFinished(r);
    r.finishReason = SimMetrics::FinishLength;
    metrics.recordFinished(r);
    metrics.recordAborted();
    SimScrape scrape;
    scrape.gauges.running = 7;
    scrape.gauges.waiting = 3;
    scrape.gauges.kvCacheUsage = 0.625;
    scrape.gauges.speed = 4;
    scrape.gauges.lagSeconds = 0.0015;
    SimMetrics::CacheConfig cache;
    cache.blockSize = 16;
    cache.numGpuBlocks = 3000;
    cache.numGpuBlocksOverride = QStringLiteral("None");
    cache.gpuMemoryUtilization = 0.9;
    scrape.text = metrics.render(scrape.gauges, cache);
    return scrape;
}

const QStringList allKvUnknowns = {QStringLiteral("vLLM metrics"), QStringLiteral("KV cache usage"),
    QStringLiteral("KV capacity"), QStringLiteral("block size"), QStringLiteral("GPU blocks"),
    QStringLiteral("GPU memory utilization"), QStringLiteral("KV cache dtype"), QStringLiteral("prefix caching")};

} // namespace

class TestServerFacts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void detectsTheSimulator()
    {
        const ServerFacts f = ServerFacts::detect(simVersion, vllmModels, simulatorMetrics().text);
        QCOMPARE(f.reportedGpu, QStringLiteral("h100-sxm")); // the wizard chooses it for the user
        QCOMPARE(f.vllmVersion, QStringLiteral("0.31.0"));
        QVERIFY(f.isVllm);
        QCOMPARE(f.modelId, QStringLiteral("llama"));
        QCOMPARE(f.modelRoot, QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
        QCOMPARE(f.maxModelLen.value_or(-1), 8192);
        QCOMPARE(f.blockSize.value_or(-1), 16);
        QCOMPARE(f.numGpuBlocks.value_or(-1), qint64(3000));
        QCOMPARE(f.kvCapacityTokens.value_or(-1), qint64(48000));
        QCOMPARE(f.gpuMemoryUtilization.value_or(-1.0), 0.9);
        QCOMPARE(f.cacheDtype, QStringLiteral("auto"));
        QCOMPARE(f.prefixCaching, std::optional<bool>(false));
        QCOMPARE(f.timeScale.value_or(-1.0), 10.0); // /version's speed wins over the gauge's 4
        QVERIFY(f.metricsVisible);
        QCOMPARE(f.kvUsageMetric, QStringLiteral("vllm:kv_cache_usage_perc"));
        QCOMPARE(f.unknown, QStringList());
    }

    void readsTheSimulatorsEngine()
    {
        // vLLM keeps max_num_seqs to itself; the simulator says it, so a run of one records the engine it measured.
        const ServerFacts f = ServerFacts::detect(
            R"({"version":"0.31.0","kneepoint_sim":{"speed":10.0,"max_num_seqs":4,"max_num_batched_tokens":2048}})",
            QByteArray(), QByteArray());
        QCOMPARE(f.maxNumSeqs, std::optional<int>(4));
        QCOMPARE(f.maxNumBatchedTokens, std::optional<int>(2048));
        const ServerFacts back = ServerFacts::fromJson(f.toJson());
        QCOMPARE(back, f);
        QCOMPARE(f.toJson()[u"maxNumSeqs"].toInt(), 4);
        // Not said: unset, and left out of the stored facts, as a real vLLM's are.
        const ServerFacts plain = ServerFacts::detect(R"({"version":"0.31.0"})", QByteArray(), QByteArray());
        QVERIFY(!plain.maxNumSeqs);
        QVERIFY(!plain.toJson().contains(u"maxNumSeqs"));
    }

    void takesTheTimeScaleFromTheGaugeWithoutVersion()
    {
        const ServerFacts f = ServerFacts::detect({}, vllmModels, simulatorMetrics().text);
        QCOMPARE(f.timeScale.value_or(-1.0), 4.0);
        QVERIFY(f.isVllm);
        QCOMPARE(f.unknown, QStringList {QStringLiteral("vLLM version")});

        const ServerFacts fromVersion = ServerFacts::detect(simVersion, {}, {});
        QCOMPARE(fromVersion.timeScale.value_or(-1.0), 10.0);
        QVERIFY(fromVersion.isVllm);
        QVERIFY(!fromVersion.metricsVisible);
    }

    void leavesTheTimeScaleUnsetForARealServer()
    {
        const ServerFacts f = ServerFacts::detect(R"({"version":"0.11.0"})", vllmModels, v0Metrics);
        QVERIFY(!f.timeScale);
    }

    void detectsAV0EraServer()
    {
        const ServerFacts f = ServerFacts::detect(R"({"version":"0.9.1"})", vllmModels, v0Metrics);
        QCOMPARE(f.vllmVersion, QStringLiteral("0.9.1"));
        QVERIFY(f.isVllm);
        QVERIFY(f.metricsVisible);
        QCOMPARE(f.kvUsageMetric, QStringLiteral("vllm:gpu_cache_usage_perc"));
        QCOMPARE(f.blockSize.value_or(-1), 16);
        QCOMPARE(f.numGpuBlocks.value_or(-1), qint64(2500));
        QCOMPARE(f.kvCapacityTokens.value_or(-1), qint64(40000));
        QCOMPARE(f.gpuMemoryUtilization.value_or(-1.0), 0.85);
        QCOMPARE(f.prefixCaching, std::optional<bool>(true));
        QCOMPARE(f.unknown, QStringList());
    }

    void knowsAVllmServerByItsMetricsAlone()
    {
        const ServerFacts f = ServerFacts::detect({}, {}, v0Metrics);
        QVERIFY(f.isVllm);
        QVERIFY(f.vllmVersion.isEmpty());
        QVERIFY(f.unknown.contains(QStringLiteral("vLLM version")));
        QVERIFY(f.unknown.contains(QStringLiteral("model")));
        QVERIFY(!f.unknown.contains(QStringLiteral("KV capacity")));
    }

    void marksTheRestUnknownForAPlainOpenAiServer_data()
    {
        QTest::addColumn<QByteArray>("version");
        QTest::addColumn<QByteArray>("metrics");
        QTest::newRow("absent") << QByteArray() << QByteArray();
        QTest::newRow("error pages") << QByteArray("<html><body>404 Not Found</body></html>")
                                     << QByteArray("<html>\n<body>Not Found</body>\n</html>\n");
        QTest::newRow("other metrics") << QByteArray(R"({"detail":"Not Found"})")
                                       << QByteArray("# TYPE http_requests_total counter\n"
                                                     "http_requests_total{handler=\"/v1/models\"} 3\n");
    }

    void marksTheRestUnknownForAPlainOpenAiServer()
    {
        QFETCH(QByteArray, version);
        QFETCH(QByteArray, metrics);
        const QByteArray models = R"({"object":"list","data":[{"id":"gpt-4o-mini","object":"model",
            "created":1686935002,"owned_by":"openai"}]})";
        const ServerFacts f = ServerFacts::detect(version, models, metrics);
        QVERIFY(!f.isVllm);
        QVERIFY(!f.metricsVisible);
        QCOMPARE(f.modelId, QStringLiteral("gpt-4o-mini"));
        QVERIFY(f.modelRoot.isEmpty());
        QVERIFY(!f.maxModelLen);
        QVERIFY(!f.kvCapacityTokens);
        QVERIFY(!f.timeScale);
        QVERIFY(f.kvUsageMetric.isEmpty());
        const QStringList expected = QStringList {QStringLiteral("vLLM version"), QStringLiteral("model root"),
                                         QStringLiteral("max model length")}
            + allKvUnknowns;
        QCOMPARE(f.unknown, expected);
    }

    void knowsNothingFromNothing()
    {
        const ServerFacts f = ServerFacts::detect({}, {}, QByteArray());
        QVERIFY(!f.isVllm);
        QCOMPARE(f.unknown.size(), 4 + allKvUnknowns.size());
        QCOMPARE(f.unknown.first(), QStringLiteral("vLLM version"));
    }

    void prefersKvCacheSizeTokensAndSumsEngines()
    {
        const ServerFacts f = ServerFacts::detect({}, {}, twoEngineMetrics);
        // Engine 1's info is repeated; it counts once.
        QCOMPARE(f.kvCapacityTokens.value_or(-1), qint64(61000));
        QCOMPARE(f.numGpuBlocks.value_or(-1), qint64(4100));
        QCOMPARE(f.blockSize.value_or(-1), 16);
        QCOMPARE(f.cacheDtype, QStringLiteral("fp8"));
        QCOMPARE(f.kvUsageMetric, QStringLiteral("vllm:kv_cache_usage_perc"));
    }

    void readsNoneLabelsAsUnset()
    {
        const QByteArray metrics = "vllm:cache_config_info{block_size=\"16\",cache_dtype=\"None\","
                                   "enable_prefix_caching=\"None\",engine=\"0\",gpu_memory_utilization=\"None\","
                                   "kv_cache_size_tokens=\"None\",num_gpu_blocks=\"1000\"} 1.0\n";
        const ServerFacts f = ServerFacts::detect({}, {}, metrics);
        QCOMPARE(f.kvCapacityTokens.value_or(-1), qint64(16000)); // kv_cache_size_tokens "None": blocks × block size
        QVERIFY(f.cacheDtype.isEmpty());
        QVERIFY(!f.prefixCaching);
        QVERIFY(!f.gpuMemoryUtilization);
        QVERIFY(f.unknown.contains(QStringLiteral("KV cache dtype")));
        QVERIFY(f.unknown.contains(QStringLiteral("prefix caching")));
        QVERIFY(!f.unknown.contains(QStringLiteral("KV capacity")));

        // Before KV allocation num_gpu_blocks is None: no capacity at all rather than a wrong one.
        const ServerFacts early = ServerFacts::detect({}, {},
            QByteArray("vllm:cache_config_info{block_size=\"16\",engine=\"0\",num_gpu_blocks=\"None\"} 1\n"
                       "vllm:cache_config_info{block_size=\"16\",engine=\"1\",num_gpu_blocks=\"10\"} 1\n"));
        QVERIFY(!early.kvCapacityTokens);
        QVERIFY(!early.numGpuBlocks);
        QCOMPARE(early.blockSize.value_or(-1), 16);
        QVERIFY(early.unknown.contains(QStringLiteral("KV capacity")));
    }

    void roundTripsThroughJson_data()
    {
        QTest::addColumn<QByteArray>("version");
        QTest::addColumn<QByteArray>("models");
        QTest::addColumn<QByteArray>("metrics");
        QTest::newRow("simulator") << simVersion << vllmModels << simulatorMetrics().text;
        QTest::newRow("v0") << QByteArray(R"({"version":"0.9.1"})") << vllmModels << v0Metrics;
        QTest::newRow("two engines") << QByteArray() << QByteArray() << twoEngineMetrics;
        QTest::newRow("nothing") << QByteArray() << QByteArray() << QByteArray();
    }

    void roundTripsThroughJson()
    {
        QFETCH(QByteArray, version);
        QFETCH(QByteArray, models);
        QFETCH(QByteArray, metrics);
        const ServerFacts f = ServerFacts::detect(version, models, metrics);
        const QByteArray stored = QJsonDocument(f.toJson()).toJson(QJsonDocument::Compact);
        const ServerFacts back = ServerFacts::fromJson(QJsonDocument::fromJson(stored).object());
        QVERIFY2(back == f, stored.constData());
    }

    void writesStableKeys()
    {
        ServerFacts f;
        f.kvCapacityTokens = qint64(1) << 40; // beyond int: stored exactly
        f.prefixCaching = false;
        const QJsonObject json = f.toJson();
        QCOMPARE(json.value(QStringLiteral("kvCapacityTokens")).toInteger(), qint64(1) << 40);
        QCOMPARE(json.value(QStringLiteral("prefixCaching")).toBool(true), false);
        QVERIFY(!json.contains(QStringLiteral("timeScale")));
        QVERIFY(!json.contains(QStringLiteral("maxModelLen")));
        const QStringList keys = ServerFacts::detect(simVersion, vllmModels, simulatorMetrics().text).toJson().keys();
        const QStringList expected
            = {QStringLiteral("blockSize"), QStringLiteral("cacheDtype"), QStringLiteral("family"),
                QStringLiteral("gpuMemoryUtilization"), QStringLiteral("isVllm"), QStringLiteral("kvCapacityTokens"),
                QStringLiteral("kvUsageMetric"), QStringLiteral("maxModelLen"), QStringLiteral("metricsVisible"),
                QStringLiteral("modelId"), QStringLiteral("modelRoot"), QStringLiteral("numGpuBlocks"),
                QStringLiteral("prefixCaching"), QStringLiteral("reportedGpu"), QStringLiteral("serverVersion"),
                QStringLiteral("timeScale"), QStringLiteral("unknown"), QStringLiteral("vllmVersion")};
        QCOMPARE(keys, expected);
    }

    void samplesTheSimulator()
    {
        const SimScrape scrape = simulatorMetrics();
        const MetricsSample m = MetricsSample::from(PrometheusText::parse(scrape.text), 123);
        QCOMPARE(m.ns, std::int64_t(123));
        QCOMPARE(m.running, 7.0);
        QCOMPARE(m.waiting, 3.0);
        QCOMPARE(m.kvUsage, 0.625);
        QCOMPARE(m.preemptions, 2.0);
        QCOMPARE(m.promptTokens, 2048.0);
        QCOMPARE(m.generationTokens, 512.0);
        QCOMPARE(m.requestsSucceeded, 3.0); // stop + length + abort
        QCOMPARE(m.ttftSum, 0.75);
        QCOMPARE(m.ttftCount, 2.0);
        QCOMPARE(m.e2eSum, 4.0);
        QCOMPARE(m.e2eCount, 2.0);
        QCOMPARE(m.queueSum, 0.25);
        QCOMPARE(m.queueCount, 2.0);
        QCOMPARE(m.itlSum, 0.09);
        QCOMPARE(m.itlCount, 3.0);
        QCOMPARE(m.lagSeconds, 0.0015);
    }

    void samplesAV0EraServer()
    {
        const MetricsSample m = MetricsSample::from(PrometheusText::parse(v0Metrics), 5);
        QCOMPARE(m.running, 3.0);
        QCOMPARE(m.waiting, 1.0);
        QCOMPARE(m.kvUsage, 0.25);
        QCOMPARE(m.preemptions, 2.0);
        QCOMPARE(m.promptTokens, 1000.0);
        QCOMPARE(m.generationTokens, 500.0);
        QCOMPARE(m.requestsSucceeded, 10.0);
        QCOMPARE(m.ttftSum, 1.5);
        QCOMPARE(m.ttftCount, 10.0);
        QCOMPARE(m.itlSum, 9.8);
        QCOMPARE(m.itlCount, 490.0);
        QCOMPARE(m.e2eSum, 11.3);
        QCOMPARE(m.queueSum, 0.4);
        QCOMPARE(m.queueCount, 10.0);
        QCOMPARE(m.lagSeconds, -1.0);
    }

    void prefersTheCurrentNamesAndAveragesKvUsage()
    {
        const MetricsSample m = MetricsSample::from(PrometheusText::parse(twoEngineMetrics), 0);
        QCOMPARE(m.kvUsage, 0.375); // the mean of 0.5 and 0.25; the deprecated duplicate is ignored
        QCOMPARE(m.running, 10.0);
        QCOMPARE(m.itlSum, 3.0);
        QCOMPARE(m.itlCount, 250.0);
        QCOMPARE(m.queueSum, 0.5);
        QCOMPARE(m.queueCount, 5.0);
        QCOMPARE(m.waiting, -1.0);
        QCOMPARE(m.promptTokens, -1.0);
    }

    void treatsNonFiniteValuesAsAbsent()
    {
        const MetricsSample m
            = MetricsSample::from(PrometheusText::parse("vllm:num_requests_running 2\nvllm:num_requests_waiting NaN\n"
                                                        "vllm:kv_cache_usage_perc +Inf\n"),
                0);
        QCOMPARE(m.running, 2.0);
        QCOMPARE(m.waiting, -1.0);
        QCOMPARE(m.kvUsage, -1.0);
    }

    void samplesRoundTripThroughJson()
    {
        const MetricsSample m = MetricsSample::from(PrometheusText::parse(simulatorMetrics().text), 9'000'000'000'123);
        const QByteArray stored = QJsonDocument(m.toJson()).toJson(QJsonDocument::Compact);
        const MetricsSample back = MetricsSample::fromJson(QJsonDocument::fromJson(stored).object());
        QVERIFY2(back == m, stored.constData());

        const MetricsSample empty = MetricsSample::from(PrometheusText(), 7);
        const QJsonObject json = empty.toJson();
        QCOMPARE(json.keys(), QStringList {QStringLiteral("ns")}); // absent figures are left out
        QVERIFY(MetricsSample::fromJson(json) == empty);
        QCOMPARE(MetricsSample::fromJson(json).running, -1.0);
    }

    void takesCounterDeltas_data()
    {
        QTest::addColumn<double>("before");
        QTest::addColumn<double>("after");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("reset");
        QTest::newRow("growth") << 100.0 << 250.0 << 150.0 << false;
        QTest::newRow("unchanged") << 42.0 << 42.0 << 0.0 << false;
        QTest::newRow("from zero") << 0.0 << 9.0 << 9.0 << false;
        QTest::newRow("restart") << 1000.0 << 30.0 << 30.0 << true;
        QTest::newRow("restart to zero") << 5.0 << 0.0 << 0.0 << true;
        QTest::newRow("absent before") << -1.0 << 30.0 << 0.0 << false;
        QTest::newRow("absent after") << 30.0 << -1.0 << 0.0 << false;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << 3.0 << 0.0 << false;
    }

    void takesCounterDeltas()
    {
        QFETCH(double, before);
        QFETCH(double, after);
        QFETCH(double, value);
        QFETCH(bool, reset);
        const CounterDelta d = counterDelta(before, after);
        QCOMPARE(d.value, value);
        QCOMPARE(d.reset, reset);
    }

    void detectsARestartBetweenScrapes()
    {
        SimMetrics beforeRestart(QStringLiteral("m"));
        beforeRestart.recordPromptTokens(5000);
        SimMetrics afterRestart(QStringLiteral("m"));
        afterRestart.recordPromptTokens(700);
        const auto scrape = [](const SimMetrics& s, std::int64_t ns) {
            return MetricsSample::from(PrometheusText::parse(s.render({}, {})), ns);
        };
        const CounterDelta d
            = counterDelta(scrape(beforeRestart, 1).promptTokens, scrape(afterRestart, 2).promptTokens);
        QVERIFY(d.reset);
        QCOMPARE(d.value, 700.0);
    }

    // Each family's /metrics, written by hand after its documentation (llama.cpp's tools/server/README.md and what
    // Debian's b11669 build exposes, SGLang's production_metrics page, TGI's metrics list), read into one meaning.
    void readsEveryFamilysMetrics_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("family");
        QTest::addColumn<double>("running");
        QTest::addColumn<double>("waiting");
        QTest::addColumn<double>("kvUsage");
        QTest::addColumn<double>("promptTokens");
        QTest::addColumn<double>("generationTokens");
        QTest::addColumn<double>("prefixCacheHits");
        QTest::newRow("llama.cpp b11669")
            << QByteArray(R"(# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed.
# TYPE llamacpp:prompt_tokens_total counter
llamacpp:prompt_tokens_total 4096
# TYPE llamacpp:prompt_tokens_cached_total counter
llamacpp:prompt_tokens_cached_total 12
# TYPE llamacpp:prompt_seconds_total counter
llamacpp:prompt_seconds_total 3.5
# TYPE llamacpp:tokens_predicted_total counter
llamacpp:tokens_predicted_total 2048
# TYPE llamacpp:tokens_predicted_seconds_total counter
llamacpp:tokens_predicted_seconds_total 40.1
# TYPE llamacpp:n_decode_total counter
llamacpp:n_decode_total 300
# TYPE llamacpp:n_busy_slots_per_decode counter
llamacpp:n_busy_slots_per_decode 7.5
# TYPE llamacpp:prompt_tokens_seconds gauge
llamacpp:prompt_tokens_seconds 1170.3
# TYPE llamacpp:predicted_tokens_seconds gauge
llamacpp:predicted_tokens_seconds 51.1
# TYPE llamacpp:requests_processing gauge
llamacpp:requests_processing 8
# TYPE llamacpp:requests_deferred gauge
llamacpp:requests_deferred 8
)") << int(ServerFamily::LlamaCpp)
            << 8.0 << 8.0 << -1.0 << 4096.0 << 2048.0 << 12.0;
        QTest::newRow("llama.cpp b4748") << QByteArray(R"(# TYPE llamacpp:prompt_tokens_total counter
llamacpp:prompt_tokens_total 100
# TYPE llamacpp:tokens_predicted_total counter
llamacpp:tokens_predicted_total 50
# TYPE llamacpp:kv_cache_usage_ratio gauge
llamacpp:kv_cache_usage_ratio 0.25
# TYPE llamacpp:kv_cache_tokens gauge
llamacpp:kv_cache_tokens 1024
# TYPE llamacpp:requests_processing gauge
llamacpp:requests_processing 2
# TYPE llamacpp:requests_deferred gauge
llamacpp:requests_deferred 0
)") << int(ServerFamily::LlamaCpp) << 2.0 << 0.0
                                         << 0.25 << 100.0 << 50.0 << -1.0;
        QTest::newRow("SGLang") << QByteArray(R"(# HELP sglang:prompt_tokens_total Number of prefill tokens processed.
# TYPE sglang:prompt_tokens_total counter
sglang:prompt_tokens_total{model_name="meta-llama/Llama-3.1-8B-Instruct"} 8.128902e+06
# TYPE sglang:generation_tokens_total counter
sglang:generation_tokens_total{model_name="meta-llama/Llama-3.1-8B-Instruct"} 7.557572e+06
# TYPE sglang:cached_tokens_total counter
sglang:cached_tokens_total{model_name="meta-llama/Llama-3.1-8B-Instruct",cache_source="device"} 5000
# TYPE sglang:token_usage gauge
sglang:token_usage{model_name="meta-llama/Llama-3.1-8B-Instruct"} 0.28
# TYPE sglang:num_running_reqs gauge
sglang:num_running_reqs{model_name="meta-llama/Llama-3.1-8B-Instruct"} 31
# TYPE sglang:num_queue_reqs gauge
sglang:num_queue_reqs{model_name="meta-llama/Llama-3.1-8B-Instruct"} 4
)") << int(ServerFamily::SGLang) << 31.0
                                << 4.0 << 0.28 << 8.128902e+06 << 7.557572e+06 << 5000.0;
        QTest::newRow("TGI") << QByteArray(R"(# TYPE tgi_batch_current_size gauge
tgi_batch_current_size 12
# TYPE tgi_queue_size gauge
tgi_queue_size 3
# TYPE tgi_request_input_length histogram
tgi_request_input_length_bucket{le="+Inf"} 40
tgi_request_input_length_sum 40960
tgi_request_input_length_count 40
# TYPE tgi_request_generated_tokens histogram
tgi_request_generated_tokens_bucket{le="+Inf"} 40
tgi_request_generated_tokens_sum 10240
tgi_request_generated_tokens_count 40
# TYPE tgi_request_success counter
tgi_request_success 40
)") << int(ServerFamily::Tgi) << 12.0
                             << 3.0 << -1.0 << 40960.0 << 10240.0 << -1.0;
    }

    void readsEveryFamilysMetrics()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, family);
        QFETCH(double, running);
        QFETCH(double, waiting);
        QFETCH(double, kvUsage);
        QFETCH(double, promptTokens);
        QFETCH(double, generationTokens);
        QFETCH(double, prefixCacheHits);
        const MetricsSample m = MetricsSample::from(PrometheusText::parse(text), 7);
        QCOMPARE(m.running, running);
        QCOMPARE(m.waiting, waiting);
        QCOMPARE(m.kvUsage, kvUsage);
        QCOMPARE(m.promptTokens, promptTokens);
        QCOMPARE(m.generationTokens, generationTokens);
        QCOMPARE(m.prefixCacheHits, prefixCacheHits);
        const ServerFacts f = ServerFacts::detect({}, {}, text);
        QCOMPARE(int(f.family), family);
        QVERIFY(f.metricsVisible);
        QVERIFY(!f.isVllm);
        QVERIFY(!f.unknown.contains(QStringLiteral("vLLM version")));
        QVERIFY(f.unknown.contains(serverFamilyName(f.family) + QStringLiteral(" version")));
    }

    void detectsLlamaCppWithoutMetrics()
    {
        // What Debian's llama-server b11669 answers at /v1/models and /props (trimmed), with /version a 404.
        const QByteArray models = R"({"models":[{"name":"tiny.gguf","model":"tiny.gguf"}],"object":"list","data":[
            {"id":"tiny.gguf","object":"model","created":1764000000,"owned_by":"llamacpp","meta":{"vocab_type":1,
            "n_vocab":700,"n_ctx_train":4096,"n_embd":256,"n_params":3000000,"size":6000000}}]})";
        const QByteArray props = R"({"default_generation_settings":{"n_ctx":512,"params":{}},"total_slots":8,
            "model_path":"/models/tiny.gguf","build_info":"b11669-Debian"})";
        ServerReplies replies;
        replies.version = R"({"error":{"code":404,"message":"File Not Found","type":"not_found_error"}})";
        replies.models = models;
        replies.props = props;
        const ServerFacts f = ServerFacts::detect(replies);
        QCOMPARE(f.family, ServerFamily::LlamaCpp);
        QCOMPARE(f.serverVersion, QStringLiteral("b11669-Debian"));
        QCOMPARE(f.modelId, QStringLiteral("tiny.gguf"));
        QCOMPARE(f.maxModelLen, std::optional<int>(512)); // a slot's context, not the training one
        QVERIFY(f.vllmVersion.isEmpty());
        QVERIFY(f.unknown.contains(QStringLiteral("llama.cpp metrics")));
        // Its slots are its max_num_seqs: what predict starts from and compare lists, kept with the run.
        QCOMPARE(f.maxNumSeqs, std::optional<int>(8));
        QCOMPARE(ServerFacts::fromJson(f.toJson()).maxNumSeqs, std::optional<int>(8));
        // Stored and read back, the family stays; a run stored before families were told apart reads as vLLM's.
        QCOMPARE(ServerFacts::fromJson(f.toJson()).family, ServerFamily::LlamaCpp);
        QCOMPARE(ServerFacts::fromJson(f.toJson()).serverVersion, QStringLiteral("b11669-Debian"));
        QCOMPARE(ServerFacts::fromJson(QJsonObject {{QStringLiteral("isVllm"), true}}).family, ServerFamily::Vllm);
        // owned_by alone says it too, and the other families' words.
        replies.props.clear();
        QCOMPARE(ServerFacts::detect(replies).family, ServerFamily::LlamaCpp);
        replies.models = R"({"object":"list","data":[{"id":"llama3.2","object":"model","owned_by":"library"}]})";
        QCOMPARE(ServerFacts::detect(replies).family, ServerFamily::Ollama);
        replies.models = R"({"object":"list","data":[{"id":"q","object":"model","owned_by":"sglang"}]})";
        QCOMPARE(ServerFacts::detect(replies).family, ServerFamily::SGLang);
        replies.models.clear();
        QCOMPARE(ServerFacts::detect(replies).family, ServerFamily::Unknown);
    }

    void countsEveryTokenizeDialect()
    {
        const QJsonObject body = tokenize::completionRequest(QStringLiteral("m"), QStringLiteral(" the of and"));
        // One body that vLLM (prompt), llama.cpp (content, add_special for its BOS) and TGI (inputs) all read.
        QCOMPARE(body.value(u"prompt").toString(), QStringLiteral(" the of and"));
        QCOMPARE(body.value(u"content").toString(), QStringLiteral(" the of and"));
        QCOMPARE(body.value(u"inputs").toString(), QStringLiteral(" the of and"));
        QCOMPARE(body.value(u"add_special").toBool(), true);
        QCOMPARE(tokenize::count(R"({"count":4,"max_model_len":8192,"tokens":[1,2,3,4]})"), std::optional<int>(4));
        QCOMPARE(tokenize::count(R"({"tokens":[1,278,310,322]})"), std::optional<int>(4));
        QCOMPARE(tokenize::count(R"([{"id":1,"text":"<s>"},{"id":278,"text":" the"}])"), std::optional<int>(2));
        // llama.cpp's answer to a body it did not read: 200 and no tokens. That is no count, not zero.
        QCOMPARE(tokenize::count(R"({"tokens":[]})"), std::nullopt);
        QCOMPARE(tokenize::count(R"({"tokens":[]})", true), std::optional<int>(0));
        QCOMPARE(tokenize::count(R"({"detail":"Not Found"})"), std::nullopt);
        QCOMPARE(tokenize::count("<html>oops</html>"), std::nullopt);
        QCOMPARE(tokenize::appliedTemplate(R"({"prompt":"<|im_start|>user\nhi<|im_end|>\n"})"),
            std::optional<QString>(QStringLiteral("<|im_start|>user\nhi<|im_end|>\n")));
        QCOMPARE(tokenize::appliedTemplate(R"({"error":{}})"), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestServerFacts)
#include "tst_serverfacts.moc"
