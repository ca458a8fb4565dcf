// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/specchartview.h"

#include <QAreaSeries>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineF>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QPalette>
#include <QPen>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

namespace kp::ui {

using core::ChartBand;
using core::ChartGeometry;
using core::ChartScale;
using core::ChartSpec;
using core::ChartStyle;

namespace {

// ChartGeometry's rule: "#rgb" or "#rrggbb", anything else gets the fallback, so that every renderer agrees.
QColor colorOr(const QString& color, const QString& fallback)
{
    const QColor parsed(color);
    const bool usable = (color.size() == 4 || color.size() == 7) && color.startsWith(u'#') && parsed.isValid();
    return usable ? parsed : QColor(fallback);
}

QPen penOf(const QColor& color, double width, const std::vector<double>& dash)
{
    QPen pen(color, width);
    pen.setJoinStyle(Qt::RoundJoin);
    pen.setCapStyle(dash.empty() ? Qt::RoundCap : Qt::FlatCap);
    if (!dash.empty()) {
        // QPen counts a dash pattern in pen widths; the style counts it in pixels, like SVG.
        QList<qreal> pattern;
        for (double d : dash)
            pattern.append(d / width);
        pen.setDashPattern(pattern);
    }
    return pen;
}

// Qt's localized label formats take "%.Nf" and nothing fancier.
QString fixedFormat(int decimals)
{
    return QStringLiteral("%.%1f").arg(std::clamp(decimals, 0, 6));
}

QAbstractAxis* makeAxis(const ChartSpec::Axis& spec, const ChartScale& scale)
{
    QAbstractAxis* axis = nullptr;
    if (spec.log2) {
        auto* log = new QLogValueAxis;
        log->setBase(2);
        log->setRange(scale.min, scale.max);
        // QLogValueAxis puts its ticks on the powers of two like ChartGeometry; loads start at 1, so whole numbers,
        // unless the range reaches below 1 (0.125 needs three decimals).
        log->setLabelFormat(fixedFormat(int(-std::ceil(std::log2(scale.min) - 1e-9))));
        axis = log;
    } else {
        auto* linear = new QValueAxis;
        linear->setRange(scale.min, scale.max);
        // ChartGeometry's ticks (1, 2 or 5 × 10^k apart) rather than Qt's five equal parts of the range, whose
        // labels would read 0, 393.75, 787.5…
        const std::vector<double> ticks = ChartGeometry::niceTicks(scale.min, scale.max);
        int decimals = 0;
        if (ticks.size() >= 2) {
            const double step = ticks[1] - ticks[0];
            linear->setTickType(QValueAxis::TicksDynamic);
            linear->setTickAnchor(ticks.front());
            linear->setTickInterval(step);
            decimals = int(-std::floor(std::log10(step) + 1e-9));
        }
        linear->setLabelFormat(fixedFormat(decimals));
        axis = linear;
    }
    // Qt Charts sets axis titles, chart titles and legend labels as rich text.
    axis->setTitleText(spec.title.toHtmlEscaped());
    return axis;
}

QColor mix(const QColor& a, const QColor& b, double share)
{
    return QColor::fromRgbF(float(a.redF() * (1 - share) + b.redF() * share),
        float(a.greenF() * (1 - share) + b.greenF() * share), float(a.blueF() * (1 - share) + b.blueF() * share));
}

} // namespace

SpecChartView::SpecChartView(QWidget* parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("specChartView"));
    setRenderHint(QPainter::Antialiasing);
    rebuild();
}

SpecChartView::~SpecChartView() = default;

void SpecChartView::setSpec(const ChartSpec& spec)
{
    m_spec = spec;
    rebuild();
}

void SpecChartView::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    // The theme, fonts and number formats are baked into the chart when it is built.
    const QEvent::Type type = event->type();
    if (type == QEvent::PaletteChange || type == QEvent::FontChange || type == QEvent::LocaleChange) {
        m_built = nullptr; // a new chart, themed afresh
        rebuild();
    }
}

// What one rebuild() makes, passed through its phases.
struct SpecChartView::Build
{
    Build(const ChartSpec& s, ChartGeometry geometry)
        : spec(s)
        , g(std::move(geometry))
    { }

    const ChartSpec& spec;
    ChartGeometry g;
    ChartStyle style;
    QChart* chart = nullptr;
    QAbstractAxis* xAxis = nullptr;
    QAbstractAxis* yAxis = nullptr;
    QColor window;
    QColor text;
    QColor quietText;
    QFont base;
    QFont smallFont;
    QFont markFont;
    std::vector<QXYSeries*> unlisted; ///< no legend entry: pieces after the first, dots of a line, marks
    std::vector<QAbstractSeries*> bands; ///< no legend entry either: the rule beside each says what it is
    int listedCount = 0;

    void add(QXYSeries* series, bool listed)
    {
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
        if (listed)
            ++listedCount;
        else
            unlisted.push_back(series);
    }
};

void SpecChartView::rebuild()
{
    // Ranges do not depend on the size, only the layout does: any rectangle will do.
    Build b(m_spec, ChartGeometry::of(m_spec, QRectF(0, 0, 800, 500)));
    m_x = {b.g.x.min, b.g.x.max, b.g.x.log2, 0, 1};
    m_y = {b.g.y.min, b.g.y.max, b.g.y.log2, 0, 1};
    m_hover.clear();
    QToolTip::hideText();
    const QPalette pal = palette();
    b.window = pal.color(QPalette::Window);
    b.text = pal.color(QPalette::WindowText);
    b.quietText = mix(b.text, b.window, 0.3);
    b.base = font();
    b.chart = emptiedChart(b.window);

    addAxes(b);
    addBands(b);
    addSeries(b);
    addRules(b);
    addMarks(b);
    finishLegend(b);
    present(b.chart);
    setAccessibleName(m_spec.title.isEmpty() ? tr("Chart") : m_spec.title);
    setAccessibleDescription(m_spec.caption);
}

// The chart to fill: the one shown, emptied, under the same palette, font and locale (a what-if's answer); else a
// new one, themed for the palette. Making, theming, laying out and deleting a whole QChart was half of each answer's
// time in the window.
QChart* SpecChartView::emptiedChart(const QColor& window)
{
    QChart* chart = m_built;
    if (chart && chart == this->chart()) {
        for (const PointLabel& label : m_labels)
            delete label.item;
        chart->removeAllSeries();
        for (QAbstractAxis* axis : chart->axes()) {
            chart->removeAxis(axis);
            delete axis;
        }
    } else {
        chart = new QChart;
        chart->setTheme(window.lightness() < 128 ? QChart::ChartThemeDark : QChart::ChartThemeLight);
        // The theme's own backgrounds would put a white or black card in the window; the palette's window shows
        // through.
        chart->setBackgroundVisible(false);
        chart->setPlotAreaBackgroundVisible(false);
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setLocalizeNumbers(true);
        chart->setLocale(locale());
        chart->setMargins(QMargins(4, 4, 4, 4));
        chart->layout()->setContentsMargins(0, 0, 0, 0);
    }
    m_labels.clear();
    return chart;
}

// The title and the axes, in the desktop's font rather than the theme's fixed one, and the palette's colours.
void SpecChartView::addAxes(Build& b)
{
    const QFont& base = b.base;
    QFont titleFont = base;
    titleFont.setBold(true);
    titleFont.setPointSizeF(base.pointSizeF() * 1.2);
    b.smallFont = base;
    b.smallFont.setPointSizeF(base.pointSizeF() * b.style.smallFontSize / b.style.fontSize);
    b.markFont = base;
    b.markFont.setBold(true);
    b.chart->setTitleFont(titleFont);
    b.chart->setTitleBrush(b.text);
    QString title = b.spec.title;
    if (b.g.empty)
        title = b.spec.title.isEmpty() ? tr("No data") : tr("%1: no data").arg(b.spec.title);
    b.chart->setTitle(title.toHtmlEscaped());

    b.xAxis = makeAxis(b.spec.x, b.g.x);
    b.yAxis = makeAxis(b.spec.y, b.g.y);
    for (QAbstractAxis* axis : {b.xAxis, b.yAxis}) {
        axis->setTitleFont(base);
        axis->setTitleBrush(b.text);
        axis->setLabelsFont(base);
        axis->setLabelsColor(b.quietText);
        // The dark theme's grid is as bright as its text; a faint one, as in the report, in either palette.
        axis->setGridLineColor(mix(b.text, b.window, 0.9));
        axis->setLinePenColor(mix(b.text, b.window, 0.6));
        // Without data the ranges are made up: keep the frame and the titles, not numbers that mean nothing.
        axis->setLabelsVisible(!b.g.empty);
        axis->setGridLineVisible(!b.g.empty);
        axis->setLineVisible(!b.g.empty); // its tick marks too
    }
    b.chart->addAxis(b.xAxis, Qt::AlignBottom);
    b.chart->addAxis(b.yAxis, Qt::AlignLeft);
}

void SpecChartView::addBands(Build& b)
{
    // The regions rules shade (a target's side), under everything else, as ChartGeometry's bands.
    for (const ChartSpec::Rule& r : b.spec.rules) {
        const bool horizontal = r.orientation == ChartSpec::Rule::Orientation::Horizontal;
        const ChartScale& scale = horizontal ? b.g.y : b.g.x;
        if (r.shade == ChartSpec::Rule::Shade::None || b.g.empty || !scale.accepts(r.value) || r.value < scale.min
            || r.value > scale.max)
            continue;
        const bool more = r.shade == ChartSpec::Rule::Shade::More;
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        if (horizontal) {
            const double top = more ? b.g.y.max : r.value, bottom = more ? r.value : b.g.y.min;
            upper->append(b.g.x.min, top);
            upper->append(b.g.x.max, top);
            lower->append(b.g.x.min, bottom);
            lower->append(b.g.x.max, bottom);
        } else {
            const double left = more ? r.value : b.g.x.min, right = more ? b.g.x.max : r.value;
            upper->append(left, b.g.y.max);
            upper->append(right, b.g.y.max);
            lower->append(left, b.g.y.min);
            lower->append(right, b.g.y.min);
        }
        auto* band = new QAreaSeries(upper, lower);
        // An area series does not own its edges (Qt's documentation says so): the band does here, so they go with it.
        upper->setParent(band);
        lower->setParent(band);
        QColor tint = colorOr(r.color, QStringLiteral("#7f7f7f"));
        tint.setAlphaF(ChartBand::kOpacity);
        band->setBrush(tint);
        band->setPen(Qt::NoPen);
        b.chart->addSeries(band);
        band->attachAxis(b.xAxis);
        band->attachAxis(b.yAxis);
        b.bands.push_back(band);
    }
}

void SpecChartView::addSeries(Build& b)
{
    // Series, as ChartGeometry draws them: lines broken where a point has no place, dots for the rest.
    for (std::size_t i = 0; i < b.spec.series.size() && !b.g.empty; ++i) {
        const ChartSpec::Series& series = b.spec.series[i];
        const QColor color = colorOr(series.color, ChartGeometry::defaultColor(int(i)));
        const QString name = series.name.toHtmlEscaped();
        bool listed = !series.name.isEmpty();
        QXYSeries* first = nullptr;
        if (series.kind != ChartSpec::Series::Kind::Points) {
            const QPen pen
                = penOf(color, b.style.lineWidth, series.dashed ? b.style.seriesDash : std::vector<double> {});
            std::vector<ChartSpec::Point> run;
            const auto endRun = [&] {
                if (run.size() >= 2) {
                    auto* line = new QLineSeries;
                    line->setName(name);
                    line->setPen(pen);
                    for (const ChartSpec::Point& p : run)
                        line->append(p.x, p.y);
                    b.add(line, listed);
                    listed = false;
                    first = first ? first : line;
                    watch(line, {Role::Data, series.name, run});
                }
                run.clear();
            };
            for (const ChartSpec::Point& p : series.points) {
                if (placeable(p))
                    run.push_back(p);
                else
                    endRun();
            }
            endRun();
        }
        if (series.kind != ChartSpec::Series::Kind::Line) {
            auto* dots = new QScatterSeries;
            dots->setName(name);
            dots->setMarkerShape(QScatterSeries::MarkerShapeCircle);
            dots->setMarkerSize(2 * b.style.pointRadius);
            // Ringed in the window's colour, as the report rings them in white: dots stand out from their line.
            dots->setPen(QPen(b.window, b.style.pointRadius / 3));
            dots->setBrush(color);
            std::vector<ChartSpec::Point> shown;
            for (const ChartSpec::Point& p : series.points) {
                if (!placeable(p))
                    continue;
                dots->append(p.x, p.y);
                shown.push_back(p);
            }
            b.add(dots, listed);
            first = first ? first : dots;
            watch(dots, {Role::Data, series.name, shown});
        }
        for (const ChartSpec::Point& p : series.points) {
            if (placeable(p) && !p.label.isEmpty() && first) {
                addLabel(b, p.label, first, {p.x, p.y}, b.style.pointRadius + 0.2 * b.style.fontSize, b.smallFont,
                    b.quietText);
            }
        }
    }
}

void SpecChartView::addRules(Build& b)
{
    // Rules across the whole range, skipped where their value lies outside it or nothing is drawn, like
    // ChartGeometry's.
    for (const ChartSpec::Rule& r : b.spec.rules) {
        const bool horizontal = r.orientation == ChartSpec::Rule::Orientation::Horizontal;
        const ChartScale& scale = horizontal ? b.g.y : b.g.x;
        if (b.g.empty || !scale.accepts(r.value) || r.value < scale.min || r.value > scale.max)
            continue;
        auto* rule = new QLineSeries;
        rule->setName(r.label.toHtmlEscaped());
        rule->setPen(penOf(colorOr(r.color, QStringLiteral("#7f7f7f")), b.style.ruleWidth, b.style.ruleDash));
        const std::vector<ChartSpec::Point> ends = horizontal
            ? std::vector<ChartSpec::Point> {{b.g.x.min, r.value, {}}, {b.g.x.max, r.value, {}}}
            : std::vector<ChartSpec::Point> {{r.value, b.g.y.min, {}}, {r.value, b.g.y.max, {}}};
        for (const ChartSpec::Point& p : ends)
            rule->append(p.x, p.y);
        b.add(rule, !r.label.isEmpty());
        watch(rule, {Role::Rule, r.label, ends});
    }
}

void SpecChartView::addMarks(Build& b)
{
    // Marks: a ring around the point and a label beside it (placeLabels() picks the side).
    for (const ChartSpec::Mark& m : b.spec.marks) {
        if (b.g.empty || !m_x.accepts(m.x) || !m_y.accepts(m.y))
            continue;
        const QColor color = colorOr(m.color, QStringLiteral("#d62728"));
        auto* ring = new QScatterSeries;
        ring->setName(m.label.toHtmlEscaped());
        ring->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        ring->setMarkerSize(2 * b.style.markRadius);
        ring->setPen(QPen(color, b.style.markWidth));
        ring->setBrush(Qt::NoBrush);
        ring->append(m.x, m.y);
        b.add(ring, false);
        watch(ring, {Role::Mark, m.label, {{m.x, m.y, {}}}});
        if (!m.label.isEmpty())
            addLabel(
                b, m.label, ring, {m.x, m.y}, b.style.markRadius * 0.8 + 0.2 * b.style.fontSize, b.markFont, color);
    }
}

// The legend lists each series once: not the pieces after a broken line's first, a line's dots, rings or bands.
void SpecChartView::finishLegend(Build& b)
{
    QLegend* legend = b.chart->legend();
    legend->setAlignment(Qt::AlignBottom);
    legend->setMarkerShape(QLegend::MarkerShapeFromSeries);
    legend->setFont(b.base);
    legend->setLabelColor(b.text);
    for (QXYSeries* series : b.unlisted) {
        for (QLegendMarker* marker : legend->markers(series))
            marker->setVisible(false);
    }
    for (QAbstractSeries* band : b.bands) {
        for (QLegendMarker* marker : legend->markers(band))
            marker->setVisible(false);
    }
    legend->setVisible(b.listedCount > 0);
}

// Shows the filled chart, laid out now.
void SpecChartView::present(QChart* chart)
{
    if (chart != m_built) {
        QChart* old = this->chart();
        setChart(chart); // releases the old chart without deleting it
        delete old;
        connect(chart, &QChart::plotAreaChanged, this, &SpecChartView::placeLabels);
        m_built = chart;
    } else {
        // What setChart() does with a new chart, as QChartView does at a resize: the chart fitted to the view, and the
        // view's minimum size and scene rectangle taken from it (without, the key chart's minimum width fell from
        // 127 to 25 px and the report's first screen gave the chart a narrow column).
        QResizeEvent fitted(size(), size());
        QChartView::resizeEvent(&fitted);
    }
    // Laid out now, not at the next posted layout request: a chart replaced under a what-if is painted whole in the
    // first frame, never as an empty plot area.
    chart->resize(size());
    chart->layout()->activate();
    placeLabels();
}

void SpecChartView::addLabel(Build& b, const QString& label, QXYSeries* series, const QPointF& at, double offset,
    const QFont& labelFont, const QColor& color)
{
    auto* item = new QGraphicsSimpleTextItem(label, b.chart);
    item->setFont(labelFont);
    item->setBrush(color);
    item->setZValue(100); // above series and legend
    m_labels.push_back({item, series, at, offset});
}

bool SpecChartView::placeable(const ChartSpec::Point& p) const
{
    return m_x.accepts(p.x) && m_y.accepts(p.y);
}

void SpecChartView::watch(QXYSeries* series, const HoverInfo& info)
{
    m_hover.insert(series, info);
    connect(series, &QXYSeries::hovered, this,
        [this, series](const QPointF& value, bool state) { handleHovered(series, value, state); });
}

void SpecChartView::placeLabels()
{
    QChart* c = chart();
    if (m_labels.empty())
        return;
    const QRectF plot = c->plotArea();
    const QRectF inside = plot.adjusted(-0.5, -0.5, 0.5, 0.5);
    // Which side of its point a label takes is ChartGeometry's choice for a chart of this size, the one the reports
    // make: off the lines, rings and other labels. Only its offset is taken; the point is where Qt Charts put it.
    const ChartGeometry g = ChartGeometry::of(m_spec, QRectF(QPointF(0, 0), c->size()));
    std::vector<bool> used(g.texts.size(), false);
    const double near = 4 * g.style.fontSize; // a tick label or legend entry of the same wording lies further away
    for (const PointLabel& label : m_labels) {
        const QPointF at = c->mapToPosition(label.value, label.series);
        label.item->setVisible(inside.contains(at));
        if (!label.item->isVisible())
            continue;
        const QFontMetricsF metrics(label.item->font());
        const double width = metrics.horizontalAdvance(label.item->text());
        // Where the geometry has no place for it, up and to the right, turned inwards where the plot ends.
        const bool right = at.x() + label.offset + width <= plot.right();
        const bool above = at.y() - label.offset - metrics.ascent() >= plot.top();
        QPointF baseline(right ? at.x() + label.offset : at.x() - label.offset,
            above ? at.y() - label.offset : at.y() + label.offset + metrics.ascent());
        core::ChartText::Anchor anchor = right ? core::ChartText::Anchor::Start : core::ChartText::Anchor::End;
        const QPointF from = g.map(label.value.x(), label.value.y());
        for (std::size_t i = 0; i < g.texts.size(); ++i) {
            const core::ChartText& t = g.texts[i];
            if (used[i] || t.vertical || t.text != label.item->text() || QLineF(t.at, from).length() > near)
                continue;
            used[i] = true;
            baseline = at + (t.at - from);
            anchor = t.anchor;
            break;
        }
        double left = anchor == core::ChartText::Anchor::Start ? baseline.x()
            : anchor == core::ChartText::Anchor::Middle        ? baseline.x() - width / 2
                                                               : baseline.x() - width;
        // Inside the chart, whatever the desktop font makes of the geometry's estimate of the text's width: a long
        // label (German's "Bestes unter dem Zielwert: 16 Nutzer") beside a point near an edge was cut there.
        if (width <= c->size().width())
            left = std::clamp(left, 0.0, c->size().width() - width);
        label.item->setPos(left, baseline.y() - metrics.ascent());
    }
}

void SpecChartView::handleHovered(QXYSeries* series, const QPointF& value, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const QString text = valueText(series, value);
    if (!text.isEmpty())
        QToolTip::showText(QCursor::pos(), text, this);
}

QString SpecChartView::valueText(const QXYSeries* series, const QPointF& value) const
{
    const auto it = m_hover.constFind(series);
    if (it == m_hover.cend() || it->points.empty())
        return {};
    const HoverInfo& info = *it;
    if (info.role == Role::Rule) {
        if (!info.name.isEmpty())
            return info.name;
        const ChartSpec::Point& a = info.points.front();
        const ChartSpec::Point& b = info.points.back();
        return formatValue(a.x == b.x ? a.x : a.y);
    }
    // A line reports the spot under the cursor, not a point: take the nearest point, measured on screen so that a
    // wide plot does not favour vertical neighbours.
    const QRectF plot = chart()->plotArea();
    const double width = plot.width() > 0 ? plot.width() : 1;
    const double height = plot.height() > 0 ? plot.height() : 1;
    const auto distance = [&](const ChartSpec::Point& p) {
        const double dx = (m_x.map(p.x) - m_x.map(value.x())) * width;
        const double dy = (m_y.map(p.y) - m_y.map(value.y())) * height;
        return dx * dx + dy * dy;
    };
    const auto nearest = std::min_element(info.points.begin(), info.points.end(),
        [&](const ChartSpec::Point& a, const ChartSpec::Point& b) { return distance(a) < distance(b); });

    // Where the decimal separator is a comma, "1,5, 640" would read as three numbers.
    const QString separator = locale().decimalPoint().startsWith(u',') ? QStringLiteral("; ") : QStringLiteral(", ");
    QStringList lines;
    if (!info.name.isEmpty())
        lines.append(info.name);
    lines.append(formatValue(nearest->x) + separator + formatValue(nearest->y));
    if (!nearest->label.isEmpty())
        lines.append(nearest->label);
    return lines.join(u'\n');
}

QString SpecChartView::formatValue(double value) const
{
    // Like the reports' numbers: whole numbers plain, others with the decimals their size deserves.
    const double magnitude = std::abs(value);
    if (std::abs(value - std::round(value)) < 1e-9 * std::max(1.0, magnitude))
        return locale().toString(value, 'f', 0);
    if (magnitude < 1)
        return locale().toString(value, 'g', 3);
    return locale().toString(value, 'f', magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2);
}

} // namespace kp::ui
