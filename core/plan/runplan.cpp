// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/plan/runplan.h"

#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace kp::core {

LoadPlan RunPlan::closedLoop(const RunOptions& o, int users)
{
    LoadPlan p;
    p.users = users;
    p.thinkTimeMs = o.thinkTimeMs;
    p.warmupRequests = o.warmupPerStep > 0 ? o.warmupPerStep : std::min(users, 32);
    if (o.durationPerStep > 0)
        p.durationSeconds = o.durationPerStep;
    else
        p.requestCount = o.requestsFor(users);
    return p;
}

LoadPlan RunPlan::openLoop(const RunOptions& o, double rate)
{
    LoadPlan p;
    p.pattern = LoadPlan::Pattern::OpenLoop;
    p.arrival = o.constantArrivals ? LoadPlan::Arrival::Constant
        : o.burstiness == 1        ? LoadPlan::Arrival::Poisson
                                   : LoadPlan::Arrival::Gamma;
    p.burstiness = o.burstiness;
    p.maxInFlight = o.maxInFlight;
    p.ratePerSecond = rate;
    p.seed = std::uint64_t(rate * 1000) ^ (o.seed * 0x9e3779b97f4a7c15ULL);
    if (o.durationPerStep > 0)
        p.durationSeconds = o.durationPerStep;
    else
        p.requestCount = o.requestsFor(rate);
    return p;
}

PlannedStep RunPlan::traceStep(const RunOptions& o, const Trace& trace)
{
    // An open-loop step at the trace's mean rate, as the analysis judges it, sending at the trace's own times: each
    // request once, the workload's template of the same number (the trace's lengths), no warm-up ahead of it.
    // The rate names the step wherever it is shown, and every face shows a rate to a tenth below 10 and whole above
    // (text::load): rounded so, it reads the same in the scorecard, the verdict and the capacity.
    const double mean = trace.meanRate();
    const double shown = mean < 10 ? std::round(mean * 10) / 10 : std::round(mean);
    const double rate = shown > 0 ? shown : QString::number(mean, 'g', 2).toDouble();
    LoadPlan p = openLoop(o, rate);
    p.arrival = LoadPlan::Arrival::Trace;
    p.traceOffsetsNs = std::make_shared<const std::vector<std::int64_t>>(trace.offsetsNs());
    p.requestCount = int(trace.requests.size());
    p.durationSeconds = 0;
    p.warmupRequests = 0;
    return {Phase::Rate, p, 0,
        {{QStringLiteral("rate"), rate}, {QStringLiteral("trace"), trace.fileName},
            {QStringLiteral("trace_format"), trace.formatName()}, {QStringLiteral("trace_speed"), o.traceSpeed},
            {QStringLiteral("trace_start_s"), o.traceStartSeconds},
            {QStringLiteral("trace_requests"), qint64(trace.requests.size())},
            {QStringLiteral("trace_span_s"), trace.spanSeconds()}}};
}

int RunPlan::uncachedWorkload(const RunOptions& o)
{
    if (!o.dataset.isEmpty() || !o.trace.isEmpty())
        return -1;
    if (o.sharedPrefixTokens > 0 && !o.shapes.isEmpty())
        return int(o.shapes.size());
    return o.turns > 1 ? 0 : -1;
}

RunPlan RunPlan::of(const RunOptions& o)
{
    RunPlan r;
    LoadPlan baseline = closedLoop(o, 1);
    baseline.thinkTimeMs = 0;
    baseline.warmupRequests = 1;
    baseline.requestCount = o.baselineRequests;
    baseline.durationSeconds = 0;
    r.steps.push_back({Phase::Baseline, baseline, 0, {{QStringLiteral("concurrency"), 1}}});
    if (const int uncached = uncachedWorkload(o); uncached >= 0) {
        LoadPlan twin = baseline;
        twin.historyUncached = o.turns > 1;
        r.steps.push_back({Phase::Uncached, twin, uncached,
            {{QStringLiteral("concurrency"), 1}, {QStringLiteral("shared_prefix_tokens"), 0},
                {QStringLiteral("history_uncached"), twin.historyUncached}}});
    }
    for (int c : o.concurrency)
        r.steps.push_back({Phase::Concurrency, closedLoop(o, c), 0, {{QStringLiteral("concurrency"), c}}});
    for (double rate : o.rates)
        r.steps.push_back({Phase::Rate, openLoop(o, rate), 0, {{QStringLiteral("rate"), rate}}});
    if (o.traceWindow)
        r.steps.push_back(traceStep(o, *o.traceWindow));
    // More than one shape: each at a moderate load, to see how size moves latency.
    for (int s = 1; s < int(o.shapes.size()); ++s) {
        const int users = std::min(8, o.concurrency.isEmpty() ? 8 : o.concurrency.last());
        r.steps.push_back({Phase::Shape, closedLoop(o, users), s,
            {{QStringLiteral("concurrency"), users}, {QStringLiteral("input"), o.shapes[s].input},
                {QStringLiteral("output"), o.shapes[s].output}}});
    }
    if (o.shard)
        r.shard(*o.shard);
    return r;
}

void RunPlan::shard(const ShardSpec& shard)
{
    for (PlannedStep& step : steps) {
        LoadPlan& p = step.plan;
        QJsonObject mine = step.load;
        if (p.pattern == LoadPlan::Pattern::ClosedLoop) {
            const int users = shard.share(p.users);
            // Requests follow users, so that every shard's users make the same number of requests.
            p.requestCount = shard.shareLike(p.requestCount, p.users);
            p.warmupRequests = std::min(users, shard.shareLike(p.warmupRequests, p.users));
            p.users = users;
            mine[QStringLiteral("concurrency")] = users;
        } else {
            p.ratePerSecond /= shard.count;
            p.requestCount = shard.share(p.requestCount);
            // Each shard draws its own arrivals: N Poisson streams of rate r/N add up to one of rate r.
            p.seed ^= std::uint64_t(shard.index + 1) * 0x9e3779b97f4a7c15ULL;
            mine[QStringLiteral("rate")] = p.ratePerSecond;
        }
        mine[QStringLiteral("shard_of")] = step.load;
        step.load = mine;
    }
}

LoadPlan RunPlan::sent(
    const PlannedStep& step, std::size_t index, const RunOptions& options, const StepContext& context)
{
    LoadPlan plan = step.plan;
    // Users ramp in over one request's lifetime (the baseline's median, once it is known) unless told otherwise, so
    // that a closed loop does not start, and then finish, every request in the same instant. Shards other than the
    // first run no baseline, so a sharded run ramps only by --ramp-ms: every shard alike.
    if (plan.pattern == LoadPlan::Pattern::ClosedLoop && plan.users > 1) {
        const double rampMs = options.rampMs >= 0 ? options.rampMs : options.shard ? 0 : context.lifetimeMs;
        plan.rampNs = std::int64_t(std::max(0.0, rampMs) * 1e6);
    }
    // One clock: the plan is in the server's time, and a simulator at speed K lives K times faster than the wall
    // clock the engine sends by, so what the report calls 4 req/s is 4 req/s of the server's own time.
    const double scale = context.timeScale > 0 ? context.timeScale : 1;
    if (scale != 1) {
        plan.ratePerSecond *= scale;
        plan.durationSeconds /= scale;
        plan.thinkTimeMs /= scale;
        plan.rampNs = std::int64_t(double(plan.rampNs) / scale);
        if (plan.traceOffsetsNs) {
            auto faster = std::make_shared<std::vector<std::int64_t>>(*plan.traceOffsetsNs);
            for (std::int64_t& t : *faster)
                t = std::int64_t(double(t) / scale);
            plan.traceOffsetsNs = std::move(faster);
        }
    }
    // Each step its own prompts (and each shard its own): a server that cached an earlier step's prompts would
    // otherwise answer from its prefix cache, and look faster than it is. A step measured again after an outage
    // sends prompts of its own too: a server that only lost its network may still hold the first attempt's.
    plan.promptOffset = context.promptOffset + std::uint64_t(context.attempt) * 0x9e3779b97f4a7c15ULL;
    // A trace's request i is template i, whatever the baseline sent from the same workload before it.
    plan.templateOffset = plan.arrival == LoadPlan::Arrival::Trace ? 0 : context.templateOffset;
    plan.promptSalt = (std::uint64_t(index) % 1024) * 64 + std::uint64_t(options.shard ? options.shard->index % 64 : 0);
    return plan;
}

QStringList RunPlan::lines() const
{
    QStringList out;
    int n = 0;
    for (const PlannedStep& s : steps) {
        const LoadPlan& p = s.plan;
        if (s.idle()) {
            out << QCoreApplication::translate("RunPlan", "%1. %2, left to the other shards")
                       .arg(++n)
                       .arg(phaseName(s.phase));
            continue;
        }
        const QString load = p.pattern == LoadPlan::Pattern::OpenLoop ? text::load(p.ratePerSecond, true)
                                                                      : text::users(p.users, false);
        const QString amount = p.durationSeconds > 0
            ? QCoreApplication::translate("RunPlan", "%1 s").arg(text::number(p.durationSeconds))
            : p.requestCount == 1 ? QCoreApplication::translate("RunPlan", "1 request")
                                  : QCoreApplication::translate("RunPlan", "%1 requests").arg(p.requestCount);
        QString line = QStringLiteral("%1. %2, %3, %4").arg(++n).arg(phaseName(s.phase), load, amount);
        if (p.warmupRequests > 0)
            line += p.warmupRequests == 1
                ? QCoreApplication::translate("RunPlan", " and 1 warm-up first")
                : QCoreApplication::translate("RunPlan", " and %1 warm-ups first").arg(p.warmupRequests);
        if (s.phase == Phase::Shape)
            line += QStringLiteral(", %1/%2").arg(s.load.value(u"input").toInt()).arg(s.load.value(u"output").toInt());
        if (s.load.contains(u"trace"))
            line += QCoreApplication::translate("RunPlan", ", replaying %1 (%2) at its own times over %3 s")
                        .arg(s.load.value(u"trace").toString(), s.load.value(u"trace_format").toString(),
                            text::number(s.load.value(u"trace_span_s").toDouble()));
        out << line;
    }
    return out;
}

} // namespace kp::core
