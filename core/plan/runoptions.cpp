// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/plan/runoptions.h"

#include "core/common/urlcredentials.h"
#include "core/plan/trafficprofile.h"
#include "core/stats/distribution.h"

#include <QJsonArray>

namespace kp::core {

SloTargets RunOptions::defaultTargets(const QString& product)
{
    const TrafficProfile& d = TrafficProfile::of(product);
    SloTargets t;
    t.ttftMs = d.ttftMs;
    t.tpotMs = d.tpotMs;
    return t;
}

RunOptions RunOptions::demoRun(const QUrl& url)
{
    RunOptions options;
    options.url = url;
    options.gpu = QStringLiteral("h100-sxm");
    options.product = QStringLiteral("chat");
    options.demo = true;
    options.baselineRequests = 4;
    options.quick = true; // a demonstration in a minute, not a measurement to sign
    options.concurrency = {1, 2, 4, 8, 16, 32, 64, 128};
    return options;
}

int RunOptions::requestsFor(int users) const
{
    if (requestsPerStep > 0)
        return requestsPerStep;
    users = std::max(1, users);
    const int steady = kRequestsPerUser * users;
    if (quick)
        return std::max(16, steady);
    return std::max(steady, Distribution::samplesForBoundedInterval(percentile / 100) + 2 * (users - 1));
}

int RunOptions::requestsFor(double rate) const
{
    if (requestsPerStep > 0)
        return requestsPerStep;
    const int tenSeconds = int(std::ceil(rate * 10));
    if (quick)
        return std::max(16, tenSeconds);
    return std::max(tenSeconds, Distribution::samplesForBoundedInterval(percentile / 100));
}

QList<int> RunOptions::defaultConcurrency()
{
    return {1, 2, 4, 8, 16, 32, 64, 128, 256};
}

QStringList RunOptions::products()
{
    return TrafficProfile::ids();
}

ServerEndpoint RunOptions::target(const QByteArray& apiKey) const
{
    ServerEndpoint t;
    t.baseUrl = url;
    t.apiKey = apiKey;
    t.connectTimeoutMs = connectTimeoutMs;
    t.firstByteTimeoutMs = firstByteTimeoutMs;
    t.stallTimeoutMs = stallTimeoutMs;
    t.requestTimeoutMs = requestTimeoutMs;
    t.verifyTls = !insecure;
    t.caFile = caFile;
    return t;
}

RunOptions RunOptions::resolved() const
{
    RunOptions r = *this;
    const TrafficProfile& d = TrafficProfile::of(product);
    if (r.shapes.isEmpty())
        r.shapes = {d.shape};
    if (!r.slo.ttftMs)
        r.slo.ttftMs = d.ttftMs;
    if (!r.slo.tpotMs)
        r.slo.tpotMs = d.tpotMs;
    return r;
}

QJsonObject RunOptions::toJson() const
{
    QJsonArray shapesJson;
    for (const Shape& s : shapes)
        shapesJson.append(QJsonObject {{QStringLiteral("input"), s.input}, {QStringLiteral("output"), s.output}});
    QJsonArray levels;
    for (int c : concurrency)
        levels.append(c);
    QJsonArray rateList;
    for (double r : rates)
        rateList.append(r);
    QJsonObject slos;
    if (slo.ttftMs)
        slos[QStringLiteral("ttft_ms")] = *slo.ttftMs;
    if (slo.tpotMs)
        slos[QStringLiteral("tpot_ms")] = *slo.tpotMs;
    if (slo.e2elMs)
        slos[QStringLiteral("e2el_ms")] = *slo.e2elMs;
    if (slo.ttfoMs)
        slos[QStringLiteral("ttfo_ms")] = *slo.ttfoMs;
    // Credentials never reach the store: the commands refuse them, and this is the guard behind that.
    QJsonObject json {
        {QStringLiteral("url"), withoutCredentials(url).toString()},
        {QStringLiteral("model"), model},
        {QStringLiteral("gpu"), gpu},
        {QStringLiteral("product"), product},
        {QStringLiteral("api"),
            api == WorkloadSpec::Api::Chat ? QStringLiteral("chat") : QStringLiteral("completions")},
        {QStringLiteral("shapes"), shapesJson},
        {QStringLiteral("concurrency"), levels},
        {QStringLiteral("rates"), rateList},
        {QStringLiteral("burstiness"), burstiness},
        {QStringLiteral("slo"), slos},
        {QStringLiteral("percentile"), percentile},
        {QStringLiteral("requests_per_step"), requestsPerStep},
        {QStringLiteral("quick"), quick},
        {QStringLiteral("duration_per_step_s"), durationPerStep},
        {QStringLiteral("step_budget_s"), stepBudgetSeconds},
        {QStringLiteral("baseline_requests"), baselineRequests},
        {QStringLiteral("warmup_per_step"), warmupPerStep},
        {QStringLiteral("max_error_fraction"), maxErrorFraction},
        {QStringLiteral("capacity_precision"), capacityPrecision},
        {QStringLiteral("max_probes"), maxProbes},
        {QStringLiteral("connect_timeout_ms"), connectTimeoutMs},
        {QStringLiteral("first_byte_timeout_ms"), firstByteTimeoutMs},
        {QStringLiteral("stall_timeout_ms"), stallTimeoutMs},
        {QStringLiteral("request_timeout_ms"), requestTimeoutMs},
        {QStringLiteral("server_wait_s"), serverWaitSeconds},
        {QStringLiteral("scrape_interval_ms"), scrapeIntervalMs},
        {QStringLiteral("transport"), StreamTransport::name(transport)},
        {QStringLiteral("prompts"), prompts},
    };
    if (gpuCount > 0)
        json[QStringLiteral("gpus")] = gpuCount;
    if (insecure)
        json[QStringLiteral("insecure")] = true;
    if (!caFile.isEmpty())
        json[QStringLiteral("ca_file")] = caFile;
    if (!dcgmUrl.isEmpty())
        json[QStringLiteral("dcgm_url")] = withoutCredentials(QUrl(dcgmUrl)).toString();
    if (!gpuTelemetry)
        json[QStringLiteral("gpu_telemetry")] = false;
    if (!gpuDevices.isEmpty())
        json[QStringLiteral("gpu_devices")] = gpuDevices;
    if (shard)
        json[QStringLiteral("shard")] = shard->toJson();
    if (!dataset.isEmpty())
        json[QStringLiteral("dataset")] = dataset;
    if (!trace.isEmpty()) {
        json[QStringLiteral("trace")] = trace;
        json[QStringLiteral("trace_speed")] = traceSpeed;
        json[QStringLiteral("trace_start_s")] = traceStartSeconds;
        json[QStringLiteral("trace_duration_s")] = traceDurationSeconds;
    }
    if (sharedPrefixTokens > 0)
        json[QStringLiteral("shared_prefix_tokens")] = sharedPrefixTokens;
    if (resetPrefixCache)
        json[QStringLiteral("reset_prefix_cache")] = true;
    if (turns > 1)
        json[QStringLiteral("turns")] = turns;
    if (fanOut > 0)
        json[QStringLiteral("fan_out")] = fanOut;
    if (!models.empty())
        json[QStringLiteral("models")] = models.toString();
    if (lengthSpread > 0)
        json[QStringLiteral("length_spread")] = lengthSpread;
    if (seed != 0)
        json[QStringLiteral("seed")] = QString::number(seed);
    if (constantArrivals)
        json[QStringLiteral("arrivals")] = QStringLiteral("constant");
    if (maxInFlight > 0)
        json[QStringLiteral("max_in_flight")] = maxInFlight;
    if (thinkTimeMs > 0)
        json[QStringLiteral("think_time_ms")] = thinkTimeMs;
    if (rampMs >= 0)
        json[QStringLiteral("ramp_ms")] = rampMs;
    return json;
}

RunOptions RunOptions::fromJson(const QJsonObject& json)
{
    RunOptions o;
    auto text = [&json](QStringView key, QString* out) {
        if (json.contains(key))
            *out = json.value(key).toString();
    };
    auto whole = [&json](QStringView key, int* out) {
        if (json.value(key).isDouble())
            *out = json.value(key).toInt();
    };
    auto real = [&json](QStringView key, double* out) {
        if (json.value(key).isDouble())
            *out = json.value(key).toDouble();
    };
    // A run stored before a key in the URL was refused is shown without it.
    o.url = withoutCredentials(QUrl(json.value(u"url").toString()));
    text(u"model", &o.model);
    text(u"gpu", &o.gpu);
    whole(u"gpus", &o.gpuCount);
    text(u"product", &o.product);
    if (json.contains(u"api"))
        o.api = json.value(u"api").toString() == u"chat" ? WorkloadSpec::Api::Chat : WorkloadSpec::Api::Completions;
    o.shapes.clear();
    for (const QJsonValue v : json.value(u"shapes").toArray())
        o.shapes << Shape {v[u"input"].toInt(), v[u"output"].toInt()};
    text(u"dataset", &o.dataset);
    text(u"trace", &o.trace);
    real(u"trace_speed", &o.traceSpeed);
    real(u"trace_start_s", &o.traceStartSeconds);
    real(u"trace_duration_s", &o.traceDurationSeconds);
    o.concurrency.clear();
    for (const QJsonValue v : json.value(u"concurrency").toArray())
        o.concurrency << v.toInt();
    for (const QJsonValue v : json.value(u"rates").toArray())
        o.rates << v.toDouble();
    real(u"burstiness", &o.burstiness);
    o.constantArrivals = json.value(u"arrivals").toString() == u"constant";
    whole(u"max_in_flight", &o.maxInFlight);
    real(u"think_time_ms", &o.thinkTimeMs);
    real(u"ramp_ms", &o.rampMs);
    const QJsonObject slos = json.value(u"slo").toObject();
    if (slos.value(u"ttft_ms").isDouble())
        o.slo.ttftMs = slos.value(u"ttft_ms").toDouble();
    if (slos.value(u"tpot_ms").isDouble())
        o.slo.tpotMs = slos.value(u"tpot_ms").toDouble();
    if (slos.value(u"e2el_ms").isDouble())
        o.slo.e2elMs = slos.value(u"e2el_ms").toDouble();
    if (slos.value(u"ttfo_ms").isDouble())
        o.slo.ttfoMs = slos.value(u"ttfo_ms").toDouble();
    real(u"percentile", &o.percentile);
    whole(u"requests_per_step", &o.requestsPerStep);
    o.quick = json.value(u"quick").toBool();
    o.resetPrefixCache = json.value(u"reset_prefix_cache").toBool();
    real(u"duration_per_step_s", &o.durationPerStep);
    real(u"step_budget_s", &o.stepBudgetSeconds);
    whole(u"baseline_requests", &o.baselineRequests);
    whole(u"warmup_per_step", &o.warmupPerStep);
    real(u"max_error_fraction", &o.maxErrorFraction);
    real(u"capacity_precision", &o.capacityPrecision);
    whole(u"max_probes", &o.maxProbes);
    whole(u"connect_timeout_ms", &o.connectTimeoutMs);
    whole(u"first_byte_timeout_ms", &o.firstByteTimeoutMs);
    whole(u"stall_timeout_ms", &o.stallTimeoutMs);
    whole(u"request_timeout_ms", &o.requestTimeoutMs);
    whole(u"server_wait_s", &o.serverWaitSeconds);
    whole(u"scrape_interval_ms", &o.scrapeIntervalMs);
    if (const auto kind = StreamTransport::named(json.value(u"transport").toString()))
        o.transport = *kind;
    whole(u"prompts", &o.prompts);
    o.insecure = json.value(u"insecure").toBool();
    o.caFile = json.value(u"ca_file").toString();
    o.dcgmUrl = json.value(u"dcgm_url").toString();
    o.gpuTelemetry = json.value(u"gpu_telemetry").toBool(true);
    o.gpuDevices = json.value(u"gpu_devices").toString();
    if (json.value(u"shard").isObject())
        o.shard = ShardSpec::fromJson(json.value(u"shard").toObject());
    whole(u"shared_prefix_tokens", &o.sharedPrefixTokens);
    whole(u"turns", &o.turns);
    whole(u"fan_out", &o.fanOut);
    if (json.value(u"models").isString()) {
        if (std::optional<ModelMix> mix = ModelMix::parse(json.value(u"models").toString(), nullptr))
            o.models = *mix;
    }
    real(u"length_spread", &o.lengthSpread);
    if (json.contains(u"seed"))
        o.seed = json.value(u"seed").toString().toULongLong();
    return o;
}

bool RunOptions::loadTrace(QString* error)
{
    traceWindow.reset();
    if (trace.isEmpty())
        return true;
    const std::optional<Trace> whole = Trace::read(trace, error);
    if (!whole)
        return false;
    auto window = std::make_shared<Trace>(whole->window(traceStartSeconds, traceDurationSeconds, traceSpeed));
    if (window->requests.empty()) {
        *error = QStringLiteral("The trace %1 has no request from %2 s for %3: it spans %4 s.")
                     .arg(trace)
                     .arg(traceStartSeconds)
                     .arg(traceDurationSeconds > 0 ? QStringLiteral("%1 s").arg(traceDurationSeconds)
                                                   : QStringLiteral("the rest"))
                     .arg(whole->spanSeconds(), 0, 'f', 1);
        return false;
    }
    traceWindow = std::move(window);
    return true;
}

} // namespace kp::core
