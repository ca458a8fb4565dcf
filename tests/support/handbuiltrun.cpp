// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "handbuiltrun.h"

#include <QJsonArray>

#include <algorithm>

using namespace kp::core;

namespace {

constexpr std::int64_t kMs = 1'000'000;

// A closed loop of spec.users users, each sending spec.perUser requests of `out` tokens back to back; or, for a rate
// step, an open loop: spec.perUser requests each sent on its own clock, whoever else is still waiting.
std::vector<RequestRecord> records(const StepSpec& spec, int in, int out, std::int64_t t0)
{
    std::vector<RequestRecord> list;
    const auto ttft = std::int64_t(spec.ttftMs * kMs);
    const auto tpotOf = [&spec](int user) {
        return std::int64_t(spec.tpotMs * (spec.sqlTpotFactor > 0 && user % 2 == 1 ? spec.sqlTpotFactor : 1) * kMs);
    };
    const auto e2elOf = [&](int user) { return ttft + (out - 1) * tpotOf(user); };
    std::uint64_t id = 0;
    const auto send = [&](int user, std::int64_t sentNs) {
        const std::int64_t tpot = tpotOf(user);
        RequestRecord r;
        if (spec.sqlTpotFactor > 0)
            r.model = user % 2 == 1 ? QStringLiteral("sql") : QStringLiteral("base");
        r.id = ++id;
        r.user = user;
        r.sentNs = sentNs;
        r.headersNs = r.sentNs + ttft / 2;
        r.firstTokenNs = r.sentNs + ttft;
        for (int k = 0; k < out; ++k)
            r.chunks.push_back({r.firstTokenNs + k * tpot, 1});
        r.endNs = r.chunks.back().ns + 1000;
        r.httpStatus = 200;
        r.promptTokens = in;
        r.completionTokens = out;
        r.requestedInputTokens = in;
        r.requestedOutputTokens = out;
        r.finishReason = QStringLiteral("length");
        list.push_back(r);
    };
    if (spec.rate > 0) {
        for (int j = 0; j < spec.perUser; ++j)
            send(-1, t0 + std::int64_t(double(j) * 1e9 / spec.rate));
    } else {
        for (int u = 0; u < spec.users; ++u)
            for (int j = 0; j < spec.perUser; ++j)
                send(u, t0 + j * (e2elOf(u) + kMs) + u * 1000); // users start a microsecond apart
    }
    for (int f = 0; f < spec.failures; ++f) {
        RequestRecord r;
        r.id = ++id;
        r.user = spec.rate > 0 ? -1 : f % spec.users;
        // Sent once every user is at work, as a failure under load is: inside the latency sample.
        r.sentNs = t0 + spec.users * 1000 + f * kMs;
        r.endNs = r.sentNs + 5 * kMs;
        r.httpStatus = 500;
        r.error = ErrorClass::ServerError;
        r.requestedInputTokens = in;
        r.requestedOutputTokens = out;
        list.push_back(r);
    }
    return list;
}

std::vector<StoredMetricsSample> samples(const StepSpec& spec, std::int64_t t0)
{
    if (spec.kv < 0)
        return {};
    std::vector<StoredMetricsSample> out;
    for (int i = 0; i < 2; ++i) {
        MetricsSample m;
        m.ns = t0 + i * 1000 * kMs;
        m.running = spec.running >= 0 ? spec.running : spec.users;
        m.waiting = spec.waiting;
        m.kvUsage = i == 0 ? spec.kv / 2 : spec.kv;
        m.preemptions = i == 0 ? 0 : spec.preemptions;
        if (spec.specAcceptance >= 0) {
            m.specDrafts = i == 0 ? 0 : 1000;
            m.specDraftTokens = i == 0 ? 0 : 4000;
            m.specAcceptedTokens = i == 0 ? 0 : 4000 * spec.specAcceptance;
        }
        out.push_back({m.ns, m.toJson()});
    }
    return out;
}

} // namespace

// A run with a baseline and a concurrency step per spec; 1,024 tokens in and 256 out, chat, 500 ms / 50 ms at p99.
RunData makeRun(const std::vector<StepSpec>& specs, const QString& product, const QString& gpu, double roundTripMs)
{
    const int in = 1024, out = 256;
    StoredRun run;
    run.summary.id = 7;
    run.summary.timeScale = 1;
    run.info.product = product;
    run.info.gpu = gpu;
    run.info.model = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
    run.info.options
        = QJsonObject {{QStringLiteral("shapes"),
                           QJsonArray {QJsonObject {{QStringLiteral("input"), in}, {QStringLiteral("output"), out}}}},
            {QStringLiteral("slo"), QJsonObject {{QStringLiteral("ttft_ms"), 500}, {QStringLiteral("tpot_ms"), 50}}},
            {QStringLiteral("percentile"), 99}};
    run.info.facts = QJsonObject {{QStringLiteral("vllmVersion"), QStringLiteral("0.11.0")},
        {QStringLiteral("modelRoot"), QStringLiteral("meta-llama/Llama-3.1-8B-Instruct")}};
    run.info.environment = QJsonObject {{QStringLiteral("kneepoint_version"), QStringLiteral("0.1.0")},
        {QStringLiteral("qt_version"), QStringLiteral("6.4.2")}, {QStringLiteral("host"), QStringLiteral("bench-host")},
        {QStringLiteral("os"), QStringLiteral("Debian GNU/Linux 12 (bookworm)")},
        {QStringLiteral("cpu_model"), QStringLiteral("Example CPU @ 3.0GHz")}, {QStringLiteral("cores"), 2}};
    run.summary.url = QStringLiteral("http://127.0.0.1:8000");
    run.summary.model = run.info.model;
    run.summary.startedUtc = QStringLiteral("2026-11-29T12:00:00.000Z");
    run.summary.status = RunStatus::Complete;
    run.info.url = run.summary.url;
    if (std::any_of(specs.begin(), specs.end(), [](const StepSpec& s) { return s.sqlTpotFactor > 0; }))
        run.info.options[QStringLiteral("models")] = QStringLiteral("base:50,sql:50");
    if (roundTripMs > 0)
        run.info.environment[QStringLiteral("network")]
            = QJsonObject {{QStringLiteral("health_round_trip_median_ms"), roundTripMs}};
    std::vector<StoredStep> steps;
    std::vector<std::vector<RequestRecord>> requests;
    std::vector<std::vector<StoredMetricsSample>> metrics;
    std::int64_t t0 = 1'000'000 * kMs;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        StoredStep s;
        s.id = qint64(i) + 1;
        s.info.index = int(i);
        s.info.phase = i == 0 ? Phase::Baseline : specs[i].rate > 0 ? Phase::Rate : Phase::Concurrency;
        s.info.load = specs[i].rate > 0 ? QJsonObject {{QStringLiteral("rate"), specs[i].rate}}
                                        : QJsonObject {{QStringLiteral("concurrency"), specs[i].users}};
        requests.push_back(records(specs[i], in, out, t0));
        metrics.push_back(samples(specs[i], t0));
        s.info.startNs = t0;
        s.info.endNs = requests.back().back().endNs;
        t0 = s.info.endNs + 1000 * kMs;
        steps.push_back(s);
    }
    return RunData::fromSteps(run, steps, requests, metrics);
}

// Throughput grows with users until 8, then each step takes proportionally longer: saturation at 8.
std::vector<StepSpec> latencyBoundSweep()
{
    // TTFT p99 crosses 500 ms between 8 (400 ms) and 16 (800 ms): at 8 + (500 − 400) / (800 − 400) × 8 = 10 users.
    return {{1, 100, 10}, {1, 100, 10, 20, 0.004}, {2, 120, 10, 20, 0.008}, {4, 200, 10, 20, 0.015},
        {8, 400, 10, 20, 0.029}, {16, 800, 11, 20, 0.029}};
}
