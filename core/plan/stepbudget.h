// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runplan.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace kp::core {

/// A default run sized to the server it meets. Before the baseline nothing says how long a request takes, so a
/// default plan counts requests (enough for the percentile's interval); a server that takes 11 s a request would
/// then spend an hour on one step. Once the baseline has measured one request's lifetime, each step the user did
/// not size (no --requests, no --duration-per-step) gets a time budget: it sends no more requests than fit in it
/// at the baseline's pace, and stops sending at the budget in any case (the requests in flight then finish).
///
/// The plan then states how long it takes, as a range. The short end is the steps at the baseline's pace. The long
/// end is a bound: each step sends for its budget at most (or its requests at the slowest pace the baseline allows,
/// whichever is less), then waits for the requests still in flight, each of which takes no longer than the server
/// serving every user's request one after another at the baseline's slowest (a server that batches is faster, never
/// slower), and never longer than the request timeout; and every step costs the pipeline a little of its own.
struct StepBudget
{
    /// A step's budget in the server's time: 5 minutes unless the user sets --step-budget.
    static constexpr double kDefaultSeconds = RunOptions::kDefaultStepBudgetSeconds;
    /// A run that may take longer than this (the long end of its range) asks before it goes on (the command line,
    /// the window).
    static constexpr double kAskAboveSeconds = 3600;
    /// The fewest measured requests a step is trimmed to, however slow the server: a percentile needs some samples
    /// to say anything, and a step of one user must outlast its warm-up.
    static constexpr int kMinimumRequests = 16;
    /// The long end allows each request this many times the baseline's slowest: the machine's load moves during a
    /// run (Disturbance flags a step whose time per token moved 1.5× or more), and eight requests show only so much
    /// of the tail. On a shared 2-core machine the slowest request of a one-user step was 1.4× the baseline's.
    static constexpr double kSlowdownAllowance = 2;
    /// What the pipeline spends on a step besides its requests, in real seconds: opening its connections, storing and
    /// summing the step, the sweep's analysis at its end.
    static constexpr double kStepOverheadSeconds = 2;
    /// What the run spends after its last step, in real seconds: the analysis and the report.
    static constexpr double kFinishSeconds = 5;

    /// What the baseline measured, in the server's time, that the rest of the run is sized by.
    struct Pace
    {
        double lifetimeSeconds = 0; ///< the baseline's median end-to-end latency
        double slowestSeconds = 0; ///< its slowest measured request (0 or less: as the median)
        double thinkSeconds = 0; ///< the users' pause between requests
        double rampSeconds = 0; ///< over how long a closed-loop step's users start (RunOptions::rampMs)
        double requestTimeoutSeconds = 0; ///< a request is given up after this long (0: never)

        /// One request at `users` users, at the most: every user's request served one after another at the
        /// baseline's slowest (kSlowdownAllowance included), and never past the request timeout.
        double longestRequest(int users) const;
    };

    /// One step as sized: its requests, and how long it takes, from the baseline's pace to the bound.
    struct Step
    {
        int plannedRequests = 0; ///< what the plan asked for
        int requests = 0; ///< what fits in the budget (at least kMinimumRequests, at most plannedRequests)
        double seconds = 0; ///< at the baseline's pace, warm-ups included: the short end
        double mostSeconds = 0; ///< the bound: sending and the drain of what is in flight then (no overhead)
        bool trimmed = false;
    };

    /// A closed-loop step of `users` sending `requests` measured requests after `warmups` at `pace`, in
    /// `budgetSeconds` (0: no budget).
    static Step closedLoop(int users, int requests, int warmups, const Pace& pace, double budgetSeconds);
    /// An open-loop step at `rate` requests per second: its arrivals take requests / rate, and the last one its
    /// lifetime more. apply() bounds it by the arrivals as scheduled, which a burst may stretch.
    static Step openLoop(double rate, int requests, const Pace& pace, double budgetSeconds);

    /// Sizes the steps from `from` on that count requests (a duration-sized step is already bounded), and bounds each
    /// with the budget as a duration too: the step stops sending there even if the server slows down more than
    /// the baseline said. Returns the estimate of every step from `from` on, in order.
    static std::vector<Step> apply(
        std::vector<PlannedStep>& steps, std::size_t from, const Pace& pace, double budgetSeconds);

    /// What the concurrency sweep may add to the plan, or take away from it.
    struct Sweep
    {
        /// The baseline already has a percentile over three times a target, which stops the sweep (RunPipeline's
        /// stop rule): every load is at least one user, so the sweep's first step is its last.
        bool stopsAtFirst = false;
        /// A step that missed while a higher load passed is measured again once (CapacitySearch::remeasure).
        bool mayRemeasure = true;
        /// Probe steps per sweep (concurrency, rate) the capacity search may add (--capacity-precision; 0: none).
        int probes = 0;
    };

    /// The rest of the run, from the short end to the long one.
    struct Forecast
    {
        std::vector<Step> steps; ///< every planned step from `from` on, in order
        std::vector<bool> runs; ///< per step: whether it is expected to run (false: after the sweep stops)
        double leastSeconds = 0; ///< the steps expected to run at the baseline's pace, server time
        double mostSeconds = 0; ///< their bound, with what the sweep may add, server time
        double overheadSeconds = 0; ///< the pipeline's own, real time, in the long end only
        int skipped = 0; ///< steps not expected to run (the rest of a sweep that stops at its first)
        int added = 0; ///< steps the sweep may add (a remeasure, probes), counted in the long end
        /// Concurrency steps expected to run: with two or more, the sweep may stop before the last, and the run end
        /// before the short end.
        int sweepSteps = 0;
        double budgetSeconds = 0;

        /// The range in the user's seconds: a simulator `timeScale` times faster than real time takes that much less.
        double least(double timeScale = 1) const;
        double most(double timeScale = 1) const;
        /// Whether the run asks before it goes on: when the long end is past kAskAboveSeconds of the user's time.
        bool asks(double timeScale = 1) const { return most(timeScale) > kAskAboveSeconds; }
        int running() const { return int(steps.size()) - skipped; }
        int trimmed() const;
    };

    /// apply(), then the range of the whole rest: each step's short and long end, the sweep's stop where it is
    /// certain, what a remeasure or probes may add, and the pipeline's own time.
    static Forecast forecast(
        std::vector<PlannedStep>& steps, std::size_t from, const Pace& pace, double budgetSeconds, const Sweep& sweep);

    /// "The rest of the run takes about 34–52 min (9 steps; 3 trimmed to fit 5 min each: fewer requests, so their
    /// percentile may have no upper bound)." The steps are in the server's time; a simulator `timeScale` times
    /// faster than real time takes that much less of the user's, which the sentence leads with.
    static QString sentence(const Forecast& forecast, double timeScale = 1);
    /// "34 min", "2 h 5 min", "45 s", rounded up (`up`) or down.
    static QString duration(double seconds, bool up = true);
    /// "34–52 min", "45 s–3 min", or "6 min" when both ends read alike: the short end rounded to the nearest, the
    /// long one up, so that the range holds the bound.
    static QString range(double least, double most);
};

} // namespace kp::core
