// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/fieldmessage.h"

#include <QEvent>
#include <QVBoxLayout>

namespace kp::ui {

FieldMessage::FieldMessage(QWidget* field, QWidget* parent)
    : QLabel(parent)
    , m_field(field)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setVisible(false);
    applyColour();
}

void FieldMessage::showMessage(const QString& text, Kind kind)
{
    m_kind = kind;
    setText(text);
    applyColour();
    if (m_field)
        m_field->setAccessibleDescription(text);
    setVisible(!text.isEmpty());
}

void FieldMessage::clearMessage()
{
    showMessage(QString());
}

QBoxLayout* FieldMessage::stacked(QWidget* field, FieldMessage* message)
{
    auto* column = new QVBoxLayout;
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addWidget(field);
    column->addWidget(message);
    return column;
}

void FieldMessage::changeEvent(QEvent* event)
{
    // A theme switch replaces the palette; the shade chosen for the old background may not read on the new one.
    if (event->type() == QEvent::PaletteChange && !m_applying)
        applyColour();
    QLabel::changeEvent(event);
}

void FieldMessage::applyColour()
{
    // Qt 6.4's palette has no role for "negative" text, so the shade is chosen by the window's lightness: a dark red
    // or amber on a light window, a light one on a dark window, both readable against their background.
    const bool dark = palette().color(QPalette::Window).lightnessF() < 0.5;
    QColor colour;
    if (m_kind == Kind::Error)
        colour = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20);
    else
        colour = dark ? QColor(0xff, 0xcc, 0x66) : QColor(0x8a, 0x55, 0x00);
    QPalette pal = palette();
    pal.setColor(QPalette::WindowText, colour);
    m_applying = true;
    setPalette(pal);
    m_applying = false;
}

} // namespace kp::ui
