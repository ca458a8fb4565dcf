// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/quality/categorybars.h"

#include <QFontMetrics>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <utility>

namespace kp::ui {

namespace {

constexpr int kBar = 7; // each bar's height
constexpr int kGap = 8; // between categories
constexpr int kPad = 6;

QString percent(double share)
{
    return QLocale().toString(share * 100, 'f', 0) + QStringLiteral(" %");
}

} // namespace

CategoryBars::CategoryBars(QWidget* parent)
    : QWidget(parent)
{
    setAccessibleName(tr("Chart: accuracy before and after the change, per category"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void CategoryBars::setRows(std::vector<Row> rows)
{
    m_rows = std::move(rows);
    QStringList described;
    for (const Row& r : m_rows)
        described << tr("%1: %2 before, %3 after").arg(r.category, percent(r.before), percent(r.after));
    setAccessibleDescription(described.join(QStringLiteral("; ")));
    updateGeometry();
    update();
}

int CategoryBars::rowHeight() const
{
    // The name, and the two bars beside it, whichever is taller.
    return std::max(fontMetrics().height(), 2 * kBar + 2) + kGap;
}

int CategoryBars::legendHeight() const
{
    return fontMetrics().height() + kPad;
}

QSize CategoryBars::sizeHint() const
{
    return {360, kPad + int(m_rows.size()) * rowHeight() + legendHeight()};
}

QSize CategoryBars::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

void CategoryBars::paintEvent(QPaintEvent* /*event*/)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = fontMetrics();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor beforeColour = palette().color(QPalette::Highlight);
    const QColor afterColour(0x2c, 0xa0, 0x2c);
    // Names take what they need up to 40% of the width; a longer one is cut in its middle, whole in the table beside.
    int nameWidth = 0;
    for (const Row& r : m_rows)
        nameWidth = std::max(nameWidth, fm.horizontalAdvance(r.category));
    nameWidth = std::min(nameWidth, width() * 2 / 5);
    const int figureWidth = fm.horizontalAdvance(QStringLiteral("100 %")) + kPad;
    const int left = nameWidth + kPad;
    const int span = std::max(10, width() - left - figureWidth);
    QFont small = font(); // each bar's figure
    small.setPointSizeF(font().pointSizeF() * 0.85);

    int y = kPad;
    for (const Row& r : m_rows) {
        const int h = rowHeight() - kGap;
        p.setPen(text);
        p.drawText(QRect(0, y, nameWidth, h), Qt::AlignRight | Qt::AlignVCenter,
            fm.elidedText(r.category, Qt::ElideMiddle, nameWidth));
        const int top = y + (h - 2 * kBar - 2) / 2;
        const std::pair<double, QColor> bars[] = {{r.before, beforeColour}, {r.after, afterColour}};
        for (int i = 0; i < 2; ++i) {
            const int length = int(std::lround(std::clamp(bars[i].first, 0.0, 1.0) * span));
            const QRect bar(left, top + i * (kBar + 2), std::max(1, length), kBar);
            p.fillRect(bar, bars[i].second);
            p.setPen(text);
            p.setFont(small);
            p.drawText(QRect(bar.right() + 4, bar.top() - 4, figureWidth, kBar + 8), Qt::AlignLeft | Qt::AlignVCenter,
                percent(bars[i].first));
            p.setFont(font());
        }
        y += rowHeight();
    }

    // The legend, under the bars.
    int x = left;
    for (const auto& [name, colour] : {std::pair(tr("Before"), beforeColour), std::pair(tr("After"), afterColour)}) {
        const QRect swatch(x, y + (fm.height() - kBar) / 2, 14, kBar);
        p.fillRect(swatch, colour);
        p.setPen(text);
        p.drawText(QPoint(swatch.right() + 4, y + fm.ascent()), name);
        x = swatch.right() + 4 + fm.horizontalAdvance(name) + 3 * kPad;
    }
}

} // namespace kp::ui
