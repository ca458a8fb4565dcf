// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/chartspec.h"

#include <QString>

namespace kp::core {

/// A ChartSpec as an SVG element for an HTML report, drawn from ChartGeometry like PaintedChart.
class SvgChart
{
public:
    /// A self-contained `<svg>` element with a `viewBox` of `width` × `height` user units (CSS pixels at its
    /// natural size): no scripts, no external references, no ids that two charts on one page could share, fonts
    /// by the generic family `sans-serif`, every text escaped. Its `<title>` is the chart's title for screen
    /// readers, its `<desc>` the caption. Well-formed XML, to be embedded inline or saved as a `.svg` file.
    static QString render(const ChartSpec& spec, double width, double height);
};

} // namespace kp::core
