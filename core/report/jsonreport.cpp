// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/jsonreport.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/analysis/trustchecks.h"
#include "core/analysis/walls.h"
#include "core/common/textformat.h"
#include "core/report/analysisjson.h"

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

QJsonArray keyValues(const std::vector<ReportContent::KeyValue>& items)
{
    QJsonArray out;
    for (const ReportContent::KeyValue& kv : items)
        out.append(QJsonObject {{QStringLiteral("key"), kv.key}, {QStringLiteral("value"), kv.value}});
    return out;
}

std::vector<ReportContent::KeyValue> readKeyValues(const QJsonValue& v)
{
    std::vector<ReportContent::KeyValue> out;
    for (const QJsonValue item : v.toArray())
        out.push_back({item[u"key"].toString(), item[u"value"].toString()});
    return out;
}

QJsonArray rowsJson(const std::vector<QStringList>& rows)
{
    QJsonArray out;
    for (const QStringList& row : rows)
        out.append(QJsonArray::fromStringList(row));
    return out;
}

QStringList strings(const QJsonValue& v)
{
    QStringList out;
    for (const QJsonValue item : v.toArray())
        out << item.toString();
    return out;
}

QJsonObject tableJson(const ReportContent::Table& t)
{
    QJsonObject table {{QStringLiteral("title"), t.title},
        {QStringLiteral("header"), QJsonArray::fromStringList(t.header)}, {QStringLiteral("rows"), rowsJson(t.rows)}};
    if (!t.id.isEmpty()) // only the tables a face shows on their own have one
        table[QStringLiteral("id")] = t.id;
    return table;
}

ReportContent::Table readTable(const QJsonValue& v)
{
    ReportContent::Table t;
    t.id = v[u"id"].toString();
    t.title = v[u"title"].toString();
    t.header = strings(v[u"header"]);
    for (const QJsonValue row : v[u"rows"].toArray())
        t.rows.push_back(strings(row));
    return t;
}

QJsonObject findingJson(const Finding& f)
{
    return {{QStringLiteral("id"), f.id}, {QStringLiteral("severity"), Finding::severityName(f.severity)},
        {QStringLiteral("title"), f.title}, {QStringLiteral("measured"), f.measured},
        {QStringLiteral("meaning"), f.meaning}, {QStringLiteral("why"), f.why}, {QStringLiteral("lesson"), f.lessonId}};
}

QList<Finding> readFindings(const QJsonValue& v)
{
    QList<Finding> out;
    for (const QJsonValue item : v.toArray()) {
        Finding f;
        f.id = item[u"id"].toString();
        for (const Finding::Severity s :
            {Finding::Severity::Problem, Finding::Severity::Background, Finding::Severity::Healthy})
            if (item[u"severity"].toString() == Finding::severityName(s))
                f.severity = s;
        f.title = item[u"title"].toString();
        f.measured = item[u"measured"].toString();
        f.meaning = item[u"meaning"].toString();
        f.why = item[u"why"].toString();
        f.lessonId = item[u"lesson"].toString();
        out << f;
    }
    return out;
}

// Each finding in the document's list for its severity, in the order read.
void placeFindings(ReportContent& c, const QList<Finding>& findings)
{
    for (const Finding& f : findings) {
        switch (f.severity) {
        case Finding::Severity::Problem:
            c.problems << f;
            break;
        case Finding::Severity::Background:
            c.background << f;
            break;
        case Finding::Severity::Healthy:
            c.healthy << f;
            break;
        }
    }
}

QJsonArray tryNextJson(const std::vector<ReportContent::TryNext>& list)
{
    QJsonArray out;
    for (const ReportContent::TryNext& t : list)
        out.append(QJsonObject {{QStringLiteral("flag"), t.flag.flag}, {QStringLiteral("value"), t.flag.value},
            {QStringLiteral("command_line"), t.flag.commandLine}, {QStringLiteral("why"), t.flag.why},
            {QStringLiteral("valid_for_version"), t.flag.validForVersion},
            {QStringLiteral("version_note"), t.flag.versionNote}, {QStringLiteral("for"), t.forFinding},
            {QStringLiteral("prediction"), t.prediction}, {QStringLiteral("rank"), t.rank}});
    return out;
}

std::vector<ReportContent::TryNext> readTryNext(const QJsonValue& v)
{
    std::vector<ReportContent::TryNext> out;
    for (const QJsonValue item : v.toArray()) {
        ReportContent::TryNext t;
        t.flag.flag = item[u"flag"].toString();
        t.flag.value = item[u"value"].toString();
        t.flag.commandLine = item[u"command_line"].toString();
        t.flag.why = item[u"why"].toString();
        t.flag.validForVersion = item[u"valid_for_version"].toBool(true);
        t.flag.versionNote = item[u"version_note"].toString();
        t.forFinding = item[u"for"].toString();
        t.prediction = item[u"prediction"].toString();
        t.rank = item[u"rank"].toInt();
        out.push_back(t);
    }
    return out;
}

QJsonObject checkJson(const TrustCheck& c)
{
    return {{QStringLiteral("id"), c.id}, {QStringLiteral("title"), c.title}, {QStringLiteral("claim"), c.claim},
        {QStringLiteral("doubt"), c.doubt}, {QStringLiteral("status"), TrustCheck::statusName(c.status)},
        {QStringLiteral("detail"), c.detail}};
}

TrustCheck::Status statusOf(const QString& name)
{
    for (const TrustCheck::Status s :
        {TrustCheck::Status::Pass, TrustCheck::Status::Warn, TrustCheck::Status::Fail, TrustCheck::Status::NotMeasured})
        if (name == TrustCheck::statusName(s))
            return s;
    return TrustCheck::Status::NotMeasured;
}

ReportContent::Light lightOf(const QString& name)
{
    for (const ReportContent::Light l : {ReportContent::Light::Green, ReportContent::Light::Amber,
             ReportContent::Light::Red, ReportContent::Light::Grey})
        if (name == ReportContent::lightName(l))
            return l;
    return ReportContent::Light::Grey;
}

ReportContent::Answer readAnswerObject(const QJsonObject& written)
{
    ReportContent::Answer a;
    a.number = written.value(u"number").toString();
    a.summary = written.value(u"summary").toString();
    a.definition = written.value(u"definition").toString();
    a.bracket = written.value(u"bracket").toString();
    a.confidence = written.value(u"confidence").toString();
    a.lowestWall = written.value(u"lowest_wall").toString();
    a.knee = written.value(u"knee").toString();
    return a;
}

} // namespace

QJsonObject JsonReport::document(const ReportContent& c)
{
    QJsonArray doubts;
    for (const TrustCheck& t : c.doubts)
        doubts.append(checkJson(t));
    QJsonArray score;
    for (const ReportContent::ScoreRow& r : c.score)
        score.append(QJsonObject {{QStringLiteral("light"), ReportContent::lightName(r.light)},
            {QStringLiteral("cells"), QJsonArray::fromStringList(r.cells)}});
    QJsonArray findings;
    for (const QList<Finding>* list : {&c.problems, &c.background, &c.healthy})
        for (const Finding& f : *list)
            findings.append(findingJson(f));
    QJsonArray appendix;
    for (const ReportContent::Table& t : c.appendix)
        appendix.append(tableJson(t));
    return {{QStringLiteral("title"), c.title}, {QStringLiteral("subtitle"), c.subtitle},
        {QStringLiteral("identity"), keyValues(c.identity)}, {QStringLiteral("doubts"), doubts},
        {QStringLiteral("verdict"), c.verdict}, {QStringLiteral("answer"), answerJson(c.answer)},
        {QStringLiteral("score_header"), QJsonArray::fromStringList(c.scoreHeader)}, {QStringLiteral("score"), score},
        {QStringLiteral("score_note"), c.scoreNote}, {QStringLiteral("findings"), findings},
        {QStringLiteral("try_next_intro"), c.tryNextIntro}, {QStringLiteral("try_next"), tryNextJson(c.tryNext)},
        {QStringLiteral("not_worth_trying"), tryNextJson(c.notWorthTrying)},
        {QStringLiteral("walls"), QJsonArray::fromStringList(c.walls)},
        {QStringLiteral("physics"), QJsonArray::fromStringList(c.physics)},
        {QStringLiteral("quality"), QJsonArray::fromStringList(c.quality)},
        {QStringLiteral("definitions"), tableJson(c.definitions)},
        {QStringLiteral("environment"), keyValues(c.environment)}, {QStringLiteral("appendix"), appendix}};
}

QJsonObject JsonReport::write(const RunData& run, const RunAnalysis& analysis, const ReportContent* content)
{
    // The document every face renders: the one given (made under the settings on screen, its flags checked against
    // the twin), or the run's own under the analysis's settings.
    const ReportContent made = content ? ReportContent {} : ReportContent::of(run, analysis);
    const ReportContent& c = content ? *content : made;

    const RunSummary& s = run.summary;
    const double scale = run.timeScale;
    QJsonArray steps;
    for (const StepData& st : run.steps) {
        QJsonObject failures;
        for (const auto& [cls, n] : st.stats.failures)
            failures[errorClassName(cls)] = n;
        QJsonObject step {
            {QStringLiteral("index"), st.index},
            {QStringLiteral("phase"), phaseName(st.phase)},
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
            // A reasoning model's first answer token, and its thinking and answer tokens (empty when it did not think).
            {QStringLiteral("ttfo_ms"), distribution(Distribution::of(st.ttfoSorted))},
            {QStringLiteral("thinking_tokens"), distribution(st.stats.thinkingTokens)},
            {QStringLiteral("answer_tokens"), distribution(st.stats.answerTokens)},
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
        };
        // A run sent to several models (--models): each one's figures, in the server's time.
        if (!st.byModel.empty()) {
            QJsonArray models;
            for (const StepData::ModelRequests& m : st.byModel)
                models.append(QJsonObject {{QStringLiteral("model"), m.model},
                    {QStringLiteral("succeeded"), m.succeeded}, {QStringLiteral("failed"), m.failed},
                    {QStringLiteral("ttft_ms"), distribution(Distribution::of(m.ttftSorted))},
                    {QStringLiteral("tpot_ms"), distribution(Distribution::of(m.tpotSorted))},
                    {QStringLiteral("output_tokens_per_s"), st.outputTokensPerSecond(m, scale)}});
            step[QStringLiteral("models")] = models;
        }
        steps.append(step);
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
                {QStringLiteral("time_scale"), run.timeScale}, {QStringLiteral("round_trip_ms"), run.roundTripMs},
                {QStringLiteral("name"), s.annotation.name}, {QStringLiteral("notes"), s.annotation.notes},
                {QStringLiteral("tags"), QJsonArray::fromStringList(s.annotation.tags)}}},
        {QStringLiteral("options"), run.stored.options},
        {QStringLiteral("facts"), run.stored.facts},
        {QStringLiteral("environment"), run.stored.environment},
        {QStringLiteral("analysis"), AnalysisJson::of(run, analysis)},
        {QStringLiteral("answer"), answerJson(c.answer)},
        {QStringLiteral("document"), document(c)},
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
    if (!written.isEmpty())
        return readAnswerObject(written);
    // A file from before: the same sentences, from the figures it holds.
    const QJsonObject analysis = report.value(u"analysis").toObject();
    const QJsonObject curve = analysis.value(u"concurrency").toObject();
    const QJsonObject o = curve.value(u"capacity").toObject();
    const bool byRate = curve.value(u"by").toString() == u"rate";
    const double percentile = analysis.value(u"settings").toObject().value(u"percentile").toDouble(99);
    Capacity c;
    c.bound = Capacity::boundNamed(o.value(u"bound").toString());
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

namespace {

// A file written before reports carried their document: the document, made from the figures the file holds the way
// ReportContent::of() makes it from a run. What those files do not hold (the physics, the advice, the appendix) is
// left out rather than guessed.
ReportContent readWithoutDocument(const QJsonObject& report)
{
    ReportContent c;
    const QJsonObject run = report.value(u"run").toObject();
    const QJsonObject analysis = report.value(u"analysis").toObject();
    const QJsonObject curve = analysis.value(u"concurrency").toObject();
    const bool byRate = curve.value(u"by").toString() == u"rate";
    const double percentile = analysis.value(u"settings").toObject().value(u"percentile").toDouble(99);
    const QString p = QStringLiteral("p") + text::number(percentile);
    // The sentences ReportContent::of() writes, in its translation context: the same words as a run's own report.
    const auto said = [](const char* source) { return QCoreApplication::translate("ReportContent", source); };
    const auto loadOf = [byRate](const QJsonValue& v) {
        return v.isDouble() ? text::load(v.toDouble(), byRate) : QStringLiteral("–");
    };

    c.title = said("Kneepoint report: run %1").arg(run.value(u"id").toInteger());
    c.subtitle = said("%1 at %2").arg(run.value(u"model").toString(), run.value(u"url").toString());
    c.identity = {
        {said("Run"), QStringLiteral("%1, %2").arg(run.value(u"id").toInteger()).arg(run.value(u"status").toString())},
        {said("Server"), run.value(u"url").toString()}, {said("Model"), run.value(u"model").toString()},
        {said("Started"), run.value(u"started").toString()}};
    if (!run.value(u"reason").toString().isEmpty())
        c.identity.push_back({said("Status"), run.value(u"reason").toString()});

    // Failures first, then warnings; a file from before checks had a doubt title carries the claim even where the
    // check failed, so the doubt is found by the check's id.
    for (const TrustCheck::Status wanted : {TrustCheck::Status::Fail, TrustCheck::Status::Warn}) {
        for (const QJsonValue v : analysis.value(u"trust").toArray()) {
            TrustCheck t;
            t.status = statusOf(v[u"status"].toString());
            if (t.status != wanted)
                continue;
            t.id = v[u"id"].toString();
            t.detail = v[u"detail"].toString();
            t.claim = v[u"claim"].toString();
            t.title = v[u"title"].toString();
            if (!v.toObject().contains(u"claim")) {
                t.claim = t.title;
                const QString doubt = TrustChecks::titles(t.id, percentile).doubt;
                if (!doubt.isEmpty())
                    t.title = doubt;
            }
            t.doubt = t.title;
            c.doubts << t;
        }
    }
    c.verdict = analysis.value(u"verdict").toString();
    c.answer = JsonReport::readAnswer(report);

    c.scoreHeader = {said("load"), said("TTFT %1 ms").arg(p), said("TPOT %1 ms").arg(p), said("E2EL %1 ms").arg(p),
        said("output tok/s"), said("within targets"), said("failed"), said("targets")};
    // The time to the first answer token has its column where the report had it: a model that thought, or a target.
    bool ttfo = analysis.value(u"settings").toObject().value(u"ttfo_ms").isDouble();
    for (const QJsonValue v : curve.value(u"points").toArray())
        ttfo = ttfo || v.toObject().value(u"thinking_requests").toInt() > 0;
    if (ttfo)
        c.scoreHeader.insert(2, said("TTFO %1 ms").arg(p));
    // A file written before ttft_shown_ms carries TTFT with the round trip in: take it off as the report did.
    const double roundTrip = std::max(0.0, run.value(u"round_trip_ms").toDouble(0));
    bool withinRoundTrip = false;
    QStringList disturbed;
    for (const QJsonValue v : curve.value(u"points").toArray()) {
        const QJsonObject pt = v.toObject();
        CurvePoint shown;
        shown.roundTripMs = roundTrip;
        shown.ttft.value = pt.value(u"ttft_ms").toObject().value(u"value").toDouble(std::nan(""));
        const double ttft = pt.contains(u"ttft_shown_ms") ? pt.value(u"ttft_shown_ms").toDouble(std::nan(""))
                                                          : shown.shown(QStringLiteral("TTFT"));
        const bool within = pt.contains(u"ttft_within_round_trip") ? pt.value(u"ttft_within_round_trip").toBool()
                                                                   : shown.withinRoundTrip(QStringLiteral("TTFT"));
        withinRoundTrip = withinRoundTrip || within;
        if (pt.value(u"disturbed").toBool())
            disturbed << loadOf(pt.value(u"load"));
        const auto ms = [&pt](const char16_t* key) {
            return ReportContent::milliseconds(pt.value(key).toObject().value(u"value").toDouble(std::nan("")));
        };
        const bool met = pt.value(u"meets_targets").toBool();
        const QJsonValue attainment = pt.value(u"slo_attainment");
        ReportContent::ScoreRow row;
        row.light = met ? ReportContent::Light::Grey : ReportContent::Light::Red;
        row.cells << loadOf(pt.value(u"load")) + (pt.value(u"disturbed").toBool() ? QStringLiteral(" †") : QString())
                  << ReportContent::milliseconds(ttft) + (within ? QStringLiteral("*") : QString());
        if (ttfo) {
            const double shownTtfo = pt.value(u"ttfo_shown_ms").toDouble(std::nan(""));
            row.cells << ReportContent::milliseconds(shownTtfo)
                    + (roundTrip > 0 && shownTtfo == 0 ? QStringLiteral("*") : QString());
        }
        row.cells << ms(u"tpot_ms") << ms(u"e2el_ms")
                  << (pt.value(u"output_tokens_per_s").isDouble()
                             ? text::number(pt.value(u"output_tokens_per_s").toDouble(), 0)
                             : QStringLiteral("–"))
                  << (attainment.isDouble() ? text::percent(attainment.toDouble()) : QStringLiteral("–"))
                  << QString::number(pt.value(u"failed").toInt())
                  << (met ? said("met") : said("missed: %1").arg(strings(pt.value(u"missed")).join(u", ")));
        c.score.push_back(row);
    }
    if (roundTrip > 0)
        c.scoreNote = said("TTFT leaves out the network's %1 round trip to the server, as the targets, the verdict and "
                           "the charts do.")
                          .arg(text::milliseconds(roundTrip));
    if (withinRoundTrip)
        c.scoreNote += u' '
            + said("* TTFT within the network's round trip of %1: as measured it was no longer than the round trip, so "
                   "the server's part is shown as 0.")
                  .arg(text::milliseconds(roundTrip));
    if (!disturbed.isEmpty())
        c.scoreNote += u' '
            + said(
                "† Disturbed by the measurement itself at %1 (the client fell behind, or the simulator lagged its own "
                "clock: see the doubts above the verdict): those figures may be partly the measurement's.")
                  .arg(text::list(disturbed));
    c.scoreNote = c.scoreNote.trimmed();

    const QJsonObject walls = analysis.value(u"walls").toObject();
    for (const Wall::Kind kind : {Wall::Kind::Saturation, Wall::Kind::Latency, Wall::Kind::Memory}) {
        const QJsonObject w = walls.value(Wall::name(kind)).toObject();
        const QString state = !w.value(u"visible").toBool(true) ? said("not visible")
            : w.value(u"reached").toBool()                      ? said("reached at %1").arg(loadOf(w.value(u"load")))
                                                                : said("not reached");
        const bool limiting = walls.value(u"limiting").toString() == Wall::name(kind);
        c.walls << QStringLiteral("%1: %2%3; %4.")
                       .arg(Wall::title(kind), state, limiting ? said(" (the limit)") : QString(),
                           w.value(u"evidence").toString());
    }
    placeFindings(c, readFindings(analysis.value(u"findings")));
    return c;
}

} // namespace

std::optional<JsonReport::Source> JsonReport::sourceOf(const QJsonObject& json)
{
    if (json.value(u"schema").toString() != u"kneepoint-report")
        return std::nullopt;
    const QJsonObject run = json.value(u"run").toObject();
    return Source {run.value(u"id").toInteger(-1), run.value(u"started").toString()};
}

ReportContent JsonReport::read(const QJsonObject& report)
{
    const QJsonObject d = report.value(u"document").toObject();
    if (d.isEmpty())
        return readWithoutDocument(report);
    ReportContent c;
    c.title = d.value(u"title").toString();
    c.subtitle = d.value(u"subtitle").toString();
    c.identity = readKeyValues(d.value(u"identity"));
    for (const QJsonValue v : d.value(u"doubts").toArray()) {
        TrustCheck t;
        t.id = v[u"id"].toString();
        t.title = v[u"title"].toString();
        t.claim = v[u"claim"].toString();
        t.doubt = v[u"doubt"].toString();
        t.status = statusOf(v[u"status"].toString());
        t.detail = v[u"detail"].toString();
        c.doubts << t;
    }
    c.verdict = d.value(u"verdict").toString();
    c.answer = readAnswerObject(d.value(u"answer").toObject());
    c.scoreHeader = strings(d.value(u"score_header"));
    for (const QJsonValue v : d.value(u"score").toArray())
        c.score.push_back({strings(v[u"cells"]), lightOf(v[u"light"].toString())});
    c.scoreNote = d.value(u"score_note").toString();
    placeFindings(c, readFindings(d.value(u"findings")));
    c.tryNextIntro = d.value(u"try_next_intro").toString();
    c.tryNext = readTryNext(d.value(u"try_next"));
    c.notWorthTrying = readTryNext(d.value(u"not_worth_trying"));
    c.walls = strings(d.value(u"walls"));
    c.physics = strings(d.value(u"physics"));
    c.quality = strings(d.value(u"quality"));
    c.definitions = readTable(d.value(u"definitions"));
    c.environment = readKeyValues(d.value(u"environment"));
    for (const QJsonValue v : d.value(u"appendix").toArray())
        c.appendix.push_back(readTable(v));
    return c;
}

} // namespace kp::core
