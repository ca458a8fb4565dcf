// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storeschema.h"

#include "core/common/urlcredentials.h"
#include "core/store/runstore.h"
#include "core/store/storeerrors.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUrl>

#include <array>
#include <utility>

namespace kp::core::storage {

// Entry i upgrades the schema from version i to i + 1; entry 0 creates version 1 in an empty file. Append
// only: a released entry never changes, since files in the field were made by it (tst_runstore keeps a frozen
// copy of every earlier version's DDL and opens it).
const std::vector<QStringList>& migrations()
{
    static const std::vector<QStringList> list = {
        {
            QStringLiteral("PRAGMA application_id = %1").arg(kApplicationId),
            QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"),
            // AUTOINCREMENT: a deleted run's id is never reused, so a report naming run 12 stays unambiguous.
            QStringLiteral("CREATE TABLE runs ("
                           "id INTEGER PRIMARY KEY AUTOINCREMENT, "
                           "started_utc TEXT NOT NULL, "
                           "finished_utc TEXT, "
                           "status TEXT NOT NULL, "
                           "status_reason TEXT, "
                           "url TEXT, "
                           "model TEXT, "
                           "gpu TEXT, "
                           "product TEXT, "
                           "options TEXT NOT NULL, "
                           "facts TEXT NOT NULL, "
                           "environment TEXT NOT NULL, "
                           "time_scale REAL NOT NULL, "
                           "demo INTEGER NOT NULL, "
                           "writer_pid INTEGER)"),
            QStringLiteral("CREATE TABLE steps ("
                           "id INTEGER PRIMARY KEY AUTOINCREMENT, "
                           "run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, "
                           "step_index INTEGER NOT NULL, "
                           "phase TEXT, "
                           "load TEXT NOT NULL, "
                           "start_ns INTEGER NOT NULL, "
                           "end_ns INTEGER NOT NULL, "
                           "started_utc TEXT, "
                           "cancelled INTEGER NOT NULL, "
                           "request_count INTEGER NOT NULL)"),
            QStringLiteral("CREATE INDEX steps_run ON steps(run_id, step_index)"),
            // chunk_count duplicates what the blob says, so a damaged blob is caught when read back.
            QStringLiteral("CREATE TABLE requests ("
                           "id INTEGER PRIMARY KEY, "
                           "step_id INTEGER NOT NULL REFERENCES steps(id) ON DELETE CASCADE, "
                           "request_id INTEGER NOT NULL, "
                           "response_id BLOB, "
                           "virtual_user INTEGER NOT NULL, "
                           "warmup INTEGER NOT NULL, "
                           "scheduled_ns INTEGER NOT NULL, "
                           "sent_ns INTEGER NOT NULL, "
                           "headers_ns INTEGER NOT NULL, "
                           "first_token_ns INTEGER NOT NULL, "
                           "end_ns INTEGER NOT NULL, "
                           "http_status INTEGER NOT NULL, "
                           "error TEXT NOT NULL, "
                           "error_message TEXT, "
                           "prompt_tokens INTEGER NOT NULL, "
                           "completion_tokens INTEGER NOT NULL, "
                           "cached_tokens INTEGER NOT NULL, "
                           "finish_reason TEXT, "
                           "requested_input_tokens INTEGER NOT NULL, "
                           "requested_output_tokens INTEGER NOT NULL, "
                           "chunk_count INTEGER NOT NULL, "
                           "chunks BLOB NOT NULL)"),
            QStringLiteral("CREATE INDEX requests_step ON requests(step_id)"),
            QStringLiteral("CREATE TABLE metrics_samples ("
                           "id INTEGER PRIMARY KEY, "
                           "step_id INTEGER NOT NULL REFERENCES steps(id) ON DELETE CASCADE, "
                           "ns INTEGER NOT NULL, "
                           "json TEXT NOT NULL)"),
            QStringLiteral("CREATE INDEX metrics_samples_step ON metrics_samples(step_id)"),
        },
        {
            // Version 2: what the step cost the client (CPU seconds against wall seconds), so that a report can
            // tell a saturated client from a saturated server. Older steps read it as unknown.
            QStringLiteral("ALTER TABLE steps ADD COLUMN client TEXT"),
        },
        {
            // Version 3: quality passes (kneepoint quality ask), each question's answer per repetition. The allowed
            // drop is a column of the before pass so that the rule exists before any after answer does.
            QStringLiteral("CREATE TABLE quality_passes ("
                           "id INTEGER PRIMARY KEY AUTOINCREMENT, "
                           "created_utc TEXT NOT NULL, "
                           "url TEXT, "
                           "model TEXT, "
                           "set_name TEXT NOT NULL, "
                           "set_sha256 TEXT NOT NULL, "
                           "question_count INTEGER NOT NULL, "
                           "role TEXT NOT NULL CHECK (role IN ('before', 'after')), "
                           "allowed_drop_pp REAL, "
                           "seed INTEGER NOT NULL, "
                           "repeat_count INTEGER NOT NULL, "
                           "options TEXT NOT NULL, "
                           "facts TEXT NOT NULL)"),
            QStringLiteral("CREATE TABLE quality_answers ("
                           "id INTEGER PRIMARY KEY, "
                           "pass_id INTEGER NOT NULL REFERENCES quality_passes(id) ON DELETE CASCADE, "
                           "question_id TEXT NOT NULL, "
                           "category TEXT NOT NULL, "
                           "repetition INTEGER NOT NULL, "
                           "question TEXT NOT NULL, "
                           "expected TEXT NOT NULL, "
                           "reply TEXT, "
                           "correct INTEGER NOT NULL, "
                           "error TEXT NOT NULL, "
                           "http_status INTEGER NOT NULL, "
                           "latency_ms REAL NOT NULL)"),
            QStringLiteral("CREATE INDEX quality_answers_pass ON quality_answers(pass_id, repetition)"),
        },
        {
            // Version 4: a step is stored while it runs (beginStep, addRequests, finishStep), so that a long step's
            // requests do not wait in memory. Until it ends it is open, and readers do not see it.
            QStringLiteral("ALTER TABLE steps ADD COLUMN open INTEGER NOT NULL DEFAULT 0"),
        },
        {
            // Version 5: the server's GPUs during the step (GpuSeries: power, energy, activity, memory, clocks), or
            // why they were not read. Older steps read it as not measured.
            QStringLiteral("ALTER TABLE steps ADD COLUMN gpu TEXT"),
        },
        {
            // Version 6: what the user says of a run (RunAnnotation): a name, notes and tags (a JSON array of
            // strings). Older runs read as unnamed, without notes or tags.
            QStringLiteral("ALTER TABLE runs ADD COLUMN name TEXT"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN notes TEXT"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN tags TEXT"),
        },
        {
            // Version 7: a reasoning model's answer apart from its thinking: when the first answer token came (TTFO)
            // and how many tokens were thinking. Older requests read as not told apart (-1).
            QStringLiteral("ALTER TABLE requests ADD COLUMN first_answer_ns INTEGER NOT NULL DEFAULT -1"),
            QStringLiteral("ALTER TABLE requests ADD COLUMN reasoning_tokens INTEGER NOT NULL DEFAULT -1"),
        },
        {
            // Version 8: the model or adapter each request named when a run sent to several (--models); older
            // requests all went to their run's one model ('').
            QStringLiteral("ALTER TABLE requests ADD COLUMN model TEXT NOT NULL DEFAULT ''"),
        },
    };
    return list;
}

namespace {

const std::array<std::pair<ErrorClass, const char*>, 16>& errorClassNames()
{
    static const std::array<std::pair<ErrorClass, const char*>, 16> names = {{
        {ErrorClass::None, "none"},
        {ErrorClass::ConnectionRefused, "connection_refused"},
        {ErrorClass::HostNotFound, "host_not_found"},
        {ErrorClass::Tls, "tls"},
        {ErrorClass::Timeout, "timeout"},
        {ErrorClass::Unauthorized, "unauthorized"},
        {ErrorClass::NotFound, "not_found"},
        {ErrorClass::RateLimited, "rate_limited"},
        {ErrorClass::ServerError, "server_error"},
        {ErrorClass::GatewayRejected, "gateway_rejected"},
        {ErrorClass::HttpError, "http_error"},
        {ErrorClass::StreamCut, "stream_cut"},
        {ErrorClass::InBandError, "in_band_error"},
        {ErrorClass::MalformedEvent, "malformed_event"},
        {ErrorClass::Cancelled, "cancelled"},
        {ErrorClass::Other, "other"},
    }};
    return names;
}

} // namespace

QString storedErrorName(ErrorClass e)
{
    for (const auto& [value, name] : errorClassNames()) {
        if (value == e)
            return QString::fromLatin1(name);
    }
    return QStringLiteral("other");
}

ErrorClass errorClassFromName(const QString& text)
{
    for (const auto& [value, name] : errorClassNames()) {
        if (text == QLatin1String(name))
            return value;
    }
    return ErrorClass::Other;
}

QString jsonText(const QJsonObject& o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject jsonObject(const QVariant& v)
{
    return QJsonDocument::fromJson(v.toString().toUtf8()).object();
}

QString utcNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

// Credentials in a URL (http://user:key@host, ?api-key=…) must not reach the file, whatever the caller passed, nor
// come back out of a file written before they were refused: the runs list, show and every report print this URL.
QString withoutCredentials(const QString& url)
{
    const QUrl u(url);
    if (!u.isValid())
        return url;
    const QUrl clean = kp::core::withoutCredentials(u);
    return clean == u ? url : clean.toString();
}

Probe probe(QSqlDatabase& db)
{
    Probe result;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'"))) {
        result.kind = Probe::Damaged;
        result.error = q.lastError();
        return result;
    }
    QSet<QString> tables;
    while (q.next())
        tables.insert(q.value(0).toString());
    if (tables.isEmpty())
        return result;
    if (!q.exec(QStringLiteral("PRAGMA application_id")) || !q.next()) {
        result.kind = Probe::Damaged;
        result.error = q.lastError();
        return result;
    }
    if (q.value(0).toLongLong() != kApplicationId || !tables.contains(QStringLiteral("meta"))) {
        result.kind = Probe::Foreign;
        return result;
    }
    if (!q.exec(QStringLiteral("SELECT value FROM meta WHERE key = 'schema_version'"))) {
        result.kind = Probe::Damaged;
        result.error = q.lastError();
        return result;
    }
    bool ok = false;
    result.version = q.next() ? q.value(0).toString().toInt(&ok) : 0;
    result.kind = ok && result.version >= 1 ? Probe::Ours : Probe::Foreign;
    return result;
}

QString refusal(const QString& path, const Probe& p)
{
    const QString file = QDir::toNativeSeparators(path);
    switch (p.kind) {
    case Probe::Empty:
        return {};
    case Probe::Ours:
        if (p.version <= RunStore::schemaVersion())
            return {};
        return RunStore::tr("%1 was made by a newer Kneepoint (database version %2; this one reads up to %3). Update "
                            "Kneepoint, or choose another file with --db or KNEEPOINT_DB.")
            .arg(file, QString::number(p.version), QString::number(RunStore::schemaVersion()));
    case Probe::Foreign:
        return RunStore::tr("%1 is an SQLite database of another application, not a Kneepoint one. Kneepoint left it "
                            "untouched: choose another file with --db or KNEEPOINT_DB.")
            .arg(file);
    case Probe::Damaged:
        return RunStore::tr(
            "%1 cannot be read as a Kneepoint database (%2). Kneepoint left it untouched: restore it from "
            "a backup, or choose another file with --db or KNEEPOINT_DB.")
            .arg(file, sqliteText(p.error));
    }
    return {};
}

} // namespace kp::core::storage

namespace kp::core {

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Running:
        return QStringLiteral("running");
    case RunStatus::Complete:
        return QStringLiteral("complete");
    case RunStatus::Incomplete:
        return QStringLiteral("incomplete");
    case RunStatus::Stopped:
        return QStringLiteral("stopped");
    case RunStatus::Failed:
        return QStringLiteral("failed");
    case RunStatus::Demo:
        return QStringLiteral("demo");
    case RunStatus::ServerFailed:
        return QStringLiteral("server_failed");
    }
    return QStringLiteral("failed");
}

std::optional<RunStatus> runStatusFromName(const QString& name)
{
    for (RunStatus s : {RunStatus::Running, RunStatus::Complete, RunStatus::Incomplete, RunStatus::Stopped,
             RunStatus::Failed, RunStatus::Demo, RunStatus::ServerFailed}) {
        if (runStatusName(s) == name)
            return s;
    }
    return std::nullopt;
}

QString errorClassName(ErrorClass error)
{
    return storage::storedErrorName(error);
}

} // namespace kp::core
