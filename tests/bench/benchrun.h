// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/rundata.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <random>

inline constexpr std::int64_t kBenchMs = 1'000'000;

/// The parts of a bench run, as the run store keeps them.
struct BenchRunParts
{
    kp::core::StoredRun run;
    std::vector<kp::core::StoredStep> steps;
    std::vector<std::vector<kp::core::RequestRecord>> requests;
    std::vector<std::vector<kp::core::StoredMetricsSample>> samples;
};

/// A run of `steps` closed-loop steps (1, 2, 4, … users) of `perStep` requests with `outputTokens` each, with
/// log-normal TTFT and TPOT that grow with the load: what the benchmarks analyse, report and open in the window.
inline BenchRunParts buildBenchRunParts(int steps, int perStep, int outputTokens)
{
    std::mt19937_64 rng(42);
    kp::core::StoredRun run;
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
    std::vector<kp::core::StoredStep> stored;
    std::vector<std::vector<kp::core::RequestRecord>> requests;
    std::vector<std::vector<kp::core::StoredMetricsSample>> samples;
    std::int64_t t0 = 1000 * kBenchMs;
    for (int s = 0; s < steps; ++s) {
        const int users = 1 << s;
        std::lognormal_distribution<double> ttft(std::log(50.0 * (1 + s)), 0.4);
        std::lognormal_distribution<double> tpot(std::log(8.0 + s), 0.1);
        std::vector<kp::core::RequestRecord> list;
        list.reserve(std::size_t(perStep));
        for (int i = 0; i < perStep; ++i) {
            kp::core::RequestRecord r;
            r.id = std::uint64_t(i);
            r.user = i % users;
            r.sentNs = t0 + std::int64_t(i / users) * 3000 * kBenchMs + (i % users) * kBenchMs;
            r.firstTokenNs = r.sentNs + std::int64_t(ttft(rng) * kBenchMs);
            const auto gap = std::int64_t(tpot(rng) * kBenchMs);
            r.chunks.reserve(std::size_t(outputTokens));
            for (int k = 0; k < outputTokens; ++k)
                r.chunks.push_back({r.firstTokenNs + k * gap, 1});
            r.endNs = r.chunks.back().ns + kBenchMs;
            r.httpStatus = 200;
            r.promptTokens = 1024;
            r.completionTokens = outputTokens;
            r.requestedInputTokens = 1024;
            r.requestedOutputTokens = outputTokens;
            list.push_back(std::move(r));
        }
        kp::core::StoredStep step;
        step.id = s + 1;
        step.info.index = s;
        step.info.phase = s == 0 ? kp::core::Phase::Baseline : kp::core::Phase::Concurrency;
        step.info.load = QJsonObject {{QStringLiteral("concurrency"), users}};
        step.info.startNs = t0;
        step.info.endNs = list.back().endNs;
        t0 = step.info.endNs + 1000 * kBenchMs;
        stored.push_back(step);
        requests.push_back(std::move(list));
        samples.emplace_back();
    }
    return {run, stored, requests, samples};
}

inline kp::core::RunData buildBenchRun(int steps, int perStep, int outputTokens)
{
    const BenchRunParts p = buildBenchRunParts(steps, perStep, outputTokens);
    return kp::core::RunData::fromSteps(p.run, p.steps, p.requests, p.samples);
}
