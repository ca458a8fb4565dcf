// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/rundata.h"

#include <QString>

#include <vector>

/// One load step of a hand-built run: every request of it has the same latencies, so each percentile is that
/// value and the right answers of an analysis can be worked out by hand.
struct StepSpec
{
    int users = 1;
    double ttftMs = 100;
    double tpotMs = 10;
    int perUser = 20; ///< requests each user sends, one after another
    double kv = -1; ///< peak KV usage the server reports, -1: no /metrics
    double preemptions = 0;
    double waiting = 0;
    double running = -1; ///< -1: as many as users
    int failures = 0; ///< extra requests that fail with a 500
    /// Speculative decoding's counters (needs kv): 1,000 drafts of 4 tokens in the step, this share of them accepted;
    /// -1: none counted.
    double specAcceptance = -1;
    /// Above 0: a run sent to two models (--models base:50,sql:50), the even users' requests to "base" and the odd
    /// users' to "sql" at TPOT × this; 0: every request to the run's one model.
    double sqlTpotFactor = 0;
    /// Above 0: a step of the rate sweep instead, perUser requests in all sent this many a second (open loop), whose
    /// latencies are the spec's whatever the rate; users is then ignored.
    double rate = 0;
};

/// A run with a baseline and one concurrency step per spec after the first (the baseline's), or a rate step where
/// the spec gives a rate: 1,024 tokens in and 256 out, chat targets of 500 ms TTFT and 50 ms TPOT at p99, Llama 3.1 8B,
/// vLLM 0.11.0, run id 7.
kp::core::RunData makeRun(const std::vector<StepSpec>& specs, const QString& product = QStringLiteral("chat"),
    const QString& gpu = QString(), double roundTripMs = 0);

/// 1, 2, 4, 8 and 16 users whose TTFT p99 crosses 500 ms between 8 (400 ms) and 16 (800 ms): at 10 users. The
/// KV cache peaks at 2.9% there.
std::vector<StepSpec> latencyBoundSweep();
