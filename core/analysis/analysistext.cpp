// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysistext.h"

#include "analysis/lesson.h"
#include "analysis/requestestimate.h"
#include "analysis/runanalysis.h"
#include "analysis/runcomparison.h"
#include "analysis/rundata.h"
#include "analysis/verdict.h"
#include "common/textformat.h"

#include <QJsonArray>

#include <cmath>

namespace kp::core {

namespace {

QString cell(double v, int decimals)
{
    return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', decimals);
}

QJsonValue num(double v)
{
    return std::isnan(v) || std::isinf(v) ? QJsonValue() : QJsonValue(v);
}

QString capacityLine(const QString& what, const LoadCurve& curve, const Capacity& c, bool users)
{
    auto load = [&](double l) {
        return users ? text::users(l, false) : text::number(l, l < 10 ? 1 : 0) + QStringLiteral(" req/s");
    };
    switch (c.bound) {
    case Capacity::Bound::None:
        return QStringLiteral("%1: not measured.").arg(what);
    case Capacity::Bound::AtLeast:
        return QStringLiteral("%1: at least %2 (every load measured passed).").arg(what, load(c.shown()));
    case Capacity::Bound::Below:
        return QStringLiteral("%1: below %2 (%3 missed at the lowest load).")
            .arg(what, load(c.shown()), text::metricName(c.metric));
    case Capacity::Bound::Between:
        break;
    }
    // The margin the verdict's "comfortably" or "to spare" rests on, shown where the bracketing steps are.
    const QString spare = std::isnan(c.headroom)
        ? QString()
        : QStringLiteral(", %1 to spare on %2")
              .arg(text::percent(std::max(0.0, c.headroom)), text::metricName(c.tightest));
    return QStringLiteral("%1: %2 (%3%4), between %5 (passed%6) and %7 (missed: %8).")
        .arg(what, load(c.shown()), text::range(c.shownLow(), c.shownHigh()),
            c.intervalOpen         ? QStringLiteral(" as measured; too few requests to bound it at 95%")
                : c.intervalIs95() ? QStringLiteral(", 95% interval")
                                   : QStringLiteral(" as measured"),
            curve.points[std::size_t(c.lastPass)].step->loadText(), spare,
            curve.points[std::size_t(c.firstFail)].step->loadText(), text::metricName(c.metric));
}

QString scorecard(const RunData& run, const RunAnalysis& a, const LoadCurve& curve)
{
    const QString p = QStringLiteral("p%1").arg(text::number(a.settings.percentile));
    QString out = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                      .arg(QStringLiteral("load"), -10)
                      .arg(QStringLiteral("ok/failed"), 10)
                      .arg(QStringLiteral("TTFT ") + p, 11)
                      .arg(QStringLiteral("TPOT ") + p, 10)
                      .arg(QStringLiteral("E2EL ") + p, 11)
                      .arg(QStringLiteral("out tok/s"), 10)
                      .arg(QStringLiteral("goodput/s"), 10)
                      .arg(QStringLiteral("in SLO"), 7)
                      .arg(QStringLiteral("targets"), 8);
    for (const CurvePoint& pt : curve.points) {
        out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                   .arg(pt.step->loadText() + (pt.step->probe > 0 ? QStringLiteral("*") : QString())
                           + (TrustChecks::isDisturbed(a.trust, pt.step) ? QStringLiteral("†") : QString()),
                       -10)
                   .arg(QStringLiteral("%1/%2").arg(pt.step->stats.succeeded).arg(pt.failed), 10)
                   .arg(cell(pt.shown(QStringLiteral("TTFT")), 1)
                           + (pt.withinRoundTrip(QStringLiteral("TTFT")) ? QStringLiteral("*") : QString()),
                       11)
                   .arg(cell(pt.tpot.value, 2), 10)
                   .arg(cell(pt.e2el.value, 0), 11)
                   .arg(cell(pt.outputTokensPerSecond, 0), 10)
                   .arg(cell(pt.goodput, 2), 10)
                   .arg(std::isnan(pt.attainment) ? QStringLiteral("-") : text::percent(pt.attainment), 7)
                   .arg(pt.meetsTargets ? QStringLiteral("met") : pt.missed.join(u'+'), 8);
    }
    if (std::any_of(curve.points.begin(), curve.points.end(), [](const CurvePoint& pt) { return pt.step->probe > 0; }))
        out += QStringLiteral("* a capacity probe: a load added after the sweep to pin capacity down\n");
    if (std::any_of(curve.points.begin(), curve.points.end(),
            [&a](const CurvePoint& pt) { return TrustChecks::isDisturbed(a.trust, pt.step); }))
        out += QStringLiteral("† disturbed by the measurement itself (the client fell behind, or the simulator lagged "
                              "its own clock): see the doubts above the verdict\n");
    // Never a negative latency: a TTFT no longer than the round trip is shown as 0, and said.
    if (std::any_of(curve.points.begin(), curve.points.end(),
            [](const CurvePoint& pt) { return pt.withinRoundTrip(QStringLiteral("TTFT")); }))
        out += QStringLiteral("TTFT 0.0* is within the network's round trip of %1: as measured it was no longer than "
                              "the round trip.\n")
                   .arg(text::milliseconds(run.roundTripMs));
    return out;
}

QString wallLine(const Wall& w, bool limiting)
{
    QString state = !w.visible ? QStringLiteral("not visible")
        : w.reached            ? QStringLiteral("reached at %1").arg(text::users(w.load, false))
                               : QStringLiteral("not reached");
    return QStringLiteral("  %1 %2: %3 (%4)\n")
        .arg(limiting ? QStringLiteral("»") : QStringLiteral(" "), Wall::name(w.kind), state, w.evidenceWithQueue());
}

QJsonObject curveJson(const LoadCurve& curve, const QList<TrustCheck>& trust)
{
    QJsonArray points;
    for (const CurvePoint& p : curve.points) {
        auto pe = [](const PercentileEstimate& e) {
            return QJsonObject {{QStringLiteral("value"), num(e.value)}, {QStringLiteral("low"), num(e.low)},
                {QStringLiteral("high"), num(e.high)}};
        };
        points.append(QJsonObject {{QStringLiteral("step_id"), p.step->id}, {QStringLiteral("phase"), p.step->phase},
            {QStringLiteral("load"), p.load}, {QStringLiteral("ttft_ms"), pe(p.ttft)},
            // What every face shows: the round trip taken off, never below 0, and whether it was held at 0.
            {QStringLiteral("ttft_shown_ms"), num(p.shown(QStringLiteral("TTFT")))},
            {QStringLiteral("ttft_within_round_trip"), p.withinRoundTrip(QStringLiteral("TTFT"))},
            {QStringLiteral("disturbed"), TrustChecks::isDisturbed(trust, p.step)},
            {QStringLiteral("tpot_ms"), pe(p.tpot)}, {QStringLiteral("e2el_ms"), pe(p.e2el)},
            {QStringLiteral("succeeded"), p.step->stats.succeeded}, {QStringLiteral("failed"), p.failed},
            {QStringLiteral("latency_sample"), p.samples + p.sampleFailed},
            {QStringLiteral("output_tokens_per_s"), num(p.outputTokensPerSecond)},
            {QStringLiteral("output_tokens_per_s_low"), num(p.outputTokensPerSecondLow)},
            {QStringLiteral("output_tokens_per_s_high"), num(p.outputTokensPerSecondHigh)},
            {QStringLiteral("requests_per_s"), num(p.requestsPerSecond)}, {QStringLiteral("good"), p.good},
            {QStringLiteral("slo_attainment"), num(p.attainment)}, {QStringLiteral("goodput_per_s"), num(p.goodput)},
            {QStringLiteral("meets_targets"), p.meetsTargets},
            {QStringLiteral("missed"), QJsonArray::fromStringList(p.missed)},
            {QStringLiteral("server"), p.step->server.toJson()}});
    }
    auto capacity = [&curve](const Capacity& c) {
        static const char* bounds[] = {"none", "between", "at_least", "below"};
        QJsonObject o {{QStringLiteral("bound"), QLatin1String(bounds[int(c.bound)])}, {QStringLiteral("load"), c.load},
            {QStringLiteral("metric"), c.metric}, {QStringLiteral("target"), c.target},
            {QStringLiteral("value_at_pass"), num(c.valueAtPass)},
            {QStringLiteral("value_at_fail"), num(c.valueAtFail)}};
        if (c.bound == Capacity::Bound::Between) {
            o[QStringLiteral("low")] = num(c.low);
            o[QStringLiteral("interval_open")] = c.intervalOpen;
            o[QStringLiteral("high")] = num(c.high);
        }
        if (c.lastPass >= 0)
            o[QStringLiteral("last_pass_load")] = curve.points[std::size_t(c.lastPass)].load;
        if (c.firstFail >= 0)
            o[QStringLiteral("first_fail_load")] = curve.points[std::size_t(c.firstFail)].load;
        return o;
    };
    QJsonObject knee {{QStringLiteral("found"), curve.knee.found}, {QStringLiteral("method"), curve.knee.method}};
    if (curve.knee.found) {
        knee[QStringLiteral("load")] = curve.knee.load;
        knee[QStringLiteral("output_tokens_per_s")] = curve.knee.outputTokensPerSecond;
    }
    // The pair of steps it rests on (or, without a knee, the pair that came closest), with the definition's figures.
    if (curve.knee.next >= 0) {
        knee[QStringLiteral("evidence")] = curve.knee.evidence;
        knee[QStringLiteral("next_load")] = curve.points[std::size_t(curve.knee.next)].load;
        knee[QStringLiteral("throughput_growth")] = num(curve.knee.throughputGrowth);
        knee[QStringLiteral("latency_growth")] = num(curve.knee.latencyGrowth);
        knee[QStringLiteral("elasticity")] = num(curve.knee.elasticity);
    }
    return {{QStringLiteral("by"), curve.byRate ? QStringLiteral("rate") : QStringLiteral("concurrency")},
        {QStringLiteral("points"), points}, {QStringLiteral("capacity"), capacity(curve.capacity)},
        {QStringLiteral("goodput_capacity"), capacity(curve.goodputCapacity)}, {QStringLiteral("knee"), knee}};
}

QJsonObject wallJson(const Wall& w)
{
    return {{QStringLiteral("visible"), w.visible}, {QStringLiteral("reached"), w.reached},
        {QStringLiteral("load"), w.reached ? QJsonValue(w.load) : QJsonValue()},
        {QStringLiteral("evidence"), w.evidence},
        {QStringLiteral("queue_evidence"), w.queueEvidence.isEmpty() ? QJsonValue() : QJsonValue(w.queueEvidence)}};
}

} // namespace

QString AnalysisText::summary(const RunData& run, const RunAnalysis& a)
{
    QString out;
    // Doubts before the verdict, failures first, each titled as the doubt it raises.
    QString doubts;
    for (const TrustCheck& c : TrustChecks::doubts(a.trust))
        doubts += QStringLiteral("  [%1] %2: %3\n").arg(TrustCheck::statusName(c.status), c.title, c.detail);
    if (!doubts.isEmpty())
        out += QStringLiteral("\nBefore you read the verdict:\n") + doubts;

    out += QStringLiteral("\nVerdict\n  %1\n").arg(a.verdict);

    const QString roundTrip = run.roundTripMs > 0
        ? QStringLiteral(", TTFT without the network's %1 round trip").arg(text::milliseconds(run.roundTripMs))
        : QString();
    out += QStringLiteral("\nScorecard (p%1, times in ms%2, failures count against the targets)\n")
               .arg(text::number(a.settings.percentile), roundTrip);
    out += a.curve.points.empty() ? QStringLiteral("  no concurrency steps\n") : scorecard(run, a, a.curve);
    // One number answers "how many users": the capacity, named with its definition; goodput is shown as the second
    // measure it is.
    out += capacityLine(QStringLiteral("Capacity (the most users with each figure under its target at p%1)")
                            .arg(text::number(a.settings.percentile)),
               a.curve, a.curve.capacity, true)
        + a.confidence.line() + u'\n';
    out += capacityLine(QStringLiteral("Goodput capacity, a second measure (the most users with %1 of requests "
                                       "meeting every target at once)")
                            .arg(text::percent(a.settings.attainmentTarget)),
               a.curve, a.curve.goodputCapacity, true)
        + u'\n';
    // The knee with the two steps it rests on and its definition; without one, the pair that came closest.
    const KneePoint& k = a.curve.knee;
    out += k.found ? QStringLiteral("Knee: %1: %2. Definition: %3.\n")
                         .arg(a.curve.points[std::size_t(k.point)].step->loadText(), k.evidence, k.method)
        : k.next >= 0
        ? QStringLiteral("Knee: none: no pair of steps bought more latency than throughput; the closest, %1. "
                         "Definition: %2.\n")
              .arg(k.evidence, k.method)
        : QStringLiteral("Knee: none (fewer than two steps to compare).\n");
    if (!a.rateCurve.points.empty()) {
        out += QStringLiteral("\nRate sweep\n") + scorecard(run, a, a.rateCurve);
        out += capacityLine(QStringLiteral("Capacity"), a.rateCurve, a.rateCurve.capacity, false) + u'\n';
    }

    return out;
}

QString AnalysisText::render(const RunData& run, const RunAnalysis& a)
{
    const RunSummary& s = run.run.summary;
    QString out;
    out += QStringLiteral("Run %1%2: %3 at %4, %5, started %6\n")
               .arg(s.id)
               .arg(s.demo ? QStringLiteral(" (demo)") : QString())
               .arg(s.model.isEmpty() ? QStringLiteral("unknown model") : s.model, s.url, runStatusName(s.status),
                   s.startedUtc);
    if (!s.statusReason.isEmpty())
        out += QStringLiteral("  %1\n").arg(s.statusReason);
    if (run.timeScale != 1)
        out += QStringLiteral("  The server was simulated at %1× speed; every figure is in its time.\n")
                   .arg(text::number(run.timeScale));
    // What the verdict is measured against, stated before it: the request size and the targets.
    const QString product = run.run.info.product.isEmpty() ? QStringLiteral("unnamed") : run.run.info.product;
    const QStringList workload = run.workloadClauses();
    out += run.inputTokens > 0
        ? QStringLiteral("  Traffic: %1, %2 tokens in, %3 out%4; targets: %5 for %6.\n")
              .arg(product, text::number(run.inputTokens, 0), text::number(run.outputTokens, 0),
                  workload.isEmpty() ? QString() : QStringLiteral(", ") + workload.join(QStringLiteral(", ")),
                  Verdict::targets(a.settings), Verdict::share(a.settings.percentile))
        : QStringLiteral("  Traffic: %1; targets: %2 for %3.\n")
              .arg(product, Verdict::targets(a.settings), Verdict::share(a.settings.percentile));

    out += summary(run, a);

    out += QStringLiteral("\nWalls\n");
    for (const Wall* w : {&a.walls.saturation, &a.walls.latency, &a.walls.memory})
        out += wallLine(*w, a.walls.limiting == w->kind);

    out += QStringLiteral("\nPhysics\n");
    const PhysicsFloors& p = a.physics;
    if (!p.available) {
        out += QStringLiteral("  %1\n").arg(p.whyNot);
    } else {
        out += QStringLiteral("  %1 on %2%3 (%4 at %5 TFLOPS): decode step floor %6, TTFT floor %7 (%8-bound), at "
                              "most %9 tokens/s for one user.\n")
                   .arg(p.modelName, p.tensorParallel > 1 ? QStringLiteral("%1 × ").arg(p.tensorParallel) : QString(),
                       p.gpuName, PhysicsFloors::precisionName(p.precision), text::number(p.peakTflops),
                       text::milliseconds(p.decodeStepFloorMs), text::milliseconds(p.ttftFloorMs),
                       p.ttftComputeBound ? QStringLiteral("compute") : QStringLiteral("memory"),
                       text::number(p.singleRequestTokensPerSecond));
        if (!std::isnan(p.bandwidthEfficiency))
            out += QStringLiteral("  One request reached %1 of the bandwidth floor (TPOT %2).\n")
                       .arg(text::percent(p.bandwidthEfficiency), text::milliseconds(p.baselineTpotMs));
    }

    QString problems, background, healthy;
    for (const Finding& f : a.findings) {
        switch (f.severity) {
        case Finding::Severity::Problem: {
            problems += QStringLiteral("\n* %1\n  Measured: %2\n  Meaning: %3\n").arg(f.title, f.measured, f.meaning);
            if (!f.why.isEmpty())
                problems += QStringLiteral("  Why: %1\n").arg(f.why);
            if (const auto lesson = Lessons::byId(f.lessonId))
                problems += QStringLiteral("  Lesson: %1 (kneepoint lesson %2)\n").arg(lesson->title, lesson->id);
            if (!f.tryNext.isEmpty()) {
                problems += QStringLiteral("  Try next:\n");
                for (const FlagSuggestion& t : f.tryNext)
                    problems
                        += QStringLiteral("    %1   # %2%3\n")
                               .arg(t.commandLine, t.why,
                                   t.versionNote.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(t.versionNote));
            }
            break;
        }
        case Finding::Severity::Background:
            background += QStringLiteral("* %1. %2\n").arg(f.title, f.measured);
            break;
        case Finding::Severity::Healthy:
            healthy += QStringLiteral("  ✓ %1\n").arg(f.title);
            break;
        }
    }
    if (!problems.isEmpty())
        out += QStringLiteral("\nProblems\n") + problems;
    if (!background.isEmpty())
        out += QStringLiteral("\nBackground\n") + background;
    if (!healthy.isEmpty())
        out += QStringLiteral("\nHealthy\n") + healthy;
    return out;
}

QJsonObject AnalysisText::toJson(const RunData& run, const RunAnalysis& a)
{
    QJsonObject settings {{QStringLiteral("percentile"), a.settings.percentile},
        {QStringLiteral("attainment_target"), a.settings.attainmentTarget},
        {QStringLiteral("ttft_ms"), a.settings.slo.ttftMs ? QJsonValue(*a.settings.slo.ttftMs) : QJsonValue()},
        {QStringLiteral("tpot_ms"), a.settings.slo.tpotMs ? QJsonValue(*a.settings.slo.tpotMs) : QJsonValue()},
        {QStringLiteral("e2el_ms"), a.settings.slo.e2elMs ? QJsonValue(*a.settings.slo.e2elMs) : QJsonValue()},
        {QStringLiteral("gpu"), a.settings.gpu ? a.settings.gpu->id : QString()},
        {QStringLiteral("model"), a.settings.model ? a.settings.model->id : QString()}};
    QJsonArray trust;
    for (const TrustCheck& c : a.trust) {
        QJsonArray disturbed;
        for (const StepData* s : c.disturbed)
            disturbed.append(s->id);
        // In TrustChecks::of's order, doubts first; "title" is the one every face shows (the doubt when it did not
        // pass), "claim" the check as a pass reads.
        QJsonObject check {{QStringLiteral("id"), c.id}, {QStringLiteral("title"), c.title},
            {QStringLiteral("claim"), c.claim}, {QStringLiteral("status"), TrustCheck::statusName(c.status)},
            {QStringLiteral("detail"), c.detail}};
        if (!disturbed.isEmpty())
            check[QStringLiteral("disturbed_step_ids")] = disturbed;
        trust.append(check);
    }
    QJsonArray findings;
    for (const Finding& f : a.findings) {
        QJsonArray tryNext;
        for (const FlagSuggestion& t : f.tryNext)
            tryNext.append(QJsonObject {{QStringLiteral("flag"), t.flag}, {QStringLiteral("value"), t.value},
                {QStringLiteral("command_line"), t.commandLine}, {QStringLiteral("why"), t.why},
                {QStringLiteral("valid_for_version"), t.validForVersion},
                {QStringLiteral("version_note"), t.versionNote}});
        findings.append(
            QJsonObject {{QStringLiteral("id"), f.id}, {QStringLiteral("severity"), Finding::severityName(f.severity)},
                {QStringLiteral("title"), f.title}, {QStringLiteral("measured"), f.measured},
                {QStringLiteral("meaning"), f.meaning}, {QStringLiteral("why"), f.why},
                {QStringLiteral("lesson"), f.lessonId}, {QStringLiteral("try_next"), tryNext}});
    }
    const PhysicsFloors& p = a.physics;
    QJsonObject physics {{QStringLiteral("available"), p.available}};
    if (p.available) {
        physics[QStringLiteral("gpu")] = p.gpuName;
        physics[QStringLiteral("model")] = p.modelName;
        physics[QStringLiteral("tensor_parallel")] = p.tensorParallel;
        physics[QStringLiteral("decode_step_floor_ms")] = num(p.decodeStepFloorMs);
        physics[QStringLiteral("compute_precision")] = PhysicsFloors::precisionName(p.precision);
        physics[QStringLiteral("peak_tflops")] = num(p.peakTflops);
        physics[QStringLiteral("ttft_compute_bound")] = p.ttftComputeBound;
        physics[QStringLiteral("ttft_floor_ms")] = num(p.ttftFloorMs);
        physics[QStringLiteral("single_request_tokens_per_s")] = num(p.singleRequestTokensPerSecond);
        physics[QStringLiteral("bandwidth_efficiency")] = num(p.bandwidthEfficiency);
        physics[QStringLiteral("faster_than_physics")] = p.fasterThanPhysics;
    } else {
        physics[QStringLiteral("why_not")] = p.whyNot;
    }
    QJsonObject confidence {{QStringLiteral("level"), CapacityConfidence::name(a.confidence.level)},
        {QStringLiteral("reasons"), QJsonArray::fromStringList(a.confidence.reasons)}};
    QJsonObject out {{QStringLiteral("run_id"), run.run.summary.id}, {QStringLiteral("verdict"), a.verdict},
        {QStringLiteral("confidence"), confidence}, {QStringLiteral("settings"), settings},
        {QStringLiteral("time_scale"), run.timeScale}, {QStringLiteral("concurrency"), curveJson(a.curve, a.trust)},
        {QStringLiteral("walls"),
            QJsonObject {{QStringLiteral("saturation"), wallJson(a.walls.saturation)},
                {QStringLiteral("latency"), wallJson(a.walls.latency)},
                {QStringLiteral("memory"), wallJson(a.walls.memory)},
                {QStringLiteral("limiting"), a.walls.limiting ? Wall::name(*a.walls.limiting) : QString()}}},
        {QStringLiteral("physics"), physics}, {QStringLiteral("trust"), trust}, {QStringLiteral("findings"), findings}};
    if (!a.rateCurve.points.empty())
        out[QStringLiteral("rate")] = curveJson(a.rateCurve, a.trust);
    return out;
}

QString AnalysisText::render(const RequestEstimate& e)
{
    if (!e.available)
        return QStringLiteral("No estimate for %1/%2 tokens: %3\n")
            .arg(e.inputTokens)
            .arg(e.outputTokens)
            .arg(e.whyNot);
    QString out = QStringLiteral("Estimate for %1 tokens in, %2 out (roofline calibrated on this run: %3 of "
                                 "bandwidth, %4 of FLOPS; an estimate, not a measurement)\n")
                      .arg(text::number(e.inputTokens, 0), text::number(e.outputTokens, 0),
                          text::percent(e.bandwidthEfficiency), text::percent(e.computeEfficiency));
    out += QStringLiteral("  one user: TTFT %1, TPOT %2, whole answer %3 (%4 tokens/s)\n")
               .arg(text::milliseconds(e.ttftMs), text::milliseconds(e.tpotMs), text::milliseconds(e.e2elMs),
                   text::number(e.outputTokensPerSecond));
    if (e.loadUsers > 0)
        out += QStringLiteral("  at %1: TTFT about %2, TPOT about %3\n")
                   .arg(text::users(e.loadUsers, false), text::milliseconds(e.ttftAtLoadMs),
                       text::milliseconds(e.tpotAtLoadMs));
    return out;
}

QJsonObject AnalysisText::toJson(const RequestEstimate& e)
{
    return {{QStringLiteral("estimate"), true}, {QStringLiteral("available"), e.available},
        {QStringLiteral("why_not"), e.whyNot}, {QStringLiteral("input_tokens"), e.inputTokens},
        {QStringLiteral("output_tokens"), e.outputTokens},
        {QStringLiteral("bandwidth_efficiency"), num(e.bandwidthEfficiency)},
        {QStringLiteral("compute_efficiency"), num(e.computeEfficiency)}, {QStringLiteral("ttft_ms"), num(e.ttftMs)},
        {QStringLiteral("tpot_ms"), num(e.tpotMs)}, {QStringLiteral("e2el_ms"), num(e.e2elMs)},
        {QStringLiteral("load_users"), e.loadUsers}, {QStringLiteral("ttft_at_load_ms"), num(e.ttftAtLoadMs)},
        {QStringLiteral("tpot_at_load_ms"), num(e.tpotAtLoadMs)}};
}

QString AnalysisText::render(const RunComparison& c)
{
    QString out = QStringLiteral("Run %1 against run %2\n  %3\n\n").arg(c.idA).arg(c.idB).arg(c.summary);
    // What changed comes before the rows: a table of latencies at shared loads reads wrong without it (a server
    // with 4 slots against one with 1,024 is "2 better, 2 worse" at the loads both measured).
    if (!c.changes.isEmpty()) {
        out += QStringLiteral("What changed\n");
        for (const RunComparison::Change& ch : c.changes)
            out += QStringLiteral("  %1: %2 → %3\n").arg(ch.what, ch.a, ch.b);
        out += u'\n';
    }
    out += QStringLiteral("%1 %2 %3 %4 %5 %6  %7\n")
               .arg(QStringLiteral("load"), -10)
               .arg(QStringLiteral("metric"), -16)
               .arg(QStringLiteral("run %1").arg(c.idA), 10)
               .arg(QStringLiteral("run %1").arg(c.idB), 10)
               .arg(QStringLiteral("change"), 8)
               .arg(QStringLiteral("95% interval"), 18)
               .arg(QStringLiteral("beyond noise?"));
    for (const RunComparison::Metric& m : c.metrics) {
        const QString verdict = !m.tested ? QStringLiteral("not tested")
            : m.significant
            ? (std::isnan(m.adjustedP) ? QStringLiteral("yes (intervals apart)")
                                       : QStringLiteral("yes (Holm-adjusted p = %1)").arg(m.adjustedP, 0, 'g', 2))
            : QStringLiteral("no (%1)").arg(m.why);
        out += QStringLiteral("%1 %2 %3 %4 %5 %6  %7\n")
                   .arg(m.load, -10)
                   .arg(m.metric, -16)
                   .arg(cell(m.a, 1), 10)
                   .arg(cell(m.b, 1), 10)
                   .arg(text::change(m.deltaPercent), 8)
                   .arg(text::changeInterval(m.deltaLowPercent, m.deltaHighPercent), 18)
                   .arg(verdict);
    }
    if (!c.pareto.frontier.empty()) {
        out += QStringLiteral("\nPareto frontier (output tokens/s per user against per GPU; kneepoint pareto %1 %2 "
                              "draws it)\n")
                   .arg(c.idA)
                   .arg(c.idB);
        for (const QString& sentence : c.pareto.dominance())
            out += QStringLiteral("  %1.\n").arg(sentence);
    }
    return out;
}

QJsonObject AnalysisText::toJson(const RunComparison& c)
{
    QJsonArray metrics;
    for (const RunComparison::Metric& m : c.metrics)
        metrics.append(QJsonObject {{QStringLiteral("load"), m.load}, {QStringLiteral("metric"), m.metric},
            {QStringLiteral("a"), num(m.a)}, {QStringLiteral("b"), num(m.b)},
            {QStringLiteral("delta_percent"), num(m.deltaPercent)}, {QStringLiteral("tested"), m.tested},
            {QStringLiteral("significant"), m.significant}, {QStringLiteral("p_value"), num(m.pValue)},
            {QStringLiteral("holm_adjusted_p"), num(m.adjustedP)},
            {QStringLiteral("delta_low_percent"), num(m.deltaLowPercent)},
            {QStringLiteral("delta_high_percent"), num(m.deltaHighPercent)}, {QStringLiteral("why_not"), m.why},
            {QStringLiteral("between_run_noise_percent"), num(m.betweenRunNoisePercent)}});
    QJsonArray changes;
    for (const RunComparison::Change& ch : c.changes)
        changes.append(
            QJsonObject {{QStringLiteral("what"), ch.what}, {QStringLiteral("a"), ch.a}, {QStringLiteral("b"), ch.b},
                {QStringLiteral("kind"),
                    ch.kind == RunComparison::Change::Kind::Server       ? QStringLiteral("server")
                        : ch.kind == RunComparison::Change::Kind::Option ? QStringLiteral("option")
                                                                         : QStringLiteral("other")}});
    return {{QStringLiteral("a"), c.idA}, {QStringLiteral("b"), c.idB}, {QStringLiteral("summary"), c.summary},
        {QStringLiteral("capacity_a"), c.capacityA}, {QStringLiteral("capacity_b"), c.capacityB},
        {QStringLiteral("capacity_delta"), num(c.capacityDelta)},
        {QStringLiteral("capacity_change_percent"), num(c.capacityChangePercent)},
        {QStringLiteral("min_effect_percent"), c.minEffectPercent}, {QStringLiteral("metrics"), metrics},
        {QStringLiteral("changes"), changes},
        {QStringLiteral("pareto_dominance"), QJsonArray::fromStringList(c.pareto.dominance())},
        {QStringLiteral("noise_runs"),
            c.noiseIdA < 0 ? QJsonValue() : QJsonValue(QJsonArray {c.noiseIdA, c.noiseIdB})}};
}

} // namespace kp::core
