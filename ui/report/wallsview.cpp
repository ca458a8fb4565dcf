// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/wallsview.h"

#include "core/common/textformat.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace kp::ui {

using namespace kp::core;

namespace {

constexpr int kRowHeight = 22;
constexpr int kAxisHeight = 14;

// The limiting wall's colour: a red that reads on light and dark backgrounds alike.
const QColor kLimiting(0xd6, 0x45, 0x3d);

} // namespace

WallsView::WallsView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("wallsView"));
    setAccessibleName(tr("The three walls"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void WallsView::setWalls(const std::vector<ReportContent::WallRow>& walls, std::vector<double> loads)
{
    m_loads = std::move(loads);
    std::sort(m_loads.begin(), m_loads.end());
    m_rows = walls;
    QStringList description;
    for (const Row& row : m_rows)
        description << row.name + QStringLiteral(": ") + row.value;
    setAccessibleDescription(description.join(QStringLiteral("; ")));
    setToolTip([this] {
        QStringList lines;
        for (const Row& r : m_rows)
            lines << r.name + QStringLiteral(": ") + r.evidence;
        return lines.join(u'\n');
    }());
    updateGeometry();
    update();
}

QSize WallsView::sizeHint() const
{
    return {360, int(m_rows.size()) * kRowHeight + kAxisHeight + 4};
}

QSize WallsView::minimumSizeHint() const
{
    return {220, sizeHint().height()};
}

double WallsView::xOf(double load, double left, double width) const
{
    if (m_loads.empty())
        return left;
    // Loads double from step to step: a log scale spaces them evenly. The first load sits a little in from the left
    // so that a wall at the lowest load still has a bar to see.
    const double lo = std::log(std::max(m_loads.front(), 1e-3));
    const double hi = std::log(std::max(m_loads.back(), m_loads.front() * 2));
    const double t = (std::log(std::max(load, 1e-3)) - lo) / std::max(hi - lo, 1e-9);
    return left + width * (0.06 + 0.82 * std::clamp(t, 0.0, 1.0));
}

void WallsView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    int nameWidth = 0;
    int valueWidth = 0;
    // The limiting wall's name and value are drawn bold: measured bold, or "Saturation" is clipped to "Saturatio".
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetrics boldMetrics(boldFont);
    for (const Row& r : m_rows) {
        const QFontMetrics& m = r.limiting ? boldMetrics : fm;
        nameWidth = std::max(nameWidth, m.horizontalAdvance(r.name) + 1);
        valueWidth = std::max(valueWidth, m.horizontalAdvance(r.value) + 1);
    }
    const double left = nameWidth + 10;
    const double track = std::max(40.0, width() - left - valueWidth - 10);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    // Between the text and the background, so that a bar reads on a light palette and a dark one alike: Mid is nearly
    // the dark palette's window colour, and the bars vanished there.
    const QColor text = pal.color(QPalette::WindowText);
    const QColor window = pal.color(QPalette::Window);
    const auto blend = [](int a, int b) { return (a * 45 + b * 55) / 100; };
    const QColor bar(
        blend(text.red(), window.red()), blend(text.green(), window.green()), blend(text.blue(), window.blue()));

    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const Row& r = m_rows[i];
        const int y = int(i) * kRowHeight;
        const QRectF nameRect(0, y, nameWidth, kRowHeight);
        QFont f = font();
        f.setBold(r.limiting);
        p.setFont(f);
        p.setPen(r.visible ? pal.color(QPalette::WindowText) : muted);
        p.drawText(nameRect, Qt::AlignVCenter | Qt::AlignLeft, r.name);

        const double barTop = y + kRowHeight * 0.3;
        const double barHeight = kRowHeight * 0.4;
        double end = left;
        if (r.reached) {
            end = xOf(r.load, left, track);
            p.setPen(Qt::NoPen);
            p.setBrush(r.limiting ? kLimiting : bar);
            p.drawRoundedRect(QRectF(left, barTop, end - left, barHeight), 2, 2);
            // The wall itself: a post where the bar stops.
            p.setBrush(r.limiting ? kLimiting : pal.color(QPalette::WindowText));
            p.drawRect(QRectF(end - 1.5, y + 3, 3, kRowHeight - 6));
        } else if (r.visible) {
            // Not reached: the bar runs past the last load and fades, open-ended.
            end = left + track;
            QLinearGradient fade(left, 0, end, 0);
            fade.setColorAt(0, bar);
            fade.setColorAt(1, Qt::transparent);
            p.setPen(Qt::NoPen);
            p.setBrush(fade);
            p.drawRoundedRect(QRectF(left, barTop, end - left, barHeight), 2, 2);
        } else {
            end = left + track;
            QPen dashed(muted, 1, Qt::DashLine);
            p.setPen(dashed);
            p.drawLine(QPointF(left, barTop + barHeight / 2), QPointF(end, barTop + barHeight / 2));
        }
        p.setPen(r.visible ? pal.color(QPalette::WindowText) : muted);
        p.drawText(QRectF(end + 6, y, width() - end - 6, kRowHeight), Qt::AlignVCenter | Qt::AlignLeft, r.value);
    }

    // The axis: a tick per load measured, labelled at both ends.
    const int axisY = int(m_rows.size()) * kRowHeight + 2;
    p.setFont(font());
    p.setPen(muted);
    for (double load : m_loads) {
        const double x = xOf(load, left, track);
        p.drawLine(QPointF(x, axisY), QPointF(x, axisY + 3));
    }
    if (!m_loads.empty()) {
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        p.setFont(small);
        const double x0 = xOf(m_loads.front(), left, track);
        const double x1 = xOf(m_loads.back(), left, track);
        p.drawText(QRectF(x0 - 30, axisY + 2, 60, kAxisHeight), Qt::AlignHCenter | Qt::AlignTop,
            text::number(m_loads.front()));
        if (m_loads.size() > 1)
            p.drawText(QRectF(x1 - 30, axisY + 2, 60, kAxisHeight), Qt::AlignHCenter | Qt::AlignTop,
                text::number(m_loads.back()));
    }
}

} // namespace kp::ui
