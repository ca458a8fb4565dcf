// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's two faces of a report, against the report itself: a report JSON opened from disk (ReportFileView)
// shows the figures the report showed, and both it and the report view put the doubts above the verdict.
#include "analysis/runanalysis.h"
#include "report/jsonreport.h"
#include "report/reportcontent.h"
#include "report/reportfileview.h"
#include "report/reportview.h"
#include "report/reportworker.h"
#include "support/handbuiltrun.h"

#include <QJsonArray>
#include <QLabel>
#include <QTest>

using namespace kp::core;
using kp::ui::ReportFileView;

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
};

QTEST_MAIN(TestReportFileView)
#include "tst_reportfileview.moc"
