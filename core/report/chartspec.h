// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <limits>
#include <vector>

namespace kp::core {

/// One chart, described once and drawn by every renderer alike: SvgChart for HTML, PaintedChart for PDF and
/// printing, Qt Charts in the GUI. Plain data: no colours picked by the renderer, no widget in sight.
struct ChartSpec
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    struct Point
    {
        double x = 0;
        double y = 0;
        QString label; ///< shown next to the point when not empty ("8 users")
    };
    struct Series
    {
        enum class Kind { Line, Points, LineAndPoints };
        QString name; ///< for the legend
        Kind kind = Kind::LineAndPoints;
        QString color; ///< "#rrggbb"
        bool dashed = false;
        std::vector<Point> points; ///< in drawing order; a point with a NaN coordinate breaks the line
    };
    struct Axis
    {
        QString title; ///< with its unit: "TTFT p99 (ms)"
        bool log2 = false; ///< a log₂ scale, for loads that double
        double min = kNaN; ///< NaN: from the data (0 for a linear axis whose data are all positive)
        double max = kNaN; ///< NaN: from the data
    };
    /// A highlighted point: the best load under target, the knee.
    struct Mark
    {
        double x = 0;
        double y = 0;
        QString label;
        QString color;
    };
    /// A straight reference line across the plot: a target, a floor.
    struct Rule
    {
        enum class Orientation { Horizontal, Vertical };
        Orientation orientation = Orientation::Horizontal;
        double value = 0;
        QString label; ///< "target 500 ms"
        QString color;
        /// The side of the line to tint, as the region a target asks for: None, the lower values' side (Less) or
        /// the higher values' side (More).
        enum class Shade { None, Less, More };
        Shade shade = Shade::None;
    };

    QString id; ///< stable, for file names and anchors: "throughput-latency"
    QString title;
    QString caption; ///< one sentence: how to read it
    Axis x;
    Axis y;
    std::vector<Series> series;
    std::vector<Mark> marks;
    std::vector<Rule> rules;
    /// The data table printed beside the chart, so that every number drawn can also be read.
    QStringList tableHeader;
    std::vector<QStringList> tableRows;
};

} // namespace kp::core
