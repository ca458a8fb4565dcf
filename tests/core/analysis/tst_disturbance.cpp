// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Steps another process slowed, on hand-built runs: a time per token that drifts within a step at one load, or a
// repeat of a load that measured another, is named with its numbers; a steady run passes. Issue 46: under another
// process's load the same server got up to 70× slower per token, and nothing flagged it.
#include "core/analysis/disturbance.h"
#include "core/analysis/rundata.h"
#include "support/handbuiltrun.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kp::core;

namespace {

// The step's requests, in the order they were sent, take `late` ms per token from the last third on; the sorted
// copy the medians read follows.
void slowLastThird(StepData& s, double late)
{
    const std::size_t n = s.requests.size();
    for (std::size_t i = n - n / 3; i < n; ++i)
        s.requests[i].tpotMs = late;
    s.tpotSorted.clear();
    for (const RequestTimes& t : s.requests)
        s.tpotSorted.push_back(t.tpotMs);
    std::sort(s.tpotSorted.begin(), s.tpotSorted.end());
}

const StepDisturbance* judged(const Disturbance& d, const StepData& s)
{
    for (const StepDisturbance& j : d.steps) {
        if (j.step == &s)
            return &j;
    }
    return nullptr;
}

} // namespace

class TestDisturbance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aSteadyRunPasses();
    void aDriftWithinAStepIsNamed();
    void aRepeatThatMeasuredAnotherIsNamed();
    void tooFewRequestsAreNotJudged();
    void theLoadAverageIsRead();
};

void TestDisturbance::aSteadyRunPasses()
{
    const RunData run = makeRun(latencyBoundSweep());
    const Disturbance d = Disturbance::of(run);
    for (std::size_t i = 2; i < run.steps.size(); ++i)
        QVERIFY2(judged(d, run.steps[i]), qPrintable(run.steps[i].loadText()));
    QVERIFY(d.disturbed().empty());
    QCOMPARE(d.cores, 2);
    const TrustCheck c = d.trustCheck();
    QCOMPARE(c.id, QStringLiteral("disturbance"));
    QCOMPARE(c.status, TrustCheck::Status::Pass);
    QVERIFY(c.disturbed.empty());
    QVERIFY2(c.detail.contains(QStringLiteral("the widest was 1.00×")), qPrintable(c.detail));
    // No load was measured twice, so no repeat is claimed.
    QVERIFY2(!c.detail.contains(QStringLiteral("repeated")), qPrintable(c.detail));
}

// 4 users at 10 ms per token, then 35 ms for the last third of the step's requests: 3.5×, with the machine's load.
void TestDisturbance::aDriftWithinAStepIsNamed()
{
    RunData run = makeRun(latencyBoundSweep());
    StepData& four = run.steps[3];
    QCOMPARE(four.concurrency, 4);
    slowLastThird(four, 35);
    four.loadAverage = 5.3;
    const Disturbance d = Disturbance::of(run);
    const StepDisturbance* j = judged(d, four);
    QVERIFY(j);
    QCOMPARE(j->earlyTpotMs, 10.0);
    QCOMPARE(j->lateTpotMs, 35.0);
    QCOMPARE(j->drift, 3.5);
    QVERIFY(j->disturbed);
    QCOMPARE(d.disturbed(), std::vector<const StepData*> {&four});
    const TrustCheck c = d.trustCheck();
    QCOMPARE(c.status, TrustCheck::Status::Warn);
    QCOMPARE(c.title, c.doubt);
    QCOMPARE(c.disturbed, std::vector<const StepData*> {&four});
    QVERIFY2(c.detail.contains(QStringLiteral("At 4 users the median time per token went from 10 ms in the first "
                                              "third of its requests to 35 ms in the last (3.5×)")),
        qPrintable(c.detail));
    QVERIFY2(c.detail.contains(QStringLiteral("the machine's 1-minute load average was 5.30 on 2 cores")),
        qPrintable(c.detail));

    // A drift that ends inside the step counts the same way: fast last, slow first.
    RunData recovered = makeRun(latencyBoundSweep());
    StepData& eight = recovered.steps[4];
    slowLastThird(eight, 10.0 / 1.6);
    QVERIFY(judged(Disturbance::of(recovered), eight)->disturbed);
    // Under the threshold: 1.4× is left alone.
    RunData mild = makeRun(latencyBoundSweep());
    slowLastThird(mild.steps[4], 14);
    QVERIFY(Disturbance::of(mild).disturbed().empty());
}

// Two steps at 2 users: the second, steady in itself, measured three times the first's time per token.
void TestDisturbance::aRepeatThatMeasuredAnotherIsNamed()
{
    const RunData run = makeRun({{1, 100, 10}, {1, 100, 10}, {2, 100, 10}, {2, 100, 30}, {4, 100, 10}});
    const Disturbance d = Disturbance::of(run);
    const StepDisturbance* again = judged(d, run.steps[3]);
    QVERIFY(again);
    QCOMPARE(again->repeat, &run.steps[2]);
    QCOMPARE(again->repeatDrift, 3.0);
    QCOMPARE(again->drift, 1.0);
    QVERIFY(again->disturbed);
    // The baseline's one user is another phase, so the first 1-user concurrency step is no repeat of it.
    QVERIFY(!judged(d, run.steps[1])->repeat);
    const TrustCheck c = d.trustCheck();
    QCOMPARE(c.status, TrustCheck::Status::Warn);
    QVERIFY2(c.detail.contains(QStringLiteral("its median was 3.0× the one measured earlier at the same load")),
        qPrintable(c.detail));
}

void TestDisturbance::tooFewRequestsAreNotJudged()
{
    // 1 and 2 users sending 4 requests each: at most 8 TPOTs a step, under 3 × 5.
    const RunData run = makeRun({{1, 100, 10, 4}, {1, 100, 10, 4}, {2, 100, 10, 4}});
    const Disturbance d = Disturbance::of(run);
    QVERIFY(d.steps.empty());
    QCOMPARE(d.trustCheck().status, TrustCheck::Status::NotMeasured);
}

void TestDisturbance::theLoadAverageIsRead()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("loadavg"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("5.30 4.10 3.00 3/512 12345\n");
    f.close();
    QCOMPARE(Disturbance::loadAverageNow(path), 5.3);
    QCOMPARE(Disturbance::loadAverageNow(dir.filePath(QStringLiteral("missing"))), -1.0);
    // This machine's, where Linux has it.
    if (QFile::exists(QStringLiteral("/proc/loadavg")))
        QVERIFY(Disturbance::loadAverageNow() >= 0);
}

QTEST_GUILESS_MAIN(TestDisturbance)
#include "tst_disturbance.moc"
