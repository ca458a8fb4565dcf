// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/kneedle.h"
#include "common/splitmix.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kp::core;

namespace {

// A concurrency sweep: 1, 2, 4, …, 256.
std::vector<double> doubling()
{
    std::vector<double> x;
    for (int k = 0; k <= 8; ++k)
        x.push_back(std::ldexp(1.0, k));
    return x;
}

// Multiplies each value by 1 + 0.02·(u − 0.5), u uniform in [0, 1) from splitmix64: ±1 % noise, the same on
// every platform.
std::vector<double> withNoise(std::vector<double> y, std::uint64_t seed)
{
    for (double& v : y) {
        const double u = static_cast<double>(splitMix64(&seed) >> 11) * 0x1.0p-53;
        v *= 1 + 0.02 * (u - 0.5);
    }
    return y;
}

QByteArray show(const Knee& knee)
{
    return "found " + QByteArray::number(knee.found) + " index " + QByteArray::number(knee.index) + " x "
        + QByteArray::number(knee.x) + " strength " + QByteArray::number(knee.strength, 'g', 17);
}

} // namespace

// Expected knees are worked by hand from the definitions in kneedle.h (x_n, y_n, the difference curve d and the
// threshold d_i − S/(n − 1)); every one was also run through a 30-line Python transcription of those rules.
class TestKneedle : public QObject
{
    Q_OBJECT

private slots:
    void saturatingLogX()
    {
        // y = min(x, 16)·100. On log₂x, x_n = k/8 and y_n = (y − 100)/1500, so d = 0, −0.058, −0.05, 0.092, 0.5,
        // 0.375, 0.25, 0.125, 0. The one candidate is x = 16 (d = 0.5), threshold 0.5 − 1/8 = 0.375; d falls to
        // 0.375 (not below) and then to 0.25: the knee is x = 16.
        std::vector<double> y;
        for (double x : doubling())
            y.push_back(std::min(x, 16.0) * 100);
        const Knee knee = Kneedle {.logX = true}.find(doubling(), y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.index, 4);
        QCOMPARE(knee.x, 16.0);
        QCOMPARE(knee.y, 1600.0);
        QCOMPARE(knee.strength, 0.5);
    }

    void saturatingWithNoise()
    {
        // ±1 % noise (seed 11: 99.6, 199.0, 401.1, 800.1, 1589.3, 1601.7, 1587.2, 1609.0, 1594.9) leaves the knee at
        // 16, with d = 0.487 there on log₂x. On linear x the same point wins: x_n(16) = 15/255 and y_n ≈ 0.99, so
        // d = 0.928 against a threshold 0.803, and d falls to 0.75 two points later.
        const std::vector<double> y = withNoise({100, 200, 400, 800, 1600, 1600, 1600, 1600, 1600}, 11);
        const Knee logKnee = Kneedle {.logX = true}.find(doubling(), y);
        QVERIFY2(logKnee.found, show(logKnee));
        QCOMPARE(logKnee.x, 16.0);
        QVERIFY(std::abs(logKnee.strength - 0.48697) < 1e-4);

        const Knee linearKnee = Kneedle {}.find(doubling(), y);
        QVERIFY2(linearKnee.found, show(linearKnee));
        QCOMPARE(linearKnee.x, 16.0);
        QVERIFY(std::abs(linearKnee.strength - 0.92814) < 1e-4);
    }

    void saturatingLinearX()
    {
        // Without noise on linear x: x_n(16) = 15/255 = 1/17 and y_n = 1, so d = 16/17; threshold 16/17 − 1/8,
        // d = 0.878 at 32 (not below), 0.753 at 64 (below). The sharp corner wins on either scale.
        const Knee knee = Kneedle {}.find(doubling(), {100, 200, 400, 800, 1600, 1600, 1600, 1600, 1600});
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.x, 16.0);
        QVERIFY(std::abs(knee.strength - 16.0 / 17.0) < 1e-12);
    }

    void exponentialSaturation()
    {
        // y = 1 − exp(−x/5) at x = 0, 0.1, …, 30 (301 points). The difference curve
        // d(x) = (1 − e^(−x/5))/(1 − e^(−6)) − x/30 is concave with its maximum where d'(x) = 0:
        // e^(−x/5) = 5(1 − e^(−6))/30, x* = 5·ln(6/(1 − e^(−6))) = 8.9712, d(x*) = 0.53678. The threshold is
        // 1/300 below the maximum, crossed a few samples later, so the knee is the sample nearest x*: 9.0.
        std::vector<double> x;
        std::vector<double> y;
        for (int i = 0; i <= 300; ++i) {
            x.push_back(i / 10.0);
            y.push_back(1 - std::exp(-x.back() / 5));
        }
        const Knee knee = Kneedle {}.find(x, y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.index, 90);
        QCOMPARE(knee.x, 9.0);
        const double xStar = 5 * std::log(6 / (1 - std::exp(-6.0)));
        QVERIFY(std::abs(xStar - 8.9712) < 1e-4);
        QVERIFY(std::abs(knee.x - xStar) < 0.05);
        QVERIFY(std::abs(knee.strength - 0.53678) < 1e-4);
    }

    void straightLine()
    {
        std::vector<double> x;
        std::vector<double> y;
        for (int i = 1; i <= 20; ++i) {
            x.push_back(i);
            y.push_back(2 * i + 3);
        }
        QVERIFY(!Kneedle {}.find(x, y).found); // d ≡ 0 up to rounding

        // With ±1 % noise the difference curve wobbles by under 0.01: below minStrength, so no knee. Without the
        // guard the last wobble (x = 16, d = 0.009) would pass as one through the end-of-data rule.
        const std::vector<double> noisy = withNoise(y, 5);
        const Knee none = Kneedle {}.find(x, noisy);
        QVERIFY2(!none.found, show(none));
        QCOMPARE(none.index, -1);
        QVERIFY(std::isnan(none.x));
        const Knee spurious = Kneedle {.minStrength = 0}.find(x, noisy);
        QVERIFY2(spurious.found && spurious.x == 16.0 && spurious.strength < 0.01, show(spurious));
    }

    void notEnoughData()
    {
        QVERIFY(!Kneedle {}.find({}, {}).found);
        QVERIFY(!Kneedle {}.find({1}, {1}).found);
        QVERIFY(!Kneedle {}.find({1, 2}, {1, 5}).found); // two points
        QVERIFY(!Kneedle {}.find({1, 2, 3}, {1, 5}).found); // sizes differ
        QVERIFY(!Kneedle {}.find({1, 2, 4, 8}, {5, 5, 5, 5}).found); // constant y
        QVERIFY(!Kneedle {}.find({1, 2, 2, 8}, {1, 9, 10, 10}).found); // x repeats
        QVERIFY(!Kneedle {}.find({1, 4, 2, 8}, {1, 9, 10, 10}).found); // x goes back
        QVERIFY(!Kneedle {.logX = true}.find({0, 1, 2, 4}, {1, 9, 10, 10}).found); // log₂0
        const double nan = std::nan("");
        QVERIFY(!Kneedle {}.find({1, 2, nan}, {1, 9, 10}).found); // two points left
    }

    void throughputCollapses()
    {
        // Rises to a peak at 32, then falls below the start. On log₂x: y_n = (y − 100)/1600 gives
        // d = 0, −0.0625, −0.0625, 0.0625, 0.4375, 0.375, −0.0625, −0.5625, −0.875; the candidate at 16
        // (threshold 0.3125) sees d fall to −0.0625 at 64: the knee is 16, before the peak, where the gain per
        // doubling collapsed from 800 to 100. Linear x gives 16 too (d = 0.879 there).
        const std::vector<double> y {100, 200, 400, 800, 1600, 1700, 1200, 600, 300};
        const Knee knee = Kneedle {.logX = true}.find(doubling(), y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.x, 16.0);
        QCOMPARE(knee.strength, 0.4375);
        QCOMPARE(Kneedle {}.find(doubling(), y).x, 16.0);
    }

    void kneeAtTheEnd()
    {
        // Doubling up to 128, then +7 %: the bend is one point before the end. On log₂x, d at 128 is
        // 11900/12700 − 7/8 = 0.0620, and its threshold 0.062 − 1/8 is below the last d (0), so the strict rule
        // never confirms it; the end-of-data rule reports it.
        const std::vector<double> y {100, 200, 400, 800, 1600, 3200, 6400, 12000, 12800};
        const Knee knee = Kneedle {.logX = true}.find(doubling(), y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.x, 128.0);
        QVERIFY(std::abs(knee.strength - (11900.0 / 12700.0 - 7.0 / 8.0)) < 1e-12);
        // A bend that weak is below a stricter minimum.
        const Kneedle stricter {.minStrength = 0.1, .logX = true};
        QVERIFY(!stricter.find(doubling(), y).found);
    }

    void sensitivity()
    {
        // Two saturations. On log₂x with y_n = (y − 100)/1950, d = 0, 0.029, 0.058, 0.087, −0.013, −0.112, 0.173,
        // 0.099, 0: candidates at 8 (d = 0.0865) and at 64 (d = 0.173). With S = 1 the first one's threshold
        // 0.0865 − 0.125 is crossed at 32 (d = −0.112): the knee is 8. With S = 2 (threshold −0.164) it is not, and
        // the second one is reported by the end-of-data rule.
        const std::vector<double> y {100, 400, 700, 1000, 1050, 1100, 1900, 2000, 2050};
        const Knee first = Kneedle {.logX = true}.find(doubling(), y);
        QVERIFY2(first.found, show(first));
        QCOMPARE(first.x, 8.0);
        const Knee later = Kneedle {.sensitivity = 2, .logX = true}.find(doubling(), y);
        QVERIFY2(later.found, show(later));
        QCOMPARE(later.x, 64.0);
    }

    void convexIncreasing()
    {
        // Latency flat at 100 up to 16, then +400 per doubling. On log₂x, y_n = 0, …, 0, 0.25, 0.5, 0.75, 1 and
        // d = x_n − y_n = 0, 0.125, 0.25, 0.375, 0.5, 0.375, 0.25, 0.125, 0: the knee is 16, where latency takes off.
        const std::vector<double> y {100, 100, 100, 100, 100, 500, 900, 1300, 1700};
        const Knee knee = Kneedle {.curve = Kneedle::Curve::ConvexIncreasing, .logX = true}.find(doubling(), y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.x, 16.0);
        QCOMPARE(knee.strength, 0.5);
        // Read as concave, the same curve has d ≤ 0 everywhere: no knee.
        QVERIFY(!Kneedle {.logX = true}.find(doubling(), y).found);
    }

    void concaveDecreasing()
    {
        // Flat at 4 up to x = 4, then falling by 1: d = x_n + y_n − 1 = x/8 + y/4 − 1 peaks at 0.5 at x = 4,
        // equals the threshold 0.375 at 5 and drops below it at 6.
        const Knee knee = Kneedle {.curve = Kneedle::Curve::ConcaveDecreasing}.find(
            {0, 1, 2, 3, 4, 5, 6, 7, 8}, {4, 4, 4, 4, 4, 3, 2, 1, 0});
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.x, 4.0);
        QCOMPARE(knee.strength, 0.5);
    }

    void convexDecreasing()
    {
        // The elbow of y = 1/x, x = 1 … 10: x_n = (x − 1)/9, y_n = (1/x − 0.1)/0.9, d = 1 − x_n − y_n =
        // 0, 4/9, 14/27, 1/2, 4/9, 0.370, …; the candidate x = 3 (d = 14/27, threshold 14/27 − 1/9 = 0.407) sees d
        // fall to 0.370 at x = 6.
        std::vector<double> x;
        std::vector<double> y;
        for (int i = 1; i <= 10; ++i) {
            x.push_back(i);
            y.push_back(1.0 / i);
        }
        const Knee knee = Kneedle {.curve = Kneedle::Curve::ConvexDecreasing}.find(x, y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.x, 3.0);
        QVERIFY(std::abs(knee.strength - 14.0 / 27.0) < 1e-12);
    }

    void nanPointsDropped()
    {
        // A failed step (NaN x) among the saturating sweep: dropped, and the index still points into the input.
        const double nan = std::nan("");
        const std::vector<double> x {1, 2, 4, nan, 8, 16, 32, 64, 128, 256};
        const std::vector<double> y {100, 200, 400, 123, 800, 1600, 1600, 1600, 1600, 1600};
        const Knee knee = Kneedle {.logX = true}.find(x, y);
        QVERIFY2(knee.found, show(knee));
        QCOMPARE(knee.index, 5);
        QCOMPARE(knee.x, 16.0);
        QCOMPARE(knee.y, 1600.0);
    }
};

QTEST_GUILESS_MAIN(TestKneedle)
#include "tst_kneedle.moc"
