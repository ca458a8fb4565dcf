// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonreport.h"

#include "analysis/runanalysis.h"
#include "analysis/rundata.h"
#include "analysis/walls.h"
#include "common/textformat.h"
#include "report/analysisjson.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace kp::core {

namespace {

QJsonValue num(double v)
{
    return std::isnan(v) || std::isinf(v) ? QJsonValue() : QJsonValue(v);
}

QJsonObject distribution(const Distribution& d)
{
    return {{QStringLiteral("count"), qint64(d.count)}, {QStringLiteral("mean"), num(d.mean)},
        {QStringLiteral("stddev"), num(d.stddev)}, {QStringLiteral("min"), num(d.min)},
        {QStringLiteral("p50"), num(d.p50.value)}, {QStringLiteral("p90"), num(d.p90.value)},
        {QStringLiteral("p95"), num(d.p95.value)}, {QStringLiteral("p99"), num(d.p99.value)},
        {QStringLiteral("p99_9"), num(d.p999.value)}, {QStringLiteral("max"), num(d.max)}};
}

QJsonObject throughput(const Throughput& t, double scale)
{
    return {{QStringLiteral("seconds"), num(t.seconds * scale)},
        {QStringLiteral("requests_per_s"), num(t.requestsPerSecond / scale)},
        {QStringLiteral("output_tokens_per_s"), num(t.outputTokensPerSecond / scale)},
        {QStringLiteral("total_tokens_per_s"), num(t.totalTokensPerSecond / scale)}};
}

QJsonObject answerJson(const ReportContent::Answer& a)
{
    return {{QStringLiteral("number"), a.number}, {QStringLiteral("summary"), a.summary},
        {QStringLiteral("definition"), a.definition}, {QStringLiteral("bracket"), a.bracket},
        {QStringLiteral("confidence"), a.confidence}, {QStringLiteral("lowest_wall"), a.lowestWall},
        {QStringLiteral("knee"), a.knee}};
}

} // namespace

QJsonObject JsonReport::write(const RunData& run, const RunAnalysis& analysis)
{
    const RunSummary& s = run.run.summary;
    const double scale = run.timeScale;
    QJsonArray steps;
    for (const StepData& st : run.steps) {
        QJsonObject failures;
        for (const auto& [cls, n] : st.stats.failures)
            failures[errorClassName(cls)] = n;
        steps.append(QJsonObject {
            {QStringLiteral("index"), st.index},
            {QStringLiteral("phase"), st.phase},
            {QStringLiteral("load"), st.loadText()},
            {QStringLiteral("concurrency"), st.concurrency},
            {QStringLiteral("rate_per_s"), st.rate},
            {QStringLiteral("input_tokens"), st.inputTokens},
            {QStringLiteral("output_tokens"), st.outputTokens},
            {QStringLiteral("cancelled"), st.cancelled},
            {QStringLiteral("requests"), st.stats.total},
            {QStringLiteral("succeeded"), st.stats.succeeded},
            {QStringLiteral("failed"), st.stats.failed},
            {QStringLiteral("failures"), failures},
            {QStringLiteral("output_length_mismatches"), st.stats.outputLengthMismatches},
            {QStringLiteral("ttft_ms"), distribution(Distribution::of(st.ttftSorted))},
            // ttft_ms is every request's TTFT as measured; the scorecard and the verdict take this off it.
            {QStringLiteral("ttft_round_trip_included_ms"), run.roundTripMs > 0 ? run.roundTripMs : 0.0},
            {QStringLiteral("tpot_ms"), distribution(Distribution::of(st.tpotSorted))},
            {QStringLiteral("e2el_ms"), distribution(Distribution::of(st.e2elSorted))},
            {QStringLiteral("itl_ms"), distribution(st.stats.itlMs.scaled(scale))},
            {QStringLiteral("whole"), throughput(st.stats.whole, scale)},
            {QStringLiteral("steady"), throughput(st.stats.steady, scale)},
            {QStringLiteral("steady_window_usable"), st.stats.window.usable},
            {QStringLiteral("latency_sample"),
                QJsonObject {{QStringLiteral("within_steady_window"), st.stats.latencySample.windowed},
                    {QStringLiteral("succeeded"), st.stats.latencySample.succeeded},
                    {QStringLiteral("failed"), st.stats.latencySample.failed},
                    {QStringLiteral("left_out"), st.stats.latencySample.leftOut}}},
            {QStringLiteral("client_cpu_seconds"),
                st.clientCpuSeconds < 0 ? QJsonValue() : QJsonValue(st.clientCpuSeconds)},
            {QStringLiteral("server"), st.server.toJson()},
        });
    }
    QJsonObject report {
        {QStringLiteral("schema"), QStringLiteral("kneepoint-report")},
        {QStringLiteral("schema_version"), kSchemaVersion},
        {QStringLiteral("run"),
            QJsonObject {{QStringLiteral("id"), s.id}, {QStringLiteral("status"), runStatusName(s.status)},
                {QStringLiteral("reason"), s.statusReason}, {QStringLiteral("started"), s.startedUtc},
                {QStringLiteral("finished"), s.finishedUtc}, {QStringLiteral("url"), s.url},
                {QStringLiteral("model"), s.model}, {QStringLiteral("gpu"), s.gpu},
                {QStringLiteral("product"), s.product}, {QStringLiteral("demo"), s.demo},
                {QStringLiteral("time_scale"), run.timeScale}, {QStringLiteral("round_trip_ms"), run.roundTripMs}}},
        {QStringLiteral("options"), run.run.info.options},
        {QStringLiteral("facts"), run.run.info.facts},
        {QStringLiteral("environment"), run.run.info.environment},
        {QStringLiteral("analysis"), AnalysisJson::of(run, analysis)},
        {QStringLiteral("answer"), answerJson(ReportContent::answerOf(run, analysis))},
        {QStringLiteral("steps"), steps},
    };
    // Only where there is something to say, so a run of a model never quality-checked reads as before.
    if (!run.quality.isEmpty())
        report[QStringLiteral("quality")] = run.quality.toJson();
    return report;
}

ReportContent::Answer JsonReport::readAnswer(const QJsonObject& report)
{
    ReportContent::Answer a;
    const QJsonObject written = report.value(u"answer").toObject();
    if (!written.isEmpty()) {
        a.number = written.value(u"number").toString();
        a.summary = written.value(u"summary").toString();
        a.definition = written.value(u"definition").toString();
        a.bracket = written.value(u"bracket").toString();
        a.confidence = written.value(u"confidence").toString();
        a.lowestWall = written.value(u"lowest_wall").toString();
        a.knee = written.value(u"knee").toString();
        return a;
    }
    // A file from before: the same sentences, from the figures it holds.
    const QJsonObject analysis = report.value(u"analysis").toObject();
    const QJsonObject curve = analysis.value(u"concurrency").toObject();
    const QJsonObject o = curve.value(u"capacity").toObject();
    const bool byRate = curve.value(u"by").toString() == u"rate";
    const double percentile = analysis.value(u"settings").toObject().value(u"percentile").toDouble(99);
    Capacity c;
    const QString bound = o.value(u"bound").toString();
    c.bound = bound == u"between" ? Capacity::Bound::Between
        : bound == u"at_least"    ? Capacity::Bound::AtLeast
        : bound == u"below"       ? Capacity::Bound::Below
                                  : Capacity::Bound::None;
    c.load = o.value(u"load").toDouble(std::nan(""));
    c.low = o.value(u"low").toDouble(std::nan(""));
    c.high = o.value(u"high").toDouble(std::nan(""));
    c.failLoad = o.value(u"first_fail_load").toDouble(std::nan(""));
    c.metric = o.value(u"metric").toString();
    c.intervalOpen = o.value(u"interval_open").toBool();
    const QString limiting = analysis.value(u"walls").toObject().value(u"limiting").toString();
    std::optional<Wall::Kind> kind;
    for (const Wall::Kind k : {Wall::Kind::Saturation, Wall::Kind::Latency, Wall::Kind::Memory})
        if (limiting == Wall::name(k))
            kind = k;
    a = ReportContent::capacityAnswer(c, byRate, percentile, kind);
    const QJsonObject knee = curve.value(u"knee").toObject();
    if (knee.value(u"found").toBool() && knee.contains(u"evidence"))
        a.knee = QCoreApplication::translate("ReportContent", "Knee: %1: %2.")
                     .arg(text::load(knee.value(u"load").toDouble(), byRate), knee.value(u"evidence").toString());
    return a;
}

} // namespace kp::core
