// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/paintedchart.h"

#include "core/report/chartgeometry.h"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QList>
#include <QPaintDevice>
#include <QPainter>
#include <QPen>
#include <QPolygonF>

namespace kp::core {

namespace {

QPen penOf(const QString& color, double width, const std::vector<double>& dash, Qt::PenCapStyle cap)
{
    QPen pen(QColor(color), width);
    pen.setCapStyle(cap);
    pen.setJoinStyle(Qt::RoundJoin);
    if (!dash.empty() && width > 0) {
        // QPen counts a dash pattern in pen widths; the style counts it in pixels like SVG.
        QList<qreal> pattern;
        for (double d : dash)
            pattern.append(d / width);
        pen.setDashPattern(pattern);
    }
    return pen;
}

void drawLine(QPainter& painter, const ChartLine& l, const ChartStyle& style)
{
    painter.setPen(penOf(l.color, l.width, l.dashed ? style.ruleDash : std::vector<double> {}, Qt::FlatCap));
    painter.drawLine(l.from, l.to);
}

void drawText(QPainter& painter, const ChartText& t, double dpi)
{
    QFont font(QStringLiteral("sans-serif"));
    font.setStyleHint(QFont::SansSerif);
    // Without shaping, "fi" stays two letters in the PDF's text, so a search for "find" finds it.
    font.setStyleStrategy(QFont::PreferNoShaping);
    // Points through the device's dpi: the same physical size on a 96 dpi image and a 1200 dpi PDF.
    font.setPointSizeF(t.size * 72.0 / dpi);
    font.setBold(t.bold);
    painter.setFont(font);
    painter.setPen(QColor(t.color));
    const double width = QFontMetricsF(font, painter.device()).horizontalAdvance(t.text);
    const double shift = t.anchor == ChartText::Anchor::Start ? 0
        : t.anchor == ChartText::Anchor::Middle               ? -width / 2
                                                              : -width;
    if (!t.vertical) {
        painter.drawText(QPointF(t.at.x() + shift, t.at.y()), t.text);
        return;
    }
    painter.save();
    painter.translate(t.at);
    painter.rotate(-90);
    painter.drawText(QPointF(shift, 0), t.text);
    painter.restore();
}

} // namespace

void PaintedChart::paint(QPainter& painter, const QRectF& rect, const ChartSpec& spec)
{
    const QPaintDevice* device = painter.device();
    const double dpi = device && device->logicalDpiY() > 0 ? device->logicalDpiY() : 96.0;
    const ChartGeometry g = ChartGeometry::of(spec, rect, ChartStyle::scaled(dpi / 96.0, rect.height()));
    const ChartStyle& s = g.style;

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setClipRect(rect, Qt::IntersectClip);
    painter.fillRect(rect, QColor(s.background));
    for (const ChartBand& b : g.bands) {
        QColor tint(b.color);
        tint.setAlphaF(ChartBand::kOpacity);
        painter.fillRect(b.rect, tint);
    }
    painter.setBrush(Qt::NoBrush);

    for (const ChartLine& l : g.gridLines)
        drawLine(painter, l, s);
    for (const ChartLine& l : g.axisLines)
        drawLine(painter, l, s);

    for (const ChartSeriesShape& series : g.series) {
        const QPen pen = penOf(series.color, s.lineWidth, series.dashed ? s.seriesDash : std::vector<double> {},
            series.dashed ? Qt::FlatCap : Qt::RoundCap);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        for (const std::vector<QPointF>& polyline : series.polylines)
            painter.drawPolyline(polyline.data(), int(polyline.size()));
        if (series.points) {
            painter.setPen(QPen(QColor(s.background), s.pointRadius / 3));
            painter.setBrush(QColor(series.color));
            for (const QPointF& p : series.dots)
                painter.drawEllipse(p, s.pointRadius, s.pointRadius);
        }
    }

    painter.setBrush(Qt::NoBrush);
    for (const ChartLine& l : g.ruleLines)
        drawLine(painter, l, s);
    for (const ChartRing& m : g.marks) {
        painter.setPen(QPen(QColor(m.color), s.markWidth));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(m.center, m.radius, m.radius);
    }

    for (const ChartLegendSwatch& sw : g.legend) {
        if (sw.line) {
            painter.setPen(penOf(sw.color, s.lineWidth, sw.dashed ? s.seriesDash : std::vector<double> {},
                sw.dashed ? Qt::FlatCap : Qt::RoundCap));
            painter.drawLine(sw.from, sw.to);
        }
        if (sw.dot) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(sw.color));
            painter.drawEllipse((sw.from + sw.to) / 2, s.pointRadius, s.pointRadius);
        }
    }

    for (const ChartText& t : g.texts)
        drawText(painter, t, dpi);
    painter.restore();
}

} // namespace kp::core
