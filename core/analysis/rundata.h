// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/conversationshape.h"
#include "core/plan/runoptions.h"
#include "core/quality/modelquality.h"
#include "core/server/prefixcacheresets.h"
#include "core/server/serverdeltas.h"
#include "core/server/serverfacts.h"
#include "core/stats/stepstatistics.h"
#include "core/store/clientenvironment.h"
#include "core/store/launchfacts.h"
#include "core/store/runstore.h"
#include "core/store/serveroutagerecord.h"
#include "core/telemetry/gpuseries.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

namespace kp::core {

/// One measured request reduced to what the analysis judges, in the server's time (see RunData).
struct RequestTimes
{
    double ttftMs = 0; ///< NaN when no token came
    double tpotMs = 0; ///< NaN for a request with fewer than 2 output tokens: no TPOT target applies to it
    double e2elMs = 0;
    double ttfoMs = std::numeric_limits<double>::quiet_NaN(); ///< to the first answer token; NaN when no answer came
    QString model; ///< the model or adapter it named in a mix (--models); empty: the run's one model
};

/// One stored step, ready for analysis: its statistics on the client's clock, the server's view of it, and every
/// successful request's latencies in the server's time, both as measured (for goodput under any targets) and
/// sorted (for any percentile).
struct StepData
{
    qint64 id = -1;
    Phase phase = Phase::Baseline;
    int index = 0;
    std::int64_t startNs = 0; ///< when the step started, on the client's monotonic clock
    int concurrency = 0; ///< the closed loop's users; 0 for an open loop
    double rate = 0; ///< the open loop's requests per second; 0 for a closed loop
    int inputTokens = 0; ///< the request size asked for
    int outputTokens = 0;
    /// The median measured request's prompt tokens less those its server took from the prefix cache (usage), as the
    /// server counted them: what it had to prefill. 0: not reported.
    int prefilledTokensMedian = 0;
    bool cancelled = false;
    int probe = 0; ///< a capacity probe's number in its sweep (CapacitySearch); 0: a step of the sweep as planned
    /// A step measured again because it missed while a higher load met every target (CapacitySearch::remeasure): the
    /// curve takes it in place of the earlier step of its load, which RunData::remeasured() keeps beside it.
    bool remeasure = false;
    double clientCpuSeconds = -1; ///< the client process's CPU time during the step; -1: not recorded
    /// The client machine's 1-minute load average as the step ended (/proc/loadavg); -1: not recorded.
    double loadAverage = -1;
    /// The busiest load thread's CPU time as a share of its wall time (1: a whole core); -1: not recorded.
    double busiestThreadCpuShare = -1;
    /// How late the load threads' event loops woke for a 5 ms probe timer, at p99, in ms; -1: not recorded.
    double loopLagP99Ms = -1;
    /// Requests sent again on a fresh connection because the server had closed the kept-alive one under them.
    int resentAfterClose = 0;
    /// With a data set: requests of this step that sent a line an earlier step had sent (the file ran out), and
    /// the file's lines; 0 when none was sent twice.
    int datasetLinesResent = 0;
    int datasetLines = 0;
    /// Conversations and agents: how the step's workload came in them, and what its requests resend.
    ConversationShape conversations;
    /// A trace's replay (RunPlan::traceStep): which file, how much of it, how fast.
    struct TraceReplay
    {
        QString file;
        QString format; ///< Trace::formatName()
        double speed = 1;
        double startSeconds = 0;
        double spanSeconds = 0; ///< from the window's first arrival to its last, as replayed
        int requests = 0;
    };
    std::optional<TraceReplay> trace; ///< set for a trace's replay only
    double wallSeconds = 0;
    /// The server's GPUs during the step as read (GpuSeries), and their power over the interval the step's throughput
    /// is counted on (the steady window when usable, else the whole step), so that energy and tokens are of one time.
    GpuSeries gpuSeries;
    GpuWindow gpu;

    StepStatistics stats; ///< client clock, no targets: distributions, throughput, steady window, errors
    ServerDeltas server;
    std::vector<MetricsSample> samples; ///< the server's /metrics during the step, in time order
    std::vector<RequestTimes> requests; ///< successful requests of the latency sample, server time
    std::vector<double> ttftSorted; ///< ascending, server time
    std::vector<double> tpotSorted;
    std::vector<double> e2elSorted;
    std::vector<double> ttfoSorted;
    /// Agents' fan-outs (a user's requests sent at one moment: RequestTemplate::fanOut) among the latency sample: each
    /// one's time from its send to its last answer, the join the next turn waits for, and its sub-calls' own E2EL,
    /// in ms of server time, ascending; empty without fan-outs.
    std::vector<double> fanOutJoinMsSorted;
    std::vector<double> subCallE2elMsSorted;
    int widestFanOut = 0; ///< the most sub-calls one of them sent
    /// Requests of the latency sample whose thinking was told apart from their answer (a reasoning model's).
    int thoughtRequests = 0;
    /// A run sent to several models or adapters (--models): one model's requests of the step, in the server's time.
    struct ModelRequests
    {
        QString model;
        int succeeded = 0; ///< in the latency sample
        int failed = 0; ///< measured requests that failed, anywhere in the step
        double outputTokens = 0; ///< of the latency sample's requests
        std::vector<double> ttftSorted; ///< ascending, as the step's own
        std::vector<double> tpotSorted;
    };
    /// One entry a model, in the order of the run's mix (a data set's own names after); empty when every request
    /// went to the run's one model.
    std::vector<ModelRequests> byModel;
    /// A model's output tokens per second: its share of the latency sample's output tokens, of the step's rate.
    double outputTokensPerSecond(const ModelRequests& model, double timeScale) const;

    /// The load as a number: users for a closed loop, requests per second for an open one.
    double load() const { return concurrency > 0 ? double(concurrency) : rate; }
    /// "8 users", "4 req/s".
    QString loadText() const;
    /// The same in the user's language, for a sentence after "at", "from" or "to" (German declines it there).
    QString loadPhrase() const;
    /// The same in the user's language, for a table cell or a label, where the words stand alone.
    QString loadLabel() const;
    /// Output tokens per second in the server's time, over the steady window when usable, else the whole step.
    double outputTokensPerSecond(double timeScale) const;
    /// The rates the step's throughput figures come from: the steady window's when it is usable, else the whole step's.
    const Throughput& throughput() const { return stats.window.usable ? stats.steady : stats.whole; }
    double requestsPerSecond(double timeScale) const;

    /// Prompt tokens the server's prefix cache served during the step.
    struct CacheServed
    {
        double cached = -1; ///< tokens served from the cache; -1: the server reported none
        double prompt = 0; ///< the prompt tokens they are a part of
        double requests = 0; ///< the requests those prompts belong to
        bool fromMetrics = false; ///< from /metrics' prefix-cache counters rather than the answers' usage

        bool measured() const { return cached >= 0 && prompt > 0; }
        double share() const { return measured() ? cached / prompt : -1; }
    };
    /// The answers' usage.prompt_tokens_details.cached_tokens first (per request, exact); else the server's own
    /// prefix-cache counters over the step, which vLLM keeps whether or not --enable-prompt-tokens-details puts the
    /// figure into usage.
    CacheServed cacheServed() const;
};

/// A stored run prepared for analysis. Everything a report, a what-if slider or a changed GPU needs is here, so
/// that analysing again never reads the database or touches the server.
///
/// Times are converted to the server's: a simulator at speed K answers K times faster than its own clock says, so
/// latencies are multiplied by K and rates divided by it (K = 1 for a real server). The network's round trip is
/// real time on either side: TTFT keeps it on top of the scaled server part, so that a TTFT target is judged on
/// the server's side of the network by allowing the round trip, as the run did.
struct RunData
{
    /// The run as the history lists it: its id, status and times, address, model, GPU, product and speed.
    RunSummary summary;
    /// The run's options, server facts and client environment exactly as stored, for the two faces that must carry
    /// them whole: the JSON export (an import gives the run back from it) and a comparison that lists every
    /// difference between two runs. Everything else reads the typed fields (the layering test fails on a key read).
    struct Stored
    {
        QJsonObject options;
        QJsonObject facts;
        QJsonObject environment;
    };
    Stored stored;
    ServerFacts facts;
    /// The client that measured, the way to the server, a shard's clock, an imported run's tool: read these, not
    /// the stored JSON.
    ClientEnvironment environment;
    LaunchFacts launch; ///< what Kneepoint launched the server with; not launched for a server it did not start
    std::vector<ServerOutageRecord> outages; ///< the server going away during the run, in order
    /// The run's options, typed (RunOptions::fromJson of what the store holds): read these, not the stored JSON.
    RunOptions options;
    double timeScale = 1;
    double roundTripMs = 0; ///< the median /health round trip measured before the run; 0 when unknown
    int inputTokens = 0; ///< the run's main request size
    int outputTokens = 0;
    /// --length-spread: each prompt's lengths were drawn within ±this share of the sizes above (0: exactly them).
    double lengthSpread = 0;
    int turns = 1; ///< --turns: requests came in conversations of this many turns
    int fanOut = 0; ///< --fan-out: agents' sub-calls after each turn but the last
    /// How the run's requests came in conversations (a step's, the first that sent them with their history):
    /// --turns, --fan-out or a data set's conversations and agents. No conversations: every request stood alone.
    ConversationShape conversations() const;
    /// --reset-prefix-cache: what asking the server to empty its prefix cache before each step came to.
    PrefixCacheResets prefixCacheResets;
    /// How the requests vary beyond their size: "each within ±30%", "in conversations of 4 turns"; empty: they don't.
    QStringList workloadClauses() const;
    std::vector<StepData> steps; ///< in run order
    ModelQuality quality; ///< the quality passes asked of the run's model; empty for runs built in memory

    /// Reads run `runId` and every step's requests and samples. Returns nullopt with `error` set when the run
    /// does not exist or cannot be read.
    static std::optional<RunData> load(const RunStore& store, qint64 runId, QString* error);
    /// Builds a run from records in memory, as load() does from the store: for tests and for analysing a run
    /// while it is being measured. The summary's address, model, GPU and product are the record's where it has
    /// none of its own.
    static RunData fromSteps(const StoredRun& run, const std::vector<StoredStep>& steps,
        const std::vector<std::vector<RequestRecord>>& requests,
        const std::vector<std::vector<StoredMetricsSample>>& samples);

    /// A latency on the client's clock (TTFT or E2EL, ms) in the server's time: the network's round trip is real time
    /// on either side, so only the part beyond it ran on a simulator's faster clock. The analysis converts every
    /// request with it, and the live view its step figures, so that a figure shown in both is one value.
    static double serverTimeMs(double clientMs, double roundTripMs, double timeScale)
    {
        const double rtt = std::max(0.0, roundTripMs);
        return std::max(0.0, clientMs - rtt) * timeScale + std::min(clientMs, rtt);
    }

    /// The steps of one phase, in order. A step the user cut short (Stop, Ctrl-C, SIGTERM) is stored and listed
    /// with the raw numbers, but it is no measurement of the server: it is in no phase, no curve and no judgement.
    std::vector<const StepData*> phase(Phase name) const;
    /// The concurrency curve: the concurrency sweep's steps by users, with the baseline in front when the sweep
    /// has no single-user step. A load measured again appears once, as measured last.
    std::vector<const StepData*> concurrencyCurve() const;
    /// The step that measured `step`'s load again (StepData::remeasure), or null.
    const StepData* supersededBy(const StepData& step) const;
    /// Each step measured again, with the step that did: (first, again), in run order.
    std::vector<std::pair<const StepData*, const StepData*>> remeasured() const;
    const StepData* baseline() const;
};

} // namespace kp::core
