// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/pareto.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"
#include "core/stats/distribution.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kp::core {

ParetoFrontier ParetoFrontier::of(std::vector<ParetoPoint> points)
{
    ParetoFrontier f;
    points.erase(std::remove_if(points.begin(), points.end(),
                     [](const ParetoPoint& p) {
                         return !(p.interactivity > 0) || !std::isfinite(p.interactivity) || !(p.throughputPerGpu >= 0);
                     }),
        points.end());
    f.points = std::move(points);
    // By interactivity descending, throughput descending on ties: a point is on the frontier when it serves more
    // per GPU than every point at least as interactive before it.
    std::vector<std::size_t> order(f.points.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const ParetoPoint& p = f.points[a];
        const ParetoPoint& q = f.points[b];
        return p.interactivity != q.interactivity ? p.interactivity > q.interactivity
                                                  : p.throughputPerGpu > q.throughputPerGpu;
    });
    double best = -1;
    for (std::size_t i : order) {
        if (f.points[i].throughputPerGpu > best) {
            f.frontier.push_back(i);
            best = f.points[i].throughputPerGpu;
        }
    }
    std::reverse(f.frontier.begin(), f.frontier.end());
    return f;
}

int ParetoFrontier::gpusOf(const RunData& run, const RunAnalysis& analysis)
{
    if (analysis.settings.tensorParallel > 0)
        return analysis.settings.tensorParallel;
    const int given = run.options.gpuCount;
    if (given > 0)
        return given;
    return std::max(1, analysis.physics.tensorParallel);
}

std::vector<ParetoPoint> ParetoFrontier::pointsOf(const RunData& run, const RunAnalysis& analysis)
{
    std::vector<ParetoPoint> out;
    const int gpus = gpusOf(run, analysis);
    for (const CurvePoint& pt : analysis.curve.points) {
        const double tpot = Distribution::percentile(pt.step->tpotSorted, 0.5).value;
        ParetoPoint p;
        p.runId = run.summary.id;
        p.run = QCoreApplication::translate("Pareto", "run %1").arg(run.summary.id);
        p.load = pt.step->loadLabel();
        p.interactivity = tpot > 0 ? 1000 / tpot : std::numeric_limits<double>::quiet_NaN();
        p.throughputPerGpu = pt.outputTokensPerSecond / gpus;
        p.meetsTargets = pt.meetsTargets;
        out.push_back(p);
    }
    return out;
}

QStringList ParetoFrontier::dominance() const
{
    QStringList out;
    // Runs of consecutive frontier points from one run: each holds the frontier over its range of interactivity.
    std::size_t i = 0;
    while (i < frontier.size()) {
        std::size_t j = i;
        while (j + 1 < frontier.size() && points[frontier[j + 1]].runId == points[frontier[i]].runId)
            ++j;
        const ParetoPoint& low = points[frontier[i]];
        const ParetoPoint& high = points[frontier[j]];
        out << (i == j
                ? QCoreApplication::translate(
                    "Pareto", "%1 holds the frontier at %2 tokens/s per user (%3, %4 tokens/s per GPU)")
                      .arg(low.run, text::number(low.interactivity), low.load, text::number(low.throughputPerGpu))
                : QCoreApplication::translate("Pareto",
                    "%1 holds the frontier from %2 to %3 tokens/s per user (%4 to %5, %6 to %7 tokens/s "
                    "per GPU)")
                      .arg(low.run, text::number(low.interactivity), text::number(high.interactivity), low.load,
                          high.load, text::number(low.throughputPerGpu), text::number(high.throughputPerGpu)));
        i = j + 1;
    }
    return out;
}

} // namespace kp::core
