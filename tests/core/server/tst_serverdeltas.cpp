// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/prometheustext.h"
#include "core/server/serverdeltas.h"
#include "core/server/serverfacts.h"

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

    // Speculative decoding as vLLM V1 (per engine, summed) and llama.cpp (b11669's llamacpp:spec_decode_num_*)
    // count it: the step's acceptance is accepted / drafted tokens, and a step of the target model made 1 + accepted
    // / drafts.
    void speculativeDecodingIsReadFromEitherFamily_data()
    {
        QTest::addColumn<QByteArray>("prefix");
        QTest::addColumn<QByteArray>("labels");
        QTest::newRow("vLLM V1, two engines") << QByteArray("vllm:") << QByteArray(R"({engine="0",model_name="m"})");
        QTest::newRow("llama.cpp b11669") << QByteArray("llamacpp:") << QByteArray();
    }
    void speculativeDecodingIsReadFromEitherFamily()
    {
        QFETCH(QByteArray, prefix);
        QFETCH(QByteArray, labels);
        const bool twoEngines = !labels.isEmpty();
        const auto scrape = [&](double drafts, double drafted, double accepted, std::int64_t ns) {
            QByteArray text;
            const auto line = [&](const char* name, double value) {
                text += "# TYPE " + prefix + name + " counter\n";
                // A second engine counting as much again: the figures are summed over engines.
                text += prefix + name + labels + ' ' + QByteArray::number(twoEngines ? value / 2 : value) + '\n';
                if (twoEngines)
                    text += prefix + name + QByteArray(labels).replace("\"0\"", "\"1\"") + ' '
                        + QByteArray::number(value / 2) + '\n';
            };
            line("spec_decode_num_drafts_total", drafts);
            line("spec_decode_num_draft_tokens_total", drafted);
            line("spec_decode_num_accepted_tokens_total", accepted);
            const MetricsSample m = MetricsSample::from(PrometheusText::parse(text), ns);
            return StoredMetricsSample {ns, m.toJson()};
        };
        const StoredMetricsSample before = scrape(100, 400, 300, 0);
        QCOMPARE(MetricsSample::fromJson(before.values).specDraftTokens, 400.0);
        // 1,000 drafts of 4 tokens in the step, 3,000 of their 4,000 tokens accepted.
        const ServerDeltas d = ServerDeltas::of({before, scrape(1100, 4400, 3300, 1)});
        QCOMPARE(d.specDrafts, 1000.0);
        QCOMPARE(d.specDraftTokens, 4000.0);
        QCOMPARE(d.specAcceptedTokens, 3000.0);
        QCOMPARE(d.specAcceptanceRate(), 0.75);
        QCOMPARE(d.specTokensPerStep(), 4.0);
        QCOMPARE(d.toJson()[u"spec_acceptance_rate"].toDouble(), 0.75);
        QCOMPARE(d.toJson()[u"spec_tokens_per_step"].toDouble(), 4.0);
        const QString note = d.note(QStringLiteral("8 users"));
        QVERIFY2(note.contains(u"75% of 4000 drafted tokens accepted (4.0 tokens per step)"), qPrintable(note));

        // A server that drafts nothing says nothing of speculation.
        const ServerDeltas none = ServerDeltas::of({scrape(0, 0, 0, 0), scrape(0, 0, 0, 1)});
        QCOMPARE(none.specAcceptanceRate(), -1.0);
        QVERIFY(!none.toJson().contains(u"spec_acceptance_rate"));
        QVERIFY(none.note(QStringLiteral("1 user")).isEmpty());
    }

    void nothingVisibleIsSaidSo()
    {
        const ServerDeltas none = ServerDeltas::of({});
        QCOMPARE(none.samples, 0);
        QCOMPARE(none.preemptions, -1.0);
        QVERIFY(none.note(QStringLiteral("c=1")).isEmpty());
        QVERIFY(!none.toJson().contains(u"preemptions"));
        QCOMPARE(none.specAcceptanceRate(), -1.0);
        QCOMPARE(none.specTokensPerStep(), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestServerDeltas)
#include "tst_serverdeltas.moc"
