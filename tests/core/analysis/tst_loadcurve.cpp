// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// How a capacity is shown: rounded at the precision every text uses, never truncated, and never onto the step that
// failed. Issue 46: a quiet run pinned 5.77 users between 5 passing and 6 missing, and printed "5.7".
#include "core/analysis/loadcurve.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "support/handbuiltrun.h"

#include <QTest>

#include <cmath>

using namespace kp::core;

namespace {

// TTFT p99 400 ms at `pass` users and `failMs` at `fail` users, against 500 ms; every other step far under it.
RunData crossingBetween(int pass, int fail, double failMs)
{
    std::vector<StepSpec> specs {{1, 100, 10}, {1, 100, 10}, {2, 100, 10}, {pass, 400, 10}, {fail, failMs, 10}};
    return makeRun(specs);
}

} // namespace

class TestLoadCurve : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aCrossingIsRoundedNotTruncated();
    void aRoundingOntoTheFailedStepStepsDown();
    void withoutTheFailingLoadItIsRoundedDown();
};

void TestLoadCurve::aCrossingIsRoundedNotTruncated()
{
    // 5 + 100 / 129.87 = 5.770 users.
    const RunData run = crossingBetween(5, 6, 400 + 100 / 0.77);
    const RunAnalysis a = RunAnalysis::of(run, AnalysisSettings::ofRun(run));
    const Capacity& c = a.curve.capacity;
    QCOMPARE(c.bound, Capacity::Bound::Between);
    QVERIFY2(std::abs(c.load - 5.77) < 1e-6, qPrintable(QString::number(c.load, 'g', 12)));
    QCOMPARE(c.failLoad, 6.0);
    QCOMPARE(c.shown(), 5.8);
    QVERIFY2(a.verdict.contains(QStringLiteral("5.8 users")), qPrintable(a.verdict));
    QVERIFY2(!a.verdict.contains(QStringLiteral("5.7 users")), qPrintable(a.verdict));

    // From 10 users whole ones: 12.6 between 8 and 16 is 13.
    const RunData wide = crossingBetween(8, 16, 400 + 100 * 8 / 4.6);
    const Capacity& w = RunAnalysis::of(wide, AnalysisSettings::ofRun(wide)).curve.capacity;
    QVERIFY(std::abs(w.load - 12.6) < 1e-6);
    QCOMPARE(w.shown(), 13.0);
}

void TestLoadCurve::aRoundingOntoTheFailedStepStepsDown()
{
    // 8 + 8 × 100 / 105.3 = 15.6 users: rounded, 16, the step that missed; shown one user lower.
    const RunData run = crossingBetween(8, 16, 505.3);
    const Capacity& c = RunAnalysis::of(run, AnalysisSettings::ofRun(run)).curve.capacity;
    QVERIFY(std::abs(c.load - (8 + 8 * 100 / 105.3)) < 1e-6);
    QCOMPARE(c.shown(), 15.0);

    // Below ten users, a tenth lower: 9.96 between 8 and 10 rounds to the failed 10, and is shown as 9.9.
    Capacity near;
    near.bound = Capacity::Bound::Between;
    near.load = 9.96;
    near.failLoad = 10;
    QCOMPARE(near.shown(), 9.9);
    // An open-loop rate fails at 2.5 requests per second: 2.46 rounds to 2.5 and is shown as 2.4.
    near.load = 2.46;
    near.failLoad = 2.5;
    QCOMPARE(near.shown(), 2.4);
    near.load = 2.44;
    QCOMPARE(near.shown(), 2.4);
}

void TestLoadCurve::withoutTheFailingLoadItIsRoundedDown()
{
    Capacity c;
    c.bound = Capacity::Bound::Between;
    c.load = 8.08;
    QCOMPARE(c.shown(), 8.0);
    c.load = 5.77;
    QCOMPARE(c.shown(), 5.7);
    // Not a crossing: the load as measured.
    c.bound = Capacity::Bound::AtLeast;
    c.load = 32;
    QCOMPARE(c.shown(), 32.0);
}

QTEST_GUILESS_MAIN(TestLoadCurve)
#include "tst_loadcurve.moc"
