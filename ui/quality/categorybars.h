// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QWidget>

#include <vector>

namespace kp::ui {

/// Accuracy before and after a change for each category of a question set, as a pair of bars per category with its
/// name beside it and each figure at its bar's end. Drawn by hand rather than with Qt Charts, whose category axis
/// cut names such as "reading-comprehension" to "…" in the room the Quality tab has.
class CategoryBars : public QWidget
{
    Q_OBJECT

public:
    struct Row
    {
        QString category;
        double before = 0; ///< share right, 0…1
        double after = 0;
    };

    explicit CategoryBars(QWidget* parent = nullptr);

    void setRows(std::vector<Row> rows);
    const std::vector<Row>& rows() const { return m_rows; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int rowHeight() const;
    int legendHeight() const;

    std::vector<Row> m_rows;
};

} // namespace kp::ui
