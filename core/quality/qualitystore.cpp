// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualitystore.h"

#include "core/store/runstore.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <QVariant>

namespace kp::core {

namespace {

void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

QString failure(const QString& path, const QString& what, const QSqlError& e)
{
    const QString why = e.databaseText().isEmpty() ? e.driverText() : e.databaseText();
    return QStringLiteral("%1 failed in %2: %3.").arg(what, QDir::toNativeSeparators(path), why);
}

QString jsonText(const QJsonObject& o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject jsonObject(const QVariant& v)
{
    return QJsonDocument::fromJson(v.toString().toUtf8()).object();
}

QString withoutCredentials(const QString& url)
{
    QUrl u(url);
    if (!u.isValid() || u.userInfo().isEmpty())
        return url;
    u.setUserInfo(QString());
    return u.toString();
}

const QString passColumns = QStringLiteral("id, created_utc, url, model, set_name, set_sha256, question_count, role, "
                                           "allowed_drop_pp, seed, repeat_count, options, facts");

QualityPassInfo passInfo(const QSqlQuery& q)
{
    QualityPassInfo info;
    info.id = q.value(0).toLongLong();
    info.createdUtc = q.value(1).toString();
    info.url = q.value(2).toString();
    info.model = q.value(3).toString();
    info.setName = q.value(4).toString();
    info.setSha256 = q.value(5).toString();
    info.questionCount = q.value(6).toInt();
    // The schema admits before and after only.
    info.role = qualityRoleNamed(q.value(7).toString()).value_or(QualityRole::After);
    if (!q.value(8).isNull())
        info.allowedDropPp = q.value(8).toDouble();
    info.seed = q.value(9).toLongLong();
    info.repeat = q.value(10).toInt();
    info.options = jsonObject(q.value(11));
    info.facts = jsonObject(q.value(12));
    return info;
}

} // namespace

QualityStore::QualityStore(const RunStore& store)
    : m_path(store.path())
    , m_connectionName(store.connectionName())
{ }

qint64 QualityStore::savePass(const QualityPassInfo& info, const std::vector<QualityAnswer>& answers, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    const QString storing = QStringLiteral("Storing the quality pass");
    if (!db.transaction()) {
        setError(error, failure(m_path, storing, db.lastError()));
        return -1;
    }
    // Rolled back on every early return: a pass is stored whole or not at all.
    struct Rollback
    {
        QSqlDatabase& db;
        bool done = false;
        ~Rollback()
        {
            if (!done)
                db.rollback();
        }
    } rollback {db};

    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO quality_passes (created_utc, url, model, set_name, set_sha256, "
                             "question_count, role, allowed_drop_pp, seed, repeat_count, options, facts) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    q.addBindValue(withoutCredentials(info.url));
    q.addBindValue(info.model);
    q.addBindValue(info.setName);
    q.addBindValue(info.setSha256);
    q.addBindValue(info.questionCount);
    q.addBindValue(qualityRoleName(info.role));
    q.addBindValue(info.allowedDropPp ? QVariant(*info.allowedDropPp) : QVariant(QMetaType(QMetaType::Double)));
    q.addBindValue(info.seed);
    q.addBindValue(info.repeat);
    q.addBindValue(jsonText(info.options));
    q.addBindValue(jsonText(info.facts));
    if (!q.exec()) {
        setError(error, failure(m_path, storing, q.lastError()));
        return -1;
    }
    const qint64 id = q.lastInsertId().toLongLong();
    QSqlQuery a(db);
    a.prepare(QStringLiteral("INSERT INTO quality_answers (pass_id, question_id, category, repetition, question, "
                             "expected, reply, correct, error, http_status, latency_ms) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QualityAnswer& answer : answers) {
        a.bindValue(0, id);
        a.bindValue(1, answer.questionId);
        a.bindValue(2, answer.category);
        a.bindValue(3, answer.repetition);
        a.bindValue(4, answer.question.isNull() ? QStringLiteral("") : answer.question);
        a.bindValue(5, answer.expected.isNull() ? QStringLiteral("") : answer.expected);
        a.bindValue(6, answer.reply.isNull() ? QStringLiteral("") : answer.reply);
        a.bindValue(7, answer.correct ? 1 : 0);
        a.bindValue(8, answer.error.isEmpty() ? QStringLiteral("") : answer.error); // a null QString binds NULL
        a.bindValue(9, answer.httpStatus);
        a.bindValue(10, answer.latencyMs);
        if (!a.exec()) {
            setError(error, failure(m_path, storing, a.lastError()));
            return -1;
        }
    }
    a.finish();
    if (!db.commit()) {
        setError(error, failure(m_path, storing, db.lastError()));
        return -1;
    }
    rollback.done = true;
    return id;
}

QList<QualityPassSummary> QualityStore::passes(QString* error) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    QList<QualityPassSummary> list;
    if (!q.exec(QStringLiteral("SELECT %1, "
                               "(SELECT COUNT(*) FROM quality_answers a WHERE a.pass_id = p.id AND a.repetition = 1 "
                               "AND a.error = ''), "
                               "(SELECT COUNT(*) FROM quality_answers a WHERE a.pass_id = p.id AND a.repetition = 1 "
                               "AND a.error = '' AND a.correct = 1), "
                               "(SELECT COUNT(*) FROM quality_answers a WHERE a.pass_id = p.id AND a.error != '') "
                               "FROM quality_passes p ORDER BY id DESC")
                    .arg(passColumns))) {
        setError(error, failure(m_path, QStringLiteral("Listing the quality passes"), q.lastError()));
        return list;
    }
    while (q.next()) {
        QualityPassSummary s;
        s.info = passInfo(q);
        s.answered = q.value(13).toInt();
        s.correct = q.value(14).toInt();
        s.errors = q.value(15).toInt();
        list << s;
    }
    return list;
}

std::optional<QualityPass> QualityStore::pass(qint64 id, QString* error) const
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM quality_passes WHERE id = ?").arg(passColumns));
    q.addBindValue(id);
    const QString reading = QStringLiteral("Reading quality pass %1").arg(id);
    if (!q.exec()) {
        setError(error, failure(m_path, reading, q.lastError()));
        return std::nullopt;
    }
    if (!q.next())
        return std::nullopt;
    QualityPass pass;
    pass.info = passInfo(q);
    QSqlQuery a(db);
    a.setForwardOnly(true);
    a.prepare(QStringLiteral("SELECT question_id, category, repetition, question, expected, reply, correct, error, "
                             "http_status, latency_ms FROM quality_answers WHERE pass_id = ? ORDER BY repetition, id"));
    a.addBindValue(id);
    if (!a.exec()) {
        setError(error, failure(m_path, reading, a.lastError()));
        return std::nullopt;
    }
    while (a.next()) {
        QualityAnswer answer;
        answer.questionId = a.value(0).toString();
        answer.category = a.value(1).toString();
        answer.repetition = a.value(2).toInt();
        answer.question = a.value(3).toString();
        answer.expected = a.value(4).toString();
        answer.reply = a.value(5).toString();
        answer.correct = a.value(6).toInt() != 0;
        answer.error = a.value(7).toString();
        answer.httpStatus = a.value(8).toInt();
        answer.latencyMs = a.value(9).toDouble();
        pass.answers.push_back(std::move(answer));
    }
    return pass;
}

bool QualityStore::deletePass(qint64 id, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("DELETE FROM quality_passes WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(error, failure(m_path, QStringLiteral("Deleting quality pass %1").arg(id), q.lastError()));
        return false;
    }
    return true;
}

} // namespace kp::core
