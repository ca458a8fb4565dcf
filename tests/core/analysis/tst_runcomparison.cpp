// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a comparison is read for first: the capacity's change, then every difference in the server, then the rows.
// A server with 1,024 places against one with 4 was "2 better, 2 worse", with only `quick` and `url` changed.
#include "core/analysis/analysistext.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/runcomparison.h"
#include "core/analysis/rungate.h"
#include "core/report/gatereport.h"
#include "support/handbuiltrun.h"

#include <QJsonArray>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

#include <utility>

using namespace kp::core;

class TestRunComparison : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void leadsWithTheCapacityAndTheServersDifferences();
    void sameServerSaysSo();
    void aTargetAtTheMedianIsOneRow();
    void capacityIsJudgedAsTheRowsAre();
    void gateFailsOnlyWhereWorseBeyondNoise();
    void gateSpeaksToCi();
};

namespace {

RunAnalysis analysed(const RunData& run)
{
    return RunAnalysis::of(run, AnalysisSettings::ofRun(run));
}

// A server of `places` requests at once: beyond them users wait, and TTFT grows by the queue. With `bounded`, each
// step has enough requests (480) for its p99 to have a 95% interval.
RunData serverWith(int places, qint64 id, bool bounded = false)
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    for (StepSpec& s : specs) {
        if (bounded)
            s.perUser = 480 / s.users;
        s.kv = 0.01;
        s.running = std::min(s.users, places);
        s.waiting = std::max(0, s.users - places);
        if (s.users > places)
            s.ttftMs *= 3;
    }
    RunData run = makeRun(specs);
    run.summary.id = id;
    run.stored.facts[QStringLiteral("maxNumSeqs")] = places;
    run.stored.facts[QStringLiteral("numGpuBlocks")] = places == 4 ? 2000 : 30000;
    run.facts.maxNumSeqs = places;
    run.stored.options[QStringLiteral("quick")] = places == 4;
    return run;
}

// The summary of run `id` as the store lists a run that completed.
RunSummary completed(qint64 id)
{
    RunSummary s;
    s.id = id;
    s.status = RunStatus::Complete;
    return s;
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

void TestRunComparison::aTargetAtTheMedianIsOneRow()
{
    // A p50 target made every median row twice ("TTFT p50" from the test, "TTFT p50" from the tail), and a gate
    // counted each change twice.
    const RunData a = serverWith(1024, 11, true);
    const RunData b = serverWith(4, 12, true);
    AnalysisSettings settings = AnalysisSettings::ofRun(a);
    settings.percentile = 50;
    const RunComparison c = RunComparison::of(a, RunAnalysis::of(a, settings), b, RunAnalysis::of(b, settings));
    QSet<QString> rows;
    for (const RunComparison::Metric& m : c.metrics)
        QVERIFY2(
            !std::exchange(rows, rows + QSet<QString> {m.load + u' ' + m.metric}).contains(m.load + u' ' + m.metric),
            qPrintable(m.load + u' ' + m.metric));
    QCOMPARE(c.metrics.size(), qsizetype(rows.size()));
    QVERIFY(rows.contains(QStringLiteral("8 users TTFT p50")));
}

void TestRunComparison::capacityIsJudgedAsTheRowsAre()
{
    // Steps too short to bound the p99: the capacities are said, their change not judged.
    {
        const RunData wide = serverWith(1024, 11);
        const RunData narrow = serverWith(4, 12);
        const RunComparison c = RunComparison::of(wide, analysed(wide), narrow, analysed(narrow));
        QVERIFY(!c.capacityJudged && !c.capacitySignificant);
        QVERIFY2(c.summary.contains(QStringLiteral("Not judged: run 11's range of 8–16 users rests on steps too "
                                                   "short to bound the percentile.")),
            qPrintable(c.summary));
    }
    // Bounded: 8 users passed on the wide server, where the narrow one surely failed: ranges 8–16 and 4–8 lie apart.
    const RunData wide = serverWith(1024, 11, true);
    const RunData narrow = serverWith(4, 12, true);
    RunComparison c = RunComparison::of(wide, analysed(wide), narrow, analysed(narrow));
    QVERIFY2(c.capacityJudged && c.capacitySignificant && c.capacityWorse(), qPrintable(c.capacityWhy));
    QCOMPARE(c.capacityRangeA, QStringLiteral("8–16 users"));
    QCOMPARE(c.capacityRangeB, QStringLiteral("4–8 users"));
    QVERIFY2(c.summary.contains(QStringLiteral("Beyond noise: run 11's range of 8–16 users and run 12's of 4–8 users "
                                               "lie apart.")),
        qPrintable(c.summary));
    QCOMPARE(AnalysisText::toJson(c)[u"capacity_significant"].toBool(), true);
    // A floor above the change: not beyond noise, and it says so.
    RunComparison floored = RunComparison::of(wide, analysed(wide), narrow, analysed(narrow), 60);
    QVERIFY(floored.capacityJudged && !floored.capacitySignificant);
    QCOMPARE(floored.capacityWhy, QStringLiteral("under the 60% floor"));
    // Two runs of one configuration that differ by more: within their noise.
    RunComparison noisy = c;
    RunComparison twins = c;
    twins.idA = 21;
    twins.idB = 22;
    twins.capacityChangePercent = c.capacityChangePercent * 1.5;
    noisy.withBetweenRunNoise(twins);
    QVERIFY(!noisy.capacitySignificant);
    QVERIFY2(noisy.capacityWhy.startsWith(QStringLiteral("within the "))
            && noisy.capacityWhy.endsWith(u"runs 21 and 22 differ by"),
        qPrintable(noisy.capacityWhy));
    // No third run to say how much runs of one configuration differ: nothing is beyond noise, the capacity neither.
    c.asRepeatsWithoutNoise();
    QVERIFY(!c.capacitySignificant);
}

void TestRunComparison::gateFailsOnlyWhereWorseBeyondNoise()
{
    const RunData wide = serverWith(1024, 11, true);
    const RunData narrow = serverWith(4, 12, true);
    const RunSummary complete = completed(12);

    // Worse: the capacity and the TTFT rows past 4 users.
    const RunComparison worse = RunComparison::of(wide, analysed(wide), narrow, analysed(narrow));
    const RunGate failed = RunGate::of(worse, complete);
    QCOMPARE(failed.outcome, RunGate::Outcome::Fail);
    QVERIFY(failed.worse >= 2);
    QCOMPARE(failed.checks.front().figure, QStringLiteral("capacity"));
    QCOMPARE(failed.checks.front().result, RunGate::Check::Result::Worse);
    QVERIFY2(failed.sentence.startsWith(QStringLiteral("Worse beyond noise in run 12 than in run 11: capacity fell by "
                                                       "%1% (about 10 users → about 5")
                                            .arg(-worse.capacityChangePercent, 0, 'f', 1)),
        qPrintable(failed.sentence));
    // Each worse row of the comparison is a worse check of the gate, and no other.
    int worseRows = 0;
    for (const RunComparison::Metric& m : worse.metrics)
        worseRows += m.significant && m.b > m.a ? 1 : 0;
    QCOMPARE(failed.worse, worseRows + 1);

    // The same change the other way is better, and passes.
    RunSummary wideSummary = complete;
    wideSummary.id = 11;
    const RunGate better = RunGate::of(RunComparison::of(narrow, analysed(narrow), wide, analysed(wide)), wideSummary);
    QCOMPARE(better.outcome, RunGate::Outcome::Pass);
    QCOMPARE(better.worse, 0);
    QVERIFY(better.better >= 2);
    QVERIFY2(
        better.sentence.startsWith(QStringLiteral("Nothing got worse beyond noise: ")), qPrintable(better.sentence));

    // Runs of one configuration with no third: a pass that says nothing could be called worse, and how to fix it.
    RunComparison repeats = worse;
    repeats.asRepeatsWithoutNoise();
    const RunGate repeated = RunGate::of(repeats, complete);
    QCOMPARE(repeated.outcome, RunGate::Outcome::Pass);
    QVERIFY2(repeated.caveat.contains(QStringLiteral("kneepoint export A B")), qPrintable(repeated.caveat));

    // A run that did not complete fails, whatever its figures.
    RunSummary stopped = complete;
    stopped.status = RunStatus::ServerFailed;
    stopped.statusReason = QStringLiteral("The server stopped answering.");
    const RunGate broken = RunGate::of(repeats, stopped);
    QCOMPARE(broken.outcome, RunGate::Outcome::Fail);
    QCOMPARE(broken.sentence, QStringLiteral("Run 12 did not complete (server_failed): The server stopped answering."));

    // Nothing to judge: inconclusive, with the reason.
    RunComparison empty;
    empty.idA = 11;
    empty.idB = 12;
    empty.capacityWhy = QStringLiteral("run 12 has no capacity");
    const RunGate nothing = RunGate::of(empty, complete);
    QCOMPARE(nothing.outcome, RunGate::Outcome::Inconclusive);
    QCOMPARE(nothing.judged, 0);
    QCOMPARE(nothing.sentence,
        QStringLiteral("Nothing could be judged: run 12 has no capacity, and the runs share no load step."));
}

void TestRunComparison::gateSpeaksToCi()
{
    const RunData wide = serverWith(1024, 11, true);
    const RunData narrow = serverWith(4, 12, true);
    const RunSummary complete = completed(12);
    const RunComparison c = RunComparison::of(wide, analysed(wide), narrow, analysed(narrow));
    const RunGate gate = RunGate::of(c, complete);

    // Markdown: the answer, then the figures that decided it, the rest folded, then what changed.
    const QString md = GateReport::markdown(c, gate);
    QVERIFY2(md.startsWith(QStringLiteral("### Kneepoint gate: FAIL\n\n") + gate.sentence + u'\n'), qPrintable(md));
    const qsizetype folded = md.indexOf(QStringLiteral("<details><summary>"));
    QVERIFY(folded > 0);
    QVERIFY2(md.indexOf(QStringLiteral("| capacity | about 10 users | about 5")) < folded, qPrintable(md));
    QCOMPARE(md.left(folded).count(QStringLiteral("| **worse**")), gate.worse);
    QCOMPARE(md.count(QStringLiteral("| within noise")) + md.count(QStringLiteral("| not judged")) + gate.worse
            + gate.better,
        qsizetype(gate.checks.size()));
    QVERIFY(md.contains(QStringLiteral("- server: max_num_seqs: 1024 → 4\n")));

    // JUnit: a case per figure and one for the run's completion; each worse figure a failure.
    QXmlStreamReader xml(GateReport::junit(gate));
    int cases = 0, failures = 0;
    QString suiteFailures;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"testsuite")
            suiteFailures = xml.attributes().value(QStringLiteral("failures")).toString();
        cases += xml.name() == u"testcase" ? 1 : 0;
        failures += xml.name() == u"failure" ? 1 : 0;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(cases, int(gate.checks.size()) + 1);
    QCOMPARE(failures, gate.worse);
    QCOMPARE(suiteFailures, QString::number(gate.worse));
    // A run that did not complete fails its own case too, beside the figures worse beyond noise.
    RunSummary stopped = complete;
    stopped.status = RunStatus::Stopped;
    const QByteArray broken = GateReport::junit(RunGate::of(c, stopped));
    QCOMPARE(broken.count("<failure"), qsizetype(gate.worse + 1));
    QVERIFY(broken.contains(QByteArray(QByteArrayLiteral("failures=\"") + QByteArray::number(gate.worse + 1) + '"')));
}

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
