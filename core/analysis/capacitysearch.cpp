// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/capacitysearch.h"

#include <algorithm>
#include <cmath>

namespace kp::core {

bool CapacitySearch::precise(const Capacity& c, double precision)
{
    if (c.bound != Capacity::Bound::Between || std::isnan(c.low) || std::isnan(c.high) || !(c.load > 0))
        return false;
    return (c.high - c.low) / 2 <= precision * c.load;
}

std::optional<double> CapacitySearch::nextProbe(const LoadCurve& curve, double precision, bool wholeLoads)
{
    const Capacity& c = curve.capacity;
    if (c.bound != Capacity::Bound::Between || precise(c, precision))
        return std::nullopt;
    const double pass = curve.points[std::size_t(c.lastPass)].load;
    const double fail = curve.points[std::size_t(c.firstFail)].load;
    const double quarter = (fail - pass) / 4;
    double probe = std::clamp(c.load, pass + quarter, fail - quarter);
    if (wholeLoads) {
        probe = std::clamp(std::round(probe), pass + 1, fail - 1);
    } else {
        const double scale = std::pow(10.0, std::floor(std::log10(probe)) - 1);
        probe = std::round(probe / scale) * scale;
    }
    if (!(probe > pass && probe < fail))
        return std::nullopt;
    const bool measured = std::any_of(curve.points.begin(), curve.points.end(),
        [probe](const CurvePoint& p) { return std::abs(p.load - probe) < 1e-9 * std::max(1.0, probe); });
    if (measured)
        return std::nullopt;
    return probe;
}

std::optional<double> CapacitySearch::remeasure(const LoadCurve& curve, const QList<double>& done)
{
    const Capacity& c = curve.capacity;
    if (c.laterPass < 0 || c.firstFail < 0)
        return std::nullopt;
    const double load = curve.points[std::size_t(c.firstFail)].load;
    if (done.contains(load))
        return std::nullopt;
    return load;
}

} // namespace kp::core
