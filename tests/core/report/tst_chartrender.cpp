// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/chartgeometry.h"
#include "core/report/chartspec.h"
#include "core/report/paintedchart.h"
#include "core/report/svgchart.h"

#include <QBuffer>
#include <QColor>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>
#include <initializer_list>
#include <utility>

using namespace kp::core;
using namespace Qt::StringLiterals;

namespace {

constexpr double kNaN = ChartSpec::kNaN;
const QString kBlue = QStringLiteral("#1f77b4");
const QString kOrange = QStringLiteral("#ff7f0e");

// Points from (x, y) pairs, without labels.
std::vector<ChartSpec::Point> points(std::initializer_list<std::pair<double, double>> xy)
{
    std::vector<ChartSpec::Point> out;
    for (const auto& [x, y] : xy)
        out.push_back({x, y, {}});
    return out;
}

ChartSpec::Series series(const QString& name, const QString& color, bool dashed = false,
    std::vector<ChartSpec::Point> pts = {}, ChartSpec::Series::Kind kind = ChartSpec::Series::Kind::LineAndPoints)
{
    return {name, kind, color, dashed, std::move(pts)};
}

// A concurrency sweep on log₂ x: output throughput rises to about 2,300 tokens/s and flattens past 16 users; the
// previous run, dashed, flattens lower. The best load under the latency targets is 8.
ChartSpec sweep()
{
    ChartSpec spec;
    spec.id = QStringLiteral("throughput");
    spec.title = QStringLiteral("Output throughput by concurrency");
    spec.caption
        = QStringLiteral("Throughput stops growing past 16 users; 8 users is the most that meets the targets.");
    spec.x = {QStringLiteral("Concurrent users (log₂)"), true};
    spec.y = {QStringLiteral("Output tokens/s")};
    ChartSpec::Series now = series(QStringLiteral("This run"), kBlue);
    ChartSpec::Series before = series(QStringLiteral("Previous run"), kOrange, true);
    const double users[] = {1, 2, 4, 8, 16, 32, 64};
    const double tokens[] = {88, 172, 336, 640, 1150, 1520, 1560};
    const double previous[] = {80, 155, 300, 560, 980, 1210, 1230};
    for (int i = 0; i < 7; ++i) {
        now.points.push_back({users[i], tokens[i], {}});
        before.points.push_back({users[i], previous[i], {}});
    }
    spec.series = {now, before};
    spec.marks.push_back({8, 640, QStringLiteral("best under target"), QStringLiteral("#d62728")});
    spec.rules.push_back({ChartSpec::Rule::Orientation::Horizontal, 1200, QStringLiteral("target 1,200 tokens/s"),
        QStringLiteral("#2ca02c")});
    return spec;
}

// TTFT against users on log₂ x with a labelled point, the target as a horizontal rule and the knee as a vertical
// one: every kind of label the geometry places.
ChartSpec latency()
{
    ChartSpec spec;
    spec.id = QStringLiteral("ttft");
    spec.title = QStringLiteral("Time to first token, p99");
    spec.x = {QStringLiteral("Concurrent users (log₂)"), true};
    spec.y = {QStringLiteral("TTFT p99 (ms)")};
    ChartSpec::Series ttft = series(QStringLiteral("TTFT p99"), kBlue, false,
        points({{1, 95}, {2, 110}, {4, 150}, {8, 260}, {16, 610}, {32, 1480}, {64, kNaN}}));
    ttft.points[5].label = QStringLiteral("1.5 s");
    ChartSpec::Series median = series(QStringLiteral("TTFT p50"), kOrange, true,
        points({{1, 60}, {2, 70}, {4, 90}, {8, 140}, {16, 320}, {32, 900}}), ChartSpec::Series::Kind::Line);
    spec.series = {ttft, median};
    spec.marks.push_back({8, 260, QStringLiteral("best under target"), {}});
    spec.rules.push_back(
        {ChartSpec::Rule::Orientation::Horizontal, 500, QStringLiteral("target 500 ms"), QStringLiteral("#2ca02c")});
    spec.rules.push_back({ChartSpec::Rule::Orientation::Vertical, 11.3, QStringLiteral("knee 11"), {}});
    return spec;
}

QString dumpTicks(const std::vector<double>& ticks)
{
    QStringList parts;
    for (double t : ticks)
        parts.append(QString::number(t, 'g', 12));
    return parts.join(u' ');
}

bool hasColor(const QImage& image, const QColor& color, int tolerance = 8)
{
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) <= tolerance && std::abs(c.green() - color.green()) <= tolerance
                && std::abs(c.blue() - color.blue()) <= tolerance)
                return true;
        }
    }
    return false;
}

QImage paintImage(const ChartSpec& spec, int width, int height)
{
    QImage image(width, height, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    PaintedChart::paint(painter, QRectF(0, 0, width, height), spec);
    return image;
}

// An A4 page at QPdfWriter's 1200 dpi with the chart across its width, as a report would place it.
QByteArray paintPdf(const ChartSpec& spec)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(20, 20, 20, 20), QPageLayout::Millimeter);
        writer.setTitle(spec.title);
        QPainter painter(&writer);
        const double w = writer.width();
        PaintedChart::paint(painter, QRectF(0, 0, w, w * 0.6), spec);
    }
    return buffer.data();
}

int count(const QString& haystack, const QString& needle)
{
    return int(haystack.count(needle));
}

} // namespace

class TestChartRender : public QObject
{
    Q_OBJECT

private slots:
    void niceTicks_data()
    {
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<QString>("ticks");
        QTest::addColumn<QString>("labels");
        // 0.1 apart would be nine ticks, 0.5 two: 0.2 gives five.
        QTest::newRow("0-0.87") << 0.0 << 0.87 << u"0 0.2 0.4 0.6 0.8"_s << u"0.0|0.2|0.4|0.6|0.8"_s;
        QTest::newRow("0-1234") << 0.0 << 1234.0 << u"0 200 400 600 800 1000 1200"_s
                                << u"0|200|400|600|800|1,000|1,200"_s;
        // 10 apart is nine ticks (three off six), 20 apart four (two off).
        QTest::newRow("3-97") << 3.0 << 97.0 << u"20 40 60 80"_s << u"20|40|60|80"_s;
        QTest::newRow("0-1") << 0.0 << 1.0 << u"0 0.2 0.4 0.6 0.8 1"_s << u"0.0|0.2|0.4|0.6|0.8|1.0"_s;
        QTest::newRow("negative") << -45.0 << 12.0 << u"-40 -30 -20 -10 0 10"_s << u"−40|−30|−20|−10|0|10"_s;
        QTest::newRow("big") << 0.0 << 3.4e6 << u"0 500000 1000000 1500000 2000000 2500000 3000000"_s
                             << u"0|500,000|1,000,000|1,500,000|2,000,000|2,500,000|3,000,000"_s;
    }
    void niceTicks()
    {
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(QString, ticks);
        QFETCH(QString, labels);
        const std::vector<double> got = ChartGeometry::niceTicks(min, max);
        QCOMPARE(dumpTicks(got), ticks);
        QCOMPARE(ChartGeometry::tickLabels(got, false).join(u'|'), labels);
    }

    void log2Ticks()
    {
        const std::vector<double> ticks = ChartGeometry::log2Ticks(1, 256);
        QCOMPARE(dumpTicks(ticks), u"1 2 4 8 16 32 64 128 256"_s);
        QCOMPARE(ChartGeometry::tickLabels(ticks, true).join(u'|'), u"1|2|4|8|16|32|64|128|256"_s);
        // Twenty doublings would crowd: every third power, 1 kept.
        const std::vector<double> wide = ChartGeometry::log2Ticks(1, 1 << 20);
        QCOMPARE(ChartGeometry::tickLabels(wide, true).join(u'|'), u"1|8|64|512|4,096|32,768|262,144"_s);
        QCOMPARE(ChartGeometry::tickLabels(ChartGeometry::log2Ticks(0.1, 1.5), true).join(u'|'), u"0.125|0.25|0.5|1"_s);
    }

    void autoRanges()
    {
        const ChartGeometry g = ChartGeometry::of(sweep(), QRectF(0, 0, 800, 500));
        QVERIFY(!g.empty);
        // Linear, all positive: from zero, a little room above the highest value.
        QCOMPARE(g.y.min, 0.0);
        QVERIFY(g.y.max > 1560 && g.y.max < 1560 * 1.1);
        // Log₂: a little room on both sides of 1 and 64, ticks on the powers of two.
        QVERIFY(g.x.min < 1 && g.x.min > 0.8);
        QVERIFY(g.x.max > 64 && g.x.max < 80);
        QStringList xLabels;
        for (const ChartTick& t : g.xTicks)
            xLabels.append(t.label);
        QCOMPARE(xLabels.join(u'|'), u"1|2|4|8|16|32|64"_s);
        QCOMPARE(g.series.size(), std::size_t(2));
        QCOMPARE(g.marks.size(), std::size_t(1));
        QCOMPARE(g.ruleLines.size(), std::size_t(1));
        QCOMPARE(g.legend.size(), std::size_t(2));
        // The legend lies below the plot and the x tick labels.
        for (const ChartLegendSwatch& s : g.legend)
            QVERIFY(s.from.y() > g.plot.bottom() + g.style.fontSize);
    }

    // A target's side tinted: a vertical rule at x = 20 shading "more" covers the plot from the rule to its right
    // edge, a horizontal one shading "less" from the rule down; a rule without shade tints nothing.
    // A mark's label longer than the room on either side of its point is slid back into the chart, not cut off at
    // its edge: German's "Bestes unter dem Zielwert: 16 Nutzer" beside a point near the left of a 340 px chart.
    void aLongMarkLabelStaysInTheChart()
    {
        ChartSpec spec = sweep();
        spec.marks.clear();
        spec.marks.push_back(
            {8, 640, QStringLiteral("Bestes unter dem Zielwert: 16 Nutzer"), QStringLiteral("#2ca02c")});
        const QRectF bounds(0, 0, 340, 320);
        const ChartGeometry g = ChartGeometry::of(spec, bounds);
        bool found = false;
        for (const ChartText& t : g.texts) {
            if (!t.text.startsWith(u"Bestes"))
                continue;
            found = true;
            const double w = ChartGeometry::textWidth(t.text, t.size);
            const double left = t.anchor == ChartText::Anchor::Start ? t.at.x()
                : t.anchor == ChartText::Anchor::Middle              ? t.at.x() - w / 2
                                                                     : t.at.x() - w;
            QVERIFY2(left >= bounds.left() && left + w <= bounds.right(),
                qPrintable(
                    QStringLiteral("from %1 to %2 in a chart %3 wide").arg(left).arg(left + w).arg(bounds.width())));
        }
        QVERIFY(found);
    }

    void rulesShadeTheirSide()
    {
        ChartSpec spec;
        spec.x = {QStringLiteral("x"), false, 0, 100};
        spec.y = {QStringLiteral("y"), false, 0, 100};
        spec.series.push_back({QStringLiteral("s"), ChartSpec::Series::Kind::Points, {}, false, {{10, 10, {}}}});
        ChartSpec::Rule vertical {ChartSpec::Rule::Orientation::Vertical, 20, QStringLiteral("target"), {}};
        vertical.shade = ChartSpec::Rule::Shade::More;
        ChartSpec::Rule horizontal {ChartSpec::Rule::Orientation::Horizontal, 50, QStringLiteral("floor"), {}};
        horizontal.shade = ChartSpec::Rule::Shade::Less;
        spec.rules = {vertical, horizontal, {ChartSpec::Rule::Orientation::Vertical, 70, {}, {}}};
        const ChartGeometry g = ChartGeometry::of(spec, QRectF(0, 0, 600, 400));
        QCOMPARE(g.bands.size(), std::size_t(2));
        QCOMPARE(g.bands[0].rect.left(), g.x.map(20));
        QCOMPARE(g.bands[0].rect.right(), g.plot.right());
        QCOMPARE(g.bands[0].rect.top(), g.plot.top());
        QCOMPARE(g.bands[0].rect.bottom(), g.plot.bottom());
        QCOMPARE(g.bands[1].rect.top(), g.y.map(50));
        QCOMPARE(g.bands[1].rect.bottom(), g.plot.bottom());
        // Every renderer draws them: the SVG as a tinted rectangle.
        QVERIFY(SvgChart::render(spec, 600, 400).contains(QStringLiteral("fill-opacity=")));
    }

    void mappingCorners()
    {
        ChartSpec spec;
        spec.x = {QStringLiteral("x"), false, 0, 10};
        spec.y = {QStringLiteral("y"), false, 0, 100};
        spec.series.push_back(
            series(QStringLiteral("s"), kBlue, false, points({{0, 0}, {10, 100}}), ChartSpec::Series::Kind::Line));
        const ChartGeometry g = ChartGeometry::of(spec, QRectF(0, 0, 600, 400));
        QCOMPARE(g.map(0, 0), g.plot.bottomLeft());
        QCOMPARE(g.map(10, 100), g.plot.topRight());
        QCOMPARE(g.map(5, 50), g.plot.center());
        QVERIFY(std::isnan(g.map(kNaN, 50).x()));

        ChartSpec log = spec;
        log.x = {QStringLiteral("x"), true, 1, 64};
        log.series.front().points = points({{1, 0}, {64, 100}});
        const ChartGeometry l = ChartGeometry::of(log, QRectF(0, 0, 600, 400));
        QCOMPARE(l.map(1, 0), l.plot.bottomLeft());
        QCOMPARE(l.map(64, 100), l.plot.topRight());
        QCOMPARE(l.map(8, 50), l.plot.center()); // 8 is half way from 1 to 64 in doublings
        QVERIFY(std::isnan(l.map(0, 50).x())); // no place for zero on a log scale
    }

    void nanPointsSkipped()
    {
        ChartSpec spec;
        spec.series.push_back(series(QStringLiteral("gappy"), kBlue, false,
            points({{1, 10}, {2, 20}, {3, kNaN}, {4, 40}, {kNaN, 1e9}, {5, 50}, {6, 60}})));
        const ChartGeometry g = ChartGeometry::of(spec, QRectF(0, 0, 600, 400));
        // The NaNs break the line into 1–2 and 5–6 (4 alone has no neighbour to join), and 1e9, with a NaN x,
        // does not widen the range.
        QVERIFY(g.y.max < 60 * 1.1);
        QCOMPARE(g.series.front().polylines.size(), std::size_t(2));
        QCOMPARE(g.series.front().polylines[0].size(), std::size_t(2));
        QCOMPARE(g.series.front().polylines[1].size(), std::size_t(2));
        QCOMPARE(g.series.front().dots.size(), std::size_t(5));
        const QString svg = SvgChart::render(spec, 600, 400);
        QCOMPARE(count(svg, u"<polyline"_s), 2);
    }

    void clippedToFixedRange()
    {
        ChartSpec spec;
        spec.y = {QStringLiteral("y"), false, 0, 50};
        spec.series.push_back(series(QStringLiteral("s"), kBlue, false, points({{0, 0}, {10, 100}})));
        const ChartGeometry g = ChartGeometry::of(spec, QRectF(0, 0, 600, 400));
        QCOMPARE(g.series.front().polylines.size(), std::size_t(1));
        const QPointF end = g.series.front().polylines.front().back();
        QVERIFY(std::abs(end.y() - g.plot.top()) <= 0.5); // clipped half a pixel outside, like points on the edge
        QCOMPARE(g.series.front().dots.size(), std::size_t(1)); // (10, 100) is above the plot
    }

    void emptyChart()
    {
        ChartSpec spec;
        spec.title = QStringLiteral("Nothing measured");
        spec.x.title = QStringLiteral("Users");
        spec.y.title = QStringLiteral("Tokens/s");
        const ChartGeometry g = ChartGeometry::of(spec, QRectF(0, 0, 400, 300));
        QVERIFY(g.empty);
        const QString svg = SvgChart::render(spec, 400, 300);
        QVERIFY(svg.contains(u"No data"_s));
        QXmlStreamReader xml(svg);
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        const QImage image = paintImage(spec, 400, 300);
        QVERIFY(!image.isNull());
        // A series whose points are all NaN is no data either.
        spec.series.push_back(
            series(QStringLiteral("s"), kBlue, false, points({{kNaN, 1}}), ChartSpec::Series::Kind::Line));
        QVERIFY(ChartGeometry::of(spec, QRectF(0, 0, 400, 300)).empty);
        QVERIFY(SvgChart::render(spec, 400, 300).contains(u"No data"_s));
        paintImage(spec, 400, 300);
        // A degenerate rectangle must not crash either.
        paintImage(sweep(), 40, 30);
    }

    void svgWellFormed()
    {
        ChartSpec spec = sweep();
        spec.series[1].name = QStringLiteral("a < b & c");
        spec.title = QStringLiteral("Throughput \"quoted\" <b>not bold</b>");
        const QString svg = SvgChart::render(spec, 800, 500);

        QXmlStreamReader xml(svg);
        int polylines = 0;
        bool sawTitle = false;
        QStringList texts;
        QString rootNamespace;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (rootNamespace.isEmpty())
                rootNamespace = xml.namespaceUri().toString();
            if (xml.name() == u"polyline")
                ++polylines;
            else if (xml.name() == u"title")
                sawTitle = xml.readElementText() == spec.title;
            else if (xml.name() == u"text")
                texts.append(xml.readElementText());
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString() + u" at line "_s + QString::number(xml.lineNumber())));
        QCOMPARE(rootNamespace, u"http://www.w3.org/2000/svg"_s);
        QVERIFY(sawTitle);
        QCOMPARE(polylines, 2); // one per line series, neither broken
        QVERIFY(texts.contains(spec.title));
        QVERIFY(texts.contains(u"a < b & c"_s));
        QVERIFY(texts.contains(u"best under target"_s));
        QVERIFY(texts.contains(u"target 1,200 tokens/s"_s));
        QVERIFY(texts.contains(u"1,000"_s));
        QVERIFY(svg.contains(u"a &lt; b &amp; c"_s));
        QVERIFY(!svg.contains(u"<b>"_s));
        // Self-contained: the namespace is the only URL, nothing is fetched or run.
        QCOMPARE(count(svg, u"http"_s), 1);
        QVERIFY(!svg.contains(u"<script"_s));
        QVERIFY(!svg.contains(u"href"_s));
        QVERIFY(svg.contains(u"font-family=\"sans-serif\""_s));
        QVERIFY(svg.startsWith(u"<svg "_s));
        QVERIFY(svg.contains(u"viewBox=\"0 0 800 500\""_s));
        QVERIFY(svg.contains(u"stroke-dasharray"_s)); // the previous run and the rule
    }

    void paintedImage()
    {
        const QImage image = paintImage(sweep(), 800, 500);
        QVERIFY(hasColor(image, QColor(kBlue)));
        QVERIFY(hasColor(image, QColor(kOrange)));
        QVERIFY(hasColor(image, QColor(u"#d62728"_s))); // the mark's ring
        QVERIFY(hasColor(image, QColor(u"#2ca02c"_s))); // the rule
        // The background is painted: no transparent pixel is left.
        QCOMPARE(image.pixelColor(0, 0), QColor(Qt::white));
        QCOMPARE(image.pixelColor(799, 499), QColor(Qt::white));
    }

    void paintedPdf()
    {
        const ChartSpec spec = sweep();
        const QByteArray pdf = paintPdf(spec);
        QVERIFY(pdf.startsWith("%PDF-"));
        const QString pdftotext = QStandardPaths::findExecutable(u"pdftotext"_s);
        if (pdftotext.isEmpty())
            QSKIP("pdftotext (poppler-utils) is not on PATH: the PDF's text cannot be read back");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(u"chart.pdf"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(pdf);
        file.close();
        QProcess process;
        process.start(pdftotext, {file.fileName(), u"-"_s});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QString text = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(text.contains(spec.title), qPrintable(text));
        for (const QString& label :
            {u"1,000"_s, u"1,500"_s, u"64"_s, u"best under target"_s, u"Previous run"_s, u"Output tokens/s"_s})
            QVERIFY2(text.contains(label), qPrintable(label + u" not in: "_s + text));
    }

    // KNEEPOINT_SCREENSHOTS=DIR: the example as PNG (96 and 192 dpi), SVG and PDF, for a person to look at.
    void screenshots()
    {
        const QString dirName = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS");
        if (dirName.isEmpty())
            QSKIP("KNEEPOINT_SCREENSHOTS is not set");
        QDir dir(dirName);
        QVERIFY(dir.mkpath(u"."_s));
        const ChartSpec spec = sweep();
        QVERIFY(paintImage(spec, 800, 500).save(dir.filePath(u"chart.png"_s)));
        QImage hidpi(1600, 1000, QImage::Format_ARGB32);
        hidpi.setDotsPerMeterX(2 * 3780);
        hidpi.setDotsPerMeterY(2 * 3780);
        {
            QPainter painter(&hidpi);
            PaintedChart::paint(painter, QRectF(0, 0, 1600, 1000), spec);
        }
        QVERIFY(hidpi.save(dir.filePath(u"chart@2x.png"_s)));
        QFile svg(dir.filePath(u"chart.svg"_s));
        QVERIFY(svg.open(QIODevice::WriteOnly));
        svg.write(SvgChart::render(spec, 800, 500).toUtf8());
        QVERIFY(paintImage(latency(), 800, 500).save(dir.filePath(u"latency.png"_s)));
        QFile latencySvg(dir.filePath(u"latency.svg"_s));
        QVERIFY(latencySvg.open(QIODevice::WriteOnly));
        latencySvg.write(SvgChart::render(latency(), 640, 360).toUtf8());
        QFile pdf(dir.filePath(u"chart.pdf"_s));
        QVERIFY(pdf.open(QIODevice::WriteOnly));
        pdf.write(paintPdf(spec));
    }
};

QTEST_MAIN(TestChartRender)
#include "tst_chartrender.moc"
