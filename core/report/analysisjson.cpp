// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/analysisjson.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"

#include <QJsonArray>

#include <cmath>

namespace kp::core {

namespace {

QJsonValue num(double v)
{
    return std::isnan(v) || std::isinf(v) ? QJsonValue() : QJsonValue(v);
}

QJsonObject curveJson(const LoadCurve& curve, const QList<TrustCheck>& trust)
{
    QJsonArray points;
    for (const CurvePoint& p : curve.points) {
        auto pe = [](const PercentileEstimate& e) {
            return QJsonObject {{QStringLiteral("value"), num(e.value)}, {QStringLiteral("low"), num(e.low)},
                {QStringLiteral("high"), num(e.high)}};
        };
        points.append(QJsonObject {{QStringLiteral("step_id"), p.step->id},
            {QStringLiteral("phase"), phaseName(p.step->phase)}, {QStringLiteral("load"), p.load},
            {QStringLiteral("ttft_ms"), pe(p.ttft)},
            // What every face shows: the round trip taken off, never below 0, and whether it was held at 0.
            {QStringLiteral("ttft_shown_ms"), num(p.shown(QStringLiteral("TTFT")))},
            {QStringLiteral("ttft_within_round_trip"), p.withinRoundTrip(QStringLiteral("TTFT"))},
            {QStringLiteral("disturbed"), TrustChecks::isDisturbed(trust, p.step)},
            {QStringLiteral("tpot_ms"), pe(p.tpot)}, {QStringLiteral("e2el_ms"), pe(p.e2el)},
            {QStringLiteral("ttfo_ms"), pe(p.ttfo)},
            {QStringLiteral("ttfo_shown_ms"), num(p.shown(QStringLiteral("TTFO")))},
            {QStringLiteral("thinking_requests"), p.step->thoughtRequests},
            {QStringLiteral("succeeded"), p.step->stats.succeeded}, {QStringLiteral("failed"), p.failed},
            {QStringLiteral("latency_sample"), p.samples + p.sampleFailed},
            {QStringLiteral("output_tokens_per_s"), num(p.outputTokensPerSecond)},
            {QStringLiteral("output_tokens_per_s_low"), num(p.outputTokensPerSecondLow)},
            {QStringLiteral("output_tokens_per_s_high"), num(p.outputTokensPerSecondHigh)},
            {QStringLiteral("requests_per_s"), num(p.requestsPerSecond)}, {QStringLiteral("good"), p.good},
            {QStringLiteral("slo_attainment"), num(p.attainment)}, {QStringLiteral("goodput_per_s"), num(p.goodput)},
            {QStringLiteral("gpu_power_w"), num(p.powerW)},
            {QStringLiteral("joules_per_output_token"), num(p.joulesPerOutputToken)},
            {QStringLiteral("goodput_per_kw"), num(p.goodputPerKw)}, {QStringLiteral("meets_targets"), p.meetsTargets},
            {QStringLiteral("missed"), QJsonArray::fromStringList(p.missed)},
            {QStringLiteral("server"), p.step->server.toJson()}});
    }
    auto capacity = [&curve](const Capacity& c) {
        QJsonObject o {{QStringLiteral("bound"), Capacity::boundName(c.bound)}, {QStringLiteral("load"), c.load},
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

QJsonObject AnalysisJson::of(const RunData& run, const RunAnalysis& a)
{
    QJsonObject settings {{QStringLiteral("percentile"), a.settings.percentile},
        {QStringLiteral("attainment_target"), a.settings.attainmentTarget},
        {QStringLiteral("ttft_ms"), a.settings.slo.ttftMs ? QJsonValue(*a.settings.slo.ttftMs) : QJsonValue()},
        {QStringLiteral("tpot_ms"), a.settings.slo.tpotMs ? QJsonValue(*a.settings.slo.tpotMs) : QJsonValue()},
        {QStringLiteral("e2el_ms"), a.settings.slo.e2elMs ? QJsonValue(*a.settings.slo.e2elMs) : QJsonValue()},
        {QStringLiteral("ttfo_ms"), a.settings.slo.ttfoMs ? QJsonValue(*a.settings.slo.ttfoMs) : QJsonValue()},
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
    QJsonObject out {{QStringLiteral("run_id"), run.summary.id}, {QStringLiteral("verdict"), a.verdict},
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

} // namespace kp::core
