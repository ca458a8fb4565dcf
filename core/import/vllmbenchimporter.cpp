// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/import/vllmbenchimporter.h"

#include <QDateTime>
#include <QJsonArray>
#include <queue>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace kp::core {

namespace {

// serve.py writes an unlimited rate as the string "inf".
double requestRate(const QJsonValue& v)
{
    if (v.isDouble())
        return v.toDouble();
    const QString s = v.toString().trimmed().toLower();
    bool ok = false;
    const double d = s.toDouble(&ok);
    return ok ? d : std::numeric_limits<double>::infinity();
}

// "20250102-153000" (the date serve.py writes) as ISO 8601.
QString isoDate(const QString& date)
{
    const QDateTime t = QDateTime::fromString(date, QStringLiteral("yyyyMMdd-HHmmss"));
    return t.isValid() ? t.toString(Qt::ISODate) : QString();
}

} // namespace

bool VllmBenchImporter::recognizes(const QJsonObject& doc)
{
    const bool perRequest = doc.contains(u"ttfts") && doc.contains(u"itls");
    const bool summary = doc.contains(u"mean_ttft_ms") && (doc.contains(u"completed") || doc.contains(u"num_prompts"));
    return perRequest || summary;
}

std::optional<ImportedRun> VllmBenchImporter::read(const QJsonObject& doc, const QString& fileName, QString* error)
{
    const QJsonArray ttfts = doc.value(u"ttfts").toArray();
    const QJsonArray itls = doc.value(u"itls").toArray();
    if (ttfts.isEmpty() || itls.size() != ttfts.size()) {
        *error = QStringLiteral("%1 is a vllm bench serve summary without per-request timings (ttfts, itls): "
                                "percentiles cannot be recomputed from it. Run vllm bench serve with --save-result "
                                "--save-detailed and import that file.")
                     .arg(fileName);
        return std::nullopt;
    }
    const QJsonArray inputLens = doc.value(u"input_lens").toArray();
    const QJsonArray outputLens = doc.value(u"output_lens").toArray();
    const QJsonArray errors = doc.value(u"errors").toArray();
    const QJsonArray startTimes = doc.value(u"start_times").toArray();
    const bool haveStarts = startTimes.size() == ttfts.size();

    ImportedRun run;
    run.source = QStringLiteral("vllm-bench-serve");
    run.sourceName = QStringLiteral("vllm bench serve");
    run.files << fileName;
    run.model = doc.value(u"model_id").toString();
    run.toolVersion = doc.value(u"vllm_version").toString(doc.value(u"version").toString());
    run.startedUtc = isoDate(doc.value(u"date").toString());
    run.url = doc.value(u"base_url").toString();

    const int n = int(ttfts.size());
    const double rate = requestRate(doc.value(u"request_rate"));
    const int maxConcurrency = doc.value(u"max_concurrency").toInt(0);
    const bool openLoop = std::isfinite(rate) && rate > 0;
    // Without a cap and with an unlimited rate, serve.py sends every prompt at once.
    const int users = maxConcurrency > 0 ? maxConcurrency : n;

    ImportedStep step;
    step.info.load = openLoop ? QJsonObject {{QStringLiteral("rate"), rate}}
                              : QJsonObject {{QStringLiteral("concurrency"), users}};
    if (openLoop && maxConcurrency > 0)
        run.notes << QStringLiteral("%1 ran at %2 req/s capped at %3 requests in flight; it is stored as a rate step.")
                         .arg(fileName)
                         .arg(rate)
                         .arg(maxConcurrency);

    // Older versions do not save when each request started: a schedule is rebuilt from the settings, each request
    // taking the first free slot at or after its arrival (evenly spaced at the rate: vLLM's draws are not saved).
    std::priority_queue<std::int64_t, std::vector<std::int64_t>, std::greater<>> freeAt;
    for (int i = 0; i < users; ++i)
        freeAt.push(0);
    double firstStart = std::numeric_limits<double>::infinity();
    if (haveStarts)
        for (const auto& v : startTimes)
            firstStart = std::min(firstStart, v.toDouble());
    int mismatchedChunks = 0;
    // vllm bench serve reads usage only from a chunk without choices. llama.cpp sends it beside them, so against
    // llama.cpp every output_lens is 0 while ttfts and itls are right: the lengths are then the chunks' count, less
    // the final chunk. That chunk carries finish_reason and the usage with an empty text ("" in llama.cpp's
    // completions stream), yet the client timed it as a token: counted, it made 65 tokens of the server's 64 and
    // put a token at the moment the stream closed, which lowered TPOT by a token's share.
    bool zeroLengths = n > 0;
    int answered = 0;
    for (int i = 0; i < n; ++i) {
        if (!errors.at(i).toString().isEmpty() || itls.at(i).toArray().isEmpty())
            continue;
        ++answered;
        zeroLengths = zeroLengths && outputLens.at(i).toInt(0) == 0;
    }
    zeroLengths = zeroLengths && answered > 0;
    for (int i = 0; i < n; ++i) {
        RequestRecord r;
        r.id = std::uint64_t(i);
        r.promptTokens = inputLens.at(i).toInt(-1);
        const QString message = errors.at(i).toString();
        const double ttft = ttfts.at(i).toDouble(-1);
        const QJsonArray gaps = itls.at(i).toArray();
        // Counted from the chunks, the last chunk is the empty one that ends the stream: not a token.
        const bool lastChunkEmpty = zeroLengths && ttft >= 0;
        const int out = lastChunkEmpty ? int(gaps.size()) : outputLens.at(i).toInt(0);
        const bool failed = !message.isEmpty() || (out == 0 && ttft <= 0 && gaps.isEmpty());
        // Relative times first; the start is added once it is known.
        std::vector<std::int64_t> arrivals;
        if (!failed && ttft >= 0) {
            std::int64_t t = ImportMapping::secondsToNs(ttft);
            arrivals.push_back(t);
            for (const auto& g : gaps) {
                t += ImportMapping::secondsToNs(g.toDouble());
                arrivals.push_back(t);
            }
        }
        // The request still ended when that chunk came: the end keeps its time, the tokens do not.
        const std::int64_t streamEnd = arrivals.empty() ? 0 : arrivals.back();
        if (lastChunkEmpty && !arrivals.empty())
            arrivals.pop_back();
        const std::int64_t duration = streamEnd;
        std::int64_t start = 0;
        if (haveStarts) {
            start = ImportMapping::secondsToNs(startTimes.at(i).toDouble() - firstStart);
        } else {
            const std::int64_t arrival = openLoop ? std::llround(1e9 * i / rate) : 0;
            start = std::max(arrival, freeAt.top());
            freeAt.pop();
            freeAt.push(start + duration);
        }
        r.sentNs = start;
        if (failed) {
            r.error = ImportMapping::errorClassOf(0, message);
            r.errorMessage = message.isEmpty() ? QStringLiteral("No output (vllm bench serve saved no error text).")
                                               : message.left(500);
            r.endNs = start;
        } else {
            for (std::int64_t& a : arrivals)
                a += start;
            ImportMapping::setChunks(r, arrivals, out);
            if (out != int(arrivals.size()))
                ++mismatchedChunks;
            r.completionTokens = zeroLengths ? -1 : out; // -1: counted from the chunks, not reported
            r.endNs = start + streamEnd;
            r.httpStatus = 200;
        }
        step.records.push_back(std::move(r));
    }
    run.steps.push_back(std::move(step));

    if (!haveStarts)
        run.markNotRecorded(openLoop
                ? QStringLiteral("request start times (rebuilt from the rate, evenly spaced, and the concurrency cap)")
                : QStringLiteral("request start times (rebuilt from the concurrency: each request took the first free "
                                 "slot)"));
    if (mismatchedChunks > 0)
        run.markNotRecorded(QStringLiteral("tokens per chunk (shared evenly over a request's chunks)"));
    if (zeroLengths) {
        run.outputLengthsRecorded = false;
        run.markNotRecorded(QStringLiteral("output lengths (every output_lens is 0; counted from the chunks)"));
        run.notes << QStringLiteral(
            "%1: every output_lens is 0 although the requests streamed tokens. vllm bench serve reads usage only "
            "from a chunk without choices, and servers such as llama.cpp send it beside them; the lengths were "
            "counted from itls (one token a chunk, less the final chunk, which ends the stream with no text) instead.")
                         .arg(fileName);
    }
    run.markNotRecorded(QStringLiteral("server /metrics"));
    run.markNotRecorded(QStringLiteral("client CPU"));
    run.markNotRecorded(QStringLiteral("network round trip"));
    run.markNotRecorded(QStringLiteral("server vLLM version"));
    if (doc.value(u"backend").toString().contains(u"chat"))
        run.notes << QStringLiteral(
            "vllm bench serve timed the first token of a chat stream at its first message, which can be the empty "
            "role chunk: its TTFT may be a little lower than Kneepoint's.");
    return run;
}

} // namespace kp::core
