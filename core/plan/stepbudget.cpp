// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stepbudget.h"

#include "common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace kp::core {

StepBudget::Step StepBudget::closedLoop(
    int users, int requests, int warmups, double lifetimeSeconds, double thinkSeconds, double budgetSeconds)
{
    Step s;
    s.plannedRequests = requests;
    s.requests = requests;
    users = std::max(1, users);
    const double perRequest = std::max(0.0, lifetimeSeconds) + std::max(0.0, thinkSeconds);
    // Each user sends its share one after another: the step lasts its share of the rounds, warm-ups included.
    const auto secondsFor = [&](int n) { return std::ceil(double(n + warmups) / users) * perRequest; };
    if (budgetSeconds > 0 && perRequest > 0 && secondsFor(requests) > budgetSeconds) {
        const int rounds = int(std::floor(budgetSeconds / perRequest));
        const int fit = rounds * users - warmups;
        s.requests = std::clamp(fit, std::min(requests, kMinimumRequests), requests);
        s.trimmed = s.requests < requests;
    }
    s.seconds = secondsFor(s.requests);
    return s;
}

StepBudget::Step StepBudget::openLoop(double rate, int requests, double lifetimeSeconds, double budgetSeconds)
{
    Step s;
    s.plannedRequests = requests;
    s.requests = requests;
    if (!(rate > 0))
        return s;
    const double lifetime = std::max(0.0, lifetimeSeconds);
    if (budgetSeconds > 0 && double(requests) / rate + lifetime > budgetSeconds) {
        const int fit = int(std::floor((budgetSeconds - lifetime) * rate));
        s.requests = std::clamp(fit, std::min(requests, kMinimumRequests), requests);
        s.trimmed = s.requests < requests;
    }
    s.seconds = double(s.requests) / rate + lifetime;
    return s;
}

std::vector<StepBudget::Step> StepBudget::apply(std::vector<PlannedStep>& steps, std::size_t from,
    double lifetimeSeconds, double thinkSeconds, double budgetSeconds)
{
    std::vector<Step> out;
    for (std::size_t i = from; i < steps.size(); ++i) {
        LoadPlan& p = steps[i].plan;
        if (p.requestCount <= 0) {
            // Sized by the user's duration: already bounded, and that long.
            Step s;
            s.seconds = p.durationSeconds;
            out.push_back(s);
            continue;
        }
        const Step s = p.pattern == LoadPlan::Pattern::OpenLoop
            ? openLoop(p.ratePerSecond, p.requestCount, lifetimeSeconds, budgetSeconds)
            : closedLoop(p.users, p.requestCount, p.warmupRequests, lifetimeSeconds, thinkSeconds, budgetSeconds);
        p.requestCount = s.requests;
        // The estimate is a lower bound; the budget is the bound. Whichever comes first ends the step.
        if (budgetSeconds > 0)
            p.durationSeconds = budgetSeconds;
        out.push_back(s);
    }
    return out;
}

double StepBudget::total(const std::vector<Step>& steps)
{
    double sum = 0;
    for (const Step& s : steps)
        sum += s.seconds;
    return sum;
}

QString StepBudget::duration(double seconds)
{
    if (!(seconds >= 0))
        return QCoreApplication::translate("StepBudget", "an unknown time");
    if (seconds < 90)
        return QCoreApplication::translate("StepBudget", "%1 s").arg(text::number(std::ceil(seconds), 0));
    const int minutes = int(std::ceil(seconds / 60));
    if (minutes < 60)
        return QCoreApplication::translate("StepBudget", "%1 min").arg(minutes);
    return QCoreApplication::translate("StepBudget", "%1 h %2 min").arg(minutes / 60).arg(minutes % 60);
}

QString StepBudget::sentence(const std::vector<Step>& steps, double budgetSeconds, double timeScale)
{
    const auto trimmed = std::count_if(steps.begin(), steps.end(), [](const Step& s) { return s.trimmed; });
    const QString count = steps.size() == 1 ? QCoreApplication::translate("StepBudget", "1 step")
                                            : QCoreApplication::translate("StepBudget", "%1 steps").arg(steps.size());
    QString out = timeScale > 0 && timeScale != 1
        ? QCoreApplication::translate("StepBudget",
            "The rest of the run takes at least %1 (%2 of the server's time at "
            "%3× speed; %4")
              .arg(duration(total(steps) / timeScale), duration(total(steps)), text::number(timeScale), count)
        : QCoreApplication::translate("StepBudget", "The rest of the run takes at least %1 (%2")
              .arg(duration(total(steps)), count);
    if (trimmed > 0)
        out += QCoreApplication::translate(
            "StepBudget", "; %1 trimmed to fit %2 each: fewer requests, so their percentile may have no upper bound")
                   .arg(trimmed)
                   .arg(duration(budgetSeconds));
    return out + QStringLiteral(").");
}

} // namespace kp::core
