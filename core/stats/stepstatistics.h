// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"
#include "core/stats/distribution.h"

#include <QMetaType>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <vector>

namespace kp::core {

/// Visits each record of one step once, in the same order at every call: the records in memory, or a step read
/// back from the run store. A step's statistics take a few passes over it (StepStatistics::fromSource).
using RecordVisitor = std::function<void(const RequestRecord&)>;
using RecordSource = std::function<void(const RecordVisitor&)>;

/// Per-request latency objectives in milliseconds; a request meets one when its value is ≤ the target.
struct SloTargets
{
    std::optional<double> ttftMs;
    std::optional<double> tpotMs;
    std::optional<double> e2elMs;
    /// Time to the first answer token, a reasoning model's after its thinking (TTFO, as GuideLLM and AIPerf name it).
    std::optional<double> ttfoMs;

    bool any() const { return ttftMs || tpotMs || e2elMs || ttfoMs; }
};

/// One request's latencies as SLO targets and StepStatistics define them (TTFT to the first token chunk, E2EL to the
/// last, TPOT over output tokens − 1), in milliseconds on the client's clock; empty where the request lacks the
/// times. The one place these definitions live: the analysis and the reports judge requests through it too.
struct RequestLatencies
{
    std::optional<double> ttftMs;
    std::optional<double> ttfoMs; ///< to the first answer chunk (RequestRecord::firstAnswerNs), when one came
    std::optional<double> tpotMs; ///< only with 2 output tokens or more
    std::optional<double> e2elMs;
    int outputTokens = 0;

    static RequestLatencies of(const RequestRecord& record);
};

/// The part of a step during which the load was fully applied, over which steady-state rates are measured.
///
/// Events in it are those at times t with startNs < t ≤ endNs, so that a closed loop whose users complete in
/// lockstep counts each wave once.
struct SteadyWindow
{
    std::int64_t startNs = -1;
    std::int64_t endNs = -1;
    bool usable = false;
    /// It existed but spanned fewer than kLifetimes of the server's cycles: too short to measure a rate. A cycle is
    /// the median request lifetime, or, when requests waited in the server's queue, the part of it a request held its
    /// place: the lifetime times the most requests the server held at once over the most in flight (Little's law).
    bool tooShort = false;
    QString whyNotUsable; ///< a plain sentence when not usable, else empty
    static constexpr int kLifetimes = 3;

    double seconds() const { return usable ? static_cast<double>(endNs - startNs) / 1e9 : 0.0; }
};

/// The requests a step's latency distributions draw on. A closed loop's users ramp in and drain out, and the
/// requests sent before the last user began, or after the first one finished, ran beside fewer users than the step
/// is named for. So in a closed loop only requests *sent* inside the steady window count, and, since a warm-up is
/// left out as each user's first request, none sent before the last user's first measured request, as long as the
/// window is usable; otherwise, and in an open loop, every measured request does.
struct LatencySample
{
    bool windowed = false; ///< only requests sent inside the steady window; else every measured request
    std::int64_t fromNs = -1; ///< sentNs bounds, inclusive, when windowed
    std::int64_t toNs = -1;
    int succeeded = 0; ///< successful requests in the sample
    int failed = 0; ///< failed requests in the sample: a failure never sent counts, as it cannot be placed
    int leftOut = 0; ///< measured requests sent before or after the window

    /// Whether a measured (not warm-up) record belongs to the sample.
    bool contains(const RequestRecord& r) const
    {
        return !windowed || r.sentNs < 0 || (r.sentNs >= fromNs && r.sentNs <= toNs);
    }
};

/// Rates over one interval; NaN when the interval is empty.
struct Throughput
{
    double seconds = std::numeric_limits<double>::quiet_NaN();
    double requestsPerSecond = std::numeric_limits<double>::quiet_NaN(); ///< successful requests
    double outputTokensPerSecond = std::numeric_limits<double>::quiet_NaN();
    double totalTokensPerSecond = std::numeric_limits<double>::quiet_NaN(); ///< output plus prompt tokens
    double goodRequestsPerSecond = std::numeric_limits<double>::quiet_NaN(); ///< goodput
    /// The output rate's confidence interval, by batch means: the interval cut into kBatches equal parts, the rate of
    /// each from its token chunks, and a Student-t interval on their mean, scaled onto outputTokensPerSecond. Batch
    /// means, not a per-token count, because tokens arrive in correlated bursts (a batch decodes together). NaN when
    /// the interval has fewer than two token chunks a batch, or no streamed tokens.
    double outputTokensPerSecondLow = std::numeric_limits<double>::quiet_NaN();
    double outputTokensPerSecondHigh = std::numeric_limits<double>::quiet_NaN();
    static constexpr int kBatches = 10;
};

/// The statistics of one load step, computed from its request records.
///
/// Metric definitions (vLLM bench serve's where it has one; vllm-facts §E, peers §2). Latency distributions are
/// in milliseconds and cover the successful requests of the latency sample (LatencySample: those sent inside the
/// steady window when it is usable); warm-up records are in none of them, nor in the counts and token distributions,
/// only in the rates (the server worked on them) and in when a user began.
///  - TTFT = firstTokenNs − sentNs: to the first chunk carrying a token, so a chat role chunk does not count.
///    A reasoning model's first token is a thinking token: TTFO = firstAnswerNs − sentNs is to its first answer
///    token (GuideLLM's and AIPerf's time to first output token), for requests that had an answer.
///  - E2EL = arrival of the last token chunk − sentNs (endNs when there are no chunks): a trailing usage chunk or
///    [DONE] does not lengthen it.
///  - TPOT = (E2EL − TTFT) / (outputTokens − 1), per request, only for requests with ≥ 2 output tokens. Output
///    tokens come from usage.completion_tokens when sent, else from the chunks. AIPerf and GenAI-Perf call this
///    number "inter token latency"; GuideLLM's "TPOT" is a different quantity that includes TTFT.
///  - ITL = every gap between consecutive token chunks of a request, pooled over all requests, as vLLM reports
///    it (AIPerf: "inter chunk latency"). A chunk carrying k tokens is one gap, which inflates ITL under
///    speculative decoding or a stream interval; ITL per token instead counts that gap as k gaps of gap / k.
///  - Schedule lag = sentNs − scheduledNs: how late the client sent against the load pattern's plan (no server
///    queue in it); only for requests that had a plan.
///  - Rates are the server's over an interval (from, to]: what it finished and produced in it, warm-up requests
///    included, divided by its length, so that work and time are counted over the same interval. Requests per second
///    counts successful requests ending in it (goodput those of them meeting the targets); output tokens are those
///    of successful requests' chunks arriving in it (each chunk weighted so a request's chunks add up to its output
///    token count; a request without chunks counts at its end); total tokens adds the prompt tokens of successful
///    requests whose first token arrived in it, since the prompt has been processed by then.
///  - Whole-step rates are over the span (min(sentNs), max(endNs)] of the measured requests, failures included
///    (AIPerf's benchmark duration); steady-state rates over the window. A warm-up still running when the first
///    measured request was sent (or queued behind it, as on a saturated server) is work the server did in the span.
///  - The window, closed loop (target N > 0 users): from the moment the last user sent its first request (its
///    warm-up, when it had one) to the moment the first user's last request ended, when every record names its user;
///    else (in flight meaning sentNs ≤ t < endNs) from the first moment N measured requests were in flight to the
///    last moment N were still in flight. Open loop (N = 0): from the first to the last scheduled time (the sent
///    time for a request without one); its rates include the ramp-up of requests that have not completed yet, a
///    small bias while latency is short against the step.
///  - A request is good when it succeeded and meets every given target. The TPOT target does not apply to a
///    request with fewer than 2 output tokens (vLLM scores its TPOT as 0); a request lacking any other targeted
///    metric is not good, as in AIPerf. With no targets every successful request is good. Goodput = good requests
///    per second; SLO attainment = good / (succeeded + failed), so failures count against it (AIPerf's
///    good_request_fraction, GuideLLM), whereas vLLM's goodput merely leaves them out.
struct StepStatistics
{
    int total = 0; ///< requests that are not warm-up
    int succeeded = 0;
    int failed = 0;
    std::map<ErrorClass, int> failures; ///< failed requests by class; a record that never ended counts as Other
    /// The message of the first failure of each class: the server's error text (an in-band {"error": …} event, an
    /// HTTP error body) or the client's sentence, its first line and at most kFailureMessageChars characters.
    std::map<ErrorClass, QString> failureMessages;
    static constexpr int kFailureMessageChars = 160;

    Distribution ttftMs;
    Distribution ttfoMs; ///< over the requests that answered; equal to TTFT for a model that does not think
    Distribution tpotMs;
    Distribution e2elMs;
    Distribution itlMs; ///< pooled chunk gaps
    Distribution itlPerTokenMs; ///< pooled chunk gaps, split over the tokens of the chunk that ended each
    Distribution scheduleLagMs;
    Distribution outputTokens;
    Distribution inputTokens; ///< usage.prompt_tokens of requests that reported it
    /// A reasoning model's thinking tokens, and the output tokens besides them, of the successful requests whose
    /// thinking was told apart (RequestRecord::reasoningTokens); empty for a model that does not think.
    Distribution thinkingTokens;
    Distribution answerTokens;

    std::int64_t startNs = -1; ///< min(sentNs)
    std::int64_t endNs = -1; ///< max(endNs)
    Throughput whole;
    SteadyWindow window;
    Throughput steady; ///< over the window; NaN when it is not usable
    LatencySample latencySample; ///< the requests TTFT, TPOT, E2EL and ITL are drawn from
    int targetInFlight = 0; ///< N: users of a closed loop, 0 for an open loop
    int peakInFlight = 0;

    SloTargets slo;
    int good = 0;
    int outputLengthMismatches = 0; ///< successful requests whose output length differs from the one asked for
    /// Successful requests whose usage.completion_tokens the chunks contradict (RequestRecord::usageDisagrees): their
    /// chunks were counted instead. The first such request's two counts, for the sentence that says so.
    int usageDisagreements = 0;
    int usageSaid = -1;
    int chunksCarried = -1;
    /// usage.prompt_tokens_details.cached_tokens summed over the successful requests that reported it (vLLM with
    /// prefix caching, llama.cpp); -1 when none did. With the prompt tokens and the count of those same requests.
    std::int64_t cachedPromptTokens = -1;
    std::int64_t promptTokensWithCacheCount = 0;
    int requestsWithCacheCount = 0;
    int inputLengthMismatches = 0; ///< … whose usage.prompt_tokens differs from the input length asked for
    double sloAttainment = std::numeric_limits<double>::quiet_NaN(); ///< good / (succeeded + failed)

    QStringList notes; ///< plain sentences on what could not be computed, and why

    /// Computes the statistics of one step. `targetInFlight` is the closed loop's user count, 0 for an open loop;
    /// `confidence` is the coverage of every percentile's interval; a closed loop's window shorter than
    /// `minWindowLifetimes` median request lifetimes is too short to be used (0: any length will do).
    static StepStatistics of(const std::vector<RequestRecord>& records, const SloTargets& slo = {},
        int targetInFlight = 0, double confidence = 0.95, double minWindowLifetimes = SteadyWindow::kLifetimes);
    /// The same, from records visited in passes, in memory that does not grow with the step's chunks: what is kept
    /// is about 100 bytes a measured request and a few megabytes for the chunk gaps (DistributionBuilder), so a long
    /// step is computed from the run store rather than from its records held whole. A pass for the requests and
    /// their window, one for their chunks, and more only when the chunk gaps outgrow DistributionBuilder's memory.
    static StepStatistics fromSource(const RecordSource& source, const SloTargets& slo = {}, int targetInFlight = 0,
        double confidence = 0.95, double minWindowLifetimes = SteadyWindow::kLifetimes);
};

} // namespace kp::core

Q_DECLARE_METATYPE(kp::core::StepStatistics)
