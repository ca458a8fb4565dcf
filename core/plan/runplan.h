// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadplan.h"
#include "core/plan/runoptions.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace kp::core {

/// One step of a run as planned: what the load engine is told, and what the store records as its load.
struct PlannedStep
{
    QString phase; ///< baseline, uncached, concurrency, rate, shape (and the capacity search's probes)
    LoadPlan plan;
    int shape = 0; ///< index into the run's workloads: its shapes, then the uncached twin
    QJsonObject load;
};

/// The steps a run of some options makes, in order, before any probe: the one-user baseline; its uncached twin
/// where the workload shares a prefix or holds conversations (what sharing saves is only seen beside the same
/// requests without it); each concurrency; each rate; each further shape at a moderate load. A pure function of the
/// options: the pipeline runs it, the wizard estimates its duration from it, and `kneepoint run --dry-run` prints it.
struct RunPlan
{
    std::vector<PlannedStep> steps;

    static RunPlan of(const RunOptions& options);
    /// A closed-loop step of `users` (its warm-up, its request count or duration), as every concurrency step has.
    static LoadPlan closedLoop(const RunOptions& options, int users);
    /// An open-loop step at `rate` requests per second.
    static LoadPlan openLoop(const RunOptions& options, double rate);
    /// The replay of a trace's window (RunOptions::traceWindow): one open-loop step, stored as a rate step at the
    /// trace's mean rate with the trace named in its load.
    static PlannedStep traceStep(const RunOptions& options, const Trace& trace);
    /// Where the uncached twin's prompts are in the run's workloads: after its shapes' when it has a shared prefix
    /// (prompts of their own), the first shape's when only conversations are uncached; -1 without the twin.
    static int uncachedWorkload(const RunOptions& options);

    /// One line per step: "1. baseline, 1 user, 8 requests and 1 warm-up first".
    QStringList lines() const;
};

} // namespace kp::core
