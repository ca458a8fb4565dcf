// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/import/importformat.h"
#include "core/store/chunkcodec.h"
#include "core/store/clientenvironment.h"
#include "core/store/launchfacts.h"
#include "core/store/runarchive.h"
#include "core/store/runstore.h"
#include "core/store/serveroutagerecord.h"
#include "support/storerecords.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <cstdio>
#include <limits>
#include <random>

using namespace kp::core;
using namespace kp::test;

namespace {

// Set in the environment of a child copy of this binary, which then writes steps into the named file until it is
// killed: the crash test's victim.
constexpr char kWriterVariable[] = "KNEEPOINT_STORE_WRITER";
constexpr char kReaderVariable[] = "KNEEPOINT_STORE_READER";
constexpr int kWriterRequests = 200;
constexpr int kWriterTokens = 400;

int runWriter(const QString& path)
{
    QString error;
    auto store = RunStore::open(path, &error, QStringLiteral("writer"));
    if (!store) {
        std::fprintf(stderr, "writer: %s\n", qPrintable(error));
        return 2;
    }
    // A page cache of two pages makes SQLite spill each step's pages into the WAL while its transaction is still
    // open, so that a kill mid-step leaves uncommitted frames there for the next open to discard.
    QSqlQuery(QSqlDatabase::database(QStringLiteral("writer"))).exec(QStringLiteral("PRAGMA cache_size = 2"));
    const qint64 runId = store->createRun(makeRunInfo(), &error);
    for (int i = 0; runId >= 0; ++i) {
        if (store->addStep(runId, makeStep(i),
                makeRequests(static_cast<std::uint64_t>(i), kWriterRequests, kWriterTokens), makeSamples(i), &error)
            < 0)
            break;
    }
    std::fprintf(stderr, "writer: %s\n", qPrintable(error));
    return 3;
}

// What `kneepoint runs` does to the file: open, list, close. Exits 0 when it could.
int runReader(const QString& path)
{
    QString error;
    auto store = RunStore::open(path, &error, QStringLiteral("reader"));
    if (!store) {
        std::fprintf(stderr, "reader: %s\n", qPrintable(error));
        return 2;
    }
    error.clear();
    const QList<RunSummary> list = store->runs(&error);
    if (!error.isEmpty()) {
        std::fprintf(stderr, "reader: %s\n", qPrintable(error));
        return 3;
    }
    return list.isEmpty() ? 4 : 0;
}

// The frames at the end of a WAL file that no commit frame covers, a torn last one included: what a writer killed
// inside a transaction leaves behind (format: sqlite.org/fileformat.html, "The WAL File Format").
int uncommittedWalFrames(const QString& walPath)
{
    QFile f(walPath);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray wal = f.readAll();
    if (wal.size() < 32)
        return 0;
    auto be32 = [&wal](qsizetype at) { return qFromBigEndian<quint32>(wal.constData() + at); };
    const qsizetype frameSize = 24 + qsizetype(be32(8));
    int sinceCommit = 0;
    for (qsizetype at = 32; at + 24 <= wal.size(); at += frameSize) {
        // Frames of an earlier generation, before the last checkpoint restarted the file, have other salts.
        if (be32(at + 8) != be32(16) || be32(at + 12) != be32(20))
            break;
        // A commit frame records the database size after the commit; other frames record 0.
        sinceCommit = at + frameSize <= wal.size() && be32(at + 4) != 0 ? 0 : sinceCommit + 1;
    }
    return sinceCommit;
}

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&f);
    return hash.result();
}

// Runs `sql` on a connection of its own and returns the first column of the first row (or the error's text).
QVariant scalar(const QString& path, const QString& sql)
{
    const QString name = QStringLiteral("scalar");
    QVariant result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                result = q.value(0);
            else if (q.lastError().isValid())
                result = q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

// Executes statements on a raw connection: how the tests make files Kneepoint did not write.
bool rawExec(const QString& path, const QStringList& statements, QString* error = nullptr)
{
    const QString name = QStringLiteral("raw");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString& s : statements) {
            QSqlQuery q(db);
            if (ok && !q.exec(s)) {
                ok = false;
                if (error)
                    *error = s + QStringLiteral(": ") + q.lastError().text();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// The DDL of every earlier schema version, frozen as released: never edit an entry, only append one when
// RunStore::schemaVersion() grows. Each opens with its seed data through today's RunStore.
struct Fixture
{
    int version;
    QStringList statements;
};

std::vector<Fixture> earlierVersions()
{
    const QString seedRequest = QStringLiteral(
        "INSERT INTO requests (step_id, request_id, response_id, virtual_user, warmup, scheduled_ns, sent_ns, "
        "headers_ns, first_token_ns, end_ns, http_status, error, error_message, prompt_tokens, completion_tokens, "
        "cached_tokens, finish_reason, requested_input_tokens, requested_output_tokens, chunk_count, chunks) VALUES "
        "(1, 7, X'636d706c2d37', 3, 0, 4999000000, 5000000000, 5000500000, 5001000000, 5041000000, 200, 'none', "
        "NULL, 12, 4, -1, 'stop', 12, 16, 3, X'%1')")
                                    .arg(QString::fromLatin1(kFrozenChunks.toHex()));
    return {
        {1,
            {
                QStringLiteral("PRAGMA application_id = 1263423572"),
                QStringLiteral("CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"),
                QStringLiteral("CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, started_utc TEXT NOT NULL, "
                               "finished_utc TEXT, status TEXT NOT NULL, status_reason TEXT, url TEXT, model TEXT, "
                               "gpu TEXT, product TEXT, options TEXT NOT NULL, facts TEXT NOT NULL, environment TEXT "
                               "NOT NULL, time_scale REAL NOT NULL, demo INTEGER NOT NULL, writer_pid INTEGER)"),
                QStringLiteral("CREATE TABLE steps (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id INTEGER NOT NULL "
                               "REFERENCES runs(id) ON DELETE CASCADE, step_index INTEGER NOT NULL, phase TEXT, load "
                               "TEXT NOT NULL, start_ns INTEGER NOT NULL, end_ns INTEGER NOT NULL, started_utc TEXT, "
                               "cancelled INTEGER NOT NULL, request_count INTEGER NOT NULL)"),
                QStringLiteral("CREATE INDEX steps_run ON steps(run_id, step_index)"),
                QStringLiteral(
                    "CREATE TABLE requests (id INTEGER PRIMARY KEY, step_id INTEGER NOT NULL REFERENCES steps(id) ON "
                    "DELETE CASCADE, request_id INTEGER NOT NULL, response_id BLOB, virtual_user INTEGER NOT NULL, "
                    "warmup INTEGER NOT NULL, scheduled_ns INTEGER NOT NULL, sent_ns INTEGER NOT NULL, headers_ns "
                    "INTEGER NOT NULL, first_token_ns INTEGER NOT NULL, end_ns INTEGER NOT NULL, http_status INTEGER "
                    "NOT NULL, error TEXT NOT NULL, error_message TEXT, prompt_tokens INTEGER NOT NULL, "
                    "completion_tokens INTEGER NOT NULL, cached_tokens INTEGER NOT NULL, finish_reason TEXT, "
                    "requested_input_tokens INTEGER NOT NULL, requested_output_tokens INTEGER NOT NULL, chunk_count "
                    "INTEGER NOT NULL, chunks BLOB NOT NULL)"),
                QStringLiteral("CREATE INDEX requests_step ON requests(step_id)"),
                QStringLiteral("CREATE TABLE metrics_samples (id INTEGER PRIMARY KEY, step_id INTEGER NOT NULL "
                               "REFERENCES steps(id) ON DELETE CASCADE, ns INTEGER NOT NULL, json TEXT NOT NULL)"),
                QStringLiteral("CREATE INDEX metrics_samples_step ON metrics_samples(step_id)"),
                QStringLiteral("INSERT INTO meta (key, value) VALUES ('schema_version', '1')"),
                // A run left running by a writer that is long gone.
                QStringLiteral("INSERT INTO runs (started_utc, status, url, model, options, facts, environment, "
                               "time_scale, demo, writer_pid) VALUES ('2026-01-01T00:00:00.000Z', 'running', "
                               "'http://gpu-box:8000/v1', 'qwen', '{\"steps\":3}', '{}', '{}', 1, 0, NULL)"),
                QStringLiteral("INSERT INTO steps (run_id, step_index, phase, load, start_ns, end_ns, started_utc, "
                               "cancelled, request_count) VALUES (1, 0, 'baseline', '{\"concurrency\":1}', "
                               "4000000000, 6000000000, '2026-01-01T00:00:01.000Z', 0, 1)"),
                seedRequest,
                QStringLiteral("INSERT INTO metrics_samples (step_id, ns, json) VALUES (1, 5500000000, "
                               "'{\"vllm:num_requests_running\":1}')"),
            }},
    };
}

} // namespace

class TestRunStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void statusNames();
    void defaultPath();
    void createsDatabase();
    void connectionNameInUse();
    void roundTrip();
    void storedFactsReadThroughTheirTypes();
    void secretsAreNotStored();
    void stepIsAtomic();
    void diskFullLeavesDatabaseValid();
    void abandonedRunMarkedIncomplete();
    void liveRunNotMarkedByAnotherConnection();
    void otherProcessKeepsOpenStoreWhole();
    void deleteRunCascades();
    void annotationsAreKeptCleaned();
    void archivesCarryRunsWhole();
    void refusesNonSqliteFile();
    void refusesDamagedSqliteFile();
    void refusesForeignDatabase_data();
    void refusesForeignDatabase();
    void refusesNewerSchema();
    void opensEarlierVersions();
    void insertSpeed();
    void fileBytesPerToken();
    void killedWriterLeavesCompletedSteps();

private:
    void killWriter(const QString& path, bool observe, int* uncommittedFrames);

    QTemporaryDir m_dir;
    QString file(const QString& name) const { return m_dir.filePath(name); }
};

void TestRunStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // defaultPath() must not create folders in the real home.
    QStandardPaths::setTestModeEnabled(true);
}

void TestRunStore::statusNames()
{
    for (RunStatus s : {RunStatus::Running, RunStatus::Complete, RunStatus::Incomplete, RunStatus::Stopped,
             RunStatus::Failed, RunStatus::Demo, RunStatus::ServerFailed})
        QCOMPARE(runStatusFromName(runStatusName(s)), s);
    QCOMPARE(runStatusName(RunStatus::Incomplete), QStringLiteral("incomplete"));
    QCOMPARE(runStatusName(RunStatus::ServerFailed), QStringLiteral("server_failed"));
    QVERIFY(!runStatusFromName(QStringLiteral("paused")));
}

void TestRunStore::defaultPath()
{
    qputenv("KNEEPOINT_DB", file(QStringLiteral("from-env.sqlite")).toUtf8());
    QCOMPARE(RunStore::defaultPath(), file(QStringLiteral("from-env.sqlite")));
    qunsetenv("KNEEPOINT_DB");
    const QString path = RunStore::defaultPath();
    QVERIFY(path.endsWith(QStringLiteral("/kneepoint.sqlite")));
    QVERIFY(QFileInfo(path).dir().exists());
}

void TestRunStore::createsDatabase()
{
    const QString path = file(QStringLiteral("new/nested/k.sqlite"));
    QString error;
    {
        auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->path(), path);
        QSqlQuery q(QSqlDatabase::database(QStringLiteral("kneepoint")));
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_keys")) && q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QVERIFY(q.exec(QStringLiteral("PRAGMA synchronous")) && q.next());
        QCOMPARE(q.value(0).toInt(), 1); // NORMAL
        QVERIFY(store->runs(&error).isEmpty());
    }
    QVERIFY(!QSqlDatabase::contains(QStringLiteral("kneepoint")));
    QCOMPARE(scalar(path, QStringLiteral("SELECT value FROM meta WHERE key = 'schema_version'")).toString(),
        QString::number(RunStore::schemaVersion()));
    QCOMPARE(scalar(path, QStringLiteral("PRAGMA application_id")).toLongLong(), 0x4B4E5054);
    // Opening again is a no-op migration.
    auto again = RunStore::open(path, &error);
    QVERIFY2(again, qPrintable(error));
}

void TestRunStore::connectionNameInUse()
{
    const QString path = file(QStringLiteral("names.sqlite"));
    QString error;
    auto first = RunStore::open(path, &error, QStringLiteral("ui"));
    QVERIFY2(first, qPrintable(error));
    QVERIFY(!RunStore::open(path, &error, QStringLiteral("ui")));
    QVERIFY2(error.contains(QStringLiteral("already open")), qPrintable(error));
    auto second = RunStore::open(path, &error, QStringLiteral("worker"));
    QVERIFY2(second, qPrintable(error));
}

void TestRunStore::roundTrip()
{
    const QString path = file(QStringLiteral("roundtrip.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));

    RunInfo info = makeRunInfo();
    info.timeScale = 4;
    info.demo = true;
    const qint64 runId = store->createRun(info, &error);
    QVERIFY2(runId > 0, qPrintable(error));

    std::vector<RequestRecord> requests = makeRequests(1, 30, 50);
    RequestRecord refused; // never connected: no times, no chunks, default everything
    refused.id = 99;
    refused.error = ErrorClass::ConnectionRefused;
    refused.errorMessage = QStringLiteral("Connection refused");
    requests.push_back(refused);
    RequestRecord cancelled = requests.front();
    cancelled.id = 100;
    cancelled.error = ErrorClass::Cancelled;
    std::vector<ChunkArrival> kept = cancelled.chunks.toVector();
    kept.resize(3);
    cancelled.chunks = kept;
    cancelled.responseId.clear();
    requests.push_back(cancelled);
    StepInfo step = makeStep(0);
    step.phase = Phase::Baseline;
    step.client = QJsonObject {{QStringLiteral("cpu_seconds"), 0.25}, {QStringLiteral("wall_seconds"), 2.5}};
    const std::vector<StoredMetricsSample> samples = makeSamples(0);
    const qint64 stepId = store->addStep(runId, step, requests, samples, &error);
    QVERIFY2(stepId > 0, qPrintable(error));
    StepInfo rate = makeStep(1);
    rate.phase = Phase::Rate;
    rate.load = QJsonObject {{QStringLiteral("rate"), 4.25}};
    rate.cancelled = true;
    const qint64 emptyStepId = store->addStep(runId, rate, {}, {}, &error);
    QVERIFY2(emptyStepId > stepId, qPrintable(error));

    QList<RunSummary> list = store->runs(&error);
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.front().status, RunStatus::Running);
    QVERIFY(list.front().finishedUtc.isEmpty());
    QVERIFY(store->finishRun(runId, RunStatus::Complete, QString(), &error));
    QVERIFY(!store->finishRun(runId, RunStatus::Running, QString(), &error));
    QVERIFY(!store->finishRun(runId + 100, RunStatus::Complete, QString(), &error));
    QVERIFY2(error.contains(QStringLiteral("no run")), qPrintable(error));

    list = store->runs(&error);
    QCOMPARE(list.size(), 1);
    const RunSummary& s = list.front();
    QCOMPARE(s.id, runId);
    QCOMPARE(s.status, RunStatus::Complete);
    QVERIFY(!s.startedUtc.isEmpty());
    QVERIFY(!s.finishedUtc.isEmpty());
    QCOMPARE(s.url, info.url);
    QCOMPARE(s.model, info.model);
    QCOMPARE(s.gpu, info.gpu);
    QCOMPARE(s.product, info.product);
    QCOMPARE(s.steps, 2);
    QCOMPARE(s.requests, qint64(requests.size()));
    QCOMPARE(s.demo, true);
    QCOMPARE(s.timeScale, 4.0);

    const std::optional<StoredRun> run = store->run(runId, &error);
    QVERIFY2(run, qPrintable(error));
    QCOMPARE(run->info.options, info.options);
    QCOMPARE(run->info.facts, info.facts);
    QCOMPARE(run->info.environment, info.environment);
    QCOMPARE(run->info.url, info.url);
    QCOMPARE(run->steps.size(), std::size_t(2));
    const StoredStep& first = run->steps[0];
    QCOMPARE(first.id, stepId);
    QCOMPARE(first.requestCount, int(requests.size()));
    QCOMPARE(first.info.phase, step.phase);
    QCOMPARE(first.info.index, step.index);
    QCOMPARE(first.info.load, step.load);
    QCOMPARE(first.info.startNs, step.startNs);
    QCOMPARE(first.info.endNs, step.endNs);
    QCOMPARE(first.info.startedUtc, step.startedUtc);
    QCOMPARE(first.info.cancelled, false);
    QCOMPARE(first.info.client, step.client);
    QVERIFY(run->steps[1].info.client.isEmpty());
    QCOMPARE(run->steps[1].info.load, rate.load);
    QCOMPARE(run->steps[1].info.cancelled, true);
    QCOMPARE(run->steps[1].requestCount, 0);

    compareRequests(store->requests(stepId, &error), requests);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(store->requests(emptyStepId, &error).empty());
    const std::vector<StoredMetricsSample> storedSamples = store->metricsSamples(stepId, &error);
    QCOMPARE(storedSamples.size(), samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i) {
        QCOMPARE(storedSamples[i].ns, samples[i].ns);
        QCOMPARE(storedSamples[i].values, samples[i].values);
    }
    QVERIFY(!store->run(runId + 1, &error));
}

// kneepoint export and import: a run leaves one machine and arrives on another as it was stored, once.
void TestRunStore::archivesCarryRunsWhole()
{
    QString error;
    auto source = RunStore::open(file(QStringLiteral("archive-source.sqlite")), &error, QStringLiteral("source"));
    QVERIFY2(source, qPrintable(error));
    QList<qint64> ids;
    std::vector<RequestRecord> requests = makeRequests(7, 40, 60);
    for (int r = 0; r < 2; ++r) {
        RunInfo info = makeRunInfo();
        info.options[QStringLiteral("seed")] = r;
        const qint64 id = source->createRun(info, &error);
        QVERIFY2(id > 0, qPrintable(error));
        for (int i = 0; i < 2; ++i)
            QVERIFY2(source->addStep(id, makeStep(i), requests, makeSamples(i), &error) > 0, qPrintable(error));
        QVERIFY2(source->finishRun(id, r == 0 ? RunStatus::Complete : RunStatus::Stopped,
                     r == 0 ? QString() : QStringLiteral("Stopped by the user."), &error),
            qPrintable(error));
        ids << id;
    }
    const qint64 running = source->createRun(makeRunInfo(), &error);

    // What the user said of a run goes with it.
    RunAnnotation said;
    said.name = QStringLiteral("baseline before fp8");
    said.notes = QStringLiteral("vLLM 0.31, default flags");
    said.tags = {QStringLiteral("baseline"), QStringLiteral("h100")};
    QVERIFY2(source->annotateRun(ids[0], said, &error), qPrintable(error));
    const QString archive = file(QStringLiteral("two.kpz"));
    QVERIFY2(RunArchive::write(*source, ids, archive, &error), qPrintable(error));
    // One file, nothing beside it: it is what travels.
    QVERIFY(RunArchive::isArchive(archive));
    for (const QString& beside :
        {QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-reserve"), QStringLiteral(".part")})
        QVERIFY2(!QFile::exists(archive + beside), qPrintable(beside));
    const QByteArray written = fileHash(archive);
    // A run still being measured is not exported, and what was there stays.
    QVERIFY(!RunArchive::write(*source, {ids.front(), running}, archive, &error));
    QVERIFY2(error.contains(QStringLiteral("still running")), qPrintable(error));
    QCOMPARE(fileHash(archive), written);
    QVERIFY(!QFile::exists(archive + QStringLiteral(".part")));

    auto target = RunStore::open(file(QStringLiteral("archive-target.sqlite")), &error, QStringLiteral("target"));
    QVERIFY2(target, qPrintable(error));
    QVERIFY2(target->createRun(makeRunInfo(), &error) == 1, qPrintable(error)); // so that the ids differ
    error.clear();
    std::optional<QList<RunArchive::Entry>> entries = RunArchive::read(archive, *target, &error);
    QVERIFY2(entries, qPrintable(error));
    QCOMPARE(entries->size(), 2);
    QCOMPARE(fileHash(archive), written); // read from a copy: a checked-in baseline is not touched
    for (int r = 0; r < 2; ++r) {
        const RunArchive::Entry& e = entries->at(r);
        QCOMPARE(e.archiveId, qint64(r + 1)); // oldest first
        QVERIFY(!e.alreadyStored);
        const std::optional<StoredRun> from = source->run(ids[r]);
        const std::optional<StoredRun> to = target->run(e.id);
        QVERIFY(from && to);
        QCOMPARE(to->summary.startedUtc, from->summary.startedUtc);
        QCOMPARE(to->summary.finishedUtc, from->summary.finishedUtc);
        QCOMPARE(to->summary.status, from->summary.status);
        QCOMPARE(to->summary.statusReason, from->summary.statusReason);
        QCOMPARE(to->summary.annotation, r == 0 ? said : RunAnnotation());
        QCOMPARE(to->info.options, from->info.options);
        QCOMPARE(to->info.facts, from->info.facts);
        QCOMPARE(to->info.environment, from->info.environment);
        QCOMPARE(to->steps.size(), from->steps.size());
        for (std::size_t i = 0; i < from->steps.size(); ++i) {
            QCOMPARE(to->steps[i].info.load, from->steps[i].info.load);
            QCOMPARE(to->steps[i].info.startNs, from->steps[i].info.startNs);
            QCOMPARE(to->steps[i].requestCount, from->steps[i].requestCount);
            compareRequests(target->requests(to->steps[i].id), requests);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(target->metricsSamples(to->steps[i].id).size(), makeSamples(int(i)).size());
        }
    }
    // Imported again (a CI job's cached history): nothing twice.
    const std::optional<QList<RunArchive::Entry>> again = RunArchive::read(archive, *target, &error);
    QVERIFY2(again, qPrintable(error));
    QVERIFY(again->at(0).alreadyStored && again->at(1).alreadyStored);
    QCOMPARE(again->at(0).id, entries->at(0).id);
    QCOMPARE(target->runs().size(), 3);

    // What is not an archive, or is one of a newer Kneepoint, is refused by the name the user gave.
    const QString text = file(QStringLiteral("text.kpz"));
    {
        QFile f(text);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("runs\n");
    }
    QVERIFY(!RunArchive::read(text, *target, &error));
    QVERIFY2(error.contains(QStringLiteral("text.kpz is not a Kneepoint archive")), qPrintable(error));
    const QString newer = file(QStringLiteral("newer.kpz"));
    QVERIFY(QFile::copy(archive, newer));
    QVERIFY(rawExec(newer, {QStringLiteral("UPDATE meta SET value = '99' WHERE key = 'schema_version'")}));
    QVERIFY(!RunArchive::read(newer, *target, &error));
    QVERIFY2(error.contains(QStringLiteral("newer.kpz")) && error.contains(QStringLiteral("newer Kneepoint")),
        qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("archive.sqlite")), qPrintable(error));
    // An archive written by an older Kneepoint is migrated in a copy and stored.
    const QString older = file(QStringLiteral("older.kpz"));
    QVERIFY(rawExec(older, earlierVersions().front().statements, &error));
    const QByteArray olderBytes = fileHash(older);
    entries = RunArchive::read(older, *target, &error);
    QVERIFY2(entries && entries->size() == 1, qPrintable(error));
    QCOMPARE(target->run(entries->front().id)->summary.requests, 1);
    QCOMPARE(fileHash(older), olderBytes);
    // The history itself is not read as an archive of itself.
    QVERIFY(!RunArchive::read(target->path(), *target, &error));
    QVERIFY2(error.contains(QStringLiteral("the run history itself")), qPrintable(error));
}

// What a run stores of its client, its launch and its outages comes back through the types every layer above the
// store reads them by: the same values, and the same JSON written again.
void TestRunStore::storedFactsReadThroughTheirTypes()
{
    const QString path = file(QStringLiteral("facts.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));

    ClientEnvironment environment = ClientEnvironment::ofThisMachine();
    QVERIFY(environment.cores > 0);
    QVERIFY(!environment.kneepointVersion.isEmpty());
    environment.network.tcpConnectMs = 0.25;
    environment.network.healthRoundTripMedianMs = 0.5;
    environment.network.healthRoundTrips = 7;
    // A nanosecond count past what a double holds exactly: stored as text, it comes back to the nanosecond.
    environment.clock = ClockAnchor {1'765'000'000'123'456'789, 987'654'321'012, QStringLiteral("clock server"), -2.5,
        QJsonObject {{QStringLiteral("measured"), false}}, QJsonObject {{QStringLiteral("measured"), true}}};
    RunInfo info = makeRunInfo();
    info.environment = environment.toJson();
    const QJsonObject launch {{QStringLiteral("runtime"), QStringLiteral("docker")},
        {QStringLiteral("engine"), QStringLiteral("vllm")}, {QStringLiteral("model"), QStringLiteral("org/m")},
        {QStringLiteral("revision"), QStringLiteral("abc")},
        {QStringLiteral("engine_args"), QJsonArray {QStringLiteral("--max-num-seqs=64"), QStringLiteral("--b")}},
        {QStringLiteral("image"), QStringLiteral("vllm/vllm-openai@sha256:00")}, {QStringLiteral("image_pinned"), true},
        {QStringLiteral("container"), QStringLiteral("kneepoint-1")}, {QStringLiteral("startup_seconds"), 41.5},
        {QStringLiteral("kv_cache_tokens"), 123456.0},
        {QStringLiteral("memory_estimate"),
            QJsonObject {{QStringLiteral("need_mib"), 70000.0}, {QStringLiteral("weights_mib"), 15000.0},
                {QStringLiteral("kv_cache_mib"), 50000.0}, {QStringLiteral("reserve_mib"), 5000.0},
                {QStringLiteral("available_mib"), 81559.0},
                {QStringLiteral("against"), QStringLiteral("nvidia-smi")}}}};
    info.facts = QJsonObject {{QStringLiteral("launch"), launch},
        {QStringLiteral("server_outages"),
            QJsonArray {QJsonObject {{QStringLiteral("kind"), QStringLiteral("restart")}, {QStringLiteral("step"), 2},
                {QStringLiteral("load"), QJsonObject {{QStringLiteral("concurrency"), 16}}},
                {QStringLiteral("counter"), QStringLiteral("vllm:request_success_total")},
                {QStringLiteral("counter_before"), 90.0}, {QStringLiteral("counter_after"), 3.0}}}}};
    const qint64 runId = store->createRun(info, &error);
    QVERIFY2(runId > 0, qPrintable(error));
    LaunchFacts::ExperimentTag tag;
    tag.id = QStringLiteral("0123456789ab");
    tag.setting = QStringLiteral("--max-num-seqs=64");
    tag.predicted = true;
    tag.predictedUsers = 48;
    tag.predictionFittedToRun = 3;
    tag.qualityPass = 5;
    QVERIFY2(store->updateFacts(runId, LaunchFacts::tagged(info.facts, tag), &error), qPrintable(error));

    const std::optional<StoredRun> stored = store->run(runId, &error);
    QVERIFY2(stored, qPrintable(error));
    const ClientEnvironment back = ClientEnvironment::fromJson(stored->info.environment);
    QCOMPARE(back.toJson(), info.environment);
    QCOMPARE(back.cores, environment.cores);
    QCOMPARE(back.network.tcpConnectMs, std::optional<double>(0.25));
    QVERIFY(!back.network.tlsHandshakeMs);
    QCOMPARE(back.network.healthRoundTripMedianMs, 0.5);
    QVERIFY(back.clock);
    QCOMPARE(back.clock->utcNs, environment.clock->utcNs);
    QCOMPARE(back.clock->referenceMinusMonotonic(), 1'765'000'000'123'456'789 - 2'500'000 - 987'654'321'012);
    QVERIFY(!back.import);

    const LaunchFacts facts = LaunchFacts::of(stored->info.facts);
    QVERIFY(facts.launched);
    QCOMPARE(facts.engineArgs, (QStringList {QStringLiteral("--max-num-seqs=64"), QStringLiteral("--b")}));
    QCOMPARE(facts.image, std::optional<QString>(QStringLiteral("vllm/vllm-openai@sha256:00")));
    QCOMPARE(facts.startupSeconds, std::optional<double>(41.5));
    QVERIFY(facts.memoryEstimate && !facts.memoryEstimate->computeMib);
    QCOMPARE(facts.memoryEstimate->against, QStringLiteral("nvidia-smi"));
    QVERIFY(!facts.peakVramMib && !facts.ggufFile);
    // A configuration is what was launched: not the container's name nor what the launch measured, the arguments in
    // any order.
    QVERIFY(!facts.configuration.contains(u"container") && !facts.configuration.contains(u"startup_seconds"));
    QCOMPARE(facts.configuration.value(u"engine_args").toArray(),
        (QJsonArray {QStringLiteral("--b"), QStringLiteral("--max-num-seqs=64")}));
    QVERIFY(facts.experiment);
    QCOMPARE(facts.experiment->toJson(), tag.toJson());
    QCOMPARE(facts.experiment->qualityPass, 5);
    QCOMPARE(facts.experiment->predictedUsers, 48.0);
    QVERIFY(!LaunchFacts::of(QJsonObject {}).launched);

    const std::vector<ServerOutageRecord> outages = ServerOutageRecord::of(stored->info.facts);
    QCOMPARE(outages.size(), size_t(1));
    QCOMPARE(outages[0].kind, ServerOutageRecord::Kind::Restart);
    QCOMPARE(outages[0].users, 16);
    QCOMPARE(outages[0].counterAfter, 3.0);
    QCOMPARE(outages[0].refused, 0);
}

void TestRunStore::secretsAreNotStored()
{
    const QString path = file(QStringLiteral("secrets.sqlite"));
    QString error;
    RunInfo info = makeRunInfo();
    info.url = QStringLiteral("https://alice:not-a-real-password@gpu-box:8443/v1?api-key=not-a-real-key&model=m");
    qint64 runId = -1;
    {
        auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        runId = store->createRun(info, &error);
        QVERIFY2(runId > 0, qPrintable(error));
        const std::optional<StoredRun> run = store->run(runId, &error);
        QVERIFY(run);
        QCOMPARE(run->summary.url, QStringLiteral("https://gpu-box:8443/v1?model=m"));
        // The options are stored exactly as given: keeping keys out of them is the caller's job.
        QCOMPARE(run->info.options, info.options);
    }
    // Closed: the WAL is checkpointed into the file, so this sees every byte written.
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!bytes.contains("not-a-real-key"));
    }
    // A run written before key-like parameters were refused: its URL and its options' URL read back without them,
    // so that the runs list, show and every report never print them.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("old-secrets"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("UPDATE runs SET url = 'https://gpu-box:8443/v1?api-key=old-key', options = "
                                      "'{\"url\": \"https://bob:old-password@gpu-box:8443/v1?token=old-key\"}'")));
        q.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("old-secrets"));
    {
        auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        const std::optional<StoredRun> run = store->run(runId, &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->summary.url, QStringLiteral("https://gpu-box:8443/v1"));
        QCOMPARE(run->info.options.value(u"url").toString(), QStringLiteral("https://gpu-box:8443/v1"));
        QCOMPARE(store->runs().value(0).url, QStringLiteral("https://gpu-box:8443/v1"));
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(!bytes.contains("not-a-real-password"));
    QVERIFY(!bytes.contains("alice"));
    QVERIFY(bytes.contains("gpu-box:8443"));
}

void TestRunStore::stepIsAtomic()
{
    const QString path = file(QStringLiteral("atomic.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->addStep(4242, makeStep(0), makeRequests(1, 10, 10), makeSamples(0), &error), -1);
    QVERIFY2(error.contains(QStringLiteral("no run 4242")), qPrintable(error));
    QSqlQuery q(QSqlDatabase::database(QStringLiteral("kneepoint")));
    for (const char* table : {"steps", "requests", "metrics_samples"}) {
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(table))) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }
}

void TestRunStore::diskFullLeavesDatabaseValid()
{
    const QString path = file(QStringLiteral("full.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const qint64 runId = store->createRun(makeRunInfo(), &error);
    QVERIFY(store->addStep(runId, makeStep(0), makeRequests(0, 20, 100), makeSamples(0), &error) > 0);

    // max_page_count makes SQLite answer SQLITE_FULL exactly as a full disk does, mid-transaction.
    QSqlDatabase db = QSqlDatabase::database(QStringLiteral("kneepoint"));
    QSqlQuery q(db);
    QVERIFY(q.exec(QStringLiteral("PRAGMA page_count")) && q.next());
    const qint64 pages = q.value(0).toLongLong();
    QVERIFY(q.exec(QStringLiteral("PRAGMA max_page_count = %1").arg(pages + 1)));
    QCOMPARE(store->addStep(runId, makeStep(1), makeRequests(1, 2000, 200), makeSamples(1), &error), -1);
    QVERIFY2(error.contains(QStringLiteral("is full")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("Free some space")), qPrintable(error));

    QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
    const std::optional<StoredRun> run = store->run(runId, &error);
    QVERIFY(run);
    QCOMPARE(run->steps.size(), std::size_t(1));
    QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM requests")) && q.next());
    QCOMPARE(q.value(0).toInt(), 20);

    // Space again: the same store carries on.
    QVERIFY(q.exec(QStringLiteral("PRAGMA max_page_count = 1073741823")));
    q.finish();
    QVERIFY2(
        store->addStep(runId, makeStep(1), makeRequests(1, 2000, 200), makeSamples(1), &error) > 0, qPrintable(error));
    QCOMPARE(store->run(runId)->steps.size(), std::size_t(2));
}

void TestRunStore::abandonedRunMarkedIncomplete()
{
    const QString path = file(QStringLiteral("abandoned.sqlite"));
    QString error;
    qint64 runId = -1;
    const std::vector<RequestRecord> requests = makeRequests(3, 20, 30);
    {
        auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        runId = store->createRun(makeRunInfo(), &error);
        QVERIFY(store->addStep(runId, makeStep(0), requests, {}, &error) > 0);
        QCOMPARE(store->run(runId)->summary.status, RunStatus::Running);
        // Destroyed without finishRun(): its writer is gone.
    }
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const std::optional<StoredRun> run = store->run(runId, &error);
    QVERIFY(run);
    QCOMPARE(run->summary.status, RunStatus::Incomplete);
    QVERIFY2(
        run->summary.statusReason.contains(QStringLiteral("stopped before")), qPrintable(run->summary.statusReason));
    QCOMPARE(run->steps.size(), std::size_t(1));
    compareRequests(store->requests(run->steps[0].id), requests);
}

void TestRunStore::liveRunNotMarkedByAnotherConnection()
{
    const QString path = file(QStringLiteral("live.sqlite"));
    QString error;
    auto writer = RunStore::open(path, &error, QStringLiteral("writer"));
    QVERIFY2(writer, qPrintable(error));
    const qint64 runId = writer->createRun(makeRunInfo(), &error);
    // The GUI thread opens the history while the worker writes.
    auto reader = RunStore::open(path, &error, QStringLiteral("reader"));
    QVERIFY2(reader, qPrintable(error));
    QCOMPARE(reader->run(runId)->summary.status, RunStatus::Running);
    QVERIFY(writer->addStep(runId, makeStep(0), makeRequests(0, 5, 5), {}, &error) > 0);
    QCOMPARE(reader->run(runId)->steps.size(), std::size_t(1));
    QVERIFY(writer->finishRun(runId, RunStatus::Stopped, QStringLiteral("Stopped by the user."), &error));
    const RunSummary summary = reader->run(runId)->summary;
    QCOMPARE(summary.status, RunStatus::Stopped);
    QCOMPARE(summary.statusReason, QStringLiteral("Stopped by the user."));
}

// The window holds the history open while a terminal runs `kneepoint runs` on it again and again. A second store
// opened and closed in the window's process (a worker thread's) once read the file's header with a QFile, and
// closing that descriptor dropped all the process's POSIX locks, SQLite's included: the next process to close
// took itself for the last connection and deleted the -wal and -shm files under the window, whose next write
// failed with "disk I/O error".
void TestRunStore::otherProcessKeepsOpenStoreWhole()
{
#ifndef Q_OS_UNIX
    QSKIP("POSIX advisory locks");
#endif
    const QString path = file(QStringLiteral("shared.sqlite"));
    QString error;
    auto window = RunStore::open(path, &error, QStringLiteral("window"));
    QVERIFY2(window, qPrintable(error));
    const qint64 runId = window->createRun(makeRunInfo(), &error);
    QVERIFY(window->addStep(runId, makeStep(0), makeRequests(0, 5, 5), {}, &error) > 0);
    QVERIFY(RunStore::isOpenInProcess(path));
    for (int round = 0; round < 3; ++round) {
        {
            auto worker = RunStore::open(path, &error, QStringLiteral("worker"));
            QVERIFY2(worker, qPrintable(error));
            QCOMPARE(worker->runs(&error).size(), 1);
        }
        QProcess reader;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kReaderVariable), path);
        reader.setProcessEnvironment(env);
        reader.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        reader.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(reader.waitForFinished(30'000));
        QCOMPARE(reader.exitStatus(), QProcess::NormalExit);
        QCOMPARE(reader.exitCode(), 0);
        QVERIFY2(QFile::exists(path + QStringLiteral("-wal")), "the -wal file was deleted under an open store");
        QVERIFY2(QFile::exists(path + QStringLiteral("-shm")), "the -shm file was deleted under an open store");
        QVERIFY2(window->addStep(runId, makeStep(round + 1), makeRequests(round + 1, 5, 5), {}, &error) > 0,
            qPrintable(error));
    }
    QVERIFY2(window->finishRun(runId, RunStatus::Complete, QString(), &error), qPrintable(error));
    QSqlQuery q(QSqlDatabase::database(QStringLiteral("window")));
    QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
    q.finish();
    QCOMPARE(window->run(runId, &error)->steps.size(), std::size_t(4));
    // Nor is the file read as an import while it is open (dropped on the window, say): that too would drop them.
    QString importError;
    QVERIFY(!readImportFile(path, &importError));
    QVERIFY2(importError.contains(QStringLiteral("run database Kneepoint has open")), qPrintable(importError));
    window.reset();
    QVERIFY(!RunStore::isOpenInProcess(path));
}

void TestRunStore::annotationsAreKeptCleaned()
{
    const QString path = file(QStringLiteral("annotate.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const qint64 id = store->createRun(makeRunInfo(), &error);
    QCOMPARE(store->runs(&error).front().annotation, RunAnnotation());
    RunAnnotation typed;
    typed.name = QStringLiteral("  fp8 KV\n cache  ");
    typed.notes = QStringLiteral("\nChanged --kv-cache-dtype.\nSame image.\n");
    typed.tags = {QStringLiteral(" fp8 , h100"), QStringLiteral("H100"), QString(), QStringLiteral("night  ly")};
    QVERIFY2(store->annotateRun(id, typed, &error), qPrintable(error));
    const RunAnnotation stored = store->runs(&error).front().annotation;
    QCOMPARE(stored.name, QStringLiteral("fp8 KV cache")); // one line
    QCOMPARE(stored.notes, QStringLiteral("Changed --kv-cache-dtype.\nSame image."));
    QCOMPARE(stored.tags, (QStringList {QStringLiteral("fp8"), QStringLiteral("h100"), QStringLiteral("night ly")}));
    QCOMPARE(store->run(id, &error)->summary.annotation, stored);
    // Cleared again, it reads as never annotated, and a run that does not exist is an error, not a silent no-op.
    QVERIFY2(store->annotateRun(id, RunAnnotation(), &error), qPrintable(error));
    QCOMPARE(store->runs(&error).front().annotation, RunAnnotation());
    QVERIFY(scalar(path, QStringLiteral("SELECT tags FROM runs")).isNull());
    QVERIFY(!store->annotateRun(id + 1, typed, &error));
    QVERIFY2(error.contains(QStringLiteral("There is no run %1").arg(id + 1)), qPrintable(error));
}

void TestRunStore::deleteRunCascades()
{
    const QString path = file(QStringLiteral("delete.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const qint64 keep = store->createRun(makeRunInfo(), &error);
    const qint64 doomed = store->createRun(makeRunInfo(), &error);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(store->addStep(keep, makeStep(i), makeRequests(i, 7, 20), makeSamples(i), &error) > 0);
        QVERIFY(store->addStep(doomed, makeStep(i), makeRequests(10 + i, 5, 20), makeSamples(i), &error) > 0);
    }
    QVERIFY2(store->deleteRun(doomed, &error), qPrintable(error));
    QVERIFY(store->deleteRun(doomed, &error)); // already gone: still fine
    QSqlQuery q(QSqlDatabase::database(QStringLiteral("kneepoint")));
    QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM steps")) && q.next());
    QCOMPARE(q.value(0).toInt(), 3);
    QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM requests")) && q.next());
    QCOMPARE(q.value(0).toInt(), 21);
    QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM metrics_samples")) && q.next());
    QCOMPARE(q.value(0).toInt(), 9);
    QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM requests WHERE step_id NOT IN (SELECT id FROM steps)"))
        && q.next());
    QCOMPARE(q.value(0).toInt(), 0);
    q.finish();
    const QList<RunSummary> list = store->runs(&error);
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.front().id, keep);
    QVERIFY(!store->run(doomed));
    // Ids of deleted runs are never handed out again.
    QVERIFY(store->createRun(makeRunInfo(), &error) > doomed);
}

void TestRunStore::refusesNonSqliteFile()
{
    const QString path = file(QStringLiteral("random.sqlite"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        std::mt19937_64 rng(99);
        QByteArray junk(65536, '\0');
        for (char& c : junk)
            c = static_cast<char>(rng());
        f.write(junk);
    }
    const QByteArray before = fileHash(path);
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains(QStringLiteral("not a Kneepoint database")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("--db")), qPrintable(error));
    QCOMPARE(fileHash(path), before);
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    QVERIFY(!QSqlDatabase::contains(QStringLiteral("kneepoint")));
}

void TestRunStore::refusesDamagedSqliteFile()
{
    const QString path = file(QStringLiteral("damaged.sqlite"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        std::mt19937_64 rng(7);
        QByteArray bytes(8192, '\0');
        for (char& c : bytes)
            c = static_cast<char>(rng());
        bytes.replace(0, 16, QByteArray("SQLite format 3", 16));
        f.write(bytes);
    }
    const QByteArray before = fileHash(path);
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains(QStringLiteral("left it untouched")), qPrintable(error));
    QCOMPARE(fileHash(path), before);
}

void TestRunStore::refusesForeignDatabase_data()
{
    QTest::addColumn<bool>("wal");
    QTest::newRow("rollback journal") << false;
    QTest::newRow("wal") << true;
}

void TestRunStore::refusesForeignDatabase()
{
    QFETCH(bool, wal);
    const QString path = file(QStringLiteral("foreign-%1.sqlite").arg(wal));
    QStringList statements;
    if (wal)
        statements << QStringLiteral("PRAGMA journal_mode = WAL");
    statements << QStringLiteral("CREATE TABLE foo (x)") << QStringLiteral("INSERT INTO foo VALUES (1), (2)");
    QString rawError;
    QVERIFY2(rawExec(path, statements, &rawError), qPrintable(rawError));
    const QByteArray before = fileHash(path);
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains(QStringLiteral("another application")), qPrintable(error));
    QCOMPARE(fileHash(path), before);
    // Nothing created beside it either.
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    QVERIFY(!QFile::exists(path + QStringLiteral("-shm")));
    QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM foo")).toInt(), 2);
}

void TestRunStore::refusesNewerSchema()
{
    const QString path = file(QStringLiteral("newer.sqlite"));
    QString error;
    QVERIFY(RunStore::open(path, &error));
    QVERIFY(rawExec(path, {QStringLiteral("UPDATE meta SET value = '99' WHERE key = 'schema_version'")}));
    const QByteArray before = fileHash(path);
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains(QStringLiteral("made by a newer Kneepoint")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("99")), qPrintable(error));
    QCOMPARE(fileHash(path), before);
}

void TestRunStore::opensEarlierVersions()
{
    for (const Fixture& fixture : earlierVersions()) {
        const QString path = file(QStringLiteral("version-%1.sqlite").arg(fixture.version));
        QString error;
        QVERIFY2(rawExec(path, fixture.statements, &error), qPrintable(error));
        auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(scalar(path, QStringLiteral("SELECT value FROM meta WHERE key = 'schema_version'")).toString(),
            QString::number(RunStore::schemaVersion()));
        const QList<RunSummary> list = store->runs(&error);
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.front().status, RunStatus::Incomplete);
        QCOMPARE(list.front().requests, 1);
        QCOMPARE(list.front().annotation, RunAnnotation()); // not recorded before version 6
        const std::optional<StoredRun> run = store->run(list.front().id, &error);
        QVERIFY(run);
        QCOMPARE(run->info.options.value(QStringLiteral("steps")).toInt(), 3);
        QCOMPARE(run->steps.size(), std::size_t(1));
        QCOMPARE(run->steps[0].info.phase, Phase::Baseline);
        QVERIFY(run->steps[0].info.client.isEmpty()); // not recorded before version 2
        const std::vector<RequestRecord> requests = store->requests(run->steps[0].id, &error);
        QCOMPARE(requests.size(), std::size_t(1));
        QCOMPARE(requests[0].responseId, QByteArray("cmpl-7"));
        QCOMPARE(requests[0].error, ErrorClass::None);
        QCOMPARE(requests[0].finishReason, QStringLiteral("stop"));
        // Not told apart before version 7: no thinking, no first answer.
        QCOMPARE(requests[0].firstAnswerNs, -1);
        QCOMPARE(requests[0].reasoningTokens, -1);
        QVERIFY(requests[0].model.isEmpty()); // one model a run before version 8
        const std::vector<ChunkArrival> expected = frozenChunks();
        QCOMPARE(requests[0].chunks.size(), expected.size());
        const std::vector<ChunkArrival> got = requests[0].chunks.toVector();
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(got[i].ns, expected[i].ns);
            QCOMPARE(got[i].tokens, expected[i].tokens);
        }
        QCOMPARE(store->metricsSamples(run->steps[0].id).size(), std::size_t(1));
        // And the migrated file takes new runs.
        QVERIFY(store->createRun(makeRunInfo(), &error) > 1);
    }
}

void TestRunStore::insertSpeed()
{
    const QString path = file(QStringLiteral("speed.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const qint64 runId = store->createRun(makeRunInfo(), &error);
    const std::vector<RequestRecord> requests = makeRequests(5, 10'000, 100);
    QElapsedTimer timer;
    timer.start();
    const qint64 stepId = store->addStep(runId, makeStep(0), requests, makeSamples(0), &error);
    const qint64 ms = timer.elapsed();
    QVERIFY2(stepId > 0, qPrintable(error));
    qInfo("storing a step of 10,000 requests x 100 chunks took %lld ms", ms);
    timer.restart();
    const std::vector<RequestRecord> stored = store->requests(stepId, &error);
    qInfo("reading it back took %lld ms", timer.elapsed());
    QCOMPARE(stored.size(), requests.size());
    // Generous: a debug build on a slow CI runner; what matters is that it is not a row per token.
    QVERIFY2(ms < 20'000, qPrintable(QString::number(ms)));
}

void TestRunStore::fileBytesPerToken()
{
    const QString path = file(QStringLiteral("size.sqlite"));
    QString error;
    qint64 tokens = 0;
    qint64 laterTokens = 0;
    qint64 bytesAfterFirstStep = 0;
    qint64 bytesAtEnd = 0;
    {
        auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        QSqlQuery q(QSqlDatabase::database(QStringLiteral("kneepoint")));
        // The logical size, WAL included: the file itself grows only at checkpoints.
        auto bytes = [&q] {
            q.exec(QStringLiteral("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"));
            return q.next() ? q.value(0).toLongLong() : -1;
        };
        const qint64 runId = store->createRun(makeRunInfo(), &error);
        for (int step = 0; step < 4; ++step) {
            const std::vector<RequestRecord> requests = makeRequests(100 + step, 500, 1000);
            for (const RequestRecord& r : requests) {
                tokens += r.outputTokens();
                if (step > 0)
                    laterTokens += r.outputTokens();
            }
            QVERIFY2(store->addStep(runId, makeStep(step), requests, makeSamples(step), &error) > 0, qPrintable(error));
            if (step == 0)
                bytesAfterFirstStep = bytes();
        }
        bytesAtEnd = bytes();
        q.finish();
        QVERIFY(store->finishRun(runId, RunStatus::Complete, QString(), &error));
    }
    // Closed, so the WAL has been checkpointed into the file and removed.
    QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    const qint64 fileBytes = QFileInfo(path).size();
    QCOMPARE(fileBytes, bytesAtEnd);
    // The whole file includes a page per table and index, a fixed cost; the growth per step is what scales.
    const double perToken = static_cast<double>(fileBytes) / static_cast<double>(tokens);
    const double marginal = static_cast<double>(bytesAtEnd - bytesAfterFirstStep) / static_cast<double>(laterTokens);
    const double gigabytes = perToken * 100'000.0 * 1'000.0 / 1e9;
    qInfo("database file: %lld bytes for 2,000 requests x 1,000 tokens = %.3f bytes per stored token, %.3f per "
          "token added after the first step; 100,000 requests x 1,000 tokens would take %.2f GB",
        fileBytes, perToken, marginal, gigabytes);
    QVERIFY(perToken <= 4.0);
    QVERIFY(gigabytes < 0.5);
}

void TestRunStore::killWriter(const QString& path, bool observe, int* uncommittedFrames)
{
    QProcess writer;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kWriterVariable), path);
    writer.setProcessEnvironment(env);
    writer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    writer.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY2(writer.waitForStarted(), qPrintable(writer.errorString()));

    // Poll through a read-only connection of our own: a reader neither blocks the writer nor marks its run.
    auto committedSteps = [&path] {
        int steps = -1;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("poll"));
            db.setDatabaseName(path);
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=2000"));
            if (QFile::exists(path) && db.open()) {
                QSqlQuery q(db);
                if (q.exec(QStringLiteral("SELECT count(*) FROM steps")) && q.next())
                    steps = q.value(0).toInt();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("poll"));
        return steps;
    };
    QTRY_VERIFY_WITH_TIMEOUT(committedSteps() >= 3, 60'000);
    QCOMPARE(writer.state(), QProcess::Running);

    if (observe) {
        // Another process opening the file while the writer lives leaves its run alone.
        QString error;
        auto observer = RunStore::open(path, &error, QStringLiteral("observer"));
        QVERIFY2(observer, qPrintable(error));
        const QList<RunSummary> list = observer->runs(&error);
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.front().status, RunStatus::Running);
    }

    // Land the kill at an arbitrary point of the writer's loop.
    QTest::qWait(static_cast<int>(std::random_device()() % 50));
    writer.kill(); // SIGKILL on Unix: no handler, no clean-up
    QVERIFY(writer.waitForFinished(10'000));
    QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
    // Read before anything opens the file again: the next open rolls the WAL back to its last commit.
    *uncommittedFrames = uncommittedWalFrames(path + QStringLiteral("-wal"));

    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const QList<RunSummary> list = store->runs(&error);
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.front().status, RunStatus::Incomplete);
    QVERIFY(!list.front().statusReason.isEmpty());
    const std::optional<StoredRun> run = store->run(list.front().id, &error);
    QVERIFY2(run, qPrintable(error));
    QVERIFY(run->steps.size() >= 3);
    qInfo("the writer was killed after %d committed steps, leaving %d uncommitted WAL frames", int(run->steps.size()),
        *uncommittedFrames);
    for (std::size_t i = 0; i < run->steps.size(); ++i) {
        const StoredStep& step = run->steps[i];
        QCOMPARE(step.info.index, int(i));
        QCOMPARE(step.requestCount, kWriterRequests);
        compareRequests(store->requests(step.id, &error),
            makeRequests(static_cast<std::uint64_t>(i), kWriterRequests, kWriterTokens));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(store->metricsSamples(step.id).size(), makeSamples(int(i)).size());
    }
    QSqlQuery q(QSqlDatabase::database(QStringLiteral("kneepoint")));
    QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
    QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
    QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_key_check")));
    QVERIFY(!q.next());
    QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM requests")) && q.next());
    QCOMPARE(q.value(0).toLongLong(), qint64(run->steps.size()) * kWriterRequests);
}

void TestRunStore::killedWriterLeavesCompletedSteps()
{
#ifndef Q_OS_UNIX
    QSKIP("needs SIGKILL");
#endif
    // Kills until one lands inside a step's transaction, the case that matters; every kill is checked in full.
    bool landedInTransaction = false;
    for (int attempt = 0; attempt < 10 && !landedInTransaction; ++attempt) {
        int uncommitted = 0;
        killWriter(file(QStringLiteral("killed-%1.sqlite").arg(attempt)), attempt == 0, &uncommitted);
        if (QTest::currentTestFailed())
            return;
        landedInTransaction = uncommitted > 0;
    }
    QVERIFY2(landedInTransaction, "no kill landed inside a transaction in 10 attempts");
}

// Not QTEST_GUILESS_MAIN: the same binary doubles as the crash test's writer, chosen by the environment.
int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString writerPath = qEnvironmentVariable(kWriterVariable);
    if (!writerPath.isEmpty())
        return runWriter(writerPath);
    const QString readerPath = qEnvironmentVariable(kReaderVariable);
    if (!readerPath.isEmpty())
        return runReader(readerPath);
    TestRunStore test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runstore.moc"
