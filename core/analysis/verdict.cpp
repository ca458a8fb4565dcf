// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/verdict.h"

#include "core/analysis/analysissettings.h"
#include "core/analysis/loadcurve.h"
#include "core/analysis/rundata.h"
#include "core/analysis/walls.h"
#include "core/common/textformat.h"

#include <QCoreApplication>

#include <cmath>
#include <vector>

namespace kp::core {

namespace {

// The margin under every target a step needs before the verdict calls the load it carried comfortable.
constexpr double kComfortableHeadroom = 0.2;

QString loadAmount(const LoadCurve& curve, double load, bool about = true)
{
    if (curve.byRate)
        return (about ? QCoreApplication::translate("Verdict", "about %1 requests per second")
                      : QCoreApplication::translate("Verdict", "%1 requests per second"))
            .arg(text::number(load, load < 10 ? 1 : 0));
    return text::users(load, about);
}

// Where a crossing between two steps lies, with its interval: "about 10 users (9.4–10.6, 95% interval)".
QString breakingLoad(const LoadCurve& curve, const Capacity& c)
{
    QString at = loadAmount(curve, c.shown());
    if (std::isnan(c.low) || std::isnan(c.high))
        return at;
    if (c.intervalOpen)
        return QCoreApplication::translate("Verdict", "%1 (%2 as measured; too few requests to bound it at 95%)")
            .arg(at, text::range(c.shownLow(), c.shownHigh()));
    if (!c.intervalIs95())
        return QCoreApplication::translate("Verdict", "%1 (%2 as measured)")
            .arg(at, text::range(c.shownLow(), c.shownHigh()));
    return QCoreApplication::translate("Verdict", "%1 (%2, 95% interval)")
        .arg(at, text::range(c.shownLow(), c.shownHigh()));
}

QString trafficPhrase(const RunData& run)
{
    QString product = run.summary.product;
    if (product.isEmpty())
        product = QCoreApplication::translate("Verdict", "your", "the product type, when the run recorded none");
    const QString kind = product == u"batch" ? QStringLiteral("batch") : product;
    const QStringList clauses = run.workloadClauses();
    if (run.inputTokens > 0 && !clauses.isEmpty())
        return QCoreApplication::translate("Verdict", "For your %1 traffic (%2 tokens in, %3 out, %4)")
            .arg(kind, text::number(run.inputTokens, 0), text::number(run.outputTokens, 0),
                clauses.join(QStringLiteral(", ")));
    if (run.inputTokens > 0)
        return QCoreApplication::translate("Verdict", "For your %1 traffic (%2 tokens in, %3 out)")
            .arg(kind, text::number(run.inputTokens, 0), text::number(run.outputTokens, 0));
    return QCoreApplication::translate("Verdict", "For your %1 traffic").arg(kind);
}

// Why the curve breaks, in words, naming the limiting wall with its evidence.
QString cause(const Walls& walls)
{
    switch (walls.limiting.value_or(Wall::Kind::Latency)) {
    case Wall::Kind::Memory:
        return QCoreApplication::translate("Verdict", "memory is full: %1").arg(walls.memory.evidence);
    case Wall::Kind::Saturation:
        // The queue is named only when the server's own counters showed one.
        if (walls.saturation.queueEvidence.isEmpty())
            return QCoreApplication::translate(
                "Verdict", "the server is saturated: %1, so extra users only make each request slower")
                .arg(walls.saturation.evidence);
        if (walls.saturation.queueEvidence == walls.saturation.evidence)
            return QCoreApplication::translate("Verdict", "the server is full: %1").arg(walls.saturation.evidence);
        return QCoreApplication::translate(
            "Verdict", "the server is saturated: %1, and extra users wait in its queue: %2")
            .arg(walls.saturation.evidence, walls.saturation.queueEvidence);
    case Wall::Kind::Latency:
        break;
    }
    // The latency wall's evidence names the metric and quotes the two steps the crossing lies between.
    return walls.latency.evidence;
}

// Why even the lowest load missed, from what was measured there. At one user nothing waits for anything: no queue,
// no shared batch, no cache to fill, so no wall is the cause; the request's own prefill (TTFT) or decoding (TPOT) is.
QString causeAtTheLowestLoad(const RunData& run, const Walls& walls, const LoadCurve& curve)
{
    const CurvePoint& p = curve.points.front();
    const bool alone = p.step && p.step->concurrency == 1;
    if (!alone)
        return walls.limiting && *walls.limiting != Wall::Kind::Latency
            ? QCoreApplication::translate("Verdict", " The cause: %1.").arg(cause(walls))
            : QString();
    // Each target missed there has its own cause: a slow first token is prefill, slow tokens after it are decoding.
    QString out;
    if (p.missed.contains(QStringLiteral("TTFT")))
        out += QCoreApplication::translate("Verdict",
                   " The cause is the request's own prefill: with one user nothing waits for a place, so %1 is what "
                   "processing %2 prompt tokens and making the first token takes on this server")
                   .arg(text::milliseconds(p.shown(QStringLiteral("TTFT"))), text::number(run.inputTokens, 0))
            + u'.';
    if (p.missed.contains(QStringLiteral("TPOT")))
        out += QCoreApplication::translate(
                   "Verdict", " The cause is decoding itself: with one user alone on the server, each token took %1")
                   .arg(text::milliseconds(p.shown(QStringLiteral("TPOT"))))
            + u'.';
    return out;
}

// A curve that missed and then met the targets again at a higher load: the capacity rests on a step the later ones
// contradict. Names the steps with the figure that crossed.
QString notMonotone(const RunData& run, const LoadCurve& curve)
{
    const Capacity& c = curve.capacity;
    if (c.laterPass < 0 || c.firstFail < 0)
        return {};
    const CurvePoint& fail = curve.points[std::size_t(c.firstFail)];
    QStringList passed, values;
    for (int i = c.firstFail + 1; i <= c.laterPass; ++i) {
        const CurvePoint& p = curve.points[std::size_t(i)];
        if (!p.meetsTargets)
            continue;
        passed << p.step->loadPhrase();
        values << c.figure(p.value(c.metric), run.roundTripMs);
    }
    const QString at = c.figure(c.valueAtFail, run.roundTripMs);
    return QCoreApplication::translate("Verdict",
        " The curve is not monotone, so this capacity is uncertain: %1 missed (%2 %3) while %4 met every target "
        "(%5); a disturbed or noisy step is the likely cause, so measure %1 again.")
        .arg(fail.step->loadPhrase(), text::metricName(c.metric), at, text::list(passed), text::list(values));
}

// The walls that are not the limit, ruled out with numbers at the step where the curve broke.
QStringList ruledOut(const Walls& walls, const LoadCurve& curve, int at)
{
    QStringList out;
    const Wall::Kind limiting = walls.limiting.value_or(Wall::Kind::Latency);
    const CurvePoint* point = at >= 0 && at < int(curve.points.size()) ? &curve.points[std::size_t(at)] : nullptr;
    if (limiting != Wall::Kind::Memory) {
        if (!walls.memory.visible)
            out << QCoreApplication::translate("Verdict", "while memory could not be judged (%1)")
                       .arg(walls.memory.evidence);
        else if (!walls.memory.reached || walls.memory.load > (point ? point->load : 0)) {
            const double kv = point ? point->step->server.peakKvUsage : -1;
            if (kv >= 0)
                out << QCoreApplication::translate(
                    "Verdict", "not because memory is full: the KV cache was only %1 used there")
                           .arg(text::percent(kv));
        }
    }
    if (limiting == Wall::Kind::Latency && !walls.saturation.reached)
        out << QCoreApplication::translate("Verdict", "nor because the GPU is saturated (%1)")
                   .arg(walls.saturation.evidence);
    else if (limiting == Wall::Kind::Latency && point && walls.saturation.load > point->load)
        out << QCoreApplication::translate("Verdict", "well before throughput stops growing at %1")
                   .arg(loadAmount(curve, walls.saturation.load, false));
    return out;
}

} // namespace

QString Verdict::share(double percentile)
{
    if (percentile == 50)
        return QCoreApplication::translate("Verdict", "half of the requests");
    if (percentile == 90)
        return QCoreApplication::translate("Verdict", "9 of 10 requests");
    if (percentile == 99.9)
        return QCoreApplication::translate("Verdict", "999 of 1,000 requests");
    return QCoreApplication::translate("Verdict", "%1 of 100 requests").arg(text::number(percentile));
}

QString Verdict::targets(const AnalysisSettings& settings)
{
    QStringList parts;
    if (settings.slo.tpotMs)
        parts << QCoreApplication::translate("Verdict", "%1 per token").arg(text::milliseconds(*settings.slo.tpotMs));
    if (settings.slo.ttftMs)
        parts << QCoreApplication::translate("Verdict", "%1 to the first token")
                     .arg(text::milliseconds(*settings.slo.ttftMs));
    if (settings.slo.ttfoMs)
        parts << QCoreApplication::translate("Verdict", "%1 to the first answer token (after the thinking)")
                     .arg(text::milliseconds(*settings.slo.ttfoMs));
    if (settings.slo.e2elMs)
        parts << QCoreApplication::translate("Verdict", "%1 for the whole answer")
                     .arg(text::milliseconds(*settings.slo.e2elMs));
    if (parts.isEmpty())
        return QCoreApplication::translate("Verdict", "no latency target, counting only failures");
    return (parts.size() == 1 ? QCoreApplication::translate("Verdict", "your target of %1")
                              : QCoreApplication::translate("Verdict", "your targets of %1"))
        .arg(text::list(parts));
}

namespace {

// The gateway's cap, when one refused requests: the limit the curve met may be its, not the server's, and the verdict
// says so with the count, the rate and the gateway's own words.
QString gatewayCapClause(const LoadCurve& curve)
{
    const GatewayCap g = GatewayCap::of(curve);
    if (g.refused == 0)
        return {};
    return QCoreApplication::translate("Verdict",
        " A gateway in front of the server capped the load: it refused %1 of %2 requests (%3) from %4 on, saying "
        "%5, so that limit is the gateway's, not the server's.")
        .arg(g.refused)
        .arg(g.total)
        .arg(text::percent(g.rate()), g.from, g.words());
}

// A reasoning model's first token is a thinking one: a target on it is not on the wait a person sees, and the
// verdict says so with the first answer token's time, at the lowest and the highest load where the model thought.
QString thinkingClause(const AnalysisSettings& settings, const LoadCurve& curve)
{
    if (settings.slo.ttfoMs || !settings.slo.ttftMs)
        return {};
    std::vector<const CurvePoint*> thought;
    for (const CurvePoint& p : curve.points)
        if (p.step && p.step->thoughtRequests > 0)
            thought.push_back(&p);
    if (thought.empty())
        return {};
    // At the lowest load and the highest: how long the answer took to begin, alone and under the most load.
    const auto when = [&settings](const CurvePoint& p, bool first) {
        if (std::isnan(p.ttfo.value))
            return (first
                    ? QCoreApplication::translate(
                        "Verdict", "did not come at %1 (it thought to the end of every answer)")
                    : QCoreApplication::translate("Verdict", "none at %1 (it thought to the end of every answer)"))
                .arg(p.step->loadPhrase());
        const QString ms = text::milliseconds(p.shown(QStringLiteral("TTFO")));
        return first ? QCoreApplication::translate("Verdict", "came after %1 at p%2 at %3")
                           .arg(ms, text::number(settings.percentile), p.step->loadPhrase())
                     : QCoreApplication::translate("Verdict", "after %1 at %2").arg(ms, p.step->loadPhrase());
    };
    QString came = when(*thought.front(), true);
    if (thought.size() > 1)
        came = QCoreApplication::translate("Verdict", "%1 and %2").arg(came, when(*thought.back(), false));
    return QCoreApplication::translate("Verdict",
        " Your target is on the first token, and this model's first tokens are thinking: its first answer token %1 "
        "(TTFO; --slo-ttfo-ms sets a target on it).")
        .arg(came);
}

QString verdictOf(const RunData& run, const AnalysisSettings& settings, const LoadCurve& curve, const Walls& walls);

} // namespace

QString Verdict::of(const RunData& run, const AnalysisSettings& settings, const LoadCurve& curve, const Walls& walls)
{
    return verdictOf(run, settings, curve, walls) + gatewayCapClause(curve) + thinkingClause(settings, curve);
}

namespace {

QString verdictOf(const RunData& run, const AnalysisSettings& settings, const LoadCurve& curve, const Walls& walls)
{
    using Verdict::share, Verdict::targets;
    const Capacity& c = curve.capacity;
    const QString traffic = trafficPhrase(run);
    const QString goal
        = QCoreApplication::translate("Verdict", "%1 for %2").arg(targets(settings), share(settings.percentile));
    switch (c.bound) {
    case Capacity::Bound::None:
        return QCoreApplication::translate("Verdict", "%1, no load steps were measured, so there is no verdict yet.")
            .arg(traffic);
    case Capacity::Bound::Below: {
        // Only the targets the lowest load missed are named as missed, each with its figure: "misses your targets of
        // 50 ms per token and 500 ms to the first token" was said of a step whose TPOT p99 was 10.6 ms, and a step that
        // missed both was said to have missed TTFT alone.
        const CurvePoint& lowest = curve.points.front();
        QStringList figures;
        for (const QString& m :
            {QStringLiteral("TTFT"), QStringLiteral("TTFO"), QStringLiteral("TPOT"), QStringLiteral("E2EL")})
            if (lowest.missed.contains(m))
                figures << QCoreApplication::translate("Verdict", "%1 was %2")
                               .arg(text::metricName(m), text::milliseconds(lowest.shown(m)));
        const QString what = c.metric == u"errors" || figures.isEmpty()
            ? QCoreApplication::translate("Verdict", "%1 of requests failed").arg(text::percent(c.valueAtFail))
            : QCoreApplication::translate("Verdict", "%1 at p%2")
                  .arg(text::list(figures), text::number(settings.percentile));
        AnalysisSettings missed = settings;
        if (!lowest.missed.contains(QStringLiteral("TTFT")))
            missed.slo.ttftMs.reset();
        if (!lowest.missed.contains(QStringLiteral("TPOT")))
            missed.slo.tpotMs.reset();
        if (!lowest.missed.contains(QStringLiteral("E2EL")))
            missed.slo.e2elMs.reset();
        if (!lowest.missed.contains(QStringLiteral("TTFO")))
            missed.slo.ttfoMs.reset();
        const bool latencyMissed = missed.slo.any();
        const QString missedGoal = latencyMissed
            ? QCoreApplication::translate("Verdict", "%1 for %2").arg(targets(missed), share(settings.percentile))
            : goal;
        QString out = QCoreApplication::translate("Verdict", "%1, this server misses %2 even at %3: %4.")
                          .arg(traffic, missedGoal, loadAmount(curve, lowest.load, false), what);
        // The targets it met there, with their figures, so that the miss is not read as a miss of everything.
        QStringList met;
        if (settings.slo.tpotMs && !missed.slo.tpotMs)
            met << QCoreApplication::translate("Verdict", "%1 per token (TPOT p%2 %3)")
                       .arg(text::milliseconds(*settings.slo.tpotMs), text::number(settings.percentile),
                           text::milliseconds(lowest.shown(QStringLiteral("TPOT"))));
        if (settings.slo.ttftMs && !missed.slo.ttftMs)
            met << QCoreApplication::translate("Verdict", "%1 to the first token (TTFT p%2 %3)")
                       .arg(text::milliseconds(*settings.slo.ttftMs), text::number(settings.percentile),
                           text::milliseconds(lowest.shown(QStringLiteral("TTFT"))));
        if (settings.slo.ttfoMs && !missed.slo.ttfoMs)
            met << QCoreApplication::translate("Verdict", "%1 to the first answer token (TTFO p%2 %3)")
                       .arg(text::milliseconds(*settings.slo.ttfoMs), text::number(settings.percentile),
                           text::milliseconds(lowest.shown(QStringLiteral("TTFO"))));
        if (settings.slo.e2elMs && !missed.slo.e2elMs)
            met << QCoreApplication::translate("Verdict", "%1 for the whole answer (E2EL p%2 %3)")
                       .arg(text::milliseconds(*settings.slo.e2elMs), text::number(settings.percentile),
                           text::milliseconds(lowest.shown(QStringLiteral("E2EL"))));
        if (latencyMissed && !met.isEmpty())
            out += QCoreApplication::translate("Verdict", " It met %1 there.").arg(text::list(met));
        out += causeAtTheLowestLoad(run, walls, curve);
        out += notMonotone(run, curve);
        return out;
    }
    case Capacity::Bound::AtLeast: {
        QString out
            = QCoreApplication::translate("Verdict", "%1, this server handled every load measured, up to %2, at %3.")
                  .arg(traffic, loadAmount(curve, c.shown(), false), goal);
        if (walls.memory.reached)
            out += QCoreApplication::translate("Verdict", " Memory is the wall to watch: %1.")
                       .arg(walls.memory.evidence);
        else if (walls.saturation.reached)
            out += QCoreApplication::translate("Verdict",
                " Throughput stopped growing at %1, though: %2, so more users will only wait "
                "longer.")
                       .arg(loadAmount(curve, walls.saturation.load), walls.saturation.evidenceWithQueue());
        out += QCoreApplication::translate("Verdict", " Measure higher loads to find where it breaks.");
        return out;
    }
    case Capacity::Bound::Between:
        break;
    }
    const CurvePoint& pass = curve.points[std::size_t(c.lastPass)];
    // The capacity leads, as on the card and in every report: one number answers "how many users". The step it
    // rests on follows, and "comfortably" is earned by a stated margin under every target, not by passing.
    const QString handled = c.headroom >= kComfortableHeadroom - 1e-9
        ? QCoreApplication::translate(
            "Verdict", "it comfortably handled %1 (every figure at least %2 under its target)")
              .arg(loadAmount(curve, pass.load, false), text::percent(c.headroom))
        : !std::isnan(c.headroom)
        ? QCoreApplication::translate("Verdict", "it handled %1 with %2 to spare on %3")
              .arg(loadAmount(curve, pass.load, false), text::percent(std::max(0.0, c.headroom)),
                  text::metricName(c.tightest))
        : QCoreApplication::translate("Verdict", "it handled %1").arg(loadAmount(curve, pass.load, false));
    QString out
        = QCoreApplication::translate("Verdict", "%1, this server takes %2 at %3: %4, and breaks above that because %5")
              .arg(traffic, breakingLoad(curve, c), goal, handled, cause(walls));
    const QStringList others = ruledOut(walls, curve, c.firstFail);
    if (!others.isEmpty())
        out += QStringLiteral(", ") + others.join(QStringLiteral("; "));
    out += u'.';
    out += notMonotone(run, curve);
    return out;
}

} // namespace

} // namespace kp::core
