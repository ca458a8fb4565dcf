// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QLabel>

namespace kp::ui {

/// A word-wrapped label that remembers its height at each width until its text, format or font changes.
///
/// Qt lays a selectable wrapped label's text out again at every heightForWidth(), and a layout asks it several
/// times per pass: at each what-if answer the report page's few dozen labels, most of them unchanged, were laid out
/// again, the largest share of the time from a slider's move to the repainted answer.
class WrappedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit WrappedLabel(QWidget* parent = nullptr);

    int heightForWidth(int width) const override;

protected:
    bool event(QEvent* event) override;

private:
    // Kept by heightForWidth(), a const function: what the heights were measured for, and the heights.
    mutable QString m_measuredText;
    mutable Qt::TextFormat m_measuredFormat = Qt::AutoText;
    mutable QHash<int, int> m_heights;
};

} // namespace kp::ui
