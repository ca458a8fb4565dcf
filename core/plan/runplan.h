// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadplan.h"
#include "core/plan/runoptions.h"
#include "core/store/phase.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace kp::core {

/// One step of a run as planned: what the load engine is told, and what the store records as its load.
struct PlannedStep
{
    Phase phase = Phase::Baseline; ///< a capacity search's probes are concurrency or rate steps
    LoadPlan plan;
    int shape = 0; ///< index into the run's workloads: its shapes, then the uncached twin
    QJsonObject load;

    /// A step a shard has no part in (the baseline's one user is shard 0's): it sends nothing, and is left to the
    /// others.
    bool idle() const
    {
        return (plan.pattern == LoadPlan::Pattern::ClosedLoop && plan.users == 0)
            || (plan.durationSeconds <= 0 && plan.requestCount == 0);
    }
};

/// The steps a run of some options makes, in order, before any probe: the one-user baseline; its uncached twin
/// where the workload shares a prefix or holds conversations (what sharing saves is only seen beside the same
/// requests without it); each concurrency; each rate; each further shape at a moderate load; a shard's part of each
/// (--shard). A pure function of the options: the pipeline runs it, the wizard and `kneepoint run --dry-run` print
/// it and its duration (DurationEstimate), and what the engine is sent of a step is sent() of it, nothing else.
struct RunPlan
{
    std::vector<PlannedStep> steps;

    /// What a step needs beyond the options, known only once the run is under way.
    struct StepContext
    {
        /// A simulator's speed K: the plan is in the server's time, and the engine sends by the wall clock, on which
        /// the simulator lives K times faster. 1 for a real server.
        double timeScale = 1;
        /// One request's lifetime in the server's time (the baseline's median end-to-end latency; 0 before it is
        /// known): a closed loop's users ramp in over it unless --ramp-ms says otherwise.
        double lifetimeMs = 0;
        std::uint64_t promptOffset = 0; ///< the run's own prompts: where its words are drawn from
        int attempt = 0; ///< a step measured again after an outage (0: the first time) sends prompts of its own
        std::uint64_t templateOffset = 0; ///< where the step's workload goes on from the steps before that sent it
    };

    static RunPlan of(const RunOptions& options);
    /// `step`, the run's step `index` (probes included), as the load engine is sent it: its users ramped in, its times
    /// on the wall clock, its prompts its own (salted by step and shard, offset by attempt).
    static LoadPlan sent(
        const PlannedStep& step, std::size_t index, const RunOptions& options, const StepContext& context);
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

private:
    /// This shard's part of every step: its share of the users (and their requests) or of the rate, its own
    /// arrivals; the whole step's load kept as "shard_of".
    void shard(const ShardSpec& shard);
};

} // namespace kp::core
