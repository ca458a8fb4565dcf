// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/splitmix.h"
#include "core/stats/distribution.h"
#include "core/stats/distributionbuilder.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace kp::core;

namespace {

std::vector<double> oneTo(int n)
{
    std::vector<double> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), 1.0);
    return v;
}

double uniform(std::uint64_t* state)
{
    return static_cast<double>(splitMix64(state) >> 11) * 0x1.0p-53;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestPercentiles : public QObject
{
    Q_OBJECT

private slots:
    // Values np.percentile(x, q) gives with its default method 'linear'.
    void pointEstimate_data()
    {
        QTest::addColumn<std::vector<double>>("samples");
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");

        QTest::newRow("1..100 p50") << oneTo(100) << 0.5 << 50.5;
        QTest::newRow("1..100 p90") << oneTo(100) << 0.9 << 90.1;
        QTest::newRow("1..100 p95") << oneTo(100) << 0.95 << 95.05;
        QTest::newRow("1..100 p99") << oneTo(100) << 0.99 << 99.01;
        QTest::newRow("1..100 p99.9") << oneTo(100) << 0.999 << 99.901;
        QTest::newRow("1..100 p0") << oneTo(100) << 0.0 << 1.0;
        QTest::newRow("1..100 p100") << oneTo(100) << 1.0 << 100.0;
        QTest::newRow("single") << std::vector<double> {7.5} << 0.99 << 7.5;
        QTest::newRow("two p50") << std::vector<double> {10, 20} << 0.5 << 15.0;
        QTest::newRow("two p90") << std::vector<double> {10, 20} << 0.9 << 19.0;
        QTest::newRow("constant") << std::vector<double>(37, 4.25) << 0.99 << 4.25;
        QTest::newRow("four p50") << std::vector<double> {55, 80, 100, 140} << 0.5 << 90.0;
    }

    void pointEstimate()
    {
        QFETCH(std::vector<double>, samples);
        QFETCH(double, p);
        QFETCH(double, expected);
        const PercentileEstimate e = Distribution::percentile(samples, p);
        QCOMPARE(e.p, p);
        QVERIFY2(close(e.value, expected), qPrintable(QString::number(e.value, 'g', 17)));
    }

    void summary()
    {
        // Shuffled so the summary has to sort.
        std::vector<double> samples = oneTo(100);
        std::uint64_t state = 42;
        for (std::size_t i = samples.size() - 1; i > 0; --i)
            std::swap(samples[i], samples[splitMix64(&state) % (i + 1)]);
        QVERIFY(!std::is_sorted(samples.begin(), samples.end()));

        const Distribution d = Distribution::of(samples);
        QCOMPARE(d.count, std::size_t(100));
        QCOMPARE(d.mean, 50.5);
        QVERIFY(close(d.stddev, std::sqrt(100.0 * 101.0 / 12.0))); // n(n + 1)/12 for 1..n with n - 1
        QCOMPARE(d.min, 1.0);
        QCOMPARE(d.max, 100.0);
        QVERIFY(close(d.p50.value, 50.5));
        QVERIFY(close(d.p90.value, 90.1));
        QVERIFY(close(d.p95.value, 95.05));
        QVERIFY(close(d.p99.value, 99.01));
        QVERIFY(close(d.p999.value, 99.901));
        QCOMPARE(d.p999.p, 0.999);
        // The interval is made of order statistics, which in 1..n are their own ranks.
        QCOMPARE(d.p50.low, double(d.p50.lowRank));
        QCOMPARE(d.p50.high, double(d.p50.highRank));
    }

    void scaledToAServersTime()
    {
        const Distribution d = Distribution::of({1, 2, 3, 4, 100});
        const Distribution k = d.scaled(10);
        QCOMPARE(k.count, d.count);
        QCOMPARE(k.mean, 10 * d.mean);
        QCOMPARE(k.max, 1000.0);
        QCOMPARE(k.p50.value, 30.0);
        QCOMPARE(k.p50.lowRank, d.p50.lowRank);
        QVERIFY(std::isnan(k.p99.high) == std::isnan(d.p99.high));
    }

    void samplesForABoundedInterval()
    {
        // The upper bound of p's interval exists once all n samples falling below the quantile is rarer than α/2:
        // pⁿ ≤ 0.025. For p99: 0.99^367 = e^(367 × −0.0100503) = 0.02501, 0.99^368 = 0.02476, so 368. For p95:
        // ln 0.025 / ln 0.95 = 71.9, so 72.
        QCOMPARE(Distribution::samplesForBoundedInterval(0.99), 368);
        QCOMPARE(Distribution::samplesForBoundedInterval(0.95), 72);
        for (const double p : {0.5, 0.9, 0.95, 0.99, 0.999}) {
            const int n = Distribution::samplesForBoundedInterval(p);
            std::vector<double> sorted(static_cast<std::size_t>(n));
            std::iota(sorted.begin(), sorted.end(), 1.0);
            const PercentileEstimate enough = Distribution::percentile(sorted, p);
            QVERIFY2(!std::isnan(enough.low) && !std::isnan(enough.high), qPrintable(QString::number(p)));
            sorted.pop_back();
            const PercentileEstimate fewer = Distribution::percentile(sorted, p);
            QVERIFY2(std::isnan(fewer.low) || std::isnan(fewer.high), qPrintable(QString::number(p)));
        }
    }

    void empty()
    {
        const Distribution d = Distribution::of({});
        QCOMPARE(d.count, std::size_t(0));
        QVERIFY(std::isnan(d.mean));
        QVERIFY(std::isnan(d.stddev));
        QVERIFY(std::isnan(d.min));
        QVERIFY(std::isnan(d.max));
        for (const PercentileEstimate& e : {d.p50, d.p90, d.p95, d.p99, d.p999}) {
            QVERIFY(std::isnan(e.value));
            QVERIFY(std::isnan(e.low));
            QVERIFY(std::isnan(e.high));
            QCOMPARE(e.lowRank, -1);
            QCOMPARE(e.highRank, -1);
        }
        QCOMPARE(d.p99.p, 0.99);
    }

    void singleSample()
    {
        const Distribution d = Distribution::of({3.0});
        QCOMPARE(d.count, std::size_t(1));
        QCOMPARE(d.mean, 3.0);
        QVERIFY(std::isnan(d.stddev));
        QCOMPARE(d.min, 3.0);
        QCOMPARE(d.max, 3.0);
        QCOMPARE(d.p50.value, 3.0);
        // One sample bounds no quantile on either side at 95 %.
        QVERIFY(std::isnan(d.p50.low));
        QVERIFY(std::isnan(d.p50.high));
    }

    void twoSamples()
    {
        const Distribution d = Distribution::of({20.0, 10.0});
        QCOMPARE(d.mean, 15.0);
        QVERIFY(close(d.stddev, std::sqrt(50.0)));
        QCOMPARE(d.p50.value, 15.0);
        QVERIFY(std::isnan(d.p50.low)); // P(both above the median) = 1/4 > 2.5 %
        QVERIFY(std::isnan(d.p50.high));
    }

    void constant()
    {
        const Distribution d = Distribution::of(std::vector<double>(1000, 2.0));
        QCOMPARE(d.mean, 2.0);
        QCOMPARE(d.stddev, 0.0);
        QCOMPARE(d.p99.value, 2.0);
        QCOMPARE(d.p50.low, 2.0);
        QCOMPARE(d.p50.high, 2.0);
    }

    void nanSamplesDropped()
    {
        const Distribution d = Distribution::of({1.0, std::nan(""), 3.0});
        QCOMPARE(d.count, std::size_t(2));
        QCOMPARE(d.mean, 2.0);
    }

    // Ranks checked against the exact binomial sums (Python's math.comb, equal tails at 95 %).
    void confidenceRanks_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("p");
        QTest::addColumn<int>("lowRank");
        QTest::addColumn<int>("highRank");

        QTest::newRow("n=10 p50") << 10 << 0.5 << 2 << 9;
        QTest::newRow("n=50 p50") << 50 << 0.5 << 18 << 33;
        QTest::newRow("n=50 p99") << 50 << 0.99 << 48 << -1;
        QTest::newRow("n=100 p50") << 100 << 0.5 << 40 << 61;
        QTest::newRow("n=100 p90") << 100 << 0.9 << 84 << 96;
        QTest::newRow("n=100 p99") << 100 << 0.99 << 97 << -1;
        QTest::newRow("n=1000 p50") << 1000 << 0.5 << 469 << 532;
        QTest::newRow("n=1000 p99") << 1000 << 0.99 << 983 << 997;
        QTest::newRow("n=1000 p99.9") << 1000 << 0.999 << 997 << -1;
        QTest::newRow("n=1 p50") << 1 << 0.5 << -1 << -1;
        QTest::newRow("n=2 p50") << 2 << 0.5 << -1 << -1;
    }

    void confidenceRanks()
    {
        QFETCH(int, n);
        QFETCH(double, p);
        QFETCH(int, lowRank);
        QFETCH(int, highRank);
        const std::vector<double> sorted = oneTo(n);
        const PercentileEstimate e = Distribution::percentile(sorted, p);
        QCOMPARE(e.lowRank, lowRank);
        QCOMPARE(e.highRank, highRank);
        QCOMPARE(std::isnan(e.low), lowRank < 0);
        QCOMPARE(std::isnan(e.high), highRank < 0);
        if (lowRank > 0)
            QCOMPARE(e.low, double(lowRank));
        if (highRank > 0)
            QCOMPARE(e.high, double(highRank));
    }

    void medianIntervalWidth()
    {
        // Uniform-ish data: the ranks bracket n/2 with width about 2 · 1.96 · sqrt(n p (1 - p)) ≈ 62.
        std::uint64_t state = 7;
        std::vector<double> samples(1000);
        for (double& x : samples)
            x = uniform(&state);
        const Distribution d = Distribution::of(samples);
        QVERIFY(d.p50.lowRank < 500 && d.p50.highRank > 500);
        QVERIFY(std::abs((d.p50.highRank - d.p50.lowRank) - 62) <= 3);
        QVERIFY(d.p50.low <= d.p50.value && d.p50.value <= d.p50.high);
    }

    void p99From50SamplesHasNoUpperBound()
    {
        std::vector<double> samples = oneTo(50);
        const Distribution d = Distribution::of(samples);
        QVERIFY(std::isnan(d.p99.high));
        QCOMPARE(d.p99.highRank, -1);
        QVERIFY(!std::isnan(d.p99.low));
    }

    // Past its memory the builder forgets the values and finds the order statistics in passes; every percentile and
    // bound must be the very one Distribution::of gives, ties, negatives and all.
    void builderIsExactPastItsMemory_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("inMemory");
        QTest::addColumn<int>("distinct"); // values drawn from this many, to make ties; 0: continuous
        QTest::newRow("fits") << 1000 << 5000 << 0;
        QTest::newRow("spills, narrows to single keys") << 20'000 << 8 << 0;
        QTest::newRow("spills, collects small buckets") << 200'000 << 20'000 << 0;
        QTest::newRow("ties") << 50'000 << 64 << 7;
        QTest::newRow("one value") << 3000 << 16 << 1;
    }

    void builderIsExactPastItsMemory()
    {
        QFETCH(int, n);
        QFETCH(int, inMemory);
        QFETCH(int, distinct);
        std::uint64_t state = 42;
        std::vector<double> values;
        for (int i = 0; i < n; ++i) {
            // Log-spread over six decades, a tenth negative (a schedule lag can be), or a few values only.
            const double u = uniform(&state);
            double v = distinct > 0 ? std::floor(u * distinct) * 1.25 : std::pow(10.0, 6 * u - 2);
            if (distinct == 0 && i % 10 == 0)
                v = -v;
            values.push_back(v);
        }
        const Distribution exact = Distribution::of(values);
        DistributionBuilder builder(0.95, std::size_t(inMemory));
        int passes = 0;
        do {
            ++passes;
            QVERIFY(passes <= 6);
            // Each pass in another order: the builder must not rely on it.
            std::rotate(values.begin(), values.begin() + passes * 7 % n, values.end());
            for (double v : values)
                builder.add(v);
            builder.add(std::nan(""));
        } while (builder.endPass());
        const Distribution& d = builder.result();
        QCOMPARE(builder.passes(), passes);
        QVERIFY(n <= inMemory ? passes == 1 : passes >= 2);
        QCOMPARE(d.count, exact.count);
        QCOMPARE(d.min, exact.min);
        QCOMPARE(d.max, exact.max);
        QVERIFY(close(d.mean, exact.mean));
        QVERIFY(close(d.stddev, exact.stddev));
        for (double p : {50.0, 90.0, 95.0, 99.0, 99.9}) {
            const PercentileEstimate& a = d.at(p);
            const PercentileEstimate& b = exact.at(p);
            QCOMPARE(a.value, b.value);
            QCOMPARE(a.lowRank, b.lowRank);
            QCOMPARE(a.highRank, b.highRank);
            QVERIFY(a.low == b.low || (std::isnan(a.low) && std::isnan(b.low)));
            QVERIFY(a.high == b.high || (std::isnan(a.high) && std::isnan(b.high)));
        }
    }

    void builderOfNothing()
    {
        DistributionBuilder builder(0.95, 4);
        QVERIFY(!builder.endPass());
        QCOMPARE(builder.result().count, std::size_t(0));
        QVERIFY(std::isnan(builder.result().p99.value));
    }

    void millionsOfSamples()
    {
        // Exact sums over a window around the mode: no normal approximation, and still quick.
        const int n = 3'000'000;
        const std::vector<double> sorted = oneTo(n);
        for (double p : {0.5, 0.9, 0.99, 0.999}) {
            const PercentileEstimate e = Distribution::percentile(sorted, p);
            const double expectedWidth = 2 * 1.959964 * std::sqrt(n * p * (1 - p));
            QVERIFY2(std::abs((e.highRank - e.lowRank) - expectedWidth) <= 0.01 * expectedWidth + 2,
                qPrintable(QStringLiteral("p=%1: %2..%3").arg(p).arg(e.lowRank).arg(e.highRank)));
            QVERIFY(e.lowRank < p * n && e.highRank > p * n);
        }
    }

    void coverage()
    {
        // The interval is meant to hold the true median (0.5 for uniform data) in ≥ 95 % of samples; for n = 100
        // the exact coverage of ranks 40..61 is 96.5 %.
        std::uint64_t state = 2026;
        const int trials = 400;
        int covered = 0;
        for (int trial = 0; trial < trials; ++trial) {
            std::vector<double> samples(100);
            for (double& x : samples)
                x = uniform(&state);
            const PercentileEstimate e = Distribution::of(samples).p50;
            covered += e.low <= 0.5 && 0.5 <= e.high ? 1 : 0;
        }
        const double rate = double(covered) / trials;
        QVERIFY2(rate >= 0.90 && rate <= 0.99, qPrintable(QString::number(rate)));
    }

    void otherConfidence()
    {
        const std::vector<double> sorted = oneTo(100);
        const PercentileEstimate narrow = Distribution::percentile(sorted, 0.5, 0.5);
        const PercentileEstimate wide = Distribution::percentile(sorted, 0.5, 0.99);
        QVERIFY(narrow.highRank - narrow.lowRank < wide.highRank - wide.lowRank);
        QVERIFY(narrow.lowRank <= 50 && narrow.highRank >= 51);
    }
};

QTEST_GUILESS_MAIN(TestPercentiles)
#include "tst_percentiles.moc"
