// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/runstore.h"

#include "core/store/chunkcodec.h"
#include "core/store/storeerrors.h"
#include "core/store/storeschema.h"
#include "core/store/writerlock.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>

namespace kp::core {

using namespace storage;

namespace {

const QString kDriver = QStringLiteral("QSQLITE");
constexpr int kBusyTimeoutMs = 10000;

// A file that exists is looked at before it is opened to write: its header by hand, then through a read-only
// connection. Refused: `*error` says why. ReadOnly: a current database this user cannot write, left open read-only
// under `connectionName`. Writable: go on and open it to write. `claim` (the registry of open files) is let go once
// the header is read.
enum class Look { Refused, ReadOnly, Writable };

Look lookFirst(const QString& absolute, const QString& connectionName, bool firstInProcess, QMutexLocker<QMutex>& claim,
    QString* error)
{
    const QString file = QDir::toNativeSeparators(absolute);
    const QFileInfo info(absolute);
    if (!info.isFile()) {
        setError(error, RunStore::tr("%1 is not a file. Choose a database file with --db or KNEEPOINT_DB.").arg(file));
        return Look::Refused;
    }
    // Checked by hand before SQLite sees the file: SQLite would accept some non-database files as empty ones.
    // Only while no connection of this process has the file (see openFiles()); when one has, it was checked
    // when that one opened, and its WAL is in use.
    QByteArray header;
    if (firstInProcess && info.size() > 0) {
        QFile f(absolute);
        if (!f.open(QIODevice::ReadOnly)) {
            setError(error, RunStore::tr("%1 cannot be read: %2.").arg(file, f.errorString()));
            return Look::Refused;
        }
        static const QByteArray magic("SQLite format 3", 16); // with its terminating NUL
        header = f.read(100);
        f.close();
        if (!header.startsWith(magic)) {
            setError(error,
                RunStore::tr("%1 is not a Kneepoint database (it is not an SQLite file). Kneepoint left it untouched: "
                             "choose another file with --db or KNEEPOINT_DB.")
                    .arg(file));
            return Look::Refused;
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
            db.setDatabaseName(
                QUrl::fromLocalFile(absolute).toString(QUrl::FullyEncoded) + QStringLiteral("?mode=ro&immutable=1"));
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
        } else {
            db.setDatabaseName(absolute);
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
        }
        if (!db.open()) {
            refused = RunStore::tr("%1 cannot be opened: %2.").arg(file, sqliteText(db.lastError()));
        } else {
            const Probe p = probe(db);
            refused = refusal(absolute, p);
            if (refused.isEmpty() && !writable && p.kind == Probe::Ours) {
                if (p.version < RunStore::schemaVersion())
                    refused
                        = RunStore::tr("%1 was written by an older Kneepoint (database version %2) and must be updated "
                                       "to version %3 before it can be read, which needs write access to it and its "
                                       "folder. Copy it somewhere you can write, and point --db or KNEEPOINT_DB at "
                                       "the copy.")
                              .arg(file, QString::number(p.version), QString::number(RunStore::schemaVersion()));
                else
                    keepReadOnly = true;
            }
            if (!keepReadOnly)
                db.close();
        }
    }
    if (keepReadOnly)
        return Look::ReadOnly;
    QSqlDatabase::removeDatabase(connectionName);
    if (!refused.isEmpty()) {
        setError(error, refused);
        return Look::Refused;
    }
    return Look::Writable;
}

// Opens the file to write under `connectionName`, after probing it again (it may have changed since the read-only
// look, or been created), in write-ahead logging mode with the store's pragmas. `*probed`: what it was, before any
// migration.
bool openWritable(const QString& absolute, const QString& connectionName, Probe* probed, QString* error)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(kDriver, connectionName);
    const QString file = QDir::toNativeSeparators(absolute);
    db.setDatabaseName(absolute);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    if (!db.open()) {
        setError(error, RunStore::tr("%1 cannot be opened: %2.").arg(file, sqliteText(db.lastError())));
        return false;
    }
    const QString opening = RunStore::tr("opening the database");
    QSqlError sqlError;
    // Probed again, now read-write: the file may have changed since the read-only look (or been created).
    const Probe before = probe(db);
    *probed = before;
    if (const QString refused = refusal(absolute, before); !refused.isEmpty()) {
        setError(error, refused);
        return false;
    }
    if (before.kind == Probe::Empty) {
        // page_size only takes effect before the first table exists and before WAL mode is on.
        if (!exec(db, QStringLiteral("PRAGMA page_size = %1").arg(kPageSize), &sqlError)) {
            setError(error, failure(absolute, opening, sqlError, false));
            return false;
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
            RunStore::tr(
                "%1 cannot be switched to write-ahead logging (%2). Choose a file on a local disk with --db or "
                "KNEEPOINT_DB.")
                .arg(file, pragma.lastError().isValid() ? sqliteText(pragma.lastError()) : pragma.value(0).toString()));
        return false;
    }
    pragma.finish();
    // A page cache of 1 MiB (16 of the 64 KiB pages): with SQLite's default of 2 MiB, a run's client grew by half a
    // MiB a minute for as long as it ran (tests/bench/bench_soak: +14 MiB in 30 minutes), flat at 1 MiB. The writer
    // only appends, and reports read each step once, so the smaller cache costs nothing measurable.
    if (!exec(db, QStringLiteral("PRAGMA synchronous = NORMAL"), &sqlError)
        || !exec(db, QStringLiteral("PRAGMA cache_size = -1024"), &sqlError)
        || !exec(db, QStringLiteral("PRAGMA foreign_keys = ON"), &sqlError)) {
        setError(error, failure(absolute, opening, sqlError));
        return false;
    }
    return true;
}

// Migrates the file to this build's schema in one transaction: a failure (disk full) leaves it at its old version,
// never in between.
bool migrate(QSqlDatabase& db, const QString& absolute, QString* error)
{
    const QString opening = RunStore::tr("opening the database");
    QSqlError sqlError;
    WriteTransaction transaction(db);
    if (!transaction.begin(&sqlError)) {
        setError(error, failure(absolute, opening, sqlError));
        return false;
    }
    // Probed again under the write lock: another process may have created or migrated it meanwhile.
    const Probe now = probe(db);
    const QString refused = refusal(absolute, now);
    if (!refused.isEmpty()) {
        setError(error, refused);
        return false;
    }
    if (now.version < RunStore::schemaVersion()) {
        for (std::size_t v = static_cast<std::size_t>(now.version); v < migrations().size(); ++v) {
            for (const QString& statement : migrations()[v]) {
                if (!exec(db, statement, &sqlError)) {
                    setError(error,
                        failure(absolute, RunStore::tr("updating the database to version %1").arg(v + 1), sqlError));
                    return false;
                }
            }
        }
        QSqlQuery q(db);
        q.prepare(QStringLiteral("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)"));
        q.addBindValue(QString::number(RunStore::schemaVersion()));
        if (!q.exec()) {
            setError(error, failure(absolute, opening, q.lastError()));
            return false;
        }
        q.finish();
        if (!transaction.commit(&sqlError)) {
            setError(error, failure(absolute, opening, sqlError));
            return false;
        }
    }
    return true;
}

} // namespace

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
        switch (lookFirst(absolute, connectionName, firstInProcess, claim, error)) {
        case Look::Refused:
            return nullptr;
        case Look::ReadOnly:
            store->m_readOnly = true;
            store->m_registryKey = QFileInfo(absolute).canonicalFilePath();
            return store;
        case Look::Writable:
            break;
        }
    }
    if (!info.exists() && !QDir().mkpath(info.absolutePath())) {
        setError(error,
            tr("The folder %1 cannot be created for the database. Choose another file with --db or KNEEPOINT_DB.")
                .arg(QDir::toNativeSeparators(info.absolutePath())));
        return nullptr;
    }
    if (claim.isLocked())
        claim.unlock();

    Probe before;
    if (!openWritable(absolute, connectionName, &before, error))
        return nullptr;
    // Migrated only when not current, so that opening never waits for the write lock held by a run in progress.
    if (before.kind == Probe::Empty || before.version < schemaVersion()) {
        QSqlDatabase db = QSqlDatabase::database(connectionName, false);
        if (!migrate(db, absolute, error))
            return nullptr;
    }

    store->m_registryKey = QFileInfo(absolute).canonicalFilePath();
    // Not fatal: on a full disk the history must still open for reading; a later open marks those runs.
    QString markError;
    if (!store->markAbandonedRuns(&markError))
        qWarning("kneepoint: %s", qUtf8Printable(markError));
    return store;
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

QString RunStore::path() const
{
    return m_path;
}

} // namespace kp::core
