// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/chartgeometry.h"
#include "core/report/chartspec.h"
#include "ui/charts/charttablemodel.h"
#include "ui/charts/specchartview.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QDir>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

using kp::core::ChartSpec;
using kp::ui::ChartTableModel;
using kp::ui::SpecChartView;
using namespace Qt::StringLiterals;

namespace {

constexpr double kNaN = ChartSpec::kNaN;

// A concurrency sweep on log₂ x, as the report draws it: this run (its 16-user step failed, so its line breaks
// there), the previous run dashed, the best load under target ringed, the throughput target as a rule.
ChartSpec sweep()
{
    ChartSpec spec;
    spec.id = u"throughput"_s;
    spec.title = u"Output throughput by concurrency"_s;
    spec.caption = u"Throughput stops growing past 16 users; 8 users is the most that meets the targets."_s;
    spec.x = {u"Concurrent users (log₂)"_s, true};
    spec.y = {u"Output tokens/s"_s};
    ChartSpec::Series now {u"This run"_s, ChartSpec::Series::Kind::LineAndPoints, u"#1f77b4"_s, false, {}};
    now.points = {{1, 88, {}}, {2, 172, {}}, {4, 336, {}}, {8, 640, {}}, {16, kNaN, {}}, {32, 1520, u"saturated"_s},
        {64, 1560, {}}};
    ChartSpec::Series before {u"Previous run"_s, ChartSpec::Series::Kind::Line, u"#ff7f0e"_s, true, {}};
    before.points
        = {{1, 80, {}}, {2, 155, {}}, {4, 300, {}}, {8, 560, {}}, {16, 980, {}}, {32, 1210, {}}, {64, 1230, {}}};
    spec.series = {now, before};
    spec.marks.push_back({8, 640, u"best under target"_s, u"#d62728"_s});
    spec.rules.push_back({ChartSpec::Rule::Orientation::Horizontal, 1200, u"target 1,200 tokens/s"_s, u"#2ca02c"_s});
    spec.tableHeader = {u"Users"_s, u"Output tokens/s"_s, u"Verdict"_s};
    spec.tableRows = {{u"8"_s, u"950"_s, u"under target"_s}, {u"16"_s, u"1,200"_s, u"knee"_s},
        {u"4"_s, u"480"_s, u"under target"_s}, {u"32"_s, u"—"_s, u"failed"_s}, {u"64"_s, u"1,560"_s, u"over"_s}};
    return spec;
}

template<typename T> QList<T*> seriesOf(const QChart* chart, const QString& name)
{
    QList<T*> found;
    for (QAbstractSeries* s : chart->series()) {
        if (auto* typed = qobject_cast<T*>(s); typed && typed->name() == name)
            found.append(typed);
    }
    return found;
}

int visibleMarkers(const QChart* chart)
{
    const QList<QLegendMarker*> markers = chart->legend()->markers();
    return int(std::count_if(markers.begin(), markers.end(), [](QLegendMarker* m) { return m->isVisible(); }));
}

QStringList column(const QAbstractItemModel& model, int column)
{
    QStringList cells;
    for (int row = 0; row < model.rowCount(); ++row)
        cells.append(model.index(row, column).data().toString());
    return cells;
}

// Shown and laid out: a QChartView that never was renders tiny.
void showAt(SpecChartView& view, QSize size)
{
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.chart()->layout()->activate();
    QCoreApplication::processEvents();
}

} // namespace

class TestSpecChartView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // Tests run in C.UTF-8, whose numbers have no thousands separators; the tooltips are checked in English.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void seriesAndAxes()
    {
        SpecChartView view;
        view.setSpec(sweep());
        const QChart* chart = view.chart();
        QCOMPARE(chart->title(), u"Output throughput by concurrency"_s);
        QCOMPARE(view.accessibleName(), u"Output throughput by concurrency"_s);
        QCOMPARE(chart->animationOptions(), QChart::NoAnimation);
        QVERIFY(view.renderHints().testFlag(QPainter::Antialiasing));

        // This run: two line pieces (broken at 16) and its dots; the previous run: one line; a ring; a rule.
        QCOMPARE(chart->series().size(), 6);
        QCOMPARE(seriesOf<QLineSeries>(chart, u"This run"_s).size(), 2);
        const QList<QScatterSeries*> dots = seriesOf<QScatterSeries>(chart, u"This run"_s);
        QCOMPARE(dots.size(), 1);
        QCOMPARE(dots.front()->count(), 6); // the NaN point has no dot
        QCOMPARE(seriesOf<QLineSeries>(chart, u"This run"_s).front()->count(), 4);
        const QList<QLineSeries*> previous = seriesOf<QLineSeries>(chart, u"Previous run"_s);
        QCOMPARE(previous.size(), 1);
        QCOMPARE(previous.front()->pen().style(), Qt::CustomDashLine);
        QCOMPARE(previous.front()->pen().color(), QColor(u"#ff7f0e"_s));
        QCOMPARE(seriesOf<QLineSeries>(chart, u"This run"_s).front()->pen().style(), Qt::SolidLine);
        QCOMPARE(seriesOf<QLineSeries>(chart, u"This run"_s).front()->pen().color(), QColor(u"#1f77b4"_s));
        const QList<QScatterSeries*> rings = seriesOf<QScatterSeries>(chart, u"best under target"_s);
        QCOMPARE(rings.size(), 1);
        QVERIFY(rings.front()->markerSize() > dots.front()->markerSize());
        QCOMPARE(rings.front()->brush().style(), Qt::NoBrush);
        QCOMPARE(rings.front()->pen().color(), QColor(u"#d62728"_s));

        // One legend entry per named series, and the rule's label; none for the second piece, dots or the ring.
        showAt(view, QSize(800, 500));
        QCOMPARE(visibleMarkers(chart), 3);
        QVERIFY(chart->legend()->isVisible());

        const QList<QAbstractAxis*> axes = chart->axes();
        QCOMPARE(axes.size(), 2);
        const QList<QAbstractAxis*> horizontal = chart->axes(Qt::Horizontal);
        QCOMPARE(horizontal.size(), 1);
        auto* x = qobject_cast<QLogValueAxis*>(horizontal.front());
        QVERIFY(x);
        QCOMPARE(x->base(), 2.0);
        QCOMPARE(x->titleText(), u"Concurrent users (log₂)"_s);
        QVERIFY(x->min() < 1 && x->min() > 0.8);
        QVERIFY(x->max() > 64 && x->max() < 80);
        auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0));
        QVERIFY(y);
        QCOMPARE(y->min(), 0.0); // all positive: from zero, as in the report
        QVERIFY(y->max() > 1560 && y->max() < 1560 * 1.1);
        QCOMPARE(y->tickType(), QValueAxis::TicksDynamic);
        // ChartGeometry's ticks, as the report draws them: 0, 500, 1,000, 1,500.
        const std::vector<double> ticks = kp::core::ChartGeometry::niceTicks(y->min(), y->max());
        QCOMPARE(ticks.size(), std::size_t(4));
        QCOMPARE(y->tickAnchor(), ticks.front());
        QCOMPARE(y->tickInterval(), ticks[1] - ticks[0]);
        QCOMPARE(y->labelFormat(), u"%.0f"_s);
    }

    void ruleSpansTheXRange()
    {
        SpecChartView view;
        view.setSpec(sweep());
        const QList<QLineSeries*> rules = seriesOf<QLineSeries>(view.chart(), u"target 1,200 tokens/s"_s);
        QCOMPARE(rules.size(), 1);
        const QLineSeries* rule = rules.front();
        QCOMPARE(rule->count(), 2);
        QCOMPARE(rule->pen().style(), Qt::CustomDashLine);
        const auto* x = qobject_cast<QLogValueAxis*>(view.chart()->axes(Qt::Horizontal).value(0));
        QVERIFY(x);
        QCOMPARE(rule->at(0), QPointF(x->min(), 1200));
        QCOMPARE(rule->at(1), QPointF(x->max(), 1200));
    }

    void hoverShowsValues()
    {
        SpecChartView view;
        view.setSpec(sweep());
        showAt(view, QSize(800, 500));
        const QChart* chart = view.chart();
        QScatterSeries* dots = seriesOf<QScatterSeries>(chart, u"This run"_s).value(0);
        QVERIFY(dots);
        QCOMPARE(view.valueText(dots, {8, 640}), u"This run\n8, 640"_s);
        QCOMPARE(view.valueText(dots, {32, 1520}), u"This run\n32, 1,520\nsaturated"_s);
        // A line reports the spot under the cursor: the nearest point of that piece answers.
        const QList<QLineSeries*> pieces = seriesOf<QLineSeries>(chart, u"This run"_s);
        QCOMPARE(view.valueText(pieces.front(), {7.2, 600}), u"This run\n8, 640"_s);
        QCOMPARE(view.valueText(pieces.back(), {40, 1500}), u"This run\n32, 1,520\nsaturated"_s);
        QCOMPARE(view.valueText(seriesOf<QScatterSeries>(chart, u"best under target"_s).value(0), {8, 640}),
            u"best under target\n8, 640"_s);
        QCOMPARE(view.valueText(seriesOf<QLineSeries>(chart, u"target 1,200 tokens/s"_s).value(0), {3, 1200}),
            u"target 1,200 tokens/s"_s);
        QLineSeries stranger;
        QVERIFY(view.valueText(&stranger, {8, 640}).isEmpty());

        // Through the signal Qt Charts emits on hover.
        emit dots->hovered(QPointF(32, 1520), true);
        QTRY_COMPARE(QToolTip::text(), u"This run\n32, 1,520\nsaturated"_s);
        emit dots->hovered(QPointF(32, 1520), false);
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    void labelsSitInThePlot()
    {
        SpecChartView view;
        view.setSpec(sweep());
        showAt(view, QSize(800, 500));
        const QRectF plot = view.chart()->plotArea();
        QVERIFY(plot.width() > 400);
        QStringList shown;
        for (QGraphicsItem* item : view.chart()->childItems()) {
            auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
            if (!text || !text->isVisible())
                continue;
            shown.append(text->text());
            QVERIFY2(plot.adjusted(-2, -2, 2, 2).contains(text->mapRectToParent(text->boundingRect())),
                qPrintable(text->text()));
        }
        shown.sort();
        QCOMPARE(shown, QStringList({u"best under target"_s, u"saturated"_s}));
    }

    void emptySpec()
    {
        SpecChartView view;
        QVERIFY(view.chart()->title().contains(u"No data"_s)); // before any spec
        ChartSpec spec;
        view.setSpec(spec);
        QCOMPARE(view.chart()->title(), u"No data"_s);
        QVERIFY(view.chart()->series().isEmpty());
        QVERIFY(!view.chart()->legend()->isVisible());
        QCOMPARE(view.accessibleName(), u"Chart"_s);
        showAt(view, QSize(400, 300));

        spec.title = u"Nothing measured"_s;
        spec.x = {u"Users"_s, true};
        spec.series.push_back({u"s"_s, ChartSpec::Series::Kind::LineAndPoints, {}, false, {{kNaN, 1, {}}, {0, 5, {}}}});
        spec.marks.push_back({4, 5, u"lonely"_s, {}});
        spec.rules.push_back({ChartSpec::Rule::Orientation::Horizontal, 3, u"target"_s, {}});
        view.setSpec(spec);
        QVERIFY(view.chart()->title().contains(u"no data"_s, Qt::CaseInsensitive));
        QVERIFY(view.chart()->title().contains(u"Nothing measured"_s));
        QVERIFY(view.chart()->series().isEmpty());
        QCOMPARE(view.chart()->axes().size(), 2);
        QCoreApplication::processEvents();
        QVERIFY(!view.grab().isNull());
    }

    // A what-if's answer fills the chart the view has again, the old series, axes and labels gone, and the view's
    // minimum size still the chart's: filled again without it, the key chart's minimum width fell to 25 px and the
    // report gave it a narrow column.
    void aNewSpecFillsTheSameChart()
    {
        SpecChartView view;
        view.setSpec(sweep());
        showAt(view, QSize(800, 500));
        QChart* first = view.chart();
        const QSize minimum = view.minimumSize();
        QVERIFY2(minimum.width() >= int(first->minimumWidth()), qPrintable(QString::number(minimum.width())));

        ChartSpec moved = sweep();
        moved.rules.front().value = 900;
        moved.rules.front().label = u"target 900 tokens/s"_s;
        moved.marks.front().label = u"best under the new target"_s;
        view.setSpec(moved);
        QCOMPARE(view.chart(), first);
        QCOMPARE(view.chart()->series().size(), 6);
        QCOMPARE(view.chart()->axes().size(), 2);
        QCOMPARE(seriesOf<QLineSeries>(view.chart(), u"target 900 tokens/s"_s).size(), 1);
        QVERIFY(seriesOf<QLineSeries>(view.chart(), u"target 1,200 tokens/s"_s).isEmpty());
        QStringList labels;
        for (QGraphicsItem* item : view.chart()->childItems()) {
            if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item))
                labels.append(text->text());
        }
        labels.sort();
        QCOMPARE(labels, QStringList({u"best under the new target"_s, u"saturated"_s}));
        // The legend shows its new markers once its posted layout has run, before the frame is painted.
        QCoreApplication::processEvents();
        QCOMPARE(visibleMarkers(view.chart()), 3); // this run, the previous run, the rule
        QCOMPARE(view.minimumSize(), minimum);
        QCOMPARE(view.sceneRect(), view.chart()->geometry());
    }

    void titlesAreNotMarkup()
    {
        ChartSpec spec = sweep();
        spec.title = u"a < b & <b>c</b>"_s;
        SpecChartView view;
        view.setSpec(spec);
        QCOMPARE(view.chart()->title(), spec.title.toHtmlEscaped());
        QCOMPARE(view.accessibleName(), spec.title);
    }

    void followsThePalette()
    {
        SpecChartView view;
        view.setSpec(sweep());
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(u"#202124"_s));
        dark.setColor(QPalette::WindowText, QColor(u"#e8eaed"_s));
        view.setPalette(dark);
        QCOMPARE(view.chart()->theme(), QChart::ChartThemeDark);
        QVERIFY(!view.chart()->isBackgroundVisible());
        QCOMPARE(view.chart()->series().size(), 6); // rebuilt from the same spec
        QPalette light = dark;
        light.setColor(QPalette::Window, QColor(u"#f5f5f5"_s));
        light.setColor(QPalette::WindowText, QColor(u"#202124"_s));
        view.setPalette(light);
        QCOMPARE(view.chart()->theme(), QChart::ChartThemeLight);
    }

    void tableSortsNumbersAsNumbers()
    {
        ChartTableModel model;
        QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ChartTableModel::SortRole);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTableView table;
        table.setModel(&proxy);
        table.setSortingEnabled(true);

        model.setSpec(sweep());
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), u"Output tokens/s"_s);
        QCOMPARE(model.index(1, 1).data().toString(), u"1,200"_s); // shown as core wrote it
        QCOMPARE(model.index(1, 1).data(ChartTableModel::SortRole).toDouble(), 1200.0);
        QCOMPARE(model.index(3, 1).data(ChartTableModel::SortRole), QVariant()); // "—": no number
        QCOMPARE(model.index(0, 2).data(ChartTableModel::SortRole).toString(), u"under target"_s);
        QVERIFY(model.index(0, 1).data(Qt::TextAlignmentRole).value<Qt::Alignment>().testFlag(Qt::AlignRight));

        // "1,200" after "950", which a text sort would put the other way round; the missing value last.
        proxy.sort(1, Qt::AscendingOrder);
        QCOMPARE(column(proxy, 1), QStringList({u"480"_s, u"950"_s, u"1,200"_s, u"1,560"_s, u"—"_s}));
        proxy.sort(0, Qt::DescendingOrder);
        QCOMPARE(column(proxy, 0), QStringList({u"64"_s, u"32"_s, u"16"_s, u"8"_s, u"4"_s}));
        proxy.sort(2, Qt::AscendingOrder);
        QCOMPARE(column(proxy, 2).front(), u"failed"_s);

        // A new spec is a reset; the proxy follows.
        ChartSpec other;
        other.tableHeader = {u"Step"_s};
        other.tableRows = {{u"−2.5"_s}, {u"10"_s}, {u"2.9%"_s}, {u"1,000"_s}};
        model.setSpec(other);
        QCOMPARE(proxy.columnCount(), 1);
        proxy.sort(0, Qt::AscendingOrder);
        QCOMPARE(column(proxy, 0), QStringList({u"−2.5"_s, u"2.9%"_s, u"10"_s, u"1,000"_s}));
        // Loads as the report writes them sort by their number: 8 users after 2, not between 64 and 4.
        ChartSpec loads;
        loads.tableHeader = {u"load"_s};
        loads.tableRows = {{u"8 users"_s}, {u"64 users"_s}, {u"4 users"_s}, {u"1 user"_s}, {u"16 users (rate)"_s}};
        model.setSpec(loads);
        proxy.sort(0, Qt::AscendingOrder);
        QCOMPARE(column(proxy, 0),
            QStringList({u"1 user"_s, u"4 users"_s, u"8 users"_s, u"16 users (rate)"_s, u"64 users"_s}));
        model.setSpec({});
        QCOMPARE(proxy.rowCount(), 0);
    }

    // KNEEPOINT_SCREENSHOTS=DIR: the chart in the light and the dark palette, for a person to look at.
    void screenshots()
    {
        const QString dirName = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS");
        if (dirName.isEmpty())
            QSKIP("KNEEPOINT_SCREENSHOTS is not set");
        QDir dir(dirName);
        QVERIFY(dir.mkpath(u"."_s));
        SpecChartView view;
        view.setSpec(sweep());
        showAt(view, QSize(800, 500));
        QVERIFY(view.grab().save(dir.filePath(u"specchartview.png"_s)));
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(u"#202124"_s));
        dark.setColor(QPalette::WindowText, QColor(u"#e8eaed"_s));
        view.setPalette(dark);
        view.chart()->layout()->activate();
        QCoreApplication::processEvents();
        QVERIFY(view.grab().save(dir.filePath(u"specchartview-dark.png"_s)));
        SpecChartView empty;
        empty.setSpec(ChartSpec {});
        showAt(empty, QSize(400, 300));
        QVERIFY(empty.grab().save(dir.filePath(u"specchartview-empty.png"_s)));
    }
};

QTEST_MAIN(TestSpecChartView)
#include "tst_specchartview.moc"
