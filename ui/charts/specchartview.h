// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/chartgeometry.h"
#include "core/report/chartspec.h"

#include <QChartView>
#include <QHash>
#include <QPointF>

#include <vector>

class QGraphicsSimpleTextItem;
class QXYSeries;

namespace kp::ui {

/// A core::ChartSpec drawn with Qt Charts, so that the GUI shows what the PDF and HTML reports draw: the same ranges
/// (worked out by core::ChartGeometry), colours, dashes, marks and rules. Each call to setSpec() builds a new QChart.
///
/// How the spec maps onto Qt Charts:
/// - a series becomes a QLineSeries per unbroken run of its line (a NaN point breaks it), plus one QScatterSeries
///   for its dots; only the first of them keeps a legend entry;
/// - a log₂ axis becomes a QLogValueAxis of base 2, a linear one a QValueAxis with ChartGeometry's ticks;
/// - a mark becomes a QScatterSeries with a ring marker and a label, without a legend entry; labels of marks and
///   points go to the side of their point that ChartGeometry picks for the reports;
/// - a rule becomes a dashed two-point QLineSeries across the axis range, its label in the legend.
/// Hovering a series shows the nearest point's values in a tooltip. The theme follows the palette (light or dark)
/// and is rebuilt when the palette changes.
class SpecChartView : public QChartView
{
    Q_OBJECT
public:
    explicit SpecChartView(QWidget* parent = nullptr);
    ~SpecChartView() override;

    /// Replaces the chart with one drawing `spec`. A spec without a point to draw shows a "No data" title.
    void setSpec(const kp::core::ChartSpec& spec);
    const kp::core::ChartSpec& spec() const { return m_spec; }

    /// The tooltip for hovering `series` (one of this chart's) near `value` (data coordinates): the series name,
    /// the nearest point's "x, y" in the widget's locale and that point's label; a rule's label. Empty for a
    /// series of another chart.
    QString valueText(const QXYSeries* series, const QPointF& value) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class Role { Data, Mark, Rule };
    // What a tooltip needs to know about one Qt series.
    struct HoverInfo
    {
        Role role = Role::Data;
        QString name;
        std::vector<kp::core::ChartSpec::Point> points;
    };
    // A label drawn next to a point or mark; Qt Charts 6.4 has no per-point label text, so these are items of our
    // own, placed again (on the side ChartGeometry picks for the reports) whenever the plot area moves.
    struct PointLabel
    {
        QGraphicsSimpleTextItem* item = nullptr;
        QXYSeries* series = nullptr;
        QPointF value;
        double offset = 0; ///< from the point to the label, in pixels
    };

    struct Build;
    void rebuild();
    QChart* emptiedChart(const QColor& window);
    void addAxes(Build& b);
    void addBands(Build& b);
    void addSeries(Build& b);
    void addRules(Build& b);
    void addMarks(Build& b);
    void addLabel(Build& b, const QString& label, QXYSeries* series, const QPointF& at, double offset,
        const QFont& labelFont, const QColor& color);
    bool placeable(const kp::core::ChartSpec::Point& p) const;
    void finishLegend(Build& b);
    void present(QChart* chart);
    void placeLabels();
    void handleHovered(QXYSeries* series, const QPointF& value, bool state);
    QString formatValue(double value) const;
    void watch(QXYSeries* series, const HoverInfo& info);

    kp::core::ChartSpec m_spec;
    QChart* m_built = nullptr; ///< the chart rebuild() made and the view shows; null when a new one is due
    QHash<const QXYSeries*, HoverInfo> m_hover;
    std::vector<PointLabel> m_labels;
    // The axes' ranges, mapping onto 0…1: hover distances are measured in the plot's proportions.
    kp::core::ChartScale m_x;
    kp::core::ChartScale m_y;
};

} // namespace kp::ui
