// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/stepstatistics.h"

#include "core/stats/distributionbuilder.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <utility>

namespace kp::core {

namespace {

double ms(std::int64_t ns)
{
    return static_cast<double>(ns) / 1e6;
}

/// Whether a successful request meets every target, and whether it lacked a metric one of them needs.
std::pair<bool, bool> meets(const RequestLatencies& l, const SloTargets& slo)
{
    bool good = true;
    bool lacking = false;
    const auto check = [&](const std::optional<double>& target, const std::optional<double>& value) {
        if (!target)
            return;
        if (!value)
            lacking = true;
        if (!value || *value > *target)
            good = false;
    };
    check(slo.ttftMs, l.ttftMs);
    check(slo.ttfoMs, l.ttfoMs);
    check(slo.e2elMs, l.e2elMs);
    // vLLM scores TPOT as 0 below 2 tokens: there is no gap to miss the target with.
    if (l.outputTokens >= 2)
        check(slo.tpotMs, l.tpotMs);
    return {good, lacking};
}

QString note(const char* text, int n = -1)
{
    return QCoreApplication::translate("kp::core::StepStatistics", text, nullptr, n);
}

/// What the statistics keep of one measured (not warm-up) request once its record has been visited: its times and
/// latencies, without its chunks.
struct Measured
{
    std::int64_t sentNs = -1;
    std::int64_t endNs = -1;
    std::int64_t plannedNs = -1; ///< its scheduled time, else its sent time
    std::int64_t prefilledNs = -1; ///< its first token, else its end: when its prompt had been processed
    std::int64_t firstTokenNs = -1;
    std::int64_t lastTokenNs = -1; ///< its last token chunk
    double ttftMs = std::numeric_limits<double>::quiet_NaN();
    double ttfoMs = std::numeric_limits<double>::quiet_NaN();
    double tpotMs = std::numeric_limits<double>::quiet_NaN();
    double e2elMs = std::numeric_limits<double>::quiet_NaN();
    int user = -1;
    int promptTokens = -1;
    bool ok = false;
    bool good = false;
};

/// The number of requests in flight (sentNs ≤ t < endNs) after each instant at which it changes.
std::vector<std::pair<std::int64_t, int>> inFlightLevels(const std::vector<Measured>& requests)
{
    std::vector<std::pair<std::int64_t, int>> events;
    for (const Measured& r : requests) {
        if (r.sentNs >= 0 && r.endNs >= r.sentNs) {
            events.emplace_back(r.sentNs, +1);
            events.emplace_back(r.endNs, -1);
        }
    }
    std::sort(events.begin(), events.end());

    std::vector<std::pair<std::int64_t, int>> levels;
    int level = 0;
    // The level is right-continuous, so it is read after every event at one instant: a user's next request sent
    // the very nanosecond its last one ended keeps the level where it was.
    for (std::size_t i = 0; i < events.size();) {
        const std::int64_t t = events[i].first;
        while (i < events.size() && events[i].first == t)
            level += events[i++].second;
        levels.emplace_back(t, level);
    }
    return levels;
}

/// The most measured requests the server held at once: each from its first token less `prefillNs` (the shortest
/// time to a first token of the step, so no more than the time its prompt took) to its last token chunk. A request
/// waiting in the server's queue for a place is in flight but not yet held; 0 when no request streamed a token.
int peakServed(const std::vector<Measured>& requests, std::int64_t prefillNs)
{
    std::vector<std::pair<std::int64_t, int>> events;
    for (const Measured& r : requests) {
        if (r.ok && r.firstTokenNs >= 0 && r.lastTokenNs >= r.firstTokenNs) {
            events.emplace_back(r.firstTokenNs - prefillNs, +1);
            events.emplace_back(r.lastTokenNs, -1);
        }
    }
    std::sort(events.begin(), events.end());
    int level = 0;
    int peak = 0;
    for (std::size_t i = 0; i < events.size();) {
        const std::int64_t t = events[i].first;
        while (i < events.size() && events[i].first == t)
            level += events[i++].second;
        peak = std::max(peak, level);
    }
    return peak;
}

SteadyWindow closedLoopWindow(const std::vector<std::pair<std::int64_t, int>>& levels, int target, int peak)
{
    SteadyWindow w;
    bool full = false;
    for (const auto& [t, level] : levels) {
        if (level >= target) {
            if (w.startNs < 0)
                w.startNs = t;
            full = true;
        } else if (full) {
            w.endNs = t;
            full = false;
        }
    }
    if (w.startNs < 0) {
        w.whyNotUsable = note("The step never had %1 requests in flight (at most %2).").arg(target).arg(peak);
        return w;
    }
    // Unreachable with ended records, whose level returns to 0; kept so a malformed step cannot divide by zero.
    w.usable = w.endNs > w.startNs;
    if (!w.usable)
        w.whyNotUsable = note("The in-flight level never fell back below its target.");
    return w;
}

// A closed loop whose records name their users: from the moment the last user sent its first request to the moment
// the first user's last request ended, the span in which every user was at work. Without think time it is the span
// of N requests in flight; with think time, N are rarely in flight at once, yet every user is still applying its
// load. A user's warm-up is its first request, and the load it puts on the server is the same: the user is at work
// from then on. (Counted from the first measured request instead, a 32-request step of 16 users on a 4-slot server
// had its window cut to under two of the server's turns, all of it after the last warm-up had waited for a slot.)
// Empty when the records do not name exactly `target` users (an imported run).
std::optional<SteadyWindow> usersActiveWindow(
    const std::vector<Measured>& requests, const std::vector<Measured>& warmups, int target)
{
    std::map<int, std::pair<std::int64_t, std::int64_t>> spans; // user: first sent, last end
    for (const Measured& r : requests) {
        if (r.user < 0)
            return std::nullopt;
        if (r.sentNs < 0 || r.endNs < r.sentNs)
            continue;
        auto [it, inserted] = spans.try_emplace(r.user, r.sentNs, r.endNs);
        if (!inserted) {
            it->second.first = std::min(it->second.first, r.sentNs);
            it->second.second = std::max(it->second.second, r.endNs);
        }
    }
    if (int(spans.size()) != target)
        return std::nullopt;
    for (const Measured& r : warmups) {
        const auto it = spans.find(r.user);
        if (it != spans.end() && r.sentNs >= 0)
            it->second.first = std::min(it->second.first, r.sentNs);
    }
    SteadyWindow w;
    for (const auto& [user, span] : spans) {
        w.startNs = std::max(w.startNs, span.first);
        w.endNs = w.endNs < 0 ? span.second : std::min(w.endNs, span.second);
    }
    w.usable = w.endNs > w.startNs;
    if (!w.usable)
        w.whyNotUsable = note("The first user finished before the last one began: the %1 users never all worked at "
                              "once.")
                             .arg(target);
    return w;
}

SteadyWindow openLoopWindow(const std::vector<Measured>& requests)
{
    SteadyWindow w;
    for (const Measured& r : requests) {
        if (r.plannedNs < 0)
            continue;
        w.startNs = w.startNs < 0 ? r.plannedNs : std::min(w.startNs, r.plannedNs);
        w.endNs = std::max(w.endNs, r.plannedNs);
    }
    w.usable = w.startNs >= 0 && w.endNs > w.startNs;
    if (!w.usable)
        w.whyNotUsable = note("Fewer than two distinct send times: the load never ran for any length of time.");
    return w;
}

/// Token chunks over an interval (fromNs, toNs], cut into Throughput::kBatches equal parts, for the batch means.
struct Batches
{
    std::int64_t fromNs = -1;
    std::int64_t toNs = -1;
    std::array<double, Throughput::kBatches> tokens {};
    int chunks = 0;

    void add(const ChunkArrival& chunk)
    {
        if (!(toNs > fromNs) || chunk.ns <= fromNs || chunk.ns > toNs || chunk.tokens <= 0)
            return;
        constexpr int k = Throughput::kBatches;
        const double span = static_cast<double>(toNs - fromNs);
        const auto b = std::min(k - 1, static_cast<int>(static_cast<double>(chunk.ns - fromNs - 1) / span * k));
        tokens[static_cast<std::size_t>(b)] += chunk.tokens;
        ++chunks;
    }
};

/// What the server finished and produced over an interval (fromNs, toNs]: the requests that ended in it, the prompts
/// it had processed by a first token in it, the output tokens whose chunks arrived in it, whichever request they
/// belonged to. Counts and time over the same interval, so that its rates are the server's over that interval.
struct Tally
{
    std::int64_t fromNs = -1;
    std::int64_t toNs = -1;
    int requests = 0;
    int good = 0;
    double promptTokens = 0;
    double outputTokens = 0;
    Batches batches;

    Tally(std::int64_t from, std::int64_t to)
        : fromNs(from)
        , toNs(to)
        , batches {from, to, {}, 0}
    { }

    bool contains(std::int64_t ns) const { return toNs > fromNs && ns > fromNs && ns <= toNs; }

    /// A successful request's completion and prompt.
    void addRequest(const Measured& m)
    {
        if (contains(m.endNs)) {
            ++requests;
            good += m.good ? 1 : 0;
        }
        if (m.promptTokens >= 0 && contains(m.prefilledNs))
            promptTokens += m.promptTokens;
    }

    /// A successful request's output tokens: its chunks, each weighted so that they add up to the request's count, or
    /// all of them at its end when it streamed no chunk.
    void addTokens(const RequestRecord& r, double weight)
    {
        if (r.chunks.empty()) {
            if (contains(r.endNs))
                outputTokens += std::max(0, r.outputTokens());
            return;
        }
        for (const ChunkArrival& chunk : r.chunks) {
            if (contains(chunk.ns))
                outputTokens += chunk.tokens * weight;
            batches.add(chunk);
        }
    }

    /// The rates, or none when the interval is empty.
    Throughput rates(double confidence) const;
};

// The two-sided Student-t quantile for `confidence` with `df` degrees of freedom: the normal quantile by bisection on
// erfc, then the Cornish-Fisher expansion in 1/df (within 0.1% of the exact t from 5 degrees of freedom, and the
// batch means below have 9).
double studentT(double confidence, int df)
{
    const double tail = (1 - confidence) / 2;
    double lo = 0, hi = 10;
    for (int i = 0; i < 100; ++i) {
        const double mid = (lo + hi) / 2;
        (0.5 * std::erfc(mid / std::sqrt(2.0)) > tail ? lo : hi) = mid;
    }
    const double z = (lo + hi) / 2, v = df, z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

// Sets t's output-rate interval by batch means (Throughput::outputTokensPerSecondLow).
void setOutputInterval(Throughput& t, const Batches& batches, double confidence)
{
    constexpr int k = Throughput::kBatches;
    if (!(batches.toNs > batches.fromNs) || !(t.outputTokensPerSecond > 0) || batches.chunks < 2 * k)
        return;
    double mean = 0;
    for (double v : batches.tokens)
        mean += v / k;
    double var = 0;
    for (double v : batches.tokens)
        var += (v - mean) * (v - mean) / (k - 1);
    // Relative to the batches' own mean, then applied to the rate the step reports, which weights chunks by the
    // usage count: the same interval either way when usage and chunks agree.
    const double relative = studentT(confidence, k - 1) * std::sqrt(var / k) / mean;
    t.outputTokensPerSecondLow = t.outputTokensPerSecond * std::max(0.0, 1 - relative);
    t.outputTokensPerSecondHigh = t.outputTokensPerSecond * (1 + relative);
}

Throughput Tally::rates(double confidence) const
{
    Throughput t;
    if (!(toNs > fromNs))
        return t;
    t.seconds = static_cast<double>(toNs - fromNs) / 1e9;
    t.requestsPerSecond = requests / t.seconds;
    t.goodRequestsPerSecond = good / t.seconds;
    t.outputTokensPerSecond = outputTokens / t.seconds;
    t.totalTokensPerSecond = (outputTokens + promptTokens) / t.seconds;
    setOutputInterval(t, batches, confidence);
    return t;
}

/// The step's steady window (the users' active span, the closed loop's full load, or the open loop's planned sends)
/// and, inside it, where the latency sample begins; a window shorter than a few of the server's cycles is not usable,
/// and says why.
void placeWindow(StepStatistics& s, const std::vector<Measured>& measured, const std::vector<Measured>& warmups,
    const std::vector<std::pair<std::int64_t, int>>& levels, std::int64_t shortestTtftNs, double confidence,
    double minWindowLifetimes)
{
    // The latency sample begins where the last user sent its first measured request: a warm-up is left out of the
    // latencies as each user's first request, and so are the requests sent beside it.
    std::int64_t measuredFromNs = -1;
    if (s.targetInFlight > 0) {
        const std::optional<SteadyWindow> users = usersActiveWindow(measured, warmups, s.targetInFlight);
        s.window = users ? *users : closedLoopWindow(levels, s.targetInFlight, s.peakInFlight);
        if (users)
            measuredFromNs = usersActiveWindow(measured, {}, s.targetInFlight)->startNs;
    } else {
        s.window = openLoopWindow(measured);
    }
    // A window of less than a few of the server's cycles holds one wave of completions at most, and its rate is
    // whatever that wave did: on llama.cpp a 0.4 s window doubled an 8-slot server's throughput. Such a window
    // measures nothing; the step's rates fall back to the whole step, and the steady-state check says so. The cycle
    // is the time a request holds its place at the server. Without a queue that is its lifetime; with one, part of
    // the lifetime is the wait, during which the server turns over the requests ahead of it. By Little's law the
    // cycle is then the lifetime times the share of the requests in flight that the server held at once: 16 users on
    // 4 slots turn the slots over four times a lifetime, and a 32-request step sees five turns between the last
    // warm-up and the first user's last request, where three lifetimes would have needed 48 measured requests.
    std::vector<double> lifetimes;
    for (const Measured& m : measured) {
        if (m.ok && !std::isnan(m.e2elMs))
            lifetimes.push_back(m.e2elMs);
    }
    if (s.window.usable && s.targetInFlight > 0 && !lifetimes.empty()) {
        const double lifetimeMs = Distribution::of(std::move(lifetimes), confidence).at(50).value;
        const int served = peakServed(measured, std::max<std::int64_t>(0, shortestTtftNs));
        const double share = served > 0 && s.peakInFlight > served ? static_cast<double>(served) / s.peakInFlight : 1.0;
        const double cycleMs = lifetimeMs * share;
        const double spanMs = s.window.seconds() * 1e3;
        if (cycleMs > 0 && spanMs < minWindowLifetimes * cycleMs) {
            s.window.usable = false;
            s.window.tooShort = true;
            s.window.whyNotUsable = share < 1
                ? note("The full load held for %1 ms, under %2 turns of the server (a request held its place for %3 "
                       "ms: of a median lifetime of %4 ms it waited the rest, %5 of %6 requests in flight being "
                       "served at once): too short for a steady rate.")
                      .arg(spanMs, 0, 'f', 0)
                      .arg(minWindowLifetimes)
                      .arg(cycleMs, 0, 'f', 0)
                      .arg(lifetimeMs, 0, 'f', 0)
                      .arg(served)
                      .arg(s.peakInFlight)
                : note("The full load held for %1 ms, under %2 request lifetimes (median %3 ms): too short for a "
                       "steady rate.")
                      .arg(spanMs, 0, 'f', 0)
                      .arg(minWindowLifetimes)
                      .arg(lifetimeMs, 0, 'f', 0);
        }
    }
    // An open loop has no ramp-in or drain of users to leave out: its window spans the planned sends, and a request
    // sent late against the last plan is still one of its arrivals.
    if (s.window.usable && s.targetInFlight > 0 && std::max(s.window.startNs, measuredFromNs) <= s.window.endNs) {
        s.latencySample.windowed = true;
        s.latencySample.fromNs = std::max(s.window.startNs, measuredFromNs);
        s.latencySample.toNs = s.window.endNs;
    }
}

/// What the step's figures cannot say, each in a sentence: no requests, lengths not as asked, a statistic with no
/// sample, no duration, no steady window.
void addNotes(StepStatistics& s, int withoutPrompt, int lackingMetric)
{
    if (s.total == 0) {
        s.notes << note("The step has no requests besides warm-up: nothing can be computed.");
        return;
    }
    if (s.outputLengthMismatches > 0)
        s.notes << note(
            "%n request(s) came back with another output length than was asked for.", s.outputLengthMismatches);
    if (s.inputLengthMismatches > 0)
        s.notes << note("%n request(s) had another prompt length than was asked for, by the server's count.",
            s.inputLengthMismatches);
    if (s.succeeded == 0) {
        s.notes << note("No request succeeded: latency and token statistics are not available.");
    } else {
        if (s.ttftMs.count == 0)
            s.notes << note("No successful request had a first token time: TTFT is not available.");
        if (s.tpotMs.count == 0)
            s.notes << note("No request had 2 or more output tokens: TPOT is not available.");
        if (s.itlMs.count == 0)
            s.notes << note("No request streamed 2 or more token chunks: ITL is not available.");
        if (s.scheduleLagMs.count == 0 && s.targetInFlight == 0)
            s.notes << note("No request had a scheduled send time: schedule lag is not available.");
        if (withoutPrompt > 0)
            s.notes << note("%n successful request(s) reported no prompt token count: input tokens and total token "
                            "throughput leave them out.",
                withoutPrompt);
        if (lackingMetric > 0)
            s.notes << note(
                "%n successful request(s) lacked a metric an SLO target needs and counted as not good.", lackingMetric);
    }
    if (std::isnan(s.whole.seconds))
        s.notes << note("The step has no duration: whole-step throughput is not available.");
    if (!s.window.usable)
        s.notes << note("No steady-state window: %1 Latency percentiles cover every measured request.")
                       .arg(s.window.whyNotUsable);
}

/// The first pass over a step's requests: every request's times, latencies and counts, without its chunks.
/// Warm-up requests are in no statistic of their own, but the server worked on them beside the measured ones: their
/// completions, prompts and tokens count in the rates of any interval they fell in, which measure the server over
/// that interval.
struct FirstPass
{
    StepStatistics& s;
    const SloTargets& slo;
    std::vector<Measured> measured;
    std::vector<Measured> warmups; // their times and judgement, successful or not
    std::vector<double> lag, output, input, thinking, answer;
    int withoutPrompt = 0;
    int lackingMetric = 0;
    std::int64_t shortestTtftNs = -1; // of every successful request, warm-up included

    void add(const RequestRecord& r)
    {
        Measured m;
        m.sentNs = r.sentNs;
        m.endNs = r.endNs;
        m.plannedNs = r.scheduledNs >= 0 ? r.scheduledNs : r.sentNs;
        m.prefilledNs = r.firstTokenNs >= 0 ? r.firstTokenNs : r.endNs;
        m.firstTokenNs = r.firstTokenNs;
        m.lastTokenNs = r.chunks.empty() ? -1 : r.chunks.back().ns;
        m.user = r.user;
        m.promptTokens = r.promptTokens;
        m.ok = r.ok();
        if (m.ok && r.sentNs >= 0 && r.firstTokenNs >= r.sentNs)
            shortestTtftNs
                = shortestTtftNs < 0 ? r.firstTokenNs - r.sentNs : std::min(shortestTtftNs, r.firstTokenNs - r.sentNs);
        if (r.warmup) {
            m.good = m.ok && meets(RequestLatencies::of(r), slo).first;
            warmups.push_back(m);
            return;
        }
        if (r.sentNs >= 0)
            s.startNs = s.startNs < 0 ? r.sentNs : std::min(s.startNs, r.sentNs);
        s.endNs = std::max(s.endNs, r.endNs);
        if (!m.ok) {
            ++s.failed;
            const ErrorClass cls = r.error == ErrorClass::None ? ErrorClass::Other : r.error;
            ++s.failures[cls];
            // The server's own words, as its first failure of each kind gave them: one line, capped.
            if (!s.failureMessages.count(cls) && !r.errorMessage.trimmed().isEmpty()) {
                QString line = r.errorMessage.section(u'\n', 0, 0).simplified();
                if (line.size() > StepStatistics::kFailureMessageChars)
                    line = line.left(StepStatistics::kFailureMessageChars - 1) + QStringLiteral("…");
                s.failureMessages[cls] = line;
            }
            measured.push_back(m);
            return;
        }
        ++s.succeeded;
        const RequestLatencies l = RequestLatencies::of(r);
        m.ttftMs = l.ttftMs.value_or(m.ttftMs);
        m.ttfoMs = l.ttfoMs.value_or(m.ttfoMs);
        m.tpotMs = l.tpotMs.value_or(m.tpotMs);
        m.e2elMs = l.e2elMs.value_or(m.e2elMs);
        if (r.scheduledNs >= 0 && r.sentNs >= 0)
            lag.push_back(ms(r.sentNs - r.scheduledNs));
        output.push_back(l.outputTokens);
        if (r.reasoningTokens >= 0) {
            thinking.push_back(r.reasoningTokens);
            answer.push_back(std::max(0, l.outputTokens - r.reasoningTokens));
        }
        // The lengths asked for are forced (max_tokens = min_tokens, ignore_eos): a server that gave something else
        // ran a different workload than the one reported, and the report must say so.
        if (r.requestedOutputTokens > 0 && l.outputTokens != r.requestedOutputTokens)
            ++s.outputLengthMismatches;
        if (r.usageDisagrees() && s.usageDisagreements++ == 0) {
            s.usageSaid = r.completionTokens;
            s.chunksCarried = r.chunkTokens();
        }
        if (r.requestedInputTokens > 0 && r.promptTokens >= 0 && r.promptTokens != r.requestedInputTokens)
            ++s.inputLengthMismatches;
        if (r.promptTokens >= 0) {
            input.push_back(r.promptTokens);
            if (r.cachedTokens >= 0) {
                s.cachedPromptTokens = std::max<std::int64_t>(0, s.cachedPromptTokens) + r.cachedTokens;
                s.promptTokensWithCacheCount += r.promptTokens;
                ++s.requestsWithCacheCount;
            }
        } else {
            ++withoutPrompt;
        }
        const auto [meetsTargets, lacking] = meets(l, slo);
        m.good = meetsTargets;
        s.good += meetsTargets ? 1 : 0;
        lackingMetric += lacking ? 1 : 0;
        measured.push_back(m);
    }
};

} // namespace

RequestLatencies RequestLatencies::of(const RequestRecord& r)
{
    RequestLatencies l;
    l.outputTokens = r.outputTokens();
    if (r.sentNs < 0)
        return l;
    if (r.firstTokenNs >= 0)
        l.ttftMs = ms(r.firstTokenNs - r.sentNs);
    if (r.firstAnswerNs >= 0)
        l.ttfoMs = ms(r.firstAnswerNs - r.sentNs);
    const std::int64_t lastNs = r.chunks.empty() ? r.endNs : r.chunks.back().ns;
    if (lastNs >= 0)
        l.e2elMs = ms(lastNs - r.sentNs);
    if (r.firstTokenNs >= 0 && lastNs >= 0 && l.outputTokens >= 2)
        l.tpotMs = ms(lastNs - r.firstTokenNs) / (l.outputTokens - 1);
    return l;
}

StepStatistics StepStatistics::of(const std::vector<RequestRecord>& records, const SloTargets& slo, int targetInFlight,
    double confidence, double minWindowLifetimes)
{
    return fromSource(
        [&records](const RecordVisitor& visit) {
            for (const RequestRecord& r : records)
                visit(r);
        },
        slo, targetInFlight, confidence, minWindowLifetimes);
}

StepStatistics StepStatistics::fromSource(
    const RecordSource& source, const SloTargets& slo, int targetInFlight, double confidence, double minWindowLifetimes)
{
    StepStatistics s;
    s.slo = slo;
    s.targetInFlight = std::max(0, targetInFlight);

    FirstPass pass {s, slo, {}, {}, {}, {}, {}, {}, {}, 0, 0, -1};
    source([&pass](const RequestRecord& r) { pass.add(r); });
    std::vector<Measured>& measured = pass.measured;
    std::vector<Measured>& warmups = pass.warmups;
    std::vector<double>& lag = pass.lag;
    std::vector<double>& output = pass.output;
    std::vector<double>& input = pass.input;
    std::vector<double>& thinking = pass.thinking;
    std::vector<double>& answer = pass.answer;
    const int withoutPrompt = pass.withoutPrompt;
    const int lackingMetric = pass.lackingMetric;
    const std::int64_t shortestTtftNs = pass.shortestTtftNs;
    s.total = static_cast<int>(measured.size());

    const auto levels = inFlightLevels(measured);
    for (const auto& [t, level] : levels)
        s.peakInFlight = std::max(s.peakInFlight, level);
    placeWindow(s, measured, warmups, levels, shortestTtftNs, confidence, minWindowLifetimes);
    const LatencySample sample = s.latencySample;
    const auto sampled = [&sample](std::int64_t sentNs) {
        return !sample.windowed || sentNs < 0 || (sentNs >= sample.fromNs && sentNs <= sample.toNs);
    };
    // The whole step's rates are over the span of its measured requests, the steady rates over the window; in both,
    // every request's completion and tokens that fell in the interval count, warm-up included, so that the time and
    // the work are the same interval's. Counting only the measured requests' tokens over a span in which the server
    // also finished warm-ups put 16 users on a 4-slot llama.cpp 28% below what its counters said it made.
    Tally whole(s.startNs, s.endNs);
    Tally steady(s.window.usable ? s.window.startNs : -1, s.window.usable ? s.window.endNs : -1);
    for (const Measured& m : warmups) {
        if (m.ok) {
            whole.addRequest(m);
            steady.addRequest(m);
        }
    }
    warmups = {};

    std::vector<double> ttft, ttfo, tpot, e2el;
    for (const Measured& m : measured) {
        const bool in = sampled(m.sentNs);
        if (!in)
            ++s.latencySample.leftOut;
        if (!m.ok) {
            s.latencySample.failed += in ? 1 : 0;
            continue;
        }
        if (in) {
            ++s.latencySample.succeeded;
            for (const auto& [value, into] : {std::pair {m.ttftMs, &ttft}, std::pair {m.ttfoMs, &ttfo},
                     std::pair {m.tpotMs, &tpot}, std::pair {m.e2elMs, &e2el}})
                if (!std::isnan(value))
                    into->push_back(value);
        }
        whole.addRequest(m);
        steady.addRequest(m);
    }
    measured = {};

    // The second pass: the chunks. Gaps between them for ITL, and tokens in the window and in the batches of the
    // output rate's intervals. Further passes only when the gaps outgrew the builders' memory.
    DistributionBuilder itl(confidence);
    DistributionBuilder itlPerToken(confidence);
    bool first = true;
    bool again = true;
    while (again) {
        source([&](const RequestRecord& r) {
            if (!r.ok())
                return;
            if (!r.warmup && sampled(r.sentNs)) {
                // Walked once, in order: the chunks are delta-encoded, and indexing one decodes from the start.
                std::int64_t previousNs = 0;
                bool firstChunk = true;
                for (const ChunkArrival chunk : r.chunks) {
                    if (!std::exchange(firstChunk, false)) {
                        const double gapMs = ms(chunk.ns - previousNs);
                        itl.add(gapMs);
                        const int k = std::max(1, chunk.tokens);
                        for (int j = 0; j < k; ++j)
                            itlPerToken.add(gapMs / k);
                    }
                    previousNs = chunk.ns;
                }
            }
            if (!first)
                return;
            // Usage may count more tokens than the chunks say (no continuous usage, several tokens a chunk): scale
            // the chunks so the window and the whole step count the same tokens.
            int chunkTokens = 0;
            for (const ChunkArrival& chunk : r.chunks)
                chunkTokens += chunk.tokens;
            const double weight = chunkTokens > 0 ? static_cast<double>(r.outputTokens()) / chunkTokens : 0.0;
            whole.addTokens(r, weight);
            steady.addTokens(r, weight);
        });
        first = false;
        const bool itlAgain = itl.endPass();
        const bool perTokenAgain = itlPerToken.endPass();
        again = itlAgain || perTokenAgain;
    }

    s.ttftMs = Distribution::of(std::move(ttft), confidence);
    s.ttfoMs = Distribution::of(std::move(ttfo), confidence);
    s.tpotMs = Distribution::of(std::move(tpot), confidence);
    s.e2elMs = Distribution::of(std::move(e2el), confidence);
    s.itlMs = itl.result();
    s.itlPerTokenMs = itlPerToken.result();
    s.scheduleLagMs = Distribution::of(std::move(lag), confidence);
    s.outputTokens = Distribution::of(std::move(output), confidence);
    s.inputTokens = Distribution::of(std::move(input), confidence);
    s.thinkingTokens = Distribution::of(std::move(thinking), confidence);
    s.answerTokens = Distribution::of(std::move(answer), confidence);

    if (s.startNs >= 0 && s.endNs > s.startNs)
        s.whole = whole.rates(confidence);
    if (s.total > 0)
        s.sloAttainment = static_cast<double>(s.good) / s.total;
    if (s.window.usable)
        s.steady = steady.rates(confidence);

    addNotes(s, withoutPrompt, lackingMetric);
    return s;
}

} // namespace kp::core
