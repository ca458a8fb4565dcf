// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/runstore.h"

#include "common/urlcredentials.h"
#include "store/chunkcodec.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QStringList>
#include <QThread>
#include <QUrl>

#include <array>
#include <cerrno>
#include <limits>
#include <utility>

#ifdef Q_OS_UNIX
#include <signal.h>
#endif

namespace kp::core {

namespace {

const QString kDriver = QStringLiteral("QSQLITE");
// 'KNPT' in the header's application id field: `file` and other tools can tell our databases apart.
constexpr qint64 kApplicationId = 0x4B4E5054;
// Larger than SQLite's 4 KiB default: a request row of 1,000 tokens (about 3.2 KB) would sit alone in a 4 KiB
// page, wasting a fifth of the file, and rows too big for two to a page waste up to half of it. With 64 KiB only
// streams beyond ~10,000 tokens hit that, at the price of a fixed ~600 KB (a page per table and index).
constexpr int kPageSize = 65536;
constexpr int kBusyTimeoutMs = 10000;

void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

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
    };
    return list;
}

// Error classes by their stored names; the names are part of the schema, the enum's order is not.
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

// The SQLite result code in the low byte: Qt reports extended codes (SQLITE_IOERR_WRITE is 778, its primary
// code 10).
int sqliteCode(const QSqlError& e)
{
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok && code >= 0 ? code & 0xff : -1;
}

QString sqliteText(const QSqlError& e)
{
    return e.databaseText().isEmpty() ? e.driverText() : e.databaseText();
}

// The cause when the file was changed under an open connection, which SQLite reports as a disk error or
// damage; empty when nothing says so.
QString changedUnderUs(const QString& path, const QString& what, bool inWal)
{
    const QString file = QDir::toNativeSeparators(path);
    if (!QFileInfo::exists(path))
        return RunStore::tr(
            "%1 was deleted or moved by another program while Kneepoint had it open, so %2 failed. Close "
            "this window or command and open the database again.")
            .arg(file, what);
    if (inWal && !QFileInfo::exists(path + QStringLiteral("-wal")) && !QFileInfo::exists(path + QStringLiteral("-shm")))
        return RunStore::tr(
            "The write-ahead log of %1 (its -wal and -shm files) was removed by another program while "
            "Kneepoint had the database open, so %2 failed. What was committed before is in the file: close "
            "this window or command and open the database again.")
            .arg(file, what);
    return {};
}

// A sentence for the user: what failed, why in their words, and what to do. Another program and the file
// changing under us come before the disk: they are the likelier causes on a healthy machine. `inWal`: the
// connection is in write-ahead logging mode, so its -wal and -shm files exist while it is open.
QString failure(const QString& path, const QString& what, const QSqlError& e, bool inWal = true)
{
    const int code = sqliteCode(e);
    if (code == 10 || code == 11 || code == 26) {
        if (QString changed = changedUnderUs(path, what, inWal); !changed.isEmpty())
            return changed;
    }
    switch (code) {
    case 13: // SQLITE_FULL
        return RunStore::tr("The disk holding %1 is full, so %2 failed and the database was left as it was. Free some "
                            "space and try again.")
            .arg(QDir::toNativeSeparators(path), what);
    case 8: // SQLITE_READONLY
        return RunStore::tr(
            "%1 cannot be written, so %2 failed. Check the file's permissions, or choose another file with "
            "--db or KNEEPOINT_DB.")
            .arg(QDir::toNativeSeparators(path), what);
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
        return RunStore::tr(
            "%1 is held by another program, so %2 failed. Wait for the other Kneepoint to finish and try "
            "again.")
            .arg(QDir::toNativeSeparators(path), what);
    case 11: // SQLITE_CORRUPT
    case 26: // SQLITE_NOTADB
        return RunStore::tr(
            "%1 is damaged (%3), so %2 failed. Kneepoint will not write to it: restore it from a backup, "
            "or choose another file with --db or KNEEPOINT_DB.")
            .arg(QDir::toNativeSeparators(path), what, sqliteText(e));
    case 10: // SQLITE_IOERR
        return RunStore::tr("The disk holding %1 reported an error (%3), so %2 failed. Check the disk and try again.")
            .arg(QDir::toNativeSeparators(path), what, sqliteText(e));
    default:
        return RunStore::tr("%2 failed in %1: %3.").arg(QDir::toNativeSeparators(path), what, sqliteText(e));
    }
}

// The runs being written right now by a RunStore of this process, as "canonical path\nrun id". Another
// connection opening the same file (a GUI thread browsing while a worker writes) must not take them for
// abandoned.
QMutex& liveRunsMutex()
{
    static QMutex mutex;
    return mutex;
}

QSet<QString>& liveRuns()
{
    static QSet<QString> set;
    return set;
}

QString liveKey(const QString& file, qint64 runId)
{
    return file + QLatin1Char('\n') + QString::number(runId);
}

// The files this process has stores on, with how many, by fileKey(). Closing any descriptor of a file drops
// every POSIX lock the process holds on it, SQLite's included (sqlite.org/howtocorrupt.html, 2.2): a Kneepoint
// that read a database's header with a QFile while one of its own connections was open made that connection
// look closed to other processes, and the next `kneepoint runs` in a terminal, taking itself for the last
// connection, checkpointed and deleted the -wal and -shm files under the window. So the header is read only
// while the process has no connection to the file, under this mutex, and every connection counts itself here
// before it opens.
QMutex& openFilesMutex()
{
    static QMutex mutex;
    return mutex;
}

QHash<QString, int>& openFiles()
{
    static QHash<QString, int> files;
    return files;
}

// The file's canonical path, or for a file not yet created its folder's canonical path and its name: the same key
// before and after the first open creates it.
QString fileKey(const QString& absolute)
{
    const QFileInfo info(absolute);
    if (info.exists())
        return info.canonicalFilePath();
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return (folder.isEmpty() ? info.absolutePath() : folder) + QLatin1Char('/') + info.fileName();
}

bool processExists(qint64 pid)
{
#ifdef Q_OS_UNIX
    if (pid <= 0 || pid > std::numeric_limits<pid_t>::max())
        return false;
    // EPERM: it exists but belongs to someone else. A reused pid keeps a dead run "running" until a later open;
    // marking a live one incomplete would be worse.
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#else
    Q_UNUSED(pid)
    return false;
#endif
}

/// What a file turned out to be, read without writing anything.
struct Probe
{
    enum Kind { Empty, Ours, Foreign, Damaged } kind = Empty;
    int version = 0;
    QSqlError error; ///< for Damaged
};

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

// A refusal for a file we will not touch, or an empty string when `p` is one we can open.
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

// BEGIN IMMEDIATE takes the write lock up front: a deferred transaction that reads and then writes can fail
// with SQLITE_BUSY at the upgrade in WAL mode, where the busy timeout does not help. Rolls back unless
// committed, so every early return leaves the file as it was.
class WriteTransaction
{
public:
    explicit WriteTransaction(const QSqlDatabase& db)
        : m_db(db)
    { }
    ~WriteTransaction()
    {
        if (m_open)
            QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
    }
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;

    bool begin(QSqlError* error)
    {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("BEGIN IMMEDIATE"))) {
            *error = q.lastError();
            return false;
        }
        m_open = true;
        return true;
    }

    bool commit(QSqlError* error)
    {
        QSqlQuery q(m_db);
        if (!q.exec(QStringLiteral("COMMIT"))) {
            *error = q.lastError();
            return false; // still open: the destructor rolls back
        }
        m_open = false;
        return true;
    }

private:
    QSqlDatabase m_db;
    bool m_open = false;
};

bool exec(QSqlDatabase& db, const QString& sql, QSqlError* error)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    *error = q.lastError();
    return false;
}

} // namespace

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

QString RunStore::defaultPath()
{
    QString fromEnvironment = qEnvironmentVariable("KNEEPOINT_DB");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("kneepoint.sqlite"));
}

int RunStore::schemaVersion()
{
    return static_cast<int>(migrations().size());
}

RunStore::RunStore(QString path, QString connectionName)
    : m_path(std::move(path))
    , m_connectionName(std::move(connectionName))
{ }

RunStore::~RunStore()
{
    {
        const QMutexLocker lock(&liveRunsMutex());
        for (qint64 id : m_liveRuns)
            liveRuns().remove(liveKey(m_registryKey, id));
    }
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
    if (!m_fileKey.isEmpty()) {
        const QMutexLocker lock(&openFilesMutex());
        if (--openFiles()[m_fileKey] <= 0)
            openFiles().remove(m_fileKey);
    }
}

bool RunStore::isOpenInProcess(const QString& path)
{
    const QMutexLocker lock(&openFilesMutex());
    return openFiles().value(fileKey(QFileInfo(path).absoluteFilePath())) > 0;
}

std::unique_ptr<RunStore> RunStore::open(const QString& path, QString* error, const QString& connectionName)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const QString file = QDir::toNativeSeparators(absolute);
    if (!QSqlDatabase::isDriverAvailable(kDriver)) {
        setError(error,
            tr("Qt's SQLite driver is missing, so Kneepoint cannot keep its run history. Install it (on Debian: "
               "libqt6sql6-sqlite)."));
        return nullptr;
    }
    if (QSqlDatabase::contains(connectionName)) {
        setError(error,
            tr("The database connection \"%1\" is already open in this process; each thread needs a connection of "
               "its own name.")
                .arg(connectionName));
        return nullptr;
    }

    // From here the store owns the connection and its place in openFiles(): its destructor removes both on every
    // failure below.
    std::unique_ptr<RunStore> store(new RunStore(absolute, connectionName));
    QMutexLocker claim(&openFilesMutex());
    store->m_fileKey = fileKey(absolute);
    const bool firstInProcess = openFiles().value(store->m_fileKey) == 0;
    ++openFiles()[store->m_fileKey];

    const QFileInfo info(absolute);
    if (info.exists()) {
        if (!info.isFile()) {
            setError(error, tr("%1 is not a file. Choose a database file with --db or KNEEPOINT_DB.").arg(file));
            return nullptr;
        }
        // Checked by hand before SQLite sees the file: SQLite would accept some non-database files as empty ones.
        // Only while no connection of this process has the file (see openFiles()); when one has, it was checked
        // when that one opened, and its WAL is in use.
        QByteArray header;
        if (firstInProcess && info.size() > 0) {
            QFile f(absolute);
            if (!f.open(QIODevice::ReadOnly)) {
                setError(error, tr("%1 cannot be read: %2.").arg(file, f.errorString()));
                return nullptr;
            }
            static const QByteArray magic("SQLite format 3", 16); // with its terminating NUL
            header = f.read(100);
            f.close();
            if (!header.startsWith(magic)) {
                setError(error,
                    tr("%1 is not a Kneepoint database (it is not an SQLite file). Kneepoint left it untouched: "
                       "choose another file with --db or KNEEPOINT_DB.")
                        .arg(file));
                return nullptr;
            }
        }
        // The header is read: SQLite's own connections keep each other's locks, so the rest needs no registry lock
        // (holding it through a busy timeout would stall every other open, and the window's checks).
        claim.unlock();
        // Read-only first: a foreign WAL database would be checkpointed, its bytes changed, by closing a read-write
        // connection to it. A WAL database without a -wal file has all its content in the main file; opening it
        // immutable keeps SQLite from creating -wal and -shm files next to a file that may not be ours.
        const bool walWithoutLog = header.size() >= 20 && header.at(18) == 2 && header.at(19) == 2
            && !QFileInfo::exists(absolute + QStringLiteral("-wal"));
        QString refused;
        // A file or folder this user cannot write (a colleague's history, a read-only mount): the history is still
        // read, through this read-only connection, and only writing it fails, with a sentence that says why.
        const bool writable = info.isWritable() && QFileInfo(info.absolutePath()).isWritable();
        bool keepReadOnly = false;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(kDriver, connectionName);
            if (walWithoutLog) {
                db.setDatabaseName(QUrl::fromLocalFile(absolute).toString(QUrl::FullyEncoded)
                    + QStringLiteral("?mode=ro&immutable=1"));
                db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
            } else {
                db.setDatabaseName(absolute);
                db.setConnectOptions(
                    QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
            }
            if (!db.open()) {
                refused = tr("%1 cannot be opened: %2.").arg(file, sqliteText(db.lastError()));
            } else {
                const Probe p = probe(db);
                refused = refusal(absolute, p);
                if (refused.isEmpty() && !writable && p.kind == Probe::Ours) {
                    if (p.version < schemaVersion())
                        refused = tr("%1 was written by an older Kneepoint (database version %2) and must be updated "
                                     "to version %3 before it can be read, which needs write access to it and its "
                                     "folder. Copy it somewhere you can write, and point --db or KNEEPOINT_DB at "
                                     "the copy.")
                                      .arg(file, QString::number(p.version), QString::number(schemaVersion()));
                    else
                        keepReadOnly = true;
                }
                if (!keepReadOnly)
                    db.close();
            }
        }
        if (keepReadOnly) {
            store->m_readOnly = true;
            store->m_registryKey = QFileInfo(absolute).canonicalFilePath();
            return store;
        }
        QSqlDatabase::removeDatabase(connectionName);
        if (!refused.isEmpty()) {
            setError(error, refused);
            return nullptr;
        }
    } else if (!QDir().mkpath(info.absolutePath())) {
        setError(error,
            tr("The folder %1 cannot be created for the database. Choose another file with --db or KNEEPOINT_DB.")
                .arg(QDir::toNativeSeparators(info.absolutePath())));
        return nullptr;
    }
    if (claim.isLocked())
        claim.unlock();

    QSqlDatabase db = QSqlDatabase::addDatabase(kDriver, connectionName);
    db.setDatabaseName(absolute);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    if (!db.open()) {
        setError(error, tr("%1 cannot be opened: %2.").arg(file, sqliteText(db.lastError())));
        return nullptr;
    }
    const QString opening = tr("opening the database");
    QSqlError sqlError;
    // Probed again, now read-write: the file may have changed since the read-only look (or been created).
    const Probe before = probe(db);
    if (const QString refused = refusal(absolute, before); !refused.isEmpty()) {
        setError(error, refused);
        return nullptr;
    }
    if (before.kind == Probe::Empty) {
        // page_size only takes effect before the first table exists and before WAL mode is on.
        if (!exec(db, QStringLiteral("PRAGMA page_size = %1").arg(kPageSize), &sqlError)) {
            setError(error, failure(absolute, opening, sqlError, false));
            return nullptr;
        }
    }
    // WAL: a commit is one append to the -wal file, so a process killed at any point leaves every committed step
    // and nothing half-written, and readers (the GUI) never block the writer. synchronous=NORMAL with WAL skips
    // the fsync per commit: a committed transaction survives the process being killed (it is in the OS's page
    // cache), and only a power loss or OS crash can lose the last few commits — never the database's consistency.
    // Switching a new file to WAL needs it to itself, and SQLite answers BUSY at once rather than calling the busy
    // handler: when two Kneepoints create one database together, the second waits here for the first.
    QSqlQuery pragma(db);
    bool switched = false;
    for (QDeadlineTimer deadline(kBusyTimeoutMs);;) {
        switched = pragma.exec(QStringLiteral("PRAGMA journal_mode = WAL")) && pragma.next();
        const int code = sqliteCode(pragma.lastError());
        if (switched || (code != 5 && code != 6) || deadline.hasExpired())
            break;
        QThread::msleep(20);
    }
    if (!switched || pragma.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        setError(error,
            tr("%1 cannot be switched to write-ahead logging (%2). Choose a file on a local disk with --db or "
               "KNEEPOINT_DB.")
                .arg(file, pragma.lastError().isValid() ? sqliteText(pragma.lastError()) : pragma.value(0).toString()));
        return nullptr;
    }
    pragma.finish();
    // A page cache of 1 MiB (16 of the 64 KiB pages): with SQLite's default of 2 MiB, a run's client grew by half a
    // MiB a minute for as long as it ran (tests/bench/bench_soak: +14 MiB in 30 minutes), flat at 1 MiB. The writer
    // only appends, and reports read each step once, so the smaller cache costs nothing measurable.
    if (!exec(db, QStringLiteral("PRAGMA synchronous = NORMAL"), &sqlError)
        || !exec(db, QStringLiteral("PRAGMA cache_size = -1024"), &sqlError)
        || !exec(db, QStringLiteral("PRAGMA foreign_keys = ON"), &sqlError)) {
        setError(error, failure(absolute, opening, sqlError));
        return nullptr;
    }

    // Migrate in one transaction: a failure (disk full) leaves the file at its old version, never in between.
    // Skipped when current, so that opening never waits for the write lock held by a run in progress.
    if (before.kind == Probe::Empty || before.version < schemaVersion()) {
        WriteTransaction transaction(db);
        if (!transaction.begin(&sqlError)) {
            setError(error, failure(absolute, opening, sqlError));
            return nullptr;
        }
        // Probed again under the write lock: another process may have created or migrated it meanwhile.
        const Probe now = probe(db);
        const QString refused = refusal(absolute, now);
        if (!refused.isEmpty()) {
            setError(error, refused);
            return nullptr;
        }
        if (now.version < schemaVersion()) {
            for (std::size_t v = static_cast<std::size_t>(now.version); v < migrations().size(); ++v) {
                for (const QString& statement : migrations()[v]) {
                    if (!exec(db, statement, &sqlError)) {
                        setError(
                            error, failure(absolute, tr("updating the database to version %1").arg(v + 1), sqlError));
                        return nullptr;
                    }
                }
            }
            QSqlQuery q(db);
            q.prepare(QStringLiteral("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)"));
            q.addBindValue(QString::number(schemaVersion()));
            if (!q.exec()) {
                setError(error, failure(absolute, opening, q.lastError()));
                return nullptr;
            }
            q.finish();
            if (!transaction.commit(&sqlError)) {
                setError(error, failure(absolute, opening, sqlError));
                return nullptr;
            }
        }
    }

    store->m_registryKey = QFileInfo(absolute).canonicalFilePath();
    // Not fatal: on a full disk the history must still open for reading; a later open marks those runs.
    QString markError;
    if (!store->markAbandonedRuns(&markError))
        qWarning("kneepoint: %s", qUtf8Printable(markError));
    return store;
}

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

qint64 RunStore::createRun(const RunInfo& info, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO runs (started_utc, status, status_reason, url, model, gpu, product, "
                             "options, facts, environment, time_scale, demo, writer_pid) "
                             "VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(utcNow());
    q.addBindValue(runStatusName(RunStatus::Running));
    q.addBindValue(withoutCredentials(info.url));
    q.addBindValue(info.model);
    q.addBindValue(info.gpu);
    q.addBindValue(info.product);
    q.addBindValue(jsonText(info.options));
    q.addBindValue(jsonText(info.facts));
    q.addBindValue(jsonText(info.environment));
    q.addBindValue(info.timeScale);
    q.addBindValue(info.demo ? 1 : 0);
    q.addBindValue(QCoreApplication::applicationPid());
    // Outside an explicit transaction the INSERT is its own, committed when exec() returns.
    if (!q.exec()) {
        setError(error, failure(m_path, tr("starting the run"), q.lastError()));
        return -1;
    }
    const qint64 id = q.lastInsertId().toLongLong();
    keepReserve();
    m_liveRuns.push_back(id);
    const QMutexLocker lock(&liveRunsMutex());
    liveRuns().insert(liveKey(m_registryKey, id));
    return id;
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
    q.addBindValue(step.phase);
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
        "cached_tokens, finish_reason, requested_input_tokens, requested_output_tokens, chunk_count, chunks) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
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
    q.addBindValue(step.phase);
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
        s.info.phase = q.value(1).toString();
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
        "requested_input_tokens, requested_output_tokens, chunk_count, chunks FROM requests WHERE step_id = ? "
        "ORDER BY id"));
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

bool RunStore::annotateRun(qint64 id, const RunAnnotation& annotation, QString* error)
{
    const RunAnnotation a = annotation.cleaned();
    QJsonArray tags;
    for (const QString& tag : a.tags)
        tags.append(tag);
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET name = ?, notes = ?, tags = ? WHERE id = ?"));
    // Empty is stored as NULL, as a run that was never annotated reads.
    q.addBindValue(a.name.isEmpty() ? QVariant() : QVariant(a.name));
    q.addBindValue(a.notes.isEmpty() ? QVariant() : QVariant(a.notes));
    q.addBindValue(a.tags.isEmpty() ? QVariant()
                                    : QVariant(QString::fromUtf8(QJsonDocument(tags).toJson(QJsonDocument::Compact))));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(error, failure(m_path, tr("saving the name, notes and tags of run %1").arg(id), q.lastError()));
        return false;
    }
    if (q.numRowsAffected() == 0) {
        setError(error, tr("There is no run %1 in %2.").arg(id).arg(m_path));
        return false;
    }
    return true;
}

bool RunStore::deleteRun(qint64 id, QString* error)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));
    q.addBindValue(id);
    // One statement, one implicit transaction: the cascade to steps, requests and samples is all or nothing.
    if (!q.exec()) {
        setError(error, failure(m_path, tr("deleting run %1").arg(id), q.lastError()));
        return false;
    }
    return true;
}

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

QString RunStore::path() const
{
    return m_path;
}

QString errorClassName(ErrorClass error)
{
    return storedErrorName(error);
}

} // namespace kp::core
