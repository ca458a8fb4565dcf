// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/svgchart.h"

#include "core/report/chartgeometry.h"

#include <cmath>

namespace kp::core {

namespace {

// Two decimals are a hundredth of a CSS pixel: finer than any screen, and shorter files.
QString num(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("0");
    QString s = QString::number(v, 'f', 2);
    while (s.endsWith(u'0'))
        s.chop(1);
    if (s.endsWith(u'.'))
        s.chop(1);
    return s == u"-0" ? QStringLiteral("0") : s;
}

// Escaped for text and for double-quoted attributes alike; characters XML 1.0 forbids are dropped, since a
// single one would stop the whole report from parsing.
QString xml(const QString& text)
{
    QString out;
    out.reserve(text.size());
    for (QChar c : text) {
        const char16_t u = c.unicode();
        if (u == u'&')
            out += QStringLiteral("&amp;");
        else if (u == u'<')
            out += QStringLiteral("&lt;");
        else if (u == u'>')
            out += QStringLiteral("&gt;");
        else if (u == u'"')
            out += QStringLiteral("&quot;");
        else if (u == u'\'')
            out += QStringLiteral("&apos;");
        else if ((u < 0x20 && u != u'\t' && u != u'\n' && u != u'\r') || u == 0xfffe || u == 0xffff)
            continue;
        else
            out += c;
    }
    return out;
}

QString dashArray(const std::vector<double>& dash)
{
    QStringList parts;
    for (double d : dash)
        parts.append(num(d));
    return parts.join(u' ');
}

QString lineElement(const ChartLine& l, const ChartStyle& style)
{
    QString e = u"<line x1=\"" + num(l.from.x()) + u"\" y1=\"" + num(l.from.y()) + u"\" x2=\"" + num(l.to.x())
        + u"\" y2=\"" + num(l.to.y()) + u"\" stroke=\"" + xml(l.color) + u"\" stroke-width=\"" + num(l.width) + u'"';
    if (l.dashed)
        e += u" stroke-dasharray=\"" + dashArray(style.ruleDash) + u'"';
    return e + u"/>\n";
}

QString points(const std::vector<QPointF>& polyline)
{
    QStringList parts;
    for (const QPointF& p : polyline)
        parts.append(num(p.x()) + u',' + num(p.y()));
    return parts.join(u' ');
}

QString textElement(const ChartText& t)
{
    static const QString anchors[] = {QStringLiteral("start"), QStringLiteral("middle"), QStringLiteral("end")};
    QString e = u"<text x=\"" + num(t.at.x()) + u"\" y=\"" + num(t.at.y()) + u"\" font-size=\"" + num(t.size)
        + u"\" text-anchor=\"" + anchors[int(t.anchor)] + u"\" fill=\"" + xml(t.color) + u'"';
    if (t.bold)
        e += QStringLiteral(" font-weight=\"bold\"");
    if (t.vertical)
        e += u" transform=\"rotate(-90 " + num(t.at.x()) + u' ' + num(t.at.y()) + u")\"";
    return e + u'>' + xml(t.text) + u"</text>\n";
}

} // namespace

QString SvgChart::render(const ChartSpec& spec, double width, double height)
{
    const ChartGeometry g = ChartGeometry::of(spec, QRectF(0, 0, width, height), ChartStyle::scaled(1, height));
    const ChartStyle& s = g.style;
    const QString title = spec.title.isEmpty() ? (spec.id.isEmpty() ? QStringLiteral("Chart") : spec.id) : spec.title;

    QString svg = u"<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + num(width) + u' ' + num(height)
        + u"\" width=\"" + num(width) + u"\" height=\"" + num(height) + u"\" role=\"img\" aria-label=\"" + xml(title)
        + u"\" font-family=\"sans-serif\">\n";
    svg += u"<title>" + xml(title) + u"</title>\n";
    if (!spec.caption.isEmpty())
        svg += u"<desc>" + xml(spec.caption) + u"</desc>\n";
    svg += u"<rect x=\"0\" y=\"0\" width=\"" + num(width) + u"\" height=\"" + num(height) + u"\" fill=\""
        + xml(s.background) + u"\"/>\n";

    for (const ChartBand& b : g.bands) {
        svg += u"<rect x=\"" + num(b.rect.x()) + u"\" y=\"" + num(b.rect.y()) + u"\" width=\"" + num(b.rect.width())
            + u"\" height=\"" + num(b.rect.height()) + u"\" fill=\"" + xml(b.color) + u"\" fill-opacity=\""
            + num(ChartBand::kOpacity) + u"\"/>\n";
    }
    // Grid and axes on whole pixels look sharper without anti-aliasing.
    svg += QStringLiteral("<g shape-rendering=\"crispEdges\">\n");
    for (const ChartLine& l : g.gridLines)
        svg += lineElement(l, s);
    for (const ChartLine& l : g.axisLines)
        svg += lineElement(l, s);
    svg += QStringLiteral("</g>\n");

    for (const ChartSeriesShape& series : g.series) {
        svg += QStringLiteral("<g>\n");
        const QString dash = series.dashed ? u" stroke-dasharray=\"" + dashArray(s.seriesDash) + u'"' : QString();
        // Round caps would lengthen each dash; butt caps keep the pattern what it says.
        const QString cap = series.dashed ? QStringLiteral("butt") : QStringLiteral("round");
        for (const std::vector<QPointF>& polyline : series.polylines) {
            svg += u"<polyline points=\"" + points(polyline) + u"\" fill=\"none\" stroke=\"" + xml(series.color)
                + u"\" stroke-width=\"" + num(s.lineWidth) + u"\" stroke-linejoin=\"round\" stroke-linecap=\"" + cap
                + u'"' + dash + u"/>\n";
        }
        if (series.points) {
            for (const QPointF& p : series.dots) {
                svg += u"<circle cx=\"" + num(p.x()) + u"\" cy=\"" + num(p.y()) + u"\" r=\"" + num(s.pointRadius)
                    + u"\" fill=\"" + xml(series.color) + u"\" stroke=\"" + xml(s.background) + u"\" stroke-width=\""
                    + num(s.pointRadius / 3) + u"\"/>\n";
            }
        }
        svg += QStringLiteral("</g>\n");
    }

    for (const ChartLine& l : g.ruleLines)
        svg += lineElement(l, s);
    for (const ChartRing& m : g.marks) {
        svg += u"<circle cx=\"" + num(m.center.x()) + u"\" cy=\"" + num(m.center.y()) + u"\" r=\"" + num(m.radius)
            + u"\" fill=\"none\" stroke=\"" + xml(m.color) + u"\" stroke-width=\"" + num(s.markWidth) + u"\"/>\n";
    }

    for (const ChartLegendSwatch& sw : g.legend) {
        if (sw.line) {
            svg += u"<line x1=\"" + num(sw.from.x()) + u"\" y1=\"" + num(sw.from.y()) + u"\" x2=\"" + num(sw.to.x())
                + u"\" y2=\"" + num(sw.to.y()) + u"\" stroke=\"" + xml(sw.color) + u"\" stroke-width=\""
                + num(s.lineWidth) + u'"'
                + (sw.dashed ? u" stroke-dasharray=\"" + dashArray(s.seriesDash) + u'"' : QString()) + u"/>\n";
        }
        if (sw.dot) {
            const QPointF c = (sw.from + sw.to) / 2;
            svg += u"<circle cx=\"" + num(c.x()) + u"\" cy=\"" + num(c.y()) + u"\" r=\"" + num(s.pointRadius)
                + u"\" fill=\"" + xml(sw.color) + u"\"/>\n";
        }
    }

    for (const ChartText& t : g.texts)
        svg += textElement(t);
    svg += QStringLiteral("</svg>\n");
    return svg;
}

} // namespace kp::core
