// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/disturbance.h"

#include "core/analysis/rundata.h"
#include "core/common/textformat.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <utility>

namespace kp::core {

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A ratio as a factor of at least 1: a step that got faster by half drifted as far as one that doubled.
double factor(double ratio)
{
    if (!(ratio > 0) || std::isinf(ratio))
        return std::numeric_limits<double>::quiet_NaN();
    return ratio >= 1 ? ratio : 1 / ratio;
}

// "3.5×", "1.12×".
QString times(double f)
{
    return text::number(f, f >= 10 ? 0 : f >= 2 ? 1 : 2) + QStringLiteral("×");
}

bool sameLoad(const StepData& a, const StepData& b)
{
    return a.phase == b.phase && a.concurrency == b.concurrency && std::abs(a.rate - b.rate) < 1e-9
        && a.inputTokens == b.inputTokens && a.outputTokens == b.outputTokens;
}

} // namespace

double StepDisturbance::worstFactor() const
{
    double worst = 1;
    for (const double r : {drift, repeatDrift}) {
        if (const double f = factor(r); !std::isnan(f))
            worst = std::max(worst, f);
    }
    return worst;
}

double Disturbance::loadAverageNow(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const double value = QString::fromLatin1(file.read(64)).section(u' ', 0, 0).toDouble(&ok);
    return ok && value >= 0 ? value : -1;
}

Disturbance Disturbance::of(const RunData& run)
{
    Disturbance d;
    d.cores = run.environment.cores;
    for (const StepData& s : run.steps) {
        if (s.cancelled)
            continue;
        // The TPOTs in the order the requests were stored (sent); requests of one output token have none.
        std::vector<double> tpot;
        tpot.reserve(s.requests.size());
        for (const RequestTimes& t : s.requests) {
            if (!std::isnan(t.tpotMs))
                tpot.push_back(t.tpotMs);
        }
        const std::size_t third = tpot.size() / 3;
        if (third < std::size_t(kMinPerThird))
            continue;
        StepDisturbance sd;
        sd.step = &s;
        sd.loadAverage = s.loadAverage;
        sd.earlyTpotMs = median({tpot.begin(), tpot.begin() + std::ptrdiff_t(third)});
        sd.lateTpotMs = median({tpot.end() - std::ptrdiff_t(third), tpot.end()});
        sd.drift = sd.earlyTpotMs > 0 ? sd.lateTpotMs / sd.earlyTpotMs : StepDisturbance::kNaN;
        // The nearest earlier step at the same load, judged on its whole median.
        for (auto it = d.steps.rbegin(); it != d.steps.rend(); ++it) {
            if (sameLoad(*it->step, s)) {
                const double before = median(it->step->tpotSorted);
                const double now = median(s.tpotSorted);
                sd.repeat = it->step;
                sd.repeatDrift = before > 0 ? now / before : StepDisturbance::kNaN;
                break;
            }
        }
        sd.disturbed = sd.worstFactor() >= kDrift;
        d.steps.push_back(sd);
    }
    return d;
}

std::vector<const StepData*> Disturbance::disturbed() const
{
    std::vector<const StepData*> out;
    for (const StepDisturbance& s : steps) {
        if (s.disturbed)
            out.push_back(s.step);
    }
    return out;
}

TrustCheck::Titles Disturbance::titles()
{
    return {QCoreApplication::translate("Disturbance", "The server's time per token held steady within each step"),
        QCoreApplication::translate("Disturbance", "Something else may have slowed the server during a step")};
}

TrustCheck Disturbance::trustCheck() const
{
    TrustCheck c;
    c.id = QStringLiteral("disturbance");
    TrustCheck::Titles t = titles();
    c.claim = std::move(t.claim);
    c.doubt = std::move(t.doubt);
    if (steps.empty()) {
        c.status = TrustCheck::Status::NotMeasured;
        c.detail = QCoreApplication::translate("Disturbance",
            "No step had %1 requests with a time per token, too few to tell a drift from a few slow requests.")
                       .arg(3 * kMinPerThird);
        c.title = c.claim;
        return c;
    }
    // The machine's load beside each step, where it was recorded: a corroboration, never a verdict by itself.
    const auto machine = [this](const StepDisturbance& s) {
        if (s.loadAverage < 0)
            return QString();
        return cores > 0
            ? QCoreApplication::translate("Disturbance", "; the machine's 1-minute load average was %1 on %2 cores")
                  .arg(text::number(s.loadAverage, 2), text::number(cores, 0))
            : QCoreApplication::translate("Disturbance", "; the machine's 1-minute load average was %1")
                  .arg(text::number(s.loadAverage, 2));
    };
    QStringList parts;
    for (const StepDisturbance& s : steps) {
        if (!s.disturbed)
            continue;
        QStringList why;
        if (factor(s.drift) >= kDrift)
            why << QCoreApplication::translate("Disturbance",
                "the median time per token went from %1 in the first third of its requests to %2 in the last (%3)")
                       .arg(
                           text::milliseconds(s.earlyTpotMs), text::milliseconds(s.lateTpotMs), times(factor(s.drift)));
        if (factor(s.repeatDrift) >= kDrift)
            why << QCoreApplication::translate(
                "Disturbance", "its median was %1 the one measured earlier at the same load")
                       .arg(times(factor(s.repeatDrift)));
        parts << QCoreApplication::translate("Disturbance", "At %1 %2%3")
                     .arg(s.step->loadPhrase(), why.join(QCoreApplication::translate("Disturbance", ", and ")),
                         machine(s));
    }
    if (!parts.isEmpty()) {
        c.status = TrustCheck::Status::Warn;
        c.title = c.doubt;
        c.disturbed = disturbed();
        c.detail = parts.join(QStringLiteral(". "))
            + QCoreApplication::translate("Disturbance",
                ". At one load a server's time per token holds still; a change of %1 or more means another "
                "process (or a changing server) shared the machine, so these steps' figures may not be the "
                "server's own: measure them again on a quiet machine.")
                  .arg(times(kDrift));
        return c;
    }
    const auto widest = std::max_element(steps.begin(), steps.end(),
        [](const StepDisturbance& a, const StepDisturbance& b) { return a.worstFactor() < b.worstFactor(); });
    c.status = TrustCheck::Status::Pass;
    c.title = c.claim;
    const bool repeats
        = std::any_of(steps.begin(), steps.end(), [](const StepDisturbance& s) { return s.repeat != nullptr; });
    c.detail = (repeats ? QCoreApplication::translate("Disturbance",
                    "In each of %1 steps the median time per token of the last third of its requests stayed within "
                    "%2 of the first third's, and a repeated load within %2 of the first measurement; the widest was "
                    "%3 at %4%5.")
                        : QCoreApplication::translate("Disturbance",
                            "In each of %1 steps the median time per token of the last third of its requests stayed "
                            "within %2 of the first third's; the widest was %3 at %4%5."))
                   .arg(QString::number(steps.size()), times(kDrift), times(widest->worstFactor()),
                       widest->step->loadPhrase(), machine(*widest));
    return c;
}

} // namespace kp::core
