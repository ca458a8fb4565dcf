// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDoubleSpinBox>

namespace kp::ui {

/// A target in milliseconds that says when it refused what was typed. A plain QDoubleSpinBox puts its last value
/// back without a word when the text cannot be a value in its range ("0", "-5", a pasted "abc-0"); this one emits
/// refused() with the text first, so that the page can say what happened beside the field.
class MillisecondsSpinBox : public QDoubleSpinBox
{
    Q_OBJECT
public:
    explicit MillisecondsSpinBox(QWidget* parent = nullptr);

    void fixup(QString& input) const override;

Q_SIGNALS:
    /// `typed` was not a value in range; the field keeps the value it had.
    void refused(const QString& typed) const;
};

} // namespace kp::ui
