// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// How fast a what-if recomputes: a run of 20,000 requests (ten steps of 2,000, 256 tokens each) is prepared once,
// then analysed again under changed targets, percentiles and GPUs, as a slider would. The target is 50 ms per
// analysis (issue 5). Prints a table; run by hand (see the README).
#include "analysis/runanalysis.h"
#include "analysis/rundata.h"
#include "catalog/catalog.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace kp::core;

namespace {

constexpr std::int64_t kMs = 1'000'000;

RunData buildRun(int steps, int perStep, int outputTokens)
{
    std::mt19937_64 rng(42);
    StoredRun run;
    run.summary.id = 1;
    run.summary.timeScale = 1;
    run.info.product = QStringLiteral("chat");
    run.info.gpu = QStringLiteral("h100-sxm");
    run.info.options = QJsonObject {
        {QStringLiteral("shapes"),
            QJsonArray {QJsonObject {{QStringLiteral("input"), 1024}, {QStringLiteral("output"), outputTokens}}}},
        {QStringLiteral("slo"), QJsonObject {{QStringLiteral("ttft_ms"), 500}, {QStringLiteral("tpot_ms"), 50}}},
        {QStringLiteral("percentile"), 99}};
    run.info.facts = QJsonObject {{QStringLiteral("modelRoot"), QStringLiteral("meta-llama/Llama-3.1-8B-Instruct")},
        {QStringLiteral("vllmVersion"), QStringLiteral("0.11.0")}};
    std::vector<StoredStep> stored;
    std::vector<std::vector<RequestRecord>> requests;
    std::vector<std::vector<StoredMetricsSample>> samples;
    std::int64_t t0 = 1000 * kMs;
    for (int s = 0; s < steps; ++s) {
        const int users = 1 << s;
        std::lognormal_distribution<double> ttft(std::log(50.0 * (1 + s)), 0.4);
        std::lognormal_distribution<double> tpot(std::log(8.0 + s), 0.1);
        std::vector<RequestRecord> list;
        list.reserve(std::size_t(perStep));
        for (int i = 0; i < perStep; ++i) {
            RequestRecord r;
            r.id = std::uint64_t(i);
            r.user = i % users;
            r.sentNs = t0 + std::int64_t(i / users) * 3000 * kMs + (i % users) * kMs;
            r.firstTokenNs = r.sentNs + std::int64_t(ttft(rng) * kMs);
            const auto gap = std::int64_t(tpot(rng) * kMs);
            r.chunks.reserve(std::size_t(outputTokens));
            for (int k = 0; k < outputTokens; ++k)
                r.chunks.push_back({r.firstTokenNs + k * gap, 1});
            r.endNs = r.chunks.back().ns + kMs;
            r.httpStatus = 200;
            r.promptTokens = 1024;
            r.completionTokens = outputTokens;
            r.requestedInputTokens = 1024;
            r.requestedOutputTokens = outputTokens;
            list.push_back(std::move(r));
        }
        StoredStep step;
        step.id = s + 1;
        step.info.index = s;
        step.info.phase = s == 0 ? QStringLiteral("baseline") : QStringLiteral("concurrency");
        step.info.load = QJsonObject {{QStringLiteral("concurrency"), users}};
        step.info.startNs = t0;
        step.info.endNs = list.back().endNs;
        t0 = step.info.endNs + 1000 * kMs;
        stored.push_back(step);
        requests.push_back(std::move(list));
        samples.emplace_back();
    }
    return RunData::fromSteps(run, stored, requests, samples);
}

struct Timing
{
    double median = 0;
    double p95 = 0;
    double max = 0;
};

template<typename F> Timing time(int repeats, F&& f)
{
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        QElapsedTimer t;
        t.start();
        f(i);
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], ms.back()};
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int steps = 10, perStep = 2000, output = 256;
    QElapsedTimer prepare;
    prepare.start();
    const RunData run = buildRun(steps, perStep, output);
    const double prepareMs = double(prepare.nsecsElapsed()) / 1e6;
    const AnalysisSettings base = AnalysisSettings::ofRun(run);
    const int repeats = 200;

    std::printf(
        "What-if recomputation: %d requests in %d steps, %d output tokens each\n", steps * perStep, steps, output);
    std::printf("(preparing the run once, as opening it does: %.0f ms)\n\n", prepareMs);
    std::printf("%-34s %10s %10s %10s\n", "change", "median ms", "p95 ms", "max ms");
    auto row = [](const char* what, const Timing& t) {
        std::printf("%-34s %10.2f %10.2f %10.2f\n", what, t.median, t.p95, t.max);
    };
    row("TTFT target (slider)", time(repeats, [&](int i) {
        AnalysisSettings s = base;
        s.slo.ttftMs = 100 + 5 * (i % 200);
        (void)RunAnalysis::of(run, s);
    }));
    row("TPOT target (slider)", time(repeats, [&](int i) {
        AnalysisSettings s = base;
        s.slo.tpotMs = 5 + 0.1 * (i % 200);
        (void)RunAnalysis::of(run, s);
    }));
    row("percentile 50 / 90 / 95 / 99 / 99.9", time(repeats, [&](int i) {
        AnalysisSettings s = base;
        static const double ps[] = {50, 90, 95, 99, 99.9};
        s.percentile = ps[i % 5];
        (void)RunAnalysis::of(run, s);
    }));
    row("attainment target", time(repeats, [&](int i) {
        AnalysisSettings s = base;
        s.attainmentTarget = 0.9 + 0.0005 * (i % 200);
        (void)RunAnalysis::of(run, s);
    }));
    const QList<GpuSpec>& gpus = Catalog::builtIn().gpus();
    row("GPU (every catalog entry)", time(repeats, [&](int i) {
        AnalysisSettings s = base;
        s.gpu = gpus[i % gpus.size()];
        (void)RunAnalysis::of(run, s);
    }));
    std::printf("\nTarget: at most 50 ms per analysis for 20,000 requests.\n");
    return 0;
}
