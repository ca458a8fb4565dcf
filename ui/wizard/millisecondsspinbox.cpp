// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/millisecondsspinbox.h"

namespace kp::ui {

MillisecondsSpinBox::MillisecondsSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
{ }

void MillisecondsSpinBox::fixup(QString& input) const
{
    QString typed = input;
    if (!suffix().isEmpty() && typed.endsWith(suffix()))
        typed.chop(suffix().size()); // " ms" is the field's, not what was typed
    QDoubleSpinBox::fixup(input);
    // QAbstractSpinBox asks for a fixup when editing ends on text it cannot take, and reverts if that does not help.
    int position = 0;
    QString fixed = input;
    if (validate(fixed, position) != QValidator::Acceptable)
        Q_EMIT refused(typed.trimmed());
}

} // namespace kp::ui
