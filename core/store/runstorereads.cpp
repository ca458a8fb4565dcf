// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// RunStore: Reading runs, steps, requests and samples back.
#include "core/store/chunkcodec.h"
#include "core/store/runstore.h"
#include "core/store/storeerrors.h"
#include "core/store/storeschema.h"
#include "core/store/writerlock.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>

namespace kp::core {

using namespace storage;

namespace {

// The columns a RunSummary is read from, in the order readSummary() expects.
const QString kSummaryColumns = QStringLiteral(
    "r.id, r.started_utc, r.finished_utc, r.status, r.status_reason, r.url, r.model, r.gpu, r.product, "
    "(SELECT count(*) FROM steps s WHERE s.run_id = r.id AND s.open = 0), "
    "(SELECT coalesce(sum(s.request_count), 0) FROM steps s WHERE s.run_id = r.id AND s.open = 0), r.demo, "
    "r.time_scale, r.name, r.notes, r.tags");
const int kSummaryColumnCount = 16;

RunSummary readSummary(const QSqlQuery& q)
{
    RunSummary s;
    s.id = q.value(0).toLongLong();
    s.startedUtc = q.value(1).toString();
    s.finishedUtc = q.value(2).toString();
    // A status written by a newer build reads as failed rather than as a run still in progress.
    s.status = runStatusFromName(q.value(3).toString()).value_or(RunStatus::Failed);
    s.statusReason = q.value(4).toString();
    s.url = withoutCredentials(q.value(5).toString());
    s.model = q.value(6).toString();
    s.gpu = q.value(7).toString();
    s.product = q.value(8).toString();
    s.steps = q.value(9).toInt();
    s.requests = q.value(10).toLongLong();
    s.demo = q.value(11).toInt() != 0;
    s.timeScale = q.value(12).toDouble();
    s.annotation.name = q.value(13).toString();
    s.annotation.notes = q.value(14).toString();
    const QJsonArray tags = QJsonDocument::fromJson(q.value(15).toByteArray()).array();
    for (const auto& tag : tags)
        s.annotation.tags << tag.toString();
    return s;
}

} // namespace

QList<RunSummary> RunStore::runs(QString* error) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    QList<RunSummary> result;
    if (!q.exec(QStringLiteral("SELECT %1 FROM runs r ORDER BY r.id DESC").arg(kSummaryColumns))) {
        setError(error, failure(m_path, tr("listing the runs"), q.lastError()));
        return result;
    }
    while (q.next())
        result.append(readSummary(q));
    return result;
}

std::optional<StoredRun> RunStore::run(qint64 id, QString* error) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const QString reading = tr("reading run %1").arg(id);
    StoredRun run;
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT %1, r.options, r.facts, r.environment FROM runs r WHERE r.id = ?")
                      .arg(kSummaryColumns));
        q.addBindValue(id);
        if (!q.exec()) {
            setError(error, failure(m_path, reading, q.lastError()));
            return std::nullopt;
        }
        if (!q.next())
            return std::nullopt;
        run.summary = readSummary(q);
        run.info.url = run.summary.url;
        run.info.model = run.summary.model;
        run.info.gpu = run.summary.gpu;
        run.info.product = run.summary.product;
        run.info.timeScale = run.summary.timeScale;
        run.info.demo = run.summary.demo;
        // After the summary's columns (kSummaryColumnCount).
        run.info.options = jsonObject(q.value(kSummaryColumnCount));
        if (run.info.options.contains(u"url"))
            run.info.options[QStringLiteral("url")] = withoutCredentials(run.info.options.value(u"url").toString());
        run.info.facts = jsonObject(q.value(kSummaryColumnCount + 1));
        run.info.environment = jsonObject(q.value(kSummaryColumnCount + 2));
    }
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, phase, step_index, load, start_ns, end_ns, started_utc, cancelled, "
                             "request_count, client, gpu FROM steps WHERE run_id = ? AND open = 0 ORDER BY step_index, "
                             "id"));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(error, failure(m_path, reading, q.lastError()));
        return std::nullopt;
    }
    while (q.next()) {
        StoredStep s;
        s.id = q.value(0).toLongLong();
        s.info.phase = phaseNamed(q.value(1).toString());
        s.info.index = q.value(2).toInt();
        s.info.load = jsonObject(q.value(3));
        s.info.startNs = q.value(4).toLongLong();
        s.info.endNs = q.value(5).toLongLong();
        s.info.startedUtc = q.value(6).toString();
        s.info.cancelled = q.value(7).toInt() != 0;
        s.requestCount = q.value(8).toInt();
        s.info.client = jsonObject(q.value(9));
        s.info.gpu = jsonObject(q.value(10));
        run.steps.push_back(std::move(s));
    }
    return run;
}

std::vector<RequestRecord> RunStore::requests(qint64 stepId, QString* error) const
{
    std::vector<RequestRecord> result;
    if (!forEachRequest(
            stepId, [&result](const RequestRecord& r) { result.push_back(r); }, error))
        return {};
    return result;
}

bool RunStore::forEachRequest(
    qint64 stepId, const std::function<void(const RequestRecord&)>& visit, QString* error) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT request_id, response_id, virtual_user, warmup, scheduled_ns, sent_ns, headers_ns, first_token_ns, "
        "end_ns, http_status, error, error_message, prompt_tokens, completion_tokens, cached_tokens, finish_reason, "
        "requested_input_tokens, requested_output_tokens, chunk_count, chunks, first_answer_ns, reasoning_tokens, "
        "model FROM requests WHERE step_id = ? ORDER BY id"));
    q.addBindValue(stepId);
    if (!q.exec()) {
        setError(error, failure(m_path, tr("reading the requests of step %1").arg(stepId), q.lastError()));
        return false;
    }
    // One record, its chunk vector's memory reused from row to row: a step of any length is read in the memory
    // of its longest request.
    RequestRecord r;
    while (q.next()) {
        r.id = static_cast<std::uint64_t>(q.value(0).toLongLong());
        r.responseId = q.value(1).toByteArray();
        r.user = q.value(2).toInt();
        r.warmup = q.value(3).toInt() != 0;
        r.scheduledNs = q.value(4).toLongLong();
        r.sentNs = q.value(5).toLongLong();
        r.headersNs = q.value(6).toLongLong();
        r.firstTokenNs = q.value(7).toLongLong();
        r.endNs = q.value(8).toLongLong();
        r.httpStatus = q.value(9).toInt();
        r.error = errorClassFromName(q.value(10).toString());
        r.errorMessage = q.value(11).toString();
        r.promptTokens = q.value(12).toInt();
        r.completionTokens = q.value(13).toInt();
        r.cachedTokens = q.value(14).toInt();
        r.finishReason = q.value(15).toString();
        r.requestedInputTokens = q.value(16).toInt();
        r.requestedOutputTokens = q.value(17).toInt();
        r.firstAnswerNs = q.value(20).toLongLong();
        r.reasoningTokens = q.value(21).toInt();
        r.model = q.value(22).toString();
        r.chunks.clear();
        if (!ChunkCodec::decode(q.value(19).toByteArray(), r.sentNs, &r.chunks)
            || static_cast<qint64>(r.chunks.size()) != q.value(18).toLongLong()) {
            setError(error,
                tr("The chunk times of request %1 in step %2 of %3 are damaged. Restore the file from a backup.")
                    .arg(QString::number(r.id), QString::number(stepId), QDir::toNativeSeparators(m_path)));
            return false;
        }
        visit(r);
    }
    return true;
}

std::vector<StoredMetricsSample> RunStore::metricsSamples(qint64 stepId, QString* error) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT ns, json FROM metrics_samples WHERE step_id = ? ORDER BY id"));
    q.addBindValue(stepId);
    std::vector<StoredMetricsSample> result;
    if (!q.exec()) {
        setError(error, failure(m_path, tr("reading the /metrics samples of step %1").arg(stepId), q.lastError()));
        return result;
    }
    while (q.next())
        result.push_back({q.value(0).toLongLong(), jsonObject(q.value(1))});
    return result;
}

} // namespace kp::core
