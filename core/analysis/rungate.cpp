// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/rungate.h"

#include "core/analysis/runcomparison.h"
#include "core/common/textformat.h"
#include "core/store/runstore.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace kp::core {

namespace {

QString milliseconds(double ms)
{
    return std::isnan(ms) ? QStringLiteral("–") : text::milliseconds(ms);
}

QString changeText(double percent, double low, double high)
{
    QString s = text::change(percent);
    if (!std::isnan(low) || !std::isnan(high))
        s += QStringLiteral(" (%1)").arg(text::changeInterval(low, high));
    return s;
}

} // namespace

QString RunGate::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Pass:
        return QStringLiteral("pass");
    case Outcome::Fail:
        return QStringLiteral("fail");
    case Outcome::Inconclusive:
        break;
    }
    return QStringLiteral("inconclusive");
}

QString RunGate::outcomeWord(Outcome outcome)
{
    return outcomeName(outcome).toUpper();
}

QString RunGate::resultName(Check::Result result)
{
    switch (result) {
    case Check::Result::Worse:
        return tr("worse");
    case Check::Result::Better:
        return tr("better");
    case Check::Result::Within:
        return tr("within noise");
    case Check::Result::NotJudged:
        break;
    }
    return tr("not judged");
}

RunGate RunGate::of(const RunComparison& c, const RunSummary& newRun)
{
    RunGate g;
    g.idA = c.idA;
    g.idB = c.idB;

    QStringList worse; // each figure worse beyond noise, for the sentence
    const Check::Result capacityResult = !c.capacityJudged ? Check::Result::NotJudged
        : !c.capacitySignificant                           ? Check::Result::Within
        : c.capacityChangePercent < 0                      ? Check::Result::Worse
                                                           : Check::Result::Better;
    g.checks << Check {
        tr("capacity"), c.capacityA, c.capacityB, text::change(c.capacityChangePercent), capacityResult, c.capacityWhy};
    if (capacityResult == Check::Result::Worse)
        worse << tr("capacity fell by %1 (%2 → %3)")
                     .arg(text::number(-c.capacityChangePercent, 1) + u'%', c.capacityA, c.capacityB);
    for (const RunComparison::Metric& m : c.metrics) {
        if (!m.tested)
            continue;
        const Check::Result result = !m.significant ? Check::Result::Within
            : (m.b < m.a) == m.lowerIsBetter        ? Check::Result::Better
                                                    : Check::Result::Worse;
        const Check row {tr("%1 at %2").arg(m.metric, m.load), milliseconds(m.a), milliseconds(m.b),
            changeText(m.deltaPercent, m.deltaLowPercent, m.deltaHighPercent), result, m.reason()};
        if (result == Check::Result::Worse)
            worse << tr("%1 %2 (%3 → %4)").arg(row.figure, text::change(m.deltaPercent), row.a, row.b);
        g.checks << row;
    }
    for (const Check& check : std::as_const(g.checks)) {
        g.judged += check.result != Check::Result::NotJudged ? 1 : 0;
        g.better += check.result == Check::Result::Better ? 1 : 0;
        g.worse += check.result == Check::Result::Worse ? 1 : 0;
    }
    if (c.repeatsWithoutNoise)
        g.caveat = tr("Runs %1 and %2 are of one configuration and no third run of it measured how much such runs "
                      "differ, so nothing could be called worse: export two baseline runs (kneepoint export A B) for "
                      "a gate that can fail.")
                       .arg(c.idA)
                       .arg(c.idB);

    g.completed = newRun.status == RunStatus::Complete || newRun.status == RunStatus::Demo;
    if (!g.completed) {
        g.outcome = Outcome::Fail;
        QString reason = newRun.statusReason.trimmed();
        while (reason.endsWith(u'.'))
            reason.chop(1);
        g.sentence = (reason.isEmpty() ? tr("Run %1 did not complete (%2).") : tr("Run %1 did not complete (%2): %3."))
                         .arg(newRun.id)
                         .arg(runStatusName(newRun.status), reason);
        if (!worse.isEmpty())
            g.sentence += u' ' + tr("Worse beyond noise: %1.").arg(text::list(worse));
    } else if (!worse.isEmpty()) {
        g.outcome = Outcome::Fail;
        g.sentence
            = tr("Worse beyond noise in run %1 than in run %2: %3.").arg(c.idB).arg(c.idA).arg(text::list(worse));
    } else if (g.judged == 0) {
        g.outcome = Outcome::Inconclusive;
        g.sentence = tr("Nothing could be judged: %1, and the runs share no load step.")
                         .arg(c.capacityWhy.isEmpty() ? tr("the capacity could not be compared") : c.capacityWhy);
    } else {
        g.outcome = Outcome::Pass;
        const QString judged = g.judged == 1 ? tr("1 figure judged") : tr("%1 figures judged").arg(g.judged);
        g.sentence = tr("Nothing got worse beyond noise: %1, %2; capacity %3 → %4.")
                         .arg(judged, g.better > 0 ? tr("%1 better").arg(g.better) : tr("none better"), c.capacityA,
                             c.capacityB);
    }
    return g;
}

} // namespace kp::core
