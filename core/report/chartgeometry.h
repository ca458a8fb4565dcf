// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/chartspec.h"

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

namespace kp::core {

/// The sizes and colours of a chart's furniture, in the units of the rectangle it is drawn in. The defaults are
/// CSS pixels (96 per inch): 12 px labels are 9 pt on paper.
struct ChartStyle
{
    double fontSize = 12; ///< tick labels, axis titles, legend, labels of marks and rules
    double smallFontSize = 10; ///< labels of single points
    double titleFontSize = 15;
    double lineWidth = 2; ///< series
    double axisWidth = 1;
    double gridWidth = 1;
    double ruleWidth = 1.5;
    double pointRadius = 3.5;
    double markRadius = 8;
    double markWidth = 2;
    double tickLength = 5;
    double padding = 10;
    double legendSwatch = 24; ///< the length of a legend's line sample
    std::vector<double> seriesDash {7, 4}; ///< on, off, … for a dashed series
    std::vector<double> ruleDash {5, 4};
    QString background = QStringLiteral("#ffffff");
    QString textColor = QStringLiteral("#222222");
    QString tickTextColor = QStringLiteral("#555555");
    QString axisColor = QStringLiteral("#444444");
    QString gridColor = QStringLiteral("#e6e6e6");

    /// The defaults for a device with `devicePixelsPerCssPixel` (logical dpi / 96), shrunk further for a chart
    /// less than 250 CSS pixels high so that the plot keeps most of the room.
    static ChartStyle scaled(double devicePixelsPerCssPixel, double chartHeight);
};

/// One axis's range in data and in pixels.
struct ChartScale
{
    double min = 0;
    double max = 1;
    bool log2 = false;
    double from = 0; ///< the pixel of min
    double to = 1; ///< the pixel of max

    /// Whether `value` has a place on the scale: finite, and positive on a log₂ scale.
    bool accepts(double value) const;
    /// The pixel of `value`, NaN where it has no place; values outside [min, max] extrapolate.
    double map(double value) const;
};

struct ChartTick
{
    double value = 0;
    double position = 0; ///< pixel along its axis
    QString label; ///< empty where labels would crowd: the grid line stays
};

/// A run of text, placed by its baseline.
struct ChartText
{
    enum class Anchor { Start, Middle, End };
    QString text;
    QPointF at; ///< on the baseline, at the start, middle or end of the text
    Anchor anchor = Anchor::Start;
    double size = 12;
    bool bold = false;
    bool vertical = false; ///< turned 90° counter-clockwise about `at`, reading upwards
    QString color;
};

struct ChartLine
{
    QPointF from;
    QPointF to;
    QString color;
    double width = 1;
    bool dashed = false; ///< with the style's rule dash
};

/// A tinted region of the plot: the side of a rule a target asks for (ChartSpec::Rule::shade).
struct ChartBand
{
    QRectF rect;
    QString color;
    static constexpr double kOpacity = 0.08;
};

/// A series ready to draw: its lines already broken at NaN points and clipped to the plot.
struct ChartSeriesShape
{
    QString color;
    bool dashed = false;
    bool lines = true;
    bool points = true;
    std::vector<std::vector<QPointF>> polylines; ///< each with at least two points
    std::vector<QPointF> dots; ///< the points inside the plot
};

struct ChartRing
{
    QPointF center;
    double radius = 0;
    QString color;
};

/// A legend entry's sample; its name is among the texts.
struct ChartLegendSwatch
{
    QPointF from;
    QPointF to;
    QString color;
    bool dashed = false;
    bool line = true;
    bool dot = true; ///< at the middle of the sample
};

/// Everything a renderer needs to draw a ChartSpec, worked out once so that SvgChart and PaintedChart draw the same
/// picture: ranges, ticks, the layout, every line, point and piece of text in pixels (y grows downwards, as on every
/// device; data y grows upwards).
///
/// Ranges come from the data (series points, marks and rules; NaN ignored, and values ≤ 0 on a log₂ axis) unless
/// the spec's axis fixes them. A linear axis starts at 0 when all its data are ≥ 0 and gets 5% of room past its
/// highest value; a log₂ axis gets 4% of its span in doublings at both ends. Ticks are 1, 2 or 5 × 10^k apart on a
/// linear axis, aiming at six, and powers of two on a log₂ axis; labels are plain numbers with thousands separators
/// ("1,200", never "1.2k": a report's reader compares them with tables), with the decimals the tick step needs.
/// Text widths are estimated from the characters, not measured, so that the layout does not depend on the fonts of
/// the machine that draws it; renderers align text by its anchor, so a font wider or narrower than the estimate
/// still lines up.
struct ChartGeometry
{
    QRectF bounds; ///< the whole chart
    QRectF plot; ///< the data area inside the axes
    ChartStyle style;
    ChartScale x;
    ChartScale y;
    bool empty = true; ///< no series point to draw: renderers show the frame and "No data"
    std::vector<ChartTick> xTicks;
    std::vector<ChartTick> yTicks;
    std::vector<ChartBand> bands; ///< drawn first, under the grid
    std::vector<ChartLine> gridLines;
    std::vector<ChartLine> axisLines; ///< the two axes and their tick marks
    std::vector<ChartSeriesShape> series;
    std::vector<ChartLine> ruleLines;
    std::vector<ChartRing> marks;
    std::vector<ChartLegendSwatch> legend;
    std::vector<ChartText> texts; ///< title, axis titles, tick labels, labels of rules, marks and points, legend

    /// The geometry of `spec` drawn into `bounds` with `style`.
    static ChartGeometry of(const ChartSpec& spec, const QRectF& bounds, const ChartStyle& style = {});

    /// The pixel of a data point; NaN coordinates where it has no place.
    QPointF map(double dataX, double dataY) const;

    /// Values between `min` and `max` (inclusive), 1, 2 or 5 × 10^k apart, their count nearest `target` by ratio
    /// (ties go to the wider step).
    static std::vector<double> niceTicks(double min, double max, int target = 6);
    /// The powers of two between `min` and `max`, every second, third, … one where more than nine would crowd; plain
    /// nice ticks when the range holds fewer than two powers.
    static std::vector<double> log2Ticks(double min, double max);
    /// Labels for `ticks`, with one number of decimals for all of them: as many as the step needs (0.2 → one), up to
    /// six; on a log₂ scale, as many as each value needs (0.125 → three).
    static QStringList tickLabels(const std::vector<double>& ticks, bool log2);
    /// An estimate of the width of `text` set in a sans-serif font of `fontSize`, on the wide side (DejaVu Sans).
    static double textWidth(const QString& text, double fontSize);
    /// The colour of the `index`th series when the spec gives none (or an unusable one).
    static QString defaultColor(int index);
};

} // namespace kp::core
