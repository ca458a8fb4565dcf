// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/wrappedlabel.h"

#include <QEvent>

namespace kp::ui {

WrappedLabel::WrappedLabel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

int WrappedLabel::heightForWidth(int width) const
{
    if (text() != m_measuredText || textFormat() != m_measuredFormat) {
        m_heights.clear();
        m_measuredText = text();
        m_measuredFormat = textFormat();
    }
    if (const auto known = m_heights.constFind(width); known != m_heights.cend())
        return *known;
    const int height = QLabel::heightForWidth(width);
    // A window dragged wider asks at every width it passes: keep the few a layout asks in one pass.
    if (m_heights.size() >= 16)
        m_heights.clear();
    m_heights.insert(width, height);
    return height;
}

bool WrappedLabel::event(QEvent* event)
{
    // What else decides the height: the font, the style and the margins.
    const QEvent::Type type = event->type();
    if (type == QEvent::FontChange || type == QEvent::StyleChange || type == QEvent::ContentsRectChange)
        m_heights.clear();
    return QLabel::event(event);
}

} // namespace kp::ui
