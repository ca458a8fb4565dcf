// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/walls.h"

#include <QWidget>

#include <vector>

namespace kp::ui {

/// The three walls as one small picture: a bar per wall on the measured loads (log scale), each ending where its wall
/// was reached, the limiting one in colour, an unreached one running past the last load. Which wall is lowest, and
/// by how much, is seen before it is read; the sentence under it (Walls::lowestSentence) says it in numbers.
class WallsView : public QWidget
{
    Q_OBJECT

public:
    explicit WallsView(QWidget* parent = nullptr);

    /// `loads` are the loads measured, in order; `byRate` says they are requests per second.
    void setWalls(const kp::core::Walls& walls, std::vector<double> loads, bool byRate);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    struct Row
    {
        QString name;
        QString value; ///< "11 users", "beyond 16 users", "not visible"
        QString evidence;
        bool visible = false;
        bool reached = false;
        bool limiting = false;
        double load = 0;
    };
    double xOf(double load, double left, double width) const;

    std::vector<Row> m_rows;
    std::vector<double> m_loads;
};

} // namespace kp::ui
