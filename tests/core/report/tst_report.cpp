// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Reports of a hand-built run: Markdown and JSON against golden files (KNEEPOINT_UPDATE_GOLDEN=1 rewrites them),
// HTML parsed as XML with no external reference, and the PDF read back with poppler's tools.
#include "core/analysis/runanalysis.h"
#include "core/report/csvreport.h"
#include "core/report/htmlreport.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/report/pdfreport.h"
#include "core/report/reportcontent.h"
#include "core/report/reportformat.h"
#include "core/report/textreport.h"
#include "core/store/runstore.h"
#include "support/handbuiltrun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace kp::core;
using namespace Qt::Literals::StringLiterals;

namespace {

struct Fixture
{
    RunData run;
    RunAnalysis analysis;
    ReportContent content;
};

Fixture fixture()
{
    Fixture f;
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[5].failures = 1;
    f.run = makeRun(specs, QStringLiteral("chat"), QStringLiteral("h100-sxm"), 0.2);
    // The GPU read through every step as a DCGM exporter gives it, eleven readings a step, its draw rising with the
    // load.
    for (StepData& step : f.run.steps) {
        if (!step.stats.window.usable)
            continue;
        const std::int64_t from = step.stats.window.startNs;
        const std::int64_t to = step.stats.window.endNs;
        const double watts = 250 + 30 * step.index;
        step.gpuSeries.source = QStringLiteral("dcgm");
        for (int k = 0; k <= 10; ++k) {
            GpuSample reading;
            reading.ns = from + (to - from) * k / 10;
            reading.gpus = 1;
            reading.powerW = watts;
            reading.energyJ = 1e6 + watts * double(reading.ns - from) / 1e9;
            reading.smActive = 0.4 + 0.05 * step.index;
            reading.memoryUsedMib = 74519;
            step.gpuSeries.samples.push_back(reading);
        }
        step.gpu = step.gpuSeries.window(from, to);
    }
    f.analysis = RunAnalysis::of(f.run, AnalysisSettings::ofRun(f.run));
    f.content = ReportContent::of(f.run, f.analysis);
    return f;
}

QString goldenPath(const char* name)
{
    return QStringLiteral(KNEEPOINT_TEST_DATA "/report/") + QLatin1String(name);
}

// Compares with the golden file, or rewrites it when asked: a change of wording is then reviewed in the diff.
void compareGolden(const QByteArray& actual, const char* name)
{
    const QString path = goldenPath(name);
    if (qEnvironmentVariableIntValue("KNEEPOINT_UPDATE_GOLDEN") == 1) {
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(actual);
        return;
    }
    QFile in(path);
    QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(path));
    const QByteArray expected = in.readAll();
    if (actual != expected) {
        const QList<QByteArray> a = actual.split('\n');
        const QList<QByteArray> e = expected.split('\n');
        for (qsizetype i = 0; i < std::max(a.size(), e.size()); ++i) {
            if (a.value(i) != e.value(i))
                QFAIL(qPrintable(QStringLiteral("%1 differs at line %2:\n  expected: %3\n  actual:   %4")
                                     .arg(path)
                                     .arg(i + 1)
                                     .arg(QString::fromUtf8(e.value(i)), QString::fromUtf8(a.value(i)))));
        }
    }
}

QString run(const QString& program, const QStringList& arguments, int* code = nullptr)
{
    QProcess p;
    p.start(program, arguments);
    p.waitForFinished(60'000);
    if (code)
        *code = p.exitCode();
    return QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
}

QString squeezed(QString s)
{
    return s.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" "));
}

} // namespace

class TestReport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void markdownMatchesGolden();
    void jsonMatchesGolden();
    void jsonIsVersionedAndComplete();
    void htmlIsWellFormedAndSelfContained();
    void csvHasARowPerStep();
    void pdfReadsBack();
    void serverTextIsDataInEveryFormat();
    void oneTableOfFormats();
    void doubtsComeBeforeTheVerdictInEveryFormat();
    void aLatencyWithinTheRoundTripIsNeverNegative();
    void disturbedStepsAreMarkedWhereTheirFiguresAreRead();
    void theAnswerReadsBackFromTheJson();
    void theDocumentReadsBackAsWritten();
    void gpusReadBeyondTheRunsAreSaid();
    void aWhatIfSaysSoWhereTheReportBegins();
    void stepsTooShortForTheReadingsAreSaid();
};

void TestReport::markdownMatchesGolden()
{
    const Fixture f = fixture();
    const QString md = MarkdownReport::write(f.content);
    // The order every format keeps: diagnosis (the doubts before the verdict), evidence, reference.
    const QStringList order {QStringLiteral("## Before you trust these numbers"), QStringLiteral("## Verdict"),
        QStringLiteral("## Capacity"), QStringLiteral("## Scorecard"),
        QStringLiteral("## Findings that need attention"), QStringLiteral("## Try these next"),
        QStringLiteral("## Evidence"), QStringLiteral("### The three walls"), QStringLiteral("### Physics check"),
        QStringLiteral("## Metric definitions"), QStringLiteral("## Versions and environment"),
        QStringLiteral("## Appendix: every number")};
    qsizetype at = 0;
    for (const QString& section : order) {
        const qsizetype next = md.indexOf(section, at);
        QVERIFY2(next > at, qPrintable(section));
        at = next;
    }
    compareGolden(md.toUtf8(), "run7.md");
}

void TestReport::jsonMatchesGolden()
{
    const Fixture f = fixture();
    compareGolden(QJsonDocument(JsonReport::write(f.run, f.analysis)).toJson(QJsonDocument::Indented), "run7.json");
}

void TestReport::jsonIsVersionedAndComplete()
{
    const Fixture f = fixture();
    const QJsonObject j = JsonReport::write(f.run, f.analysis);
    QCOMPARE(j[u"schema"].toString(), QStringLiteral("kneepoint-report"));
    QCOMPARE(j[u"schema_version"].toInt(), 1);
    QCOMPARE(j[u"steps"].toArray().size(), 6);
    const QJsonObject step16 = j[u"steps"].toArray().at(5).toObject();
    QCOMPARE(step16[u"ttft_ms"][u"p99"].toDouble(), 800.0);
    QCOMPARE(step16[u"failures"][u"server_error"].toInt(), 1);
    // 10 users, with the 0.2 ms round trip allowed on top of the TTFT target: 8 + 100.2 / 400 × 8.
    QVERIFY(qAbs(j[u"analysis"][u"concurrency"][u"capacity"][u"load"].toDouble() - 10.004) < 1e-9);
    QVERIFY(j[u"analysis"][u"verdict"].toString().startsWith(u"For your chat traffic"));
}

void TestReport::htmlIsWellFormedAndSelfContained()
{
    const Fixture f = fixture();
    const QString html = HtmlReport::write(f.content);
    QXmlStreamReader xml(html);
    int svgs = 0;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"svg")
            ++svgs;
        QVERIFY2(xml.name() != u"script" && xml.name() != u"link" && xml.name() != u"img",
            qPrintable(xml.name().toString()));
        for (const QXmlStreamAttribute& a : xml.attributes()) {
            if (a.name() == u"href" || a.name() == u"src")
                QVERIFY2(!a.value().contains(u':'), qPrintable(a.value().toString()));
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber())));
    QCOMPARE(svgs, int(f.content.charts.size()));
    QVERIFY(!html.contains(u"url("));
    QVERIFY(html.contains(u"name=\"viewport\""));
    QVERIFY(html.contains(f.content.verdict.toHtmlEscaped()));
}

void TestReport::csvHasARowPerStep()
{
    const Fixture f = fixture();
    const QStringList lines = CsvReport::steps(f.run, f.analysis).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 6);
    const QStringList header = lines.front().split(u',');
    const QStringList last = lines.back().split(u',');
    QCOMPARE(last.size(), header.size());
    QCOMPARE(last[header.indexOf(QStringLiteral("ttft_p99_ms"))].toDouble(), 800.0);
    QCOMPARE(last[header.indexOf(QStringLiteral("failed"))], QStringLiteral("1"));
}

void TestReport::pdfReadsBack()
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("poppler-utils is not installed");
    const Fixture f = fixture();
    const QByteArray md = MarkdownReport::write(f.content).toUtf8();
    const QByteArray json = QJsonDocument(JsonReport::write(f.run, f.analysis)).toJson();
    QString error;
    const QByteArray pdf = PdfReport::write(f.content,
        {{QStringLiteral("kneepoint-run-7.md"), md}, {QStringLiteral("kneepoint-run-7.json"), json}}, &error);
    QVERIFY2(!pdf.isEmpty(), qPrintable(error));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(pdf);
    out.close();

    const QString text = squeezed(run(pdftotext, {path, QStringLiteral("-")}));
    QVERIFY2(text.contains(squeezed(f.content.verdict.left(120))), qPrintable(text.left(3000)));
    for (const char* phrase : {"Scorecard", "Findings that need attention", "Try these next",
             "--max-num-partial-prefills", "Throughput against TTFT p99", "The three walls", "Metric definitions",
             "Appendix: every number", "page 2 of"})
        QVERIFY2(text.contains(QLatin1String(phrase)), phrase);
    // A table row read back: 8 users, TTFT p99 400 ms.
    QVERIFY2(text.contains(u"8 users 400"), qPrintable(text.left(4000)));
    // A narrow table keeps each word whole: the definitions' first column was cut to "throug" and "goodpu", the
    // rest wrapped onto a line of its own. Read back word by word with positions, each term must stand whole on
    // the row of its definition (centred beside a longer one), and end before the definition starts.
    const QString boxes = run(pdftotext, {QStringLiteral("-bbox"), path, QStringLiteral("-")});
    static const QRegularExpression wordBox(
        QStringLiteral(R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>)re"));
    struct Word
    {
        double xMin, yMin, xMax;
        QString text;
    };
    std::vector<Word> words;
    for (auto it = wordBox.globalMatch(boxes); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        words.push_back({m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(), m.captured(4)});
    }
    for (const auto& [term, next] : {std::pair {"throughput", "over"}, std::pair {"goodput", "requests"}}) {
        bool whole = false;
        for (std::size_t i = 0; i + 1 < words.size(); ++i)
            whole = whole
                || (words[i].text == QLatin1String(term) && words[i + 1].text == QLatin1String(next)
                    && qAbs(words[i].yMin - words[i + 1].yMin) < 8 && words[i].xMax < words[i + 1].xMin);
        QVERIFY2(whole, term);
    }
    // A heading has room above it (it sat on the line before it) and is never alone at the foot of a page: the
    // line before it ends well above it, or on the page before; what follows it is on its page.
    const auto evidence
        = std::find_if(words.begin() + 1, words.end() - 1, [](const Word& w) { return w.text == u"Evidence"; });
    QVERIFY(evidence != words.end() - 1);
    const double above = evidence->yMin - (evidence - 1)->yMin;
    QVERIFY2(above < 0 || above > 22, qPrintable(QString::number(above)));
    QVERIFY2((evidence + 1)->yMin > evidence->yMin, qPrintable((evidence + 1)->text));

    int code = -1;
    const QString info = run(QStringLiteral("pdfinfo"), {path}, &code);
    QCOMPARE(code, 0);
    const QRegularExpressionMatch pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(info);
    QVERIFY(pages.hasMatch());
    QVERIFY2(pages.captured(1).toInt() >= 4, qPrintable(info));
    QVERIFY2(info.contains(u"Page size:"), qPrintable(info));

    const QString attached = run(QStringLiteral("pdfdetach"), {QStringLiteral("-list"), path}, &code);
    QCOMPARE(code, 0);
    QVERIFY2(
        attached.contains(u"kneepoint-run-7.md") && attached.contains(u"kneepoint-run-7.json"), qPrintable(attached));
    const QString saved = dir.filePath(QStringLiteral("saved"));
    QDir().mkpath(saved);
    run(QStringLiteral("pdfdetach"), {QStringLiteral("-saveall"), QStringLiteral("-o"), saved, path}, &code);
    QFile back(saved + QStringLiteral("/kneepoint-run-7.md"));
    QVERIFY(back.open(QIODevice::ReadOnly));
    QCOMPARE(back.readAll(), md);

    // Rendered to images, as a person would see the pages.
    const QString shots = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS");
    const QString prefix = (shots.isEmpty() ? dir.path() : shots) + QStringLiteral("/report-page");
    run(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("60"), path, prefix},
        &code);
    QCOMPARE(code, 0);
    const QStringList images = QDir(QFileInfo(prefix).path()).entryList({QStringLiteral("report-page*.png")});
    QCOMPARE(images.size(), pages.captured(1).toInt());
    if (!shots.isEmpty())
        QFile::copy(path, shots + QStringLiteral("/report.pdf"));
}

// What the server chose (its model id, a finish_reason) is data: no heading or script in Markdown, no formula in a
// spreadsheet.
void TestReport::serverTextIsDataInEveryFormat()
{
    Fixture f = fixture();
    f.run.summary.model = QStringLiteral("<script>alert(1)</script>\n# Owned");
    const QString md = MarkdownReport::write(ReportContent::of(f.run, f.analysis));
    QVERIFY(!md.contains(QStringLiteral("<script>")));
    QVERIFY(md.contains(QStringLiteral("\\<script\\>")));
    QVERIFY(!md.contains(QStringLiteral("\n# Owned")));

    QTemporaryDir dir;
    QString error;
    auto store = RunStore::open(dir.filePath(QStringLiteral("csv.sqlite")), &error, QStringLiteral("csv"));
    QVERIFY2(store, qPrintable(error));
    RunInfo info;
    info.model = f.run.summary.model;
    info.gpu = f.run.summary.gpu;
    info.product = f.run.summary.product;
    info.options = f.run.stored.options;
    info.facts = f.run.stored.facts;
    info.environment = f.run.stored.environment;
    const qint64 runId = store->createRun(info, &error);
    QVERIFY2(runId > 0, qPrintable(error));
    RequestRecord r;
    r.id = 1;
    r.sentNs = 1'000;
    r.firstTokenNs = 2'000;
    r.endNs = 3'000;
    r.httpStatus = 200;
    r.chunks = {{2'000, 1}};
    r.finishReason = QStringLiteral("=HYPERLINK(\"http://example.invalid\")");
    StepInfo step;
    step.phase = Phase::Baseline;
    step.load = QJsonObject {{QStringLiteral("concurrency"), 1}};
    QVERIFY2(store->addStep(runId, step, {r}, {}, &error) > 0, qPrintable(error));
    const std::optional<RunData> stored = RunData::load(*store, runId, &error);
    QVERIFY2(stored, qPrintable(error));
    const QString csv = CsvReport::requests(*store, *stored, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(csv.contains(QStringLiteral(",\"'=HYPERLINK(\"\"http://example.invalid\"\")\"")), qPrintable(csv));
}

void TestReport::oneTableOfFormats()
{
    // The command line's --format words and the window's file endings name the same six formats.
    QCOMPARE(ReportFormat::names(), QStringLiteral("pdf, html, md, json, csv or requests-csv"));
    QCOMPARE(ReportFormat::all().size(), std::size_t(6));
    const auto idOf = [](const QString& path) {
        const ReportFormat* f = ReportFormat::ofPath(path);
        return f ? f->name : QStringLiteral("none");
    };
    QCOMPARE(idOf(QStringLiteral("/tmp/run.PDF")), QStringLiteral("pdf"));
    QCOMPARE(idOf(QStringLiteral("run.htm")), QStringLiteral("html"));
    QCOMPARE(idOf(QStringLiteral("run.csv")), QStringLiteral("csv"));
    QCOMPARE(idOf(QStringLiteral("run-7.requests.csv")), QStringLiteral("requests-csv"));
    QCOMPARE(idOf(QStringLiteral("run.docx")), QStringLiteral("none"));
    QCOMPARE(idOf(QStringLiteral(".csv")), QStringLiteral("none"));
    QCOMPARE(idOf(QStringLiteral("md")), QStringLiteral("none"));
    const QString filters = ReportFormat::fileFilters();
    QVERIFY2(filters.startsWith(QStringLiteral("PDF (*.pdf);;HTML page (*.html *.htm);;")), qPrintable(filters));
    QVERIFY2(filters.endsWith(QStringLiteral("CSV, one row per request (*.requests.csv)")), qPrintable(filters));

    // Each writes what its own writer writes; what a format needs and was not given is a sentence, not a crash.
    const Fixture f = fixture();
    const ReportContent content = ReportContent::of(f.run, f.analysis);
    QString error;
    QCOMPARE(ReportFormat::named(QStringLiteral("md"))->write(f.run, f.analysis, &content, nullptr, &error),
        MarkdownReport::write(content).toUtf8());
    QCOMPARE(ReportFormat::named(QStringLiteral("csv"))->write(f.run, f.analysis, nullptr, nullptr, &error),
        CsvReport::steps(f.run, f.analysis).toUtf8());
    QVERIFY(ReportFormat::named(QStringLiteral("html"))->write(f.run, f.analysis, nullptr, nullptr, &error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("content")), qPrintable(error));
    QVERIFY(ReportFormat::named(QStringLiteral("requests-csv"))
                ->write(f.run, f.analysis, nullptr, nullptr, &error)
                .isEmpty());
    QVERIFY2(error.contains(QStringLiteral("run store")), qPrintable(error));
    QVERIFY(!ReportFormat::named(QStringLiteral("docx")));
}

void TestReport::doubtsComeBeforeTheVerdictInEveryFormat()
{
    const Fixture f = fixture();
    QVERIFY(!f.content.doubts.isEmpty());
    const auto found = std::find_if(
        f.content.doubts.begin(), f.content.doubts.end(), [](const TrustCheck& t) { return t.id == u"errors"; });
    QVERIFY(found != f.content.doubts.end());
    const TrustCheck& errors = *found;
    // Titled as the doubt: "Errors were counted as failures (warn)" read as if all was well.
    QCOMPARE(errors.title, QStringLiteral("Some requests failed (counted as failures)"));
    const auto before = [](const QString& text, const QString& first, const QString& second) {
        const qsizetype a = text.indexOf(first), b = text.indexOf(second);
        return a >= 0 && b > a;
    };
    const QString md = MarkdownReport::write(f.content);
    QVERIFY2(before(md, u"## Before you trust these numbers"_s, u"## Verdict"_s), qPrintable(md.left(3000)));
    QVERIFY2(before(md, errors.title, u"## Verdict"_s), qPrintable(md.left(3000)));
    const QString html = HtmlReport::write(f.content);
    QVERIFY2(before(html, errors.title.toHtmlEscaped(), u"class=\"verdict\""_s), qPrintable(html.left(5000)));
    // The JSON leads its checks with the doubts, each with the title every face shows and the claim it checks.
    const QJsonArray trust
        = JsonReport::write(f.run, f.analysis).value(u"analysis").toObject().value(u"trust").toArray();
    QCOMPARE(trust.size(), f.analysis.trust.size());
    for (qsizetype i = 0; i < trust.size(); ++i) {
        const QJsonObject check = trust[i].toObject();
        const QString status = check.value(u"status").toString();
        // Doubts first: nothing that did not pass follows a check that did.
        if (i < f.content.doubts.size())
            QVERIFY2(status == u"warn" || status == u"fail", qPrintable(check.value(u"id").toString()));
        else
            QVERIFY2(status != u"warn" && status != u"fail", qPrintable(check.value(u"id").toString()));
        if (check.value(u"id").toString() == u"errors") {
            QCOMPARE(check.value(u"title").toString(), errors.title);
            QCOMPARE(check.value(u"claim").toString(), QStringLiteral("Errors were counted as failures"));
        }
    }

    // The PDF's first page, the one a manager reads, names the doubts above the capacity; the next says them in full
    // above the verdict.
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("poppler-utils is not installed");
    QString error;
    const QByteArray pdf = PdfReport::write(f.content, {}, &error);
    QVERIFY2(!pdf.isEmpty(), qPrintable(error));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(pdf);
    out.close();
    const QString first = squeezed(run(pdftotext,
        {QStringLiteral("-f"), QStringLiteral("1"), QStringLiteral("-l"), QStringLiteral("1"), path,
            QStringLiteral("-")}));
    QVERIFY2(before(first, u"Before you trust these numbers"_s, f.content.answer.number), qPrintable(first));
    QVERIFY2(before(first, squeezed(errors.title), f.content.answer.number), qPrintable(first));
    QVERIFY2(first.contains(f.content.answer.definition), qPrintable(first));
    const QString second = squeezed(run(pdftotext,
        {QStringLiteral("-f"), QStringLiteral("2"), QStringLiteral("-l"), QStringLiteral("2"), path,
            QStringLiteral("-")}));
    QVERIFY2(before(second, u"Before you trust these numbers"_s, u"Verdict"_s), qPrintable(second));
    QVERIFY2(before(second, squeezed(errors.detail.left(40)), u"Verdict"_s), qPrintable(second));
}

// Over HTTPS the round trip can outlast a fast server's TTFT: "-0.1 ms" once it was taken off. It is held at 0 and
// said, in every table.
void TestReport::aLatencyWithinTheRoundTripIsNeverNegative()
{
    // A round trip of 150 ms against a TTFT of 100 ms at the baseline and at 1 user.
    RunData run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"), 150);
    const RunAnalysis a = RunAnalysis::of(run, AnalysisSettings::ofRun(run));
    const CurvePoint& one = a.curve.points.front();
    QCOMPARE(one.load, 1.0);
    QCOMPARE(one.value(u"TTFT"_s), 100.0);
    QCOMPARE(one.shown(u"TTFT"_s), 0.0);
    QVERIFY(one.withinRoundTrip(u"TTFT"_s));
    QCOMPARE(a.curve.points.back().shown(u"TTFT"_s), 800.0 - 150.0);
    QVERIFY(!a.curve.points.back().withinRoundTrip(u"TTFT"_s));
    Capacity c;
    c.metric = QStringLiteral("TTFT");
    QCOMPARE(c.asShown(100, 150), 0.0);
    QCOMPARE(c.asShown(400, 150), 250.0);

    const ReportContent content = ReportContent::of(run, a);
    QCOMPARE(content.score.front().cells.value(1), QStringLiteral("0.00*"));
    for (const ReportContent::ScoreRow& row : content.score)
        QVERIFY2(!row.cells.value(1).startsWith(u'-') && !row.cells.value(1).startsWith(u'−'),
            qPrintable(row.cells.join(u'|')));
    QVERIFY2(content.scoreNote.contains(u"* TTFT within the network's round trip of 150 ms"_s),
        qPrintable(content.scoreNote));
    const QJsonObject point = JsonReport::write(run, a)
                                  .value(u"analysis")
                                  .toObject()
                                  .value(u"concurrency")
                                  .toObject()
                                  .value(u"points")
                                  .toArray()
                                  .first()
                                  .toObject();
    QCOMPARE(point.value(u"ttft_shown_ms").toDouble(), 0.0);
    QCOMPARE(point.value(u"ttft_within_round_trip").toBool(), true);
    const QString text = TextReport::summary(ReportContent::of(run, a));
    QVERIFY2(text.simplified().contains(u"* TTFT within the network's round trip of 150 ms"_s), qPrintable(text));
}

// A step the client fell behind in carries a mark in the scorecard, in the report and in the terminal, and the note
// says where and why.
void TestReport::disturbedStepsAreMarkedWhereTheirFiguresAreRead()
{
    RunData run = makeRun(latencyBoundSweep());
    for (StepData& s : run.steps)
        if (s.concurrency == 8)
            s.loopLagP99Ms = 14;
    const RunAnalysis a = RunAnalysis::of(run, AnalysisSettings::ofRun(run));
    const ReportContent content = ReportContent::of(run, a);
    QStringList marked;
    for (const ReportContent::ScoreRow& row : content.score)
        if (row.cells.value(0).endsWith(u" †"))
            marked << row.cells.value(0);
    QCOMPARE(marked, QStringList {u"8 users †"_s});
    QVERIFY2(content.scoreNote.contains(u"† Disturbed by the measurement itself at 8 users"_s),
        qPrintable(content.scoreNote));
    const QString text = TextReport::summary(ReportContent::of(run, a));
    QVERIFY2(text.contains(u"\n  8 users †"_s), qPrintable(text));
    QVERIFY2(text.simplified().contains(u"† Disturbed by the measurement itself at 8 users"_s), qPrintable(text));
    // Without a disturbed step, no mark and no note.
    const RunData calm = makeRun(latencyBoundSweep());
    const ReportContent plain = ReportContent::of(calm, RunAnalysis::of(calm, AnalysisSettings::ofRun(calm)));
    QVERIFY(!plain.scoreNote.contains(u"†"_s));
}

// The answer at a glance is written into the JSON report and read back by core, as the window's opened file shows
// it: the same number and sentences as the card and the PDF's first page. A file from before the answer was written
// gets the same number and summary, made from its figures.
void TestReport::theAnswerReadsBackFromTheJson()
{
    const Fixture f = fixture();
    const ReportContent::Answer& shown = f.content.answer;
    QVERIFY(shown.number.startsWith(QStringLiteral("≈ ")));
    QJsonObject json = JsonReport::write(f.run, f.analysis);
    const ReportContent::Answer back = JsonReport::readAnswer(json);
    QCOMPARE(back.number, shown.number);
    QCOMPARE(back.summary, shown.summary);
    QCOMPARE(back.definition, shown.definition);
    QCOMPARE(back.bracket, shown.bracket);
    QCOMPARE(back.confidence, shown.confidence);
    QCOMPARE(back.lowestWall, shown.lowestWall);
    QCOMPARE(back.knee, shown.knee);
    json.remove(QStringLiteral("answer"));
    const ReportContent::Answer old = JsonReport::readAnswer(json);
    QCOMPARE(old.number, shown.number);
    QCOMPARE(old.summary, shown.summary);
    QCOMPARE(old.definition, shown.definition);
}

// The JSON report carries the document every face renders, and core reads it back beside the writer: a report file
// opened from disk shows what the run's own faces show, sentence for sentence and cell for cell. The golden file read
// from disk gives back the document it holds; one from before reports carried a document gets its verdict, answer
// and scorecard from the figures it holds.
void TestReport::theDocumentReadsBackAsWritten()
{
    const Fixture f = fixture();
    ReportContent content = f.content;
    content.tryNext.push_back({{u"--max-num-seqs"_s, u"512"_s, u"--max-num-seqs 512"_s, u"more room"_s, true, {}},
        u"A finding"_s, u"about 46 users → about 52"_s, 0});
    const QJsonObject json = JsonReport::write(f.run, f.analysis, &content);
    const ReportContent back = JsonReport::read(json);
    QCOMPARE(JsonReport::document(back), JsonReport::document(content));
    // The charts are drawn from the analysis's figures, which a file holds as numbers, not as the document.
    content.charts.clear();
    QCOMPARE(MarkdownReport::write(back), MarkdownReport::write(content));
    QCOMPARE(TextReport::write(back), TextReport::write(content));
    QCOMPARE(HtmlReport::write(back), HtmlReport::write(content));

    const QDir data(QStringLiteral(KNEEPOINT_TEST_DATA "/report"));
    const QStringList files = data.entryList({QStringLiteral("*.json")});
    QVERIFY(!files.isEmpty());
    for (const QString& name : files) {
        QFile file(data.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject stored = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY2(stored.contains(u"document"), qPrintable(name));
        QCOMPARE(JsonReport::document(JsonReport::read(stored)), stored.value(u"document").toObject());
    }

    QJsonObject old = json;
    old.remove(u"document"_s);
    const ReportContent made = JsonReport::read(old);
    QCOMPARE(made.verdict, content.verdict);
    QCOMPARE(made.answer.summary, content.answer.summary);
    QCOMPARE(made.scoreHeader, content.scoreHeader);
    QCOMPARE(made.score.size(), content.score.size());
    for (std::size_t i = 0; i < made.score.size(); ++i)
        QCOMPARE(made.score[i].cells, content.score[i].cells);
    QCOMPARE(made.walls, content.walls);
    QCOMPARE(made.doubts.size(), content.doubts.size());
}

// nvidia-smi without a launch's GPU list reads every GPU of the machine: the report says so beside the figures.
void TestReport::gpusReadBeyondTheRunsAreSaid()
{
    Fixture f = fixture();
    QVERIFY(f.content.physics.join(u' ').contains(QStringLiteral("J per output token at 8 users")));
    QVERIFY(!f.content.physics.join(u' ').contains(QStringLiteral("The readings cover")));
    f.run.options.gpuCount = 1;
    for (StepData& step : f.run.steps)
        step.gpu.gpus = 8;
    const RunAnalysis analysis = RunAnalysis::of(f.run, AnalysisSettings::ofRun(f.run));
    const QString physics = ReportContent::of(f.run, analysis).physics.join(u' ');
    QVERIFY2(physics.contains(QStringLiteral("The readings cover 8 GPUs where the run names 1")), qPrintable(physics));
    QVERIFY2(physics.contains(QStringLiteral("of 8 × 700 W rated")), qPrintable(physics));
}

// A what-if exported or printed says where it begins what it changed: the run's figures under other targets.
void TestReport::aWhatIfSaysSoWhereTheReportBegins()
{
    Fixture f = fixture();
    QVERIFY(!f.content.title.contains(QStringLiteral("what if")));
    AnalysisSettings whatIf = f.analysis.settings;
    whatIf.slo.ttftMs = 300;
    const ReportContent c = ReportContent::of(f.run, RunAnalysis::of(f.run, whatIf));
    QVERIFY2(c.title.endsWith(QStringLiteral(", what if")), qPrintable(c.title));
    const QString md = MarkdownReport::write(c);
    QVERIFY2(md.contains(QStringLiteral("- **What if:** judged under your targets of")), qPrintable(md.left(1500)));
    QVERIFY(md.contains(QStringLiteral("300 ms to the first token")));
    QVERIFY(md.contains(QStringLiteral("where the run was held to your targets of 50 ms per token and 500 ms")));
}

// Readings a minute apart cannot give a step of seconds its own power: no figure, and the report says why.
void TestReport::stepsTooShortForTheReadingsAreSaid()
{
    Fixture f = fixture();
    for (StepData& step : f.run.steps) {
        if (!step.stats.window.usable)
            continue;
        const std::int64_t from = step.stats.window.startNs;
        const std::int64_t to = step.stats.window.endNs;
        step.gpuSeries.samples.clear();
        for (const std::int64_t ns : {from - std::int64_t(30e9), to + std::int64_t(30e9)}) {
            GpuSample reading;
            reading.ns = ns;
            reading.gpus = 1;
            reading.powerW = 400;
            step.gpuSeries.samples.push_back(reading);
        }
        step.gpu = step.gpuSeries.window(from, to);
        QVERIFY(step.gpu.diluted);
    }
    const QString physics = ReportContent::of(f.run, RunAnalysis::of(f.run, f.analysis.settings)).physics.join(u' ');
    QVERIFY2(physics.contains(QStringLiteral("GPU power not measured: the GPUs were read every")), qPrintable(physics));
    QVERIFY(physics.contains(QStringLiteral("--duration")));
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
