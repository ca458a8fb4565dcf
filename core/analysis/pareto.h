// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// One load step as the serving trade-off sees it: how fast each user is served against how much the hardware
/// serves in all.
struct ParetoPoint
{
    qint64 runId = -1;
    QString run; ///< "run 12": whose point it is, for a frontier over several runs
    QString load; ///< "8 users"
    /// Output tokens per second per user: 1000 / the step's median TPOT (ms, the server's time).
    double interactivity = 0;
    /// Output tokens per second over the step, divided by the GPUs the model runs on.
    double throughputPerGpu = 0;
    bool meetsTargets = false;
};

/// The Pareto frontier of interactivity (tokens per second per user) against throughput per GPU, the trade-off
/// that batching makes: more users at once serve more tokens per GPU and fewer per user. A point is on the
/// frontier when no other point is at least as good on both and better on one. Over several runs (a flag's before
/// and after, two GPUs, two quantisations) the frontier says which run to pick for a given need.
struct ParetoFrontier
{
    std::vector<ParetoPoint> points;
    std::vector<std::size_t> frontier; ///< indices into points, by interactivity ascending
    std::optional<double> tpotTargetMs; ///< the first run's TPOT target: users above 1000 / it meet it

    /// The frontier of `points`; steps without a TPOT (a step of one-token answers) are left out.
    static ParetoFrontier of(std::vector<ParetoPoint> points);
    /// The concurrency sweep of a run as points: one per step, divided by the analysis' GPU count (the run's
    /// --gpus, else the fewest GPUs that hold the weights, else 1).
    static std::vector<ParetoPoint> pointsOf(const RunData& run, const RunAnalysis& analysis);
    /// The GPU count pointsOf divides by.
    static int gpusOf(const RunData& run, const RunAnalysis& analysis);

    /// Sentences naming which run holds the frontier over which range of interactivity, each with its numbers:
    /// "run 12 holds the frontier from 18.4 to 52.1 tokens/s per user (up to 2,310 tokens/s per GPU)". One run's
    /// frontier yields one sentence.
    QStringList dominance() const;
};

} // namespace kp::core
