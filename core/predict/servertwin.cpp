// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/predict/servertwin.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/sim/steptimemodel.h"
#include "core/stats/distribution.h"

#include <QThread>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace kp::core {

namespace {

// A device for a server whose GPU is not known (llama.cpp on a CPU): round peaks the fit scales to the truth.
GpuSpec nominalDevice()
{
    GpuSpec g;
    g.id = QStringLiteral("nominal");
    g.name = QStringLiteral("a nominal device (the fit scales its peaks)");
    g.memoryGib = 64;
    g.bandwidthTbps = 0.1;
    g.bf16Tflops = 1;
    return g;
}

double percentileOf(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return Distribution::percentile(v, p).value;
}

double sortedAt(const std::vector<double>& sorted, double percentile)
{
    return sorted.empty() ? std::numeric_limits<double>::quiet_NaN()
                          : Distribution::percentile(sorted, percentile / 100).value;
}

// vLLM's own default, the cap a server that never said otherwise and never filled it is assumed to have.
constexpr int kDefaultMaxNumSeqs = 256;

} // namespace

double TwinStep::ttftAt(double percentile) const
{
    // The tail term was fitted at p99 and stands for jitter the schedule lacks: none at the median, all of it at p99.
    const double share = std::clamp((percentile - 50) / 49, 0.0, 1.0);
    return sortedAt(ttftMs, percentile) + share * ttftTailMs;
}

double TwinStep::tpotAt(double percentile) const
{
    return sortedAt(tpotMs, percentile);
}

double TwinStep::e2elAt(double percentile) const
{
    return sortedAt(e2elMs, percentile);
}

TwinError TwinError::of(std::vector<double> errors)
{
    errors.erase(std::remove_if(errors.begin(), errors.end(), [](double e) { return std::isnan(e); }), errors.end());
    TwinError e;
    e.steps = int(errors.size());
    if (errors.empty())
        return e;
    std::sort(errors.begin(), errors.end());
    e.median = (errors[errors.size() / 2] + errors[(errors.size() - 1) / 2]) / 2;
    e.worst = errors.back();
    return e;
}

ServerTwin::ServerTwin(const std::optional<GpuSpec>& gpu, const ModelSpec& model, const BatchEngine::Config& engine)
    : m_gpu(gpu ? *gpu : nominalDevice())
    , m_nominal(!gpu)
    , m_model(model)
    , m_engine(engine)
{ }

double ServerTwin::error(double predicted, double measured)
{
    return measured > 0 ? std::abs(predicted / measured - 1) : std::numeric_limits<double>::quiet_NaN();
}

BatchEngine::Config ServerTwin::engineOf(const RunData& run, const RunAnalysis& analysis, EngineSources* sources)
{
    EngineSources scratch;
    EngineSources& said = sources ? *sources : scratch;
    BatchEngine::Config c;
    c.enablePrefixCaching = false; // the run's prompts share nothing, and the twin sends none that do
    const int input = run.inputTokens, output = run.outputTokens;
    c.maxModelLen = run.facts.maxModelLen.value_or(std::max(8192, input + output));
    if (run.facts.blockSize)
        c.blockSize = *run.facts.blockSize;
    if (run.facts.kvCapacityTokens) {
        c.numGpuBlocks = int(std::min<qint64>(*run.facts.kvCapacityTokens / c.blockSize, 1 << 24));
        said.reported << QStringLiteral("KV cache %1 blocks of %2 tokens").arg(c.numGpuBlocks).arg(c.blockSize);
    } else {
        c.numGpuBlocks = 1 << 20; // not reported: as good as unbounded, as llama.cpp's slots each own their context
        said.assumed << QStringLiteral("KV cache unbounded (the server does not report its size)");
    }
    // The cap the server reports wins; else one it showed: the most it ran at once at a step where requests waited;
    // else the most it ran at once is a floor under a default that is said to be one.
    int cap = 0, peak = 0;
    for (const CurvePoint& p : analysis.curve.points) {
        const ServerDeltas& s = p.step->server;
        peak = std::max(peak, int(s.peakRunning));
        // Fewer ran than there were users while some waited: a cap. As many as the users, with a moment's wait
        // between a scrape and the engine's next step, is none (a 1,024-sequence server read as 256 at 256 users).
        if (s.peakWaiting >= 1 && s.peakRunning >= 1 && s.peakRunning < p.step->concurrency)
            cap = std::max(cap, int(s.peakRunning));
    }
    if (run.facts.maxNumSeqs && *run.facts.maxNumSeqs > 0) {
        c.maxNumSeqs = *run.facts.maxNumSeqs;
        said.reported << QStringLiteral("max-num-seqs %1").arg(c.maxNumSeqs);
    } else if (cap > 0) {
        c.maxNumSeqs = cap;
        said.observed << QStringLiteral("max-num-seqs %1 (the most requests the server ran at once while others "
                                        "waited)")
                             .arg(cap);
    } else {
        c.maxNumSeqs = std::max(kDefaultMaxNumSeqs, peak);
        said.assumed << (peak > 0 ? QStringLiteral("max-num-seqs %1 (the server does not report it and no step "
                                                   "filled it: it ran at most %2 at once, never fewer than its users "
                                                   "while others waited)")
                                        .arg(c.maxNumSeqs)
                                        .arg(peak)
                                  : QStringLiteral("max-num-seqs %1 (the server does not report it, nor how many "
                                                   "it ran at once)")
                                        .arg(c.maxNumSeqs));
    }
    if (run.facts.maxNumBatchedTokens && *run.facts.maxNumBatchedTokens > 0) {
        c.maxNumBatchedTokens = *run.facts.maxNumBatchedTokens;
        said.reported << QStringLiteral("max-num-batched-tokens %1").arg(c.maxNumBatchedTokens);
    } else {
        c.maxNumBatchedTokens = std::max(8192, input);
        said.assumed
            << QStringLiteral("max-num-batched-tokens %1 (the server does not report it)").arg(c.maxNumBatchedTokens);
    }
    return c;
}

std::vector<TwinStep> ServerTwin::measured(const RunData& run, const RunAnalysis& analysis)
{
    std::vector<TwinStep> out;
    for (const CurvePoint& p : analysis.curve.points) {
        if (p.step->concurrency <= 0 || p.step->ttftSorted.empty() || p.step->tpotSorted.empty())
            continue;
        TwinStep s;
        s.users = p.step->concurrency;
        s.requests = p.step->stats.total;
        const double rtt = std::max(0.0, run.roundTripMs);
        s.ttftMs = p.step->ttftSorted;
        for (double& t : s.ttftMs)
            t = std::max(0.0, t - rtt);
        s.tpotMs = p.step->tpotSorted;
        s.e2elMs = p.step->e2elSorted;
        for (double& t : s.e2elMs)
            t = std::max(0.0, t - rtt);
        s.ttftP50Ms = s.ttftAt(50);
        s.ttftP99Ms = s.ttftAt(99);
        s.tpotP50Ms = s.tpotAt(50);
        s.tpotP99Ms = s.tpotAt(99);
        s.outputTokensPerSecond = p.outputTokensPerSecond;
        out.push_back(s);
    }
    return out;
}

TwinStep ServerTwin::simulate(
    const BatchEngine::Config& engineConfig, const TwinFit& fit, int users, int input, int output, int requests) const
{
    if (requests <= 0)
        requests = 3 * users;
    // Each user's warm-up, then the measured requests dealt out as evenly as they go.
    const auto quota = [&](int user) { return 1 + requests / users + (user < requests % users ? 1 : 0); };
    const StepTimeModel model(m_gpu, m_model, fit.bandwidthEfficiency, fit.computeEfficiency,
        std::int64_t(std::llround(fit.overheadMs * 1e6)), 2);
    BatchEngine::Config config = engineConfig;
    config.maxModelLen = std::max(config.maxModelLen, input + output);
    BatchEngine engine(config, model);
    // One request alone first: its lifetime is the ramp over which the users start, as kneepoint run ramps them.
    std::int64_t rampNs = 0;
    {
        BatchEngine alone(config, model);
        alone.add({1, input, output, output, true, 1, 0, 0, {}});
        std::int64_t now = 0;
        for (bool done = false; !done;) {
            const std::optional<std::int64_t> d = alone.beginStep(now);
            if (!d)
                break;
            now += *d;
            for (const BatchEngine::Token& t : alone.completeStep().tokens)
                done = done || t.finish != BatchEngine::Finish::None;
        }
        rampNs = now;
    }
    struct Request
    {
        int user = 0;
        int index = 0;
        std::int64_t sentNs = 0;
        std::int64_t firstNs = -1;
        std::int64_t lastNs = -1;
    };
    std::map<std::uint64_t, Request> inFlight;
    std::vector<std::pair<std::int64_t, int>> arrivals; // (time, user), kept sorted by time
    std::vector<int> sent(std::size_t(users), 0);
    arrivals.reserve(std::size_t(users));
    for (int u = 0; u < users; ++u)
        arrivals.push_back({users > 1 ? rampNs * u / users : 0, u});
    std::uint64_t nextId = 1;
    std::vector<double> ttft, tpot, e2el;
    std::vector<std::int64_t> tokenTimes; // every token's arrival, for the throughput window
    std::vector<double> lifetimes;
    std::int64_t firstMeasuredSend = -1;
    std::int64_t windowStart = 0, windowEnd = std::numeric_limits<std::int64_t>::max();
    std::int64_t now = 0;
    int finishedUsers = 0;
    while (finishedUsers < users) {
        std::sort(arrivals.begin(), arrivals.end());
        while (!arrivals.empty() && arrivals.front().first <= now) {
            const auto [at, user] = arrivals.front();
            arrivals.erase(arrivals.begin());
            const std::uint64_t id = nextId++;
            engine.add({id, input, output, output, true, id, at, 0, {}});
            inFlight[id] = {user, sent[std::size_t(user)]++, at};
            if (inFlight[id].index > 0 && (firstMeasuredSend < 0 || at < firstMeasuredSend))
                firstMeasuredSend = at;
        }
        const std::optional<std::int64_t> d = engine.beginStep(now);
        if (!d) {
            if (arrivals.empty())
                break; // nothing left to do: cannot happen while users remain, but never loop forever
            now = arrivals.front().first;
            continue;
        }
        now += *d;
        for (const BatchEngine::Token& t : engine.completeStep().tokens) {
            Request& r = inFlight[t.requestId];
            if (r.firstNs < 0)
                r.firstNs = now;
            r.lastNs = now;
            tokenTimes.push_back(now); // warm-ups' tokens too: the server made them inside the window
            if (t.finish == BatchEngine::Finish::None)
                continue;
            if (r.index > 0) {
                ttft.push_back(double(r.firstNs - r.sentNs) / 1e6 + fit.ttftOffsetMs);
                if (output > 1)
                    tpot.push_back(double(r.lastNs - r.firstNs) / 1e6 / (output - 1));
                lifetimes.push_back(double(now - r.sentNs));
                e2el.push_back(double(now - r.sentNs) / 1e6 + fit.ttftOffsetMs);
            }
            if (sent[std::size_t(r.user)] < quota(r.user)) {
                arrivals.push_back({now, r.user});
            } else {
                ++finishedUsers;
                windowEnd = std::min(windowEnd, now); // the first user to stop ends the full load
            }
            inFlight.erase(t.requestId);
        }
    }
    TwinStep s;
    s.users = users;
    s.requests = requests;
    std::sort(ttft.begin(), ttft.end());
    std::sort(tpot.begin(), tpot.end());
    std::sort(e2el.begin(), e2el.end());
    s.ttftMs = std::move(ttft);
    s.tpotMs = std::move(tpot);
    s.e2elMs = std::move(e2el);
    s.ttftTailMs = fit.ttftTailMs;
    s.ttftP50Ms = s.ttftAt(50);
    s.ttftP99Ms = s.ttftAt(99);
    s.tpotP50Ms = s.tpotAt(50);
    s.tpotP99Ms = s.tpotAt(99);
    // The run's rule (StepStatistics): the full load holds from the last user's first request, its warm-up, until
    // the first user's last one ends; it is used when it spans three of the server's turns (a median lifetime, times
    // the share of the users the server holds at once when the rest wait), else the whole step from the first
    // measured request. Either way every token the server made in it counts.
    windowStart = users > 1 ? rampNs * (users - 1) / users : 0;
    const double lifetime = lifetimes.empty() ? 0 : percentileOf(lifetimes, 0.5);
    const double share = std::min(1.0, double(std::max(1, config.maxNumSeqs)) / users);
    if (windowEnd <= windowStart || double(windowEnd - windowStart) < 3 * lifetime * share) {
        windowStart = firstMeasuredSend;
        windowEnd = tokenTimes.empty() ? 0 : *std::max_element(tokenTimes.begin(), tokenTimes.end());
    }
    const auto inWindow = std::count_if(
        tokenTimes.begin(), tokenTimes.end(), [&](std::int64_t t) { return t > windowStart && t <= windowEnd; });
    s.outputTokensPerSecond = windowEnd > windowStart ? double(inWindow) / (double(windowEnd - windowStart) / 1e9) : 0;
    return s;
}

TwinFit ServerTwin::fit(const std::vector<TwinStep>& steps, int input, int output) const
{
    // The TTFT offset and tail only add to the simulated TTFTs, so a schedule is simulated once per step-time
    // coefficients (bandwidth, compute, overhead) and the two added on top: four of the search's ten moves, and
    // every point it comes back to, cost no simulation. The fit took ten seconds without this on the demo's run.
    using Key = std::tuple<double, double, double>;
    std::map<Key, std::vector<TwinStep>> schedules;
    const auto schedule = [&](const TwinFit& f) -> const std::vector<TwinStep>& {
        const Key key {f.bandwidthEfficiency, f.computeEfficiency, f.overheadMs};
        auto at = schedules.find(key);
        if (at == schedules.end()) {
            TwinFit bare = f;
            bare.ttftOffsetMs = 0;
            bare.ttftTailMs = 0;
            std::vector<TwinStep> out;
            out.reserve(steps.size());
            for (const TwinStep& m : steps)
                out.push_back(simulate(m_engine, bare, m.users, input, output, m.requests));
            at = schedules.emplace(key, std::move(out)).first;
        }
        return at->second;
    };
    const auto loss = [&](const TwinFit& f) {
        const std::vector<TwinStep>& simulated = schedule(f);
        double sum = 0;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            const TwinStep& m = steps[i];
            const TwinStep& p = simulated[i];
            const double ttftP50 = p.ttftP50Ms + f.ttftOffsetMs;
            const double ttftP99 = p.ttftP99Ms + f.ttftOffsetMs + f.ttftTailMs;
            for (const auto& [a, b] : {std::pair {ttftP50, m.ttftP50Ms}, std::pair {ttftP99, m.ttftP99Ms},
                     std::pair {p.tpotP50Ms, m.tpotP50Ms},
                     std::pair {p.outputTokensPerSecond, m.outputTokensPerSecond}}) {
                if (a > 0 && b > 0)
                    sum += std::pow(std::log(a / b), 2);
            }
        }
        return sum;
    };
    // A pattern search on log scales: each coefficient multiplied and divided by a factor that halves (in log) when
    // no move helps. Efficiencies stay in (0, 1] on a named GPU; on a nominal one they only scale its peaks.
    TwinFit best;
    double bestLoss = loss(best);
    const double cap = m_nominal ? 1e6 : 1.0;
    const QThread* thread = QThread::currentThread();
    for (double factor = 4; factor > 1.04; factor = std::sqrt(factor)) {
        for (bool moved = true; moved;) {
            if (thread->isInterruptionRequested()) {
                best.interrupted = true;
                return best;
            }
            moved = false;
            for (int k = 0; k < 5; ++k) {
                for (double m : {factor, 1 / factor}) {
                    TwinFit t = best;
                    double& v = k == 0 ? t.bandwidthEfficiency
                        : k == 1       ? t.computeEfficiency
                        : k == 2       ? t.overheadMs
                        : k == 3       ? t.ttftOffsetMs
                                       : t.ttftTailMs;
                    v = k >= 2 ? std::clamp(v * m, 0.001, 10000.0) : std::clamp(v * m, 1e-4, cap);
                    const double l = loss(t);
                    if (l < bestLoss - 1e-12) {
                        best = t;
                        bestLoss = l;
                        moved = true;
                    }
                }
            }
        }
    }
    // Each figure's error on its own: the TPOT tail, which the loss does not fit, is where a twin is most often off.
    std::vector<double> ttftErrors, tpotErrors, throughputErrors;
    const std::vector<TwinStep>& simulated = schedule(best);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const double ttftP99 = simulated[i].ttftP99Ms + best.ttftOffsetMs + best.ttftTailMs;
        ttftErrors.push_back(error(ttftP99, steps[i].ttftP99Ms));
        tpotErrors.push_back(error(simulated[i].tpotP99Ms, steps[i].tpotP99Ms));
        throughputErrors.push_back(error(simulated[i].outputTokensPerSecond, steps[i].outputTokensPerSecond));
    }
    best.ttftP99Error = TwinError::of(ttftErrors);
    best.tpotP99Error = TwinError::of(tpotErrors);
    best.throughputError = TwinError::of(throughputErrors);
    return best;
}

} // namespace kp::core
