// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A default run sized to its server once the baseline has timed a request: each step fits its budget, the plan says
// how long it takes, and a step the user sized is left as it is.
#include "plan/runoptions.h"
#include "plan/runplan.h"
#include "plan/stepbudget.h"
#include "stats/distribution.h"

#include <QTest>

using namespace kp::core;

class TestStepBudget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The server: 11 s a request at one user. The default plan asked for enough requests to bound p99
    // (about 300 at one user), an hour for that step alone, and printed nothing for 14 minutes.
    void aSlowServerFitsTheBudget()
    {
        const RunOptions options = RunOptions {}.resolved();
        const int planned = options.requestsFor(1);
        QVERIFY(planned >= Distribution::samplesForBoundedInterval(0.99));
        const StepBudget::Step one = StepBudget::closedLoop(1, planned, 1, 11, 0, StepBudget::kDefaultSeconds);
        QVERIFY(one.trimmed);
        // 27 rounds of 11 s fit in 300 s: the warm-up and 26 measured requests.
        QCOMPARE(one.requests, 26);
        QCOMPARE(one.seconds, 27 * 11.0);
        QVERIFY(one.seconds <= StepBudget::kDefaultSeconds);

        // The whole default sweep: every step within its budget, bounded by it as a duration too, and the plan says
        // how long the rest takes.
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        const std::vector<StepBudget::Step> sized = StepBudget::apply(steps, 1, 11, 0, StepBudget::kDefaultSeconds);
        QCOMPARE(sized.size(), steps.size() - 1);
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QVERIFY2(sized[i - 1].seconds <= StepBudget::kDefaultSeconds, qPrintable(QString::number(i)));
            QCOMPARE(steps[i].plan.durationSeconds, StepBudget::kDefaultSeconds);
            QCOMPARE(steps[i].plan.requestCount, sized[i - 1].requests);
        }
        QVERIFY(StepBudget::total(sized) <= StepBudget::kDefaultSeconds * double(sized.size()));
        const QString sentence = StepBudget::sentence(sized, StepBudget::kDefaultSeconds);
        QVERIFY2(sentence.startsWith(QStringLiteral("The rest of the run takes at least ")), qPrintable(sentence));
        QVERIFY2(sentence.contains(QStringLiteral("trimmed to fit 5 min each")), qPrintable(sentence));
    }

    // A fast server keeps every request the percentile asked for: the budget only bites where it must.
    void aFastServerKeepsItsRequests()
    {
        const RunOptions options = RunOptions {}.resolved();
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        std::vector<int> before;
        before.reserve(steps.size());
        for (const PlannedStep& s : steps)
            before.push_back(s.plan.requestCount);
        const std::vector<StepBudget::Step> sized = StepBudget::apply(steps, 1, 0.5, 0, StepBudget::kDefaultSeconds);
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QCOMPARE(steps[i].plan.requestCount, before[i]);
            QVERIFY(!sized[i - 1].trimmed);
        }
        QVERIFY2(!StepBudget::sentence(sized, StepBudget::kDefaultSeconds).contains(QStringLiteral("trimmed")),
            qPrintable(StepBudget::sentence(sized, StepBudget::kDefaultSeconds)));
    }

    // However slow the server, a step keeps a few requests to measure; the duration still bounds it.
    void aStepKeepsAMinimum()
    {
        const StepBudget::Step s = StepBudget::closedLoop(1, 300, 1, 100, 0, 300);
        QCOMPARE(s.requests, StepBudget::kMinimumRequests);
        QVERIFY(s.trimmed);
        // An open loop at 2 requests a second for 300 requests: 150 s of arrivals, one lifetime more.
        const StepBudget::Step open = StepBudget::openLoop(2, 300, 10, 100);
        QCOMPARE(open.requests, 180);
        QCOMPARE(open.seconds, 100.0);
        QCOMPARE(StepBudget::openLoop(2, 300, 10, 0).seconds, 160.0); // no budget: as planned
    }

    // A step the user sized by duration is already bounded: left alone, and counted at its length.
    void aDurationStepIsLeftAlone()
    {
        RunOptions options = RunOptions {}.resolved();
        options.durationPerStep = 30;
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        const std::vector<StepBudget::Step> sized = StepBudget::apply(steps, 1, 11, 0, StepBudget::kDefaultSeconds);
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QCOMPARE(steps[i].plan.durationSeconds, 30.0);
            QCOMPARE(sized[i - 1].seconds, 30.0);
        }
    }

    void durationsReadAsPeopleSayThem()
    {
        QCOMPARE(StepBudget::duration(45), QStringLiteral("45 s"));
        QCOMPARE(StepBudget::duration(2040), QStringLiteral("34 min"));
        QCOMPARE(StepBudget::duration(7500), QStringLiteral("2 h 5 min"));
    }
};

QTEST_GUILESS_MAIN(TestStepBudget)
#include "tst_stepbudget.moc"
