// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualitycomparison.h"
#include "core/quality/qualitystatistics.h"
#include "core/quality/qualityverdict.h"

#include <QTest>

#include <cmath>
#include <random>
#include <utility>

using namespace kp::core;

namespace {

bool close(double a, double b, double relative = 1e-12)
{
    return std::abs(a - b) <= relative * std::max(1e-300, std::abs(b));
}

// n questions answered right with probability `before` and `after`, paired through a shared draw per question:
// cell probabilities bothRight, rightToWrong, wrongToRight, bothWrong.
PairedCounts draw(std::mt19937_64& rng, int n, const std::array<double, 4>& cells)
{
    std::discrete_distribution<int> cell(cells.begin(), cells.end());
    PairedCounts t;
    for (int i = 0; i < n; ++i) {
        switch (cell(rng)) {
        case 0:
            ++t.bothRight;
            break;
        case 1:
            ++t.rightToWrong;
            break;
        case 2:
            ++t.wrongToRight;
            break;
        default:
            ++t.bothWrong;
        }
    }
    return t;
}

QualityAnswer answer(const QString& id, int repetition, bool correct, const QString& error = {})
{
    QualityAnswer a;
    a.questionId = id;
    a.category = id.left(1);
    a.repetition = repetition;
    a.correct = correct;
    a.error = error;
    a.reply = correct ? QStringLiteral("right") : QStringLiteral("wrong");
    return a;
}

// A before pass (1, with the rule: a drop of at most 1 point) and an after pass (2) of one set, without answers.
std::pair<QualityPass, QualityPass> passPair()
{
    QualityPass before;
    before.info.id = 1;
    before.info.role = QualityRole::Before;
    before.info.setSha256 = QStringLiteral("abc");
    before.info.allowedDropPp = 1;
    QualityPass after = before;
    after.info.id = 2;
    after.info.role = QualityRole::After;
    after.info.allowedDropPp.reset();
    return {before, after};
}

} // namespace

class TestQualityStatistics : public QObject
{
    Q_OBJECT

private slots:
    // Two-sided exact McNemar p = min(1, 2·Σ_{k ≤ min(b,c)} C(b+c, k) / 2^(b+c)), worked by hand:
    //  b=0, c=5: 2·1/32 = 0.0625;  b=1, c=9: 2·(1+10)/1024 = 0.021484375;
    //  b=3, c=12: 2·(1+15+105+455)/32768 = 0.03515625;  b=5, c=5: 2·638/1024 > 1, so 1;
    //  b=2, c=8: 2·(1+10+45)/1024 = 0.109375;  b=0, c=0: 1 (nothing changed).
    void mcNemarKnownValues_data()
    {
        QTest::addColumn<int>("b");
        QTest::addColumn<int>("c");
        QTest::addColumn<double>("p");
        QTest::newRow("0/5") << 0 << 5 << 0.0625;
        QTest::newRow("1/9") << 1 << 9 << 0.021484375;
        QTest::newRow("9/1 symmetric") << 9 << 1 << 0.021484375;
        QTest::newRow("3/12") << 3 << 12 << 0.03515625;
        QTest::newRow("5/5") << 5 << 5 << 1.0;
        QTest::newRow("2/8") << 2 << 8 << 0.109375;
        QTest::newRow("none") << 0 << 0 << 1.0;
        QTest::newRow("0/1") << 0 << 1 << 1.0;
        QTest::newRow("0/20") << 0 << 20 << 2.0 / 1048576.0;
    }
    void mcNemarKnownValues()
    {
        QFETCH(int, b);
        QFETCH(int, c);
        QFETCH(double, p);
        const double got = QualityStatistics::mcNemarExactP(b, c);
        QVERIFY2(close(got, p, 1e-10), QByteArray::number(got, 'g', 17).constData());
    }

    void mcNemarLargeCountsStayFinite()
    {
        // 4,000 against 6,000 discordant answers: far below double's smallest normal in linear space.
        const double p = QualityStatistics::mcNemarExactP(4000, 6000);
        QVERIFY(p >= 0 && p < 1e-80);
        QCOMPARE(QualityStatistics::mcNemarExactP(5000, 5000), 1.0);
        QVERIFY(QualityStatistics::mcNemarExactP(4950, 5050) > 0.3);
    }

    void normalQuantile()
    {
        QVERIFY(close(QualityStatistics::normalQuantile(0.975), 1.959963984540054, 1e-12));
        QVERIFY(close(QualityStatistics::normalQuantile(0.95), 1.6448536269514722, 1e-12));
        QVERIFY(close(QualityStatistics::normalQuantile(0.005), -2.5758293035489004, 1e-12));
        QCOMPARE(QualityStatistics::normalQuantile(0.5), 0.0);
        QVERIFY(std::isnan(QualityStatistics::normalQuantile(1.0)));
    }

    void wilsonKnownValue()
    {
        // 81 of 263 at 95%: (0.2553, 0.3662), the worked example of Newcombe (1998), Statistics in Medicine 17:857.
        const ConfidenceInterval w = QualityStatistics::wilson(81, 263, 0.95);
        QVERIFY(std::abs(w.lower - 0.2553) < 5e-4);
        QVERIFY(std::abs(w.upper - 0.3662) < 5e-4);
    }

    void newcombeKnownValue()
    {
        // a=8, b=5, c=4, d=3 (n=20): before 13/20, after 12/20. Wilson 13/20 is 0.43285–0.81881 and 12/20 is
        // 0.38658–0.78119; phi = (8·3 − 5·4)/√(13·7·12·8) = 0.042796. Newcombe's method 10 for after − before,
        // evaluated independently in double precision: −0.316383 to 0.226795.
        const PairedCounts t {8, 5, 4, 3};
        const ConfidenceInterval ci = QualityStatistics::pairedDifference(t, 0.95);
        QVERIFY2(std::abs(ci.lower - (-0.3163833)) < 1e-6, QByteArray::number(ci.lower, 'g', 10).constData());
        QVERIFY2(std::abs(ci.upper - 0.2267954) < 1e-6, QByteArray::number(ci.upper, 'g', 10).constData());
    }

    void intervalWithNoChangeIsNotDegenerate()
    {
        const ConfidenceInterval ci = QualityStatistics::pairedDifference({225, 0, 0, 25}, 0.95);
        QVERIFY(ci.lower < 0 && ci.upper > 0);
        QVERIFY(ci.upper - ci.lower < 0.03); // a perfectly repeated pass pins the change down
        const ConfidenceInterval all = QualityStatistics::pairedDifference({250, 0, 0, 0}, 0.95);
        QVERIFY(all.lower <= 0 && all.upper >= 0);
        QVERIFY(all.lower >= -1 && all.upper <= 1);
    }

    // Coverage by simulation: for known cell probabilities, the 95% interval of after − before must contain the
    // true difference in 93–97% of 4,000 samples (a binomial 95% band around 0.95 is ±0.7 points).
    void intervalCoverage_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("bothRight");
        QTest::addColumn<double>("rightToWrong");
        QTest::addColumn<double>("wrongToRight");
        QTest::newRow("250, 90% → 85%") << 250 << 0.82 << 0.08 << 0.03;
        QTest::newRow("250, no change") << 250 << 0.81 << 0.09 << 0.09;
        QTest::newRow("250, nested drop") << 250 << 0.85 << 0.05 << 0.0;
        QTest::newRow("100, 70% both") << 100 << 0.6 << 0.1 << 0.1;
        QTest::newRow("50, drop") << 50 << 0.8 << 0.1 << 0.02;
    }
    void intervalCoverage()
    {
        QFETCH(int, n);
        QFETCH(double, bothRight);
        QFETCH(double, rightToWrong);
        QFETCH(double, wrongToRight);
        const std::array<double, 4> cells {
            bothRight, rightToWrong, wrongToRight, 1 - bothRight - rightToWrong - wrongToRight};
        const double truth = wrongToRight - rightToWrong;
        std::mt19937_64 rng(20261129);
        constexpr int Samples = 4000;
        int covered = 0;
        for (int i = 0; i < Samples; ++i) {
            const ConfidenceInterval ci = QualityStatistics::pairedDifference(draw(rng, n, cells), 0.95);
            covered += ci.lower <= truth && truth <= ci.upper ? 1 : 0;
        }
        const double coverage = double(covered) / Samples;
        QVERIFY2(coverage >= 0.93 && coverage <= 0.97, QByteArray::number(coverage).constData());
    }

    void noiseFloor()
    {
        QVERIFY(!QualityStatistics::noiseFloor({{true}, {false}}));
        QCOMPARE(*QualityStatistics::noiseFloor({{true, true}, {false, false}, {true, false}, {false, true}}), 0.5);
        // A question answered only once (the other repetition failed) is left out.
        QCOMPARE(*QualityStatistics::noiseFloor({{true, true}, {true}, {true, false, true}}), 0.5);
    }

    void verdictRule()
    {
        using Outcome = QualityVerdict::Outcome;
        // Allowed drop 1 point: the line is at −0.01.
        QCOMPARE(QualityVerdict::decide({-0.009, 0.02}, 1, 0.95).outcome, Outcome::Pass);
        QCOMPARE(QualityVerdict::decide({-0.01, 0.02}, 1, 0.95).outcome, Outcome::Pass); // on the line
        QCOMPARE(QualityVerdict::decide({0.01, 0.05}, 1, 0.95).outcome, Outcome::Pass); // better
        QCOMPARE(QualityVerdict::decide({-0.05, -0.011}, 1, 0.95).outcome, Outcome::Fail);
        QCOMPARE(QualityVerdict::decide({-0.05, 0.02}, 1, 0.95).outcome, Outcome::Inconclusive);
        QCOMPARE(QualityVerdict::decide({-0.05, -0.01}, 1, 0.95).outcome, Outcome::Inconclusive);
        QCOMPARE(QualityVerdict::decide({-0.05, -0.03}, 5, 0.95).outcome, Outcome::Pass);
        const QualityVerdict v = QualityVerdict::decide({-0.05, -0.02}, 1, 0.95);
        QVERIFY2(v.sentence.startsWith(u"FAIL") && v.sentence.contains(u"[-5.0, -2.0]"), qPrintable(v.sentence));
        QCOMPARE(QualityVerdict::name(Outcome::Inconclusive), QStringLiteral("inconclusive"));
    }

    void comparisonPairsAndExcludesErrors()
    {
        auto [before, after] = passPair();
        // q1 right→wrong, q2 wrong→right, q3 right both, q4 error in after (left out), q5 error in before.
        before.answers = {answer(QStringLiteral("a1"), 1, true), answer(QStringLiteral("a2"), 1, false),
            answer(QStringLiteral("b3"), 1, true), answer(QStringLiteral("b4"), 1, true),
            answer(QStringLiteral("b5"), 1, false, QStringLiteral("HTTP 500: boom")),
            answer(QStringLiteral("a1"), 2, true), answer(QStringLiteral("a2"), 2, true),
            answer(QStringLiteral("b3"), 2, true), answer(QStringLiteral("b4"), 2, true)};
        after.answers = {answer(QStringLiteral("a1"), 1, false), answer(QStringLiteral("a2"), 1, true),
            answer(QStringLiteral("b3"), 1, true), answer(QStringLiteral("b4"), 1, false, QStringLiteral("timeout")),
            answer(QStringLiteral("b5"), 1, true)};
        QString refusal;
        const std::optional<QualityComparison> c = QualityComparison::compare(before, after, 0.95, &refusal);
        QVERIFY2(c, qPrintable(refusal));
        QCOMPARE(c->counts.total(), 3);
        QCOMPARE(c->counts.rightToWrong, 1);
        QCOMPARE(c->counts.wrongToRight, 1);
        QCOMPARE(c->counts.bothRight, 1);
        QCOMPARE(c->excluded, 2);
        QCOMPARE(c->changed.size(), std::size_t(2));
        QVERIFY(!c->changed[0].nowRight); // right → wrong first
        QCOMPARE(c->changed[0].questionId, QStringLiteral("a1"));
        QCOMPARE(c->beforeNoise, std::optional<double>(0.25)); // a2 moved, of four with two repetitions
        QVERIFY(!c->afterNoise);
        QCOMPARE(c->categories.size(), std::size_t(2));
        QCOMPARE(c->toJson().value(u"excluded").toInt(), 2);

        // The rule comes with the before pass; other sets, or roles the wrong way round, are refused.
        QVERIFY(!QualityComparison::compare(after, before, 0.95, &refusal));
        QVERIFY(refusal.contains(u"before pass"));
        QualityPass other = after;
        other.info.setSha256 = QStringLiteral("def");
        QVERIFY(!QualityComparison::compare(before, other, 0.95, &refusal));
        QVERIFY2(refusal.startsWith(u"A asked set"), qPrintable(refusal));
    }

    // A before pass with nothing right judges nothing: inconclusive, said so, where it read PASS of +80 points.
    void aBeforePassWithNothingRightJudgesNothing()
    {
        auto [before, after] = passPair();
        for (int i = 0; i < 10; ++i) {
            const QString id = QStringLiteral("q%1").arg(i);
            before.answers.push_back(answer(id, 1, false));
            after.answers.push_back(answer(id, 1, i < 8));
        }
        QString refusal;
        const std::optional<QualityComparison> c = QualityComparison::compare(before, after, 0.95, &refusal);
        QVERIFY2(c, qPrintable(refusal));
        QCOMPARE(c->verdict.outcome, QualityVerdict::Outcome::Inconclusive);
        QVERIFY2(c->verdict.sentence.startsWith(u"INCONCLUSIVE: the before pass (pass 1) got none of the 10"),
            qPrintable(c->verdict.sentence));
    }
};

QTEST_GUILESS_MAIN(TestQualityStatistics)
#include "tst_qualitystatistics.moc"
