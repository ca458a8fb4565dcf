// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

class QBoxLayout;

namespace kp::ui {

/// The message under an input that says what is wrong with it: hidden while there is nothing to say, red for an
/// error and amber for a warning, in shades picked against the current palette so that it reads in light and dark
/// themes. Never a popup: the user sees the message and the field together.
class FieldMessage : public QLabel
{
    Q_OBJECT
public:
    enum class Kind { Error, Warning };

    /// `field` (optional) gets the message as its accessible description, so a screen reader says it with the field.
    explicit FieldMessage(QWidget* field = nullptr, QWidget* parent = nullptr);

    void showMessage(const QString& text, Kind kind = Kind::Error);
    void clearMessage();
    Kind kind() const { return m_kind; }
    bool isShowingError() const { return !text().isEmpty() && m_kind == Kind::Error; }

    /// A column of `field` with `message` under it, for a form row.
    static QBoxLayout* stacked(QWidget* field, FieldMessage* message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyColour();

    QWidget* m_field = nullptr;
    Kind m_kind = Kind::Error;
    bool m_applying = false;
};

} // namespace kp::ui
