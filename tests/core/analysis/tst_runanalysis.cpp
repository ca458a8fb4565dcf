// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Golden tests of the analysis on hand-built runs whose right answers are known: every request of a step has the
// same latencies, so each percentile is that value, and the interpolations can be worked out by hand.
#include "core/analysis/capacitysearch.h"
#include "core/analysis/pareto.h"
#include "core/analysis/requestestimate.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/runcomparison.h"
#include "core/analysis/rundata.h"
#include "core/catalog/catalog.h"
#include "core/catalog/modelspec.h"
#include "core/common/textformat.h"
#include "core/report/analysisjson.h"
#include "core/report/reportcontent.h"
#include "core/report/textreport.h"
#include "core/store/runstore.h"
#include "support/consistency.h"
#include "support/handbuiltrun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace kp::core;

namespace {

// Every analysis a test makes is also checked for consistency (cleanup() fails the test otherwise): the corpus of
// issue 20's check is every hand-built run below, each built to reach one branch of the verdict.
QStringList g_inconsistent;

RunAnalysis analysed(const RunData& run)
{
    RunAnalysis a = RunAnalysis::of(run, AnalysisSettings::ofRun(run));
    for (const QString& m : verdictFiguresWithoutEvidence(a.verdict, TextReport::write(ReportContent::of(run, a))))
        g_inconsistent << m;
    for (const QString& m : verdictContradictions(a))
        g_inconsistent << m + QStringLiteral(" (") + a.verdict + u')';
    return a;
}

} // namespace

class TestRunAnalysis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        const QStringList found = std::exchange(g_inconsistent, {});
        QVERIFY2(found.isEmpty(),
            qPrintable(QStringLiteral("verdict figures without evidence, or contradictions: ") + found.join(u"; ")));
    }
    void capacityIsInterpolatedBetweenBracketingSteps();
    void verdictNamesTheLatencyWallAndRulesOutMemory();
    void aCapacityIntervalIsCalled95OnlyWhenItIs();
    void aStepThatMeasuredNothingIsNotJudged();
    void memoryWallIsNamedWithItsEvidence();
    void adviceFollowsTheServerFamily();
    void aStepTheUserStoppedIsNotJudged();
    void failuresCountAsInfinitelySlow();
    void prefixCacheHitsAreADoubt();
    void saturationWallWithAnIdleCache();
    void aFullCacheIsNotCalledTheGpusLimit();
    void memoryWithoutMetricsIsNotVisible();
    void everyLoadPassing();
    void aPlateauAndAQueueAreBothNamed();
    void evenTheLowestLoadFails();
    void failuresCountAgainstThePercentile();
    void whatIfTargetsMoveCapacity();
    void goodputCapacityOnAttainment();
    void kneeOfASaturatingCurve();
    void kneeWhereLatencyOutgrowsThroughput();
    void aThroughputFallIsSaturationAtTheLatest();
    void aMissBetweenPassesIsNotMonotone();
    void aTargetMissedByOneUserIsNotAWall();
    void aDisturbedStepWeighsOnTheConfidence();
    void capacityNeverRoundsOntoTheFailedStep();
    void capacitySearchProbesInsideTheBracket();
    void paretoFrontierOfTwoRuns();
    void aNoisyFlatPairIsADoubtNotAWall();
    void anUnboundedIntervalIsNotEnoughRequests();
    void physicsFloorsAndEfficiency();
    void fasterThanPhysicsIsCaught();
    void aFirstTokenFasterThanPhysicsIsQuotedAsTtft();
    void theConsistencyCheckFindsAFigureOnlyTheVerdictStates();
    void storedRunsOfKnownBottlenecksAreJudgedConsistently_data();
    void storedRunsOfKnownBottlenecksAreJudgedConsistently();
    void fp8IsAdvisedOnlyWhereTheGpuHasIt();
    void changingTheGpuRecomputes();
    void roundTripIsAllowedOnTtft();
    void trustChecksSayWhatIsMissing();
    void aClientThatFellBehindIsNamed();
    void findingsFollowTheProduct();
    void estimateOfAnotherSize();
    void comparisonTestsDifferences();
    void compareHearsTheNoiseBetweenTwoRunsOfOneConfiguration();
    void anAnswerWithoutTokensMeetsNoTarget();
};

void TestRunAnalysis::capacityIsInterpolatedBetweenBracketingSteps()
{
    const RunData run = makeRun(latencyBoundSweep());
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.points.size(), std::size_t(5)); // the sweep's own single-user step, not the baseline
    const Capacity& c = a.curve.capacity;
    QCOMPARE(c.bound, Capacity::Bound::Between);
    QCOMPARE(c.metric, QStringLiteral("TTFT"));
    QCOMPARE(a.curve.points[std::size_t(c.lastPass)].load, 8.0);
    QCOMPARE(a.curve.points[std::size_t(c.firstFail)].load, 16.0);
    QCOMPARE(c.valueAtPass, 400.0);
    QCOMPARE(c.valueAtFail, 800.0);
    QCOMPARE(c.load, 10.0);
}

void TestRunAnalysis::aCapacityIntervalIsCalled95OnlyWhenItIs()
{
    // 20 requests a user: at 8 users 160, too few for p99's upper bound at 95% (it takes 299 or more); the bracket is
    // what was measured, and said so.
    const Capacity open = analysed(makeRun(latencyBoundSweep())).curve.capacity;
    QVERIFY(open.intervalOpen);
    QCOMPARE(open.low, 8.0);
    QCOMPARE(open.high, 16.0);
    // 60 a user: 480 at 8 users, where p99 is bounded on both sides; the interval is a 95% one.
    std::vector<StepSpec> specs = latencyBoundSweep();
    for (StepSpec& s : specs)
        s.perUser = 60;
    const RunAnalysis a = analysed(makeRun(specs));
    QVERIFY(!a.curve.capacity.intervalOpen);
    QVERIFY2(a.verdict.contains(QStringLiteral("about 10 users (8–16, 95% interval)")), qPrintable(a.verdict));
}

// A duration step shorter than a request (12 s of a simulator's time at 1000x speed is 12 ms) ends before any
// measured request does: it was shown as '0/0 ... missed: TTFT+TPOT' and the verdict broke 'because  crosses your
// target'. It is left off the curve and named.
void TestRunAnalysis::aStepThatMeasuredNothingIsNotJudged()
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs.push_back({32, 100, 10});
    RunData run = makeRun(specs);
    // Every request of the last step was sent before its window or after it: none in the sample.
    LatencySample& sample = run.steps.back().stats.latencySample;
    sample.leftOut += sample.succeeded + sample.failed;
    sample.succeeded = sample.failed = 0;
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.points.size(), std::size_t(5));
    QCOMPARE(a.curve.unmeasured.size(), std::size_t(1));
    QCOMPARE(a.curve.capacity.firstFail, 4); // 16 users, as without the empty step
    const auto steady
        = std::find_if(a.trust.begin(), a.trust.end(), [](const TrustCheck& c) { return c.id == u"steady-state"; });
    QCOMPARE(steady->status, TrustCheck::Status::Fail);
    QVERIFY2(steady->detail.startsWith(QStringLiteral("At 32 users no measured request was in the step's sample")),
        qPrintable(steady->detail));
}

void TestRunAnalysis::verdictNamesTheLatencyWallAndRulesOutMemory()
{
    const RunData run = makeRun(latencyBoundSweep());
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.walls.limiting, Wall::Kind::Latency);
    QVERIFY(!a.walls.memory.reached);
    QVERIFY(a.walls.memory.visible);
    // The capacity leads, the step it rests on follows, and the cause quotes the two steps around the crossing.
    QVERIFY2(a.verdict.startsWith(QStringLiteral("For your chat traffic (1,024 tokens in, 256 out), this server takes "
                                                 "about 10 users (8–16 as measured; too few requests to bound it at "
                                                 "95%) at your targets of 50 ms per token and 500 ms to the first "
                                                 "token for 99 of 100 requests: it comfortably handled 8 users (every "
                                                 "figure at least 20% under its target), and breaks above that "
                                                 "because time to first token went from 400 ms at 8 users to 800 ms "
                                                 "at 16 users, past the 500 ms target, not because memory is full: the "
                                                 "KV cache was only 2.9% used there")),
        qPrintable(a.verdict));
}

void TestRunAnalysis::memoryWallIsNamedWithItsEvidence()
{
    // The cache fills at 8 users, with preemptions; TTFT only crosses at 16.
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[4].kv = 0.99;
    specs[4].preemptions = 12;
    specs[5].kv = 1.0;
    specs[5].preemptions = 80;
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.walls.limiting, Wall::Kind::Memory);
    QCOMPARE(a.walls.memory.load, 8.0);
    QVERIFY2(a.walls.memory.evidence.contains(QStringLiteral("99%")), qPrintable(a.walls.memory.evidence));
    QVERIFY2(a.walls.memory.evidence.contains(QStringLiteral("12 requests were preempted")),
        qPrintable(a.walls.memory.evidence));
    QVERIFY2(a.verdict.contains(QStringLiteral("because memory is full: at 8 users the KV cache reached 99%")),
        qPrintable(a.verdict));
    QCOMPARE(a.findings.front().id, QStringLiteral("memory-wall"));
    QVERIFY(!a.findings.front().tryNext.isEmpty());
    QCOMPARE(a.findings.front().tryNext.front().commandLine, QStringLiteral("--gpu-memory-utilization 0.95"));
}

// Stop, Ctrl-C or SIGTERM cut the last step short: its few requests, many cancelled, and its low throughput are
// the user's doing. It is stored, but it makes no wall, capacity, knee, failure count or finding.
void TestRunAnalysis::aStepTheUserStoppedIsNotJudged()
{
    std::vector<StepSpec> specs = {{1, 100, 10}, {1, 100, 10}, {2, 100, 10}, {4, 105, 10}, {8, 110, 10}};
    specs.push_back({16, 100, 10, 1, -1, 0, 0, -1, 12}); // one request each, then a dozen cut off
    RunData run = makeRun(specs);
    const RunAnalysis judged = analysed(run);
    QVERIFY(std::any_of(
        judged.findings.begin(), judged.findings.end(), [](const Finding& f) { return f.id == u"errors"; }));
    run.steps.back().cancelled = true;
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.points.size(), std::size_t(4));
    QCOMPARE(a.curve.points.back().load, 8.0);
    for (const Finding& f : a.findings)
        QVERIFY2(f.id != u"errors", qPrintable(f.measured));
    QVERIFY(!a.walls.saturation.reached || a.walls.saturation.load <= 8);
    QVERIFY2(!a.verdict.contains(QStringLiteral("16 users")), qPrintable(a.verdict));
    // The user's cancellations are not the server's failures, and the cut step is listed as stopped.
    for (const TrustCheck& c : a.trust) {
        if (c.id == u"errors") {
            QCOMPARE(c.status, TrustCheck::Status::Pass);
            QVERIFY2(c.detail.contains(QStringLiteral("The step at 16 users was stopped by the user and is not "
                                                      "counted: the requests cut short there (12) are not failures.")),
                qPrintable(c.detail));
        }
    }
    const ReportContent content = ReportContent::of(run, a);
    int stoppedRows = 0;
    for (const ReportContent::Table& t : content.appendix)
        for (const QStringList& row : t.rows)
            stoppedRows += row.join(u'|').contains(QStringLiteral("concurrency, stopped by the user")) ? 1 : 0;
    QVERIFY(stoppedRows >= 3);
}

// A request that failed was not served: at p99, 1 failure in 100 makes the step miss its targets, however fast the
// other 99 were. The shown p99 stays that of the requests that succeeded.
void TestRunAnalysis::failuresCountAsInfinitelySlow()
{
    const std::vector<StepSpec> specs
        = {{1, 100, 10, 99, -1, 0, 0, -1, 1}, {2, 100, 10, 50}, {4, 100, 10, 25, -1, 0, 0, -1, 0}};
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.points.size(), std::size_t(3));
    const CurvePoint& first = a.curve.points.front();
    QCOMPARE(first.failed, 1);
    QCOMPARE(first.samples, 99);
    QVERIFY(first.ttft.value < 500);
    QVERIFY(std::isinf(first.ttftJudged));
    QVERIFY2(first.missed.contains(QStringLiteral("TTFT")), qPrintable(first.missed.join(u", ")));
    QVERIFY(!first.meetsTargets);
    QVERIFY(a.curve.points[1].meetsTargets);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::Below);
}

// Prompts answered from the server's prefix cache skipped their prefill: a figure that flatters the server, said
// with the step and the share. BOS and a template's opening, which every prompt shares, are allowed for.
void TestRunAnalysis::prefixCacheHitsAreADoubt()
{
    RunData run = makeRun(latencyBoundSweep());
    const auto check = [](const RunAnalysis& a) {
        for (const TrustCheck& c : a.trust)
            if (c.id == u"prefix-cache")
                return c;
        return TrustCheck {};
    };
    QCOMPARE(check(analysed(run)).status, TrustCheck::Status::NotMeasured);
    for (StepData& s : run.steps) {
        s.stats.requestsWithCacheCount = 20;
        s.stats.promptTokensWithCacheCount = 20 * 1024;
        s.stats.cachedPromptTokens = 20; // one BOS each
    }
    const TrustCheck clean = check(analysed(run));
    QCOMPARE(clean.status, TrustCheck::Status::Pass);
    for (StepData& s : run.steps) {
        if (s.concurrency == 4)
            s.stats.cachedPromptTokens = 20 * 600; // most of each prompt
    }
    const TrustCheck reused = check(analysed(run));
    QCOMPARE(reused.status, TrustCheck::Status::Warn);
    QVERIFY2(reused.detail.startsWith(QStringLiteral("At 4 users the server answered 57% of prompt tokens")),
        qPrintable(reused.detail));
}

// vLLM's flags go to vLLM; llama.cpp gets llama-server's own knobs; an unknown server gets none, and is told why.
void TestRunAnalysis::adviceFollowsTheServerFamily()
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[4].kv = 0.99;
    specs[4].preemptions = 12;
    specs[5].kv = 1.0;
    specs[5].preemptions = 80;
    RunData run = makeRun(specs);
    run.facts.family = ServerFamily::LlamaCpp;
    run.facts.vllmVersion.clear();
    run.facts.serverVersion = QStringLiteral("b11669-Debian");
    const RunAnalysis llama = analysed(run);
    QStringList lines;
    for (const Finding& f : llama.findings) {
        for (const FlagSuggestion& s : f.tryNext) {
            lines << s.commandLine;
            QVERIFY2(s.versionNote.contains(QStringLiteral("b11669-Debian")), qPrintable(s.versionNote));
        }
    }
    QVERIFY2(lines.contains(QStringLiteral("--parallel 8")), qPrintable(lines.join(u", ")));
    QVERIFY2(lines.contains(QStringLiteral("--cache-type-k q8_0 --cache-type-v q8_0 --flash-attn on")),
        qPrintable(lines.join(u", ")));
    for (const QString& line : std::as_const(lines)) {
        for (const char* vllmOnly : {"--gpu-memory-utilization", "--max-num-seqs", "--kv-cache-dtype",
                 "--tensor-parallel-size", "--quantization", "--data-parallel-size"})
            QVERIFY2(!line.contains(QLatin1String(vllmOnly)), qPrintable(line));
    }

    run.facts.family = ServerFamily::Unknown;
    run.facts.serverVersion.clear();
    const RunAnalysis unknown = analysed(run);
    bool toldWhy = false;
    for (const Finding& f : unknown.findings) {
        QVERIFY2(f.tryNext.isEmpty(), qPrintable(f.id));
        toldWhy = toldWhy || f.meaning.contains(QStringLiteral("this server did not say it is vLLM, so none is"));
    }
    QVERIFY(toldWhy);
}

void TestRunAnalysis::aFullCacheIsNotCalledTheGpusLimit()
{
    // As the saturating sweep below, but the cache is full past 8 users and requests are preempted: the batch stops
    // growing because nothing more fits, not because the GPU's steps are as long as they can be.
    const std::vector<StepSpec> specs
        = {{1, 100, 10}, {1, 100, 10, 20, 0.01}, {2, 100, 10, 20, 0.2}, {4, 110, 10, 20, 0.5}, {8, 120, 10, 20, 0.93},
            {16, 2790, 10, 20, 0.99, 23, 8, 8}, {32, 8130, 10, 20, 0.99, 40, 24, 8}};
    const RunAnalysis a = analysed(makeRun(specs, QStringLiteral("chat"), QStringLiteral("h100-sxm")));
    QVERIFY(a.walls.saturation.reached);
    const auto it = std::find_if(a.findings.begin(), a.findings.end(),
        [](const Finding& f) { return f.id == u"kv-cache-caps-batch" || f.id == u"gpu-saturated"; });
    QVERIFY(it != a.findings.end());
    QCOMPARE(it->id, QStringLiteral("kv-cache-caps-batch"));
    const QString where = QStringLiteral("At 16 users the KV cache reached 99%, 23 requests were preempted");
    QVERIFY2(it->measured.contains(where), qPrintable(it->measured));
    // Memory's remedies, never weight quantization for a wall that memory built.
    for (const FlagSuggestion& s : it->tryNext)
        QVERIFY2(s.flag != u"--quantization" && s.flag != u"--data-parallel-size", qPrintable(s.commandLine));
    QVERIFY(std::any_of(
        it->tryNext.begin(), it->tryNext.end(), [](const FlagSuggestion& s) { return s.flag == u"--kv-cache-dtype"; }));
}

void TestRunAnalysis::saturationWallWithAnIdleCache()
{
    // 8 running at most, the rest queue; the cache is nearly empty. Each step past 8 takes twice as long per
    // request, so throughput is flat.
    const std::vector<StepSpec> specs
        = {{1, 100, 10}, {1, 100, 10, 20, 0.01}, {2, 100, 10, 20, 0.01}, {4, 110, 10, 20, 0.02}, {8, 120, 10, 20, 0.03},
            {16, 2790, 10, 20, 0.03, 0, 8, 8}, {32, 8130, 10, 20, 0.03, 0, 24, 8}};
    // Past 8 users each request waits in the queue for as long as the ones ahead take: E2EL (TTFT + 255 × 10 ms)
    // doubles with the users, 2,670 → 5,340 → 10,680 ms, so tokens per second stay at 8 users' own.
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    QVERIFY(a.walls.saturation.reached);
    QCOMPARE(a.walls.saturation.load, 8.0);
    QCOMPARE(a.walls.limiting, Wall::Kind::Saturation);
    QVERIFY2(a.verdict.contains(QStringLiteral("because the server is saturated")), qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(QStringLiteral("KV cache was only 3.0% used"))
            || a.verdict.contains(QStringLiteral("only 3% used")),
        qPrintable(a.verdict));
    const auto it
        = std::find_if(a.findings.begin(), a.findings.end(), [](const Finding& f) { return f.id == u"scheduler-cap"; });
    QVERIFY(it != a.findings.end());
    QCOMPARE(it->severity, Finding::Severity::Problem);
    QCOMPARE(it->tryNext.front().flag, QStringLiteral("--max-num-seqs"));
    QVERIFY2(it->why.contains(QStringLiteral("--max-num-seqs")), qPrintable(it->why));

    // The same queue on llama.cpp: its own cap in its own words, never vLLM's flag.
    RunData llama = makeRun(specs);
    llama.facts.family = ServerFamily::LlamaCpp;
    llama.facts.vllmVersion.clear();
    const RunAnalysis b = analysed(llama);
    const auto cap
        = std::find_if(b.findings.begin(), b.findings.end(), [](const Finding& f) { return f.id == u"scheduler-cap"; });
    QVERIFY(cap != b.findings.end());
    QVERIFY2(cap->why.contains(QStringLiteral("--parallel")) && !cap->why.contains(QStringLiteral("vLLM")),
        qPrintable(cap->why));
}

void TestRunAnalysis::memoryWithoutMetricsIsNotVisible()
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    for (StepSpec& s : specs)
        s.kv = -1;
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    QVERIFY(!a.walls.memory.visible);
    QVERIFY(!a.walls.memory.reached);
    QVERIFY2(a.verdict.contains(QStringLiteral("memory could not be judged")), qPrintable(a.verdict));
}

void TestRunAnalysis::everyLoadPassing()
{
    const RunData run = makeRun({{1, 100, 10}, {1, 100, 10}, {2, 110, 10}, {4, 120, 10}});
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::AtLeast);
    QCOMPARE(a.curve.capacity.load, 4.0);
    QVERIFY2(a.verdict.contains(QStringLiteral("handled every load measured, up to 4 users")), qPrintable(a.verdict));
    QVERIFY(!a.walls.limiting);
}

void TestRunAnalysis::aPlateauAndAQueueAreBothNamed()
{
    // A CPU-bound llama.cpp with 8 slots: throughput flat from 1 user (each request's time grows with the users),
    // and at 16 users 8 run while 8 wait. Both are facts the user needs; the plateau must not hide the queue.
    const std::vector<StepSpec> specs = {{1, 100, 10, 20, 0.01}, {1, 100, 10, 20, 0.01}, {2, 200, 20, 20, 0.01},
        {4, 400, 40, 20, 0.02}, {8, 800, 80, 20, 0.03}, {16, 1600, 160, 20, 0.03, 0, 8, 8}};
    const RunData run = makeRun(specs);
    AnalysisSettings s = AnalysisSettings::ofRun(run);
    s.slo.ttftMs = 10'000;
    s.slo.tpotMs = 1'000;
    const RunAnalysis a = RunAnalysis::of(run, s);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::AtLeast);
    QVERIFY(a.walls.saturation.reached);
    const QString queue = QStringLiteral("at 16 users the server ran at most 8 requests at once and up to 8 waited for "
                                         "a free place (vllm:num_requests_waiting)");
    QCOMPARE(a.walls.saturation.queueEvidence, queue);
    QVERIFY2(a.verdict.contains(QStringLiteral("Throughput stopped growing at about 1 user")), qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(queue), qPrintable(a.verdict));
    const auto it = std::find_if(a.findings.begin(), a.findings.end(),
        [](const Finding& f) { return f.id == u"gpu-saturated" || f.id == u"scheduler-cap"; });
    QVERIFY(it != a.findings.end());
    QVERIFY2(it->measured.contains(queue) || it->id == u"scheduler-cap", qPrintable(it->measured));
}

void TestRunAnalysis::evenTheLowestLoadFails()
{
    const RunData run = makeRun({{1, 900, 10}, {1, 900, 10}, {2, 950, 10}});
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::Below);
    QCOMPARE(a.curve.capacity.metric, QStringLiteral("TTFT"));
    // Only the target it missed is named as missed (issue 46: "misses your targets of 50 ms per token and 500 ms to
    // the first token" when TPOT p99 was 10.6 ms).
    QVERIFY2(
        a.verdict.contains(QStringLiteral("misses your target of 500 ms to the first token")), qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(QStringLiteral("even at 1 user: time to first token was 900 ms at p99")),
        qPrintable(a.verdict));
}

void TestRunAnalysis::failuresCountAgainstThePercentile()
{
    // At 8 users 2 of 162 requests fail (1.2%): p99 cannot hold, though every successful request is fast.
    std::vector<StepSpec> specs = {{1, 100, 10}, {1, 100, 10}, {4, 100, 10}, {8, 100, 10, 20, -1, 0, 0, -1, 2}};
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::Between);
    QCOMPARE(a.curve.capacity.metric, QStringLiteral("errors"));
    QVERIFY(a.curve.points.back().missed.contains(QStringLiteral("errors")));
    // The latency sample leaves out the 7 requests sent before the 8th user's first: 153 good, 2 failed.
    QCOMPARE(a.curve.points.back().good, 153);
    QCOMPARE(a.curve.points.back().sampleFailed, 2);
    QVERIFY(qAbs(a.curve.points.back().attainment - 153.0 / 155) < 1e-12);
    QCOMPARE(a.findings.front().id, QStringLiteral("errors"));
    // At p90, 1.2% failed is within the 10% allowed.
    AnalysisSettings p90 = AnalysisSettings::ofRun(run);
    p90.percentile = 90;
    QCOMPARE(RunAnalysis::of(run, p90).curve.capacity.bound, Capacity::Bound::AtLeast);
}

void TestRunAnalysis::whatIfTargetsMoveCapacity()
{
    const RunData run = makeRun(latencyBoundSweep());
    AnalysisSettings s = AnalysisSettings::ofRun(run);
    s.slo.ttftMs = 300; // between 4 (200 ms) and 8 (400 ms): 4 + 100/200 × 4 = 6
    RunAnalysis a = RunAnalysis::of(run, s);
    QCOMPARE(a.curve.capacity.load, 6.0);
    s.slo.ttftMs = 1000; // nothing crosses
    a = RunAnalysis::of(run, s);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::AtLeast);
    s.slo.tpotMs = 10.5; // TPOT 11 ms at 16: crosses between 8 (10) and 16 (11) at 8 + 0.5 × 8 = 12
    a = RunAnalysis::of(run, s);
    QCOMPARE(a.curve.capacity.metric, QStringLiteral("TPOT"));
    QCOMPARE(a.curve.capacity.load, 12.0);
    QVERIFY2(a.verdict.contains(QStringLiteral("because time per output token went from 10 ms at 8 users to 11 ms "
                                               "at 16 users, past the 10.5 ms target")),
        qPrintable(a.verdict));
}

void TestRunAnalysis::goodputCapacityOnAttainment()
{
    const RunData run = makeRun(latencyBoundSweep());
    const RunAnalysis a = analysed(run);
    // Every request at 8 users meets the targets, none at 16: attainment 1 → 0, crossing 1% short of 1 at 8.08.
    const Capacity& g = a.curve.goodputCapacity;
    QCOMPARE(g.bound, Capacity::Bound::Between);
    QCOMPARE(g.valueAtPass, 1.0);
    QCOMPARE(g.valueAtFail, 0.0);
    QVERIFY(qAbs(g.load - 8.08) < 1e-9);
    QCOMPARE(a.curve.points[3].load, 8.0);
    QCOMPARE(a.curve.points[3].goodput, a.curve.points[3].requestsPerSecond);
    QCOMPARE(a.curve.points[3].good, 153); // 160 but the 7 sent before the 8th user's first
    QCOMPARE(a.curve.points[4].good, 0);
}

void TestRunAnalysis::capacityNeverRoundsOntoTheFailedStep()
{
    // TTFT p99 400 ms at 8 users and 505.3 ms at 16 against 500: the crossing is 8 + 8 × 100 / 105.3 = 15.6 users.
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[5].ttftMs = 505.3;
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    const Capacity& c = a.curve.capacity;
    QCOMPARE(c.bound, Capacity::Bound::Between);
    QVERIFY(qAbs(c.load - (8 + 8 * 100 / 105.3)) < 1e-9);
    QCOMPARE(c.shown(), 15.0);
    QVERIFY2(a.verdict.contains(QStringLiteral("this server takes about 15 users")), qPrintable(a.verdict));
    QVERIFY2(!a.verdict.contains(QStringLiteral("16 users because")), qPrintable(a.verdict));
    QCOMPARE(a.walls.latency.load, 15.0);
    // Below ten users the tenth is kept, rounded down: 8.08 reads as 8.0, not 8.1.
    Capacity small;
    small.bound = Capacity::Bound::Between;
    small.load = 8.08;
    QCOMPARE(small.shown(), 8.0);

    // Passing by 1% is not comfortable: the verdict says how little room there was instead.
    specs = latencyBoundSweep();
    specs[4].ttftMs = 495;
    const RunData tight = makeRun(specs);
    const RunAnalysis t = analysed(tight);
    QVERIFY2(!t.verdict.contains(QStringLiteral("comfortably")), qPrintable(t.verdict));
    QVERIFY2(t.verdict.contains(QStringLiteral("it handled 8 users with 1.0% to spare on time to first token")),
        qPrintable(t.verdict));
}

void TestRunAnalysis::capacitySearchProbesInsideTheBracket()
{
    // The crossing is interpolated at 10 users (between 8 at 400 ms and 16 at 800 ms), but between two steps the
    // curve is only assumed straight: the interval is the bracket, 8–16 users, ±40% of 10. Precise enough at ±40%;
    // at ±10% the next probe goes where the curve crosses, kept a quarter of the bracket (2 users) in from either
    // end so that the bracket shrinks.
    const RunData run = makeRun(latencyBoundSweep());
    LoadCurve curve = analysed(run).curve;
    QCOMPARE(curve.capacity.low, 8.0);
    QCOMPARE(curve.capacity.high, 16.0);
    QVERIFY(CapacitySearch::precise(curve.capacity, 0.4));
    QVERIFY(!CapacitySearch::nextProbe(curve, 0.4, true));
    QVERIFY(!CapacitySearch::precise(curve.capacity, 0.1));
    QCOMPARE(CapacitySearch::nextProbe(curve, 0.1, true).value_or(-1), 10.0);
    curve.capacity.load = 8.3;
    QCOMPARE(CapacitySearch::nextProbe(curve, 0.1, true).value_or(-1), 10.0);
    curve.capacity.load = 15.9;
    QCOMPARE(CapacitySearch::nextProbe(curve, 0.1, true).value_or(-1), 14.0);
    // Rates keep two significant figures: 12.345 req/s is probed at 12.
    curve.capacity.load = 12.345;
    QCOMPARE(CapacitySearch::nextProbe(curve, 0.1, false).value_or(-1), 12.0);
    // A load already measured is never probed again: 4 users lies between 2 (pass) and 8 (fail) but is on the curve.
    curve.capacity.lastPass = 1; // 2 users
    curve.capacity.firstFail = 3; // 8 users
    curve.capacity.load = 4;
    curve.capacity.low = 2;
    curve.capacity.high = 8;
    QVERIFY(!CapacitySearch::nextProbe(curve, 0.1, true));
    // Nothing between two neighbouring whole loads, nor without a bracket.
    curve.capacity.bound = Capacity::Bound::AtLeast;
    QVERIFY(!CapacitySearch::nextProbe(curve, 0.1, true));
}

void TestRunAnalysis::paretoFrontierOfTwoRuns()
{
    // (interactivity, throughput per GPU): run 1 at (100, 100), (50, 300), (20, 400); run 2 at (90, 150), (40, 250),
    // (10, 450). Run 2's (40, 250) is beaten by run 1's (50, 300) on both; every other point beats the rest on one.
    auto point = [](qint64 run, const char* load, double x, double y) {
        ParetoPoint p;
        p.runId = run;
        p.run = QStringLiteral("run %1").arg(run);
        p.load = QString::fromLatin1(load);
        p.interactivity = x;
        p.throughputPerGpu = y;
        return p;
    };
    const ParetoFrontier f = ParetoFrontier::of({point(1, "1 user", 100, 100), point(1, "4 users", 50, 300),
        point(1, "16 users", 20, 400), point(2, "1 user", 90, 150), point(2, "4 users", 40, 250),
        point(2, "16 users", 10, 450), point(2, "one token", std::numeric_limits<double>::quiet_NaN(), 500)});
    QCOMPARE(f.points.size(), std::size_t(6)); // the step without a TPOT is left out
    std::vector<QString> onIt;
    for (std::size_t i : f.frontier)
        onIt.push_back(f.points[i].run + u' ' + f.points[i].load);
    const std::vector<QString> expected {QStringLiteral("run 2 16 users"), QStringLiteral("run 1 16 users"),
        QStringLiteral("run 1 4 users"), QStringLiteral("run 2 1 user"), QStringLiteral("run 1 1 user")};
    QCOMPARE(onIt, expected);
    const QStringList holders = f.dominance();
    QCOMPARE(holders.size(), 4);
    QCOMPARE(holders[0],
        QStringLiteral("run 2 holds the frontier at 10 tokens/s per user (16 users, 450 tokens/s per GPU)"));
    QCOMPARE(holders[1],
        QStringLiteral("run 1 holds the frontier from 20 to 50 tokens/s per user (16 users to 4 users, "
                       "400 to 300 tokens/s per GPU)"));

    // One run's steps from the analysis: 1000 / median TPOT, throughput over the one GPU the run names.
    RunData run = makeRun(latencyBoundSweep());
    run.options.gpuCount = 2;
    const RunAnalysis a = analysed(run);
    const std::vector<ParetoPoint> points = ParetoFrontier::pointsOf(run, a);
    QCOMPARE(points.size(), a.curve.points.size());
    QCOMPARE(points.front().interactivity, 100.0); // 10 ms a token
    QCOMPARE(points.back().interactivity, 1000.0 / 11);
    QCOMPARE(points.back().throughputPerGpu, a.curve.points.back().outputTokensPerSecond / 2);
}

void TestRunAnalysis::aNoisyFlatPairIsADoubtNotAWall()
{
    // As on llama.cpp with a short window: throughput flat from 1 to 4 users, then growing again to 16. TPOT so that
    // 1, 2, 4, 8, 16 users make about 56, 59, 58, 82 and 169 tokens/s.
    const std::vector<StepSpec> noisy
        = {{1, 50, 17.9}, {1, 50, 17.9}, {2, 50, 33.9}, {4, 50, 69}, {8, 50, 97.6}, {16, 50, 94.7}};
    RunData run = makeRun(noisy);
    RunAnalysis a = analysed(run);
    const double t1 = a.curve.points[0].outputTokensPerSecond, t2 = a.curve.points[1].outputTokensPerSecond;
    QVERIFY2(t2 / t1 < 1.1, qPrintable(QStringLiteral("%1 → %2").arg(t1).arg(t2))); // the flat pair
    QVERIFY(!a.walls.saturation.reached);
    QVERIFY2(a.walls.saturation.doubt.contains(QStringLiteral("a noisy pair of steps, not a wall")),
        qPrintable(a.walls.saturation.doubt));
    QVERIFY2(
        a.walls.saturation.doubt.contains(QStringLiteral("16 users then gave")), qPrintable(a.walls.saturation.doubt));
    QVERIFY2(!a.verdict.contains(QStringLiteral("saturated from")), qPrintable(a.verdict));
    // The hand-built steps are even, so their throughput intervals are narrow and the sentence quotes them.
    const CurvePoint& two = a.curve.points[1];
    QVERIFY(two.outputTokensPerSecondLow <= two.outputTokensPerSecond);
    QVERIFY(two.outputTokensPerSecondHigh >= two.outputTokensPerSecond);
    QVERIFY(two.outputTokensPerSecondHigh < 1.05 * two.outputTokensPerSecond);
    QVERIFY2(a.walls.saturation.doubt.contains(QStringLiteral("(%1–%2)").arg(
                 text::number(two.outputTokensPerSecondLow), text::number(two.outputTokensPerSecondHigh))),
        qPrintable(a.walls.saturation.doubt));

    // The same steps, each ±60% noisy: 16 users' growth is within the noise of both steps, so it neither confirms
    // the wall nor rules it out, and the doubt says to measure longer.
    for (StepData& step : run.steps) {
        for (Throughput* t : {&step.stats.steady, &step.stats.whole}) {
            t->outputTokensPerSecondLow = 0.4 * t->outputTokensPerSecond;
            t->outputTokensPerSecondHigh = 1.6 * t->outputTokensPerSecond;
        }
    }
    a = analysed(run);
    QVERIFY(!a.walls.saturation.reached);
    QVERIFY2(a.walls.saturation.doubt.contains(QStringLiteral("within the noise of both steps")),
        qPrintable(a.walls.saturation.doubt));
    QVERIFY2(!a.verdict.contains(QStringLiteral("saturated from")), qPrintable(a.verdict));

    // Flat only at the last pair, and nothing to confirm it: a doubt, and the wall's sentence says to measure higher.
    const std::vector<StepSpec> lastFlat = {{1, 50, 10}, {1, 50, 10}, {2, 50, 10}, {4, 50, 10.5}, {8, 50, 20.5}};
    run = makeRun(lastFlat);
    a = analysed(run);
    QVERIFY(!a.walls.saturation.reached);
    QVERIFY2(a.walls.saturation.evidence.contains(QStringLiteral("measure a higher load")),
        qPrintable(a.walls.saturation.evidence));
    QVERIFY2(a.walls.saturation.evidence.contains(QStringLiteral("no queue in the server's counters")),
        qPrintable(a.walls.saturation.evidence));

    // Requests waited for moments, all 8 users running at once: no queue that held, but the sentence must not say
    // there was no wait at all (the run's summary says "up to 3 requests queued").
    std::vector<StepSpec> moments = lastFlat;
    for (StepSpec& s : moments)
        s.kv = 0.1;
    moments.back().running = 8;
    moments.back().waiting = 3;
    run = makeRun(moments);
    a = analysed(run);
    QVERIFY(!a.walls.saturation.reached);
    QVERIFY2(a.walls.saturation.evidence.contains(QStringLiteral("requests waited at 8 users only now and then (up "
                                                                 "to 3, vllm:num_requests_waiting)")),
        qPrintable(a.walls.saturation.evidence));
    QVERIFY2(
        !a.walls.saturation.evidence.contains(QStringLiteral("no queue")), qPrintable(a.walls.saturation.evidence));

    // The same with the server's counters showing 4 running and 4 waiting at 8 users: that confirms it.
    std::vector<StepSpec> confirmed = lastFlat;
    for (StepSpec& s : confirmed)
        s.kv = 0.1;
    confirmed.back().running = 4;
    confirmed.back().waiting = 4;
    run = makeRun(confirmed);
    a = analysed(run);
    QVERIFY2(a.walls.saturation.reached, qPrintable(a.walls.saturation.evidence));
    QCOMPARE(a.walls.saturation.load, 4.0);
}

void TestRunAnalysis::anUnboundedIntervalIsNotEnoughRequests()
{
    // 120 requests at every step: more than the 100 a p99 estimate needs, too few for its 95% interval to have an
    // upper bound. The check warns rather than passing beside a sentence that says the bound is unknown.
    const RunData run = makeRun({{1, 100, 10, 120}, {1, 100, 10, 120}, {2, 100, 10, 60}, {4, 100, 10, 30}});
    const RunAnalysis a = analysed(run);
    const auto check
        = std::find_if(a.trust.begin(), a.trust.end(), [](const TrustCheck& c) { return c.id == u"samples"; });
    QVERIFY(check != a.trust.end());
    QVERIFY(std::isnan(a.curve.points[0].ttft.high));
    QCOMPARE(check->status, TrustCheck::Status::Warn);
    // At 4 users 3 of the 120 were sent before the last user's first, and are not in the percentiles.
    QVERIFY2(check->detail.contains(QStringLiteral("117 successful requests; p99 wants at least 100")),
        qPrintable(check->detail));
    QVERIFY2(check->detail.contains(
                 QStringLiteral("Left out of the percentiles: 3 sent as users ramped in or drained out.")),
        qPrintable(check->detail));
    QVERIFY2(check->detail.contains(QStringLiteral("upper bound is unknown")), qPrintable(check->detail));
}

void TestRunAnalysis::kneeOfASaturatingCurve()
{
    const std::vector<StepSpec> specs = {{1, 100, 10}, {1, 100, 10}, {2, 100, 10}, {4, 100, 10}, {8, 100, 10},
        {16, 2700, 10}, {32, 7900, 10}, {64, 18300, 10}};
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    QVERIFY(a.curve.knee.found);
    QCOMPARE(a.curve.knee.load, 8.0);
}

// The demo's shape: each doubling of the users buys a little less, 1.95× at first and 1.23× at the end (Kneedle
// found no knee in it). The knee is where latency outgrew throughput: 16 to 32 users bought 23% more tokens/s for
// 63% more time a request; 8 to 16 bought 60% for 25%.
void TestRunAnalysis::kneeWhereLatencyOutgrowsThroughput()
{
    // E2EL = TTFT + 255 × TPOT; throughput is users × 256 / E2EL, so each step's E2EL is 2 / gain of the one before.
    const double gains[] = {1.95, 1.9, 1.8, 1.6, 1.23};
    std::vector<StepSpec> specs = {{1, 100, 10, 40}, {1, 100, 10, 40}};
    double e2el = 100 + 255 * 10;
    for (int i = 0; i < 5; ++i) {
        e2el *= 2 / gains[i];
        specs.push_back({2 << i, 100, (e2el - 100) / 255, 40});
    }
    const RunData run = makeRun(specs);
    const RunAnalysis a = analysed(run);
    const KneePoint& k = a.curve.knee;
    QVERIFY2(k.found, qPrintable(k.evidence));
    QCOMPARE(k.load, 16.0);
    QCOMPARE(a.curve.points[std::size_t(k.next)].load, 32.0);
    QVERIFY(k.elasticity > KneePoint::kKneeElasticity);
    QVERIFY2(k.evidence.startsWith(QStringLiteral("from 16 users to 32 users output throughput grew 23%")),
        qPrintable(k.evidence));
    QVERIFY2(k.evidence.contains(QStringLiteral("the median request took 63% longer")), qPrintable(k.evidence));
    // The knee's finding quotes the pair and the definition, and `show` the same.
    const auto finding
        = std::find_if(a.findings.begin(), a.findings.end(), [](const Finding& f) { return f.id == u"knee"; });
    QVERIFY(finding != a.findings.end());
    QVERIFY2(finding->measured.contains(k.evidence), qPrintable(finding->measured));
    QVERIFY2(finding->measured.contains(k.method), qPrintable(finding->measured));

    // A curve that grows nearly in proportion all the way has none, and says which pair came closest.
    std::vector<StepSpec> straight = {{1, 100, 10}, {1, 100, 10}, {2, 100, 10}, {4, 100, 10.2}, {8, 100, 11}};
    const RunAnalysis s = analysed(makeRun(straight));
    QVERIFY(!s.curve.knee.found);
    QVERIFY2(
        s.curve.knee.evidence.startsWith(QStringLiteral("from 4 users to 8 users")), qPrintable(s.curve.knee.evidence));
}

// A full sweep whose throughput fell from 128 to 256 users (4,091 → 3,383 tokens/s) said "Saturation: beyond 256
// users": the last pair had nothing after it to confirm it. A fall beyond the noise is its own confirmation.
void TestRunAnalysis::aThroughputFallIsSaturationAtTheLatest()
{
    // 1 to 8 users grow in proportion; 16 users take 2.4 times as long a request: throughput falls by 16%.
    const std::vector<StepSpec> specs = {
        {1, 100, 10, 40}, {1, 100, 10, 40}, {2, 100, 10, 40}, {4, 100, 10, 40}, {8, 100, 10, 40}, {16, 100, 24.4, 40}};
    const RunAnalysis a = analysed(makeRun(specs));
    const CurvePoint& last = a.curve.points.back();
    QVERIFY(last.outputTokensPerSecond < 0.9 * a.curve.points[3].outputTokensPerSecond);
    QVERIFY2(a.walls.saturation.reached, qPrintable(a.walls.saturation.evidence));
    QCOMPARE(a.walls.saturation.load, 8.0);
    QVERIFY2(a.walls.saturation.evidence.contains(QStringLiteral("going from 8 users to 16 users bought no more "
                                                                 "throughput")),
        qPrintable(a.walls.saturation.evidence));
    // The knee comes no later than the wall, and the verdict does not say throughput kept growing.
    QVERIFY(a.curve.knee.found);
    QVERIFY(a.curve.knee.load <= a.walls.saturation.load);
    QVERIFY2(!a.verdict.contains(QStringLiteral("still growing")), qPrintable(a.verdict));
}

// Four demos on one busy machine: 8 users missed the TTFT target (606 ms) while 16 and 32 met it (288 and 317 ms),
// and the verdict took the first miss as if it were sure. It still does, the cautious answer, but says why the
// number is uncertain and which step to measure again.
void TestRunAnalysis::aMissBetweenPassesIsNotMonotone()
{
    const std::vector<StepSpec> specs = {{1, 100, 10}, {1, 100, 10}, {2, 120, 10}, {4, 200, 10}, {8, 606, 10},
        {16, 288, 10}, {32, 317, 10}, {64, 900, 12}};
    const RunAnalysis a = analysed(makeRun(specs));
    const Capacity& c = a.curve.capacity;
    QCOMPARE(c.bound, Capacity::Bound::Between);
    QCOMPARE(a.curve.points[std::size_t(c.firstFail)].load, 8.0);
    QCOMPARE(a.curve.points[std::size_t(c.laterPass)].load, 32.0);
    QVERIFY2(a.verdict.contains(QStringLiteral("The curve is not monotone, so this capacity is uncertain: 8 users "
                                               "missed (time to first token 606 ms) while 16 users and 32 users met "
                                               "every target (288 ms and 317 ms)")),
        qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(QStringLiteral("measure 8 users again")), qPrintable(a.verdict));
    // The pipeline measures that step again before it may set the capacity, once.
    QCOMPARE(CapacitySearch::remeasure(a.curve, {}), std::optional<double>(8));
    QCOMPARE(CapacitySearch::remeasure(a.curve, {8}), std::nullopt);

    // Measured again, 8 users met the target (290 ms): the curve takes the second measurement, the capacity is no
    // longer the noisy miss, and a finding shows both.
    std::vector<StepSpec> again = specs;
    again.push_back({8, 290, 10});
    RunData run = makeRun(again);
    run.steps.back().remeasure = true;
    const RunAnalysis b = analysed(run);
    QCOMPARE(b.curve.points.size(), std::size_t(7));
    QCOMPARE(b.curve.capacity.laterPass, -1);
    QCOMPARE(b.curve.points[std::size_t(b.curve.capacity.firstFail)].load, 64.0);
    QVERIFY2(!b.verdict.contains(QStringLiteral("not monotone")), qPrintable(b.verdict));
    const auto remeasured
        = std::find_if(b.findings.begin(), b.findings.end(), [](const Finding& f) { return f.id == u"remeasured"; });
    QVERIFY(remeasured != b.findings.end());
    QCOMPARE(remeasured->title, QStringLiteral("8 users missed at first and met every target when measured again"));
    QVERIFY2(remeasured->measured.startsWith(QStringLiteral("time to first token at p99: 606 ms the first time "
                                                            "(missed), 290 ms the second (met).")),
        qPrintable(remeasured->measured));
}

// A target missed at one user is the request's own time, not a wall: nothing waits for anything there. The verdict
// said "the cause: the server is saturated" when throughput happened to be flat from 1 to 2 users.
void TestRunAnalysis::aTargetMissedByOneUserIsNotAWall()
{
    const std::vector<StepSpec> specs = {{1, 900, 10}, {1, 900, 10}, {2, 1700, 19}, {4, 3300, 38}};
    const RunAnalysis a = analysed(makeRun(specs));
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::Below);
    QVERIFY2(!a.verdict.contains(QStringLiteral("saturated")), qPrintable(a.verdict));
    // Only the target it missed is named as missed; the one it met is named with its figure.
    QVERIFY2(a.verdict.contains(QStringLiteral("this server misses your target of 500 ms to the first token for 99 "
                                               "of 100 requests even at 1 user: time to first token was 900 ms at "
                                               "p99. It met 50 ms per token (TPOT p99 10 ms) there.")),
        qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(QStringLiteral("The cause is the request's own prefill: with one user nothing waits "
                                               "for a place, so 900 ms is what processing 1,024 prompt tokens and "
                                               "making the first token takes on this server.")),
        qPrintable(a.verdict));

    // Both missed (a loaded 4-slot llama-server: TTFT p99 2.29 s, TPOT p99 704 ms): both are named with their
    // figures, each with its own cause. The verdict named TTFT alone beside a scorecard that said "TTFT, TPOT".
    const std::vector<StepSpec> slow = {{1, 2290, 704}, {1, 2290, 704}, {2, 4000, 900}};
    const RunAnalysis b = analysed(makeRun(slow));
    QCOMPARE(b.curve.points.front().missed, (QStringList {QStringLiteral("TTFT"), QStringLiteral("TPOT")}));
    QVERIFY2(b.verdict.contains(QStringLiteral("even at 1 user: time to first token was 2.29 s and time per output "
                                               "token was 704 ms at p99.")),
        qPrintable(b.verdict));
    QVERIFY2(!b.verdict.contains(QStringLiteral("It met")), qPrintable(b.verdict));
    QVERIFY2(b.verdict.contains(QStringLiteral("own prefill"))
            && b.verdict.contains(QStringLiteral("each token took "
                                                 "704 ms")),
        qPrintable(b.verdict));
}

// Four demos on a busy machine answered 67, 45, 46 and 7 users; the last beside a client that fell behind, and the
// verdict read as sure as the others. A capacity resting on a disturbed step says how far it can be believed, and
// why, beside the number.
void TestRunAnalysis::aDisturbedStepWeighsOnTheConfidence()
{
    RunData run = makeRun(latencyBoundSweep());
    RunAnalysis a = analysed(run);
    QCOMPARE(a.confidence.level, CapacityConfidence::Level::High);
    QVERIFY2(!a.verdict.contains(QStringLiteral("Confidence")), qPrintable(a.verdict));

    // The client's event loops woke 14 ms late at p99 at 16 users, the step that missed.
    run.steps.back().loopLagP99Ms = 14;
    a = analysed(run);
    QCOMPARE(a.confidence.level, CapacityConfidence::Level::Low);
    QVERIFY2(a.verdict.endsWith(QStringLiteral(" Confidence in this number: low, since the measurement was disturbed "
                                               "at 16 users (see the doubts: the client, the simulator or another "
                                               "process), and the capacity rests on it.")),
        qPrintable(a.verdict));
    const QString text = TextReport::write(ReportContent::of(run, a));
    QVERIFY2(
        text.simplified().contains(QStringLiteral("Confidence: low, since the measurement was disturbed at 16 users")),
        qPrintable(text));
    QCOMPARE(AnalysisJson::of(run, a)[u"confidence"][u"level"].toString(), QStringLiteral("low"));

    // Below the crossing, it only weighs: medium.
    run.steps.back().loopLagP99Ms = -1;
    run.steps[2].loopLagP99Ms = 14; // 2 users
    a = analysed(run);
    QCOMPARE(a.confidence.level, CapacityConfidence::Level::Medium);
    QVERIFY2(a.confidence.reasons.join(u' ').contains(QStringLiteral("disturbed at 2 users, below the capacity")),
        qPrintable(a.confidence.reasons.join(u' ')));

    // A curve that passes again after its first miss: low, whatever the client did.
    const std::vector<StepSpec> specs
        = {{1, 100, 10}, {1, 100, 10}, {2, 120, 10}, {4, 200, 10}, {8, 606, 10}, {16, 288, 10}, {32, 317, 10}};
    QCOMPARE(analysed(makeRun(specs)).confidence.level, CapacityConfidence::Level::Low);
}

void TestRunAnalysis::physicsFloorsAndEfficiency()
{
    // Llama 3.1 8B on an H100 SXM: 16.06 GB of weights less the 1.05 GB embedding table read per step, at
    // 3.35 TB/s, plus 1,152 tokens × 128 KiB of KV: 4.52 ms (vllm-facts §D.4: "4.5 ms floor").
    const RunData run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    const RunAnalysis a = analysed(run);
    const PhysicsFloors& p = a.physics;
    QVERIFY2(p.available, qPrintable(p.whyNot));
    QCOMPARE(p.tensorParallel, 1);
    QVERIFY2(qAbs(p.decodeStepFloorMs - 4.52) < 0.05, qPrintable(QString::number(p.decodeStepFloorMs)));
    // 2 × 6.98 B layer parameters × 1,024 tokens + the head once + attention, at 989 TFLOPS: 14.73 ms, with the first
    // token sampled in that step (tst_roofline works it out).
    QVERIFY2(qAbs(p.ttftFloorMs - 14.73) < 0.01, qPrintable(QString::number(p.ttftFloorMs)));
    QCOMPARE(p.baselineTpotMs, 10.0);
    QVERIFY(qAbs(p.bandwidthEfficiency - p.decodeStepFloorMs / 10.0) < 1e-9);
    QVERIFY(!p.fasterThanPhysics);
}

void TestRunAnalysis::fasterThanPhysicsIsCaught()
{
    // 2 ms per token for an 8B model on an L4 (0.3 TB/s, floor ≈ 54 ms): impossible.
    const RunData run = makeRun({{1, 100, 2}, {1, 100, 2}, {2, 100, 2}}, QStringLiteral("chat"), QStringLiteral("l4"));
    const RunAnalysis a = analysed(run);
    QVERIFY(a.physics.fasterThanPhysics);
    const auto check
        = std::find_if(a.trust.begin(), a.trust.end(), [](const TrustCheck& c) { return c.id == u"physics"; });
    QCOMPARE(check->status, TrustCheck::Status::Fail);
    QVERIFY2(check->detail.contains(QStringLiteral("speculative decoding")), qPrintable(check->detail));
    QCOMPARE(a.findings.front().id, QStringLiteral("faster-than-physics"));

    // A TTFT inside the network's round trip (shown as 0 once the round trip is off) is not faster than physics: it
    // says nothing of prefill. On an H100 10 ms per token is well above the floor, so nothing else is too fast.
    const RunData near
        = makeRun({{1, 20, 10}, {1, 20, 10}, {2, 20, 10}}, QStringLiteral("chat"), QStringLiteral("h100-sxm"), 25);
    const RunAnalysis b = analysed(near);
    QCOMPARE(b.physics.baselineTtftMs, 0.0);
    QVERIFY(!b.physics.ttftFasterThanPhysics);
    QVERIFY(!b.physics.fasterThanPhysics);
}

// The check cleanup() runs on every analysis: a figure stated only in the verdict, or stated there rounded
// otherwise, is found; the same figure as a part of a larger one is not evidence.
void TestRunAnalysis::theConsistencyCheckFindsAFigureOnlyTheVerdictStates()
{
    const QString text
        = QStringLiteral("Verdict\n  It breaks at 12 users, at 41.8 ms.\nCapacity: 12 users, 41.8 ms.\n");
    QVERIFY(verdictFiguresWithoutEvidence(QStringLiteral("It breaks at 12 users, at 41.8 ms."), text).isEmpty());
    const QStringList rounded = verdictFiguresWithoutEvidence(QStringLiteral("It breaks at 12 users, at 41.6 ms."),
        QStringLiteral("Verdict\n  It breaks at 12 users, at 41.6 ms.\nCapacity: 12 users, 41.8 ms.\n"));
    QCOMPARE(rounded.size(), 1);
    QVERIFY2(rounded.front().startsWith(QStringLiteral("41.6 in")), qPrintable(rounded.front()));
    const QStringList part = verdictFiguresWithoutEvidence(
        QStringLiteral("1,024 tokens in at 2.9%."), QStringLiteral("1,0245 tokens; 12.9% used; 2.95 s"));
    QCOMPARE(part.size(), 2);

    // The other half: a verdict that says what its own analysis contradicts. The issue's llama.cpp verdict named
    // saturation beside a curve whose throughput kept growing; "comfortably" must be earned with 20%.
    const RunData run = makeRun(latencyBoundSweep());
    RunAnalysis a = RunAnalysis::of(run, AnalysisSettings::ofRun(run));
    QVERIFY(verdictContradictions(a).isEmpty());
    QVERIFY(!a.walls.saturation.reached);
    a.verdict = QStringLiteral("It breaks at about 10 users because the server is saturated.");
    QCOMPARE(verdictContradictions(a).size(), 1);
    a.curve.capacity.headroom = 0.01;
    a.verdict = QStringLiteral("This server comfortably handles about 8 users. Memory is the wall to watch.");
    QCOMPARE(verdictContradictions(a).size(), 2);
    a.verdict = QStringLiteral("This server handled every load measured, up to 16 users.");
    QCOMPARE(verdictContradictions(a).size(), 1);
}

// A fixed corpus of stored runs, each of a server whose bottleneck is known, measured by `kneepoint run` and kept
// under tests/data/corpus: llama-server with its 8 slots (the interop suite's server and model, 1 to 16 users), the
// simulator with a 4-sequence cap, and the simulator with a KV cache of 160 blocks. Each is judged as `show` would:
// the wall that stops it is the one known, and the verdict contradicts nothing of its own analysis.
void TestRunAnalysis::storedRunsOfKnownBottlenecksAreJudgedConsistently_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("limiting");
    QTest::addColumn<QString>("cause");
    QTest::newRow("llama.cpp, 8 slots") << QStringLiteral("llamacpp-eight-slots.sqlite") << int(Wall::Kind::Saturation)
                                        << QStringLiteral("(llamacpp:requests_deferred)");
    QTest::newRow("sim, max-num-seqs 4") << QStringLiteral("sim-four-sequence-cap.sqlite")
                                         << int(Wall::Kind::Saturation)
                                         << QStringLiteral("the server ran at most 4 requests at once");
    QTest::newRow("sim, 160 KV blocks") << QStringLiteral("sim-tiny-kv-cache.sqlite") << int(Wall::Kind::Memory)
                                        << QStringLiteral("Memory is the wall to watch");
    QTest::newRow("sim reasoning, max-num-seqs 4")
        << QStringLiteral("sim-reasoning.sqlite") << int(Wall::Kind::Saturation)
        << QStringLiteral("900 ms to the first answer token (after the thinking)");
}

void TestRunAnalysis::storedRunsOfKnownBottlenecksAreJudgedConsistently()
{
    QFETCH(QString, file);
    QFETCH(int, limiting);
    QFETCH(QString, cause);
    // A copy: opening a store may write to it (its lock, a migration), and the corpus stays as committed.
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    QVERIFY(QFile::copy(QStringLiteral(KNEEPOINT_TEST_DATA "/corpus/") + file, path));
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QString error;
    const auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    const std::optional<RunData> run = RunData::load(*store, store->runs().first().id, &error);
    QVERIFY2(run, qPrintable(error));
    const RunAnalysis a = analysed(*run); // cleanup() fails the test on a figure without evidence or a contradiction
    QVERIFY(a.walls.limiting);
    QCOMPARE(int(*a.walls.limiting), limiting);
    QVERIFY2(a.verdict.contains(cause), qPrintable(a.verdict));
    // The options as stored, typed again and written back, are the options stored: every key, every value.
    const QJsonObject stored = run->stored.options;
    const QJsonObject again = RunOptions::fromJson(stored).toJson();
    for (auto it = stored.begin(); it != stored.end(); ++it)
        QVERIFY2(again.value(it.key()) == it.value(),
            qPrintable(it.key() + u": "
                + QString::fromUtf8(
                    QJsonDocument(QJsonArray {it.value(), again.value(it.key())}).toJson(QJsonDocument::Compact))));
    // Keys added since the corpus was recorded come back with their defaults; nothing else is new.
    QStringList added = again.keys();
    for (const QString& key : stored.keys())
        added.removeOne(key);
    const QStringList sinceTheCorpus {QStringLiteral("server_wait_s"), QStringLiteral("step_budget_s")};
    for (const QString& key : std::as_const(added))
        QVERIFY2(sinceTheCorpus.contains(key), qPrintable(key));
    QCOMPARE(run->options.concurrency.size(), stored.value(u"concurrency").toArray().size());
    QCOMPARE(run->options.percentile, stored.value(u"percentile").toDouble());
    // A target on the first answer token: judged where the run recorded it (the reasoning run, stored at version 7);
    // left out, and said, where it did not (the others, stored before).
    AnalysisSettings ttfo = AnalysisSettings::ofRunOffline(*run);
    ttfo.slo.ttfoMs = 600;
    const RunAnalysis b = RunAnalysis::of(*run, ttfo);
    if (file == u"sim-reasoning.sqlite") {
        QCOMPARE(b.settings.slo.ttfoMs, std::optional<double>(600));
        QCOMPARE(b.curve.capacity.metric, QStringLiteral("TTFO"));
    } else {
        QVERIFY(!b.settings.slo.ttfoMs);
        QVERIFY2(
            b.verdict.endsWith(QStringLiteral("so your target of 600 ms on the first answer token was not judged.")),
            qPrintable(b.verdict));
        QCOMPARE(b.curve.capacity.load, a.curve.capacity.load);
    }
}

// A plausible 60 ms per token on an L4 (floor about 54 ms), but a first token 5 ms after a 1,024-token prompt: the
// prefill alone takes 2 × 7.5e9 × 1,024 FLOPs ≈ 15 TFLOP, over 100 ms at the L4's 121 TFLOP/s. The finding quotes
// the first token, not the per-token time that was fine.
void TestRunAnalysis::aFirstTokenFasterThanPhysicsIsQuotedAsTtft()
{
    const RunData run = makeRun({{1, 5, 60}, {1, 5, 60}, {2, 5, 60}}, QStringLiteral("chat"), QStringLiteral("l4"));
    const RunAnalysis a = analysed(run);
    QVERIFY(a.physics.fasterThanPhysics);
    QVERIFY(a.physics.ttftFasterThanPhysics);
    QVERIFY(!a.physics.tpotFasterThanPhysics);
    QVERIFY(a.physics.baselineTtftFloorMs > 100);
    const Finding& f = a.findings.front();
    QCOMPARE(f.id, QStringLiteral("faster-than-physics"));
    QVERIFY2(
        f.measured.startsWith(QStringLiteral("One request's first token came 5 ms after")), qPrintable(f.measured));
    QVERIFY2(!f.measured.contains(QStringLiteral("per token")), qPrintable(f.measured));
}

// Throughput flat from 4 users while the time per token doubles with the batch: the GPU's bandwidth is the limit,
// and FP8 weights would halve what each step reads, but only a GPU with FP8 (the H100, not the A100) runs them.
void TestRunAnalysis::fp8IsAdvisedOnlyWhereTheGpuHasIt()
{
    const std::vector<StepSpec> specs
        = {{1, 100, 10}, {1, 100, 10}, {2, 100, 10}, {4, 100, 10}, {8, 100, 20}, {16, 100, 40}, {32, 100, 80}};
    auto advisesFp8 = [](const RunAnalysis& a) {
        for (const Finding& f : a.findings)
            for (const FlagSuggestion& s : f.tryNext)
                if (s.flag == u"--quantization" && s.value == u"fp8")
                    return true;
        return false;
    };
    const RunAnalysis h100 = analysed(makeRun(specs, QStringLiteral("chat"), QStringLiteral("h100-sxm")));
    QVERIFY(h100.walls.saturation.reached);
    QVERIFY(h100.physics.gpuHasFp8);
    QVERIFY(advisesFp8(h100));
    // Why it is the GPU: the median decode step against the bandwidth's floor for that batch, both stated.
    const auto saturated = std::find_if(
        h100.findings.begin(), h100.findings.end(), [](const Finding& f) { return f.id == u"gpu-saturated"; });
    QVERIFY(saturated != h100.findings.end());
    static const QRegularExpression why(QStringLiteral(
        R"(^At \d+ users a decode step took [\d.]+ ms \(median TPOT\) against a floor of [\d.]+ ms for a batch of \d+ on )"));
    QVERIFY2(why.match(saturated->why).hasMatch(), qPrintable(saturated->why));
    QVERIFY2(saturated->why.contains(QStringLiteral("of what the bandwidth allows")), qPrintable(saturated->why));
    const RunAnalysis a100 = analysed(makeRun(specs, QStringLiteral("chat"), QStringLiteral("a100-80gb-sxm")));
    QVERIFY(a100.walls.saturation.reached);
    QVERIFY(!a100.physics.gpuHasFp8);
    QVERIFY(!advisesFp8(a100));
    // On the H100 again, but the checkpoint is already FP8 (compressed-tensors, weights and activations in 8-bit
    // floats, as RedHatAI's Llama 3.1 8B): nothing left to halve.
    const RunData run = makeRun(specs, QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    AnalysisSettings fp8 = AnalysisSettings::ofRun(run);
    QString error;
    fp8.model = ModelSpec::fromHfConfig(
        QJsonDocument::fromJson(
            R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
                "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 14336, "vocab_size": 128256,
                "tie_word_embeddings": false, "max_position_embeddings": 131072, "torch_dtype": "bfloat16",
                "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {"group_0": {
                  "targets": ["Linear"], "weights": {"num_bits": 8, "type": "float", "strategy": "channel"},
                  "input_activations": {"num_bits": 8, "type": "float", "strategy": "token", "dynamic": true}}}}})")
            .object(),
        QStringLiteral("RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8"), &error);
    QVERIFY2(fp8.model, qPrintable(error));
    const RunAnalysis quantised = RunAnalysis::of(run, fp8);
    QVERIFY(quantised.walls.saturation.reached);
    QVERIFY(quantised.physics.gpuHasFp8);
    QVERIFY(quantised.physics.modelQuantized);
    QVERIFY(!advisesFp8(quantised));
}

void TestRunAnalysis::changingTheGpuRecomputes()
{
    const RunData run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    AnalysisSettings s = AnalysisSettings::ofRun(run);
    const double h100 = RunAnalysis::of(run, s).physics.decodeStepFloorMs;
    s.gpu = Catalog::builtIn().gpu(QStringLiteral("h200"));
    const double h200 = RunAnalysis::of(run, s).physics.decodeStepFloorMs;
    QVERIFY(qAbs(h100 / h200 - 4.8 / 3.35) < 1e-9); // bandwidth-bound: the ratio of the bandwidths
    s.gpu.reset();
    const RunAnalysis none = RunAnalysis::of(run, s);
    QVERIFY(!none.physics.available);
    QVERIFY(none.physics.whyNot.contains(QStringLiteral("--gpu")));
}

void TestRunAnalysis::roundTripIsAllowedOnTtft()
{
    // 30 ms of network: a TTFT of 520 ms at 8 users is 490 ms on the server's side, within 500.
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[4].ttftMs = 520;
    const RunData run = makeRun(specs, QStringLiteral("chat"), QString(), 30);
    const RunAnalysis a = analysed(run);
    QCOMPARE(a.curve.capacity.bound, Capacity::Bound::Between);
    QCOMPARE(a.curve.points[std::size_t(a.curve.capacity.lastPass)].load, 8.0);
    // One figure, one value: the wall's evidence, the scorecard and the report's table all show 800 − 30 ms at 16
    // users, and say that the round trip is left out.
    const CurvePoint& fail = a.curve.points[std::size_t(a.curve.capacity.firstFail)];
    QCOMPARE(fail.shown(QStringLiteral("TTFT")), 770.0);
    QVERIFY2(a.walls.latency.evidence.contains(QStringLiteral("to 770 ms at 16 users")),
        qPrintable(a.walls.latency.evidence));
    const QString rendered = TextReport::write(ReportContent::of(run, a));
    QVERIFY2(rendered.simplified().contains(QStringLiteral("TTFT leaves out the network's 30 ms round trip")),
        qPrintable(rendered));
    const QStringList lines = rendered.split(u'\n');
    const auto row = std::find_if(
        lines.begin(), lines.end(), [](const QString& l) { return l.startsWith(QStringLiteral("  16 users ")); });
    QVERIFY(row != lines.end());
    QCOMPARE(row->simplified().split(u' ').value(2), QStringLiteral("770"));
    const ReportContent content = ReportContent::of(run, a);
    QCOMPARE(content.score.back().cells.value(1), QStringLiteral("770"));
    QVERIFY2(content.scoreNote.contains(QStringLiteral("leaves out the network's 30 ms round trip")),
        qPrintable(content.scoreNote));
    const RunData near = makeRun(specs);
    QCOMPARE(analysed(near).curve.points[std::size_t(analysed(near).curve.capacity.firstFail)].load, 8.0);
}

void TestRunAnalysis::aClientThatFellBehindIsNamed()
{
    auto check = [](const RunData& run) {
        for (const TrustCheck& c : analysed(run).trust)
            if (c.id == u"client")
                return c;
        return TrustCheck {};
    };
    RunData run = makeRun(latencyBoundSweep());
    for (StepData& s : run.steps) {
        s.busiestThreadCpuShare = 0.2;
        s.loopLagP99Ms = 0.3;
    }
    TrustCheck c = check(run);
    QCOMPARE(c.status, TrustCheck::Status::Pass);
    // The worst step is named with its figures.
    run.steps.back().busiestThreadCpuShare = 0.96;
    c = check(run);
    QCOMPARE(c.status, TrustCheck::Status::Warn);
    const QString at = run.steps.back().loadPhrase();
    QVERIFY2(c.detail.contains(QStringLiteral("the busiest load thread used 96% of a core (at %1)").arg(at)),
        qPrintable(c.detail));
    run.steps.back().loopLagP99Ms = 14;
    c = check(run);
    QCOMPARE(c.status, TrustCheck::Status::Fail);
    QVERIFY2(c.detail.contains(QStringLiteral("woke at most 14 ms late at p99 (at %1)").arg(at)), qPrintable(c.detail));
    QVERIFY2(c.detail.contains(QStringLiteral("more free cores")), qPrintable(c.detail));
}

void TestRunAnalysis::trustChecksSayWhatIsMissing()
{
    const RunData run = makeRun(latencyBoundSweep());
    const RunAnalysis a = analysed(run);
    auto status = [&a](const char* id) {
        for (const TrustCheck& c : a.trust)
            if (c.id == QLatin1String(id))
                return c.status;
        return TrustCheck::Status::NotMeasured;
    };
    // 20 requests per user: p99 wants 100, which the single-user step lacks.
    QCOMPARE(status("samples"), TrustCheck::Status::Warn);
    QCOMPARE(status("client"), TrustCheck::Status::NotMeasured);
    QCOMPARE(status("versions"), TrustCheck::Status::Pass);
    QCOMPARE(status("errors"), TrustCheck::Status::Pass);
    QCOMPARE(status("physics"), TrustCheck::Status::NotMeasured);

    // A window of less than a few request lifetimes is one wave's rate, not the server's: the check fails, names
    // the step, and says its throughput is the whole step's.
    RunData shortWindow = makeRun(latencyBoundSweep());
    for (StepData& s : shortWindow.steps)
        if (s.concurrency == 16)
            s.stats.window.tooShort = true;
    const RunAnalysis b = analysed(shortWindow);
    for (const TrustCheck& c : b.trust) {
        if (c.id == u"steady-state") {
            QCOMPARE(c.status, TrustCheck::Status::Fail);
            QVERIFY2(c.detail.startsWith(QStringLiteral("At 16 users the full load held for less than")),
                qPrintable(c.detail));
            QVERIFY2(c.detail.contains(QStringLiteral("the throughput is over the step's measured span")),
                qPrintable(c.detail));
        }
    }
}

void TestRunAnalysis::findingsFollowTheProduct()
{
    // TTFT crosses at 10 users and the cache is full at 16, where the targets already fail: two problems, led by
    // the first token for chat and by memory for reasoning.
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[5].kv = 0.99;
    specs[5].preemptions = 5;
    const RunData chat = makeRun(specs, QStringLiteral("chat"));
    const RunData reasoning = makeRun(specs, QStringLiteral("reasoning"));
    const RunAnalysis a = analysed(chat);
    const RunAnalysis b = analysed(reasoning);
    auto firstProblem = [](const RunAnalysis& r) {
        QStringList ids;
        for (const Finding& f : r.findings)
            if (f.severity == Finding::Severity::Problem)
                ids << f.id;
        return ids;
    };
    QVERIFY2(
        firstProblem(a).indexOf(QStringLiteral("memory-wall")) > firstProblem(a).indexOf(QStringLiteral("ttft-target")),
        qPrintable(firstProblem(a).join(u',')));
    QCOMPARE(firstProblem(b).value(0), QStringLiteral("memory-wall"));
    // Healthy checks come last, listed.
    QCOMPARE(a.findings.last().severity, Finding::Severity::Healthy);
}

void TestRunAnalysis::estimateOfAnotherSize()
{
    const RunData run = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    const RunAnalysis a = analysed(run);
    const RequestEstimate same = RequestEstimate::of(run, a, 1024, 256);
    QVERIFY2(same.available, qPrintable(same.whyNot));
    // Calibrated on this very size, the estimate gives back what was measured.
    QVERIFY2(qAbs(same.tpotMs - 10.0) < 1e-6, qPrintable(QString::number(same.tpotMs)));
    QVERIFY2(qAbs(same.ttftMs - 100.0) < 1e-6, qPrintable(QString::number(same.ttftMs)));
    const RequestEstimate longer = RequestEstimate::of(run, a, 8192, 256);
    QVERIFY(longer.ttftMs > 4 * same.ttftMs); // prefill grows with the prompt
    QVERIFY(longer.tpotMs > same.tpotMs); // more KV to read per step
    QCOMPARE(longer.loadUsers, 8.0);
    const RequestEstimate none = RequestEstimate::of(run,
        RunAnalysis::of(run,
            [&] {
                AnalysisSettings s = AnalysisSettings::ofRun(run);
                s.gpu.reset();
                return s;
            }()),
        8192, 256);
    QVERIFY(!none.available);
}

// Two runs of one configuration differed by 30% with nothing changed: a 25% change between two others is within
// that, however sure the test is; a 50% change is not.
void TestRunAnalysis::compareHearsTheNoiseBetweenTwoRunsOfOneConfiguration()
{
    const RunData a = makeRun(latencyBoundSweep());
    auto scaled = [](double factor, qint64 id) {
        std::vector<StepSpec> specs = latencyBoundSweep();
        for (StepSpec& s : specs)
            s.ttftMs *= factor;
        RunData r = makeRun(specs);
        r.summary.id = id;
        return r;
    };
    const RunData twin = scaled(0.7, 9);
    using Configuration = RunComparison::Configuration;
    QVERIFY(RunComparison::sameConfiguration(Configuration::of(a), Configuration::of(twin)));
    Configuration other = Configuration::of(a);
    other.options[QStringLiteral("concurrency")] = QJsonArray {1, 2};
    QVERIFY(!RunComparison::sameConfiguration(Configuration::of(a), other));
    other = Configuration::of(a);
    other.options[QStringLiteral("url")] = QStringLiteral("http://127.0.0.1:9");
    other.options[QStringLiteral("seed")] = 4;
    QVERIFY(RunComparison::sameConfiguration(Configuration::of(a), other));
    // Two launches of one setting: what the launch measured differs, what it launched does not.
    Configuration launchedOnce = Configuration::of(a), launchedAgain = Configuration::of(a);
    launchedOnce.facts[QStringLiteral("launch")] = QJsonObject {{QStringLiteral("engine"), QStringLiteral("llamacpp")},
        {QStringLiteral("engine_args"), QJsonArray {QStringLiteral("--parallel=8")}},
        {QStringLiteral("startup_seconds"), 1.02}, {QStringLiteral("container"), QStringLiteral("kneepoint-1")}};
    launchedAgain.facts = launchedOnce.facts;
    QJsonObject again = launchedAgain.facts.value(u"launch").toObject();
    again[QStringLiteral("startup_seconds")] = 1.31;
    again[QStringLiteral("container")] = QStringLiteral("kneepoint-2");
    launchedAgain.facts[QStringLiteral("launch")] = again;
    QVERIFY(RunComparison::sameConfiguration(launchedOnce, launchedAgain));
    // tune appends the setting it tries; a person may type it first.
    QJsonObject once = launchedOnce.facts.value(u"launch").toObject();
    once[QStringLiteral("engine_args")] = QJsonArray {QStringLiteral("--threads=2"), QStringLiteral("--parallel=8")};
    launchedOnce.facts[QStringLiteral("launch")] = once;
    again[QStringLiteral("engine_args")] = QJsonArray {QStringLiteral("--parallel=8"), QStringLiteral("--threads=2")};
    launchedAgain.facts[QStringLiteral("launch")] = again;
    QVERIFY(RunComparison::sameConfiguration(launchedOnce, launchedAgain));
    again[QStringLiteral("engine_args")] = QJsonArray {QStringLiteral("--parallel=4"), QStringLiteral("--threads=2")};
    launchedAgain.facts[QStringLiteral("launch")] = again;
    QVERIFY(!RunComparison::sameConfiguration(launchedOnce, launchedAgain));

    const RunAnalysis aa = analysed(a);
    const RunComparison twins = RunComparison::of(a, aa, twin, analysed(twin));
    auto ttft8 = [](const RunComparison& c) {
        return *std::find_if(c.metrics.begin(), c.metrics.end(),
            [](const RunComparison::Metric& m) { return m.load == u"8 users" && m.metric == u"TTFT p50"; });
    };
    const RunData b = scaled(0.75, 8);
    RunComparison c = RunComparison::of(a, aa, b, analysed(b));
    QVERIFY(ttft8(c).significant);
    c.withBetweenRunNoise(twins);
    QVERIFY(!ttft8(c).significant);
    QCOMPARE(ttft8(c).betweenRunNoisePercent, 30.0);
    QCOMPARE(ttft8(c).why, QStringLiteral("within the 30.0% runs 7 and 9 differ by"));
    QVERIFY2(c.summary.contains(QStringLiteral("Runs 7 and 9 are of one configuration")), qPrintable(c.summary));
    const RunData far = scaled(0.5, 10);
    RunComparison d = RunComparison::of(a, aa, far, analysed(far));
    d.withBetweenRunNoise(twins);
    QVERIFY(ttft8(d).significant);
    // Two runs of one configuration and no third: their differences are the noise, as far as anyone can tell.
    RunComparison repeats = RunComparison::of(a, aa, b, analysed(b));
    QVERIFY(ttft8(repeats).significant);
    repeats.asRepeatsWithoutNoise();
    QVERIFY(std::none_of(
        repeats.metrics.begin(), repeats.metrics.end(), [](const RunComparison::Metric& m) { return m.significant; }));
    QCOMPARE(ttft8(repeats).why,
        QStringLiteral("runs 7 and 8 are of one configuration, with no third run to measure their noise"));
    QVERIFY2(repeats.summary.contains(QStringLiteral("nothing is called beyond noise")), qPrintable(repeats.summary));
}

void TestRunAnalysis::comparisonTestsDifferences()
{
    const RunData a = makeRun(latencyBoundSweep());
    std::vector<StepSpec> faster = latencyBoundSweep();
    for (StepSpec& s : faster)
        s.ttftMs *= 0.75; // crosses 500 ms between 8 (300) and 16 (600) users: at 13.3
    RunData b = makeRun(faster);
    b.summary.id = 8;
    b.stored.facts[QStringLiteral("vllmVersion")] = QStringLiteral("0.12.0");
    b.facts.vllmVersion = QStringLiteral("0.12.0");
    const RunAnalysis aa = analysed(a);
    const RunAnalysis ab = analysed(b);
    const RunComparison c = RunComparison::of(a, aa, b, ab);
    const auto ttft8 = std::find_if(c.metrics.begin(), c.metrics.end(),
        [](const RunComparison::Metric& m) { return m.load == u"8 users" && m.metric == u"TTFT p50"; });
    QVERIFY(ttft8 != c.metrics.end());
    QCOMPARE(ttft8->deltaPercent, -25.0);
    QCOMPARE(text::change(ttft8->deltaPercent), QStringLiteral("−25.0%"));
    // A change that rounds to nothing has no sign: Compare showed "-0.0%".
    QCOMPARE(text::change(-0.04), QStringLiteral("0.0%"));
    QCOMPARE(text::change(0.05), QStringLiteral("+0.1%"));
    QCOMPARE(text::change(std::numeric_limits<double>::quiet_NaN()), QStringLiteral("–"));
    QVERIFY(ttft8->significant);
    const auto tpot8 = std::find_if(c.metrics.begin(), c.metrics.end(),
        [](const RunComparison::Metric& m) { return m.load == u"8 users" && m.metric == u"TPOT p50"; });
    QVERIFY(!tpot8->significant); // identical
    QVERIFY(c.capacityDelta > 0);
    // Every request of a hand-built step has the same times, so each interval is a point: the change's is too.
    QCOMPARE(ttft8->deltaLowPercent, -25.0);
    QCOMPARE(ttft8->deltaHighPercent, -25.0);
    // Holm scales the smallest of m p-values by m, and never lets a later one fall below an earlier one.
    double lastAdjusted = 0;
    std::vector<const RunComparison::Metric*> byP;
    for (const RunComparison::Metric& m : c.metrics)
        if (!std::isnan(m.pValue))
            byP.push_back(&m);
    std::sort(byP.begin(), byP.end(), [](auto* x, auto* y) { return x->pValue < y->pValue; });
    QVERIFY(!byP.empty());
    QCOMPARE(byP.front()->adjustedP, std::min(1.0, byP.front()->pValue * double(byP.size())));
    for (const RunComparison::Metric* m : byP) {
        QVERIFY(m->adjustedP >= m->pValue);
        QVERIFY(m->adjustedP >= lastAdjusted);
        lastAdjusted = m->adjustedP;
    }

    // A change under the 5% floor is not news, however sure the test: 2% faster TTFT everywhere.
    std::vector<StepSpec> slightly = latencyBoundSweep();
    for (StepSpec& s : slightly)
        s.ttftMs *= 0.98;
    const RunData d = makeRun(slightly);
    const RunComparison small = RunComparison::of(a, aa, d, analysed(d));
    const auto ttftSmall = std::find_if(small.metrics.begin(), small.metrics.end(),
        [](const RunComparison::Metric& m) { return m.load == u"8 users" && m.metric == u"TTFT p50"; });
    QVERIFY(ttftSmall != small.metrics.end());
    QVERIFY(ttftSmall->adjustedP < 0.05); // the test alone would have said yes
    QVERIFY(!ttftSmall->significant);
    QCOMPARE(ttftSmall->why, QStringLiteral("under the 5% floor"));
    // Asked for a 1% floor, the same change is beyond noise.
    const RunComparison finer = RunComparison::of(a, aa, d, analysed(d), 1.0);
    QVERIFY(std::any_of(finer.metrics.begin(), finer.metrics.end(),
        [](const RunComparison::Metric& m) { return m.metric == u"TTFT p50" && m.significant; }));
    // A run against itself: nothing is beyond noise, and no change has a sign.
    const RunComparison same = RunComparison::of(a, aa, a, aa);
    QVERIFY(std::none_of(
        same.metrics.begin(), same.metrics.end(), [](const RunComparison::Metric& m) { return m.significant; }));
    const auto version = std::find_if(c.changes.begin(), c.changes.end(),
        [](const RunComparison::Change& ch) { return ch.what == u"server: vLLM version"; });
    QVERIFY(version != c.changes.end());
    QCOMPARE(version->b, QStringLiteral("0.12.0"));
}

void TestRunAnalysis::anAnswerWithoutTokensMeetsNoTarget()
{
    // Two answers with tokens, one that succeeded with none (an empty stream): it counts, and it is not good.
    std::vector<RequestRecord> records(3);
    for (int i = 0; i < 3; ++i) {
        RequestRecord& r = records[std::size_t(i)];
        r.id = std::uint64_t(i);
        r.sentNs = 1'000'000'000LL * (i + 1);
        r.httpStatus = 200;
        r.endNs = r.sentNs + 200'000'000;
        if (i < 2) {
            r.firstTokenNs = r.sentNs + 100'000'000;
            r.chunks = {{r.firstTokenNs, 1}, {r.firstTokenNs + 10'000'000, 1}};
            r.completionTokens = 2;
        } else {
            r.completionTokens = 0;
        }
    }
    StoredRun run;
    run.info.options = QJsonObject {{QStringLiteral("slo"), QJsonObject {{QStringLiteral("ttft_ms"), 500}}}};
    StoredStep step;
    step.info.phase = Phase::Concurrency;
    step.info.load = QJsonObject {{QStringLiteral("concurrency"), 1}};
    const RunData data = RunData::fromSteps(run, {step}, {records}, {});
    QCOMPARE(data.steps[0].requests.size(), std::size_t(3));
    QCOMPARE(data.steps[0].ttftSorted.size(), std::size_t(2));
    QVERIFY(std::isnan(data.steps[0].requests[2].ttftMs));
    const RunAnalysis a = analysed(data);
    QCOMPARE(a.curve.points[0].good, 2);
    QVERIFY(qAbs(a.curve.points[0].attainment - 2.0 / 3) < 1e-12);
}

QTEST_GUILESS_MAIN(TestRunAnalysis)
#include "tst_runanalysis.moc"
