// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/modelmix.h"
#include "core/load/serverendpoint.h"
#include "core/load/streamtransport.h"
#include "core/load/trace.h"
#include "core/load/workload.h"
#include "core/shard/shardspec.h"
#include "core/stats/stepstatistics.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

namespace kp::core {

/// One request shape: input and output tokens.
struct Shape
{
    int input = 1024;
    int output = 256;
};

/// Everything a run is told. The API key travels beside it, never inside: toJson() is what gets stored.
struct RunOptions
{
    QUrl url;
    QString model; ///< served model name; empty: the one /v1/models names
    /// --models: requests sent to several models or adapters by weight, each prompt (or conversation) to one;
    /// empty: every request to `model`.
    ModelMix models;
    QString gpu; ///< catalog id, for the physics check later; empty: unknown
    int gpuCount = 0; ///< GPUs the model is split over; 0: unknown (the analysis assumes the fewest that fit)
    QString product = QStringLiteral("chat"); ///< chat, rag, reasoning, batch: default shapes and targets
    QList<Shape> shapes; ///< empty: the product's
    /// A JSONL file of the user's own requests, sent instead of synthetic prompts of the shapes' sizes.
    QString dataset;
    /// --trace: a production trace (Mooncake JSONL, Azure or BurstGPT CSV) replayed as one open-loop step after the
    /// baseline, its requests sent at the trace's arrival times with its lengths (Trace).
    QString trace;
    double traceSpeed = 1; ///< --trace-speed K: K times as fast as recorded
    double traceStartSeconds = 0; ///< --trace-start: where in the trace the replay begins
    double traceDurationSeconds = 0; ///< --trace-duration: how much of the trace it replays (0: to the end)
    /// The trace's window as the replay sends it (Trace::window), read by loadTrace(); not stored (the file is).
    std::shared_ptr<const Trace> traceWindow;
    WorkloadSpec::Api api = WorkloadSpec::Api::Completions;
    QList<int> concurrency = defaultConcurrency();
    QList<double> rates; ///< requests per second for an optional open-loop sweep
    double burstiness = 1; ///< the rate sweep's arrivals: 1 Poisson, below 1 burstier (gamma), above 1 more even
    /// --arrivals constant: the rate sweep sends at even intervals of 1/rate instead (burstiness does not apply).
    bool constantArrivals = false;
    /// --max-in-flight: the rate sweep holds at most this many requests in flight, over the whole client (0: no
    /// cap); a send that finds the cap reached waits, and shows as schedule lag.
    int maxInFlight = 0;
    /// --think-time-ms: each user of the concurrency sweep pauses this long between its requests, in the server's
    /// time, as a person reading the answer would.
    double thinkTimeMs = 0;
    /// --ramp-ms: users of a concurrency step start spread over this long instead of all at once, so that their
    /// requests do not move in lockstep. -1: one request's lifetime, the baseline's median end-to-end latency.
    double rampMs = -1;
    SloTargets slo; ///< empty fields: the product's
    double percentile = 99;
    int requestsPerStep = 0; ///< 0: requestsFor()'s default
    /// --quick: fewer requests per step (max(16, 6 per user)), for trying things; the percentile's interval may
    /// then have no upper bound, and the samples check says so.
    bool quick = false;
    double durationPerStep = 0; ///< seconds; 0: end by request count
    /// --step-budget: once the baseline has timed a request, each step not sized by --requests or --duration
    /// sends no more requests than fit in this many seconds of the server's time, and stops
    /// sending there (StepBudget); 0: no budget.
    double stepBudgetSeconds = kDefaultStepBudgetSeconds;
    static constexpr double kDefaultStepBudgetSeconds = 300;
    /// --yes: a run sized past an hour goes on without asking. How this run was started, not what it measured: not
    /// stored.
    bool goOnWithoutAsking = false;
    int baselineRequests = 8;
    int warmupPerStep = 0; ///< 0: one per user, up to 32
    double maxErrorFraction = 0.2; ///< a sweep stops at a step with more failures than this; 1: it never stops
    /// After each sweep, probe steps between the two that bracket capacity until its interval is within ±this
    /// fraction of it (CapacitySearch), or maxProbes probes are spent; 0: no probes.
    double capacityPrecision = 0;
    static constexpr double kDefaultCapacityPrecision = 0.10;
    int maxProbes = 4; ///< per sweep (concurrency, rate)
    // Every wait on the server is bounded; these are the bounds (ServerEndpoint's defaults unless the user sets them).
    int connectTimeoutMs = ServerEndpoint().connectTimeoutMs;
    int firstByteTimeoutMs = ServerEndpoint().firstByteTimeoutMs;
    int stallTimeoutMs = ServerEndpoint().stallTimeoutMs;
    int requestTimeoutMs = ServerEndpoint().requestTimeoutMs;
    /// --server-wait: how long, in seconds from its first refused or cut connection, a run waits with back-off for a
    /// server that stopped answering (/health included) to come back before it stops as a server failure; 0: it stops
    /// at once. The step the server went away in is measured again when it returns.
    int serverWaitSeconds = 60;
    bool insecure = false; ///< --insecure: TLS certificates are not checked, and the report says so
    QString caFile; ///< --ca-file: PEM certificates trusted beside the system's (ServerEndpoint::caFile)
    /// --shard I/N: this client runs its part of every step on a schedule shared with the other shards.
    std::optional<ShardSpec> shard;
    int scrapeIntervalMs = 1000;
    /// --dcgm-url: a DCGM exporter's /metrics, read every interval of every step for the server's GPU power, energy,
    /// activity, memory and clocks (GpuSampler). Without it, this machine's nvidia-smi is read when the server is on
    /// this machine; otherwise the report says the GPUs were not measured.
    QString dcgmUrl;
    /// --gpu-telemetry off: no GPU is read, and the report says so.
    bool gpuTelemetry = true;
    /// The GPUs the server runs on, "0,1" (nvidia-smi -i), when Kneepoint launched it; empty: every GPU nvidia-smi
    /// lists.
    QString gpuDevices;
    StreamTransport::Kind transport = StreamTransport::defaultKind();
    int prompts = 64;
    /// --shared-prefix: tokens every synthetic prompt starts with, as a shared system prompt (0: none). A prefix cache
    /// may serve that much of each prompt, and the prefix-cache check expects it.
    int sharedPrefixTokens = 0;
    /// --reset-prefix-cache: before each step the server is asked to empty its prefix cache (PrefixCacheReset), so
    /// that no step is served from what an earlier one left; the run's facts say whether it could be.
    bool resetPrefixCache = false;
    /// --length-spread R: each synthetic prompt's input and output lengths drawn uniformly within ±R of the shape's
    /// (vllm bench serve's --random-range-ratio); 0: every request exactly the shape.
    double lengthSpread = 0;
    /// --turns N: each user of the concurrency sweep holds conversations of N turns, every turn resending the history
    /// (the earlier prompts and answers) before a new question, as chat clients do. 1: single requests.
    int turns = 1;
    /// --fan-out N: with turns, agents: each turn but the last is followed by N sub-calls sent together (tool calls,
    /// sub-agents) and joined before the next turn, which carries their answers (WorkloadSpec::fanOut). 0: none.
    int fanOut = 0;
    /// --seed: draws the prompts' words and lengths and the rate sweep's arrivals, so that a run can be repeated.
    std::uint64_t seed = 0;
    bool demo = false;

    /// Reads `trace` into traceWindow: false and a sentence when the file cannot be read or its window is empty.
    bool loadTrace(QString* error);
    /// The server a run of these options loads, with `apiKey`: its URL, waits and TLS.
    ServerEndpoint target(const QByteArray& apiKey) const;
    /// The product's defaults filled in where the user gave nothing.
    RunOptions resolved() const;
    /// Every option, for the run store and reports; never the API key.
    QJsonObject toJson() const;
    /// The options as toJson() stored them, typed again: what analysis and reports read of a stored run. A key the
    /// JSON lacks (an older run, an imported one) keeps the default, except the sweep's lists (shapes, concurrency,
    /// rates), which stay empty: a run that did not say what it swept swept nothing known. Unknown keys are ignored.
    static RunOptions fromJson(const QJsonObject& json);
    /// The demo: a chat run of the built-in simulator at `url` (Llama 3.1 8B on one H100 SXM), stored as a demo.
    static RunOptions demoRun(const QUrl& url);
    /// The concurrency sweep's default levels.
    static QList<int> defaultConcurrency();
    /// Measured requests of a closed-loop step of `users`: the user's --requests, else six per user, so that the
    /// full load holds for the SteadyWindow::kLifetimes server cycles a steady rate needs, and enough that the
    /// latency sample (less the ramp-in and the drain, a user's request each) bounds the percentile's 95% interval.
    /// --quick keeps the six per user, at least 16.
    int requestsFor(int users) const;
    /// The same for an open-loop step at `rate` requests per second: ten seconds of arrivals, and enough for the
    /// percentile's interval (--quick: at least 16).
    int requestsFor(double rate) const;
    static constexpr int kRequestsPerUser = 6;
    /// Products Kneepoint knows, for --help and errors.
    static QStringList products();
    /// The TTFT and TPOT targets `product` is judged against when the user sets none (chat: 500 ms and 50 ms): the one
    /// set resolved() fills in, and the window's value wherever a field or a slider needs one for a target not set.
    static SloTargets defaultTargets(const QString& product = QStringLiteral("chat"));
};

} // namespace kp::core
