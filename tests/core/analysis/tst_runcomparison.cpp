// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a comparison is read for first: the capacity's change, then every difference in the server, then the rows.
// A server with 1,024 places against one with 4 was "2 better, 2 worse", with only `quick` and `url` changed.
#include "analysis/analysistext.h"
#include "analysis/runanalysis.h"
#include "analysis/runcomparison.h"
#include "support/handbuiltrun.h"

#include <QJsonArray>
#include <QTest>

using namespace kp::core;

class TestRunComparison : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void leadsWithTheCapacityAndTheServersDifferences();
    void sameServerSaysSo();
};

namespace {

RunAnalysis analysed(const RunData& run)
{
    return RunAnalysis::of(run, AnalysisSettings::ofRun(run));
}

// A server of `places` requests at once: beyond them users wait, and TTFT grows by the queue.
RunData serverWith(int places, qint64 id)
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    for (StepSpec& s : specs) {
        s.kv = 0.01;
        s.running = std::min(s.users, places);
        s.waiting = std::max(0, s.users - places);
        if (s.users > places)
            s.ttftMs *= 3;
    }
    RunData run = makeRun(specs);
    run.run.summary.id = id;
    run.run.info.facts[QStringLiteral("maxNumSeqs")] = places;
    run.run.info.facts[QStringLiteral("numGpuBlocks")] = places == 4 ? 2000 : 30000;
    run.facts.maxNumSeqs = places;
    run.run.info.options[QStringLiteral("quick")] = places == 4;
    return run;
}

} // namespace

void TestRunComparison::leadsWithTheCapacityAndTheServersDifferences()
{
    const RunData wide = serverWith(1024, 11);
    const RunData narrow = serverWith(4, 12);
    const RunAnalysis a = analysed(wide);
    const RunAnalysis b = analysed(narrow);
    const RunComparison c = RunComparison::of(wide, a, narrow, b);
    // About 10 users against about 5.2 (TTFT 1,200 ms at 8 users, past the 500 ms target): about half as many.
    QVERIFY2(a.curve.capacity.load > b.curve.capacity.load, qPrintable(c.summary));
    QCOMPARE(c.capacityChangePercent, 100 * (b.curve.capacity.load - a.curve.capacity.load) / a.curve.capacity.load);
    QVERIFY2(
        c.summary.startsWith(QStringLiteral("Capacity fell by %1%: run 11 ").arg(-c.capacityChangePercent, 0, 'f', 1)),
        qPrintable(c.summary));
    // The server's differences, before the latency rows' count and named as the server names them.
    const qsizetype server = c.summary.indexOf(QStringLiteral("The server differs: max_num_seqs 1024 → 4"));
    QVERIFY2(server > 0, qPrintable(c.summary));
    QVERIFY(server < c.summary.indexOf(QStringLiteral("latency comparisons")));
    QVERIFY(c.summary.contains(QStringLiteral("KV cache blocks 30000 → 2000")));

    // Every difference of the server's facts comes before the options, max_num_seqs first.
    QVERIFY(c.changes.size() >= 4);
    QCOMPARE(c.changes.front().what, QStringLiteral("server: max_num_seqs"));
    QCOMPARE(c.changes.front().a, QStringLiteral("1024"));
    QCOMPARE(c.changes.front().b, QStringLiteral("4"));
    QCOMPARE(c.changes.at(1).what, QStringLiteral("server: KV cache blocks"));
    // What the runs measured of the engine: 16 at once with none waiting, against 4 with others waiting.
    const auto measured = std::find_if(c.changes.begin(), c.changes.end(),
        [](const RunComparison::Change& ch) { return ch.what == u"server: most requests running at once"; });
    QVERIFY(measured != c.changes.end());
    QCOMPARE(measured->a, QStringLiteral("16, no cap reached"));
    QCOMPARE(measured->b, QStringLiteral("4, others waiting"));
    bool options = false;
    for (const RunComparison::Change& ch : c.changes) {
        if (ch.kind == RunComparison::Change::Kind::Option)
            options = true;
        else if (ch.kind == RunComparison::Change::Kind::Server)
            QVERIFY2(!options, qPrintable(ch.what)); // no server fact after an option
    }
    QVERIFY(options);

    // The terminal shows what changed before the table of rows; the JSON says whose each change is.
    const QString text = AnalysisText::render(c);
    QVERIFY(text.indexOf(QStringLiteral("What changed")) < text.indexOf(QStringLiteral("metric")));
    QVERIFY(text.contains(QStringLiteral("  server: max_num_seqs: 1024 → 4\n")));
    const QJsonObject json = AnalysisText::toJson(c);
    QCOMPARE(json[u"changes"].toArray().first()[u"kind"].toString(), QStringLiteral("server"));
    QCOMPARE(json[u"capacity_change_percent"].toDouble(), c.capacityChangePercent);
}

void TestRunComparison::sameServerSaysSo()
{
    const RunData a = serverWith(1024, 11);
    RunData b = serverWith(1024, 12);
    const RunComparison c = RunComparison::of(a, analysed(a), b, analysed(b));
    QVERIFY2(c.summary.startsWith(QStringLiteral("Capacity unchanged: run 11 ")), qPrintable(c.summary));
    QVERIFY2(c.summary.contains(QStringLiteral("The server's facts are the same in both.")), qPrintable(c.summary));
    QVERIFY(std::none_of(c.changes.begin(), c.changes.end(),
        [](const RunComparison::Change& ch) { return ch.kind == RunComparison::Change::Kind::Server; }));
}

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
