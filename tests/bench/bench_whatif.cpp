// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// How fast a what-if recomputes: a run of 20,000 requests (ten steps of 2,000, 256 tokens each) is prepared once,
// then analysed again under changed targets, percentiles and GPUs, as a slider would. The target is 50 ms per
// analysis (issue 5). Prints a table; run by hand (see docs/load-engine.md, Benchmarks).
#include "benchrun.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/catalog/catalog.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace kp::core;

namespace {

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
    const RunData run = buildBenchRun(steps, perStep, output);
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
