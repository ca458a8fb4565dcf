// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/loadcurve.h"

#include <QList>

#include <optional>

namespace kp::core {

/// Where to measure next so that a sweep's capacity is known to a precision: a search between the two steps that
/// bracket it, after the coarse sweep. Each probe lands where the curve is interpolated to cross the target, kept
/// at least a quarter of the bracket from either end so that the bracket shrinks by a quarter or more each time
/// (bisection's guarantee with interpolation's speed). Pure: the run pipeline asks after each step.
class CapacitySearch
{
public:
    /// Whether the capacity's interval (Capacity::low, high) is within ±`precision` (a fraction, 0.1 for ±10%) of the
    /// capacity. False without a crossing between two steps.
    static bool precise(const Capacity& capacity, double precision);

    /// The next load to measure, or nothing: the capacity is precise enough, is not bracketed (every load passed,
    /// or even the lowest failed), or the bracket has no load left between its ends (`wholeLoads`: users are whole
    /// numbers; else loads such as request rates are rounded to two significant figures). Never a load already on
    /// the curve.
    static std::optional<double> nextProbe(const LoadCurve& curve, double precision, bool wholeLoads);

    /// The load to measure again before it may set the capacity, or nothing: the first step that missed a target
    /// while a higher load met every one (Capacity::laterPass), unless `done` (loads already measured again) holds
    /// it. A curve that still disagrees after that is called not monotone, with both measurements shown.
    static std::optional<double> remeasure(const LoadCurve& curve, const QList<double>& done);
};

} // namespace kp::core
