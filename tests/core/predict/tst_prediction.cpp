// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A prediction made from a stored run: where its measured settings come from, the twin's error per figure, and the
// advice a report puts beside a flag, which must follow the twin's own evidence and the capacity on screen.
#include "core/analysis/analysissettings.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/vllmflags.h"
#include "core/catalog/catalog.h"
#include "core/common/textformat.h"
#include "core/predict/prediction.h"
#include "core/report/htmlreport.h"
#include "core/report/markdownreport.h"
#include "core/report/reportcontent.h"
#include "support/handbuiltrun.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>

using namespace kp::core;

class TestPrediction : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void theBaselineIsTheServersOwnAndSaysWhenAssumed();
    void theTwinStatesItsErrorPerFigure();
    void aFlagThatLowersCapacityIsNotRecommended();
    void fromIsTheCapacityOnScreen();
    void theReportMovesALosingFlagOutOfTryNext();

private:
    RunData m_run;
    AnalysisSettings m_settings;
    std::optional<TwinFit> m_fit; ///< fitted once: the fit is most of a prediction's time
    std::optional<Prediction> predict(const QStringList& set, const RunData* run = nullptr);
};

void TestPrediction::initTestCase()
{
    // 1 to 16 users on an H100; TTFT p99 crosses 500 ms between 8 (400 ms) and 16 (800 ms) users.
    m_run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    m_settings = AnalysisSettings::ofRun(m_run);
    QVERIFY(m_settings.model);
    QVERIFY(m_settings.gpu);
}

std::optional<Prediction> TestPrediction::predict(const QStringList& set, const RunData* run)
{
    PredictionRequest request;
    request.set = set;
    QString error;
    // The fit is of one run's steps: another run is fitted afresh.
    std::optional<TwinFit> fresh;
    std::optional<Prediction> p
        = Prediction::of(run ? *run : m_run, m_settings, request, &error, run ? &fresh : &m_fit);
    if (!p)
        qWarning("%s", qPrintable(error));
    return p;
}

void TestPrediction::theBaselineIsTheServersOwnAndSaysWhenAssumed()
{
    // Nothing says the cap: no step filled it (as many ran as there were users, none waited). It is assumed, and
    // said to be; predict printed "As measured: max-num-seqs 256" for a server that ran 1,024.
    const std::optional<Prediction> assumed = predict({QStringLiteral("max-num-seqs=512")});
    QVERIFY(assumed);
    QCOMPARE(assumed->base.maxNumSeqs, 256);
    QVERIFY2(assumed->baseSources.assumed.join(u'|').contains(QStringLiteral("max-num-seqs 256")),
        qPrintable(assumed->baseSources.assumed.join(u'|')));
    QVERIFY(!assumed->text().contains(QStringLiteral("As measured")));
    const QString text = assumed->text();
    const qsizetype said = text.indexOf(QStringLiteral("Assumed, for nothing measured says it: "));
    QVERIFY2(said >= 0, qPrintable(text));
    QVERIFY2(text.indexOf(QStringLiteral("max-num-seqs 256 (the server does not report it and no step filled it: it "
                                         "ran at most 16 at once, never fewer than its users while others waited)"))
            > said,
        qPrintable(text));

    // The server said 1,024: the twin starts from it and says where it came from.
    RunData reported = m_run;
    reported.facts.maxNumSeqs = 1024;
    reported.facts.maxNumBatchedTokens = 4096;
    const std::optional<Prediction> known = predict({QStringLiteral("max-num-seqs=512")}, &reported);
    QVERIFY(known);
    QCOMPARE(known->base.maxNumSeqs, 1024);
    QCOMPARE(known->base.maxNumBatchedTokens, 4096);
    QVERIFY2(known->text().contains(QStringLiteral("The server reports: ")), qPrintable(known->text()));
    QVERIFY2(known->text().contains(QStringLiteral("max-num-seqs 1024")), qPrintable(known->text()));
    QVERIFY(!known->baseSources.assumed.join(u'|').contains(QStringLiteral("max-num-seqs")));
    QCOMPARE(known->toJson()[u"base_sources"][u"reported"].toArray().size(), known->baseSources.reported.size());

    // A step where requests waited shows the cap: 4 ran while others waited.
    std::vector<StepSpec> capped = latencyBoundSweep();
    for (StepSpec& s : capped) {
        s.kv = 0.01;
        s.running = std::min(s.users, 4);
        s.waiting = std::max(0, s.users - 4);
    }
    RunData showed = makeRun(capped, QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    const std::optional<Prediction> observed = predict({QStringLiteral("max-num-seqs=8")}, &showed);
    QVERIFY(observed);
    QCOMPARE(observed->base.maxNumSeqs, 4);
    QVERIFY2(observed->text().contains(QStringLiteral("The run showed: max-num-seqs 4")), qPrintable(observed->text()));
}

void TestPrediction::theTwinStatesItsErrorPerFigure()
{
    const std::optional<Prediction> p = predict({QStringLiteral("max-num-seqs=512")});
    QVERIFY(p);
    // Each figure on its own, with the steps it was checked on.
    for (const TwinError* e : {&p->fit.ttftP99Error, &p->fit.tpotP99Error, &p->fit.throughputError}) {
        QCOMPARE(e->steps, int(p->measured.size()));
        QVERIFY(e->median <= e->worst);
    }
    // Worked by hand from the curves the prediction holds: the error of TPOT p99 is its own figure, not a pool.
    std::vector<double> tpot;
    for (std::size_t i = 0; i < p->measured.size(); ++i)
        tpot.push_back(ServerTwin::error(p->replay[i].tpotP99Ms, p->measured[i].tpotP99Ms));
    QCOMPARE(p->fit.tpotP99Error.worst, *std::max_element(tpot.begin(), tpot.end()));
    const QString errors
        = QStringLiteral("TTFT p99 %1 median, %2 worst; TPOT p99 %3 median, %4 worst; throughput %5 "
                         "median, %6 worst")
              .arg(text::percent(p->fit.ttftP99Error.median), text::percent(p->fit.ttftP99Error.worst),
                  text::percent(p->fit.tpotP99Error.median), text::percent(p->fit.tpotP99Error.worst),
                  text::percent(p->fit.throughputError.median), text::percent(p->fit.throughputError.worst));
    QCOMPARE(p->errorText(), errors);
    QVERIFY2(p->text().contains(errors), qPrintable(p->text()));
    const QJsonObject json = p->toJson()[u"fit"][u"error"].toObject();
    QCOMPARE(json[u"tpot_p99"][u"worst"].toDouble(), p->fit.tpotP99Error.worst);
    QCOMPARE(json[u"ttft_p99"][u"median"].toDouble(), p->fit.ttftP99Error.median);
    QCOMPARE(json[u"output_tokens_per_s"][u"median"].toDouble(), p->fit.throughputError.median);

    // Held against a run measured with the settings: TPOT p99 is checked too (it never was).
    PredictionRequest request;
    request.set = {QStringLiteral("max-num-seqs=512")};
    request.against = &m_run;
    QString error;
    const std::optional<Prediction> checked = Prediction::of(m_run, m_settings, request, &error, &m_fit);
    QVERIFY2(checked, qPrintable(error));
    QCOMPARE(checked->checks.size(), checked->measured.size());
    QCOMPARE(checked->tpotErrors().steps, int(checked->checks.size()));
    QVERIFY(checked->text().contains(QStringLiteral("Prediction error: TTFT p99 ")));
    QVERIFY(checked->text().contains(QStringLiteral("; TPOT p99 ")));
    QVERIFY(checked->toJson()[u"against"][u"error"][u"tpot_p99"].isObject());
}

void TestPrediction::aFlagThatLowersCapacityIsNotRecommended()
{
    // Two requests at once for up to 16 users: the rest wait whole request lifetimes for a place.
    const std::optional<Prediction> p = predict({QStringLiteral("max-num-seqs=2")});
    QVERIFY(p);
    const RunAnalysis analysis = RunAnalysis::of(m_run, m_settings);
    const Prediction::Advice advice = p->adviceUnder(m_settings, analysis.curve.capacity);
    const Prediction::Capacities c = p->capacitiesUnder(m_settings);
    QVERIFY2(c.predicted < c.replayed, qPrintable(QStringLiteral("%1 → %2").arg(c.replayed).arg(c.predicted)));
    QVERIFY2(advice.change < -advice.error, qPrintable(advice.sentence));
    QCOMPARE(advice.kind, Prediction::Advice::Kind::Loss);
    QVERIFY(!advice.recommended());
    QVERIFY2(advice.sentence.startsWith(QStringLiteral("Not worth trying")), qPrintable(advice.sentence));
    QVERIFY2(advice.sentence.contains(p->errorText()), qPrintable(advice.sentence));

    // More places than users ever asked for changes nothing the twin can tell from its error: not a loss.
    const std::optional<Prediction> wide = predict({QStringLiteral("max-num-seqs=1024")});
    QVERIFY(wide);
    const Prediction::Advice same = wide->adviceUnder(m_settings, analysis.curve.capacity);
    QCOMPARE(same.change, 0.0);
    QVERIFY(same.recommended());
}

void TestPrediction::fromIsTheCapacityOnScreen()
{
    const std::optional<Prediction> p = predict({QStringLiteral("max-num-seqs=2")});
    QVERIFY(p);
    // The run's own targets: the card says about 10 users.
    const RunAnalysis asRun = RunAnalysis::of(m_run, m_settings);
    QCOMPARE(asRun.curve.capacity.bound, Capacity::Bound::Between);
    const Prediction::Advice atRun = p->adviceUnder(m_settings, asRun.curve.capacity);
    QCOMPARE(atRun.from, text::users(asRun.curve.capacity.shown()));
    // kneepoint predict says the same "from → to" as the report, from the same card.
    QCOMPARE(p->advice.sentence, atRun.sentence);
    QVERIFY2(p->text().contains(atRun.sentence), qPrintable(p->text()));
    QCOMPARE(p->toJson()[u"advice"][u"from"].toString(), atRun.from);
    // A what-if: TTFT under 300 ms. The card moves to 6 users, and so does the "from"; the twin's capacities move
    // with the targets too.
    AnalysisSettings tighter = m_settings;
    tighter.slo.ttftMs = 300;
    const RunAnalysis whatIf = RunAnalysis::of(m_run, tighter);
    QVERIFY(whatIf.curve.capacity.load < asRun.curve.capacity.load);
    const Prediction::Advice atWhatIf = p->adviceUnder(tighter, whatIf.curve.capacity);
    QCOMPARE(atWhatIf.from, text::users(whatIf.curve.capacity.shown()));
    QVERIFY(atWhatIf.from != atRun.from);
    QVERIFY(p->capacitiesUnder(tighter).measured < p->capacitiesUnder(m_settings).measured);
}

void TestPrediction::theReportMovesALosingFlagOutOfTryNext()
{
    const RunAnalysis analysis = RunAnalysis::of(m_run, m_settings);
    ReportContent content = ReportContent::of(m_run, analysis);
    QCOMPARE(content.capacity.load, analysis.curve.capacity.load);
    const auto suggest = [](const QString& flag, const QString& value) {
        FlagSuggestion s;
        s.flag = flag;
        s.value = value;
        s.commandLine = flag + u' ' + value;
        s.why = QStringLiteral("a test's suggestion");
        return s;
    };
    content.tryNext = {{suggest(QStringLiteral("--max-num-seqs"), QStringLiteral("2")), QStringLiteral("f"), {}, 0},
        {suggest(QStringLiteral("--kv-cache-dtype"), QStringLiteral("fp8")), QStringLiteral("f"), {}, 1}};
    PredictionCache cache;
    cache.fit = m_fit; // the same twin: the test does not fit it twice
    cache.basis
        = QStringLiteral("%1|%2|%3").arg(m_settings.gpu->id, m_settings.model->id).arg(m_settings.tensorParallel);
    QVERIFY(content.predictTryNext(m_run, m_settings, &cache));
    QCOMPARE(content.tryNext.size(), std::size_t(1));
    QCOMPARE(content.tryNext.front().flag.flag, QStringLiteral("--kv-cache-dtype"));
    QCOMPARE(content.notWorthTrying.size(), std::size_t(1));
    QCOMPARE(content.notWorthTrying.front().flag.flag, QStringLiteral("--max-num-seqs"));
    QVERIFY2(content.notWorthTrying.front().prediction.startsWith(QStringLiteral("Not worth trying")),
        qPrintable(content.notWorthTrying.front().prediction));
    QVERIFY(content.notWorthTrying.front().prediction.contains(text::users(analysis.curve.capacity.shown())));
    // Every report lists it apart, with the prediction, and never among the flags to try.
    const QString md = MarkdownReport::write(content);
    const qsizetype tryHere = md.indexOf(QStringLiteral("## Try these next"));
    const qsizetype notHere = md.indexOf(QStringLiteral("## Not worth trying"));
    QVERIFY2(tryHere >= 0 && notHere > tryHere, qPrintable(md));
    QVERIFY(!md.mid(tryHere, notHere - tryHere).contains(QStringLiteral("--max-num-seqs 2")));
    QVERIFY(md.mid(notHere).contains(QStringLiteral("`--max-num-seqs 2` (for: f): Not worth trying: the twin")));
    QVERIFY(HtmlReport::write(content).contains(QStringLiteral("<h2>Not worth trying</h2>")));
    // Predicted again (a what-if), the flags keep their order and their lists.
    QVERIFY(content.predictTryNext(m_run, m_settings, &cache));
    QCOMPARE(content.tryNext.size(), std::size_t(1));
    QCOMPARE(content.notWorthTrying.size(), std::size_t(1));
}

QTEST_GUILESS_MAIN(TestPrediction)
#include "tst_prediction.moc"
