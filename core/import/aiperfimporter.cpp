// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/import/aiperfimporter.h"

#include "core/common/boundedfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::core {

namespace {

QJsonObject firstRecord(const QByteArray& data)
{
    for (const QByteArray& line : data.split('\n')) {
        const QByteArray t = line.trimmed();
        if (t.isEmpty())
            continue;
        return QJsonDocument::fromJson(t).object();
    }
    return {};
}

// A metric's value in nanoseconds; nullopt when absent, null, or in a unit that is not a time.
std::optional<double> timeNs(const QJsonObject& metrics, const char* name)
{
    const QJsonObject m = metrics.value(QLatin1String(name)).toObject();
    const QJsonValue v = m.value(u"value");
    if (!v.isDouble())
        return std::nullopt;
    return ImportMapping::toNs(v.toDouble(), m.value(u"unit").toString(QStringLiteral("ms")));
}

int count(const QJsonObject& metrics, const char* name)
{
    const QJsonValue v = metrics.value(QLatin1String(name)).toObject().value(u"value");
    return v.isDouble() ? int(std::lround(v.toDouble())) : -1;
}

// The first value under `key` anywhere in `v`: AIPerf's configuration has moved its fields between versions
// (loadgen.concurrency, phases.profiling.concurrency), so the aggregate is searched rather than walked.
QJsonValue find(const QJsonValue& v, QStringView key)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        QJsonValue direct = o.value(key);
        if (!direct.isUndefined() && !direct.isNull())
            return direct;
        for (auto it = o.begin(); it != o.end(); ++it) {
            QJsonValue found = find(it.value(), key);
            if (!found.isUndefined())
                return found;
        }
    } else if (v.isArray()) {
        for (const auto& e : v.toArray()) {
            QJsonValue found = find(e, key);
            if (!found.isUndefined())
                return found;
        }
    }
    return QJsonValue(QJsonValue::Undefined);
}

QString firstString(const QJsonValue& v)
{
    if (v.isString())
        return v.toString();
    if (v.isArray() && !v.toArray().isEmpty())
        return firstString(v.toArray().first());
    if (v.isObject())
        return v.toObject().value(u"name").toString();
    return {};
}

} // namespace

bool AiperfImporter::recognizesRecords(const QByteArray& data)
{
    const QJsonObject first = firstRecord(data);
    return first.value(u"metadata").isObject() && (first.contains(u"metrics") || first.contains(u"error"));
}

bool AiperfImporter::recognizesAggregate(const QJsonObject& doc)
{
    if (doc.contains(u"aiperf_version"))
        return true;
    const QJsonObject ttft = doc.value(u"time_to_first_token").toObject();
    const QJsonObject latency = doc.value(u"request_latency").toObject();
    return (ttft.contains(u"avg") || latency.contains(u"avg")) && doc.contains(u"input_config");
}

QJsonObject AiperfImporter::aggregateBeside(const QString& recordsPath)
{
    const QFileInfo info(recordsPath);
    // profile_export.jsonl goes with profile_export_aiperf.json; a --profile-export-prefix P gives P.jsonl and
    // P_aiperf.json.
    QString base = info.completeBaseName();
    const QStringList candidates {base + QStringLiteral("_aiperf.json"), QStringLiteral("profile_export_aiperf.json")};
    for (const QString& name : candidates) {
        // Optional, so a pipe or an outsized file by that name is passed over rather than read (BoundedFile).
        QString ignored;
        const std::optional<QByteArray> content
            = BoundedFile::read(info.dir().filePath(name), qint64(256) << 20, &ignored);
        if (!content)
            continue;
        QJsonObject doc = QJsonDocument::fromJson(*content).object();
        if (recognizesAggregate(doc))
            return doc;
    }
    return {};
}

std::optional<ImportedRun> AiperfImporter::read(
    const QByteArray& data, const QString& fileName, const QJsonObject& aggregate, QString* error)
{
    ImportedRun run;
    run.source = QStringLiteral("aiperf");
    run.sourceName = QStringLiteral("AIPerf");
    run.files << fileName;
    ImportedStep step;
    std::int64_t firstStart = std::numeric_limits<std::int64_t>::max();
    struct Line
    {
        QJsonObject metadata, metrics, error;
    };
    std::vector<Line> lines;
    for (const QByteArray& raw : data.split('\n')) {
        const QByteArray t = raw.trimmed();
        if (t.isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(t).object();
        if (!o.value(u"metadata").isObject())
            continue;
        lines.push_back(
            {o.value(u"metadata").toObject(), o.value(u"metrics").toObject(), o.value(u"error").toObject()});
        const QJsonValue start = lines.back().metadata.value(u"request_start_ns");
        if (start.isDouble())
            firstStart = std::min(firstStart, std::int64_t(start.toInteger()));
    }
    if (lines.empty() || firstStart == std::numeric_limits<std::int64_t>::max()) {
        *error = QStringLiteral("%1 has no AIPerf records with a request_start_ns: use the profile_export.jsonl of an "
                                "aiperf profile run.")
                     .arg(fileName);
        return std::nullopt;
    }
    bool spread = false, noTtft = false;
    int mismatchedChunks = 0;
    std::uint64_t id = 0;
    for (const Line& l : lines) {
        RequestRecord r;
        r.id = id++;
        r.responseId = l.metadata.value(u"x_request_id").toString().toUtf8();
        r.warmup = l.metadata.value(u"benchmark_phase").toString() == u"warmup";
        // Epoch nanoseconds need 61 bits: read as integers (a double would round them to 256 ns).
        const auto rel = [firstStart](const QJsonValue& v) {
            return v.isDouble() ? std::int64_t(v.toInteger()) - firstStart : std::int64_t(-1);
        };
        r.sentNs = rel(l.metadata.value(u"request_start_ns"));
        r.headersNs = rel(l.metadata.value(u"request_ack_ns"));
        const std::int64_t endNs = rel(l.metadata.value(u"request_end_ns"));
        r.promptTokens = count(l.metrics, "input_sequence_length");
        if (r.promptTokens < 0)
            r.promptTokens = count(l.metrics, "error_isl");
        if (!l.error.isEmpty() || l.metadata.value(u"was_cancelled").toBool()) {
            const int code = l.error.value(u"code").toInt(0);
            const QString message
                = l.error.value(u"type").toString() + QStringLiteral(": ") + l.error.value(u"message").toString();
            r.httpStatus = code;
            r.error = l.metadata.value(u"was_cancelled").toBool() ? ErrorClass::Cancelled
                                                                  : ImportMapping::errorClassOf(code, message);
            r.errorMessage = message.left(500);
            r.endNs = endNs >= 0 ? endNs : r.sentNs;
            step.records.push_back(std::move(r));
            continue;
        }
        r.httpStatus = 200;
        int out = count(l.metrics, "output_sequence_length");
        if (out < 0)
            out = count(l.metrics, "output_token_count");
        r.completionTokens = out;
        const std::optional<double> ttft = timeNs(l.metrics, "time_to_first_token");
        const std::optional<double> latency = timeNs(l.metrics, "request_latency");
        const QJsonObject icl = l.metrics.value(u"inter_chunk_latency").toObject();
        const std::optional<double> iclUnit = ImportMapping::toNs(1, icl.value(u"unit").toString(QStringLiteral("ms")));
        const std::int64_t lastNs = latency ? r.sentNs + std::llround(*latency) : endNs;
        if (ttft && icl.value(u"value").isArray() && iclUnit) {
            std::vector<std::int64_t> arrivals {r.sentNs + std::llround(*ttft)};
            for (const auto& g : icl.value(u"value").toArray())
                arrivals.push_back(arrivals.back() + std::llround(g.toDouble() * *iclUnit));
            ImportMapping::setChunks(r, arrivals, out);
            mismatchedChunks += out != int(arrivals.size()) ? 1 : 0;
        } else if (ttft) {
            ImportMapping::spreadChunks(r, r.sentNs + std::llround(*ttft), lastNs, out);
            spread = true;
        } else {
            noTtft = true;
        }
        r.endNs = r.chunks.empty() ? lastNs : std::max(r.chunks.back().ns, lastNs);
        step.records.push_back(std::move(r));
    }

    run.toolVersion = aggregate.value(u"aiperf_version").toString();
    const QJsonValue config = aggregate.value(u"input_config");
    run.model = firstString(find(config, u"model_names"));
    if (run.model.isEmpty())
        run.model = firstString(find(find(config, u"models"), u"items"));
    run.url = firstString(find(config, u"urls"));
    if (run.url.isEmpty())
        run.url = firstString(find(config, u"url"));
    const QString started = aggregate.value(u"start_time").toString();
    run.startedUtc = started;
    const double rate = find(config, u"request_rate").toDouble(0);
    int users = find(config, u"concurrency").toInt(0);
    if (rate > 0) {
        step.info.load = {{QStringLiteral("rate"), rate}};
    } else {
        if (users <= 0) {
            users = std::max(1, ImportMapping::peakInFlight(step.records));
            run.markNotRecorded(QStringLiteral(
                "the concurrency (taken as the peak of requests in flight; profile_export_aiperf.json was not beside "
                "the records)"));
        }
        step.info.load = {{QStringLiteral("concurrency"), users}};
    }
    run.steps.push_back(std::move(step));
    if (spread)
        run.markNotRecorded(QStringLiteral("per-chunk arrival times (spread evenly between first and last token)"));
    if (noTtft)
        run.markNotRecorded(QStringLiteral("time to first token (the requests did not stream)"));
    if (mismatchedChunks > 0)
        run.markNotRecorded(QStringLiteral("tokens per chunk (shared evenly over a request's chunks)"));
    run.markNotRecorded(QStringLiteral("server /metrics"));
    run.markNotRecorded(QStringLiteral("client CPU"));
    run.markNotRecorded(QStringLiteral("network round trip"));
    run.markNotRecorded(QStringLiteral("server vLLM version"));
    return run;
}

} // namespace kp::core
