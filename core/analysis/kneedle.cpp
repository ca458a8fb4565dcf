// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/kneedle.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>

namespace kp::core {

namespace {

/// Interior local maxima of `d`, each reported at the first point of its flat top.
std::vector<std::size_t> localMaxima(const std::vector<double>& d)
{
    std::vector<std::size_t> maxima;
    const std::size_t n = d.size();
    for (std::size_t i = 1; i + 1 < n;) {
        if (!(d[i] > d[i - 1])) {
            ++i;
            continue;
        }
        std::size_t last = i;
        while (last + 1 < n && d[last + 1] == d[i])
            ++last;
        // A top that runs into the last point is an endpoint, not a hump.
        if (last + 1 < n && d[last + 1] < d[i])
            maxima.push_back(i);
        i = last + 1;
    }
    return maxima;
}

} // namespace

Knee Kneedle::find(const std::vector<double>& x, const std::vector<double>& y) const
{
    Knee knee;
    if (x.size() != y.size())
        return knee;

    std::vector<int> origin; // index into the caller's vectors of each kept point
    std::vector<double> xs;
    std::vector<double> ys;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(x[i]) || !std::isfinite(y[i]))
            continue;
        if (logX && x[i] <= 0)
            return knee;
        origin.push_back(static_cast<int>(i));
        xs.push_back(logX ? std::log2(x[i]) : x[i]);
        ys.push_back(y[i]);
    }
    const std::size_t n = xs.size();
    if (n < 3)
        return knee;
    if (std::adjacent_find(xs.begin(), xs.end(), std::greater_equal<double>()) != xs.end())
        return knee;
    const auto [yMin, yMax] = std::minmax_element(ys.begin(), ys.end());
    const double yLow = *yMin;
    const double yRange = *yMax - *yMin;
    if (!(yRange > 0))
        return knee;

    const double xLow = xs.front();
    const double xRange = xs.back() - xs.front();
    std::vector<double> d(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double xn = (xs[i] - xLow) / xRange;
        const double yn = (ys[i] - yLow) / yRange;
        switch (curve) {
        case Curve::ConcaveIncreasing:
            d[i] = yn - xn;
            break;
        case Curve::ConvexIncreasing:
            d[i] = xn - yn;
            break;
        case Curve::ConcaveDecreasing:
            d[i] = xn + yn - 1;
            break;
        case Curve::ConvexDecreasing:
            d[i] = 1 - xn - yn;
            break;
        }
    }

    std::vector<std::size_t> candidates = localMaxima(d);
    std::erase_if(candidates, [&](std::size_t i) { return d[i] < minStrength; });
    if (candidates.empty())
        return knee;

    // x_n runs from 0 to 1 over n − 1 steps, so the mean step the paper scales S by is 1/(n − 1).
    const double drop = sensitivity / static_cast<double>(n - 1);
    std::size_t chosen = candidates.back(); // the end-of-data rule, unless an earlier candidate drops
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        const std::size_t i = candidates[k];
        const std::size_t end = k + 1 < candidates.size() ? candidates[k + 1] : n;
        const double threshold = d[i] - drop;
        if (std::any_of(d.begin() + static_cast<std::ptrdiff_t>(i) + 1, d.begin() + static_cast<std::ptrdiff_t>(end),
                [threshold](double v) { return v < threshold; })) {
            chosen = i;
            break;
        }
    }

    knee.found = true;
    knee.index = origin[chosen];
    knee.x = x[static_cast<std::size_t>(knee.index)];
    knee.y = y[static_cast<std::size_t>(knee.index)];
    knee.strength = d[chosen];
    return knee;
}

} // namespace kp::core
