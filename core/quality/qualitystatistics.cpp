// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualitystatistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::core {

double PairedCounts::beforeAccuracy() const
{
    return total() > 0 ? double(bothRight + rightToWrong) / total() : 0.0;
}

double PairedCounts::afterAccuracy() const
{
    return total() > 0 ? double(bothRight + wrongToRight) / total() : 0.0;
}

double PairedCounts::difference() const
{
    return total() > 0 ? double(wrongToRight - rightToWrong) / total() : 0.0;
}

double QualityStatistics::mcNemarExactP(int rightToWrong, int wrongToRight)
{
    const int n = rightToWrong + wrongToRight;
    if (n <= 0)
        return 1.0;
    const int k = std::min(rightToWrong, wrongToRight);
    // log C(n, i) − n·log 2 for i = 0…k, summed with the largest term factored out.
    const double logHalfPower = -n * std::log(2.0);
    auto logTerm
        = [&](int i) { return std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + logHalfPower; };
    const double largest = logTerm(k); // terms rise towards n/2, and k ≤ n/2
    double sum = 0;
    for (int i = 0; i <= k; ++i)
        sum += std::exp(logTerm(i) - largest);
    const double tail = std::exp(largest + std::log(sum));
    return std::min(1.0, 2.0 * tail);
}

double QualityStatistics::normalQuantile(double p)
{
    if (!(p > 0 && p < 1))
        return std::numeric_limits<double>::quiet_NaN();
    // Acklam's rational approximation (relative error 1.15e-9), then one Halley step on erfc for full precision.
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
        1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
        6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[]
        = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
    const double low = 0.02425;
    double x = 0;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        const double q = p - 0.5;
        const double r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        const double q = std::sqrt(-2 * std::log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
            / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
    const double u = e * std::sqrt(2 * 3.14159265358979323846) * std::exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

ConfidenceInterval QualityStatistics::wilson(int successes, int n, double confidence)
{
    if (n <= 0)
        return {0.0, 1.0};
    const double z = normalQuantile(0.5 + confidence / 2);
    const double p = double(successes) / n;
    const double z2n = z * z / n;
    const double centre = (p + z2n / 2) / (1 + z2n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

ConfidenceInterval QualityStatistics::pairedDifference(const PairedCounts& counts, double confidence)
{
    const PairedCounts& t = counts;
    const int n = t.total();
    if (n <= 0)
        return {-1.0, 1.0};
    const int before = t.bothRight + t.rightToWrong;
    const int after = t.bothRight + t.wrongToRight;
    const double p1 = double(before) / n;
    const double p2 = double(after) / n;
    const ConfidenceInterval w1 = wilson(before, n, confidence);
    const ConfidenceInterval w2 = wilson(after, n, confidence);
    const double product = double(before) * double(n - before) * double(after) * double(n - after);
    // phi of the 2×2 table; 0 where a margin is empty (Newcombe's convention).
    const double phi = product > 0
        ? (double(t.bothRight) * t.bothWrong - double(t.rightToWrong) * t.wrongToRight) / std::sqrt(product)
        : 0.0;
    const double diff = p2 - p1;
    // The lower end pairs after's distance down with before's distance up, and the upper end the reverse.
    const double down2 = p2 - w2.lower;
    const double up1 = w1.upper - p1;
    const double up2 = w2.upper - p2;
    const double down1 = p1 - w1.lower;
    const double lower = diff - std::sqrt(std::max(0.0, down2 * down2 - 2 * phi * down2 * up1 + up1 * up1));
    const double upper = diff + std::sqrt(std::max(0.0, up2 * up2 - 2 * phi * up2 * down1 + down1 * down1));
    return {std::max(-1.0, lower), std::min(1.0, upper)};
}

std::optional<double> QualityStatistics::noiseFloor(const std::vector<std::vector<bool>>& correctness)
{
    int considered = 0;
    int moved = 0;
    for (const std::vector<bool>& results : correctness) {
        if (results.size() < 2)
            continue;
        ++considered;
        if (std::any_of(results.begin(), results.end(), [&](bool r) { return r != results.front(); }))
            ++moved;
    }
    if (considered == 0)
        return std::nullopt;
    return double(moved) / considered;
}

} // namespace kp::core
