// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// RunStore: Copying a run from another database, and compacting the file.
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

// The columns of `table` in the database `schema` but `skip`, comma-separated: a copy follows the schema as it
// grows, rather than a list of its own that a migration could forget.
QString columnsOf(QSqlDatabase& db, const QString& schema, const QString& table, const QStringList& skip)
{
    QSqlQuery q(db);
    QStringList columns;
    if (q.exec(QStringLiteral("PRAGMA %1.table_info(%2)").arg(schema, table)))
        while (q.next())
            if (!skip.contains(q.value(1).toString()))
                columns << q.value(1).toString();
    return columns.join(QStringLiteral(", "));
}

// Detaches the source database on every way out of copyRun(), the early returns included.
class AttachedSource
{
public:
    explicit AttachedSource(const QSqlDatabase& db)
        : m_db(db)
    { }
    ~AttachedSource()
    {
        if (m_attached)
            QSqlQuery(m_db).exec(QStringLiteral("DETACH DATABASE source"));
    }
    AttachedSource(const AttachedSource&) = delete;
    AttachedSource& operator=(const AttachedSource&) = delete;
    bool attach(const QString& path, QSqlError* error)
    {
        QSqlQuery q(m_db);
        q.prepare(QStringLiteral("ATTACH DATABASE ? AS source"));
        q.addBindValue(path);
        if (!q.exec()) {
            *error = q.lastError();
            return false;
        }
        m_attached = true;
        return true;
    }

private:
    QSqlDatabase m_db;
    bool m_attached = false;
};

} // namespace

qint64 RunStore::copyRun(const QString& fromPath, qint64 id, bool* alreadyStored, QString* error)
{
    *alreadyStored = false;
    const QString from = QDir::toNativeSeparators(fromPath);
    const QString copying = tr("copying run %1 of %2").arg(QString::number(id), from);
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    AttachedSource source(db);
    QSqlError sqlError;
    if (!source.attach(QFileInfo(fromPath).absoluteFilePath(), &sqlError)) {
        setError(error, failure(m_path, copying, sqlError));
        return -1;
    }
    QSqlQuery q(db);
    // Of this build's schema: the caller opened the file as a RunStore first, which migrates an older one.
    if (!q.exec(QStringLiteral("PRAGMA source.application_id")) || !q.next()
        || q.value(0).toLongLong() != kApplicationId
        || !q.exec(QStringLiteral("SELECT value FROM source.meta WHERE key = 'schema_version'")) || !q.next()
        || q.value(0).toInt() != schemaVersion()) {
        setError(error, tr("%1 is not a Kneepoint database of version %2.").arg(from).arg(schemaVersion()));
        return -1;
    }
    q.prepare(QStringLiteral("SELECT s.status, (SELECT r.id FROM main.runs r WHERE r.started_utc = s.started_utc "
                             "AND r.options = s.options AND r.facts = s.facts AND r.environment = s.environment) "
                             "FROM source.runs s WHERE s.id = ?"));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(error, failure(m_path, copying, q.lastError()));
        return -1;
    }
    if (!q.next()) {
        setError(error, tr("There is no run %1 in %2.").arg(QString::number(id), from));
        return -1;
    }
    if (q.value(0).toString() == runStatusName(RunStatus::Running)) {
        setError(error, tr("Run %1 of %2 is still running; it can be copied once it has ended.").arg(id).arg(from));
        return -1;
    }
    if (!q.value(1).isNull()) {
        *alreadyStored = true;
        return q.value(1).toLongLong();
    }

    // The writer's pid is left out: a copied run has no writer here, so it is never taken for one still running.
    const QString runColumns = columnsOf(
        db, QStringLiteral("main"), QStringLiteral("runs"), {QStringLiteral("id"), QStringLiteral("writer_pid")});
    const QString stepColumns = columnsOf(
        db, QStringLiteral("main"), QStringLiteral("steps"), {QStringLiteral("id"), QStringLiteral("run_id")});
    const QString requestColumns = columnsOf(
        db, QStringLiteral("main"), QStringLiteral("requests"), {QStringLiteral("id"), QStringLiteral("step_id")});
    const QString sampleColumns = columnsOf(db, QStringLiteral("main"), QStringLiteral("metrics_samples"),
        {QStringLiteral("id"), QStringLiteral("step_id")});
    WriteTransaction transaction(db);
    if (!transaction.begin(&sqlError)) {
        setError(error, failure(m_path, copying, sqlError));
        return -1;
    }
    q.prepare(QStringLiteral("INSERT INTO main.runs (%1) SELECT %1 FROM source.runs WHERE id = ?").arg(runColumns));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(error, failure(m_path, copying, q.lastError()));
        return -1;
    }
    const qint64 runId = q.lastInsertId().toLongLong();
    QSqlQuery steps(db);
    steps.prepare(QStringLiteral("SELECT id FROM source.steps WHERE run_id = ? AND open = 0 ORDER BY step_index, id"));
    steps.addBindValue(id);
    if (!steps.exec()) {
        setError(error, failure(m_path, copying, steps.lastError()));
        return -1;
    }
    while (steps.next()) {
        const qint64 fromStep = steps.value(0).toLongLong();
        q.prepare(QStringLiteral("INSERT INTO main.steps (run_id, %1) SELECT ?, %1 FROM source.steps WHERE id = ?")
                      .arg(stepColumns));
        q.addBindValue(runId);
        q.addBindValue(fromStep);
        if (!q.exec()) {
            setError(error, failure(m_path, copying, q.lastError()));
            return -1;
        }
        const qint64 stepId = q.lastInsertId().toLongLong();
        for (const auto& [table, columns] : {std::pair {QStringLiteral("requests"), requestColumns},
                 std::pair {QStringLiteral("metrics_samples"), sampleColumns}}) {
            // In their stored order, which requests() and metricsSamples() give back.
            q.prepare(QStringLiteral("INSERT INTO main.%1 (step_id, %2) SELECT ?, %2 FROM source.%1 WHERE step_id = ? "
                                     "ORDER BY id")
                          .arg(table, columns));
            q.addBindValue(stepId);
            q.addBindValue(fromStep);
            if (!q.exec()) {
                setError(error, failure(m_path, copying, q.lastError()));
                return -1;
            }
        }
    }
    if (!transaction.commit(&sqlError)) {
        setError(error, failure(m_path, copying, sqlError));
        return -1;
    }
    return runId;
}

bool RunStore::compact(QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlError sqlError;
    if (!exec(db, QStringLiteral("PRAGMA journal_mode = DELETE"), &sqlError)
        || !exec(db, QStringLiteral("VACUUM"), &sqlError)) {
        setError(error, failure(m_path, tr("compacting the file"), sqlError, false));
        return false;
    }
    return true;
}

} // namespace kp::core
