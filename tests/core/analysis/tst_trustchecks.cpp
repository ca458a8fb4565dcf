// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The trust checks of hand-built runs: a check that did not pass is titled as the doubt it raises, the doubts lead the
// list, the simulator's lag behind its clock is read and named per step, and the steps the measurement disturbed are
// listed for whoever weighs the verdict.
#include "core/analysis/runanalysis.h"
#include "core/analysis/trustchecks.h"
#include "core/report/reportcontent.h"
#include "core/report/textreport.h"
#include "support/handbuiltrun.h"

#include <QTest>

using namespace kp::core;

namespace {

const TrustCheck* find(const RunAnalysis& a, const QString& id)
{
    for (const TrustCheck& c : a.trust)
        if (c.id == id)
            return &c;
    return nullptr;
}

RunAnalysis analysed(const RunData& run)
{
    return RunAnalysis::of(run, AnalysisSettings::ofRun(run));
}

// The step of `run` at `users` in the concurrency sweep.
StepData* stepAt(RunData& run, int users)
{
    for (StepData& s : run.steps)
        if (s.phase == Phase::Concurrency && s.concurrency == users)
            return &s;
    return nullptr;
}

// The simulator's gauge as the scraper reads it, twice during the step: `lagMs` behind at the second scrape.
void lagged(StepData* step, double lagMs)
{
    for (int i = 0; i < 2; ++i) {
        MetricsSample m;
        m.ns = i;
        m.lagSeconds = i == 0 ? 0 : lagMs / 1000;
        step->samples.push_back(m);
    }
}

} // namespace

class TestTrustChecks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A server whose usage contradicts its chunks: the report says how many answers, what they said against what
    // the chunks carried, and that the chunks were counted.
    void usageTheChunksContradictIsSaid()
    {
        RunData run = makeRun(latencyBoundSweep());
        StepData* eight = stepAt(run, 8);
        QVERIFY(eight);
        eight->stats.usageDisagreements = 3;
        eight->stats.usageSaid = 512;
        eight->stats.chunksCarried = 256;
        const RunAnalysis a = analysed(run);
        const TrustCheck* length = find(a, QStringLiteral("output-length"));
        QVERIFY(length);
        QCOMPARE(length->status, TrustCheck::Status::Warn);
        QVERIFY2(length->detail.contains(u"3 of ") && length->detail.contains(u"said 512 where its chunks carried 256")
                && length->detail.contains(u"counted the chunks"),
            qPrintable(length->detail));
    }

    // "The client was not the bottleneck (fail)" read as a pass: a check that failed says the doubt.
    void aFailedCheckIsTitledAsItsDoubt()
    {
        // A round trip of 150 ms against a single-user TTFT of 100 ms: the network is 150% of it.
        RunData run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QString(), 150);
        StepData* sixteen = stepAt(run, 16);
        QVERIFY(sixteen);
        sixteen->loopLagP99Ms = 14; // past the 10 ms a load thread's loop may be late
        const RunAnalysis a = analysed(run);

        const TrustCheck* client = find(a, QStringLiteral("client"));
        QVERIFY(client);
        QCOMPARE(client->status, TrustCheck::Status::Fail);
        QCOMPARE(client->title, QStringLiteral("The client may have fallen behind"));
        QCOMPARE(client->claim, QStringLiteral("The client was not the bottleneck"));
        const TrustCheck* network = find(a, QStringLiteral("network"));
        QVERIFY(network);
        QCOMPARE(network->status, TrustCheck::Status::Warn);
        QCOMPARE(network->title, QStringLiteral("The network is a large part of TTFT"));
        QVERIFY2(network->detail.contains(QStringLiteral("150%")), qPrintable(network->detail));
        // A check that passed keeps its claim.
        const TrustCheck* steady = find(a, QStringLiteral("steady-state"));
        QVERIFY(steady);
        QCOMPARE(steady->status, TrustCheck::Status::Pass);
        QCOMPARE(steady->title, QStringLiteral("Each step reached a steady state"));
        // And every title of a doubt is the doubt, never the claim.
        for (const TrustCheck& c : a.trust) {
            QVERIFY2(!c.claim.isEmpty() && !c.doubt.isEmpty() && c.claim != c.doubt, qPrintable(c.id));
            QCOMPARE(c.title, c.isDoubt() ? c.doubt : c.claim);
            QCOMPARE(TrustChecks::titles(c.id, 99).doubt, c.doubt);
        }
        // The terminal says the doubt above the verdict.
        const QString text = TextReport::summary(ReportContent::of(run, a));
        QVERIFY2(text.indexOf(QStringLiteral("[fail] The client may have fallen behind")) >= 0, qPrintable(text));
        QVERIFY2(text.indexOf(QStringLiteral("[fail] The client may have fallen behind"))
                < text.indexOf(QStringLiteral("\nVerdict\n")),
            qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("The client was not the bottleneck")), qPrintable(text));
    }

    // A proxy that holds each stream and sends it whole: the first token arrives with the last on every request. The
    // check says so, with its numbers, instead of letting the TTFT pass for the server's; a run that streamed passes.
    void aBufferedStreamIsNamedNotTimed()
    {
        const RunAnalysis streamed = analysed(makeRun(latencyBoundSweep()));
        const TrustCheck* ok = find(streamed, QStringLiteral("streaming"));
        QVERIFY(ok);
        QCOMPARE(ok->status, TrustCheck::Status::Pass);
        QVERIFY2(ok->detail.startsWith(QStringLiteral("Tokens came as they were made: 0 of ")), qPrintable(ok->detail));

        // 256 tokens each, the first after 2,600 ms and the rest 0.1 ms apart: all of them at the end of the answer.
        std::vector<StepSpec> held;
        for (const int users : {1, 2, 4})
            held.push_back(StepSpec {users, 2600, 0.1});
        const RunData run = makeRun(held);
        const RunAnalysis a = analysed(run);
        const TrustCheck* c = find(a, QStringLiteral("streaming"));
        QVERIFY(c);
        QCOMPARE(c->status, TrustCheck::Status::Fail);
        QCOMPARE(c->title, QStringLiteral("The stream came buffered: first and last token together"));
        QVERIFY2(c->detail.startsWith(QStringLiteral("The stream came buffered: on every step the first token "
                                                     "arrived with the last.")),
            qPrintable(c->detail));
        int requests = 0;
        for (const StepData& s : run.steps)
            requests += int(s.requests.size());
        QVERIFY2(c->detail.contains(QStringLiteral("%1 of %1 requests of two or more tokens had their first token at "
                                                   "90% or more of their answer's time (at 1 user, median TTFT "
                                                   "2.60 s against E2EL 2.63 s)")
                                        .arg(requests)),
            qPrintable(c->detail));
        QVERIFY2(c->detail.contains(QStringLiteral("these latencies are the buffer's")), qPrintable(c->detail));
    }

    // A gateway's refusals (nginx's limit_req page) are counted as the gateway's, with its words, and the verdict
    // names the cap with the count and the rate.
    void aGatewaysCapIsTheGatewaysNotTheServers()
    {
        RunData run = makeRun(latencyBoundSweep());
        StepData* eight = stepAt(run, 8);
        StepData* sixteen = stepAt(run, 16);
        QVERIFY(eight && sixteen);
        const QString nginx = QStringLiteral("HTTP 429 from a gateway in front of the server (nginx/1.22.1), not from "
                                             "the server: \"429 Too Many Requests\"");
        for (StepData* s : {eight, sixteen}) {
            const int refused = s == eight ? 10 : 30;
            s->stats.failures[ErrorClass::GatewayRejected] = refused;
            s->stats.failureMessages[ErrorClass::GatewayRejected] = nginx;
            s->stats.failed += refused;
            s->stats.total += refused;
        }
        const RunAnalysis a = analysed(run);
        // The rate is of the requests from 8 users on, where the gateway refused.
        const int total = eight->stats.total + sixteen->stats.total;
        const TrustCheck* cap = find(a, QStringLiteral("server-cap"));
        QVERIFY(cap);
        QCOMPARE(cap->status, TrustCheck::Status::Fail);
        QVERIFY2(cap->detail.startsWith(QStringLiteral("40 of %1 requests (").arg(total)), qPrintable(cap->detail));
        QVERIFY2(cap->detail.contains(QStringLiteral("were refused by a gateway in front of the server, not by the "
                                                     "server, from 8 users on; it said: \u201c%1\u201d")
                                          .arg(nginx)),
            qPrintable(cap->detail));
        QVERIFY2(a.verdict.contains(QStringLiteral(" A gateway in front of the server capped the load: it refused 40 "
                                                   "of %1 requests (")
                                        .arg(total)),
            qPrintable(a.verdict));
        QVERIFY2(a.verdict.contains(QStringLiteral("so that limit is the gateway's, not the server's.")),
            qPrintable(a.verdict));
    }

    // A list read from the top leads with what did not pass: failures, then warnings, then the rest.
    void doubtsLeadTheList()
    {
        RunData run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QString(), 150);
        stepAt(run, 16)->loopLagP99Ms = 14;
        const RunAnalysis a = analysed(run);
        QVERIFY(a.trust.size() > 3);
        const auto rank = [](const TrustCheck& c) {
            return c.status == TrustCheck::Status::Fail ? 0 : c.status == TrustCheck::Status::Warn ? 1 : 2;
        };
        QCOMPARE(a.trust.front().id, QStringLiteral("client"));
        for (qsizetype i = 1; i < a.trust.size(); ++i)
            QVERIFY2(rank(a.trust[i - 1]) <= rank(a.trust[i]), qPrintable(a.trust[i].id));
        const QList<TrustCheck> doubts = TrustChecks::doubts(a.trust);
        QVERIFY(doubts.size() >= 2);
        QCOMPARE(doubts.front().status, TrustCheck::Status::Fail);
        for (const TrustCheck& d : doubts)
            QVERIFY(d.isDoubt());
    }

    // The client check names the steps it fell behind in, with the figure that shows it, and lists them.
    void theClientCheckNamesTheStepsItDisturbed()
    {
        RunData run = makeRun(latencyBoundSweep());
        StepData* eight = stepAt(run, 8);
        StepData* sixteen = stepAt(run, 16);
        QVERIFY(eight && sixteen);
        sixteen->loopLagP99Ms = 14;
        eight->loopLagP99Ms = 1; // on time
        const RunAnalysis a = analysed(run);
        const TrustCheck* client = find(a, QStringLiteral("client"));
        QVERIFY(client);
        QCOMPARE(client->disturbed, std::vector<const StepData*> {sixteen});
        QVERIFY2(client->detail.contains(QStringLiteral("The client fell behind at 16 users (event loops 14 ms late "
                                                        "at p99)")),
            qPrintable(client->detail));
        QCOMPARE(TrustChecks::disturbed(a.trust), std::vector<const StepData*> {sixteen});
        QVERIFY(TrustChecks::isDisturbed(a.trust, sixteen));
        QVERIFY(!TrustChecks::isDisturbed(a.trust, eight));
    }

    // The simulator logs that its loop fell behind its clock (kneepoint:sim_lag_seconds); a check reads it, names
    // the steps with their numbers, and fails where the delay is a real share of the figure judged.
    void theSimulatorsLagIsAChecksBusiness()
    {
        RunData run = makeRun(latencyBoundSweep());
        for (StepData& s : run.steps)
            lagged(&s, 0.5); // on time: under the 5 ms the simulator warns at
        StepData* four = stepAt(run, 4);
        StepData* eight = stepAt(run, 8);
        lagged(four, 8); // 8 ms behind: 4% of its 200 ms TTFT, a warning
        lagged(eight, 60); // 60 ms behind: 15% of its 400 ms TTFT, a failure
        const RunAnalysis a = analysed(run);
        const TrustCheck* lag = find(a, QStringLiteral("sim-lag"));
        QVERIFY(lag);
        QCOMPARE(lag->status, TrustCheck::Status::Fail);
        QCOMPARE(lag->title, QStringLiteral("The simulator fell behind its own clock"));
        QCOMPARE(lag->disturbed, (std::vector<const StepData*> {four, eight}));
        QVERIFY2(lag->detail.contains(QStringLiteral("4 users (8 ms: 4% of its TTFT p99 of 200 ms)")),
            qPrintable(lag->detail));
        QVERIFY2(lag->detail.contains(QStringLiteral("8 users (60 ms: 15% of its TTFT p99 of 400 ms)")),
            qPrintable(lag->detail));
        QCOMPARE(TrustChecks::disturbed(a.trust), (std::vector<const StepData*> {four, eight}));

        // Only a warning where the lag is a small part of what is judged.
        eight->samples.clear();
        lagged(eight, 1);
        // The analysis is kept: the check points into it.
        const RunAnalysis warned = analysed(run);
        const TrustCheck* small = find(warned, QStringLiteral("sim-lag"));
        QVERIFY(small);
        QCOMPARE(small->status, TrustCheck::Status::Warn);
        QCOMPARE(small->disturbed, std::vector<const StepData*> {four});
    }

    // A simulator that kept up passes, with the figure; a real server, which has no such gauge, gets no such check.
    void aSimulatorOnTimePassesAndARealServerHasNoLag()
    {
        RunData run = makeRun(latencyBoundSweep());
        QVERIFY(!find(analysed(run), QStringLiteral("sim-lag")));
        for (StepData& s : run.steps)
            lagged(&s, 0.25);
        const RunAnalysis a = analysed(run);
        const TrustCheck* lag = find(a, QStringLiteral("sim-lag"));
        QVERIFY(lag);
        QCOMPARE(lag->status, TrustCheck::Status::Pass);
        QCOMPARE(lag->title, QStringLiteral("The simulator kept to its own clock"));
        QVERIFY2(lag->detail.contains(QStringLiteral("at most 0.25 ms behind")), qPrintable(lag->detail));
        QVERIFY(lag->disturbed.empty());
        QVERIFY(TrustChecks::disturbed(a.trust).empty());
    }

    // The delay is real time: on a simulator at 10× it is ten times as long in the figures' time.
    void theLagIsWeighedInTheServersTime()
    {
        RunData run = makeRun(latencyBoundSweep());
        run.timeScale = 10;
        lagged(stepAt(run, 4), 6); // 60 ms in the server's time: 30% of 200 ms
        const RunAnalysis kept = analysed(run);
        const TrustCheck* lag = find(kept, QStringLiteral("sim-lag"));
        QVERIFY(lag);
        QCOMPARE(lag->status, TrustCheck::Status::Fail);
        QVERIFY2(lag->detail.contains(QStringLiteral("6 ms, 60 ms in the server's time at 10× speed")),
            qPrintable(lag->detail));
    }
};

QTEST_GUILESS_MAIN(TestTrustChecks)
#include "tst_trustchecks.moc"
