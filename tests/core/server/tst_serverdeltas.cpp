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
