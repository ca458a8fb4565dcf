// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a misbehaving server, a killed process, a second process or a curious reader can do to a run: `kneepoint run`
// as a child process against `kneepoint sim` as another, the results read back from the SQLite file and the reports.
#include "core/store/runstore.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"
#include "support/testcertificates.h"
#include "support/testsecret.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <map>

using namespace kp::core;

namespace {

QString integrityOf(const QString& path)
{
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("integrity"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open())
            return db.lastError().text();
        QSqlQuery q(db);
        result = q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next() ? q.value(0).toString()
                                                                              : q.lastError().text();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("integrity"));
    return result;
}

/// Every stored step holds exactly the requests it says it has, and every answer all its chunks.
bool stepsAreWhole(const RunStore& store, const StoredRun& run, QString* why)
{
    for (const StoredStep& step : run.steps) {
        QString error;
        const std::vector<RequestRecord> requests = store.requests(step.id, &error);
        if (!error.isEmpty() || int(requests.size()) != step.requestCount) {
            *why = QStringLiteral("run %1 step %2: %3 requests read, %4 stored %5")
                       .arg(run.summary.id)
                       .arg(step.info.index)
                       .arg(requests.size())
                       .arg(step.requestCount)
                       .arg(error);
            return false;
        }
        for (const RequestRecord& r : requests)
            if (r.ok() && int(r.chunks.size()) != r.completionTokens) {
                *why = QStringLiteral("run %1 step %2: a request with %3 tokens has %4 chunks")
                           .arg(run.summary.id)
                           .arg(step.info.index)
                           .arg(r.completionTokens)
                           .arg(r.chunks.size());
                return false;
            }
    }
    return true;
}

/// Polls `db`, as another reader would, until its first run has stored `steps` steps.
bool waitForSteps(const QString& db, int steps, int timeoutMs = 60'000)
{
    for (int waited = 0; waited < timeoutMs; waited += 50) {
        QString error;
        const auto reader = RunStore::open(db, &error, QStringLiteral("reader"));
        if (reader && !reader->runs().isEmpty() && reader->runs().first().steps >= steps)
            return true;
        QTest::qWait(50);
    }
    return false;
}

QStringList runArguments(const SimProcess& sim, const QString& db, const QStringList& more)
{
    return QStringList {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--db"), db}
    + more;
}

int countOf(const QByteArray& haystack, const QByteArray& needle)
{
    int n = 0;
    for (qsizetype at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1))
        ++n;
    return n;
}

} // namespace

class TestReliability : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every fault the simulator can show, each at 5%: the sweep completes in bounded time, every fault lands in its
    // class (checked against the simulator's own log of what it did), and the report names each class.
    void everyFaultIsCountedInItsClass()
    {
        QTemporaryDir dir;
        const QString truth = dir.filePath(QStringLiteral("truth.jsonl"));
        SimProcess sim;
        QString error;
        QStringList simArguments {QStringLiteral("--speed"), QStringLiteral("5"), QStringLiteral("--ground-truth"),
            truth, QStringLiteral("--fault-seed"), QStringLiteral("11"), QStringLiteral("--stall-ms"),
            QStringLiteral("3000"), QStringLiteral("--slow-headers-ms"), QStringLiteral("200")};
        for (const char* fault : {"500", "503", "429", "cut", "inband-error", "stall", "malformed", "slow-headers"})
            simArguments << QStringLiteral("--fault-%1").arg(QLatin1String(fault)) << QStringLiteral("0.05");
        QVERIFY2(sim.start(simArguments, &error), qPrintable(error));
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        // Loose targets, and failures never stop the sweep: this run is about counting, not judging.
        const KneepointResult run = runKneepoint(
            runArguments(sim, db,
                {QStringLiteral("--concurrency"), QStringLiteral("2,8"), QStringLiteral("--requests"),
                    QStringLiteral("100"), QStringLiteral("--shapes"), QStringLiteral("64/16"),
                    QStringLiteral("--max-failures"), QStringLiteral("1"), QStringLiteral("--first-byte-timeout-ms"),
                    QStringLiteral("1000"), QStringLiteral("--stall-timeout-ms"), QStringLiteral("1000"),
                    QStringLiteral("--slo-ttft-ms"), QStringLiteral("1000000"), QStringLiteral("--slo-tpot-ms"),
                    QStringLiteral("1000000")}),
            180'000);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        sim.stop();

        // What the simulator did, per fault, for every generation request it saw.
        std::map<QString, int> done;
        QFile truthFile(truth);
        QVERIFY(truthFile.open(QIODevice::ReadOnly));
        int seen = 0;
        while (!truthFile.atEnd()) {
            const QJsonObject line = QJsonDocument::fromJson(truthFile.readLine()).object();
            ++done[line.value(u"fault").toString()];
            ++seen;
        }
        // What the client recorded, per class, for every request of every step (warm-ups too: they met faults).
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const RunSummary summary = store->runs().first();
        QCOMPARE(summary.status, RunStatus::Complete);
        const auto stored = store->run(summary.id, &error);
        QCOMPARE(int(stored->steps.size()), 3);
        std::map<ErrorClass, int> counted;
        int recorded = 0;
        for (const StoredStep& step : stored->steps)
            for (const RequestRecord& r : store->requests(step.id)) {
                ++counted[r.error];
                ++recorded;
            }
        // The only generation requests outside the steps are the doctor's smoke test (two per try, three tries at
        // most): the two logs may differ by those and nothing else.
        const int outside = seen - recorded;
        QVERIFY2(
            outside >= 2 && outside <= 6, qPrintable(QStringLiteral("%1 seen, %2 recorded").arg(seen).arg(recorded)));
        const auto near = [outside](int client, int server) { return client <= server && server - client <= outside; };
        const struct
        {
            ErrorClass cls;
            int server;
        } expected[] = {
            {ErrorClass::ServerError, done[QStringLiteral("http_500")] + done[QStringLiteral("http_503")]},
            {ErrorClass::RateLimited, done[QStringLiteral("http_429")]},
            {ErrorClass::Timeout, done[QStringLiteral("stall")]},
            {ErrorClass::StreamCut, done[QStringLiteral("cut_stream")]},
            {ErrorClass::InBandError, done[QStringLiteral("in_band_error")]},
            {ErrorClass::MalformedEvent, done[QStringLiteral("malformed_sse")]},
            {ErrorClass::None, done[QStringLiteral("none")] + done[QStringLiteral("slow_headers")]},
        };
        for (const auto& e : expected) {
            QVERIFY2(counted[e.cls] > 0, qPrintable(errorClassName(e.cls)));
            QVERIFY2(near(counted[e.cls], e.server),
                qPrintable(QStringLiteral("%1: the client counted %2, the simulator did %3")
                               .arg(errorClassName(e.cls))
                               .arg(counted[e.cls])
                               .arg(e.server)));
        }
        QVERIFY(done[QStringLiteral("slow_headers")] > 0);
        QCOMPARE(int(counted.size()), int(std::size(expected)));

        const KneepointResult md = runKneepoint({QStringLiteral("report"), QString::number(summary.id),
            QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("md")});
        QCOMPARE(md.code, 0);
        for (const char* words : {"server errors (5xx)", "rate limited (429)", "timed out", "cut off mid-stream",
                 "ended with an error event", "with an event that was not valid JSON"})
            QVERIFY2(md.out.contains(QLatin1String(words)), words);
        // The JSON report's per-step failure counts are the stored records', warm-ups aside.
        const KneepointResult json = runKneepoint({QStringLiteral("report"), QString::number(summary.id),
            QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("json")});
        int reportedFailures = 0;
        const QJsonArray steps = QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"steps").toArray();
        for (const auto& step : steps)
            for (const QJsonValue n : step.toObject().value(u"failures").toObject())
                reportedFailures += n.toInt();
        int measuredFailures = 0;
        for (const StoredStep& step : stored->steps)
            for (const RequestRecord& r : store->requests(step.id))
                measuredFailures += !r.warmup && !r.ok();
        QCOMPARE(reportedFailures, measuredFailures);
    }

    // The server dies in the middle of a step and comes back on the same port 1.5 s later. The run pauses, waits for
    // it (within --server-wait), discards the step it died in and measures it again: the run completes, no stored
    // step holds a failure the outage caused, and the outage is kept with its numbers. With --max-failures 1, which
    // never stops a sweep, the dead server's instant refusals must not run the rest of the sweep through either.
    void serverDiesMidStepAndComesBack_data()
    {
        QTest::addColumn<bool>("neverStop");
        QTest::newRow("--max-failures 1") << true;
        QTest::newRow("default --max-failures") << false;
    }

    void serverDiesMidStepAndComesBack()
    {
        QFETCH(bool, neverStop);
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const QStringList simArguments {QStringLiteral("--speed"), QStringLiteral("5")};
        auto sim = std::make_unique<SimProcess>();
        QString error;
        QVERIFY2(sim->start(simArguments, &error), qPrintable(error));
        const quint16 port = sim->port();
        // --duration is the server's time: 15 s of a simulator at speed 5 are 3 s of the wall clock.
        QStringList more {QStringLiteral("--concurrency"), QStringLiteral("1,2,3,4"), QStringLiteral("--duration"),
            QStringLiteral("15"), QStringLiteral("--shapes"), QStringLiteral("64/16"), QStringLiteral("--slo-ttft-ms"),
            QStringLiteral("1000000"), QStringLiteral("--slo-tpot-ms"), QStringLiteral("1000000")};
        if (neverStop)
            more << QStringLiteral("--max-failures") << QStringLiteral("1");
        QProcess run;
        run.start(SimProcess::binary(), runArguments(*sim, db, more));
        QVERIFY(run.waitForStarted());
        // Baseline and concurrency 1 stored: concurrency 2 is under way. Let it run a moment, then kill the server.
        QVERIFY2(waitForSteps(db, 2), "two steps were not stored in time");
        QTest::qWait(700);
        const qint64 simPid = sim->process().processId();
        QVERIFY(simPid > 0);
        ::kill(pid_t(simPid), SIGKILL);
        sim->process().waitForFinished();
        QTest::qWait(1500);
        sim = std::make_unique<SimProcess>();
        QVERIFY2(sim->start(simArguments + QStringList {QStringLiteral("--port"), QString::number(port)}, &error),
            qPrintable(error));
        const KneepointResult finished = finishKneepoint(run, 120'000);
        QVERIFY2(finished.code == 0, qPrintable(finished.err));
        QVERIFY2(
            finished.err.contains(QStringLiteral("the server stopped answering at 2 users")), qPrintable(finished.err));
        QVERIFY2(finished.err.contains(QStringLiteral("2 users is measured again")), qPrintable(finished.err));

        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QCOMPARE(stored->summary.status, RunStatus::Complete);
        QVERIFY2(stored->summary.statusReason.isEmpty(), qPrintable(stored->summary.statusReason));
        // Every step, the one the server died in measured again against the server that came back: no request of
        // any stored step failed.
        QCOMPARE(int(stored->steps.size()), 5);
        QCOMPARE(stored->steps.at(2).info.load.value(u"concurrency").toInt(), 2);
        for (const StoredStep& step : stored->steps) {
            QVERIFY(!step.info.cancelled);
            for (const RequestRecord& r : store->requests(step.id))
                QVERIFY2(r.ok(), qPrintable(QStringLiteral("step %1: %2").arg(step.info.index).arg(r.errorMessage)));
        }
        // The outage, kept with the run: where, what failed, for how long, and that a new process came back.
        const QJsonArray outages = stored->info.facts.value(u"server_outages").toArray();
        QCOMPARE(outages.size(), 1);
        const QJsonObject outage = outages.first().toObject();
        QCOMPARE(outage.value(u"load").toObject().value(u"concurrency").toInt(), 2);
        QVERIFY(outage.value(u"came_back").toBool());
        // The requests that met the dead server at the connection: closed under them, or refused. The engine then
        // probes the port instead of sending more, so there may be no refused request at all.
        QVERIFY2(outage.value(u"refused").toInt() + outage.value(u"closed").toInt() > 0,
            QJsonDocument(outage).toJson().constData());
        const double down = outage.value(u"down_s").toDouble();
        QVERIFY2(down >= 1.4 && down < 15, qPrintable(QString::number(down)));
        QVERIFY2(outage.value(u"restarted").toBool(), QJsonDocument(outage).toJson().constData());
        const KneepointResult md = runKneepoint({QStringLiteral("report"), QString::number(stored->summary.id),
            QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("md")});
        QCOMPARE(md.code, 0);
        QVERIFY2(md.out.contains(QStringLiteral("The server went away for ")), qPrintable(md.out));
        QVERIFY2(md.out.contains(QStringLiteral("measured again once it answered")), qPrintable(md.out));
    }

    // The server dies mid-step and stays away. The run waits --server-wait (2 s here), not a moment less and not
    // much more, then stops as a server failure: exit 4 with the reason on stderr, the steps before kept, the one it
    // died in not, and no wall, advice or saturation drawn from it.
    void serverDiesMidStepAndStaysAway()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        auto sim = std::make_unique<SimProcess>();
        QString error;
        QVERIFY2(sim->start({QStringLiteral("--speed"), QStringLiteral("5")}, &error), qPrintable(error));
        QProcess run;
        run.start(SimProcess::binary(),
            runArguments(*sim, db,
                {QStringLiteral("--concurrency"), QStringLiteral("1,2,3,4"), QStringLiteral("--duration"),
                    QStringLiteral("15"), QStringLiteral("--shapes"), QStringLiteral("64/16"),
                    QStringLiteral("--max-failures"), QStringLiteral("1"), QStringLiteral("--server-wait"),
                    QStringLiteral("2")}));
        QVERIFY(run.waitForStarted());
        QVERIFY2(waitForSteps(db, 2), "two steps were not stored in time");
        QTest::qWait(700);
        const qint64 simPid = sim->process().processId();
        QVERIFY(simPid > 0);
        ::kill(pid_t(simPid), SIGKILL);
        QElapsedTimer sinceKill;
        sinceKill.start();
        sim->process().waitForFinished();
        const KneepointResult finished = finishKneepoint(run, 60'000);
        const double waited = double(sinceKill.elapsed()) / 1000;
        QCOMPARE(finished.code, 4);
        QVERIFY2(waited >= 2.0 && waited < 12, qPrintable(QString::number(waited)));
        QVERIFY2(finished.err.contains(QStringLiteral("The server stopped answering at 2 users (step 3 of 5)")),
            qPrintable(finished.err));
        QVERIFY2(finished.err.contains(QStringLiteral("It did not come back within --server-wait 2 s.")),
            qPrintable(finished.err));
        QVERIFY2(finished.err.contains(QStringLiteral("with status server_failed")), qPrintable(finished.err));

        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const qint64 id = store->runs().first().id;
        const auto stored = store->run(id, &error);
        QCOMPARE(stored->summary.status, RunStatus::ServerFailed);
        QCOMPARE(int(stored->steps.size()), 2); // the baseline and 1 user; 2 users is not stored
        const QJsonObject outage = stored->info.facts.value(u"server_outages").toArray().first().toObject();
        QVERIFY(!outage.value(u"came_back").toBool());
        QVERIFY(outage.value(u"down_s").toDouble() >= 2.0);

        const KneepointResult shown = runKneepoint(
            {QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(shown.code, 0);
        const QJsonObject analysis = QJsonDocument::fromJson(shown.out.toUtf8()).object();
        QCOMPARE(analysis.value(u"status").toString(), QStringLiteral("server_failed"));
        const QString verdict = analysis.value(u"verdict").toString();
        QVERIFY2(verdict.startsWith(QStringLiteral("The server stopped answering at 2 users (")), qPrintable(verdict));
        QVERIFY2(
            verdict.contains(QStringLiteral("closed before any answer")) || verdict.contains(QStringLiteral("refused")),
            qPrintable(verdict));
        QVERIFY2(
            verdict.contains(QStringLiteral("no capacity is drawn from this run's failed step")), qPrintable(verdict));
        QVERIFY2(!verdict.contains(QStringLiteral("saturated")), qPrintable(verdict));
        const QJsonObject walls = analysis.value(u"walls").toObject();
        for (const char* kind : {"saturation", "latency", "memory"})
            QVERIFY2(!walls.value(QLatin1String(kind)).toObject().value(u"reached").toBool(), kind);
        QVERIFY(walls.value(u"limiting").toString().isEmpty());
        const QJsonArray findings = analysis.value(u"findings").toArray();
        QCOMPARE(findings.first().toObject().value(u"id").toString(), QStringLiteral("server-outage"));
        for (const QJsonValue f : findings)
            QVERIFY2(
                f.toObject().value(u"try_next").toArray().isEmpty(), qPrintable(f.toObject().value(u"id").toString()));
    }

    // kill -9 at ten random moments, all into one database: every time it opens whole, the killed run is marked
    // incomplete, and every step stored before (in this run and in the ones killed earlier) is intact.
    void killedAtRandomMomentsLosesNothing()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("3")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const quint32 seed = QRandomGenerator::global()->generate();
        QRandomGenerator random(seed);
        std::map<qint64, std::pair<int, qint64>> seenBefore; // run id: steps, requests
        for (int kill = 0; kill < 10; ++kill) {
            const int afterMs = 300 + int(random.bounded(6200));
            const QString where = QStringLiteral("kill %1 after %2 ms (seed %3)").arg(kill + 1).arg(afterMs).arg(seed);
            QProcess run;
            run.start(SimProcess::binary(),
                runArguments(sim, db,
                    {QStringLiteral("--concurrency"), QStringLiteral("1,2,3,4,5,6,7,8,9,10,11,12"),
                        QStringLiteral("--requests"), QStringLiteral("8"), QStringLiteral("--shapes"),
                        QStringLiteral("128/64")}));
            QVERIFY(run.waitForStarted());
            QTest::qWait(afterMs);
            // processId() is 0 once the process has ended, and kill(0) would hit this test's own process group.
            const qint64 pid = run.processId();
            QVERIFY2(pid > 0 && run.state() == QProcess::Running,
                qPrintable(where + u": the run ended first: " + QString::fromUtf8(run.readAllStandardError())));
            ::kill(pid_t(pid), SIGKILL);
            run.waitForFinished();

            QCOMPARE(integrityOf(db), QStringLiteral("ok"));
            const auto store = RunStore::open(db, &error, QStringLiteral("after-kill"));
            QVERIFY2(store, qPrintable(where + u": " + error));
            for (const RunSummary& summary : store->runs()) {
                // Killed mid-run, it is incomplete; a run that beat the kill is complete.
                QVERIFY2(summary.status == RunStatus::Incomplete || summary.status == RunStatus::Complete,
                    qPrintable(where));
                const auto stored = store->run(summary.id, &error);
                QVERIFY2(stored, qPrintable(where + u": " + error));
                QString why;
                QVERIFY2(stepsAreWhole(*store, *stored, &why), qPrintable(where + u": " + why));
                if (const auto before = seenBefore.find(summary.id); before != seenBefore.end())
                    QVERIFY2(before->second == std::make_pair(summary.steps, summary.requests), qPrintable(where));
                seenBefore[summary.id] = {summary.steps, summary.requests};
            }
        }
        // The kills spread over a whole run (about seven seconds), so steps were really at stake.
        int steps = 0;
        for (const auto& [id, counts] : seenBefore)
            steps += counts.first;
        QVERIFY2(steps > 0, qPrintable(QString::number(seed)));
        qInfo("%d runs killed, %d steps stored before the kills and intact after all ten (seed %u)",
            int(seenBefore.size()), steps, seed);
    }

    // Two runs at once into one database: both complete, both whole, neither blocks the other out.
    void twoProcessesShareOneDatabase()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("10")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const QStringList plan {QStringLiteral("--concurrency"), QStringLiteral("1,2,4,8"),
            QStringLiteral("--requests"), QStringLiteral("24"), QStringLiteral("--shapes"), QStringLiteral("128/32")};
        QProcess first;
        QProcess second;
        first.start(SimProcess::binary(), runArguments(sim, db, plan));
        second.start(SimProcess::binary(), runArguments(sim, db, plan));
        const KneepointResult a = finishKneepoint(first, 120'000);
        const KneepointResult b = finishKneepoint(second, 120'000);
        QVERIFY2(a.code == 0, qPrintable(a.err));
        QVERIFY2(b.code == 0, qPrintable(b.err));

        QCOMPARE(integrityOf(db), QStringLiteral("ok"));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const QList<RunSummary> runs = store->runs();
        QCOMPARE(runs.size(), 2);
        QVERIFY(runs[0].id != runs[1].id);
        for (const RunSummary& summary : runs) {
            QCOMPARE(summary.status, RunStatus::Complete);
            QCOMPARE(summary.steps, 5);
            const auto stored = store->run(summary.id, &error);
            QString why;
            QVERIFY2(stepsAreWhole(*store, *stored, &why), qPrintable(why));
        }
    }

    // An API key and a Hugging Face token in the environment: a full run with the key (the simulator demands it),
    // then every report format, the output of every command, and every file left behind hold neither.
    void secretsAreNeverWritten()
    {
        const QByteArray key = testSecret("api-key");
        const QByteArray token = testSecret("hf-token");
        QTemporaryDir dir;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KNEEPOINT_API_KEY"), QString::fromLatin1(key));
        env.insert(QStringLiteral("HF_TOKEN"), QString::fromLatin1(token));
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), dir.filePath(QStringLiteral("cache")));
        env.insert(QStringLiteral("TMPDIR"), dir.filePath(QStringLiteral("tmp")));
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--api-key"),
                               QString::fromLatin1(key)},
                     &error),
            qPrintable(error));

        QByteArray said; // everything every command printed
        // The default database, under XDG_DATA_HOME, so that whatever else Kneepoint writes there is searched too.
        const KneepointResult run
            = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
                               QStringLiteral("--concurrency"), QStringLiteral("1,4"), QStringLiteral("--requests"),
                               QStringLiteral("8"), QStringLiteral("--shapes"), QStringLiteral("128/32")},
                120'000, env);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        said += run.out.toUtf8() + run.err.toUtf8();
        const KneepointResult doctor
            = runKneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), sim.baseUrl()}, 30'000, env);
        QCOMPARE(doctor.code, 0);
        said += doctor.out.toUtf8() + doctor.err.toUtf8();
        const QStringList formats {QStringLiteral("md"), QStringLiteral("json"), QStringLiteral("html"),
            QStringLiteral("pdf"), QStringLiteral("csv"), QStringLiteral("requests-csv")};
        for (const QString& format : formats) {
            const KneepointResult report
                = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--format"), format,
                                   QStringLiteral("-o"), dir.filePath(QStringLiteral("report.") + format)},
                    60'000, env);
            QVERIFY2(report.code == 0, qPrintable(format + u": " + report.err));
            said += report.out.toUtf8() + report.err.toUtf8();
        }
        for (const QStringList& more :
            {QStringList {QStringLiteral("runs")}, QStringList {QStringLiteral("show"), QStringLiteral("1")}}) {
            const KneepointResult r = runKneepoint(more, 30'000, env);
            QCOMPARE(r.code, 0);
            said += r.out.toUtf8() + r.err.toUtf8();
        }
        QVERIFY(said.contains("Stored as run 1"));
        QCOMPARE(countOf(said, key) + countOf(said, token), 0);

        // Every file: the database and its journal, the reports, anything in config, data, cache or tmp.
        int files = 0;
        for (QDirIterator it(dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            QVERIFY2(countOf(bytes, key) + countOf(bytes, token) == 0, qPrintable(file.fileName()));
            ++files;
        }
        QVERIFY(files >= formats.size() + 1);
        // A PDF compresses its text: read it as a reader would, and check it is really the report.
        QProcess pdftotext;
        pdftotext.start(QStringLiteral("pdftotext"), {dir.filePath(QStringLiteral("report.pdf")), QStringLiteral("-")});
        if (pdftotext.waitForStarted()) {
            QVERIFY(pdftotext.waitForFinished(30'000));
            const QByteArray text = pdftotext.readAllStandardOutput();
            QVERIFY(text.contains("Kneepoint report"));
            QCOMPARE(countOf(text, key) + countOf(text, token), 0);
        }
    }

    // TLS: a self-signed certificate is refused by default with a sentence that says what to do; --insecure is
    // explicit, and the run's report says the certificate was not checked.
    void tlsIsCheckedUnlessInsecure()
    {
        // A certificate made for this run (openssl is a build dependency): no private key lives in the repository.
        QTemporaryDir dir;
        QString made;
        QVERIFY2(TestCertificates::make(dir.path(), &made), qPrintable(made));
        const QString cert = TestCertificates::certificate(dir.path(), QStringLiteral("selfsigned"));
        const QString key = TestCertificates::key(dir.path(), QStringLiteral("selfsigned"));
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--ssl-certfile"), cert,
                               QStringLiteral("--ssl-keyfile"), key},
                     &error),
            qPrintable(error));
        QVERIFY(sim.baseUrl().startsWith(u"https://"));
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const QStringList plan {QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests"),
            QStringLiteral("4"), QStringLiteral("--shapes"), QStringLiteral("64/16")};

        const KneepointResult refused = runKneepoint(runArguments(sim, db, plan), 60'000);
        QVERIFY(refused.code != 0);
        QVERIFY2(refused.err.contains(u"not accepted") && refused.err.contains(u"--insecure"), qPrintable(refused.err));
        {
            const auto store = RunStore::open(db, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY(store->runs().isEmpty());
        }

        const KneepointResult insecure
            = runKneepoint(runArguments(sim, db, plan + QStringList {QStringLiteral("--insecure")}), 60'000);
        QVERIFY2(insecure.code == 0, qPrintable(insecure.err));
        const KneepointResult md = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--db"),
            db, QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY2(md.out.contains(QStringLiteral("certificate was not checked (--insecure)")), qPrintable(md.out));
        const KneepointResult json = runKneepoint({QStringLiteral("report"), QStringLiteral("1"),
            QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject options = QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"options").toObject();
        QCOMPARE(options.value(u"insecure").toBool(), true);
    }
};

QTEST_GUILESS_MAIN(TestReliability)
#include "tst_reliability.moc"
