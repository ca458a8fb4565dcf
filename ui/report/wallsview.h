// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/reportcontent.h"

#include <QWidget>

#include <vector>

namespace kp::ui {

/// The three walls as one small picture: a bar per wall on the measured loads (log scale), each ending where its wall
/// was reached, the limiting one in colour, an unreached one running past the last load. Which wall is lowest, and
/// by how much, is seen before it is read; the sentence under it (the answer's lowest wall) says it in numbers. It
/// draws the report document's rows (ReportContent::wallRows), so that its words are the report's.
class WallsView : public QWidget
{
    Q_OBJECT

public:
    explicit WallsView(QWidget* parent = nullptr);

    /// `loads` are the loads measured.
    void setWalls(const std::vector<kp::core::ReportContent::WallRow>& walls, std::vector<double> loads);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    using Row = kp::core::ReportContent::WallRow;
    double xOf(double load, double left, double width) const;

    std::vector<Row> m_rows;
    std::vector<double> m_loads;
};

} // namespace kp::ui
