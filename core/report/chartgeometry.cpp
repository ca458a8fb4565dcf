// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/chartgeometry.h"

#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace kp::core {

namespace {

constexpr double kNaN = ChartSpec::kNaN;

// Line height and font metrics as fractions of the font size, close to DejaVu Sans and Arial alike.
constexpr double kLineHeight = 1.25;
constexpr double kAscent = 0.8;
constexpr double kDescent = 0.2;
// Where to put a baseline for text centred vertically on a line: half the height of a digit below it.
constexpr double kCentreShift = 0.35;

double toScale(double value, bool log2)
{
    return log2 ? std::log2(value) : value;
}

bool usableColor(const QString& color)
{
    if (color.size() != 4 && color.size() != 7)
        return false;
    if (color.front() != u'#')
        return false;
    return std::all_of(color.begin() + 1, color.end(),
        [](QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F'); });
}

QString colorOr(const QString& color, const QString& fallback)
{
    return usableColor(color) ? color : fallback;
}

struct Range
{
    double lo = 0;
    double hi = 0;
};

// The axis's range: its own limits where it fixes them, else the data's, padded so that no point sits on the frame.
Range rangeOf(const std::vector<double>& data, const ChartSpec::Axis& axis)
{
    std::optional<Range> seen;
    for (double v : data) {
        if (!std::isfinite(v) || (axis.log2 && v <= 0))
            continue;
        if (!seen)
            seen = Range {v, v};
        seen->lo = std::min(seen->lo, v);
        seen->hi = std::max(seen->hi, v);
    }
    Range r;
    if (axis.log2) {
        r = seen.value_or(Range {1, 2});
        if (r.hi == r.lo) {
            r.lo /= 2;
            r.hi *= 2;
        }
        const double pad = 0.04 * (std::log2(r.hi) - std::log2(r.lo));
        r.lo *= std::exp2(-pad);
        r.hi *= std::exp2(pad);
    } else {
        r = seen.value_or(Range {0, 1});
        // Heights compare as proportions only from zero: half as high should mean half as much.
        const bool fromZero = r.lo >= 0;
        const bool toZero = r.hi <= 0 && !fromZero;
        if (fromZero)
            r.lo = 0;
        if (toZero)
            r.hi = 0;
        if (r.hi == r.lo) {
            const double half = r.lo == 0 ? 0.5 : std::abs(r.lo) / 2;
            r.lo -= half;
            r.hi += half;
            if (fromZero)
                r.lo = 0;
        }
        const double pad = 0.05 * (r.hi - r.lo);
        if (!toZero)
            r.hi += pad;
        if (!fromZero)
            r.lo -= pad;
    }
    const auto fixed = [&](double v) { return std::isfinite(v) && (!axis.log2 || v > 0); };
    Range out {fixed(axis.min) ? axis.min : r.lo, fixed(axis.max) ? axis.max : r.hi};
    if (!(out.hi > out.lo))
        out = r;
    return out;
}

// Liang–Barsky: trims the segment a–b to `rect`; false when nothing of it is inside.
bool clipSegment(QPointF& a, QPointF& b, const QRectF& rect)
{
    double t0 = 0;
    double t1 = 1;
    const double dx = b.x() - a.x();
    const double dy = b.y() - a.y();
    const std::array<double, 4> p {-dx, dx, -dy, dy};
    const std::array<double, 4> q {
        a.x() - rect.left(), rect.right() - a.x(), a.y() - rect.top(), rect.bottom() - a.y()};
    for (std::size_t i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF start = a;
    a = start + t0 * QPointF(dx, dy);
    b = start + t1 * QPointF(dx, dy);
    return true;
}

// The stride that keeps neighbouring labels `minGap` apart; `extent` gives a label's half size along the axis.
template<typename Extent> int labelStride(const std::vector<ChartTick>& ticks, double minGap, Extent extent)
{
    for (int stride = 1; stride < int(ticks.size()); ++stride) {
        bool fits = true;
        for (std::size_t i = std::size_t(stride); i < ticks.size() && fits; i += std::size_t(stride)) {
            const ChartTick& a = ticks[i - std::size_t(stride)];
            const ChartTick& b = ticks[i];
            fits = std::abs(b.position - a.position) >= extent(a) + extent(b) + minGap;
        }
        if (fits)
            return stride;
    }
    return std::max(1, int(ticks.size()));
}

void thinLabels(std::vector<ChartTick>& ticks, int stride)
{
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        if (i % std::size_t(stride) != 0)
            ticks[i].label.clear();
    }
}

// A tick at the very edge of the plot, up to rounding, is still on the axis.
constexpr double kEdge = 0.5;

struct LegendItem
{
    const ChartSpec::Series* series;
    QString color;
    double width;
};

struct Legend
{
    std::vector<std::vector<LegendItem>> rows;
    std::vector<double> widths;
    double top = 0; ///< of the first row
    double itemGap = 0;
    double swatchGap = 0;
};

/// A label inside the plot, placed last, once every line it could hide is known.
struct PendingLabel
{
    QString text;
    QString color;
    double size;
    bool bold;
    std::vector<std::pair<QPointF, ChartText::Anchor>> places; ///< candidates, the preferred first
};

/// Four places diagonally off `at`, by `off`, for a label of that ascent: never on a line through the point.
std::vector<std::pair<QPointF, ChartText::Anchor>> diagonals(const QPointF& at, double off, double ascent)
{
    const double up = at.y() - off;
    const double down = at.y() + off + ascent;
    return {{{at.x() + off, up}, ChartText::Anchor::Start}, {{at.x() - off, up}, ChartText::Anchor::End},
        {{at.x() + off, down}, ChartText::Anchor::Start}, {{at.x() - off, down}, ChartText::Anchor::End}};
}

/// The legend's rows at the bottom, measured before the plot so that the plot takes what is left: each named
/// series an item, rows as wide as the chart allows.
Legend measureLegend(const ChartGeometry& g, const ChartSpec& spec)
{
    const ChartStyle& s = g.style;
    const double fs = s.fontSize;
    Legend legend;
    legend.itemGap = 1.5 * fs;
    legend.swatchGap = 0.5 * fs;
    std::vector<std::vector<LegendItem>>& rows = legend.rows;
    std::vector<double>& rowWidths = legend.widths;
    const double itemGap = legend.itemGap;
    const double swatchGap = legend.swatchGap;
    for (std::size_t i = 0; i < spec.series.size(); ++i) {
        const ChartSpec::Series& series = spec.series[i];
        if (series.name.isEmpty())
            continue;
        const LegendItem item {&series, colorOr(series.color, ChartGeometry::defaultColor(int(i))),
            s.legendSwatch + swatchGap + ChartGeometry::textWidth(series.name, fs)};
        if (rows.empty() || rowWidths.back() + itemGap + item.width > g.bounds.width() - 2 * s.padding) {
            rows.emplace_back();
            rowWidths.push_back(-itemGap);
        }
        rows.back().push_back(item);
        rowWidths.back() += itemGap + item.width;
    }
    legend.top = g.bounds.bottom() - s.padding - double(rows.size()) * kLineHeight * fs;
    return legend;
}

/// The ticks at `xValues` and `yValues` that fall on the axes, their grid lines and labels; crowded labels thinned,
/// the grid kept.
void drawTicks(ChartGeometry& g, const std::vector<double>& xValues, const QStringList& xLabels,
    const std::vector<double>& yValues, const QStringList& yLabels, double labelGap)
{
    const ChartStyle& s = g.style;
    const double fs = s.fontSize;
    const double line = kLineHeight * fs;
    const QRectF& plot = g.plot;
    for (std::size_t i = 0; i < xValues.size(); ++i) {
        const double px = g.x.map(xValues[i]);
        if (px >= plot.left() - kEdge && px <= plot.right() + kEdge)
            g.xTicks.push_back({xValues[i], px, xLabels[qsizetype(i)]});
    }
    for (std::size_t i = 0; i < yValues.size(); ++i) {
        const double py = g.y.map(yValues[i]);
        if (py >= plot.top() - kEdge && py <= plot.bottom() + kEdge)
            g.yTicks.push_back({yValues[i], py, yLabels[qsizetype(i)]});
    }
    thinLabels(g.xTicks,
        labelStride(g.xTicks, fs / 2, [&](const ChartTick& t) { return ChartGeometry::textWidth(t.label, fs) / 2; }));
    thinLabels(g.yTicks, labelStride(g.yTicks, fs / 4, [&](const ChartTick&) { return line / 2; }));
    for (const ChartTick& t : g.xTicks) {
        if (std::abs(t.position - plot.left()) > kEdge)
            g.gridLines.push_back({{t.position, plot.top()}, {t.position, plot.bottom()}, s.gridColor, s.gridWidth});
        g.axisLines.push_back(
            {{t.position, plot.bottom()}, {t.position, plot.bottom() + s.tickLength}, s.axisColor, s.axisWidth});
        if (!t.label.isEmpty()) {
            g.texts.push_back({t.label, {t.position, plot.bottom() + s.tickLength + labelGap + kAscent * fs},
                ChartText::Anchor::Middle, fs, false, false, s.tickTextColor});
        }
    }
    for (const ChartTick& t : g.yTicks) {
        if (std::abs(t.position - plot.bottom()) > kEdge)
            g.gridLines.push_back({{plot.left(), t.position}, {plot.right(), t.position}, s.gridColor, s.gridWidth});
        g.axisLines.push_back(
            {{plot.left() - s.tickLength, t.position}, {plot.left(), t.position}, s.axisColor, s.axisWidth});
        if (!t.label.isEmpty()) {
            g.texts.push_back({t.label, {plot.left() - s.tickLength - labelGap, t.position + kCentreShift * fs},
                ChartText::Anchor::End, fs, false, false, s.tickTextColor});
        }
    }
}

/// Each series: lines broken at unplaceable points and clipped to the plot, dots inside it. Returns the labels of
/// its labelled points, to be placed once every line is known.
std::vector<PendingLabel> drawSeries(ChartGeometry& g, const ChartSpec& spec)
{
    const ChartStyle& s = g.style;
    const double fs = s.fontSize;
    const QRectF clip = g.plot.adjusted(-kEdge, -kEdge, kEdge, kEdge);
    std::vector<PendingLabel> pointLabels;
    for (std::size_t i = 0; i < spec.series.size() && !g.empty; ++i) {
        const ChartSpec::Series& series = spec.series[i];
        ChartSeriesShape shape;
        shape.color = colorOr(series.color, ChartGeometry::defaultColor(int(i)));
        shape.dashed = series.dashed;
        shape.lines = series.kind != ChartSpec::Series::Kind::Points;
        shape.points = series.kind != ChartSpec::Series::Kind::Line;
        std::vector<QPointF> run;
        const auto endRun = [&] {
            if (run.size() >= 2)
                shape.polylines.push_back(run);
            run.clear();
        };
        std::optional<QPointF> previous;
        for (const ChartSpec::Point& p : series.points) {
            const QPointF at = g.map(p.x, p.y);
            if (!std::isfinite(at.x()) || !std::isfinite(at.y())) {
                endRun();
                previous.reset();
                continue;
            }
            if (clip.contains(at)) {
                shape.dots.push_back(at);
                if (!p.label.isEmpty()) {
                    pointLabels.push_back({p.label, s.tickTextColor, s.smallFontSize, false,
                        diagonals(at, s.pointRadius + 0.2 * fs, kAscent * s.smallFontSize)});
                }
            }
            if (previous && shape.lines) {
                QPointF a = *previous;
                QPointF b = at;
                if (clipSegment(a, b, clip)) {
                    if (run.empty() || run.back() != a) {
                        endRun();
                        run.push_back(a);
                    }
                    run.push_back(b);
                    if (b != at)
                        endRun();
                } else {
                    endRun();
                }
            }
            previous = at;
        }
        endRun();
        g.series.push_back(std::move(shape));
    }
    return pointLabels;
}

/// Rules across the plot and rings around the marks. Returns their labels, to be placed once every line is known.
std::vector<PendingLabel> drawMarksAndRules(ChartGeometry& g, const ChartSpec& spec)
{
    const ChartStyle& s = g.style;
    const double fs = s.fontSize;
    const double line = kLineHeight * fs;
    const QRectF& plot = g.plot;
    const QRectF clip = plot.adjusted(-kEdge, -kEdge, kEdge, kEdge);
    std::vector<PendingLabel> pending;
    const double gap = 0.3 * fs;
    const auto fitsRightOf
        = [&](double px, const QString& text) { return px + gap + ChartGeometry::textWidth(text, fs) <= plot.right(); };
    for (const ChartSpec::Mark& m : spec.marks) {
        const QPointF at = g.map(m.x, m.y);
        if (g.empty || !clip.contains(at))
            continue;
        const QString color = colorOr(m.color, QStringLiteral("#d62728"));
        g.marks.push_back({at, s.markRadius, color});
        if (m.label.isEmpty())
            continue;
        // Diagonally off the ring, so that the label never sits on the line through the point.
        pending.push_back({m.label, color, fs, true, diagonals(at, s.markRadius * 0.8 + 0.2 * fs, kAscent * fs)});
    }
    for (const ChartSpec::Rule& r : spec.rules) {
        const QString color = colorOr(r.color, QStringLiteral("#7f7f7f"));
        if (r.orientation == ChartSpec::Rule::Orientation::Horizontal) {
            const double py = g.y.map(r.value);
            if (g.empty || !(py >= clip.top() && py <= clip.bottom()))
                continue;
            g.ruleLines.push_back({{plot.left(), py}, {plot.right(), py}, color, s.ruleWidth, true});
            // Higher values are up: the "more" side lies above the line.
            if (r.shade == ChartSpec::Rule::Shade::More)
                g.bands.push_back({QRectF(QPointF(plot.left(), plot.top()), QPointF(plot.right(), py)), color});
            else if (r.shade == ChartSpec::Rule::Shade::Less)
                g.bands.push_back({QRectF(QPointF(plot.left(), py), QPointF(plot.right(), plot.bottom())), color});
            const double above = py - gap;
            const double below = py + gap + kAscent * fs;
            const double rightEnd = plot.right() - gap;
            const double leftEnd = plot.left() + gap;
            pending.push_back({r.label, color, fs, false,
                {{{rightEnd, above}, ChartText::Anchor::End}, {{leftEnd, above}, ChartText::Anchor::Start},
                    {{rightEnd, below}, ChartText::Anchor::End}, {{leftEnd, below}, ChartText::Anchor::Start}}});
        } else {
            const double px = g.x.map(r.value);
            if (g.empty || !(px >= clip.left() && px <= clip.right()))
                continue;
            g.ruleLines.push_back({{px, plot.top()}, {px, plot.bottom()}, color, s.ruleWidth, true});
            if (r.shade == ChartSpec::Rule::Shade::More)
                g.bands.push_back({QRectF(QPointF(px, plot.top()), QPointF(plot.right(), plot.bottom())), color});
            else if (r.shade == ChartSpec::Rule::Shade::Less)
                g.bands.push_back({QRectF(QPointF(plot.left(), plot.top()), QPointF(px, plot.bottom())), color});
            const double nearTop = plot.top() + line;
            const double nearBottom = plot.bottom() - gap - kDescent * fs;
            const bool right = fitsRightOf(px, r.label);
            const ChartText::Anchor side = right ? ChartText::Anchor::Start : ChartText::Anchor::End;
            const ChartText::Anchor other = right ? ChartText::Anchor::End : ChartText::Anchor::Start;
            const double sideX = right ? px + gap : px - gap;
            const double otherX = right ? px - gap : px + gap;
            pending.push_back({r.label, color, fs, false,
                {{{sideX, nearTop}, side}, {{otherX, nearTop}, other}, {{sideX, nearBottom}, side},
                    {{otherX, nearBottom}, other}}});
        }
    }
    return pending;
}

/// Each label in the plot goes to the candidate place that hides the least: the fewest series points and line
/// segments under it, no ring, no other label, in the plot rather than its margins. `pending` in order: marks first,
/// since they are what the chart is about, then rules, then single points.
void placeLabels(ChartGeometry& g, const std::vector<PendingLabel>& pending)
{
    const ChartStyle& s = g.style;
    const QRectF& plot = g.plot;
    const QRectF& bounds = g.bounds;
    const auto boxOf = [&](const QPointF& at, ChartText::Anchor anchor, const QString& text, double size) {
        const double w = ChartGeometry::textWidth(text, size);
        const double x0 = anchor == ChartText::Anchor::Start ? at.x()
            : anchor == ChartText::Anchor::Middle            ? at.x() - w / 2
                                                             : at.x() - w;
        return QRectF(x0, at.y() - kAscent * size, w, (kAscent + kDescent) * size);
    };
    std::vector<QRectF> taken;
    for (const ChartText& t : g.texts) {
        if (!t.vertical)
            taken.push_back(boxOf(t.at, t.anchor, t.text, t.size));
    }
    const auto crossings = [](const QRectF& box, const std::vector<QPointF>& polyline) {
        int n = 0;
        for (std::size_t i = 1; i < polyline.size(); ++i) {
            QPointF a = polyline[i - 1];
            QPointF b = polyline[i];
            n += clipSegment(a, b, box) ? 1 : 0;
        }
        return n;
    };
    const auto cost = [&](const QRectF& box) {
        // Spilling out of the plot costs a little (it may still hit a tick label, counted below), out of the chart
        // a lot.
        int n = plot.contains(box) ? 0 : bounds.contains(box) ? 3 : 1000;
        const QRectF padded = box.adjusted(-s.pointRadius, -s.pointRadius, s.pointRadius, s.pointRadius);
        for (const ChartSeriesShape& shape : g.series) {
            for (const QPointF& p : shape.dots)
                n += padded.contains(p) ? 4 : 0;
            for (const std::vector<QPointF>& polyline : shape.polylines)
                n += 4 * crossings(box, polyline);
        }
        for (const ChartLine& l : g.ruleLines)
            n += 2 * crossings(box, {l.from, l.to});
        for (const ChartRing& ring : g.marks) {
            const QRectF around(
                ring.center - QPointF(ring.radius, ring.radius), QSizeF(2 * ring.radius, 2 * ring.radius));
            n += box.intersects(around) ? 6 : 0;
        }
        for (const QRectF& other : taken)
            n += box.intersects(other) ? 10 : 0;
        return n;
    };
    // A place whose label would leave the chart, slid back inside it where the label fits at all: a label longer
    // than the room on either side of its point (German's "Bestes unter dem Zielwert: 16 Nutzer" beside a point near
    // the plot's left edge) was cut off at the chart's edge.
    const auto slidIn = [&](std::pair<QPointF, ChartText::Anchor> place, const PendingLabel& label) {
        const QRectF box = boxOf(place.first, place.second, label.text, label.size);
        const auto shift = [](double lo, double hi, double boundLo, double boundHi) {
            if (hi - lo > boundHi - boundLo)
                return 0.0;
            return lo < boundLo ? boundLo - lo : hi > boundHi ? boundHi - hi : 0.0;
        };
        place.first += QPointF(shift(box.left(), box.right(), bounds.left(), bounds.right()),
            shift(box.top(), box.bottom(), bounds.top(), bounds.bottom()));
        return place;
    };
    for (const PendingLabel& label : pending) {
        if (label.text.isEmpty())
            continue;
        std::vector<std::pair<QPointF, ChartText::Anchor>> places = label.places;
        for (const auto& place : label.places) {
            if (const auto inside = slidIn(place, label); inside.first != place.first)
                places.push_back(inside);
        }
        std::size_t best = 0;
        int bestCost = std::numeric_limits<int>::max();
        for (std::size_t i = 0; i < places.size(); ++i) {
            const int c = cost(boxOf(places[i].first, places[i].second, label.text, label.size));
            if (c < bestCost) {
                bestCost = c;
                best = i;
            }
        }
        const auto& [at, anchor] = places[best];
        taken.push_back(boxOf(at, anchor, label.text, label.size));
        g.texts.push_back({label.text, at, anchor, label.size, label.bold, false, label.color});
    }
}

/// The legend's rows, centred under the plot (or the chart, where a row is wider than the plot).
void drawLegend(ChartGeometry& g, const Legend& legend)
{
    const ChartStyle& s = g.style;
    const double fs = s.fontSize;
    for (std::size_t r = 0; r < legend.rows.size(); ++r) {
        const double mid = legend.top + (double(r) + 0.5) * kLineHeight * fs;
        const double width = legend.widths[r];
        double xAt = width <= g.plot.width() ? g.plot.center().x() - width / 2 : g.bounds.center().x() - width / 2;
        for (const LegendItem& item : legend.rows[r]) {
            const bool hasLine = item.series->kind != ChartSpec::Series::Kind::Points;
            const bool hasDot = item.series->kind != ChartSpec::Series::Kind::Line;
            g.legend.push_back(
                {{xAt, mid}, {xAt + s.legendSwatch, mid}, item.color, item.series->dashed, hasLine, hasDot});
            g.texts.push_back({item.series->name, {xAt + s.legendSwatch + legend.swatchGap, mid + kCentreShift * fs},
                ChartText::Anchor::Start, fs, false, false, s.textColor});
            xAt += item.width + legend.itemGap;
        }
    }
}

} // namespace

ChartStyle ChartStyle::scaled(double devicePixelsPerCssPixel, double chartHeight)
{
    double unit = devicePixelsPerCssPixel > 0 ? devicePixelsPerCssPixel : 1;
    const double cssHeight = chartHeight / unit;
    if (cssHeight > 0 && cssHeight < 250)
        unit *= std::max(cssHeight, 100.0) / 250;
    ChartStyle s;
    for (double* v : {&s.fontSize, &s.smallFontSize, &s.titleFontSize, &s.lineWidth, &s.axisWidth, &s.gridWidth,
             &s.ruleWidth, &s.pointRadius, &s.markRadius, &s.markWidth, &s.tickLength, &s.padding, &s.legendSwatch})
        *v *= unit;
    for (double& v : s.seriesDash)
        v *= unit;
    for (double& v : s.ruleDash)
        v *= unit;
    return s;
}

bool ChartScale::accepts(double value) const
{
    return std::isfinite(value) && (!log2 || value > 0);
}

double ChartScale::map(double value) const
{
    if (!accepts(value))
        return kNaN;
    const double lo = toScale(min, log2);
    const double hi = toScale(max, log2);
    return from + (toScale(value, log2) - lo) / (hi - lo) * (to - from);
}

QPointF ChartGeometry::map(double dataX, double dataY) const
{
    return {x.map(dataX), y.map(dataY)};
}

std::vector<double> ChartGeometry::niceTicks(double min, double max, int target)
{
    if (!std::isfinite(min) || !std::isfinite(max) || !(max > min))
        return std::isfinite(min) ? std::vector<double> {min} : std::vector<double> {};
    // The tolerance keeps a bound that is a multiple of the step up to rounding (0.87 / 0.29) among the ticks.
    constexpr double eps = 1e-9;
    const auto count = [&](double step) { return std::floor(max / step + eps) - std::ceil(min / step - eps) + 1; };
    const double rough = (max - min) / std::max(1, target);
    const double decade = std::pow(10.0, std::floor(std::log10(rough)));
    double best = decade;
    double bestScore = std::numeric_limits<double>::infinity();
    for (double d : {decade / 10, decade, decade * 10}) {
        for (double m : {1.0, 2.0, 5.0}) {
            const double step = m * d;
            // By ratio: eight ticks are as near six as four and a half, not as near as four.
            const double n = count(step);
            const double score = n > 0 ? std::abs(std::log(n / target)) : std::numeric_limits<double>::infinity();
            // Candidates come in increasing step, so a tie (up to rounding) goes to the wider one.
            if (score <= bestScore + 1e-9) {
                bestScore = score;
                best = step;
            }
        }
    }
    std::vector<double> ticks;
    const auto first = static_cast<long long>(std::ceil(min / best - eps));
    const auto last = static_cast<long long>(std::floor(max / best + eps));
    for (long long i = first; i <= last; ++i)
        ticks.push_back(i == 0 ? 0.0 : double(i) * best); // i·step, not a running sum: no drift, no −0
    return ticks;
}

std::vector<double> ChartGeometry::log2Ticks(double min, double max)
{
    if (!(min > 0) || !std::isfinite(max) || !(max > min))
        return niceTicks(min, max);
    constexpr double eps = 1e-9;
    const int e0 = int(std::ceil(std::log2(min) - eps));
    const int e1 = int(std::floor(std::log2(max) + eps));
    if (e1 - e0 + 1 < 2)
        return niceTicks(min, max);
    int stride = 1;
    while ((e1 - e0) / stride + 1 > 9)
        ++stride;
    std::vector<double> ticks;
    // Multiples of the stride, so that 1 stays among the ticks whatever the range.
    int e = e0;
    while (((e % stride) + stride) % stride != 0)
        ++e;
    for (; e <= e1; e += stride)
        ticks.push_back(std::exp2(double(e)));
    return ticks;
}

QStringList ChartGeometry::tickLabels(const std::vector<double>& ticks, bool log2)
{
    const auto decimalsFor = [](double v) {
        for (int d = 0; d < 6; ++d) {
            const double scaled = v * std::pow(10.0, d);
            if (std::abs(scaled - std::round(scaled)) < 1e-6 * std::max(1.0, std::abs(scaled)))
                return d;
        }
        return 6;
    };
    int shared = 0;
    if (!log2 && ticks.size() >= 2) {
        const double step = std::abs(ticks[1] - ticks[0]);
        shared = std::clamp(int(-std::floor(std::log10(step) + 1e-9)), 0, 6);
    } else if (!log2 && ticks.size() == 1) {
        shared = decimalsFor(ticks.front());
    }
    QStringList labels;
    for (double v : ticks) {
        QString label = text::number(v, log2 ? decimalsFor(v) : shared);
        label.replace(u'-', u'−'); // the typographic minus, as wide as a plus
        labels.append(label);
    }
    return labels;
}

double ChartGeometry::textWidth(const QString& text, double fontSize)
{
    // Advance widths in ems, rounded up from DejaVu Sans, the widest common sans-serif: better a margin too wide
    // than a label cut off.
    double ems = 0;
    for (QChar c : text) {
        if (c.isDigit())
            ems += 0.64;
        else if (QStringView(u" ,.:;'!|()[]ijlft/").contains(c))
            ems += 0.36;
        else if (QStringView(u"mwMW%@").contains(c))
            ems += 0.95;
        else if (c.isUpper())
            ems += 0.72;
        else
            ems += 0.62;
    }
    return ems * fontSize;
}

QString ChartGeometry::defaultColor(int index)
{
    // Tableau 10's first six: distinct for the colour-blind in pairs, and printable.
    static const std::array<QString, 6> palette {QStringLiteral("#1f77b4"), QStringLiteral("#ff7f0e"),
        QStringLiteral("#2ca02c"), QStringLiteral("#d62728"), QStringLiteral("#9467bd"), QStringLiteral("#8c564b")};
    return palette[std::size_t(std::max(0, index)) % palette.size()];
}

ChartGeometry ChartGeometry::of(const ChartSpec& spec, const QRectF& bounds, const ChartStyle& style)
{
    ChartGeometry g;
    g.bounds = bounds;
    g.style = style;
    const ChartStyle& s = style;
    const double fs = s.fontSize;
    const double line = kLineHeight * fs;

    // Ranges, from everything that will be drawn.
    std::vector<double> xs;
    std::vector<double> ys;
    for (const ChartSpec::Series& series : spec.series) {
        for (const ChartSpec::Point& p : series.points) {
            if (std::isnan(p.x) || std::isnan(p.y))
                continue;
            const bool placeable = (!spec.x.log2 || p.x > 0) && (!spec.y.log2 || p.y > 0);
            g.empty = g.empty && !(placeable && std::isfinite(p.x) && std::isfinite(p.y));
            xs.push_back(p.x);
            ys.push_back(p.y);
        }
    }
    for (const ChartSpec::Mark& m : spec.marks) {
        if (std::isnan(m.x) || std::isnan(m.y))
            continue;
        xs.push_back(m.x);
        ys.push_back(m.y);
    }
    for (const ChartSpec::Rule& r : spec.rules)
        (r.orientation == ChartSpec::Rule::Orientation::Horizontal ? ys : xs).push_back(r.value);
    const Range xr = rangeOf(xs, spec.x);
    const Range yr = rangeOf(ys, spec.y);
    g.x = {xr.lo, xr.hi, spec.x.log2, 0, 1};
    g.y = {yr.lo, yr.hi, spec.y.log2, 0, 1};

    // Ticks depend on the ranges only, so their labels can size the margins before the plot is placed.
    const std::vector<double> xValues = g.empty ? std::vector<double> {}
        : spec.x.log2                           ? log2Ticks(xr.lo, xr.hi)
                                                : niceTicks(xr.lo, xr.hi);
    const std::vector<double> yValues = g.empty ? std::vector<double> {}
        : spec.y.log2                           ? log2Ticks(yr.lo, yr.hi)
                                                : niceTicks(yr.lo, yr.hi);
    const QStringList xLabels = tickLabels(xValues, spec.x.log2);
    const QStringList yLabels = tickLabels(yValues, spec.y.log2);
    double yLabelWidth = 0;
    for (const QString& label : yLabels)
        yLabelWidth = std::max(yLabelWidth, textWidth(label, fs));
    const double lastXLabelWidth = xLabels.isEmpty() ? 0 : textWidth(xLabels.back(), fs);

    // Title, at the top left.
    double top = bounds.top() + s.padding;
    if (!spec.title.isEmpty()) {
        const double room = bounds.width() - 2 * s.padding;
        const double natural = textWidth(spec.title, s.titleFontSize);
        // A long title shrinks rather than running off the chart.
        const double size = natural > room && room > 0 ? std::max(s.smallFontSize, s.titleFontSize * room / natural)
                                                       : s.titleFontSize;
        g.texts.push_back({spec.title, {bounds.left() + s.padding, top + kAscent * size}, ChartText::Anchor::Start,
            size, true, false, s.textColor});
        top += kLineHeight * size + s.padding / 2;
    }

    // Legend rows at the bottom, measured before the plot so that the plot takes what is left.
    const Legend legend = measureLegend(g, spec);
    double bottom = bounds.bottom() - s.padding;
    if (!legend.rows.empty())
        bottom = legend.top - s.padding / 2;

    // Axis titles and tick labels around the plot.
    double xTitleBaseline = kNaN;
    if (!spec.x.title.isEmpty()) {
        xTitleBaseline = bottom - kDescent * fs;
        bottom -= line;
    }
    const double xLabelHeight = xLabels.isEmpty() ? 0 : line;
    const double labelGap = 0.25 * fs;
    double left = bounds.left() + s.padding;
    double yTitleBaseline = kNaN;
    if (!spec.y.title.isEmpty()) {
        yTitleBaseline = left + kAscent * fs; // turned text: its ascent lies to the left of the baseline
        left += line;
    }
    const double yLabelRoom = yLabels.isEmpty() ? 0 : yLabelWidth + labelGap;
    const double plotLeft = left + yLabelRoom + s.tickLength;
    // The last x label is centred on its tick, which may sit at the plot's right edge.
    const double plotRight = bounds.right() - std::max(s.padding, lastXLabelWidth / 2 + s.padding / 2);
    const double plotTop = top + fs / 2; // half a label, for the top y tick label centred on its tick
    const double plotBottom = bottom - xLabelHeight - labelGap - s.tickLength;
    const double minSide = 2 * fs;
    g.plot
        = QRectF(plotLeft, plotTop, std::max(minSide, plotRight - plotLeft), std::max(minSide, plotBottom - plotTop));
    const QRectF& plot = g.plot;
    g.x.from = plot.left();
    g.x.to = plot.right();
    g.y.from = plot.bottom();
    g.y.to = plot.top();

    if (!std::isnan(xTitleBaseline)) {
        g.texts.push_back({spec.x.title, {plot.center().x(), xTitleBaseline}, ChartText::Anchor::Middle, fs, false,
            false, s.textColor});
    }
    if (!std::isnan(yTitleBaseline)) {
        g.texts.push_back({spec.y.title, {yTitleBaseline, plot.center().y()}, ChartText::Anchor::Middle, fs, false,
            true, s.textColor});
    }

    // Frame: the two axes.
    g.axisLines.push_back({plot.bottomLeft(), plot.bottomRight(), s.axisColor, s.axisWidth, false});
    g.axisLines.push_back({plot.bottomLeft(), plot.topLeft(), s.axisColor, s.axisWidth, false});

    drawTicks(g, xValues, xLabels, yValues, yLabels, labelGap);

    if (g.empty) {
        g.texts.push_back({QCoreApplication::translate("Report", "No data"),
            {plot.center().x(), plot.center().y() + kCentreShift * fs}, ChartText::Anchor::Middle, fs, false, false,
            s.tickTextColor});
    }

    const std::vector<PendingLabel> pointLabels = drawSeries(g, spec);
    std::vector<PendingLabel> pending = drawMarksAndRules(g, spec);
    pending.insert(pending.end(), pointLabels.begin(), pointLabels.end());
    placeLabels(g, pending);
    drawLegend(g, legend);
    return g;
}

} // namespace kp::core
