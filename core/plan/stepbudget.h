// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/runplan.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace kp::core {

/// A default run sized to the server it meets. Before the baseline nothing says how long a request takes, so a
/// default plan counts requests (enough for the percentile's interval); a server that takes 11 s a request would
/// then spend an hour on one step. Once the baseline has measured one request's lifetime, each step the user did
/// not size (no --requests, no --duration-per-step) gets a time budget: it sends no more requests than fit in it
/// at the baseline's pace, and stops sending at the budget in any case (the requests in flight then finish). The plan
/// then states how long it will take: at least that long, since requests only get slower under load.
struct StepBudget
{
    /// A step's budget in the server's time: 5 minutes unless the user sets --step-budget.
    static constexpr double kDefaultSeconds = RunOptions::kDefaultStepBudgetSeconds;
    /// A run planned to take longer than this asks before it goes on (the command line, the window).
    static constexpr double kAskAboveSeconds = 3600;
    /// The fewest measured requests a step is trimmed to, however slow the server: a percentile needs some samples
    /// to say anything, and a step of one user must outlast its warm-up.
    static constexpr int kMinimumRequests = 16;

    /// One step as sized: its requests, and how long it should take at the baseline's pace (its lower bound).
    struct Step
    {
        int plannedRequests = 0; ///< what the plan asked for
        int requests = 0; ///< what fits in the budget (at least kMinimumRequests, at most plannedRequests)
        double seconds = 0; ///< the estimate, warm-ups included
        bool trimmed = false;
    };

    /// A closed-loop step of `users` sending `requests` measured requests after `warmups`, each taking about
    /// `lifetimeSeconds` plus `thinkSeconds` between a user's requests, in `budgetSeconds` (0: no budget).
    static Step closedLoop(
        int users, int requests, int warmups, double lifetimeSeconds, double thinkSeconds, double budgetSeconds);
    /// An open-loop step at `rate` requests per second: its arrivals take requests / rate, and the last one its
    /// lifetime more.
    static Step openLoop(double rate, int requests, double lifetimeSeconds, double budgetSeconds);

    /// Sizes the steps from `from` on that count requests (a duration-sized step is already bounded), and bounds each
    /// with the budget as a duration too: the step stops sending there even if the server slows down more than
    /// the baseline said. Returns the estimate of every step from `from` on, in order. `lifetimeSeconds` is the
    /// baseline's median end-to-end latency in the server's time; `thinkSeconds` the users' pause.
    static std::vector<Step> apply(std::vector<PlannedStep>& steps, std::size_t from, double lifetimeSeconds,
        double thinkSeconds, double budgetSeconds);

    /// The sum of the estimates, in seconds.
    static double total(const std::vector<Step>& steps);
    /// "The rest of the run takes at least 34 min (9 steps; 3 trimmed to fit 5 min each: fewer requests, so their
    /// percentile may have no upper bound)." The steps are in the server's time; a simulator `timeScale` times faster
    /// than real time takes that much less of the user's, which the sentence leads with.
    static QString sentence(const std::vector<Step>& steps, double budgetSeconds, double timeScale = 1);
    /// "34 min", "2 h 5 min", "45 s".
    static QString duration(double seconds);
};

} // namespace kp::core
