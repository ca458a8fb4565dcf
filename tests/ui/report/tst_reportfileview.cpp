// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's two faces of a report, against the report itself: a report JSON opened from disk (ReportFileView)
// shows the figures the report showed, both it and the report view put the doubts above the verdict, and the report
// view's card and scorecard say what the document says (tst_faces holds the other faces to it).
#include "core/analysis/runanalysis.h"
#include "core/report/jsonreport.h"
#include "core/report/reportcontent.h"
#include "core/store/runstore.h"
#include "support/handbuiltrun.h"
#include "ui/report/reportfileview.h"
#include "ui/report/reportview.h"
#include "ui/report/reportworker.h"

#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QSet>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <algorithm>

using namespace kp::core;
using kp::ui::ReportFileView;

Q_DECLARE_METATYPE(std::shared_ptr<RunData>)

namespace {

struct Fixture
{
    std::shared_ptr<RunData> run;
    RunAnalysis analysis;
    ReportContent content;
};

// A run over a 0.4 ms round trip whose 16-user step the client fell behind in: a failed check, and TTFTs that the
// round trip is taken off.
Fixture fixture()
{
    Fixture f;
    f.run = std::make_shared<RunData>(makeRun(latencyBoundSweep(), QStringLiteral("chat"), QString(), 0.4));
    for (StepData& s : f.run->steps)
        if (s.concurrency == 16)
            s.loopLagP99Ms = 14;
    f.analysis = RunAnalysis::of(*f.run, AnalysisSettings::ofRun(*f.run));
    f.content = ReportContent::of(*f.run, f.analysis);
    return f;
}

bool before(const QString& text, const QString& first, const QString& second)
{
    const qsizetype a = text.indexOf(first), b = text.indexOf(second);
    return a >= 0 && b > a;
}

// Each cell of the report's scorecard, as the file view must show it.
void checkFigures(const QString& html, const ReportContent& content)
{
    for (const ReportContent::ScoreRow& row : content.score)
        for (const QString& cell : row.cells)
            QVERIFY2(html.contains(QStringLiteral("<td>%1</td>").arg(cell.toHtmlEscaped())),
                qPrintable(row.cells.join(u'|')));
}

} // namespace

class TestReportFileView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // "A report JSON opened with File › Open shows 82.9 and 141.4 ms where the report shows 82.5 and 141."
    void anOpenedReportShowsTheReportsFigures()
    {
        const Fixture f = fixture();
        const QJsonObject json = JsonReport::write(*f.run, f.analysis);
        const QString html = ReportFileView::toHtml(json, QStringLiteral("run7.json"));
        checkFigures(html, f.content);
        // The step the client fell behind in is marked, as in the report.
        QVERIFY2(html.contains(QStringLiteral("<td>16 users †</td>")), qPrintable(html));
        // The doubt, titled as one, above the verdict.
        QVERIFY2(before(html, QStringLiteral("The client may have fallen behind"), f.analysis.verdict.toHtmlEscaped()),
            qPrintable(html));
        QVERIFY(!html.contains(QStringLiteral("The client was not the bottleneck")));
    }

    // A file written before the shown TTFT and the doubt titles were in it reads the same.
    void anOlderFileReadsTheSame()
    {
        const Fixture f = fixture();
        QJsonObject json = JsonReport::write(*f.run, f.analysis);
        // Such a file had no document either: it is made from the figures the file holds.
        json.remove(u"document");
        QJsonObject analysis = json.value(u"analysis").toObject();
        QJsonArray trust;
        for (const QJsonValue v : analysis.value(u"trust").toArray()) {
            QJsonObject t = v.toObject();
            t.remove(u"claim");
            // The title as such a file held it: the claim, whatever the status.
            if (t.value(u"id").toString() == u"client")
                t[QStringLiteral("title")] = QStringLiteral("The client was not the bottleneck");
            trust.append(t);
        }
        analysis[QStringLiteral("trust")] = trust;
        QJsonObject curve = analysis.value(u"concurrency").toObject();
        QJsonArray points;
        for (const QJsonValue v : curve.value(u"points").toArray()) {
            QJsonObject p = v.toObject();
            p.remove(u"ttft_shown_ms");
            p.remove(u"ttft_within_round_trip");
            points.append(p);
        }
        curve[QStringLiteral("points")] = points;
        analysis[QStringLiteral("concurrency")] = curve;
        json[QStringLiteral("analysis")] = analysis;
        const QString html = ReportFileView::toHtml(json, QStringLiteral("old.json"));
        checkFigures(html, f.content);
        QVERIFY2(before(html, QStringLiteral("The client may have fallen behind"), f.analysis.verdict.toHtmlEscaped()),
            qPrintable(html));
    }

    // The window's report: each doubt's title above the verdict, where the first screen shows it.
    void theReportViewShowsTheDoubtsAboveTheVerdict()
    {
        const Fixture f = fixture();
        auto result = std::make_shared<kp::ui::ReportResult>();
        result->run = f.run;
        result->analysis = f.analysis;
        result->content = f.content;
        kp::ui::ReportView view;
        view.resize(1280, 800);
        view.showResult(result, true);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* doubts = view.findChild<QLabel*>(QStringLiteral("doubts"));
        auto* verdict = view.findChild<QLabel*>(QStringLiteral("verdict"));
        QVERIFY(doubts && verdict);
        QVERIFY(doubts->isVisible());
        QVERIFY2(
            doubts->text().contains(QStringLiteral("The client may have fallen behind")), qPrintable(doubts->text()));
        QVERIFY(doubts->mapTo(&view, QPoint(0, 0)).y() < verdict->mapTo(&view, QPoint(0, 0)).y());
        // A run without doubts shows none.
        view.showMessage(QStringLiteral("No run selected"));
        QVERIFY(!doubts->isVisible());
    }

    // The window is one more face of the document: the card's number, its definition, the summary with the
    // confidence, the bracket, the lowest wall and every scorecard cell are the document's, word for word, for runs
    // that reach each bound of the capacity, a rate sweep and a saturation wall.
    void theReportViewShowsTheDocumentsFigures_data()
    {
        QTest::addColumn<std::shared_ptr<RunData>>("run");
        QTest::newRow("capacity between two steps, doubts, a round trip") << fixture().run;
        QTest::newRow("every load passes")
            << std::make_shared<RunData>(makeRun({{1, 100, 10}, {1, 100, 10}, {2, 110, 10}, {4, 130, 11}}));
        QTest::newRow("even one user misses")
            << std::make_shared<RunData>(makeRun({{1, 900, 10}, {1, 900, 10}, {2, 1700, 19}, {4, 3300, 38}}));
        std::vector<StepSpec> rates = latencyBoundSweep();
        for (const double rate : {0.5, 1.0, 2.5}) {
            StepSpec s {1, 150 * rate, 12.5, 30};
            s.rate = rate;
            rates.push_back(s);
        }
        QTest::newRow("a rate sweep too") << std::make_shared<RunData>(makeRun(rates));
        // A run of rate steps alone (a trace's replay is one) is judged by rate: requests per second everywhere.
        std::vector<StepSpec> ratesAlone {{1, 100, 10}};
        for (const double rate : {0.5, 1.0, 2.5, 5.0}) {
            StepSpec s {1, rate < 3 ? 150 * rate : 900, rate < 3 ? 12.5 : 30, 30};
            s.rate = rate;
            ratesAlone.push_back(s);
        }
        QTest::newRow("rates alone") << std::make_shared<RunData>(makeRun(ratesAlone));
        QTest::newRow("throughput falls past 8 users") << std::make_shared<RunData>(makeRun({{1, 100, 10, 40},
            {1, 100, 10, 40}, {2, 100, 10, 40}, {4, 100, 10, 40}, {8, 100, 10, 40}, {16, 100, 24.4, 40}}));
        // A reasoning model judged on its first answer token, as measured (the corpus' simulator run): the
        // scorecard's TTFO column.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sim-reasoning.sqlite"));
        QVERIFY(QFile::copy(QStringLiteral(KNEEPOINT_TEST_DATA "/corpus/sim-reasoning.sqlite"), path));
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QString error;
        const auto store = kp::core::RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        std::optional<RunData> reasoning = RunData::load(*store, store->runs().first().id, &error);
        QVERIFY2(reasoning, qPrintable(error));
        QTest::newRow("a reasoning model") << std::make_shared<RunData>(std::move(*reasoning));
        // Sent to two models (--models): the "By model" table.
        std::vector<StepSpec> mixed = latencyBoundSweep();
        for (StepSpec& s : mixed)
            s.sqlTpotFactor = 1.5;
        QTest::newRow("two models") << std::make_shared<RunData>(makeRun(mixed));
    }
    void theReportViewShowsTheDocumentsFigures()
    {
        QFETCH(std::shared_ptr<RunData>, run);
        auto result = std::make_shared<kp::ui::ReportResult>();
        result->run = run;
        result->analysis = RunAnalysis::of(*run, AnalysisSettings::ofRun(*run));
        result->content = ReportContent::of(*run, result->analysis);
        const ReportContent& c = result->content;
        kp::ui::ReportView view;
        view.resize(1280, 800);
        view.showResult(result, true);
        const auto label = [&view](const char* name) {
            const auto* l = view.findChild<QLabel*>(QLatin1String(name));
            return l ? l->text() : QStringLiteral("(no %1)").arg(QLatin1String(name));
        };
        QCOMPARE(label("capacityNumber"), c.answer.number);
        QCOMPARE(label("capacityDefinition"), c.answer.definition);
        QCOMPARE(label("capacity"),
            c.answer.confidence.isEmpty() ? c.answer.summary : c.answer.summary + u' ' + c.answer.confidence);
        QCOMPARE(label("capacityBracket"), c.answer.bracket);
        QCOMPARE(label("wallsLowest"), c.answer.lowestWall);
        QCOMPARE(view.verdictText(), c.verdict);
        if (result->analysis.curve.byRate) {
            QVERIFY2(c.answer.number.endsWith(u"req/s"), qPrintable(c.answer.number));
            QVERIFY2(!c.verdict.contains(u" user"), qPrintable(c.verdict));
            for (const QString& wall : c.walls)
                QVERIFY2(!wall.contains(u" users"), qPrintable(wall));
            if (const QString dir = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS"); !dir.isEmpty()) {
                view.show();
                QVERIFY(QTest::qWaitForWindowExposed(&view));
                QVERIFY(view.grab().save(dir + QStringLiteral("/report-rates-alone.png")));
            }
        }
        if (c.scoreHeader.value(2).startsWith(u"TTFO")) {
            QVERIFY2(c.verdict.contains(u"to the first answer token (after the thinking)"), qPrintable(c.verdict));
            if (const QString dir = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS"); !dir.isEmpty()) {
                view.show();
                QVERIFY(QTest::qWaitForWindowExposed(&view));
                QVERIFY(view.grab().save(dir + QStringLiteral("/report-reasoning.png")));
            }
        }

        // The scorecard as shown (sorted as the view sorts it): a row per row of the document, each cell its cell.
        const auto* table = view.findChild<QTableView*>(QStringLiteral("scorecard"));
        QVERIFY(table);
        const QAbstractItemModel* model = table->model();
        QCOMPARE(model->rowCount(), int(c.score.size()));
        QCOMPARE(model->columnCount(), int(c.scoreHeader.size()));
        for (int col = 0; col < model->columnCount(); ++col)
            QCOMPARE(model->headerData(col, Qt::Horizontal).toString().replace(u'\n', u' '), c.scoreHeader[col]);
        for (const ReportContent::ScoreRow& row : c.score) {
            int shown = -1;
            for (int r = 0; r < model->rowCount() && shown < 0; ++r)
                if (model->index(r, 0).data().toString() == row.cells.value(0))
                    shown = r;
            QVERIFY2(shown >= 0, qPrintable(row.cells.value(0)));
            for (int col = 0; col < model->columnCount(); ++col)
                QCOMPARE(model->index(shown, col).data().toString(), row.cells.value(col));
            QCOMPARE(model->index(shown, 0).data(Qt::AccessibleDescriptionRole).toString(),
                ReportContent::lightName(row.light));
        }

        // A run sent to several models: its "By model" table, every cell the document's.
        const auto byModel = std::find_if(
            c.appendix.begin(), c.appendix.end(), [](const ReportContent::Table& t) { return t.id == u"by-model"; });
        const auto* byModelTable = view.findChild<QTableView*>(QStringLiteral("table-by-model"));
        QCOMPARE(byModelTable != nullptr, byModel != c.appendix.end());
        if (byModelTable) {
            const QAbstractItemModel* shown = byModelTable->model();
            QCOMPARE(shown->rowCount(), int(byModel->rows.size()));
            QVERIFY(shown->rowCount() >= 2);
            QCOMPARE(shown->columnCount(), int(byModel->header.size()));
            QSet<QString> rows;
            for (int r = 0; r < shown->rowCount(); ++r) {
                QStringList cells;
                for (int col = 0; col < shown->columnCount(); ++col)
                    cells << shown->index(r, col).data().toString();
                rows.insert(cells.join(u'|'));
            }
            for (const QStringList& row : byModel->rows)
                QVERIFY2(rows.contains(row.join(u'|')), qPrintable(row.join(u'|')));
        }
        // Every request names its model, beside its load, only where the run sent to several.
        if (auto* requests = view.findChild<QTableView*>(QStringLiteral("requestsTable"))) {
            const QAbstractItemModel* shown = requests->model();
            const bool mixed = !run->options.models.empty();
            QCOMPARE(shown->headerData(2, Qt::Horizontal).toString(),
                mixed ? QStringLiteral("Model") : QStringLiteral("TTFT (ms)"));
            if (mixed) {
                QSet<QString> models;
                for (int r = 0; r < shown->rowCount(); ++r)
                    models.insert(shown->index(r, 2).data().toString());
                QCOMPARE(models, (QSet<QString> {QStringLiteral("base"), QStringLiteral("sql")}));
                if (const QString dir = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS"); !dir.isEmpty()) {
                    for (auto* toggle : view.findChildren<QToolButton*>()) {
                        if (toggle->text().startsWith(u"Every request"))
                            toggle->setChecked(true);
                    }
                    view.show();
                    QVERIFY(QTest::qWaitForWindowExposed(&view));
                    QVERIFY(requests->grab().save(dir + QStringLiteral("/report-requests-by-model.png")));
                }
            }
        }
    }
};

QTEST_MAIN(TestReportFileView)
#include "tst_reportfileview.moc"
