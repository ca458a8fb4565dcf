// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A default run sized to its server once the baseline has timed a request: each step fits its budget, the plan says
// how long it takes as a range whose long end the run keeps to, and a step the user sized is left as it is.
#include "core/plan/runoptions.h"
#include "core/plan/runplan.h"
#include "core/plan/stepbudget.h"
#include "core/stats/distribution.h"

#include <QJsonObject>
#include <QTest>
#include <queue>

#include <algorithm>

using namespace kp::core;

namespace {

StepBudget::Pace paceOf(double lifetime, double slowest = 0, double timeout = 0)
{
    StepBudget::Pace p;
    p.lifetimeSeconds = lifetime;
    p.slowestSeconds = slowest;
    p.rampSeconds = lifetime;
    p.requestTimeoutSeconds = timeout;
    return p;
}

/// A closed-loop step as the load engine runs it, against a server of `slotCount` slots that serves each request in
/// `service` seconds, one request a slot, the rest waiting in line: `users` start spread over `ramp`, each sends its
/// share of `requests` + `warmups` one after another, nobody sends after `budget` (0: none), and the step ends when
/// the last request does. Returns when that is.
double simulateClosedLoop(
    int users, int requests, int warmups, double service, int slotCount, double ramp, double budget)
{
    const int total = requests + warmups;
    std::vector<int> left(std::size_t(users), 0);
    for (int i = 0; i < total; ++i)
        ++left[std::size_t(i % users)];
    // Events: (time, user) a user's request arrives at the server.
    using Event = std::pair<double, int>;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> arrivals;
    for (int u = 0; u < users; ++u)
        if (left[std::size_t(u)] > 0 && (budget <= 0 || ramp * u / users < budget))
            arrivals.push({ramp * u / users, u});
    std::priority_queue<double, std::vector<double>, std::greater<>> freeAt; // when each slot is next free
    for (int s = 0; s < slotCount; ++s)
        freeAt.push(0);
    double end = 0;
    while (!arrivals.empty()) {
        const auto [at, u] = arrivals.top();
        arrivals.pop();
        const double start = std::max(at, freeAt.top());
        freeAt.pop();
        const double done = start + service;
        freeAt.push(done);
        end = std::max(end, done);
        if (--left[std::size_t(u)] > 0 && (budget <= 0 || done < budget))
            arrivals.push({done, u});
    }
    return end;
}

} // namespace

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
        const StepBudget::Pace pace = paceOf(11, 11);
        const StepBudget::Step one = StepBudget::closedLoop(1, planned, 1, pace, StepBudget::kDefaultSeconds);
        QVERIFY(one.trimmed);
        // 27 rounds of 11 s fit in 300 s: the warm-up and 26 measured requests.
        QCOMPARE(one.requests, 26);
        QCOMPARE(one.seconds, 27 * 11.0);
        QVERIFY(one.seconds <= StepBudget::kDefaultSeconds);
        // At the most: sending stops at the budget, and the one request then in flight takes twice the slowest.
        QCOMPARE(one.mostSeconds, StepBudget::kDefaultSeconds + 2 * 11.0);

        // The whole default sweep: every step within its budget, bounded by it as a duration too, and the plan says
        // how long the rest takes.
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        const std::vector<StepBudget::Step> sized = StepBudget::apply(steps, 1, pace, StepBudget::kDefaultSeconds);
        QCOMPARE(sized.size(), steps.size() - 1);
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QVERIFY2(sized[i - 1].seconds <= StepBudget::kDefaultSeconds, qPrintable(QString::number(i)));
            QVERIFY2(sized[i - 1].mostSeconds >= sized[i - 1].seconds, qPrintable(QString::number(i)));
            QCOMPARE(steps[i].plan.durationSeconds, StepBudget::kDefaultSeconds);
            QCOMPARE(steps[i].plan.requestCount, sized[i - 1].requests);
        }
        std::vector<PlannedStep> again = RunPlan::of(options).steps;
        const StepBudget::Forecast f
            = StepBudget::forecast(again, 1, pace, StepBudget::kDefaultSeconds, StepBudget::Sweep {});
        QVERIFY(f.least() <= StepBudget::kDefaultSeconds * double(f.steps.size()));
        QVERIFY(f.most() > f.least());
        const QString sentence = StepBudget::sentence(f);
        QVERIFY2(sentence.startsWith(QStringLiteral("The rest of the run takes about ")), qPrintable(sentence));
        QVERIFY2(sentence.contains(QStringLiteral("4 trimmed to fit 5 min each")), qPrintable(sentence));
    }

    // The long end is a bound: a server no faster than one slot at twice the baseline's slowest still ends every
    // step inside it, at every load, with and without a budget; the short end is what the baseline's own pace
    // gives. Today's single figure ("at least") was the short end alone.
    void theLongEndHoldsTheSlowestServer()
    {
        const double lifetime = 2;
        const double slowest = 3;
        const StepBudget::Pace pace = paceOf(lifetime, slowest);
        const double worst = slowest * StepBudget::kSlowdownAllowance;
        for (const double budget : {0.0, 60.0, 300.0}) {
            for (const int users : {1, 2, 4, 8, 16, 32}) {
                RunOptions o = RunOptions {}.resolved();
                o.quick = budget == 0; // without a budget the default counts would take hours at one slot
                const int warmups = std::min(users, 32);
                const StepBudget::Step s = StepBudget::closedLoop(users, o.requestsFor(users), warmups, pace, budget);
                const QString where = QStringLiteral("%1 users, budget %2").arg(users).arg(budget);
                // One slot, every request at the worst pace allowed: as slow as the bound allows.
                const double serial
                    = simulateClosedLoop(users, s.requests, warmups, worst, 1, pace.rampSeconds, budget);
                QVERIFY2(serial <= s.mostSeconds + 1e-9,
                    qPrintable(QStringLiteral("%1: %2 s > %3 s").arg(where).arg(serial).arg(s.mostSeconds)));
                // Four slots at the baseline's own pace, each request as long as alone: the short end or more, and
                // still inside the bound.
                const double batched = simulateClosedLoop(users, s.requests, warmups, lifetime, 4, 0, budget);
                QVERIFY2(batched <= s.mostSeconds, qPrintable(where));
            }
        }
    }

    // A request never outlives the request timeout, so neither does the drain: at 256 users of 25 s each the wait
    // for the last requests is the timeout, not 256 of them one after another.
    void theDrainStopsAtTheRequestTimeout()
    {
        const StepBudget::Pace pace = paceOf(25, 25, 1800);
        QCOMPARE(pace.longestRequest(1), 50.0);
        QCOMPARE(pace.longestRequest(256), 1800.0);
        const StepBudget::Step s = StepBudget::closedLoop(256, 1536, 32, pace, 300);
        QCOMPARE(s.mostSeconds, 300.0 + 1800.0);
        // Without a timeout the bound is every request one after another.
        QCOMPARE(paceOf(25, 25).longestRequest(256), 256 * 50.0);
    }

    // Whether the run asks goes by the long end: a plan of 40 minutes at the baseline's pace that may take two
    // hours asks, which a plan announced "at least 40 min" never did.
    void aRunThatMayPassAnHourAsks()
    {
        const RunOptions options = RunOptions {}.resolved();
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        const StepBudget::Forecast f = StepBudget::forecast(steps, 1, paceOf(6, 8), 300, StepBudget::Sweep {});
        QVERIFY2(f.least() < StepBudget::kAskAboveSeconds, qPrintable(QString::number(f.least())));
        QVERIFY2(f.most() > StepBudget::kAskAboveSeconds, qPrintable(QString::number(f.most())));
        QVERIFY(f.asks());
        // A small budget keeps even the long end inside the hour, so the run goes on without asking.
        RunOptions few = options;
        few.concurrency = {1, 2, 4};
        std::vector<PlannedStep> three = RunPlan::of(few).steps;
        const StepBudget::Forecast g = StepBudget::forecast(three, 1, paceOf(6, 8), 60, StepBudget::Sweep {});
        QVERIFY2(!g.asks(), qPrintable(QString::number(g.most())));
        // At 20× speed the user waits a twentieth of the server's time, and the pipeline's own seconds on top.
        QCOMPARE(f.most(20), f.mostSeconds / 20 + f.overheadSeconds);
    }

    // The interop server on a loaded 2-core machine: 5.5 s a request at the median, 24.6 s at the slowest, and a
    // first token (1.8 s) already over three times the 500 ms target, so the sweep stops after one user. The plan
    // says one step of about five minutes, not "at least 27 min" for nine.
    void aBaselineOverTheTargetsEndsTheSweepAtOnce()
    {
        const RunOptions options = RunOptions {}.resolved();
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        StepBudget::Sweep sweep;
        sweep.stopsAtFirst = true;
        const StepBudget::Forecast f = StepBudget::forecast(steps, 1, paceOf(5.5, 24.6, 1800), 300, sweep);
        QCOMPARE(f.running(), 1);
        QCOMPARE(f.skipped, 8);
        QCOMPARE(f.added, 0); // one step: nothing to measure again
        QCOMPARE(f.trimmed(), 1);
        QCOMPARE(f.steps.front().seconds, 54 * 5.5); // 54 rounds of 5.5 s fit in 300 s
        QCOMPARE(f.mostSeconds, 300 + 2 * 24.6);
        QCOMPARE(f.overheadSeconds, StepBudget::kStepOverheadSeconds + StepBudget::kFinishSeconds);
        const QString sentence = StepBudget::sentence(f);
        QCOMPARE(sentence,
            QStringLiteral("The rest of the run takes about 5–6 min (1 step: the baseline is already over three "
                           "times a target, so the concurrency sweep stops after its first load; 1 trimmed to fit "
                           "5 min each: fewer requests, so their percentile may have no upper bound)."));
        // Steps outside the sweep run whatever it does.
        RunOptions shaped = options;
        shaped.shapes = {Shape {1024, 256}, Shape {128, 32}};
        std::vector<PlannedStep> more = RunPlan::of(shaped.resolved()).steps;
        const StepBudget::Forecast g = StepBudget::forecast(more, 1, paceOf(5.5, 24.6, 1800), 300, sweep);
        QCOMPARE(g.running(), 2);
    }

    // A step that missed while a higher load passed is measured again once, and probes may follow: the long end
    // has room for them, and the sentence says how many steps there may be.
    void whatTheSweepMayAddIsInTheLongEnd()
    {
        RunOptions options = RunOptions {}.resolved();
        options.concurrency = {1, 2, 4};
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        StepBudget::Sweep none;
        none.mayRemeasure = false;
        const StepBudget::Forecast plain = StepBudget::forecast(steps, 1, paceOf(1, 1), 60, none);
        QCOMPARE(plain.added, 0);
        steps = RunPlan::of(options).steps;
        const StepBudget::Forecast again = StepBudget::forecast(steps, 1, paceOf(1, 1), 60, StepBudget::Sweep {});
        QCOMPARE(again.added, 1);
        // The longest step but the last: the 2-user one.
        QCOMPARE(again.mostSeconds, plain.mostSeconds + again.steps[1].mostSeconds);
        QCOMPARE(again.least(), plain.least());
        QVERIFY2(StepBudget::sentence(again).contains(QStringLiteral(
                     "(3 steps, fewer if the sweep stops early, up to 4 if the capacity search adds some; ")),
            qPrintable(StepBudget::sentence(again)));
        QCOMPARE(again.sweepSteps, 3);
        StepBudget::Sweep probes;
        probes.probes = 4;
        steps = RunPlan::of(options).steps;
        const StepBudget::Forecast probed = StepBudget::forecast(steps, 1, paceOf(1, 1), 60, probes);
        QCOMPARE(probed.added, 5);
        QCOMPARE(probed.mostSeconds, again.mostSeconds + 4 * again.steps[2].mostSeconds);
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
        const StepBudget::Forecast f
            = StepBudget::forecast(steps, 1, paceOf(0.5, 0.6), StepBudget::kDefaultSeconds, StepBudget::Sweep {});
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QCOMPARE(steps[i].plan.requestCount, before[i]);
            QVERIFY(!f.steps[i - 1].trimmed);
        }
        QVERIFY2(!StepBudget::sentence(f).contains(QStringLiteral("trimmed")), qPrintable(StepBudget::sentence(f)));
    }

    // However slow the server, a step keeps a few requests to measure; the duration still bounds it.
    void aStepKeepsAMinimum()
    {
        const StepBudget::Step s = StepBudget::closedLoop(1, 300, 1, paceOf(100), 300);
        QCOMPARE(s.requests, StepBudget::kMinimumRequests);
        QVERIFY(s.trimmed);
        QCOMPARE(s.seconds, 300.0);
        QCOMPARE(s.mostSeconds, 300.0 + 200.0);
        // An open loop at 2 requests a second for 300 requests: 150 s of arrivals, one lifetime more.
        const StepBudget::Step open = StepBudget::openLoop(2, 300, paceOf(10), 100);
        QCOMPARE(open.requests, 180);
        QCOMPARE(open.seconds, 100.0);
        QCOMPARE(StepBudget::openLoop(2, 300, paceOf(10), 0).seconds, 160.0); // no budget: as planned
        // At the most, 180 requests of 20 s each one after another behind 90 s of arrivals, or the timeout.
        QCOMPARE(open.mostSeconds, 180 * 20.0 + 20);
        QCOMPARE(StepBudget::openLoop(2, 300, paceOf(10, 10, 600), 100).mostSeconds, 90.0 + 600);
        // A server that keeps up: the last arrival and its request.
        QCOMPARE(StepBudget::openLoop(0.01, 2, paceOf(10), 0).mostSeconds, 200.0 + 20);
    }

    // A step the user sized by duration is already bounded: left alone, and counted at its length, with the
    // requests still in flight at its end in the long end.
    void aDurationStepIsLeftAlone()
    {
        RunOptions options = RunOptions {}.resolved();
        options.durationPerStep = 30;
        options.concurrency = {1, 4};
        std::vector<PlannedStep> steps = RunPlan::of(options).steps;
        const std::vector<StepBudget::Step> sized
            = StepBudget::apply(steps, 1, paceOf(11, 11, 1800), StepBudget::kDefaultSeconds);
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QCOMPARE(steps[i].plan.durationSeconds, 30.0);
            QCOMPARE(sized[i - 1].seconds, 30.0);
        }
        QCOMPARE(sized[0].mostSeconds, 30.0 + 22);
        QCOMPARE(sized[1].mostSeconds, 30.0 + 4 * 22);
    }

    // A shard's plan is its part of every step from the moment it is made, so that --dry-run --shard prints what the
    // shard sends: its share of the users and of their requests, its share of the rate with arrivals of its own, the
    // whole step kept in its load. The one user of the baseline is shard 0's.
    void aShardsPlanIsItsPartWhenMade()
    {
        RunOptions o;
        o.concurrency = {5};
        o.rates = {3};
        o.requestsPerStep = 40;
        const RunPlan whole = RunPlan::of(o.resolved());
        QString error;
        o.shard = ShardSpec::parse(QStringLiteral("1/2"), &error);
        QVERIFY2(o.shard, qPrintable(error));
        const RunPlan mine = RunPlan::of(o.resolved());
        QCOMPARE(mine.steps.size(), whole.steps.size());
        QCOMPARE(mine.steps[0].plan.users, 0); // the baseline: shard 0's
        const PlannedStep& users = mine.steps[1];
        QCOMPARE(users.plan.users, 2);
        QCOMPARE(users.plan.requestCount, 16); // 40 × 2/5
        QCOMPARE(users.load.value(u"concurrency").toInt(), 2);
        QCOMPARE(users.load.value(u"shard_of").toObject(), whole.steps[1].load);
        const PlannedStep& rate = mine.steps[2];
        QCOMPARE(rate.plan.ratePerSecond, 1.5);
        QCOMPARE(rate.plan.requestCount, 20);
        QVERIFY(rate.plan.seed != whole.steps[2].plan.seed);
    }

    // What the engine is sent of a step is RunPlan::sent of it: users ramped in over a lifetime, every time on the
    // wall clock for a simulator at speed K, prompts salted by step and offset by attempt.
    void aStepIsSentOnTheWallClock()
    {
        RunOptions o;
        o.concurrency = {4};
        o.rates = {2};
        o.thinkTimeMs = 800;
        o.durationPerStep = 30;
        const RunPlan plan = RunPlan::of(o.resolved());
        RunPlan::StepContext context;
        context.timeScale = 4;
        context.lifetimeMs = 2000;
        context.attempt = 1;
        context.templateOffset = 7;
        const LoadPlan users = RunPlan::sent(plan.steps[1], 1, o, context);
        QCOMPARE(users.rampNs, std::int64_t(500'000'000)); // 2 s of the server's, 0.5 s of the wall clock
        QCOMPARE(users.thinkTimeMs, 200.0);
        QCOMPARE(users.durationSeconds, 7.5);
        QCOMPARE(users.templateOffset, std::uint64_t(7));
        QCOMPARE(users.promptSalt, std::uint64_t(64));
        QVERIFY(users.promptOffset != RunPlan::sent(plan.steps[1], 1, o, RunPlan::StepContext {}).promptOffset);
        const LoadPlan rate = RunPlan::sent(plan.steps[2], 2, o, context);
        QCOMPARE(rate.ratePerSecond, 8.0);
        QCOMPARE(rate.rampNs, std::int64_t(0));
        // --ramp-ms wins over the lifetime; the baseline's one user never ramps.
        o.rampMs = 1000;
        QCOMPARE(RunPlan::sent(plan.steps[1], 1, o, context).rampNs, std::int64_t(250'000'000));
        QCOMPARE(RunPlan::sent(plan.steps[0], 0, o, context).rampNs, std::int64_t(0));
    }

    void durationsReadAsPeopleSayThem()
    {
        QCOMPARE(StepBudget::duration(45), QStringLiteral("45 s"));
        QCOMPARE(StepBudget::duration(2040), QStringLiteral("34 min"));
        QCOMPARE(StepBudget::duration(7500), QStringLiteral("2 h 5 min"));
        QCOMPARE(StepBudget::duration(2041), QStringLiteral("35 min")); // a bound rounds up
        QCOMPARE(StepBudget::duration(2041, false), QStringLiteral("34 min"));
        // A range: one unit where both ends share it, the short end to the nearest, the long one up.
        QCOMPARE(StepBudget::range(300, 356), QStringLiteral("5–6 min"));
        QCOMPARE(StepBudget::range(40, 79.2), QStringLiteral("40–80 s"));
        QCOMPARE(StepBudget::range(45, 180), QStringLiteral("45 s–3 min"));
        QCOMPARE(StepBudget::range(2460, 7500), QStringLiteral("41 min–2 h 5 min"));
        QCOMPARE(StepBudget::range(300, 300), QStringLiteral("5 min"));
        QCOMPARE(StepBudget::range(300, 200), QStringLiteral("5 min")); // never a long end below the short
    }
};

QTEST_GUILESS_MAIN(TestStepBudget)
#include "tst_stepbudget.moc"
