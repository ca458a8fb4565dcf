// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/loadcurve.h"

#include "core/analysis/rundata.h"
#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>

namespace kp::core {

namespace {

// Where `value` crosses `target` between two loads, linearly; the failing load when the values do not bracket it.
double crossing(double loadPass, double valuePass, double loadFail, double valueFail, double target)
{
    // Failures made the failing step's value infinite: nothing to interpolate, and capacity stays on the step that
    // passed rather than rounding onto the one that did not.
    if (std::isinf(valueFail) && !std::isnan(valuePass))
        return loadPass;
    if (!(valueFail > valuePass) || std::isnan(valuePass))
        return loadFail;
    const double t = (target - valuePass) / (valueFail - valuePass);
    return loadPass + std::clamp(t, 0.0, 1.0) * (loadFail - loadPass);
}

struct MetricTarget
{
    QString metric;
    double target;
    bool higherIsBetter;
};

std::vector<MetricTarget> targetsOf(const AnalysisSettings& s, double roundTripMs)
{
    std::vector<MetricTarget> out;
    if (s.slo.ttftMs)
        out.push_back({QStringLiteral("TTFT"), *s.slo.ttftMs + roundTripMs, false});
    if (s.slo.tpotMs)
        out.push_back({QStringLiteral("TPOT"), *s.slo.tpotMs, false});
    if (s.slo.e2elMs)
        out.push_back({QStringLiteral("E2EL"), *s.slo.e2elMs, false});
    if (s.slo.ttfoMs)
        out.push_back({QStringLiteral("TTFO"), *s.slo.ttfoMs + roundTripMs, false});
    out.push_back({QStringLiteral("errors"), 1 - s.percentile / 100, false});
    return out;
}

// The closest latency figure to its target at the passing step: what "comfortably" has to be earned with.
void setHeadroom(Capacity* c, const CurvePoint& pass, const std::vector<MetricTarget>& targets)
{
    for (const MetricTarget& t : targets) {
        if (!CurvePoint::isLatency(t.metric))
            continue;
        const double v = pass.judged(t.metric);
        if (!(t.target > 0) || std::isnan(v))
            continue;
        const double room = 1 - v / t.target;
        if (std::isnan(c->headroom) || room < c->headroom) {
            c->headroom = room;
            c->tightest = t.metric;
        }
    }
}

// The crossing's interval at the percentile's confidence (Capacity::low, high): from the highest load that passed
// to the lowest that failed, as the steps measured it; no narrower, since between two steps the curve is only
// assumed straight. A passing step whose percentile interval reaches past the target may itself have failed, so the
// interval starts at the step below it that surely passed (or the lowest load measured); a failing step whose
// interval reaches back under the target may have passed, so it ends at the next step that surely failed. An
// interval without an upper (lower) bound cannot say: the walk stops at that step, and the range is marked open, the
// bracket as measured rather than a 95% interval (two quick runs of the demo, every p99 unbounded, gave 64-128 and
// 32-64, which did not overlap).
void setInterval(Capacity* c, const std::vector<CurvePoint>& points)
{
    std::size_t pass = std::size_t(c->lastPass), fail = std::size_t(c->firstFail);
    const bool latency = CurvePoint::isLatency(c->metric);
    bool open = false;
    for (; latency && pass > 0; --pass) {
        const double high = points[pass].valueHigh(c->metric);
        open = open || std::isnan(high);
        if (!(high > c->target))
            break;
    }
    for (; latency && fail + 1 < points.size(); ++fail) {
        const double low = points[fail].valueLow(c->metric);
        open = open || std::isnan(low);
        if (!(low <= c->target))
            break;
    }
    c->intervalOpen = open;
    c->low = std::min(points[pass].load, c->load);
    c->high = std::max(points[fail].load, c->load);
}

Capacity capacityOf(const std::vector<CurvePoint>& points, const std::vector<MetricTarget>& targets,
    const std::function<bool(const CurvePoint&)>& passes)
{
    Capacity c;
    if (points.empty())
        return c;
    int firstFail = -1;
    for (int i = 0; i < int(points.size()); ++i) {
        if (!passes(points[std::size_t(i)])) {
            firstFail = i;
            break;
        }
    }
    if (firstFail < 0) {
        c.bound = Capacity::Bound::AtLeast;
        c.lastPass = int(points.size()) - 1;
        c.load = points.back().load;
        setHeadroom(&c, points.back(), targets);
        return c;
    }
    const CurvePoint& fail = points[std::size_t(firstFail)];
    c.firstFail = firstFail;
    for (int i = int(points.size()) - 1; i > firstFail; --i) {
        if (passes(points[std::size_t(i)])) {
            c.laterPass = i;
            break;
        }
    }
    c.failLoad = fail.load;
    if (firstFail == 0) {
        c.bound = Capacity::Bound::Below;
        c.load = fail.load;
        const bool errorsNamed = fail.missed.contains(QStringLiteral("errors"));
        for (const MetricTarget& t : targets) {
            const double v = errorsNamed ? fail.value(t.metric) : fail.judged(t.metric);
            if (v > t.target) {
                c.metric = t.metric;
                c.target = t.target;
                c.valueAtFail = v;
                break;
            }
        }
        return c;
    }
    c.bound = Capacity::Bound::Between;
    c.lastPass = firstFail - 1;
    const CurvePoint& pass = points[std::size_t(c.lastPass)];
    setHeadroom(&c, pass, targets);
    c.load = fail.load;
    for (const MetricTarget& t : targets) {
        // The shown value when it is past the target; else the judged one, past it only through failures, unless the
        // error-rate target already names them.
        const bool errorsNamed = fail.missed.contains(QStringLiteral("errors"));
        const double vFail
            = fail.value(t.metric) > t.target || errorsNamed ? fail.value(t.metric) : fail.judged(t.metric);
        if (!(vFail > t.target))
            continue;
        const double at = crossing(pass.load, pass.value(t.metric), fail.load, vFail, t.target);
        if (c.metric.isEmpty() || at < c.load) {
            c.load = at;
            c.metric = t.metric;
            c.target = t.target;
            c.valueAtPass = pass.value(t.metric);
            c.valueAtFail = vFail;
        }
    }
    setInterval(&c, points);
    return c;
}

// The median end-to-end latency of a step: what a request took as load grew, for the knee's elasticity. The
// median, not the percentile targets are judged at, so one slow request does not move the knee.
double medianLatency(const CurvePoint& p)
{
    return p.step ? Distribution::percentile(p.step->e2elSorted, 0.5).value : CurvePoint::kNaN;
}

// The knee (KneePoint): the first pair of steps, in load order, where latency outgrew throughput.
KneePoint kneeOf(const std::vector<CurvePoint>& points)
{
    KneePoint k;
    k.method = QCoreApplication::translate("LoadCurve",
        "the last load before latency grew faster than throughput (the median request's time grew by a larger share "
        "than output tokens/s, and by at least 5%)");
    double highest = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < points.size(); ++i) {
        const CurvePoint& a = points[i - 1];
        const CurvePoint& b = points[i];
        const double x0 = a.outputTokensPerSecond, x1 = b.outputTokensPerSecond;
        const double r0 = medianLatency(a), r1 = medianLatency(b);
        if (!(x0 > 0) || std::isnan(x1) || !(r0 > 0) || std::isnan(r1) || !(b.load > a.load))
            continue;
        const double dx = x1 / x0 - 1, dr = r1 / r0 - 1;
        // Throughput that did not grow while latency did is the steepest knee there is.
        const double e = dx > 0 ? dr / dx : dr > 0 ? std::numeric_limits<double>::infinity() : 0;
        const bool knee = dr >= KneePoint::kKneeLatencyGrowth && e > KneePoint::kKneeElasticity;
        if (!knee && !(e > highest))
            continue;
        highest = e;
        k.point = int(i - 1);
        k.next = int(i);
        k.load = a.load;
        k.outputTokensPerSecond = x0;
        k.throughputGrowth = dx;
        k.latencyGrowth = dr;
        k.elasticity = e;
        const QString grew = dx >= 0
            ? QCoreApplication::translate("LoadCurve", "output throughput grew %1").arg(text::percent(dx))
            : QCoreApplication::translate("LoadCurve", "output throughput fell %1").arg(text::percent(-dx));
        const QString took = dr >= 0
            ? QCoreApplication::translate("LoadCurve", "the median request took %1 longer").arg(text::percent(dr))
            : QCoreApplication::translate("LoadCurve", "the median request took %1 less time").arg(text::percent(-dr));
        k.evidence = QCoreApplication::translate("LoadCurve", "from %1 to %2 %3 (%4 → %5 tokens/s) while %6 (%7 → %8)")
                         .arg(a.step->loadPhrase(), b.step->loadPhrase(), grew, text::number(x0), text::number(x1),
                             took, text::milliseconds(r0), text::milliseconds(r1));
        if (knee) {
            k.found = true;
            break;
        }
    }
    return k;
}

} // namespace

QString Capacity::boundName(Bound bound)
{
    switch (bound) {
    case Bound::Between:
        return QStringLiteral("between");
    case Bound::AtLeast:
        return QStringLiteral("at_least");
    case Bound::Below:
        return QStringLiteral("below");
    case Bound::None:
        break;
    }
    return QStringLiteral("none");
}

QString Capacity::figure(double value, double roundTripMs) const
{
    if (metric == u"errors" || metric == u"attainment")
        return text::percent(value);
    return text::milliseconds(asShown(value, roundTripMs));
}

Capacity::Bound Capacity::boundNamed(const QString& name)
{
    for (const Bound b : {Bound::Between, Bound::AtLeast, Bound::Below})
        if (name == boundName(b))
            return b;
    return Bound::None;
}

double CurvePoint::value(const QString& metric) const
{
    if (metric == u"TTFT")
        return ttft.value;
    if (metric == u"TPOT")
        return tpot.value;
    if (metric == u"E2EL")
        return e2el.value;
    if (metric == u"TTFO")
        return ttfo.value;
    if (metric == u"errors")
        return errorFraction;
    if (metric == u"attainment")
        return attainment;
    return kNaN;
}

namespace {

// The percentile estimate of a latency metric, with its interval; null for any other metric.
const PercentileEstimate* latencyEstimate(const CurvePoint& p, const QString& metric)
{
    return metric == u"TTFT" ? &p.ttft
        : metric == u"TPOT"  ? &p.tpot
        : metric == u"E2EL"  ? &p.e2el
        : metric == u"TTFO"  ? &p.ttfo
                             : nullptr;
}

} // namespace

double CurvePoint::valueLow(const QString& metric) const
{
    const PercentileEstimate* e = latencyEstimate(*this, metric);
    return e ? e->low : kNaN;
}

double CurvePoint::valueHigh(const QString& metric) const
{
    const PercentileEstimate* e = latencyEstimate(*this, metric);
    return e ? e->high : kNaN;
}

double CurvePoint::shown(const QString& metric) const
{
    // A TTFT within the round trip leaves nothing measurable to the server: 0, never a negative latency.
    // (NaN, where nothing was measured, stays NaN.) TTFO carries the round trip as TTFT does.
    if (!carriesRoundTrip(metric))
        return value(metric);
    const double v = value(metric) - roundTripMs;
    return v < 0 ? 0 : v;
}

double CurvePoint::judged(const QString& metric) const
{
    if (metric == u"TTFT")
        return ttftJudged;
    if (metric == u"TPOT")
        return tpotJudged;
    if (metric == u"E2EL")
        return e2elJudged;
    if (metric == u"TTFO")
        return ttfoJudged;
    return value(metric);
}

CurvePoint LoadCurve::judge(const RunData& run, const StepData& step, const AnalysisSettings& settings)
{
    CurvePoint p;
    p.step = &step;
    p.load = step.load();
    p.roundTripMs = std::max(0.0, run.roundTripMs);
    const double q = settings.percentile / 100;
    p.ttft = Distribution::percentile(step.ttftSorted, q);
    p.tpot = Distribution::percentile(step.tpotSorted, q);
    p.e2el = Distribution::percentile(step.e2elSorted, q);
    p.ttfo = Distribution::percentile(step.ttfoSorted, q);
    p.samples = int(step.requests.size());
    p.failed = step.stats.failed;
    p.sampleFailed = step.stats.latencySample.failed;
    // Each failure as +∞: a p99 target with 1% of requests failed fails, as docs/analysis.md promises.
    const auto withFailures = [&p, q](const std::vector<double>& sorted, double shown, std::size_t unserved = 0) {
        const std::size_t missing = std::size_t(p.sampleFailed) + unserved;
        if (missing == 0)
            return shown;
        std::vector<double> all = sorted;
        all.insert(all.end(), missing, std::numeric_limits<double>::infinity());
        return Distribution::percentile(all, q).value;
    };
    p.ttftJudged = withFailures(step.ttftSorted, p.ttft.value);
    p.tpotJudged = withFailures(step.tpotSorted, p.tpot.value);
    p.e2elJudged = withFailures(step.e2elSorted, p.e2el.value);
    // A request that never answered (it thought to its last token) was not served for a TTFO target either.
    p.ttfoJudged = withFailures(step.ttfoSorted, p.ttfo.value, step.requests.size() - step.ttfoSorted.size());
    const int total = p.samples + p.sampleFailed;
    p.errorFraction = step.stats.total > 0 ? double(p.failed) / step.stats.total : 0;
    p.outputTokensPerSecond = step.outputTokensPerSecond(run.timeScale);
    p.outputTokensPerSecondLow = step.throughput().outputTokensPerSecondLow / run.timeScale;
    p.outputTokensPerSecondHigh = step.throughput().outputTokensPerSecondHigh / run.timeScale;
    p.requestsPerSecond = step.requestsPerSecond(run.timeScale);

    const double rtt = std::max(0.0, run.roundTripMs);
    const SloTargets& slo = settings.slo;
    for (const RequestTimes& r : step.requests) {
        const bool ok = (!slo.ttftMs || r.ttftMs <= *slo.ttftMs + rtt)
            && (!slo.tpotMs || std::isnan(r.tpotMs) || r.tpotMs <= *slo.tpotMs)
            && (!slo.e2elMs || r.e2elMs <= *slo.e2elMs) && (!slo.ttfoMs || r.ttfoMs <= *slo.ttfoMs + rtt);
        p.good += ok ? 1 : 0;
    }
    p.attainment = total > 0 ? double(p.good) / total : CurvePoint::kNaN;
    p.goodput = p.samples > 0 ? p.requestsPerSecond * double(p.good) / p.samples : CurvePoint::kNaN;
    // Power over the interval the rates are counted on (StepData::gpu), so energy and tokens are of one time.
    if (step.gpu.measured()) {
        p.powerW = step.gpu.meanPowerW;
        if (p.outputTokensPerSecond > 0)
            p.joulesPerOutputToken = p.powerW / p.outputTokensPerSecond;
        if (p.powerW > 0 && !std::isnan(p.goodput))
            p.goodputPerKw = p.goodput / p.powerW * 1000;
    }

    for (const MetricTarget& t : targetsOf(settings, rtt)) {
        const double v = p.judged(t.metric);
        // A metric with no samples (every request failed) cannot be said to meet its target.
        if (std::isnan(v) ? t.metric != u"TPOT" || p.samples == 0 : v > t.target)
            p.missed << t.metric;
    }
    p.meetsTargets = p.missed.isEmpty() && total > 0;
    return p;
}

LoadCurve LoadCurve::of(const RunData& run, const std::vector<const StepData*>& steps, const AnalysisSettings& settings)
{
    LoadCurve c;
    for (const StepData* s : steps) {
        c.byRate = c.byRate || s->concurrency == 0;
        // A step with no request in its latency sample measured nothing to judge (it ended before a measured request
        // did): on the curve it would 'miss' targets with no figure. The steady-state check names it.
        if (s->stats.latencySample.succeeded + s->stats.latencySample.failed == 0) {
            c.unmeasured.push_back(s);
            continue;
        }
        c.points.push_back(judge(run, *s, settings));
    }
    std::stable_sort(
        c.points.begin(), c.points.end(), [](const CurvePoint& a, const CurvePoint& b) { return a.load < b.load; });

    const std::vector<MetricTarget> targets = targetsOf(settings, std::max(0.0, run.roundTripMs));
    c.capacity = capacityOf(c.points, targets, [](const CurvePoint& p) { return p.meetsTargets; });
    const double attainment = settings.attainmentTarget;
    c.goodputCapacity
        = capacityOf(c.points, {}, [attainment](const CurvePoint& p) { return p.attainment >= attainment; });
    // Attainment falls as load grows: interpolate on the shortfall so that the crossing reads like a latency's.
    if (c.goodputCapacity.bound != Capacity::Bound::None) {
        Capacity& g = c.goodputCapacity;
        g.metric = QStringLiteral("attainment");
        g.target = attainment;
        if (g.firstFail >= 0)
            g.valueAtFail = c.points[std::size_t(g.firstFail)].attainment;
        if (g.bound == Capacity::Bound::Between) {
            const CurvePoint& pass = c.points[std::size_t(g.lastPass)];
            const CurvePoint& fail = c.points[std::size_t(g.firstFail)];
            g.valueAtPass = pass.attainment;
            g.load = crossing(pass.load, 1 - pass.attainment, fail.load, 1 - fail.attainment, 1 - attainment);
        }
    }

    c.knee = kneeOf(c.points);
    return c;
}

GatewayCap GatewayCap::of(const LoadCurve& curve)
{
    GatewayCap g;
    for (const CurvePoint& p : curve.points) {
        if (!p.step)
            continue;
        // The rate is of the requests from the first load it refused at on: the same share the failures of those
        // steps show, not one thinned by the loads below its cap.
        if (g.refused > 0)
            g.total += p.step->stats.total;
        const auto it = p.step->stats.failures.find(ErrorClass::GatewayRejected);
        if (it == p.step->stats.failures.end() || it->second == 0)
            continue;
        if (g.refused == 0)
            g.total += p.step->stats.total;
        g.refused += it->second;
        if (g.from.isEmpty())
            g.from = p.step->loadPhrase();
        if (const auto m = p.step->stats.failureMessages.find(ErrorClass::GatewayRejected);
            m != p.step->stats.failureMessages.end() && !g.messages.contains(m->second))
            g.messages << m->second;
    }
    return g;
}

QString GatewayCap::words() const
{
    QStringList quoted;
    for (const QString& m : messages)
        quoted << QStringLiteral("\u201c%1\u201d").arg(m);
    return text::list(quoted);
}

} // namespace kp::core
