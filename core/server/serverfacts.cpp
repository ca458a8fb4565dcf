// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/server/serverfacts.h"

#include "core/net/prometheustext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace kp::core {

namespace {

QJsonObject objectOf(const QByteArray& body)
{
    if (body.isEmpty())
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    return doc.isObject() ? doc.object() : QJsonObject();
}

// CacheConfig fields are printed with Python's str(): "None" stands for an unset field.
std::optional<qint64> integerLabel(const PrometheusSample& s, QByteArrayView key)
{
    bool ok = false;
    const qint64 v = s.label(key).toLongLong(&ok);
    return ok && v >= 0 ? std::optional<qint64>(v) : std::nullopt;
}

std::optional<double> numberLabel(const PrometheusSample& s, QByteArrayView key)
{
    bool ok = false;
    const double v = s.label(key).toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

QString textLabel(const PrometheusSample& s, QByteArrayView key)
{
    const QByteArray v = s.label(key);
    return v == "None" ? QString() : QString::fromUtf8(v);
}

void readCacheConfig(const PrometheusText& metrics, ServerFacts* f)
{
    // One sample per engine. Keyed by engine so that an exposition repeating an engine's info (one copy per API
    // server process, say) is not counted twice.
    std::set<QByteArray> engines;
    std::vector<const PrometheusSample*> perEngine;
    for (const PrometheusSample& s : metrics.samples) {
        if (s.name == "vllm:cache_config_info" && engines.insert(s.label("engine")).second)
            perEngine.push_back(&s);
    }
    if (perEngine.empty())
        return;

    const PrometheusSample& first = *perEngine.front();
    if (const std::optional<qint64> b = integerLabel(first, "block_size");
        b && *b > 0 && *b <= std::numeric_limits<int>::max())
        f->blockSize = int(*b);
    f->gpuMemoryUtilization = numberLabel(first, "gpu_memory_utilization");
    f->cacheDtype = textLabel(first, "cache_dtype");
    const QByteArray prefix = first.label("enable_prefix_caching");
    if (prefix == "True" || prefix == "False")
        f->prefixCaching = prefix == "True";

    // A partial sum would understate the server, so one engine that lacks a figure makes it unknown.
    std::optional<qint64> blocks = 0;
    std::optional<qint64> capacity = 0;
    for (const PrometheusSample* s : perEngine) {
        const std::optional<qint64> n = integerLabel(*s, "num_gpu_blocks");
        const std::optional<qint64> b = integerLabel(*s, "block_size");
        // Newer vLLM counts the tokens itself, group-aware: num_gpu_blocks × block_size is wrong for hybrid models.
        std::optional<qint64> tokens = integerLabel(*s, "kv_cache_size_tokens");
        if (!tokens && n && b)
            tokens = *n * *b;
        blocks = blocks && n ? std::optional<qint64>(*blocks + *n) : std::nullopt;
        capacity = capacity && tokens ? std::optional<qint64>(*capacity + *tokens) : std::nullopt;
    }
    f->numGpuBlocks = blocks;
    f->kvCapacityTokens = capacity && *capacity > 0 ? capacity : std::nullopt;
}

bool hasSample(const PrometheusText& metrics, QByteArrayView name)
{
    return metrics.first(name) != nullptr;
}

void readMetrics(const PrometheusText& metrics, ServerFacts* f)
{
    f->metricsVisible = std::any_of(metrics.samples.begin(), metrics.samples.end(), [](const PrometheusSample& s) {
        return s.name.startsWith("vllm:") || s.name.startsWith("llamacpp:") || s.name.startsWith("sglang:")
            || s.name.startsWith("tgi_");
    });
    for (const char* name : {"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "llamacpp:kv_cache_usage_ratio",
             "sglang:token_usage"}) {
        if (hasSample(metrics, name)) {
            f->kvUsageMetric = QString::fromLatin1(name);
            break;
        }
    }
    readCacheConfig(metrics, f);
    if (!f->timeScale) {
        if (const PrometheusSample* s = metrics.first("kneepoint:sim_speed_factor");
            s && std::isfinite(s->value) && s->value > 0)
            f->timeScale = s->value;
    }
}

void listUnknown(ServerFacts* f)
{
    const auto unknownIf = [f](bool missing, const char16_t* name) {
        if (missing)
            f->unknown.append(QString::fromUtf16(name));
    };
    f->unknown.clear();
    // Named after the family it is: "llama.cpp version" says more than "vLLM version" about a llama.cpp server.
    const bool other = f->family != ServerFamily::Vllm && f->family != ServerFamily::Unknown;
    const QString family = serverFamilyName(f->family);
    if (other ? f->serverVersion.isEmpty() : f->vllmVersion.isEmpty())
        f->unknown.append(other ? family + QStringLiteral(" version") : QStringLiteral("vLLM version"));
    unknownIf(f->modelId.isEmpty(), u"model");
    unknownIf(f->modelRoot.isEmpty(), u"model root");
    unknownIf(!f->maxModelLen, u"max model length");
    if (!f->metricsVisible)
        f->unknown.append(other ? family + QStringLiteral(" metrics") : QStringLiteral("vLLM metrics"));
    unknownIf(f->kvUsageMetric.isEmpty(), u"KV cache usage");
    unknownIf(!f->kvCapacityTokens, u"KV capacity");
    unknownIf(!f->blockSize, u"block size");
    unknownIf(!f->numGpuBlocks, u"GPU blocks");
    unknownIf(!f->gpuMemoryUtilization, u"GPU memory utilization");
    unknownIf(f->cacheDtype.isEmpty(), u"KV cache dtype");
    unknownIf(!f->prefixCaching, u"prefix caching");
}

template<typename T> void insertIf(QJsonObject* o, QLatin1String key, const std::optional<T>& v)
{
    if (v)
        o->insert(key, *v);
}

std::optional<int> intOf(const QJsonObject& o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    return v.isDouble() ? std::optional<int>(v.toInt()) : std::nullopt;
}

std::optional<qint64> integerOf(const QJsonObject& o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    return v.isDouble() ? std::optional<qint64>(v.toInteger()) : std::nullopt;
}

std::optional<double> doubleOf(const QJsonObject& o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

std::optional<bool> boolOf(const QJsonObject& o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    return v.isBool() ? std::optional<bool>(v.toBool()) : std::nullopt;
}

double finiteOrAbsent(std::optional<double> v)
{
    return v && std::isfinite(*v) ? *v : -1;
}

/// Mean over engines: a fraction per engine, which a sum would push past 1.
double meanOf(const PrometheusText& metrics, QByteArrayView name)
{
    double total = 0;
    int n = 0;
    for (const PrometheusSample& s : metrics.samples) {
        if (s.name == name) {
            total += s.value;
            ++n;
        }
    }
    return n > 0 ? finiteOrAbsent(total / n) : -1;
}

double maxOf(const PrometheusText& metrics, QByteArrayView name)
{
    std::optional<double> most;
    for (const PrometheusSample& s : metrics.samples) {
        if (s.name == name)
            most = std::max(most.value_or(s.value), s.value);
    }
    return finiteOrAbsent(most);
}

/// The histogram family to read: the current name if the server exposes it, else the one it replaced.
QByteArray histogramFamily(const PrometheusText& metrics, const char* current, const char* older)
{
    const QByteArray c(current);
    return hasSample(metrics, QByteArray(c + "_count")) || hasSample(metrics, QByteArray(c + "_sum"))
        ? c
        : QByteArray(older);
}

struct SampleField
{
    const char* key;
    double MetricsSample::*member;
};

constexpr SampleField sampleFields[] = {
    {"running", &MetricsSample::running},
    {"waiting", &MetricsSample::waiting},
    {"kvUsage", &MetricsSample::kvUsage},
    {"preemptions", &MetricsSample::preemptions},
    {"promptTokens", &MetricsSample::promptTokens},
    {"generationTokens", &MetricsSample::generationTokens},
    {"requestsSucceeded", &MetricsSample::requestsSucceeded},
    {"ttftSum", &MetricsSample::ttftSum},
    {"ttftCount", &MetricsSample::ttftCount},
    {"e2eSum", &MetricsSample::e2eSum},
    {"e2eCount", &MetricsSample::e2eCount},
    {"queueSum", &MetricsSample::queueSum},
    {"queueCount", &MetricsSample::queueCount},
    {"itlSum", &MetricsSample::itlSum},
    {"itlCount", &MetricsSample::itlCount},
    {"lagSeconds", &MetricsSample::lagSeconds},
    {"prefixCacheQueries", &MetricsSample::prefixCacheQueries},
    {"prefixCacheHits", &MetricsSample::prefixCacheHits},
    {"specDrafts", &MetricsSample::specDrafts},
    {"specDraftTokens", &MetricsSample::specDraftTokens},
    {"specAcceptedTokens", &MetricsSample::specAcceptedTokens},
};

} // namespace

ServerFacts ServerFacts::detect(
    const QByteArray& versionBody, const QByteArray& modelsBody, const QByteArray& metricsBody)
{
    ServerReplies replies;
    replies.version = versionBody;
    replies.models = modelsBody;
    replies.metrics = metricsBody;
    return detect(replies);
}

ServerFacts ServerFacts::detect(const ServerReplies& replies)
{
    const QByteArray& versionBody = replies.version;
    const QByteArray& modelsBody = replies.models;
    const PrometheusText metrics = PrometheusText::parse(replies.metrics);
    ServerFacts f;
    f.family = detectServerFamily(replies, metrics);
    f.serverVersion = detectServerVersion(f.family, replies);
    const QJsonObject version = objectOf(versionBody);
    if (const QJsonValue v = version.value(QLatin1String("version")); v.isString() && !v.toString().isEmpty()) {
        f.vllmVersion = v.toString();
    }
    f.isVllm = f.family == ServerFamily::Vllm;
    const QJsonObject sim = version.value(QLatin1String("kneepoint_sim")).toObject();
    const QJsonValue speed = sim.value(QLatin1String("speed"));
    if (speed.isDouble() && std::isfinite(speed.toDouble()) && speed.toDouble() > 0)
        f.timeScale = speed.toDouble();
    f.reportedGpu = sim.value(QLatin1String("gpu")).toString();
    const auto positive = [](const QJsonValue& v) {
        return v.isDouble() && v.toInt() > 0 ? std::optional<int>(v.toInt()) : std::nullopt;
    };
    f.maxNumSeqs = positive(sim.value(QLatin1String("max_num_seqs")));
    f.maxNumBatchedTokens = positive(sim.value(QLatin1String("max_num_batched_tokens")));
    if (!f.maxNumSeqs) // llama-server: its slots, the --parallel it was started with
        f.maxNumSeqs = positive(objectOf(replies.props).value(QLatin1String("total_slots")));

    const QJsonArray cards = objectOf(modelsBody).value(QLatin1String("data")).toArray();
    if (!cards.isEmpty()) {
        // vLLM lists base models before LoRA adapters, which carry no max_model_len.
        const QJsonObject card = cards.first().toObject();
        f.modelId = card.value(QLatin1String("id")).toString();
        f.modelRoot = card.value(QLatin1String("root")).toString();
        if (const QJsonValue len = card.value(QLatin1String("max_model_len")); len.isDouble() && len.toInt() > 0)
            f.maxModelLen = len.toInt();
    }

    // llama.cpp's card carries the training context, not the server's: each of its slots has ctx-size / parallel.
    if (!f.maxModelLen) {
        const QJsonObject settings = objectOf(replies.props).value(u"default_generation_settings").toObject();
        if (const QJsonValue n = settings.value(u"n_ctx"); n.isDouble() && n.toInt() > 0)
            f.maxModelLen = n.toInt();
    }
    readMetrics(metrics, &f);
    listUnknown(&f);
    return f;
}

QStringList ServerFacts::servedModels(const QByteArray& modelsBody)
{
    QStringList ids;
    for (const QJsonValue card : objectOf(modelsBody).value(QLatin1String("data")).toArray()) {
        const QString id = card.toObject().value(QLatin1String("id")).toString();
        if (!id.isEmpty())
            ids << id;
    }
    return ids;
}

QString ServerFacts::serverText() const
{
    const QString version = family == ServerFamily::Vllm ? vllmVersion : serverVersion;
    if (family == ServerFamily::Unknown)
        return serverFamilyName(family);
    return version.isEmpty()
        ? QCoreApplication::translate("ServerFacts", "%1 (version unknown)").arg(serverFamilyName(family))
        : serverFamilyName(family) + u' ' + version;
}

QJsonObject ServerFacts::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("vllmVersion"), vllmVersion);
    o.insert(QLatin1String("isVllm"), isVllm);
    o.insert(QLatin1String("family"), serverFamilyId(family));
    if (!serverVersion.isEmpty())
        o.insert(QLatin1String("serverVersion"), serverVersion);
    o.insert(QLatin1String("modelId"), modelId);
    o.insert(QLatin1String("modelRoot"), modelRoot);
    insertIf(&o, QLatin1String("maxModelLen"), maxModelLen);
    insertIf(&o, QLatin1String("kvCapacityTokens"), kvCapacityTokens);
    insertIf(&o, QLatin1String("blockSize"), blockSize);
    insertIf(&o, QLatin1String("numGpuBlocks"), numGpuBlocks);
    insertIf(&o, QLatin1String("gpuMemoryUtilization"), gpuMemoryUtilization);
    o.insert(QLatin1String("cacheDtype"), cacheDtype);
    insertIf(&o, QLatin1String("prefixCaching"), prefixCaching);
    insertIf(&o, QLatin1String("maxNumSeqs"), maxNumSeqs);
    insertIf(&o, QLatin1String("maxNumBatchedTokens"), maxNumBatchedTokens);
    insertIf(&o, QLatin1String("timeScale"), timeScale);
    if (!reportedGpu.isEmpty())
        o.insert(QLatin1String("reportedGpu"), reportedGpu);
    o.insert(QLatin1String("metricsVisible"), metricsVisible);
    o.insert(QLatin1String("kvUsageMetric"), kvUsageMetric);
    o.insert(QLatin1String("unknown"), QJsonArray::fromStringList(unknown));
    return o;
}

ServerFacts ServerFacts::fromJson(const QJsonObject& o)
{
    ServerFacts f;
    f.vllmVersion = o.value(QLatin1String("vllmVersion")).toString();
    f.isVllm = o.value(QLatin1String("isVllm")).toBool();
    // Runs stored before families were told apart: vLLM where they knew it was.
    const bool knownVllm = f.isVllm || !o.value(QLatin1String("vllmVersion")).toString().isEmpty();
    f.family = o.contains(QLatin1String("family")) ? serverFamilyFromId(o.value(QLatin1String("family")).toString())
        : knownVllm                                ? ServerFamily::Vllm
                                                   : ServerFamily::Unknown;
    f.serverVersion = o.value(QLatin1String("serverVersion")).toString();
    f.modelId = o.value(QLatin1String("modelId")).toString();
    f.modelRoot = o.value(QLatin1String("modelRoot")).toString();
    f.maxModelLen = intOf(o, QLatin1String("maxModelLen"));
    f.kvCapacityTokens = integerOf(o, QLatin1String("kvCapacityTokens"));
    f.blockSize = intOf(o, QLatin1String("blockSize"));
    f.numGpuBlocks = integerOf(o, QLatin1String("numGpuBlocks"));
    f.gpuMemoryUtilization = doubleOf(o, QLatin1String("gpuMemoryUtilization"));
    f.cacheDtype = o.value(QLatin1String("cacheDtype")).toString();
    f.prefixCaching = boolOf(o, QLatin1String("prefixCaching"));
    f.maxNumSeqs = intOf(o, QLatin1String("maxNumSeqs"));
    f.maxNumBatchedTokens = intOf(o, QLatin1String("maxNumBatchedTokens"));
    f.timeScale = doubleOf(o, QLatin1String("timeScale"));
    f.reportedGpu = o.value(QLatin1String("reportedGpu")).toString();
    f.metricsVisible = o.value(QLatin1String("metricsVisible")).toBool();
    f.kvUsageMetric = o.value(QLatin1String("kvUsageMetric")).toString();
    for (const QJsonValue v : o.value(QLatin1String("unknown")).toArray())
        f.unknown.append(v.toString());
    return f;
}

MetricsSample MetricsSample::from(const PrometheusText& metrics, std::int64_t ns)
{
    const auto sum = [&](const QByteArray& name) { return finiteOrAbsent(metrics.sum(name)); };
    MetricsSample m;
    m.ns = ns;
    m.running = sum("vllm:num_requests_running");
    m.waiting = sum("vllm:num_requests_waiting");
    m.kvUsage = hasSample(metrics, "vllm:kv_cache_usage_perc") ? meanOf(metrics, "vllm:kv_cache_usage_perc")
                                                               : meanOf(metrics, "vllm:gpu_cache_usage_perc");
    m.preemptions = sum("vllm:num_preemptions_total");
    m.promptTokens = sum("vllm:prompt_tokens_total");
    m.generationTokens = sum("vllm:generation_tokens_total");
    m.requestsSucceeded = sum("vllm:request_success_total");
    m.ttftSum = sum("vllm:time_to_first_token_seconds_sum");
    m.ttftCount = sum("vllm:time_to_first_token_seconds_count");
    m.e2eSum = sum("vllm:e2e_request_latency_seconds_sum");
    m.e2eCount = sum("vllm:e2e_request_latency_seconds_count");
    // Early V0 servers only had the (later deprecated) duplicate time_in_queue_requests.
    const QByteArray queue = histogramFamily(metrics, "vllm:request_queue_time_seconds", "vllm:time_in_queue_requests");
    m.queueSum = sum(queue + "_sum");
    m.queueCount = sum(queue + "_count");
    const QByteArray itl
        = histogramFamily(metrics, "vllm:inter_token_latency_seconds", "vllm:time_per_output_token_seconds");
    m.itlSum = sum(itl + "_sum");
    m.itlCount = sum(itl + "_count");
    m.lagSeconds = maxOf(metrics, "kneepoint:sim_lag_seconds");
    m.prefixCacheQueries = sum("vllm:prefix_cache_queries_total");
    m.prefixCacheHits = sum("vllm:prefix_cache_hits_total");
    // Speculative decoding: vLLM (V1; V0 had no drafts counter) and llama.cpp count it under the same names.
    for (const char* family : {"vllm:", "llamacpp:"}) {
        const QByteArray prefix(family);
        const QByteArray draftTokens = prefix + "spec_decode_num_draft_tokens_total";
        if (!hasSample(metrics, draftTokens))
            continue;
        m.specDrafts = sum(prefix + "spec_decode_num_drafts_total");
        m.specDraftTokens = sum(draftTokens);
        m.specAcceptedTokens = sum(prefix + "spec_decode_num_accepted_tokens_total");
    }
    if (hasSample(metrics, "llamacpp:requests_processing") || hasSample(metrics, "llamacpp:prompt_tokens_total")) {
        // llama.cpp's slots: requests_processing run, requests_deferred wait for a free slot. Its prompt counter
        // counts the tokens it evaluated, its cached counter those it took from a slot's cache.
        m.running = sum("llamacpp:requests_processing");
        m.waiting = sum("llamacpp:requests_deferred");
        m.kvUsage = meanOf(metrics, "llamacpp:kv_cache_usage_ratio");
        m.promptTokens = sum("llamacpp:prompt_tokens_total");
        m.generationTokens = sum("llamacpp:tokens_predicted_total");
        m.prefixCacheHits = sum("llamacpp:prompt_tokens_cached_total");
        if (m.prefixCacheHits >= 0 && m.promptTokens >= 0)
            m.prefixCacheQueries = m.prefixCacheHits + m.promptTokens;
    } else if (hasSample(metrics, "sglang:num_running_reqs") || hasSample(metrics, "sglang:prompt_tokens_total")) {
        m.running = sum("sglang:num_running_reqs");
        m.waiting = sum("sglang:num_queue_reqs");
        m.kvUsage = meanOf(metrics, "sglang:token_usage");
        m.promptTokens = sum("sglang:prompt_tokens_total");
        m.generationTokens = sum("sglang:generation_tokens_total");
        m.requestsSucceeded = sum("sglang:num_requests_total");
        m.ttftSum = sum("sglang:time_to_first_token_seconds_sum");
        m.ttftCount = sum("sglang:time_to_first_token_seconds_count");
        m.e2eSum = sum("sglang:e2e_request_latency_seconds_sum");
        m.e2eCount = sum("sglang:e2e_request_latency_seconds_count");
        m.prefixCacheHits = sum("sglang:cached_tokens_total");
    } else if (hasSample(metrics, "tgi_batch_current_size") || hasSample(metrics, "tgi_queue_size")) {
        // TGI counts tokens only in histograms of per-request lengths: their sums are the totals.
        m.running = sum("tgi_batch_current_size");
        m.waiting = sum("tgi_queue_size");
        m.promptTokens = sum("tgi_request_input_length_sum");
        m.generationTokens = sum("tgi_request_generated_tokens_sum");
        m.requestsSucceeded = sum("tgi_request_success");
        m.queueSum = sum("tgi_request_queue_duration_sum");
        m.queueCount = sum("tgi_request_queue_duration_count");
        m.e2eSum = sum("tgi_request_duration_sum");
        m.e2eCount = sum("tgi_request_duration_count");
    }
    return m;
}

QJsonObject MetricsSample::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("ns"), qint64(ns));
    for (const SampleField& field : sampleFields) {
        if (this->*field.member >= 0)
            o.insert(QLatin1String(field.key), this->*field.member);
    }
    return o;
}

MetricsSample MetricsSample::fromJson(const QJsonObject& o)
{
    MetricsSample m;
    m.ns = o.value(QLatin1String("ns")).toInteger();
    for (const SampleField& field : sampleFields)
        m.*field.member = o.value(QLatin1String(field.key)).toDouble(-1);
    return m;
}

CounterDelta counterDelta(double before, double after)
{
    // Written so that NaN, like an absent counter, falls into the first case.
    if (!(before >= 0) || !(after >= 0))
        return {};
    if (after < before)
        return {after, true};
    return {after - before, false};
}

} // namespace kp::core
