// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/chartspec.h"

#include <QRectF>

class QPainter;

namespace kp::core {

/// A ChartSpec painted with QPainter, for PDF reports and printing, drawn from ChartGeometry like SvgChart.
class PaintedChart
{
public:
    /// Paints `spec` into `rect` (in the painter's logical coordinates, which should be device pixels).
    /// Everything is vector: paths, polylines, ellipses and real text, so a QPdfWriter keeps it sharp and its text
    /// searchable. Sizes follow the device's logical dpi (12 CSS pixels of label are 9 pt on paper at any
    /// resolution, 12 pixels on a 96 dpi image), shrunk for a chart less than 250 CSS pixels high. Leaves the
    /// painter's state as it found it.
    static void paint(QPainter& painter, const QRectF& rect, const ChartSpec& spec);
};

} // namespace kp::core
