// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/consistency.h"

#include "analysis/runanalysis.h"

#include <QRegularExpression>

using namespace kp::core;

QStringList verdictFiguresWithoutEvidence(const QString& verdict, const QString& analysisText)
{
    // The evidence is everything but the verdict itself, wherever the text repeats it whole.
    QString evidence = analysisText;
    evidence.replace(verdict, QString());
    // A figure as the text formats it: digits with thousands separators and decimals, not part of a word.
    static const QRegularExpression figure(QStringLiteral(R"((?<![\w.,])\d[\d,]*(?:\.\d+)?)"));
    // The same figure written with more decimals (the scorecard's "10.00" for the verdict's "10 ms") is the same
    // value, and counts as its evidence; a different value (41.6 for 41.8) does not.
    const auto valueOf = [](QString n) {
        while (n.endsWith(u','))
            n.chop(1);
        return n.remove(u',').toDouble();
    };
    QList<double> values;
    for (auto it = figure.globalMatch(evidence); it.hasNext();)
        values << valueOf(it.next().captured());
    QStringList missing;
    for (auto it = figure.globalMatch(verdict); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString number = m.captured();
        while (number.endsWith(u','))
            number.chop(1); // the sentence's comma, not the figure's
        const QRegularExpression same(
            QStringLiteral(R"((?<![\w.,])%1(?![\d]|[.,]\d))").arg(QRegularExpression::escape(number)));
        if (!same.match(evidence).hasMatch() && !values.contains(valueOf(number)))
            missing << QStringLiteral("%1 in \"…%2…\"")
                           .arg(number, verdict.mid(std::max(0, int(m.capturedStart()) - 40), 80));
    }
    return missing;
}

QStringList verdictContradictions(const RunAnalysis& a)
{
    QStringList out;
    const QString& v = a.verdict;
    auto says = [&v](const char* words) { return v.contains(QLatin1String(words)); };
    const LoadCurve& curve = a.curve.points.empty() ? a.rateCurve : a.curve;
    const Capacity& c = curve.capacity;
    const double failLoad = c.firstFail >= 0 ? curve.points[std::size_t(c.firstFail)].load : INFINITY;
    const Wall& sat = a.walls.saturation;
    const Wall& mem = a.walls.memory;

    if ((says("because the server is saturated") || says("Throughput stopped growing at")) && !sat.reached)
        out << QStringLiteral("the verdict names saturation; the saturation wall was not reached");
    if (says("nor because the GPU is saturated (throughput was still growing") && sat.reached && sat.load < failLoad)
        out << QStringLiteral("the verdict says throughput was still growing; it stopped at %1").arg(sat.load);
    const bool memoryCause = says("because memory is full") && !says("not because memory is full");
    if ((memoryCause || says("Memory is the wall to watch")) && !mem.reached)
        out << QStringLiteral("the verdict names memory; the memory wall was not reached");
    if (says("not because memory is full") && mem.reached && mem.load < failLoad)
        out << QStringLiteral("the verdict rules memory out; its wall was reached at %1").arg(mem.load);
    if (says("comfortably") && !(c.headroom >= 0.2 - 1e-9))
        out << QStringLiteral("\"comfortably\" with %1 to spare").arg(c.headroom);
    if (says("handled every load measured") && c.bound != Capacity::Bound::AtLeast)
        out << QStringLiteral("\"every load measured\" passed, but a step failed");
    if (c.bound == Capacity::Bound::Between) {
        const double lastPass = curve.points[std::size_t(c.lastPass)].load;
        if (!(c.shown() < failLoad && c.shown() >= lastPass))
            out << QStringLiteral("capacity %1 outside the bracket %2-%3").arg(c.shown()).arg(lastPass).arg(failLoad);
    }
    // Walls, capacity and knee as one model: the limiting wall is the lowest, at or below the capacity it causes;
    // the knee comes no later than throughput stops growing; a curve that passes again after its first miss says so.
    const std::vector<const Wall*> reached = a.walls.reachedInOrder();
    if (a.walls.limiting && !reached.empty() && a.walls.wall(*a.walls.limiting).load > reached.front()->load)
        out << QStringLiteral("the limiting wall (%1 at %2) is not the lowest (%3 at %4)")
                   .arg(Wall::name(*a.walls.limiting))
                   .arg(a.walls.wall(*a.walls.limiting).load)
                   .arg(Wall::name(reached.front()->kind))
                   .arg(reached.front()->load);
    if (c.bound == Capacity::Bound::Between && a.walls.limiting
        && a.walls.wall(*a.walls.limiting).load > std::max(c.load, c.shown()) + 1e-9)
        out << QStringLiteral("the limiting wall at %1 lies above the capacity %2 it is said to cause")
                   .arg(a.walls.wall(*a.walls.limiting).load)
                   .arg(c.load);
    if (curve.knee.found && sat.reached && curve.knee.load > sat.load)
        out << QStringLiteral("the knee at %1 lies past the saturation wall at %2").arg(curve.knee.load).arg(sat.load);
    if (c.laterPass >= 0 && !says("not monotone"))
        out << QStringLiteral("a higher load passed after the first miss; the verdict does not say the curve is not "
                              "monotone");
    if (sat.reached && !curve.knee.found && curve.points.size() >= 4
        && (says("saturated") || says("Throughput stopped growing")))
        out << QStringLiteral("the verdict says throughput stopped growing; no knee was found in %1 steps")
                   .arg(curve.points.size());
    return out;
}
