// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/import/guidellmimporter.h"

#include <QDateTime>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::core {

namespace {

// The strategy moved from args.strategy (0.2/0.3) to config.strategy in later reports; either is accepted.
QJsonObject strategyOf(const QJsonObject& benchmark)
{
    for (const char* parent : {"args", "config", "scheduler"}) {
        QJsonObject s = benchmark.value(QLatin1String(parent)).toObject().value(u"strategy").toObject();
        if (!s.isEmpty())
            return s;
    }
    return {};
}

QString strategyType(const QJsonObject& strategy)
{
    const QString t = strategy.value(u"type_").toString();
    return t.isEmpty() ? strategy.value(u"type").toString() : t;
}

std::optional<double> seconds(const QJsonObject& r, const char* key)
{
    const QJsonValue v = r.value(QLatin1String(key));
    return v.isDouble() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

} // namespace

bool GuidellmImporter::recognizes(const QJsonObject& doc)
{
    const QJsonArray benchmarks = doc.value(u"benchmarks").toArray();
    if (benchmarks.isEmpty())
        return false;
    const QJsonObject first = benchmarks.first().toObject();
    return first.contains(u"requests") || first.contains(u"metrics") || !strategyOf(first).isEmpty();
}

std::optional<ImportedRun> GuidellmImporter::read(const QJsonObject& doc, const QString& fileName, QString* error)
{
    ImportedRun run;
    run.source = QStringLiteral("guidellm");
    run.sourceName = QStringLiteral("GuideLLM");
    run.files << fileName;
    const QJsonObject metadata = doc.value(u"metadata").toObject();
    run.toolVersion = metadata.value(u"guidellm_version").toString(metadata.value(u"version").toString());
    bool sampled = false, throughputPeak = false;
    std::uint64_t id = 0;
    for (const auto& bv : doc.value(u"benchmarks").toArray()) {
        const QJsonObject b = bv.toObject();
        const QJsonObject requests = b.value(u"requests").toObject();
        const QJsonObject worker = b.value(u"worker").toObject();
        if (run.model.isEmpty())
            run.model = worker.value(u"backend_model").toString();
        if (run.url.isEmpty())
            run.url = worker.value(u"backend_target").toString();
        if (run.startedUtc.isEmpty() && b.value(u"start_time").isDouble())
            run.startedUtc = QDateTime::fromMSecsSinceEpoch(qint64(b.value(u"start_time").toDouble() * 1000), Qt::UTC)
                                 .toString(Qt::ISODate);
        if (!b.value(u"sampled_size").isNull() && b.contains(u"sampled_size"))
            sampled = true;

        double firstStart = std::numeric_limits<double>::infinity();
        for (const char* kind : {"successful", "errored", "incomplete"})
            for (const auto& rv : requests.value(QLatin1String(kind)).toArray())
                if (const auto s = seconds(rv.toObject(), "start_time"))
                    firstStart = std::min(firstStart, *s);
        if (!std::isfinite(firstStart))
            continue;
        const auto rel = [firstStart](double s) { return ImportMapping::secondsToNs(s - firstStart); };

        ImportedStep step;
        for (const char* kind : {"successful", "errored", "incomplete"}) {
            const bool ok = qstrcmp(kind, "successful") == 0;
            const bool incomplete = qstrcmp(kind, "incomplete") == 0;
            for (const auto& rv : requests.value(QLatin1String(kind)).toArray()) {
                const QJsonObject o = rv.toObject();
                const auto start = seconds(o, "start_time");
                if (!start)
                    continue;
                RequestRecord r;
                r.id = id++;
                r.responseId = o.value(u"request_id").toString().toUtf8();
                r.sentNs = rel(*start);
                r.promptTokens = o.value(u"prompt_tokens").toInt(-1);
                const int out = o.value(u"output_tokens").toInt(-1);
                const auto end = seconds(o, "end_time");
                r.endNs = end ? rel(*end) : r.sentNs;
                const auto first = seconds(o, "first_token_time");
                const auto last = seconds(o, "last_token_time");
                if (ok) {
                    r.httpStatus = 200;
                    r.completionTokens = out;
                    if (first)
                        ImportMapping::spreadChunks(r, rel(*first), last ? rel(*last) : rel(*first), out);
                } else {
                    const QString message = o.value(u"error").toString();
                    r.error = incomplete ? ErrorClass::Cancelled : ImportMapping::errorClassOf(0, message);
                    r.errorMessage = incomplete
                        ? QStringLiteral("Still running when GuideLLM ended the benchmark (its \"incomplete\").")
                        : message.left(500);
                    // GuideLLM leaves its incomplete requests out of its statistics; so does Kneepoint, as warm-up.
                    r.warmup = incomplete;
                }
                step.records.push_back(std::move(r));
            }
        }

        const QJsonObject strategy = strategyOf(b);
        const QString type = strategyType(strategy);
        if (type == u"synchronous") {
            step.info.load = {{QStringLiteral("concurrency"), 1}};
        } else if (type == u"concurrent") {
            step.info.load = {{QStringLiteral("concurrency"), std::max(1, strategy.value(u"streams").toInt(1))}};
        } else if (strategy.value(u"rate").isDouble()) {
            // constant, poisson and the older async name: open loops at a rate.
            step.info.load = {{QStringLiteral("rate"), strategy.value(u"rate").toDouble()}};
        } else {
            // throughput: as many at once as GuideLLM could; the peak it reached stands for the level.
            int users = strategy.value(u"max_concurrency").toInt(0);
            const int peak = ImportMapping::peakInFlight(step.records);
            if (users <= 0 || peak < users) {
                users = std::max(1, peak);
                throughputPeak = true;
            }
            step.info.load = {{QStringLiteral("concurrency"), users}};
        }
        run.steps.push_back(std::move(step));
    }
    if (run.steps.empty()) {
        *error = QStringLiteral("%1 is a GuideLLM report without per-request timings: percentiles cannot be "
                                "recomputed from it. Save the report as JSON (--output-path benchmarks.json) without "
                                "limiting --output-sampling to 0, and import that file.")
                     .arg(fileName);
        return std::nullopt;
    }
    run.markNotRecorded(QStringLiteral("per-chunk arrival times (spread evenly between first and last token)"));
    if (sampled)
        run.markNotRecorded(QStringLiteral("every request (GuideLLM saved a random sample)"));
    if (throughputPeak)
        run.markNotRecorded(
            QStringLiteral("the throughput benchmark's concurrency (taken as the peak of requests in flight)"));
    run.markNotRecorded(QStringLiteral("warm-up and cool-down requests (GuideLLM leaves them out)"));
    run.markNotRecorded(QStringLiteral("server /metrics"));
    run.markNotRecorded(QStringLiteral("client CPU"));
    run.markNotRecorded(QStringLiteral("network round trip"));
    run.markNotRecorded(QStringLiteral("server vLLM version"));
    run.notes << QStringLiteral(
        "GuideLLM's TPOT includes the first token's wait; Kneepoint's TPOT excludes it and equals GuideLLM's ITL.");
    return run;
}

} // namespace kp::core
