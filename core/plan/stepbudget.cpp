// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/plan/stepbudget.h"

#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

/// The long end of an open-loop step whose `count` requests are sent over `arrivalsSeconds`: sending stops at the
/// budget, and a server no slower than serving them one after another at the slowest pace has done all of their
/// work one request after the later of the last arrival and all that work; no request outlives the timeout.
double openLoopMost(double arrivalsSeconds, int count, const StepBudget::Pace& pace, double budgetSeconds)
{
    const double sending = budgetSeconds > 0 ? std::min(arrivalsSeconds, budgetSeconds) : arrivalsSeconds;
    const double slowest = pace.longestRequest(1);
    double drain = slowest + std::max(0.0, double(std::max(0, count)) * slowest - sending);
    if (pace.requestTimeoutSeconds > 0)
        drain = std::min(drain, pace.requestTimeoutSeconds);
    return sending + drain;
}

} // namespace

double StepBudget::Pace::longestRequest(int users) const
{
    const double one = std::max({0.0, lifetimeSeconds, slowestSeconds}) * kSlowdownAllowance;
    const double longest = double(std::max(1, users)) * one;
    return requestTimeoutSeconds > 0 ? std::min(longest, requestTimeoutSeconds) : longest;
}

StepBudget::Step StepBudget::closedLoop(int users, int requests, int warmups, const Pace& pace, double budgetSeconds)
{
    Step s;
    s.plannedRequests = requests;
    s.requests = requests;
    users = std::max(1, users);
    const double think = std::max(0.0, pace.thinkSeconds);
    const double perRequest = std::max(0.0, pace.lifetimeSeconds) + think;
    // Each user sends its share one after another: the step lasts its share of the rounds, warm-ups included.
    const auto rounds = [&](int n) { return std::ceil(double(n + warmups) / users); };
    const auto secondsFor = [&](int n) { return rounds(n) * perRequest; };
    if (budgetSeconds > 0 && perRequest > 0 && secondsFor(requests) > budgetSeconds) {
        const int fit = int(std::floor(budgetSeconds / perRequest)) * users - warmups;
        s.requests = std::clamp(fit, std::min(requests, kMinimumRequests), requests);
        s.trimmed = s.requests < requests;
    }
    s.seconds = secondsFor(s.requests);
    if (budgetSeconds > 0)
        s.seconds = std::min(s.seconds, budgetSeconds);
    // The long end: the requests at the longest a request can take at this load, after the users' ramp; or, where
    // the budget ends the step first, the budget and the requests then in flight, each sent before it.
    const double longest = pace.longestRequest(users);
    const double ramp = users > 1 ? std::max(0.0, pace.rampSeconds) : 0.0;
    const double byCount = ramp + rounds(s.requests) * (longest + think);
    s.mostSeconds = budgetSeconds > 0 ? std::min(byCount, budgetSeconds + longest) : byCount;
    s.mostSeconds = std::max(s.mostSeconds, s.seconds);
    return s;
}

StepBudget::Step StepBudget::openLoop(double rate, int requests, const Pace& pace, double budgetSeconds)
{
    Step s;
    s.plannedRequests = requests;
    s.requests = requests;
    if (!(rate > 0))
        return s;
    const double lifetime = std::max(0.0, pace.lifetimeSeconds);
    if (budgetSeconds > 0 && double(requests) / rate + lifetime > budgetSeconds) {
        const int fit = int(std::floor((budgetSeconds - lifetime) * rate));
        s.requests = std::clamp(fit, std::min(requests, kMinimumRequests), requests);
        s.trimmed = s.requests < requests;
    }
    s.seconds = double(s.requests) / rate + lifetime;
    s.mostSeconds = std::max(s.seconds, openLoopMost(double(s.requests) / rate, s.requests, pace, budgetSeconds));
    return s;
}

std::vector<StepBudget::Step> StepBudget::apply(
    std::vector<PlannedStep>& steps, std::size_t from, const Pace& pace, double budgetSeconds)
{
    std::vector<Step> out;
    for (std::size_t i = from; i < steps.size(); ++i) {
        LoadPlan& p = steps[i].plan;
        const bool open = p.pattern == LoadPlan::Pattern::OpenLoop;
        if (p.arrival == LoadPlan::Arrival::Trace && open) {
            // A trace's window is the user's choice of how long (--trace-duration): replayed whole, never trimmed.
            const std::vector<std::int64_t> offsets = LoadPlan::arrivalOffsets(p, p.requestCount);
            const double sending = offsets.empty() ? 0 : double(offsets.back()) / 1e9;
            Step s;
            s.plannedRequests = p.requestCount;
            s.requests = p.requestCount;
            s.seconds = sending + pace.lifetimeSeconds;
            s.mostSeconds = std::max(s.seconds, openLoopMost(sending, p.requestCount, pace, 0));
            out.push_back(s);
            continue;
        }
        if (p.requestCount <= 0) {
            // Sized by the user's duration: already bounded, and that long, with the requests in flight at its end.
            Step s;
            s.seconds = p.durationSeconds;
            s.mostSeconds = open
                ? openLoopMost(p.durationSeconds, int(std::ceil(p.ratePerSecond * p.durationSeconds)), pace, 0)
                : p.durationSeconds + pace.longestRequest(p.users) + std::max(0.0, pace.thinkSeconds);
            out.push_back(s);
            continue;
        }
        Step s = open ? openLoop(p.ratePerSecond, p.requestCount, pace, budgetSeconds)
                      : closedLoop(p.users, p.requestCount, p.warmupRequests, pace, budgetSeconds);
        p.requestCount = s.requests;
        if (open && p.ratePerSecond > 0) {
            // The arrivals as the engine will draw them: a burst may send the last later than requests / rate.
            const std::vector<std::int64_t> offsets = LoadPlan::arrivalOffsets(p, p.warmupRequests + p.requestCount);
            if (!offsets.empty())
                s.mostSeconds = std::max(s.mostSeconds,
                    openLoopMost(double(offsets.back()) / 1e9, p.warmupRequests + p.requestCount, pace, budgetSeconds));
        }
        // The budget bounds the step as a duration too: whichever comes first ends it.
        if (budgetSeconds > 0)
            p.durationSeconds = budgetSeconds;
        out.push_back(s);
    }
    return out;
}

StepBudget::Forecast StepBudget::forecast(
    std::vector<PlannedStep>& steps, std::size_t from, const Pace& pace, double budgetSeconds, const Sweep& sweep)
{
    Forecast f;
    f.budgetSeconds = budgetSeconds;
    f.steps = apply(steps, from, pace, budgetSeconds);
    f.runs.assign(f.steps.size(), true);
    const auto phase = [&](std::size_t k) { return steps[from + k].phase; };
    // A sweep that stops at its first step runs no other: the rest of its loads are higher still.
    if (sweep.stopsAtFirst) {
        bool first = true;
        for (std::size_t k = 0; k < f.steps.size(); ++k) {
            if (phase(k) != Phase::Concurrency)
                continue;
            if (!first) {
                f.runs[k] = false;
                ++f.skipped;
            }
            first = false;
        }
    }
    for (std::size_t k = 0; k < f.steps.size(); ++k) {
        if (!f.runs[k])
            continue;
        f.leastSeconds += f.steps[k].seconds;
        f.mostSeconds += f.steps[k].mostSeconds;
    }
    // The long ends of a sweep's steps that run, in order.
    const auto sweepOf = [&](Phase name) {
        std::vector<double> mosts;
        for (std::size_t k = 0; k < f.steps.size(); ++k)
            if (f.runs[k] && phase(k) == name)
                mosts.push_back(f.steps[k].mostSeconds);
        return mosts;
    };
    // A step that missed while a higher load passed is measured again, once: never the sweep's last, which has no
    // higher load after it.
    const std::vector<double> concurrency = sweepOf(Phase::Concurrency);
    f.sweepSteps = int(concurrency.size());
    if (sweep.mayRemeasure && concurrency.size() >= 2) {
        f.mostSeconds += *std::max_element(concurrency.begin(), concurrency.end() - 1);
        ++f.added;
    }
    // Probes go between two loads of a sweep, so none is longer than its longest step.
    for (const Phase name : {Phase::Concurrency, Phase::Rate}) {
        if (const std::vector<double> mosts = sweepOf(name); sweep.probes > 0 && !mosts.empty()) {
            f.mostSeconds += sweep.probes * *std::max_element(mosts.begin(), mosts.end());
            f.added += sweep.probes;
        }
    }
    f.overheadSeconds = double(f.running() + f.added) * kStepOverheadSeconds + kFinishSeconds;
    return f;
}

double StepBudget::Forecast::least(double timeScale) const
{
    return leastSeconds / (timeScale > 0 ? timeScale : 1);
}

double StepBudget::Forecast::most(double timeScale) const
{
    return mostSeconds / (timeScale > 0 ? timeScale : 1) + overheadSeconds;
}

int StepBudget::Forecast::trimmed() const
{
    int n = 0;
    for (std::size_t k = 0; k < steps.size(); ++k)
        n += runs[k] && steps[k].trimmed ? 1 : 0;
    return n;
}

QString StepBudget::duration(double seconds, bool up)
{
    if (!(seconds >= 0))
        return QCoreApplication::translate("StepBudget", "an unknown time");
    const auto whole = [up](double x) { return up ? std::ceil(x) : std::round(x); };
    if (whole(seconds) < 90)
        return QCoreApplication::translate("StepBudget", "%1 s").arg(text::number(whole(seconds), 0));
    const int minutes = int(whole(seconds / 60));
    if (minutes < 60)
        return QCoreApplication::translate("StepBudget", "%1 min").arg(minutes);
    return QCoreApplication::translate("StepBudget", "%1 h %2 min").arg(minutes / 60).arg(minutes % 60);
}

QString StepBudget::range(double least, double most)
{
    if (!(least >= 0) || !(most >= 0))
        return duration(std::nan(""));
    most = std::max(least, most);
    const QString low = duration(least, false);
    QString high = duration(most, true);
    if (low == high)
        return high;
    // One unit for both where they share it: "34–52 min", "40–80 s".
    const QString unit = high.section(u' ', -1);
    if (!high.contains(u'h') && !low.contains(u'h') && low.section(u' ', -1) == unit)
        return QStringLiteral("%1–%2").arg(low.section(u' ', 0, 0), high);
    return QStringLiteral("%1–%2").arg(low, high);
}

QString StepBudget::sentence(const Forecast& forecast, double timeScale)
{
    const int running = forecast.running();
    QString count = running == 1 ? QCoreApplication::translate("StepBudget", "1 step")
                                 : QCoreApplication::translate("StepBudget", "%1 steps").arg(running);
    if (forecast.skipped > 0) {
        count += QCoreApplication::translate("StepBudget",
            ": the baseline is already over three times a target, so the concurrency sweep stops after its first load");
    } else {
        // The short end counts every step; a sweep that stops where a load breaks the targets ends sooner.
        if (forecast.sweepSteps >= 2)
            count += QCoreApplication::translate("StepBudget", ", fewer if the sweep stops early");
        if (forecast.added > 0)
            count += QCoreApplication::translate("StepBudget", ", up to %1 if the capacity search adds some")
                         .arg(running + forecast.added);
    }
    const bool scaled = timeScale > 0 && timeScale != 1;
    QString out = scaled ? QCoreApplication::translate("StepBudget",
                      "The rest of the run takes about %1 (%2 of the server's time at "
                      "%3× speed; %4")
                               .arg(range(forecast.least(timeScale), forecast.most(timeScale)),
                                   range(forecast.leastSeconds, forecast.mostSeconds), text::number(timeScale), count)
                         : QCoreApplication::translate("StepBudget", "The rest of the run takes about %1 (%2")
                               .arg(range(forecast.least(), forecast.most()), count);
    if (const int trimmed = forecast.trimmed(); trimmed > 0)
        out += QCoreApplication::translate(
            "StepBudget", "; %1 trimmed to fit %2 each: fewer requests, so their percentile may have no upper bound")
                   .arg(trimmed)
                   .arg(duration(forecast.budgetSeconds));
    return out + QStringLiteral(").");
}

} // namespace kp::core
