// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// RunStore: Storing a run's steps, requests and samples, and finishing the run.
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

// A step still open when its run ends (the run was killed, or storing failed midway) keeps every request stored so
// far, and is shown cut short, as a step the user stopped is: from its first send to its last end.
bool closeOpenSteps(QSqlDatabase& db, const QString& path, qint64 runId, const QString& doing, QString* error,
    int* failedCode = nullptr)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "UPDATE steps SET open = 0, cancelled = 1, "
        "start_ns = coalesce((SELECT min(sent_ns) FROM requests WHERE step_id = steps.id AND sent_ns >= 0), "
        "start_ns), "
        "end_ns = coalesce((SELECT max(end_ns) FROM requests WHERE step_id = steps.id), end_ns) "
        "WHERE run_id = ? AND open = 1"));
    q.addBindValue(runId);
    if (!q.exec()) {
        if (failedCode)
            *failedCode = sqliteCode(q.lastError());
        setError(error, failure(path, doing, q.lastError()));
        return false;
    }
    return true;
}

} // namespace

bool RunStore::markAbandonedRuns(QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    std::vector<qint64> abandoned;
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (!q.exec(QStringLiteral("SELECT id, writer_pid FROM runs WHERE status = 'running'"))) {
            setError(error, failure(m_path, tr("opening the database"), q.lastError()));
            return false;
        }
        const qint64 ownPid = QCoreApplication::applicationPid();
        const QMutexLocker lock(&liveRunsMutex());
        while (q.next()) {
            const qint64 id = q.value(0).toLongLong();
            const qint64 pid = q.value(1).toLongLong();
            const bool live = pid == ownPid ? liveRuns().contains(liveKey(m_registryKey, id)) : processExists(pid);
            if (!live)
                abandoned.push_back(id);
        }
    }
    if (abandoned.empty())
        return true;

    QSqlError sqlError;
    WriteTransaction transaction(db);
    if (!transaction.begin(&sqlError)) {
        setError(error, failure(m_path, tr("opening the database"), sqlError));
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET status = ?, status_reason = ? WHERE id = ? AND status = 'running'"));
    const QString reason = tr("Kneepoint stopped before this run finished (it was killed or crashed, or the "
                              "computer went down); the steps completed before that are kept.");
    for (qint64 id : abandoned) {
        q.bindValue(0, runStatusName(RunStatus::Incomplete));
        q.bindValue(1, reason);
        q.bindValue(2, id);
        if (!q.exec()) {
            setError(error, failure(m_path, tr("opening the database"), q.lastError()));
            return false;
        }
    }
    q.finish();
    // The step it was in is kept with every request that had ended.
    for (qint64 id : abandoned) {
        if (!closeOpenSteps(db, m_path, id, tr("opening the database"), error))
            return false;
    }
    if (!transaction.commit(&sqlError)) {
        setError(error, failure(m_path, tr("opening the database"), sqlError));
        return false;
    }
    return true;
}

namespace {

// The parts of storing a step, each inside the caller's transaction.

qint64 insertStep(QSqlDatabase& db, const QString& path, qint64 runId, const StepInfo& step, qint64 requestCount,
    bool open, const QString& storing, QString* error)
{
    QSqlQuery q(db);
    q.prepare(
        QStringLiteral("INSERT INTO steps (run_id, step_index, phase, load, start_ns, end_ns, started_utc, "
                       "cancelled, request_count, client, gpu, open) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(runId);
    q.addBindValue(step.index);
    q.addBindValue(phaseName(step.phase));
    q.addBindValue(jsonText(step.load));
    q.addBindValue(qint64(step.startNs));
    q.addBindValue(qint64(step.endNs));
    q.addBindValue(step.startedUtc);
    q.addBindValue(step.cancelled ? 1 : 0);
    q.addBindValue(requestCount);
    q.addBindValue(jsonText(step.client));
    q.addBindValue(jsonText(step.gpu));
    q.addBindValue(open ? 1 : 0);
    if (!q.exec()) {
        // A missing run shows as a foreign key failure; say it in the user's terms.
        if (sqliteCode(q.lastError()) == 19) // SQLITE_CONSTRAINT
            setError(error,
                RunStore::tr("There is no run %1 in %2 to store step %3 in.")
                    .arg(QString::number(runId), QDir::toNativeSeparators(path), QString::number(step.index)));
        else
            setError(error, failure(path, storing, q.lastError()));
        return -1;
    }
    return q.lastInsertId().toLongLong();
}

bool insertRequests(QSqlDatabase& db, const QString& path, qint64 stepId, const std::vector<RequestRecord>& requests,
    const QString& storing, QString* error)
{
    // One prepared statement bound and stepped per row: SQLite's fastest insert path through QtSql (execBatch()
    // loops the same way in the SQLite driver, after copying every column into lists).
    QSqlQuery q(db);
    q.prepare(QStringLiteral(
        "INSERT INTO requests (step_id, request_id, response_id, virtual_user, warmup, scheduled_ns, sent_ns, "
        "headers_ns, first_token_ns, end_ns, http_status, error, error_message, prompt_tokens, completion_tokens, "
        "cached_tokens, finish_reason, requested_input_tokens, requested_output_tokens, chunk_count, chunks, "
        "first_answer_ns, reasoning_tokens, model) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const RequestRecord& r : requests) {
        q.bindValue(0, stepId);
        q.bindValue(1, static_cast<qint64>(r.id));
        q.bindValue(2, r.responseId);
        q.bindValue(3, r.user);
        q.bindValue(4, r.warmup ? 1 : 0);
        q.bindValue(5, qint64(r.scheduledNs));
        q.bindValue(6, qint64(r.sentNs));
        q.bindValue(7, qint64(r.headersNs));
        q.bindValue(8, qint64(r.firstTokenNs));
        q.bindValue(9, qint64(r.endNs));
        q.bindValue(10, r.httpStatus);
        q.bindValue(11, storedErrorName(r.error));
        q.bindValue(12, r.errorMessage);
        q.bindValue(13, r.promptTokens);
        q.bindValue(14, r.completionTokens);
        q.bindValue(15, r.cachedTokens);
        q.bindValue(16, r.finishReason);
        q.bindValue(17, r.requestedInputTokens);
        q.bindValue(18, r.requestedOutputTokens);
        q.bindValue(19, static_cast<qint64>(r.chunks.size()));
        q.bindValue(20, ChunkCodec::encode(r.chunks, r.sentNs));
        q.bindValue(21, qint64(r.firstAnswerNs));
        q.bindValue(22, r.reasoningTokens);
        q.bindValue(23, r.model.isNull() ? QStringLiteral("") : r.model); // NOT NULL: a null QString binds NULL
        if (!q.exec()) {
            setError(error, failure(path, storing, q.lastError()));
            return false;
        }
    }
    return true;
}

bool insertSamples(QSqlDatabase& db, const QString& path, qint64 stepId,
    const std::vector<StoredMetricsSample>& samples, const QString& storing, QString* error)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO metrics_samples (step_id, ns, json) VALUES (?, ?, ?)"));
    for (const StoredMetricsSample& s : samples) {
        q.bindValue(0, stepId);
        q.bindValue(1, qint64(s.ns));
        q.bindValue(2, jsonText(s.values));
        if (!q.exec()) {
            setError(error, failure(path, storing, q.lastError()));
            return false;
        }
    }
    return true;
}

} // namespace

qint64 RunStore::addStep(qint64 runId, const StepInfo& step, const std::vector<RequestRecord>& requests,
    const std::vector<StoredMetricsSample>& samples, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const QString storing = tr("storing step %1").arg(step.index);
    QSqlError sqlError;
    WriteTransaction transaction(db);
    if (!transaction.begin(&sqlError)) {
        setError(error, failure(m_path, storing, sqlError));
        return -1;
    }
    const qint64 stepId
        = insertStep(db, m_path, runId, step, static_cast<qint64>(requests.size()), false, storing, error);
    if (stepId < 0 || !insertRequests(db, m_path, stepId, requests, storing, error)
        || !insertSamples(db, m_path, stepId, samples, storing, error))
        return -1;
    if (!transaction.commit(&sqlError)) {
        setError(error, failure(m_path, storing, sqlError));
        return -1;
    }
    return stepId;
}

qint64 RunStore::beginStep(qint64 runId, const StepInfo& step, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    // Outside an explicit transaction the INSERT is its own, committed when exec() returns.
    return insertStep(db, m_path, runId, step, 0, true, tr("storing step %1").arg(step.index), error);
}

bool RunStore::addRequests(qint64 stepId, const std::vector<RequestRecord>& requests, QString* error)
{
    if (requests.empty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const QString storing = tr("storing the requests of step %1").arg(stepId);
    QSqlError sqlError;
    WriteTransaction transaction(db);
    if (!transaction.begin(&sqlError)) {
        setError(error, failure(m_path, storing, sqlError));
        return false;
    }
    if (!insertRequests(db, m_path, stepId, requests, storing, error))
        return false;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE steps SET request_count = request_count + ? WHERE id = ? AND open = 1"));
    q.addBindValue(static_cast<qint64>(requests.size()));
    q.addBindValue(stepId);
    if (!q.exec()) {
        setError(error, failure(m_path, storing, q.lastError()));
        return false;
    }
    if (q.numRowsAffected() != 1) {
        setError(error, tr("There is no step %1 under way in %2.").arg(stepId).arg(QDir::toNativeSeparators(m_path)));
        return false;
    }
    if (!transaction.commit(&sqlError)) {
        setError(error, failure(m_path, storing, sqlError));
        return false;
    }
    return true;
}

bool RunStore::finishStep(
    qint64 stepId, const StepInfo& step, const std::vector<StoredMetricsSample>& samples, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const QString storing = tr("storing step %1").arg(step.index);
    QSqlError sqlError;
    WriteTransaction transaction(db);
    if (!transaction.begin(&sqlError)) {
        setError(error, failure(m_path, storing, sqlError));
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE steps SET phase = ?, load = ?, start_ns = ?, end_ns = ?, started_utc = ?, "
                             "cancelled = ?, client = ?, gpu = ?, open = 0 WHERE id = ? AND open = 1"));
    q.addBindValue(phaseName(step.phase));
    q.addBindValue(jsonText(step.load));
    q.addBindValue(qint64(step.startNs));
    q.addBindValue(qint64(step.endNs));
    q.addBindValue(step.startedUtc);
    q.addBindValue(step.cancelled ? 1 : 0);
    q.addBindValue(jsonText(step.client));
    q.addBindValue(jsonText(step.gpu));
    q.addBindValue(stepId);
    if (!q.exec()) {
        setError(error, failure(m_path, storing, q.lastError()));
        return false;
    }
    if (q.numRowsAffected() != 1) {
        setError(error, tr("There is no step %1 under way in %2.").arg(stepId).arg(QDir::toNativeSeparators(m_path)));
        return false;
    }
    if (!insertSamples(db, m_path, stepId, samples, storing, error))
        return false;
    if (!transaction.commit(&sqlError)) {
        setError(error, failure(m_path, storing, sqlError));
        return false;
    }
    return true;
}

bool RunStore::discardStep(qint64 stepId, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    // The requests and samples go with it (ON DELETE CASCADE).
    q.prepare(QStringLiteral("DELETE FROM steps WHERE id = ? AND open = 1"));
    q.addBindValue(stepId);
    if (!q.exec()) {
        setError(error, failure(m_path, tr("discarding step %1").arg(stepId), q.lastError()));
        return false;
    }
    return true;
}

bool RunStore::updateFacts(qint64 runId, const QJsonObject& facts, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET facts = ? WHERE id = ?"));
    q.addBindValue(jsonText(facts));
    q.addBindValue(runId);
    if (!q.exec()) {
        setError(error, failure(m_path, tr("updating the facts of run %1").arg(runId), q.lastError()));
        return false;
    }
    if (q.numRowsAffected() != 1) {
        setError(error, tr("There is no run %1 in %2.").arg(QString::number(runId), QDir::toNativeSeparators(m_path)));
        return false;
    }
    return true;
}

void RunStore::keepReserve() const
{
    QFile reserve(reservePath());
    if (reserve.size() >= kReserveBytes || !reserve.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return;
    // Written, not sized: a sparse file would hold no blocks to give back.
    const QByteArray block(64 * 1024, '\0');
    bool written = true;
    for (qint64 done = 0; written && done < kReserveBytes; done += block.size())
        written = reserve.write(block) == block.size();
    written = reserve.flush() && written;
    reserve.close();
    if (!written)
        reserve.remove(); // the disk is nearly full already; a partial reserve would only take what is left
}

bool RunStore::finishRun(qint64 runId, RunStatus status, const QString& reason, QString* error)
{
    if (status == RunStatus::Running) {
        setError(error, tr("A run cannot be finished as running."));
        return false;
    }
    int code = -1;
    if (finishRunOnce(runId, status, reason, error, &code))
        return true;
    // A full disk, most often what ended the run: the reserve goes back to the file system so that the run's end
    // and its reason are stored, not left to read "killed or crashed" on the next open.
    if (code != 13 || !QFile::remove(reservePath()))
        return false;
    return finishRunOnce(runId, status, reason, error, &code);
}

bool RunStore::finishRunOnce(qint64 runId, RunStatus status, const QString& reason, QString* error, int* failedCode)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!closeOpenSteps(db, m_path, runId, tr("finishing run %1").arg(runId), error, failedCode))
        return false;
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET status = ?, status_reason = ?, finished_utc = ? WHERE id = ?"));
    q.addBindValue(runStatusName(status));
    q.addBindValue(reason);
    q.addBindValue(utcNow());
    q.addBindValue(runId);
    if (!q.exec()) {
        *failedCode = sqliteCode(q.lastError());
        setError(error, failure(m_path, tr("finishing run %1").arg(runId), q.lastError()));
        return false;
    }
    if (q.numRowsAffected() != 1) {
        setError(error, tr("There is no run %1 in %2.").arg(QString::number(runId), QDir::toNativeSeparators(m_path)));
        return false;
    }
    std::erase(m_liveRuns, runId);
    const QMutexLocker lock(&liveRunsMutex());
    liveRuns().remove(liveKey(m_registryKey, runId));
    return true;
}

} // namespace kp::core
