// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/serverdeltas.h"
#include "server/serverfacts.h"

#include <QTest>

using namespace kp::core;

namespace {

StoredMetricsSample sample(std::int64_t ns, double generation, double preemptions, double waiting, double kv)
{
    MetricsSample m;
    m.ns = ns;
    m.generationTokens = generation;
    m.preemptions = preemptions;
    m.running = 4;
    m.waiting = waiting;
    m.kvUsage = kv;
    return {ns, m.toJson()};
}

} // namespace

class TestServerDeltas : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countersAreDiffedAcrossTheStep()
    {
        const ServerDeltas d
            = ServerDeltas::of({sample(0, 1000, 2, 0, 0.1), sample(1, 1500, 2, 3, 0.6), sample(2, 2100, 5, 1, 0.97)});
        QCOMPARE(d.generationTokens, 1100.0);
        QCOMPARE(d.preemptions, 3.0);
        QCOMPARE(d.peakWaiting, 3.0);
        QCOMPARE(d.peakKvUsage, 0.97);
        QVERIFY(!d.counterReset);
        QVERIFY(d.note(QStringLiteral("c=8")).contains(u"3 preemptions"));
    }

    void aRestartIsDetectedAndCostsOnlyItsInterval()
    {
        // 1,000 → 1,400, then the server restarts (the counter falls to 50), then 50 → 250.
        const ServerDeltas d = ServerDeltas::of({sample(0, 1000, 0, 0, 0.1), sample(1, 1400, 0, 0, 0.1),
            sample(2, 50, 0, 0, 0.1), sample(3, 250, 0, 0, 0.1)});
        QVERIFY(d.counterReset);
        QCOMPARE(d.generationTokens, 400.0 + 50 + 200);
        QVERIFY(d.note(QStringLiteral("c=1")).contains(u"restarted"));
        QVERIFY(d.toJson()[u"counter_reset"].toBool());
    }

    // The gauges' peaks are of the scrapes asked while the full load was held; the counters take every scrape.
    void peaksAreOfTheScrapesUnderLoad()
    {
        // Asked at the step's start (0) and end (100), outside the load held from 10 to 90: an idle server twice.
        std::vector<StoredMetricsSample> edges {sample(0, 1000, 0, 0, 0.0), sample(100, 1400, 0, 0, 0.0)};
        const ServerDeltas unseen = ServerDeltas::of(edges, 10, 90);
        QCOMPARE(unseen.samplesUnderLoad, 0);
        QCOMPARE(unseen.peakRunning, -1.0);
        QCOMPARE(unseen.peakKvUsage, -1.0);
        QCOMPARE(unseen.generationTokens, 400.0);
        QCOMPARE(unseen.loadHeldMs, 80e-6);
        edges.insert(edges.begin() + 1, sample(50, 1200, 1, 3, 0.9));
        const ServerDeltas seen = ServerDeltas::of(edges, 10, 90);
        QCOMPARE(seen.samplesUnderLoad, 1);
        QCOMPARE(seen.peakRunning, 4.0);
        QCOMPARE(seen.peakWaiting, 3.0);
        QCOMPARE(seen.peakKvUsage, 0.9);
        // Without a window every scrape counts, as for a step that never held its load.
        QCOMPARE(ServerDeltas::of(edges).samplesUnderLoad, 3);
        // A preemption without a visible peak is said without one.
        const ServerDeltas preempted = ServerDeltas::of({sample(0, 0, 0, 0, 0.0), sample(100, 0, 2, 0, 0.0)}, 10, 90);
        QVERIFY2(preempted.note(QStringLiteral("8 users")).contains(u"2 preemptions (KV cache full)"),
            qPrintable(preempted.note(QStringLiteral("8 users"))));
    }

    void nothingVisibleIsSaidSo()
    {
        const ServerDeltas none = ServerDeltas::of({});
        QCOMPARE(none.samples, 0);
        QCOMPARE(none.preemptions, -1.0);
        QVERIFY(none.note(QStringLiteral("c=1")).isEmpty());
        QVERIFY(!none.toJson().contains(u"preemptions"));
    }
};

QTEST_GUILESS_MAIN(TestServerDeltas)
#include "tst_serverdeltas.moc"
