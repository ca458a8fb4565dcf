// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/stepstatistics.h"
#include "core/store/runstore.h"
#include "support/storerecords.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace kp::core;
using namespace kp::test;

/// A step stored while it runs (RunStore::beginStep, addRequests, finishStep): unseen until it ends, whole when it
/// does, and kept, cut short, when its run ends first.
class TestLiveStep : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QString error;
        m_store = RunStore::open(m_dir.filePath(QStringLiteral("live-%1.sqlite").arg(++m_files)), &error);
        QVERIFY2(m_store, qPrintable(error));
        m_runId = m_store->createRun(makeRunInfo(), &error);
        QVERIFY2(m_runId > 0, qPrintable(error));
    }

    void cleanup() { m_store.reset(); }

    void aStepIsSeenOnlyOnceFinished()
    {
        QString error;
        const std::vector<RequestRecord> first = makeRequests(1, 30, 40);
        const std::vector<RequestRecord> second = makeRequests(2, 20, 40);
        StepInfo step = makeStep(0);
        const qint64 stepId = m_store->beginStep(m_runId, step, &error);
        QVERIFY2(stepId > 0, qPrintable(error));
        QVERIFY2(m_store->addRequests(stepId, first, &error), qPrintable(error));
        QVERIFY2(m_store->addRequests(stepId, {}, &error), qPrintable(error));
        QVERIFY2(m_store->addRequests(stepId, second, &error), qPrintable(error));

        // Under way: no reader sees the step, nor counts its requests.
        QCOMPARE(m_store->run(m_runId)->steps.size(), std::size_t(0));
        QCOMPARE(m_store->runs().first().steps, 0);
        QCOMPARE(m_store->runs().first().requests, 0);

        step.cancelled = false;
        step.client = QJsonObject {{QStringLiteral("cpu_seconds"), 1.5}};
        step.load[QStringLiteral("dataset_lines_resent")] = 3; // known only at the end
        QVERIFY2(m_store->finishStep(stepId, step, makeSamples(0), &error), qPrintable(error));
        const std::optional<StoredRun> run = m_store->run(m_runId);
        QCOMPARE(run->steps.size(), std::size_t(1));
        const StoredStep& stored = run->steps[0];
        QCOMPARE(stored.id, stepId);
        QCOMPARE(stored.requestCount, 50);
        QCOMPARE(stored.info.startNs, step.startNs);
        QCOMPARE(stored.info.endNs, step.endNs);
        QCOMPARE(stored.info.load, step.load);
        QCOMPARE(stored.info.client, step.client);
        QVERIFY(!stored.info.cancelled);
        QCOMPARE(m_store->runs().first().requests, 50);
        std::vector<RequestRecord> expected = first;
        expected.insert(expected.end(), second.begin(), second.end());
        compareRequests(m_store->requests(stepId), expected);
        QCOMPARE(m_store->metricsSamples(stepId).size(), makeSamples(0).size());

        // A finished step takes no more requests, and is not finished twice.
        QVERIFY(!m_store->addRequests(stepId, first, &error));
        QVERIFY2(error.contains(QStringLiteral("no step")), qPrintable(error));
        QVERIFY(!m_store->finishStep(stepId, step, {}, &error));
        QCOMPARE(m_store->run(m_runId)->steps[0].requestCount, 50);
    }

    // The statistics of a stored step, read back in passes, are those of its records in memory.
    void statisticsFromTheStoreAreThoseInMemory()
    {
        QString error;
        const std::vector<RequestRecord> requests = makeRequests(5, 200, 64);
        const qint64 stepId = m_store->beginStep(m_runId, makeStep(0), &error);
        for (std::size_t i = 0; i < requests.size(); i += 37) {
            const std::vector<RequestRecord> batch(
                requests.begin() + qsizetype(i), requests.begin() + qsizetype(std::min(i + 37, requests.size())));
            QVERIFY2(m_store->addRequests(stepId, batch, &error), qPrintable(error));
        }
        QVERIFY2(m_store->finishStep(stepId, makeStep(0), {}, &error), qPrintable(error));
        int passes = 0;
        const StepStatistics fromStore = StepStatistics::fromSource(
            [&](const RecordVisitor& visit) {
                ++passes;
                QVERIFY(m_store->forEachRequest(stepId, visit, &error));
            },
            {}, 16);
        const StepStatistics inMemory = StepStatistics::of(requests, {}, 16);
        QCOMPARE(passes, 2);
        QCOMPARE(fromStore.total, inMemory.total);
        QCOMPARE(fromStore.failed, inMemory.failed);
        QCOMPARE(fromStore.ttftMs.p99.value, inMemory.ttftMs.p99.value);
        QCOMPARE(fromStore.itlMs.p50.value, inMemory.itlMs.p50.value);
        QCOMPARE(fromStore.itlMs.count, inMemory.itlMs.count);
        QCOMPARE(fromStore.whole.outputTokensPerSecond, inMemory.whole.outputTokensPerSecond);
        QCOMPARE(fromStore.window.startNs, inMemory.window.startNs);
    }

    // A run killed in the middle of a step: the next open keeps every request stored so far, in a step shown cut
    // short from its first send to its last end.
    void aKilledRunKeepsItsOpenStep()
    {
        QString error;
        const std::vector<RequestRecord> requests = makeRequests(3, 25, 20);
        const QString path = m_store->path();
        const qint64 stepId = m_store->beginStep(m_runId, makeStep(0), &error);
        QVERIFY(m_store->addRequests(stepId, requests, &error));
        m_store.reset(); // its writer is gone, as if killed

        auto reopened = RunStore::open(path, &error);
        QVERIFY2(reopened, qPrintable(error));
        const std::optional<StoredRun> run = reopened->run(m_runId);
        QCOMPARE(run->summary.status, RunStatus::Incomplete);
        QCOMPARE(run->steps.size(), std::size_t(1));
        const StoredStep& step = run->steps[0];
        QVERIFY(step.info.cancelled);
        QCOMPARE(step.requestCount, 25);
        std::int64_t firstSent = requests.front().sentNs;
        std::int64_t lastEnd = 0;
        for (const RequestRecord& r : requests) {
            firstSent = std::min(firstSent, r.sentNs);
            lastEnd = std::max(lastEnd, r.endNs);
        }
        QCOMPARE(step.info.startNs, firstSent);
        QCOMPARE(step.info.endNs, lastEnd);
        compareRequests(reopened->requests(stepId), requests);
    }

    // A run that ends while a step is open (its requests could no longer be stored) keeps that step the same way.
    void finishingTheRunClosesItsOpenStep()
    {
        QString error;
        const qint64 stepId = m_store->beginStep(m_runId, makeStep(0), &error);
        QVERIFY(m_store->addRequests(stepId, makeRequests(4, 5, 5), &error));
        QVERIFY(m_store->finishRun(m_runId, RunStatus::Failed, QStringLiteral("The disk is full."), &error));
        const std::optional<StoredRun> run = m_store->run(m_runId);
        QCOMPARE(run->steps.size(), std::size_t(1));
        QVERIFY(run->steps[0].info.cancelled);
        QCOMPARE(m_store->requests(stepId).size(), std::size_t(5));
    }

    // A step that never ran (the load could not start) leaves nothing behind.
    void aDiscardedStepLeavesNothing()
    {
        QString error;
        const qint64 stepId = m_store->beginStep(m_runId, makeStep(0), &error);
        QVERIFY(m_store->discardStep(stepId, &error));
        QVERIFY(m_store->finishRun(m_runId, RunStatus::Failed, QStringLiteral("No server."), &error));
        QCOMPARE(m_store->run(m_runId)->steps.size(), std::size_t(0));
        QSqlQuery q(QSqlDatabase::database(m_store->connectionName()));
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM steps")) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }

    void aStepOfNoRunIsRefused()
    {
        QString error;
        QCOMPARE(m_store->beginStep(m_runId + 100, makeStep(0), &error), -1);
        QVERIFY2(error.contains(QStringLiteral("There is no run")), qPrintable(error));
        QVERIFY(!m_store->addRequests(424242, makeRequests(1, 1, 1), &error));
    }

private:
    QTemporaryDir m_dir;
    int m_files = 0;
    std::unique_ptr<RunStore> m_store;
    qint64 m_runId = -1;
};

QTEST_GUILESS_MAIN(TestLiveStep)
#include "tst_livestep.moc"
