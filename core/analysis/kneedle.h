// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <limits>
#include <vector>

namespace kp::core {

/// The knee of a measured curve: one of the measured points, never an interpolated one.
struct Knee
{
    bool found = false;
    int index = -1; ///< into the x and y the caller passed (NaN points dropped still count), -1 when not found
    double x = std::numeric_limits<double>::quiet_NaN();
    double y = std::numeric_limits<double>::quiet_NaN();
    /// The difference curve at the knee (its local maximum there), in (0, 1): how far the normalised curve bends
    /// away from the straight line between its ends: a curve that rises straight to its maximum halfway along x and
    /// stays flat has 0.5.
    double strength = std::numeric_limits<double>::quiet_NaN();
};

/// The Kneedle algorithm (Satopää, Albrecht, Irwin, Raghavan, "Finding a 'Kneedle' in a Haystack: Detecting Knee
/// Points in System Behavior", ICDCS workshops 2011), offline, for a curve y(x) measured at increasing x, such as
/// throughput over a concurrency sweep. Use as `Kneedle {.logX = true}.find(concurrency, throughput)`.
///
/// The steps, for n points:
///  1. Normalise: x_n = (x − x_min)/(x_max − x_min) and y_n = (y − y_min)/(y_max − y_min), both in [0, 1]. With
///     `logX`, x is replaced by log₂x first, so a sweep 1, 2, 4, …, 256 is evenly spaced. The paper's smoothing
///     step is left out: a sweep has few points and the knee must be one of them.
///  2. The difference curve d, which turns the curve's bend into a hump above 0 (the paper's rotations):
///      - ConcaveIncreasing (rises, then flattens: throughput): d = y_n − x_n
///      - ConvexIncreasing (flat, then climbs: latency over load): d = x_n − y_n
///      - ConcaveDecreasing (flat, then falls): d = x_n + y_n − 1
///      - ConvexDecreasing (falls, then flattens: the classic elbow): d = 1 − x_n − y_n
///  3. Candidates are the interior local maxima of d (the first point of a flat top) with d ≥ `minStrength`;
///     lower ones are noise on a near-straight curve and neither become knees nor end another candidate's search.
///  4. Each candidate i gets the threshold T_i = d_i − S·mean(Δx_n) = d_i − S/(n − 1), S = `sensitivity`. Scanning
///     in order of increasing x, i is the knee when d drops below T_i after i and before the next candidate.
///  5. The end of the data: when the last candidate is not followed by such a drop, it is the knee all the same.
///     The online algorithm would wait for more points, and an offline Kneedle that insists on the drop (the kneed
///     package, online=False) reports none: but a sweep that stops just after its knee has no points left to show
///     the drop, and a steep curve then flat one point before the end is a knee to report. So a knee is found
///     exactly when some candidate exists; S only decides between several. Where the strict rule finds a knee
///     among the same candidates, this one finds the same knee.
/// kneed scans convex curves from their high-x end; here every curve is scanned from low x, because the first
/// bend of a sweep (the smallest load at which the server saturates) is the one to report.
///
/// No knee is found with fewer than 3 points, x not strictly increasing, sizes that differ, y constant, x ≤ 0 with
/// `logX`, or no candidate (a straight line). Points where x or y is not finite are dropped first.
struct Kneedle
{
    enum class Curve { ConcaveIncreasing, ConvexIncreasing, ConcaveDecreasing, ConvexDecreasing };

    Curve curve = Curve::ConcaveIncreasing;
    double sensitivity = 1.0; ///< S: larger waits for a deeper drop before accepting a candidate
    double minStrength = 0.05; ///< smallest difference-curve maximum that counts as a bend
    bool logX = false; ///< normalise log₂x instead of x (doubling sweeps)

    Knee find(const std::vector<double>& x, const std::vector<double>& y) const;
};

} // namespace kp::core
