// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/walls.h"

#include "core/analysis/rundata.h"
#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::core {

namespace {

constexpr double kSaturationGain = 0.15;
constexpr double kKvFull = 0.95;
constexpr double kKvQueueing = 0.90;

// The gauge a family counts waiting requests with, for the sentence that quotes it.
QString waitingGauge(ServerFamily family)
{
    switch (family) {
    case ServerFamily::LlamaCpp:
        return QStringLiteral("llamacpp:requests_deferred");
    case ServerFamily::SGLang:
        return QStringLiteral("sglang:num_queue_reqs");
    case ServerFamily::Tgi:
        return QStringLiteral("tgi_queue_size");
    default:
        return QStringLiteral("vllm:num_requests_waiting");
    }
}

// The server's own word that requests queue: the first step where it ran fewer requests than there were users
// while others waited. Empty (and -1) when its counters say nothing of the kind, or are not visible.
int findQueue(const LoadCurve& curve, const ServerFacts& facts, QString* evidence)
{
    const std::vector<CurvePoint>& p = curve.points;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const ServerDeltas& s = p[i].step->server;
        if (!(s.peakWaiting >= 1 && s.peakRunning >= 1 && s.peakRunning < p[i].load))
            continue;
        // A queue, not a moment's wait (a long prefill holds a request back for a step or two): requests waited in
        // at least half of the step's scrapes, and no higher load ran more at once, so the most it ran is a limit.
        int scraped = 0, waiting = 0;
        for (const MetricsSample& m : p[i].step->samples) {
            if (m.waiting < 0)
                continue;
            ++scraped;
            waiting += m.waiting >= 1 ? 1 : 0;
        }
        const bool laterRanMore = std::any_of(p.begin() + std::ptrdiff_t(i) + 1, p.end(),
            [&s](const CurvePoint& later) { return later.step->server.peakRunning > s.peakRunning; });
        if (scraped >= 2 && 2 * waiting >= scraped && !laterRanMore) {
            *evidence = QCoreApplication::translate(
                "Walls", "at %1 the server ran at most %2 requests at once and up to %3 waited for a free place (%4)")
                            .arg(p[i].step->loadPhrase(), text::number(s.peakRunning), text::number(s.peakWaiting),
                                waitingGauge(facts.family));
            return int(i);
        }
    }
    return -1;
}

// The share of the proportional throughput gain that going from point a to point b bought; NaN when it cannot be
// said.
double gainOf(const CurvePoint& a, const CurvePoint& b)
{
    const double t0 = a.outputTokensPerSecond, t1 = b.outputTokensPerSecond;
    if (!(t0 > 0) || std::isnan(t1) || !(b.load > a.load))
        return std::numeric_limits<double>::quiet_NaN();
    return (t1 / t0 - 1) / (b.load / a.load - 1);
}

// A step's throughput as a sentence shows it: "59 tokens/s (52–66)", with its confidence interval when it has one.
QString throughputOf(const CurvePoint& p)
{
    if (!(p.outputTokensPerSecondHigh >= p.outputTokensPerSecondLow))
        return QCoreApplication::translate("Walls", "%1 tokens/s").arg(text::number(p.outputTokensPerSecond));
    return QCoreApplication::translate("Walls", "%1 tokens/s (%2–%3)")
        .arg(text::number(p.outputTokensPerSecond), text::number(p.outputTokensPerSecondLow),
            text::number(p.outputTokensPerSecondHigh));
}

// Whether throughput fell from a to b by more than the noise: their intervals apart, or, without intervals, by more
// than 5%.
bool fellBeyondNoise(const CurvePoint& a, const CurvePoint& b)
{
    const double t0 = a.outputTokensPerSecond, t1 = b.outputTokensPerSecond;
    if (!(t1 < t0))
        return false;
    const bool intervals = a.outputTokensPerSecondHigh >= a.outputTokensPerSecondLow
        && b.outputTokensPerSecondHigh >= b.outputTokensPerSecondLow;
    return intervals ? !a.throughputOverlaps(b) : t1 < 0.95 * t0;
}

void findSaturation(Wall& w, const LoadCurve& curve, const ServerFacts& facts)
{
    const std::vector<CurvePoint>& p = curve.points;
    const int queued = findQueue(curve, facts, &w.queueEvidence);
    for (std::size_t i = 1; i < p.size(); ++i) {
        const double gain = gainOf(p[i - 1], p[i]);
        if (!(gain < kSaturationGain))
            continue;
        const double t0 = p[i - 1].outputTokensPerSecond, t1 = p[i].outputTokensPerSecond;
        const QString bought = t1 > t0
            ? QCoreApplication::translate("Walls", "only %1 more throughput").arg(text::percent(t1 / t0 - 1))
            : QCoreApplication::translate("Walls", "no more throughput");
        const QString pair = QCoreApplication::translate("Walls", "going from %1 to %2 bought %3 (%4 → %5)")
                                 .arg(p[i - 1].step->loadPhrase(), p[i].step->loadPhrase(), bought,
                                     throughputOf(p[i - 1]), throughputOf(p[i]));
        // One flat pair is not a wall: throughput has to stay flat over the steps after it. A later step that grows
        // again by a fair share of its added load, beyond the noise of both steps (their 95% intervals apart), says
        // the pair was noise (a short window, a lockstep start). One that grows as much but within the noise says
        // neither: the steps are too noisy to tell.
        // After a fall, growth counts from the step before it: climbing back to where it was is no resumption.
        const CurvePoint& from = t1 < t0 ? p[i - 1] : p[i];
        const auto resumed = std::find_if(p.begin() + std::ptrdiff_t(i) + 1, p.end(),
            [&](const CurvePoint& later) { return gainOf(from, later) >= kSaturationGain; });
        if (resumed != p.end()) {
            if (w.doubt.isEmpty())
                w.doubt = p[i].throughputOverlaps(*resumed)
                    ? QCoreApplication::translate("Walls",
                        "%1, but %2 then gave %3, within the noise of both steps (their intervals overlap): too noisy "
                        "to tell a wall from noise; measure longer steps")
                          .arg(pair, resumed->step->loadPhrase(), throughputOf(*resumed))
                    : QCoreApplication::translate("Walls",
                        "%1, but %2 then gave %3: a noisy pair of steps, "
                        "not a wall")
                          .arg(pair, resumed->step->loadPhrase(), throughputOf(*resumed));
            continue;
        }
        // The last pair of the sweep has nothing after it to confirm it but the server's own counters, or a fall:
        // throughput that went down beyond the noise of both steps is saturation at the latest there, since more
        // users cannot make a server that had room do less.
        const bool last = i + 1 == p.size();
        if (last && !(queued >= 0 && queued <= int(i)) && !fellBeyondNoise(p[i - 1], p[i])) {
            // Requests the counters saw waiting now and then are no queue that held (findQueue), but they are
            // there, and a sentence that said "no queue" would contradict the summary's own "up to N queued".
            const double waited = p[i].step->server.peakWaiting;
            if (w.doubt.isEmpty())
                w.doubt = waited >= 1
                    ? QCoreApplication::translate("Walls",
                        "%1, at the last pair of steps, with no higher load to confirm it, and requests waited at %2 "
                        "only now and then (up to %3, %4), not in a queue that held: measure a higher load to tell a "
                        "wall from noise")
                          .arg(pair, p[i].step->loadPhrase(), text::number(waited), waitingGauge(facts.family))
                    : QCoreApplication::translate("Walls",
                        "%1, at the last pair of steps, with no higher load and no queue in the server's counters to "
                        "confirm it: measure a higher load to tell a wall from noise")
                          .arg(pair);
            break;
        }
        w.reached = true;
        w.point = int(i - 1);
        w.load = p[i - 1].load;
        w.evidence = pair;
        return;
    }
    if (queued >= 0) {
        // Throughput kept rising, but the server itself says requests waited for a place: its limit on requests at
        // once (max_num_seqs, llama.cpp's slots) is full from the most it ran.
        const double cap = p[std::size_t(queued)].step->server.peakRunning;
        int at = queued;
        while (at > 0 && p[std::size_t(at)].load > cap)
            --at;
        w.reached = true;
        w.point = at;
        w.load = p[std::size_t(at)].load;
        w.evidence = w.queueEvidence;
        return;
    }
    if (!w.doubt.isEmpty()) {
        w.evidence = w.doubt;
    } else if (p.size() >= 2 && p.front().outputTokensPerSecond > 0) {
        const CurvePoint& a = p[p.size() - 2];
        const CurvePoint& b = p.back();
        w.evidence
            = QCoreApplication::translate("Walls", "throughput was still growing: %1 gave %2× the throughput of %3")
                  .arg(b.step->loadPhrase(), text::number(b.outputTokensPerSecond / a.outputTokensPerSecond, 2),
                      a.step->loadPhrase());
    } else {
        w.evidence = QCoreApplication::translate("Walls", "too few steps to see whether throughput stops growing");
    }
}

void findMemory(Wall& w, const LoadCurve& curve, const ServerFacts& facts)
{
    w.visible = false;
    double lastKv = -1;
    for (std::size_t i = 0; i < curve.points.size(); ++i) {
        const ServerDeltas& s = curve.points[i].step->server;
        if (s.peakKvUsage < 0)
            continue;
        w.visible = true;
        lastKv = s.peakKvUsage;
        const bool full = s.peakKvUsage >= kKvFull;
        const bool preempted = s.preemptions > 0;
        const bool queuedWhileFull = s.peakWaiting > 0 && s.peakKvUsage >= kKvQueueing;
        if (!full && !preempted && !queuedWhileFull)
            continue;
        w.reached = true;
        w.point = int(i);
        w.load = curve.points[i].load;
        QStringList parts {
            QCoreApplication::translate("Walls", "the KV cache reached %1").arg(text::percent(s.peakKvUsage))};
        if (preempted)
            parts
                << QCoreApplication::translate("Walls", "%1 requests were preempted").arg(text::number(s.preemptions));
        if (s.peakWaiting > 0)
            parts << QCoreApplication::translate("Walls", "up to %1 waited in the queue")
                         .arg(text::number(s.peakWaiting));
        w.evidence = QCoreApplication::translate("Walls", "at %1 %2")
                         .arg(curve.points[i].step->loadPhrase(), text::list(parts));
        return;
    }
    double unseenHeldMs = -1; // the longest step scraped, but never under its full load
    for (const CurvePoint& p : curve.points) {
        if (const ServerDeltas& s = p.step->server; s.samples > 0 && s.samplesUnderLoad == 0)
            unseenHeldMs = std::max(unseenHeldMs, s.loadHeldMs * facts.timeScale.value_or(1.0));
    }
    w.evidence = w.visible
        ? QCoreApplication::translate("Walls", "the KV cache peaked at %1 at the highest load, with no preemptions")
              .arg(text::percent(lastKv))
        : unseenHeldMs >= 0 ? QCoreApplication::translate("Walls",
              "no /metrics scrape was asked while a step's full load was held (for %1 at the longest), so KV cache "
              "use could not be measured")
                                  .arg(text::milliseconds(unseenHeldMs))
        : facts.metricsVisible ? QCoreApplication::translate("Walls",
              "%1's /metrics carry no KV cache gauge, so KV cache use could not be "
              "measured")
                                     .arg(serverFamilyName(facts.family))
                               : QCoreApplication::translate("Walls",
                                   "the server's /metrics were not visible, so KV cache use could not be measured");
}

void findLatency(Wall& w, const LoadCurve& curve, double roundTripMs)
{
    const Capacity& c = curve.capacity;
    auto shown = [&c, roundTripMs](double v) { return c.asShown(v, roundTripMs); };
    switch (c.bound) {
    case Capacity::Bound::None:
        w.evidence = QCoreApplication::translate("Walls", "no load steps were measured");
        return;
    case Capacity::Bound::AtLeast:
        w.evidence = QCoreApplication::translate("Walls", "every target held up to %1, the highest load measured")
                         .arg(curve.points.back().step->loadPhrase());
        return;
    case Capacity::Bound::Below:
        w.reached = true;
        w.point = 0;
        w.load = c.load;
        w.evidence = c.metric == u"errors"
            ? QCoreApplication::translate("Walls", "even at %1, %2 of requests failed")
                  .arg(curve.points[0].step->loadPhrase(), text::percent(c.valueAtFail))
            : QCoreApplication::translate("Walls", "even at %1, %2 was %3, over the %4 target")
                  .arg(curve.points[0].step->loadPhrase(), text::metricName(c.metric),
                      text::milliseconds(shown(c.valueAtFail)), text::milliseconds(shown(c.target)));
        return;
    case Capacity::Bound::Between:
        break;
    }
    w.reached = true;
    w.point = c.firstFail;
    w.load = c.shown(); // as every text shows it, so "reached at" never names the failed step by rounding
    const CurvePoint& pass = curve.points[std::size_t(c.lastPass)];
    const CurvePoint& fail = curve.points[std::size_t(c.firstFail)];
    if (c.metric == u"errors")
        w.evidence = QCoreApplication::translate("Walls", "failed requests rose from %1 at %2 to %3 at %4")
                         .arg(text::percent(c.valueAtPass), pass.step->loadPhrase(), text::percent(c.valueAtFail),
                             fail.step->loadPhrase());
    else
        w.evidence = QCoreApplication::translate("Walls", "%1 went from %2 at %3 to %4 at %5, past the %6 target")
                         .arg(text::metricName(c.metric), text::milliseconds(shown(c.valueAtPass)),
                             pass.step->loadPhrase(), text::milliseconds(shown(c.valueAtFail)), fail.step->loadPhrase(),
                             text::milliseconds(shown(c.target)));
}

} // namespace

std::vector<const Wall*> Walls::reachedInOrder() const
{
    std::vector<const Wall*> reached;
    for (const Wall* w : {&saturation, &latency, &memory})
        if (w->visible && w->reached)
            reached.push_back(w);
    std::stable_sort(reached.begin(), reached.end(), [](const Wall* a, const Wall* b) { return a->load < b->load; });
    return reached;
}

QString Walls::lowestSentence(double highestLoad, bool byRate) const
{
    const std::vector<const Wall*> reached = reachedInOrder();
    const QString notVisible = memory.visible
        ? QString()
        : QCoreApplication::translate("Walls", " Memory could not be seen: %1.").arg(memory.evidence);
    if (reached.empty())
        return QCoreApplication::translate("Walls", "No wall was reached up to %1, the highest load measured.")
                   .arg(text::load(highestLoad, byRate))
            + notVisible;
    const Wall& lowest = *reached.front();
    const QString lowestName = Wall::title(lowest.kind);
    QString out;
    std::size_t named = 1;
    if (reached.size() >= 2 && reached[1]->load <= lowest.load) {
        out = QCoreApplication::translate("Walls", "Lowest walls: %1 and %2, together at %3")
                  .arg(lowestName, Wall::title(reached[1]->kind), text::load(lowest.load, byRate));
        named = 2;
    } else {
        out = QCoreApplication::translate("Walls", "Lowest wall: %1, at %2")
                  .arg(lowestName, text::load(lowest.load, byRate));
    }
    // The latency wall is where the targets are crossed: the capacity. A lower wall is its cause, and the sentence
    // says so rather than standing beside a capacity at another load as if the two disagreed.
    const bool capacityAbove = lowest.kind != Wall::Kind::Latency && latency.reached && latency.load > lowest.load
        && std::none_of(reached.begin(), reached.begin() + std::ptrdiff_t(named),
            [](const Wall* w) { return w->kind == Wall::Kind::Latency; });
    if (capacityAbove)
        out += (lowest.kind == Wall::Kind::Memory
                ? QCoreApplication::translate("Walls",
                    ", the cause of the capacity: past it requests wait for cache space or are preempted, and the "
                    "latency target is crossed at %1 (%2× the load)")
                : QCoreApplication::translate("Walls",
                    ", the cause of the capacity: past it extra users only queue, and the latency target is crossed at "
                    "%1 (%2× the load)"))
                   .arg(text::load(latency.load, byRate), text::number(latency.load / lowest.load, 1));
    const auto next = std::find_if(reached.begin() + std::ptrdiff_t(named), reached.end(),
        [capacityAbove](const Wall* w) { return !(capacityAbove && w->kind == Wall::Kind::Latency); });
    if (next != reached.end())
        out += QCoreApplication::translate("Walls", "; next: %1, at %2 (%3× the load).")
                   .arg(Wall::title((*next)->kind), text::load((*next)->load, byRate),
                       text::number((*next)->load / lowest.load, 1));
    else if (named == reached.size() && !capacityAbove)
        out += named == 1
            ? QCoreApplication::translate("Walls", "; the others stand beyond %1.").arg(text::load(highestLoad, byRate))
            : QStringLiteral(".");
    else
        out += u'.';
    return out + notVisible;
}

QString Wall::name(Kind kind)
{
    switch (kind) {
    case Kind::Saturation:
        return QStringLiteral("saturation");
    case Kind::Latency:
        return QStringLiteral("latency");
    case Kind::Memory:
        return QStringLiteral("memory");
    }
    return {};
}

QString Wall::evidenceWithQueue() const
{
    if (queueEvidence.isEmpty() || evidence.contains(queueEvidence))
        return evidence;
    return QCoreApplication::translate("Walls", "%1; %2").arg(evidence, queueEvidence);
}

QString Wall::title(Kind kind)
{
    switch (kind) {
    case Kind::Saturation:
        return QCoreApplication::translate("Walls", "Saturation");
    case Kind::Latency:
        return QCoreApplication::translate("Walls", "Latency");
    case Kind::Memory:
        return QCoreApplication::translate("Walls", "Memory");
    }
    return {};
}

const Wall& Walls::wall(Wall::Kind kind) const
{
    switch (kind) {
    case Wall::Kind::Saturation:
        return saturation;
    case Wall::Kind::Memory:
        return memory;
    case Wall::Kind::Latency:
        break;
    }
    return latency;
}

Walls Walls::of(const RunData& run, const LoadCurve& curve)
{
    Walls w;
    findSaturation(w.saturation, curve, run.facts);
    findMemory(w.memory, curve, run.facts);
    findLatency(w.latency, curve, std::max(0.0, run.roundTripMs));
    // Tie order: a cause before its symptom.
    for (const Wall* candidate : {&w.memory, &w.saturation, &w.latency}) {
        if (!candidate->reached)
            continue;
        if (!w.limiting || candidate->load < w.wall(*w.limiting).load)
            w.limiting = candidate->kind;
    }
    return w;
}

} // namespace kp::core
