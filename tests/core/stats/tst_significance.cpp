// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/significance.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace kp::core;

namespace {

std::vector<double> range(int first, int last)
{
    std::vector<double> v(static_cast<std::size_t>(last - first + 1));
    std::iota(v.begin(), v.end(), static_cast<double>(first));
    return v;
}

std::vector<double> shifted(std::vector<double> v, double by)
{
    for (double& x : v)
        x += by;
    return v;
}

// Relative: the p-values under test run down to 1e-17.
bool close(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::abs(b);
}

QByteArray show(double value)
{
    return QByteArray::number(value, 'g', 17);
}

} // namespace

// Unless a test says otherwise, expected p-values are scipy 1.10.1's
// scipy.stats.mannwhitneyu(a, b, use_continuity=True, alternative="two-sided", method=<the method named>),
// and U is scipy's statistic (the U of a).
class TestSignificance : public QObject
{
    Q_OBJECT

private slots:
    void identicalSamples()
    {
        // Every value tied once across the samples: U sits at its mean n1·n2/2 = 200, so p = 1 (scipy: 1.0).
        const std::vector<double> a = range(1, 20);
        const MannWhitney r = mannWhitney(a, a);
        QVERIFY(r.valid);
        QVERIFY(!r.exact); // ties force the normal approximation
        QCOMPARE(r.u, 200.0);
        QCOMPARE(r.z, 0.0);
        QCOMPARE(r.pValue, 1.0);
        QCOMPARE(r.effect, 0.5);
        QCOMPARE(r.n1, std::size_t(20));
        QCOMPARE(r.n2, std::size_t(20));
    }

    void clearlyShifted()
    {
        // 30 × 30 without overlap and without ties; n1·n2 = 900 is within the exact limit.
        const MannWhitney r = mannWhitney(range(1, 30), range(101, 130));
        QVERIFY(r.valid);
        QVERIFY(r.exact);
        QCOMPARE(r.u, 0.0);
        QCOMPARE(r.effect, 0.0);
        // Only the one arrangement with every a below every b reaches U = 0, and its mirror U = 900:
        // p = 2 / C(60, 30), C(60, 30) = 118264581564861424 (Python's math.comb); scipy exact: 1.691123389214474e-17.
        QVERIFY2(close(r.pValue, 2.0 / 118264581564861424.0, 1e-9), show(r.pValue));
        QVERIFY(r.pValue < 0.001);
        // z by hand: σ² = 900/12 · 61 = 4575, z = (0 − 450 + 0.5)/√4575.
        QVERIFY2(close(r.z, -449.5 / std::sqrt(4575.0)), show(r.z));
    }

    void shiftedNormalApproximation()
    {
        // The same shift with one tie (the value 50 on both sides), which forces the normal approximation.
        // By hand: U = 0.5 (the tied pair), T = Σ(t³ − t) = 6, σ² = 900/12 · (61 − 6/(60·59)), and
        // z = (0.5 − 450 + 0.5)/σ. scipy (asymptotic): p = 3.1732316571942844e-11.
        std::vector<double> b = range(101, 130);
        b.front() = 30; // ties with a's largest value
        const MannWhitney r = mannWhitney(range(1, 30), b);
        QVERIFY(r.valid);
        QVERIFY(!r.exact);
        QCOMPARE(r.u, 0.5);
        const double sigma = std::sqrt(900.0 / 12.0 * (61.0 - 6.0 / (60.0 * 59.0)));
        QVERIFY2(close(r.z, -449.0 / sigma), show(r.z));
        QVERIFY2(close(r.pValue, 3.1732316571942844e-11, 1e-9), show(r.pValue));
        QVERIFY(r.pValue < 0.001);
    }

    void swappedSamples()
    {
        // Swapping the samples mirrors U, z and the effect and keeps p (scipy: U = 900 and 0, the same p).
        const MannWhitney forward = mannWhitney(range(1, 30), range(101, 130));
        const MannWhitney backward = mannWhitney(range(101, 130), range(1, 30));
        QCOMPARE(backward.u, 900.0);
        QCOMPARE(backward.effect, 1.0);
        QCOMPARE(backward.z, -forward.z);
        QCOMPARE(backward.pValue, forward.pValue);
    }

    void ties()
    {
        // By hand: midranks give a the rank sum 43.5, so U = 43.5 − 8·9/2 = 7.5. Tie groups 2 (×2), 3 (×4),
        // 4 (×3), 5 (×3), 6 (×2): Σ(t³ − t) = 6 + 60 + 24 + 24 + 6 = 120, σ² = 64/12 · (17 − 120/240) = 88,
        // z = (7.5 − 32 + 0.5)/√88 = −2.5584. scipy (asymptotic): U = 7.5, p = 0.010515245935858907.
        const std::vector<double> a {1, 2, 2, 3, 3, 3, 4, 5};
        const std::vector<double> b {3, 4, 4, 5, 5, 6, 6, 7};
        const MannWhitney r = mannWhitney(a, b);
        QVERIFY(r.valid);
        QVERIFY(!r.exact);
        QCOMPARE(r.u, 7.5);
        QCOMPARE(r.effect, 7.5 / 64);
        QVERIFY2(close(r.z, -24 / std::sqrt(88.0)), show(r.z));
        QVERIFY2(close(r.pValue, 0.010515245935858907, 1e-12), show(r.pValue));
    }

    void allValuesEqual()
    {
        // σ = 0: nothing tells the samples apart. scipy: U = 6, p = 1.0.
        const MannWhitney r = mannWhitney({2, 2, 2}, {2, 2, 2, 2});
        QVERIFY(r.valid);
        QCOMPARE(r.u, 6.0);
        QCOMPARE(r.z, 0.0);
        QCOMPARE(r.pValue, 1.0);
        QCOMPARE(r.effect, 0.5);
    }

    // Small samples without ties: the exact null distribution, checked against Python enumerating every way to
    // place a's ranks among the N (itertools.combinations, counting U ≥ max(U, n1·n2 − U), doubled), and scipy's
    // method="exact", which agree to the last digit.
    void exact_data()
    {
        QTest::addColumn<std::vector<double>>("a");
        QTest::addColumn<std::vector<double>>("b");
        QTest::addColumn<double>("u");
        QTest::addColumn<double>("pValue");

        // 1 of the C(6, 3) = 20 arrangements reaches U = 0, 1 reaches U = 9: p = 2/20.
        QTest::newRow("3 below 3") << std::vector<double> {1, 2, 3} << std::vector<double> {4, 5, 6} << 0.0 << 0.1;
        // scipy's own documentation example (Shier 2004, diagnosis ages): U = 17, p = 1/9.
        QTest::newRow("scipy docs") << std::vector<double> {19, 22, 16, 29, 24} << std::vector<double> {20, 11, 17, 12}
                                    << 17.0 << 1.0 / 9;
        // Wikipedia's tortoise and hare: finishing order THHHHHTTTTTH, a = the tortoises' places. U counts the pairs
        // in which the tortoise finished behind: 25 = 36 − 11, Wikipedia's U_T = 11 counting the other way.
        // p = 13/42.
        QTest::newRow("tortoise and hare")
            << std::vector<double> {0, 6, 7, 8, 9, 10} << std::vector<double> {1, 2, 3, 4, 5, 11} << 25.0 << 13.0 / 42;
        // Interleaved: 88 of the 120 pairs have a above b, so U = 88; p = 3194/46189 = 0.0691507 (the normal
        // approximation says 0.0698).
        const std::vector<double> twelve {1.5, 3.2, 4.1, 7.7, 8.0, 9.3, 10.4, 12.9, 13.3, 15.0, 16.2, 18.8};
        const std::vector<double> ten {2.2, 2.9, 3.3, 5.0, 5.5, 6.1, 6.8, 7.1, 9.9, 11.0};
        QTest::newRow("12 and 10") << twelve << ten << 88.0 << 3194.0 / 46189;
        // 2 × 100: U = 70 (10.5 beats 10 values, 60.5 beats 60); 1296 of the C(102, 2) = 5151 position pairs reach
        // U ≥ 130, p = 2592/5151 (the normal approximation says 0.476).
        QTest::newRow("2 and 100") << std::vector<double> {10.5, 60.5} << range(1, 100) << 70.0 << 2592.0 / 5151;
        // At the limit, 50 × 50: U = Σ(30 − j) for j = 1..29 = 435 by hand; scipy exact 3.355337501288909e-09
        // (its asymptotic value, 1.97e-08, is six times larger).
        QTest::newRow("50 and 50") << range(1, 50) << shifted(range(1, 50), 20.5) << 435.0 << 3.355337501288909e-09;
    }

    void exact()
    {
        QFETCH(std::vector<double>, a);
        QFETCH(std::vector<double>, b);
        QFETCH(double, u);
        QFETCH(double, pValue);
        const MannWhitney r = mannWhitney(a, b);
        QVERIFY(r.valid);
        QVERIFY(r.exact);
        QCOMPARE(r.u, u);
        QCOMPARE(r.effect, u / static_cast<double>(a.size() * b.size()));
        QVERIFY2(close(r.pValue, pValue, 1e-10), show(r.pValue));
    }

    void aboveExactLimit()
    {
        // 51 × 50 = 2550 pairs: the normal approximation. U = 435 + 30 (the value 51 beats b's 21.5 … 50.5).
        // scipy (asymptotic): p = 3.8322611884083866e-08.
        const MannWhitney r = mannWhitney(range(1, 51), shifted(range(1, 50), 20.5));
        QVERIFY(r.valid);
        QVERIFY(!r.exact);
        QCOMPARE(r.u, 465.0);
        QVERIFY2(close(r.pValue, 3.8322611884083866e-08, 1e-9), show(r.pValue));
    }

    void nanDropped()
    {
        // Without the NaNs: a = {1, 3, 5, 7}, b = {2, 4, 6}; U = 0 + 1 + 2 + 3 = 6 = n1·n2/2, so p = 1
        // (scipy exact: 1.0).
        const double nan = std::nan("");
        const MannWhitney r = mannWhitney({1, nan, 3, 5, 7}, {nan, 2, 4, nan, 6});
        QVERIFY(r.valid);
        QCOMPARE(r.n1, std::size_t(4));
        QCOMPARE(r.n2, std::size_t(3));
        QCOMPARE(r.u, 6.0);
        QCOMPARE(r.pValue, 1.0);
        QCOMPARE(r.effect, 0.5);
    }

    void invalid()
    {
        const double nan = std::nan("");
        for (const auto& [a, b] : std::vector<std::pair<std::vector<double>, std::vector<double>>> {
                 {{}, {}}, {{1}, {2, 3}}, {{1, 2}, {3}}, {{1, nan}, {2, 3, 4}}, {{nan, nan}, {nan}}}) {
            const MannWhitney r = mannWhitney(a, b);
            QVERIFY(!r.valid);
            QVERIFY(std::isnan(r.u));
            QVERIFY(std::isnan(r.z));
            QVERIFY(std::isnan(r.pValue));
            QVERIFY(std::isnan(r.effect));
        }
        const MannWhitney r = mannWhitney({1, nan}, {2, 3, 4});
        QCOMPARE(r.n1, std::size_t(1));
        QCOMPARE(r.n2, std::size_t(3));
    }

    // The intervals come from Distribution::percentile: for 100 values the 95 % interval of the median spans the
    // order statistics 40 … 61 (exact binomial sums, tst_percentiles), so for 1..100 it is [40, 61].
    void percentileDifferenceMedians_data()
    {
        QTest::addColumn<double>("shift");
        QTest::addColumn<bool>("significant");

        QTest::newRow("same") << 0.0 << false;
        QTest::newRow("touching") << 21.0 << false; // b's interval [61, 82] shares 61 with [40, 61]
        QTest::newRow("apart") << 22.0 << true; // [62, 83] clears 61
        QTest::newRow("far apart") << 50.0 << true;
        QTest::newRow("far below") << -50.0 << true;
    }

    void percentileDifferenceMedians()
    {
        QFETCH(double, shift);
        QFETCH(bool, significant);
        const PercentileDifference d = percentileDifference(range(1, 100), shifted(range(1, 100), shift), 0.5);
        QCOMPARE(d.a.low, 40.0);
        QCOMPARE(d.a.high, 61.0);
        QCOMPARE(d.b.low, 40.0 + shift);
        QCOMPARE(d.b.high, 61.0 + shift);
        QCOMPARE(d.a.value, 50.5);
        QCOMPARE(d.significant, significant);
    }

    void percentileDifferenceUnbounded()
    {
        // The p99 of 50 values has no upper bound (interval [48th value, ∞)): however far apart the samples, the
        // lower one's p99 could lie above the other's, so this says nothing.
        const PercentileDifference d = percentileDifference(range(1, 50), range(1001, 1050), 0.99);
        QVERIFY(std::isnan(d.a.high));
        QVERIFY(std::isnan(d.b.high));
        QCOMPARE(d.a.low, 48.0);
        QCOMPARE(d.b.low, 1048.0);
        QVERIFY(!d.significant);
    }

    void percentileDifferenceUnsortedAndNan()
    {
        // Unsorted input with NaNs is sorted and cleaned first: the same answer as "far apart" above.
        std::vector<double> a = range(1, 100);
        std::reverse(a.begin(), a.end());
        a.push_back(std::nan(""));
        const PercentileDifference d = percentileDifference(a, shifted(range(1, 100), 50), 0.5);
        QCOMPARE(d.a.low, 40.0);
        QCOMPARE(d.a.high, 61.0);
        QVERIFY(d.significant);
    }

    void percentileDifferenceEmpty()
    {
        const PercentileDifference d = percentileDifference({}, range(1, 100), 0.5);
        QVERIFY(std::isnan(d.a.value));
        QVERIFY(!d.significant);
    }
};

QTEST_GUILESS_MAIN(TestSignificance)
#include "tst_significance.moc"
