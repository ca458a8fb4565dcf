// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kneepoint run` as a child process against `kneepoint sim` as another, read back from the SQLite file.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/plan/runoptions.h"
#include "core/plan/runplan.h"
#include "core/report/reportcontent.h"
#include "core/run/durationestimate.h"
#include "core/run/runpipeline.h"
#include "core/stats/distribution.h"
#include "core/stats/stepstatistics.h"
#include "core/store/runstore.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"
#include "support/testsecret.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <limits>
#include <map>
#include <optional>

using namespace kp::core;

namespace {

using Finished = KneepointResult;

Finished waitFor(QProcess& p, int timeoutMs = 120'000)
{
    return finishKneepoint(p, timeoutMs);
}

// Starts a long `kneepoint run` against `sim` and returns once `steps` steps are committed to `db`, read as another
// process would read them; false if that did not happen in a minute.
bool startLongRunAndWaitForSteps(QProcess* run, const SimProcess& sim, const QString& db, int steps)
{
    run->start(SimProcess::binary(),
        {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
            QStringLiteral("1,2,3,4,5,6,7,8,9,10,11,12"), QStringLiteral("--requests"), QStringLiteral("6"),
            QStringLiteral("--shapes"), QStringLiteral("128/64"), QStringLiteral("--db"), db});
    if (!run->waitForStarted())
        return false;
    QString error;
    for (int i = 0; i < 600; ++i) {
        QTest::qWait(100);
        const auto reader = RunStore::open(db, &error, QStringLiteral("reader"));
        if (reader && !reader->runs().isEmpty() && reader->runs().first().steps >= steps)
            return true;
    }
    return false;
}

// `kneepoint show RUN --json` of the run store `db`.
QJsonObject shownJson(const QString& db, qint64 run)
{
    const KneepointResult r = runKneepoint(
        {QStringLiteral("show"), QString::number(run), QStringLiteral("--db"), db, QStringLiteral("--json")});
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

// Each user's first send of a step, warm-up requests counted or not.
std::map<int, std::int64_t> firstSendByUser(const std::vector<RequestRecord>& records, bool withWarmup)
{
    std::map<int, std::int64_t> first;
    for (const RequestRecord& r : records) {
        if (r.warmup && !withWarmup)
            continue;
        auto [it, inserted] = first.try_emplace(r.user, r.sentNs);
        if (!inserted)
            it->second = std::min(it->second, r.sentNs);
    }
    return first;
}

// The analysis' prefix-cache trust check: its status and detail.
QJsonObject prefixCacheCheck(const QJsonObject& analysis)
{
    for (const QJsonValue v : analysis[u"trust"].toArray())
        if (v[u"id"].toString() == u"prefix-cache")
            return v.toObject();
    return {};
}

} // namespace

class TestRunPipeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void estimateFromTargets()
    {
        // Without a GPU and model, a request takes what the targets allow: 1,000 + 100 × 10 ms = 2 s.
        DurationEstimate::Inputs in;
        in.options.shapes = {{100, 11}};
        in.options.slo.ttftMs = 1000;
        in.options.slo.tpotMs = 100;
        in.options.concurrency = {1};
        const DurationEstimate e = DurationEstimate::of(in);
        QVERIFY(!e.fromPhysics);
        // Baseline: 8 + 1 warm-up requests; level 1: the 368 a bounded p99 needs + 1; one second of overhead per
        // step.
        QCOMPARE(e.seconds, 9 * 2.0 + 1 + 369 * 2.0 + 1);
        // A quick look: 16 + 1 at level 1.
        in.options.quick = true;
        QCOMPARE(DurationEstimate::of(in).seconds, 9 * 2.0 + 1 + 17 * 2.0 + 1);
        // Two users who think half a second between requests and ramp in over one lifetime (2 s): 16 + 2 warm-up
        // requests in 9 rounds of 2.5 s. The baseline neither thinks nor ramps.
        in.options.concurrency = {2};
        in.options.thinkTimeMs = 500;
        QCOMPARE(DurationEstimate::of(in).seconds, 9 * 2.0 + 1 + 9 * 2.5 + 2 + 1);
        // Without --quick: 368 + 2 for the ramp and the drain, + 2 warm-up, in 186 rounds.
        in.options.quick = false;
        QCOMPARE(DurationEstimate::of(in).seconds, 9 * 2.0 + 1 + 186 * 2.5 + 2 + 1);
        QCOMPARE(DurationEstimate::format(54), QStringLiteral("About 54 seconds"));
        QCOMPARE(DurationEstimate::format(600), QStringLiteral("About 10 minutes"));
        QCOMPARE(DurationEstimate::format(3 * 3600), QStringLiteral("About 3 hours"));
    }

    // On a simulator at speed K the steps are sent on the wall clock (RunPlan::sent): a step of 30 s of the server's
    // time takes 30/K s of the user's, and users ramp in over a lifetime of the user's clock.
    void estimateOnASimulatorIsOnTheUsersClock()
    {
        DurationEstimate::Inputs in;
        in.options.shapes = {{100, 11}};
        in.options.slo.ttftMs = 1000;
        in.options.slo.tpotMs = 100;
        in.options.concurrency = {2};
        in.options.durationPerStep = 30;
        in.timeScale = 10;
        // The baseline's 9 requests of 2 s (the targets: an upper bound, not scaled), then 3 s of sending and the
        // ramp over one lifetime, 2 s; a second of overhead each.
        QCOMPARE(DurationEstimate::of(in).seconds, 9 * 2.0 + 1 + 3 + 2 + 1);
        QVERIFY(DurationEstimate::of(in).basis.contains(u"targets allow"));
    }

    void aRunIsStoredAndReadsBack()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1,4"), QStringLiteral("--requests"), QStringLiteral("8"), QStringLiteral("--shapes"),
                QStringLiteral("256/32"), QStringLiteral("--rate"), QStringLiteral("40"),
                QStringLiteral("--burstiness"), QStringLiteral("0.5"), QStringLiteral("--db"), db,
                QStringLiteral("--json")});
        const Finished f = waitFor(run);
        QCOMPARE(f.code, 0);
        const QJsonObject summary = QJsonDocument::fromJson(f.out.toUtf8()).object();
        QCOMPARE(summary[u"status"].toString(), QStringLiteral("complete"));
        QCOMPARE(summary[u"steps"].toArray().size(), 4); // baseline, c=1, c=4, 40/s

        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const QList<RunSummary> runs = store->runs();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().status, RunStatus::Complete);
        QCOMPARE(runs.first().timeScale, 20.0);
        const auto stored = store->run(runs.first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(int(stored->steps.size()), 4);
        QCOMPARE(stored->steps[3].info.phase, Phase::Rate);
        QCOMPARE(stored->info.options[u"burstiness"].toDouble(), 0.5);
        QCOMPARE(stored->info.facts[u"vllmVersion"].toString(), QStringLiteral("0.31.0"));
        QCOMPARE(stored->info.options[u"concurrency"].toArray().size(), 2);
        const QJsonObject network = stored->info.environment[u"network"].toObject();
        QVERIFY(network[u"health_round_trip_median_ms"].toDouble() > 0);
        QVERIFY(network[u"tcp_connect_ms"].toDouble() > 0);
        QCOMPARE(stored->steps[2].info.phase, Phase::Concurrency);
        const std::vector<RequestRecord> requests = store->requests(stored->steps[2].id, &error);
        int measured = 0;
        for (const RequestRecord& r : requests) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.promptTokens, 256);
            QCOMPARE(r.completionTokens, 32);
            QCOMPARE(int(r.chunks.size()), 32);
            measured += r.warmup ? 0 : 1;
        }
        QCOMPARE(measured, 8);
        // The four users ramped in over one request's lifetime (the baseline's median E2EL), not all at once.
        std::vector<std::int64_t> lifetimes;
        for (const RequestRecord& r : store->requests(stored->steps[0].id, &error))
            if (!r.warmup)
                lifetimes.push_back(r.chunks.back().ns - r.sentNs);
        std::sort(lifetimes.begin(), lifetimes.end());
        QVERIFY(!lifetimes.empty());
        const std::map<int, std::int64_t> firstSent = firstSendByUser(requests, true);
        QCOMPARE(int(firstSent.size()), 4);
        const double spread = double(firstSent.at(3) - firstSent.at(0));
        const double lifetime = double(lifetimes[lifetimes.size() / 2]);
        QVERIFY2(spread > 0.5 * 0.75 * lifetime && spread < 2 * lifetime,
            qPrintable(
                QStringLiteral("users spread over %1 ms, a lifetime is %2 ms").arg(spread / 1e6).arg(lifetime / 1e6)));
        QVERIFY(!store->metricsSamples(stored->steps[2].id).empty());
        // The server's counters over the step agree with what the client counted.
        const QJsonObject server = summary[u"steps"].toArray().at(2).toObject()[u"server"].toObject();
        QVERIFY2(server[u"generation_tokens"].toDouble() >= 8 * 32, QJsonDocument(server).toJson().constData());
        QCOMPARE(server[u"counter_reset"].toBool(), false);
        // The simulator caches prefixes as vLLM V1 does, and no request's prompt met another's: every prompt starts
        // with its own words, so not one 16-token block matched.
        QVERIFY2(server[u"prefix_cache_queries"].toDouble() >= 8 * 256, QJsonDocument(server).toJson().constData());
        QCOMPARE(server[u"prefix_cache_hits"].toDouble(-1), 0.0);
    }

    void aReasoningModelIsJudgedOnItsFirstAnswer()
    {
        // The simulator as vLLM serves a reasoning model with its parser: each answer's first 24 tokens come as
        // reasoning_content. The target is on the first answer token, which only the thinking's 24 tokens delay.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--reasoning-tokens"),
                               QStringLiteral("24")},
                     &error),
            qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1,2"), QStringLiteral("--requests"), QStringLiteral("6"), QStringLiteral("--shapes"),
                QStringLiteral("128/32"), QStringLiteral("--chat"), QStringLiteral("--slo-ttfo-ms"),
                QStringLiteral("60000"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        const Finished f = waitFor(run);
        QCOMPARE(f.code, 0);
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->info.options[u"slo"].toObject()[u"ttfo_ms"].toDouble(), 60000.0);
        int measured = 0;
        for (const RequestRecord& r : store->requests(stored->steps.back().id, &error)) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.reasoningTokens, 24);
            QCOMPARE(r.outputTokens(), 32);
            // The answer began 24 tokens after the first thinking token: later, or in the same read when the client
            // was slow to read and the 25 chunks came in at once (a loaded machine).
            QVERIFY(r.firstAnswerNs >= r.firstTokenNs);
            QCOMPARE(r.firstAnswerNs, r.chunks[24].ns);
            measured += r.warmup ? 0 : 1;
        }
        QCOMPARE(measured, 6);

        const std::optional<RunData> data = RunData::load(*store, store->runs().first().id, &error);
        QVERIFY2(data, qPrintable(error));
        const RunAnalysis a = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
        QVERIFY(a.settings.slo.ttfoMs);
        QVERIFY(!a.curve.points.empty());
        for (const CurvePoint& p : a.curve.points) {
            QVERIFY2(p.ttfo.value > p.ttft.value,
                qPrintable(QStringLiteral("TTFO %1 ms, TTFT %2 ms").arg(p.ttfo.value).arg(p.ttft.value)));
            QCOMPARE(p.step->stats.thinkingTokens.p50.value, 24.0);
            QCOMPARE(p.step->stats.answerTokens.p50.value, 8.0);
        }
        QVERIFY2(a.verdict.contains(QStringLiteral("to the first answer token")), qPrintable(a.verdict));
        const auto thinking
            = std::find_if(a.findings.begin(), a.findings.end(), [](const Finding& x) { return x.id == u"thinking"; });
        QVERIFY(thinking != a.findings.end());
        QVERIFY2(thinking->measured.contains(QStringLiteral("24 thinking tokens and 8 answer tokens")),
            qPrintable(thinking->measured));
        const ReportContent content = ReportContent::of(*data, a);
        QVERIFY2(content.scoreHeader.value(2).startsWith(QStringLiteral("TTFO")),
            qPrintable(content.scoreHeader.join(u'|')));

        // The same run judged on the first token instead: the verdict says the target is on a thinking token.
        AnalysisSettings firstToken = AnalysisSettings::ofRun(*data);
        firstToken.slo.ttfoMs.reset();
        const RunAnalysis b = RunAnalysis::of(*data, firstToken);
        QVERIFY2(b.verdict.contains(QStringLiteral("its first answer token came after")), qPrintable(b.verdict));
    }

    void theGpusPowerIsReadThroughEveryStep()
    {
        // Steps of 10 s of the server's time at 5× speed: 2 s each, ten readings of the simulated GPU's DCGM
        // exporter in each (one every 200 ms, the scrape interval in the server's time).
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("5")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const KneepointResult f = runKneepoint(
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1,16"), QStringLiteral("--duration"), QStringLiteral("10"), QStringLiteral("--shapes"),
                QStringLiteral("256/64"), QStringLiteral("--db"), db},
            120'000);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const std::optional<RunData> data = RunData::load(*store, store->runs().first().id, &error);
        QVERIFY2(data, qPrintable(error));
        for (const StepData& step : data->steps) {
            QCOMPARE(step.gpuSeries.source, QStringLiteral("dcgm"));
            QVERIFY2(step.gpu.measured() && step.gpu.fromEnergyCounter, qPrintable(step.loadText()));
            // Busy: the model's 45% to 95% of the H100's 700 W, less the idle tenth between one user's requests,
            // which a sanitizer build's slow client stretches (306 W at 1 user there); idle alone is 70 W.
            QVERIFY2(step.gpu.meanPowerW >= 0.3 * 700 && step.gpu.meanPowerW <= 0.95 * 700,
                qPrintable(QStringLiteral("%1: %2 W from %3 readings over %4 s")
                               .arg(step.loadText())
                               .arg(step.gpu.meanPowerW)
                               .arg(step.gpu.samples)
                               .arg(step.gpu.seconds)));
        }
        // Energy per output token is the draw over the step's own output rate; more users share the draw.
        const RunAnalysis analysis = RunAnalysis::of(*data, AnalysisSettings::ofRunOffline(*data));
        QCOMPARE(int(analysis.curve.points.size()), 2);
        const CurvePoint& one = analysis.curve.points.front();
        const CurvePoint& sixteen = analysis.curve.points.back();
        QVERIFY(std::abs(sixteen.joulesPerOutputToken * sixteen.outputTokensPerSecond - sixteen.powerW)
            < 1e-6 * sixteen.powerW);
        QVERIFY2(sixteen.joulesPerOutputToken < one.joulesPerOutputToken / 4,
            qPrintable(QStringLiteral("%1 J at 1 user, %2 J at 16")
                           .arg(one.joulesPerOutputToken)
                           .arg(sixteen.joulesPerOutputToken)));
        const KneepointResult report = runKneepoint({QStringLiteral("report"), QString::number(data->summary.id),
            QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY2(report.out.contains(QStringLiteral("J per output token at 16 users")), qPrintable(report.out));
        QVERIFY2(report.out.contains(QStringLiteral("### GPU power per step")), qPrintable(report.out));
    }

    void theGpusAreReadOnlyWhereTheyCanBe()
    {
        QVERIFY(RunPipeline::onThisMachine(QUrl(QStringLiteral("http://localhost:8000/v1"))));
        QVERIFY(RunPipeline::onThisMachine(QUrl(QStringLiteral("http://127.0.0.1:8000/v1"))));
        QVERIFY(RunPipeline::onThisMachine(QUrl(QStringLiteral("http://[::1]:8000/v1"))));
        QVERIFY(!RunPipeline::onThisMachine(QUrl(QStringLiteral("http://192.0.2.7:8000/v1"))));
        QVERIFY(!RunPipeline::onThisMachine(QUrl(QStringLiteral("https://api.example.com/v1"))));
    }

    void aSharedPrefixMeetsThePrefixCacheAndNothingElseDoes()
    {
        // The simulator caches prefixes as vLLM V1 does. With 512 of 1,024 tokens shared, about half of each prompt
        // comes from the cache (32 whole blocks), and the check says that is what was asked for; without, nothing.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        auto runWith = [&](int shared) {
            QProcess run;
            run.start(SimProcess::binary(),
                {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                    QStringLiteral("4"), QStringLiteral("--requests"), QStringLiteral("16"), QStringLiteral("--shapes"),
                    QStringLiteral("1024/16"), QStringLiteral("--shared-prefix"), QString::number(shared),
                    QStringLiteral("--db"), db, QStringLiteral("--json")});
            return waitFor(run);
        };
        const Finished shared = runWith(512);
        QVERIFY2(shared.code == 0, qPrintable(shared.err));
        const QJsonObject step
            = QJsonDocument::fromJson(shared.out.toUtf8()).object()[u"steps"].toArray().last().toObject();
        const QJsonObject server = step[u"server"].toObject();
        const double share = server[u"prefix_cache_hits"].toDouble() / server[u"prefix_cache_queries"].toDouble();
        QVERIFY2(share > 0.45 && share <= 0.5, qPrintable(QString::number(share)));
        const Finished unshared = runWith(0);
        QVERIFY2(unshared.code == 0, qPrintable(unshared.err));

        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const QList<RunSummary> runs = store->runs(); // newest first
        QCOMPARE(runs.size(), 2);
        const QJsonObject withShared = prefixCacheCheck(shownJson(db, runs[1].id));
        QCOMPARE(withShared[u"status"].toString(), QStringLiteral("pass"));
        QVERIFY2(withShared[u"detail"].toString().contains(QStringLiteral("the same 512 tokens, as asked")),
            qPrintable(withShared[u"detail"].toString()));
        // The baseline ran a second time with every prompt its own, and the difference is what the prefix saved:
        // about 512 tokens of prefill on the simulated H100, beyond the noise of either median.
        const QJsonObject shown = shownJson(db, runs[1].id);
        QJsonObject saving;
        for (const QJsonValue v : shown[u"findings"].toArray())
            if (v[u"id"].toString() == u"prefix-saving")
                saving = v.toObject();
        QVERIFY2(!saving.isEmpty(), QJsonDocument(shown[u"findings"].toArray()).toJson().constData());
        QVERIFY2(saving[u"title"].toString().contains(QStringLiteral("The shared 512-token prefix saved ")),
            qPrintable(saving[u"title"].toString()));
        QVERIFY2(saving[u"measured"].toString().contains(QStringLiteral("of its prompt tokens served from the cache")),
            qPrintable(saving[u"measured"].toString()));
        const auto storedShared = store->run(runs[1].id, &error);
        QVERIFY2(storedShared, qPrintable(error));
        QCOMPARE(storedShared->steps[1].info.phase, Phase::Uncached);
        // The steps run are the plan's (RunPlan::of, which the wizard's estimate and run --dry-run show too), each
        // with its load and its requests, warm-ups included.
        RunOptions asked;
        asked.url = QUrl(sim.baseUrl());
        asked.concurrency = {4};
        asked.requestsPerStep = 16;
        asked.shapes = {Shape {1024, 16}};
        asked.sharedPrefixTokens = 512;
        const RunPlan plan = RunPlan::of(asked.resolved());
        QCOMPARE(storedShared->steps.size(), plan.steps.size());
        for (std::size_t i = 0; i < plan.steps.size(); ++i) {
            QCOMPARE(storedShared->steps[i].info.phase, plan.steps[i].phase);
            QCOMPARE(storedShared->steps[i].info.load[u"concurrency"], plan.steps[i].load[u"concurrency"]);
            QCOMPARE(storedShared->steps[i].requestCount,
                plan.steps[i].plan.requestCount + plan.steps[i].plan.warmupRequests);
        }
        QCOMPARE(plan.steps[1].shape, RunPlan::uncachedWorkload(asked.resolved()));
        QCOMPARE(plan.steps[1].shape, 1); // after the one shape's own prompts
        const QJsonObject without = prefixCacheCheck(shownJson(db, runs[0].id));
        QCOMPARE(without[u"status"].toString(), QStringLiteral("pass"));
        QVERIFY2(without[u"detail"].toString().contains(QStringLiteral("Every request had its own prompt: at most 0%")),
            qPrintable(without[u"detail"].toString()));
        const auto storedUnshared = store->run(runs[0].id, &error);
        QVERIFY2(storedUnshared, qPrintable(error));
        QCOMPARE(storedUnshared->steps[1].info.phase, Phase::Concurrency);
    }

    // A default run sized to a slow server (issue 46: 11 s a request, an hour planned for the first step, nothing
    // printed for 14 minutes): after the baseline each step fits its budget and ends there, the plan says how long
    // it takes, and the command line shows the requests done inside a step.
    void aDefaultRunIsSizedToTheServer()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        QElapsedTimer clock;
        clock.start();
        // 256 tokens a request: about 2 s of the server's time at one user, so the default 368 requests of the
        // one-user step would take 12 minutes of it; a budget of 20 s leaves 16, ended at 20 s at the latest.
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1,2"), QStringLiteral("--shapes"), QStringLiteral("128/256"),
                QStringLiteral("--step-budget"), QStringLiteral("20"), QStringLiteral("--db"), db});
        const Finished f = waitFor(run);
        QCOMPARE(f.code, 0);
        QVERIFY2(f.err.contains(QStringLiteral("The rest of the run takes about")), qPrintable(f.err));
        const QString said
            = QStringLiteral("of the server's time at 20× speed; 2 steps, fewer if the sweep stops early, "
                             "up to 3 if the capacity search adds some; 2 trimmed to fit 20 s each");
        QVERIFY2(f.err.contains(said), qPrintable(f.err));
        // At speed 20 two steps of 20 s of the server's time are 2 s of ours, with the baseline and start-up.
        QVERIFY2(clock.elapsed() < 30'000, qPrintable(QString::number(clock.elapsed())));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->info.options[u"step_budget_s"].toDouble(), 20.0);
        // The baseline and the two loads; on a loaded machine the simulator may miss a target at 1 user and meet it
        // at 2, and 1 user is then measured again: the "up to 3" the plan said.
        QVERIFY2(stored->steps.size() == 3
                || (stored->steps.size() == 4 && stored->steps[3].info.load.value(u"remeasure").toBool()),
            qPrintable(QString::number(stored->steps.size())));
        for (std::size_t i = 1; i < stored->steps.size(); ++i) {
            int measured = 0;
            for (const RequestRecord& r : store->requests(stored->steps[i].id, &error))
                measured += r.warmup ? 0 : 1;
            QVERIFY2(measured > 0 && measured < 40, qPrintable(QString::number(measured)));
            const double seconds = double(stored->steps[i].info.endNs - stored->steps[i].info.startNs) / 1e9;
            QVERIFY2(seconds * 20 < 20 + 10, qPrintable(QString::number(seconds * 20)));
        }

        // A run the user sized is kept as asked, and timed: 100,000 requests a step is hours even at 20× speed. With
        // no terminal to ask at, the run says so and goes on.
        QProcess longRun;
        longRun.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--shapes"),
                QStringLiteral("128/64"), QStringLiteral("--requests"), QStringLiteral("100000"),
                QStringLiteral("--db"), dir.filePath(QStringLiteral("long.sqlite"))});
        QVERIFY(longRun.waitForStarted());
        QString err;
        for (int i = 0; i < 600 && !err.contains(QStringLiteral("going on without asking")); ++i) {
            longRun.waitForReadyRead(100);
            err += QString::fromUtf8(longRun.readAllStandardError());
        }
        longRun.kill();
        longRun.waitForFinished();
        QVERIFY2(
            err.contains(QStringLiteral("That may be more than an hour; going on without asking")), qPrintable(err));
        QVERIFY2(!err.contains(QStringLiteral("trimmed")), qPrintable(err));
    }

    void defaultCountsBoundTheP99AndQuickDoesNot()
    {
        // By default a step sends enough that its latency sample, less a request a user for the ramp-in and another
        // for the drain, still holds the 368 requests a p99's 95% interval needs; and six a user where that is more.
        RunOptions o;
        QCOMPARE(o.requestsFor(1), 368);
        QCOMPARE(o.requestsFor(16), 368 + 2 * 15);
        QCOMPARE(o.requestsFor(64), 368 + 2 * 63); // 494 > 6 × 64
        QCOMPARE(o.requestsFor(256), 6 * 256);
        QCOMPARE(o.requestsFor(4.0), 368);
        QCOMPARE(o.requestsFor(100.0), 1000);
        o.percentile = 95;
        QCOMPARE(o.requestsFor(1), 72);
        o.quick = true;
        QCOMPARE(o.requestsFor(1), 16);
        QCOMPARE(o.requestsFor(64), 384);
        QCOMPARE(o.requestsFor(4.0), 40);
        o.requestsPerStep = 10; // the user's own count wins
        QCOMPARE(o.requestsFor(64), 10);
        QCOMPARE(RunOptions::demoRun(QUrl(QStringLiteral("http://127.0.0.1:1"))).quick, true);
    }

    void aRateIsARateOfTheServersOwnTime()
    {
        // A simulator at speed 10 lives ten times faster than the wall clock: --rate 4 must be 4 requests per second
        // of its time (40 per wall second), and be labelled 4/s. Nearly even arrivals (burstiness 100) keep the
        // measured rate close to the asked one.
        QTemporaryDir dir;
        const QString truth = dir.filePath(QStringLiteral("truth.jsonl"));
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("10"), QStringLiteral("--ground-truth"), truth},
                     &error),
            qPrintable(error));
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("40"), QStringLiteral("--shapes"),
                QStringLiteral("64/8"), QStringLiteral("--rate"), QStringLiteral("4"), QStringLiteral("--burstiness"),
                QStringLiteral("100"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        const Finished f = waitFor(run);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const QJsonObject last = QJsonDocument::fromJson(f.out.toUtf8()).object()[u"steps"].toArray().last().toObject();
        QCOMPARE(last[u"load"].toString(), QStringLiteral("4/s"));

        // The server's log: the last 40 arrivals are the rate step's, on its monotonic clock (wall time).
        QFile file(truth);
        QVERIFY(file.open(QIODevice::ReadOnly));
        std::vector<double> arrivals;
        for (const QByteArray& line : file.readAll().split('\n'))
            if (!line.trimmed().isEmpty())
                arrivals.push_back(QJsonDocument::fromJson(line).object()[u"arrival_ns"].toDouble());
        std::sort(arrivals.begin(), arrivals.end());
        QVERIFY(arrivals.size() >= 40);
        const double spanWallS = (arrivals.back() - arrivals[arrivals.size() - 40]) / 1e9;
        const double serverRate = 39 / (spanWallS * 10); // the simulator's seconds are a tenth of the wall's
        QVERIFY2(serverRate > 3.6 && serverRate < 4.4, qPrintable(QString::number(serverRate)));
    }

    void twoHundredFiftySixUsersHaveNoStartUpBurstInTheirPercentiles()
    {
        // Fixed lengths at 256 users: the sweep most prone to lockstep. The users ramp in over a request's lifetime,
        // and the percentiles leave out every request sent before the last of them began, so the start-up's
        // requests, run beside fewer users than 256, are not among the samples.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("10")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("256"), QStringLiteral("--shapes"), QStringLiteral("1024/32"), QStringLiteral("--db"),
                db, QStringLiteral("--json")});
        const Finished f = waitFor(run, 240'000);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        const StoredStep& step = stored->steps.back();
        QCOMPARE(step.info.load[u"concurrency"].toInt(), 256);
        const std::vector<RequestRecord> records = store->requests(step.id, &error);
        const StepStatistics stats = StepStatistics::of(records, {}, 256);
        QVERIFY2(stats.latencySample.windowed, qPrintable(stats.notes.join(u' ')));

        const std::map<int, std::int64_t> firstSent = firstSendByUser(records, false);
        QCOMPARE(int(firstSent.size()), 256);
        std::int64_t lastStart = 0, firstStart = std::numeric_limits<std::int64_t>::max();
        for (const auto& [user, sent] : firstSent) {
            lastStart = std::max(lastStart, sent);
            firstStart = std::min(firstStart, sent);
        }
        // Not lockstep: the first sends spread over the ramp, far more than the client needs to send 256 requests.
        QVERIFY2(lastStart - firstStart > 20'000'000,
            qPrintable(QStringLiteral("users started within %1 ms").arg(double(lastStart - firstStart) / 1e6)));
        QCOMPARE(stats.latencySample.fromNs, lastStart);
        int before = 0;
        for (const RequestRecord& r : records)
            if (!r.warmup && r.sentNs < lastStart) {
                ++before;
                QVERIFY(!stats.latencySample.contains(r));
            }
        QVERIFY2(before >= 255, qPrintable(QString::number(before)));
        QVERIFY(stats.latencySample.leftOut >= before);
        QCOMPARE(int(stats.ttftMs.count), stats.latencySample.succeeded);
        QCOMPARE(stats.latencySample.succeeded + stats.latencySample.failed + stats.latencySample.leftOut, stats.total);
    }

    void thinkTimeRampArrivalsAndTheInFlightCapReachTheEngine()
    {
        // Every figure in the server's time: at --speed 10, 300 ms of thought are 30 ms of the wall clock.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("10")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("4"), QStringLiteral("--requests"), QStringLiteral("16"), QStringLiteral("--shapes"),
                QStringLiteral("64/8"), QStringLiteral("--think-time-ms"), QStringLiteral("300"),
                QStringLiteral("--ramp-ms"), QStringLiteral("400"), QStringLiteral("--rate"), QStringLiteral("20"),
                QStringLiteral("--arrivals"), QStringLiteral("constant"), QStringLiteral("--max-in-flight"),
                QStringLiteral("3"), QStringLiteral("--db"), db});
        const Finished f = waitFor(run);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        const QJsonObject& options = stored->info.options;
        QCOMPARE(options[u"think_time_ms"].toDouble(), 300.0);
        QCOMPARE(options[u"ramp_ms"].toDouble(), 400.0);
        QCOMPARE(options[u"arrivals"].toString(), QStringLiteral("constant"));
        QCOMPARE(options[u"max_in_flight"].toInt(), 3);
        QCOMPARE(int(stored->steps.size()), 3); // baseline, 4 users, 20/s

        std::map<int, std::vector<RequestRecord>> byUser;
        for (const RequestRecord& r : store->requests(stored->steps[1].id, &error))
            byUser[r.user].push_back(r);
        QCOMPARE(int(byUser.size()), 4);
        const std::int64_t origin = byUser.at(0).front().sentNs;
        // A user's start is a timer of the load thread's event loop: as late as that loop woke, which the run measures
        // and its client check reports (under the sanitizers, beside other tests, some milliseconds).
        const double loopLagMs = std::max(0.0, stored->steps[1].info.client.value(u"loop_lag_p99_ms").toDouble(0));
        for (auto& [user, records] : byUser) {
            std::sort(records.begin(), records.end(),
                [](const RequestRecord& a, const RequestRecord& b) { return a.sentNs < b.sentNs; });
            // User u of 4 starts u/4 of 40 ms after user 0 ...
            const double startMs = double(records.front().sentNs - origin) / 1e6;
            QVERIFY2(std::abs(startMs - 10.0 * user) < 5 + loopLagMs,
                qPrintable(QStringLiteral("user %1 started at %2 ms (the loop woke up to %3 ms late)")
                               .arg(user)
                               .arg(startMs)
                               .arg(loopLagMs)));
            // ... and thinks 30 ms between its requests.
            for (std::size_t i = 1; i < records.size(); ++i) {
                const double pauseMs = double(records[i].sentNs - records[i - 1].endNs) / 1e6;
                QVERIFY2(pauseMs >= 29, qPrintable(QStringLiteral("user %1 paused %2 ms").arg(user).arg(pauseMs)));
            }
        }
        // 20 requests per second of the server's time, evenly: one every 5 ms of the wall clock.
        std::vector<std::int64_t> scheduled;
        for (const RequestRecord& r : store->requests(stored->steps[2].id, &error))
            scheduled.push_back(r.scheduledNs);
        std::sort(scheduled.begin(), scheduled.end());
        QVERIFY(scheduled.size() >= 16);
        for (std::size_t i = 1; i < scheduled.size(); ++i)
            QVERIFY2(std::abs(double(scheduled[i] - scheduled[i - 1]) - 5e6) < 1e3,
                qPrintable(QString::number(double(scheduled[i] - scheduled[i - 1]) / 1e6)));
    }

    void aLengthSpreadIsSentAndSaid()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const Finished f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("24"),
            QStringLiteral("--shapes"), QStringLiteral("128/16"), QStringLiteral("--length-spread"),
            QStringLiteral("0.5"), QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("--db"), db});
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->info.options[u"length_spread"].toDouble(), 0.5);
        QCOMPARE(stored->info.options[u"seed"].toString(), QStringLiteral("3"));
        QSet<int> inputs;
        for (const RequestRecord& r : store->requests(stored->steps[1].id, &error)) {
            QVERIFY(r.ok());
            QVERIFY2(r.promptTokens >= 64 && r.promptTokens <= 192, qPrintable(QString::number(r.promptTokens)));
            QCOMPARE(r.promptTokens, r.requestedInputTokens); // no length mismatch to report
            inputs.insert(r.promptTokens);
        }
        QVERIFY(inputs.size() > 8);
        const Finished shown = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QCOMPARE(shown.code, 0);
        QVERIFY2(
            shown.out.contains(QStringLiteral("(128 tokens in, 16 out, each within ±50%)")), qPrintable(shown.out));
        QVERIFY2(!shown.out.contains(QStringLiteral("another prompt length")), qPrintable(shown.out));
    }

    // --models: a base model and a LoRA adapter that costs half a step more, as vLLM serves them; the report splits
    // every figure by model, in every face, and a name the server does not serve is refused before any load.
    void aMixOfModelsIsSplitByModel()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--served-model-name"),
                               QStringLiteral("base"), QStringLiteral("--lora"), QStringLiteral("sql:0.5")},
                     &error),
            qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const Finished refused = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--models"), QStringLiteral("base:50,chat:50"), QStringLiteral("--db"), db});
        QCOMPARE(refused.code, 1);
        QVERIFY2(refused.err.contains(QStringLiteral("does not serve \"chat\"")) && refused.err.contains(u"base, sql"),
            qPrintable(refused.err));
        // llama-server answers any "model" with its one model; its adapters go by the "lora" field, by their files'
        // names, and a step batches one adapter's requests only, so the slower one shows at 1 user and at 4.
        SimProcess llama;
        QVERIFY2(llama.start({QStringLiteral("--speed"), QStringLiteral("5"), QStringLiteral("--dialect"),
                                 QStringLiteral("llamacpp"), QStringLiteral("--served-model-name"),
                                 QStringLiteral("base"), QStringLiteral("--lora"), QStringLiteral("sql:1")},
                     &error),
            qPrintable(error));
        const Finished unknown = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), llama.baseUrl(),
            QStringLiteral("--models"), QStringLiteral("base:50,chat:50"), QStringLiteral("--db"), db});
        QCOMPARE(unknown.code, 1);
        QVERIFY2(unknown.err.contains(QStringLiteral("neither a model nor a LoRA adapter named \"chat\""))
                && unknown.err.contains(QStringLiteral("its adapters are sql.gguf")),
            qPrintable(unknown.err));
        const Finished adapters = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), llama.baseUrl(),
            QStringLiteral("--models"), QStringLiteral("base:50,sql:50"), QStringLiteral("--concurrency"),
            QStringLiteral("1,4"), QStringLiteral("--requests"), QStringLiteral("16"), QStringLiteral("--shapes"),
            QStringLiteral("64/16"), QStringLiteral("--db"), db});
        QVERIFY2(adapters.code == 0, qPrintable(adapters.err));
        {
            const auto llamaStore = RunStore::open(db, &error);
            QVERIFY2(llamaStore, qPrintable(error));
            const std::optional<RunData> run = RunData::load(*llamaStore, llamaStore->runs().first().id, &error);
            QVERIFY2(run, qPrintable(error));
            const StepData& alone = run->steps.front();
            QCOMPARE(int(alone.byModel.size()), 2);
            QCOMPARE(alone.byModel[1].model, QStringLiteral("sql"));
            // The adapter doubles the step: twice the base's TPOT, give or take the client's share of it.
            const double baseTpot = Distribution::percentile(alone.byModel[0].tpotSorted, 0.5).value;
            const double sqlTpot = Distribution::percentile(alone.byModel[1].tpotSorted, 0.5).value;
            QVERIFY2(sqlTpot > 1.4 * baseTpot, qPrintable(QStringLiteral("%1 vs %2").arg(sqlTpot).arg(baseTpot)));
        }

        const Finished f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--models"), QStringLiteral("base:50,sql:50"), QStringLiteral("--concurrency"),
            QStringLiteral("1,4"), QStringLiteral("--requests"), QStringLiteral("24"), QStringLiteral("--shapes"),
            QStringLiteral("128/16"), QStringLiteral("--db"), db});
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const qint64 id = store->runs().first().id;
        const std::optional<RunData> data = RunData::load(*store, id, &error);
        QVERIFY2(data, qPrintable(error));
        QCOMPARE(data->options.models.toString(), QStringLiteral("base:50,sql:50"));
        const StepData& heaviest = data->steps.back();
        QCOMPARE(int(heaviest.byModel.size()), 2);
        QCOMPARE(heaviest.byModel[0].model, QStringLiteral("base"));
        QCOMPARE(heaviest.byModel[1].model, QStringLiteral("sql"));
        QCOMPARE(heaviest.byModel[0].succeeded + heaviest.byModel[1].succeeded, heaviest.stats.latencySample.succeeded);
        QVERIFY(heaviest.byModel[0].succeeded > 4 && heaviest.byModel[1].succeeded > 4);
        double shares = 0;
        for (const StepData::ModelRequests& m : heaviest.byModel)
            shares += heaviest.outputTokensPerSecond(m, data->timeScale);
        QVERIFY(std::abs(shares - heaviest.outputTokensPerSecond(data->timeScale)) < 1e-6 * shares);

        const RunAnalysis a = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
        const auto mix
            = std::find_if(a.findings.begin(), a.findings.end(), [](const Finding& x) { return x.id == u"model-mix"; });
        QVERIFY(mix != a.findings.end());
        // sql's half a step shows at 1 user, where each request is alone in its batch: some 9 ms a token against 6
        // (tst_findings holds the naming exactly; a sanitized build on a loaded machine may blur the simulator's).
        QVERIFY2((mix->title.startsWith(u"Requests to sql were the slowest at 1 user: median TPOT ")
                     || mix->title.startsWith(u"Every model was served alike at 4 users"))
                && mix->measured.startsWith(u"At 1 user, by model: base: ")
                && mix->measured.contains(u"At 4 users: base: "),
            qPrintable(mix->title + u'\n' + mix->measured));
        const ReportContent content = ReportContent::of(*data, a);
        const auto table = std::find_if(content.appendix.begin(), content.appendix.end(),
            [](const ReportContent::Table& t) { return t.title == u"By model"; });
        QVERIFY(table != content.appendix.end());
        QCOMPARE(int(table->rows.size()), 2 * int(data->steps.size())); // the baseline too: it sends the workload

        const Finished json = runKneepoint({QStringLiteral("report"), QString::number(id), QStringLiteral("--format"),
            QStringLiteral("json"), QStringLiteral("--db"), db});
        QCOMPARE(json.code, 0);
        const QJsonArray steps = QJsonDocument::fromJson(json.out.toUtf8()).object()[u"steps"].toArray();
        QCOMPARE(steps.last()[u"models"].toArray().size(), 2);
        QCOMPARE(steps.last()[u"models"][1][u"model"].toString(), QStringLiteral("sql"));
        const Finished shown = runKneepoint({QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), db});
        QVERIFY2(
            shown.out.contains(QStringLiteral("to 2 models by weight (base 50%, sql 50%)")), qPrintable(shown.out));
    }

    // The simulator decoding speculatively (--speculative 4:0.8): its spec_decode counters give the acceptance (the
    // expected share of drafted tokens accepted before the first rejection, (0.8 + 0.8² + 0.8³ + 0.8⁴) / 4 = 59%) and
    // the tokens a step makes (3.36). As vLLM streams them, a step's tokens come in one chunk; as llama-server does,
    // one chunk each, back to back, which the finding calls bursts.
    void speculativeDecodingIsCountedOnTheSimulator()
    {
        for (const QString& dialect : {QStringLiteral("vllm"), QStringLiteral("llamacpp")}) {
            SimProcess sim;
            QString error;
            QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("5"), QStringLiteral("--dialect"), dialect,
                                   QStringLiteral("--speculative"), QStringLiteral("4:0.8")},
                         &error),
                qPrintable(error));
            QTemporaryDir dir;
            const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
            const Finished f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
                QStringLiteral("--concurrency"), QStringLiteral("1,8"), QStringLiteral("--requests"),
                QStringLiteral("24"), QStringLiteral("--shapes"), QStringLiteral("64/64"), QStringLiteral("--db"), db});
            QVERIFY2(f.code == 0, qPrintable(f.err));
            const auto store = RunStore::open(db, &error);
            QVERIFY2(store, qPrintable(error));
            const std::optional<RunData> data = RunData::load(*store, store->runs().first().id, &error);
            QVERIFY2(data, qPrintable(error));
            const StepData& heaviest = data->steps.back();
            const ServerDeltas& d = heaviest.server;
            QVERIFY2(std::abs(d.specAcceptanceRate() - 0.59) < 0.1, qPrintable(d.note(heaviest.loadText())));
            QVERIFY2(std::abs(d.specTokensPerStep() - 3.36) < 0.4, qPrintable(d.note(heaviest.loadText())));
            // vLLM sends a step's tokens of a request in one chunk, llama-server one chunk each: the chunks' own token
            // counts say which, whatever the machine's timing (a sanitized build's simulator falls behind its clock and
            // its chunks bunch up, so the gaps between them do not).
            int chunks = 0;
            int tokens = 0;
            for (const RequestRecord& r : store->requests(heaviest.id, &error)) {
                for (const ChunkArrival& c : r.chunks) {
                    ++chunks;
                    tokens += c.tokens;
                }
            }
            QVERIFY(chunks > 0);
            const double perChunk = double(tokens) / chunks;
            if (dialect == u"vllm")
                QVERIFY2(perChunk > 2, qPrintable(QString::number(perChunk)));
            else
                QCOMPARE(perChunk, 1.0);
            const RunAnalysis a = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
            const auto speculation = std::find_if(
                a.findings.begin(), a.findings.end(), [](const Finding& x) { return x.id == u"speculation"; });
            QVERIFY(speculation != a.findings.end());
            // llama-server's one-token chunks go out back to back, read together: bursts, on any machine.
            if (dialect == u"llamacpp")
                QVERIFY2(
                    speculation->measured.contains(u"Tokens arrived in bursts"), qPrintable(speculation->measured));
        }
    }

    // A server that fails 3% of requests misses a p99 target however fast the other 97% were: each failure counts
    // as an infinitely slow answer, as docs/analysis.md says, on a real run as on a hand-built one.
    void aFewFailuresFailTheP99Target()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--fault-500"),
                               QStringLiteral("0.03"), QStringLiteral("--fault-seed"), QStringLiteral("7")},
                     &error),
            qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const Finished f
            = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
                               QStringLiteral("--concurrency"), QStringLiteral("4"), QStringLiteral("--requests"),
                               QStringLiteral("300"), QStringLiteral("--shapes"), QStringLiteral("128/16"),
                               QStringLiteral("--slo-ttft-ms"), QStringLiteral("10000"), QStringLiteral("--db"), db},
                120'000);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto data = RunData::load(*store, store->runs().first().id, &error);
        QVERIFY2(data, qPrintable(error));
        const RunAnalysis a = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
        QCOMPARE(a.curve.points.size(), std::size_t(2)); // the baseline's single user, then the 4 users
        const CurvePoint& p = a.curve.points.back();
        // Enough failures in the latency sample to reach past its p99, and the successful answers well within.
        QVERIFY2(p.sampleFailed * 100 > p.samples + p.sampleFailed,
            qPrintable(QStringLiteral("%1 of %2").arg(p.sampleFailed).arg(p.samples + p.sampleFailed)));
        // The target is far above any TTFT the simulator gives, even on a loaded machine under the sanitizers, so
        // that only the failures can miss it.
        QVERIFY2(p.ttft.value < *a.settings.slo.ttftMs,
            qPrintable(QStringLiteral("TTFT p99 %1 ms of answers against %2 ms")
                           .arg(p.ttft.value)
                           .arg(*a.settings.slo.ttftMs)));
        QVERIFY(std::isinf(p.ttftJudged));
        QVERIFY2(p.missed.contains(QStringLiteral("TTFT")), qPrintable(p.missed.join(u", ")));
        QVERIFY(!p.meetsTargets);
    }

    // compare finds a third run of the first one's configuration in the store and lets what the two differ by
    // with nothing changed stand as the noise between runs.
    void compareHearsTwoRunsOfOneConfiguration()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        auto run = [&](const QStringList& extra) {
            return runKneepoint(QStringList {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
                                    QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--quick"),
                                    QStringLiteral("--shapes"), QStringLiteral("128/16"), QStringLiteral("--db"), db}
                + extra);
        };
        QCOMPARE(run({}).code, 0);
        QCOMPARE(run({QStringLiteral("--seed"), QStringLiteral("5")}).code, 0); // the same configuration again
        QCOMPARE(run({QStringLiteral("--slo-ttft-ms"), QStringLiteral("400")}).code, 0); // another one
        const Finished compared = runKneepoint({QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("3"),
            QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(compared.code == 0, qPrintable(compared.err));
        const QJsonObject c = QJsonDocument::fromJson(compared.out.toUtf8()).object();
        QCOMPARE(c[u"noise_runs"].toArray(), (QJsonArray {1, 2}));
        QVERIFY2(c[u"summary"].toString().contains(QStringLiteral("Runs 1 and 2 are of one configuration")),
            qPrintable(c[u"summary"].toString()));
        int withNoise = 0;
        for (const auto& m : c[u"metrics"].toArray())
            withNoise += m[u"between_run_noise_percent"].isDouble() ? 1 : 0;
        QVERIFY(withNoise > 0);
    }

    void conversationsMeetThePrefixCacheAsChatDoes()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const Finished f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("12"),
            QStringLiteral("--shapes"), QStringLiteral("128/16"), QStringLiteral("--turns"), QStringLiteral("3"),
            QStringLiteral("--db"), db, QStringLiteral("--json")});
        QVERIFY2(f.code == 0, qPrintable(f.err));
        // Two of every three turns resend a history the server has cached: a third of their prompt or more.
        const QJsonArray steps = QJsonDocument::fromJson(f.out.toUtf8()).object()[u"steps"].toArray();
        const QJsonObject server = steps.last().toObject()[u"server"].toObject();
        const double hits = server[u"prefix_cache_hits"].toDouble();
        const double queries = server[u"prefix_cache_queries"].toDouble();
        QVERIFY2(queries > 0 && hits / queries > 0.3, QJsonDocument(server).toJson().constData());
        // The baseline's uncached twin: the same conversations with every turn starting afresh, which the cache
        // has nothing of (16 tokens a prompt, the block every prompt shares, at most).
        QCOMPARE(steps.size(), 3);
        const QJsonObject twin = steps.at(1).toObject()[u"server"].toObject();
        QVERIFY2(twin[u"prefix_cache_queries"].toDouble() > 0
                && twin[u"prefix_cache_hits"].toDouble() / twin[u"prefix_cache_queries"].toDouble() < 0.2,
            QJsonDocument(twin).toJson().constData());
        const Finished shown = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QCOMPARE(shown.code, 0);
        QVERIFY2(shown.out.contains(QStringLiteral("(128 tokens in, 16 out, in conversations of 3 turns)")),
            qPrintable(shown.out));
        // The reuse is the workload's, and the check says so instead of warning.
        const QJsonObject check = prefixCacheCheck(shownJson(db, 1));
        QCOMPARE(check[u"status"].toString(), QStringLiteral("pass"));
        QVERIFY2(
            check[u"detail"].toString().startsWith(QStringLiteral("Conversations of 3 turns resend their history")),
            qPrintable(check[u"detail"].toString()));
        // And the report says what the history saved, or that the difference is within noise.
        const QJsonArray findings = shownJson(db, 1)[u"findings"].toArray();
        const auto saving = std::find_if(findings.begin(), findings.end(),
            [](const QJsonValue& v) { return v[u"id"].toString() == u"prefix-saving"; });
        QVERIFY2(saving != findings.end(), QJsonDocument(findings).toJson().constData());
        QVERIFY2(saving->toObject()[u"title"].toString().contains(
                     QStringLiteral("the conversations' history"), Qt::CaseInsensitive),
            qPrintable(saving->toObject()[u"title"].toString()));
    }

    // Agents, synthetic and from a data set: the sub-calls go out together and join, the step says how the workload
    // branched, and the prefix-cache check holds the cache to what the agents resend.
    void agentsBranchAndTheCacheIsHeldToWhatTheyResend()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const Finished f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("18"),
            QStringLiteral("--shapes"), QStringLiteral("96/8"), QStringLiteral("--turns"), QStringLiteral("2"),
            QStringLiteral("--fan-out"), QStringLiteral("3"), QStringLiteral("--db"), db});
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const QJsonObject shown = shownJson(db, 1);
        const QJsonObject check = prefixCacheCheck(shown);
        QCOMPARE(check[u"status"].toString(), QStringLiteral("pass"));
        const QString detail = check[u"detail"].toString();
        QVERIFY2(detail.startsWith(QStringLiteral("Agents' conversations of 2 turns resend their history, and a "
                                                  "turn's 3 sub-calls share it")),
            qPrintable(detail));
        QVERIFY2(detail.contains(QStringLiteral("of their prompt tokens repeat what an earlier request of the "
                                                "conversation sent, and the server served up to")),
            qPrintable(detail));
        // Each turn waited for its slowest sub-call, and a finding says how long against a sub-call's own time.
        const QJsonArray findings = shown[u"findings"].toArray();
        const auto join = std::find_if(findings.begin(), findings.end(),
            [](const QJsonValue& v) { return v[u"id"].toString() == u"fan-out-join"; });
        QVERIFY2(join != findings.end(), QJsonDocument(findings).toJson().constData());
        QVERIFY2(join->toObject()[u"title"].toString().startsWith(QStringLiteral("An agent's turn waited ")),
            qPrintable(join->toObject()[u"title"].toString()));
        QVERIFY2(join->toObject()[u"measured"].toString().contains(QStringLiteral("a fan-out of up to 3 sub-calls")),
            qPrintable(join->toObject()[u"measured"].toString()));
        const Finished text = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QVERIFY2(
            text.out.simplified().contains(QStringLiteral("in agents' conversations of 2 turns, each turn but the last "
                                                          "followed by 3 sub-calls at once")),
            qPrintable(text.out));

        // The same from a data set of our agent format: eight agents of a turn, three sub-calls and a turn.
        const QString path = dir.filePath(QStringLiteral("agents.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int a = 0; a < 8; ++a) {
            const QString task = QStringLiteral("Plan trip %1 along the river.").arg(a);
            QJsonArray calls;
            for (int k = 0; k < 3; ++k)
                calls.append(QJsonObject {
                    {QStringLiteral("prompt"), QString(task + QStringLiteral(" Look up leg %1.").arg(k))}});
            const QJsonObject line {{QStringLiteral("max_tokens"), 8},
                {QStringLiteral("agent"),
                    QJsonArray {QJsonObject {{QStringLiteral("prompt"), task}},
                        QJsonObject {{QStringLiteral("parallel"), calls}},
                        QJsonObject {{QStringLiteral("prompt"), QString(task + QStringLiteral(" Legs found."))}}}}};
            file.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
        }
        file.close();
        const Finished fromFile = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("10"),
            QStringLiteral("--dataset"), path, QStringLiteral("--db"), db});
        QVERIFY2(fromFile.code == 0, qPrintable(fromFile.err));
        const Finished fileText
            = runKneepoint({QStringLiteral("show"), QStringLiteral("2"), QStringLiteral("--db"), db});
        QVERIFY2(fileText.out.simplified().contains(
                     QStringLiteral("in 8 conversations, with 8 fan-outs of up to 3 sub-calls at "
                                    "once")),
            qPrintable(fileText.out));
        const QString fromFileDetail = prefixCacheCheck(shownJson(db, 2))[u"detail"].toString();
        QVERIFY2(fromFileDetail.startsWith(QStringLiteral("The data set's 8 conversations resend their history, and "
                                                          "the sub-calls of its 8 fan-outs share theirs")),
            qPrintable(fromFileDetail));
    }

    void theLoadPatternOptionsRefuseWhatCannotApply_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("arrivals without a rate") << QStringList {QStringLiteral("--arrivals"),
            QStringLiteral("constant")} << QStringLiteral("shape the rate sweep: give --rate too");
        QTest::newRow("cap without a rate") << QStringList {QStringLiteral("--max-in-flight"), QStringLiteral("4")}
                                            << QStringLiteral("shape the rate sweep: give --rate too");
        QTest::newRow("unknown arrivals") << QStringList {QStringLiteral("--rate"), QStringLiteral("2"),
            QStringLiteral("--arrivals"), QStringLiteral("bursty")}
                                          << QStringLiteral("--arrivals is poisson or constant");
        QTest::newRow("constant and bursty") << QStringList {QStringLiteral("--rate"), QStringLiteral("2"),
            QStringLiteral("--arrivals"), QStringLiteral("constant"), QStringLiteral("--burstiness"),
            QStringLiteral("0.5")} << QStringLiteral("give one or the other");
        QTest::newRow("spread of 1") << QStringList {QStringLiteral("--length-spread"), QStringLiteral("1")}
                                     << QStringLiteral("--length-spread");
        QTest::newRow("bad seed") << QStringList {QStringLiteral("--seed"), QStringLiteral("-3")}
                                  << QStringLiteral("--seed takes a whole number");
        QTest::newRow("no turns") << QStringList {QStringLiteral("--turns"), QStringLiteral("0")}
                                  << QStringLiteral("--turns");
        QTest::newRow("sub-calls without turns") << QStringList {QStringLiteral("--fan-out"), QStringLiteral("3")}
                                                 << QStringLiteral("give --turns 2 or more too");
        QTest::newRow("sub-calls of a data set") << QStringList {QStringLiteral("--fan-out"), QStringLiteral("3"),
            QStringLiteral("--dataset"), QStringLiteral("/etc/hosts")}
                                                 << QStringLiteral("a data set's agents are its own");
        QTest::newRow("negative think time") << QStringList {QStringLiteral("--think-time-ms"), QStringLiteral("-1")}
                                             << QStringLiteral("--think-time-ms");
    }

    void theLoadPatternOptionsRefuseWhatCannotApply()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Finished f = runKneepoint(
            QStringList {QStringLiteral("run"), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:9")}
            + arguments);
        QCOMPARE(f.code, 2);
        QVERIFY2(f.err.contains(message), qPrintable(f.err));
    }

    void aDataSetIsSentAsWritten()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QFile jsonl(dir.filePath(QStringLiteral("prompts.jsonl")));
        QVERIFY(jsonl.open(QIODevice::WriteOnly));
        jsonl.write(
            "{\"messages\": [{\"role\": \"user\", \"content\": \"Why is the sky blue?\"}], \"max_tokens\": 16}\n"
            "\n"
            "{\"prompt\": \"Write a haiku about queues.\", \"max_tokens\": 8}\n"
            "{\"messages\": [{\"role\": \"user\", \"content\": \"Name three rivers.\"}], \"max_tokens\": 16}\n");
        jsonl.close();

        const KneepointResult f = runKneepoint(
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1,3"), QStringLiteral("--requests"), QStringLiteral("6"), QStringLiteral("--dataset"),
                jsonl.fileName(), QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--gpus"),
                QStringLiteral("2"), QStringLiteral("--db"), db},
            120'000);
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->info.options[u"dataset"].toString(), jsonl.fileName());
        QCOMPARE(stored->info.options[u"gpus"].toInt(), 2);
        // One shape: the mean requested output; the input unknown until the server counts it.
        const QJsonObject shape = stored->info.options[u"shapes"].toArray().first().toObject();
        QCOMPARE(shape[u"input"].toInt(), 0);
        QCOMPARE(shape[u"output"].toInt(), (16 + 8 + 16) / 3);
        QSet<int> outputs;
        for (const StoredStep& step : stored->steps) {
            for (const RequestRecord& r : store->requests(step.id, &error)) {
                QVERIFY2(r.ok(), qPrintable(r.errorMessage));
                QVERIFY(r.promptTokens > 0);
                outputs.insert(r.completionTokens);
            }
        }
        QCOMPARE(outputs, (QSet<int> {8, 16}));

        // The analysis takes the size the server counted.
        const KneepointResult shown = runKneepoint({QStringLiteral("show"), QString::number(stored->summary.id),
            QStringLiteral("--db"), db, QStringLiteral("--json")});
        QVERIFY2(shown.code == 0, qPrintable(shown.err));
        const QJsonObject physics = QJsonDocument::fromJson(shown.out.toUtf8()).object()[u"physics"].toObject();
        QCOMPARE(physics[u"tensor_parallel"].toInt(), 2);
        QVERIFY2(physics[u"ttft_floor_ms"].toDouble() > 0, qPrintable(shown.out.left(2000)));

        // Three lines cannot fill the run: they went out again, and the prefix-cache check says so.
        const QJsonObject check = prefixCacheCheck(QJsonDocument::fromJson(shown.out.toUtf8()).object());
        QCOMPARE(check[u"status"].toString(), QStringLiteral("warn"));
        QVERIFY2(check[u"detail"].toString().startsWith(
                     QStringLiteral("The data set has 3 requests, fewer than the run sent")),
            qPrintable(check[u"detail"].toString()));

        // A malformed line: a sentence with its line number, and nothing stored.
        QVERIFY(jsonl.open(QIODevice::Append));
        jsonl.write("{\"prompt\": \"unterminated\n");
        jsonl.close();
        const QString db2 = dir.filePath(QStringLiteral("bad.sqlite"));
        const KneepointResult bad = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--dataset"), jsonl.fileName(), QStringLiteral("--db"), db2});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains(u"line 5"), qPrintable(bad.err));
        const auto badStore = RunStore::open(db2, &error, QStringLiteral("bad"));
        QVERIFY2(badStore, qPrintable(error));
        QVERIFY(badStore->runs().isEmpty());
    }

    void aDataSetLineIsSentOnceUntilTheFileRunsOut()
    {
        // Forty lines of forty lengths: the server's prompt count tells the line. Baseline, 1 and 2 users send 24.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        QFile jsonl(dir.filePath(QStringLiteral("prompts.jsonl")));
        QVERIFY(jsonl.open(QIODevice::WriteOnly));
        for (int i = 1; i <= 40; ++i)
            jsonl.write(QByteArrayLiteral("{\"prompt\": \"") + QByteArray(" the").repeated(i)
                + QByteArrayLiteral("\", \"max_tokens\": 4}\n"));
        jsonl.close();
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const KneepointResult f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests"), QStringLiteral("6"),
            QStringLiteral("--dataset"), jsonl.fileName(), QStringLiteral("--db"), db,
            // Targets no step misses on a loaded machine: a step that missed below one that met them would be
            // measured again, and its requests would be more than the 24 counted here (seen under ctest -j3).
            QStringLiteral("--slo-ttft-ms"), QStringLiteral("60000"), QStringLiteral("--slo-tpot-ms"),
            QStringLiteral("10000")});
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QList<int> lengths;
        for (const StoredStep& step : stored->steps)
            for (const RequestRecord& r : store->requests(step.id, &error))
                lengths << r.promptTokens;
        QCOMPARE(lengths.size(), 24);
        QCOMPARE(QSet<int>(lengths.begin(), lengths.end()).size(), 24); // no line twice
        const QString detail = prefixCacheCheck(shownJson(db, 1))[u"detail"].toString();
        QVERIFY2(!detail.isEmpty() && !detail.contains(QStringLiteral("The data set has")), qPrintable(detail));
    }

    void thePrefixCacheIsEmptiedBeforeEachStepWhenAsked()
    {
        // Ten lines for a run that sends 24: lines go out again, and a cache that kept an earlier step's would serve
        // them. --reset-prefix-cache empties it before each step where the server can be asked (vLLM in development
        // mode), and says why not where it cannot.
        QTemporaryDir dir;
        QFile jsonl(dir.filePath(QStringLiteral("prompts.jsonl")));
        QVERIFY(jsonl.open(QIODevice::WriteOnly));
        for (int i = 1; i <= 10; ++i)
            jsonl.write(QByteArrayLiteral("{\"prompt\": \"") + QByteArray(" the").repeated(40 * i)
                + QByteArrayLiteral("\", \"max_tokens\": 4}\n"));
        jsonl.close();
        // vLLM in development mode; vLLM without it (404); llama-server without --slot-save-path (501), whose erase
        // with one the interop suite proves on the real server.
        for (const QString& kind : {QStringLiteral("dev"), QStringLiteral("vllm"), QStringLiteral("llama")}) {
            const bool devMode = kind == u"dev";
            if (devMode)
                qputenv("VLLM_SERVER_DEV_MODE", "1");
            SimProcess sim;
            QString error;
            QStringList simArgs {
                QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--enable-prompt-tokens-details")};
            if (kind == u"llama")
                simArgs << QStringLiteral("--dialect") << QStringLiteral("llamacpp");
            QVERIFY2(sim.start(simArgs, &error), qPrintable(error));
            qunsetenv("VLLM_SERVER_DEV_MODE");
            const QString db = dir.filePath(kind + QStringLiteral(".sqlite"));
            const KneepointResult f = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(),
                QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests"),
                QStringLiteral("6"), QStringLiteral("--dataset"), jsonl.fileName(), QStringLiteral("--db"), db,
                QStringLiteral("--reset-prefix-cache")});
            QVERIFY2(f.code == 0, qPrintable(f.err));
            const QJsonObject check = prefixCacheCheck(shownJson(db, 1));
            const QString detail = check[u"detail"].toString();
            const auto store = RunStore::open(db, &error);
            QVERIFY2(store, qPrintable(error));
            const auto stored = store->run(1, &error);
            QVERIFY2(stored, qPrintable(error));
            const QJsonObject facts = stored->info.facts.value(u"prefix_cache_reset").toObject();
            if (devMode) {
                // Every step started empty, so the lines sent again were not served from an earlier step's cache.
                QCOMPARE(facts.value(u"resets").toInt(), int(stored->steps.size()));
                QCOMPARE(facts.value(u"how").toString(), QStringLiteral("POST /reset_prefix_cache"));
                QVERIFY2(detail.contains(QStringLiteral("The server's prefix cache was reset before each of %1 steps "
                                                        "(POST /reset_prefix_cache).")
                                             .arg(stored->steps.size())),
                    qPrintable(detail));
                QVERIFY2(!detail.contains(QStringLiteral("The data set has")), qPrintable(detail));
            } else {
                QCOMPARE(facts.value(u"resets").toInt(), 0);
                QCOMPARE(check[u"status"].toString(), QStringLiteral("warn"));
                QVERIFY2(detail.contains(QStringLiteral("The data set has 10 requests")), qPrintable(detail));
                QVERIFY2(detail.contains(kind == u"vllm"
                                 ? QStringLiteral("vLLM serves /reset_prefix_cache only when started with "
                                                  "VLLM_SERVER_DEV_MODE=1 (it answered HTTP 404)")
                                 : QStringLiteral("llama-server erases a slot only when started with --slot-save-path "
                                                  "(it answered HTTP 501 to POST /slots/0?action=erase)")),
                    qPrintable(detail));
                // Asked once: a server that cannot is not asked before every step.
                QCOMPARE(f.err.count(QStringLiteral("prefix cache: reset before step")), 1);
                QCOMPARE(f.err.count(QStringLiteral("prefix cache: not reset: ")), 1);
            }
        }
    }

    void theApiKeyIsUsedAndNeverStored()
    {
        SimProcess sim;
        QString error;
        const QString key = QString::fromLatin1(testSecret("api-key"));
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--api-key"), key}, &error),
            qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KNEEPOINT_API_KEY"), key);
        run.setProcessEnvironment(env);
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("4"), QStringLiteral("--shapes"),
                QStringLiteral("64/8"), QStringLiteral("--db"), db});
        const Finished f = waitFor(run);
        QCOMPARE(f.code, 0);
        QVERIFY(!f.out.contains(key) && !f.err.contains(key));
        // Not in the database, nor its write-ahead log.
        for (const QString& file : QStringList {db, db + QStringLiteral("-wal")}) {
            QFile raw(file);
            if (raw.open(QIODevice::ReadOnly))
                QVERIFY2(!raw.readAll().contains(key.toUtf8()), qPrintable(file));
        }
    }

    void aDeadOrWrongUrlIsASentenceAndExitOne_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<int>("code");
        QTest::newRow("nothing listening") << QStringLiteral("http://127.0.0.1:1") << 1;
        QTest::newRow("not a url") << QStringLiteral("ftp://127.0.0.1:1") << 2;
    }

    void aDeadOrWrongUrlIsASentenceAndExitOne()
    {
        QFETCH(QString, url);
        QFETCH(int, code);
        QTemporaryDir dir;
        QProcess run;
        run.start(SimProcess::binary(),
            {QStringLiteral("run"), QStringLiteral("--url"), url, QStringLiteral("--db"),
                dir.filePath(QStringLiteral("runs.sqlite"))});
        const Finished f = waitFor(run, 60'000);
        QCOMPARE(f.code, code);
        QVERIFY2(f.err.contains(u"kneepoint run: "), qPrintable(f.err));
        QVERIFY(f.err.trimmed().endsWith(u'.'));
    }

    // --refine-capacity: after the sweep, probe steps between the two loads that bracket capacity, each stored as a
    // concurrency step marked as a probe, until capacity's 95% interval is within ±10% or the budget is spent. A
    // 4-sequence cap queues the fifth user, so TTFT crosses its target between 4 and 16 users.
    void capacityIsPinnedByProbes()
    {
        SimProcess sim;
        QString error;
        // Four sequences at once: 4 users wait for nothing (TTFT some 20 ms), 16 wait three lifetimes of some 0.4 s
        // each, and the target sits between, at 8 users' one lifetime. A hiccup of the client's is multiplied by the
        // speed in the server's time: at --speed 20 with a 300 ms target, 15 ms of a sanitized build's stall failed a
        // 4-user step once, and the probes went below it. At 10 and 600 ms it takes 60 ms.
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("10"), QStringLiteral("--max-num-seqs"),
                               QStringLiteral("4")},
                     &error),
            qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const KneepointResult r = runKneepoint(
            {QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1,4,16"), QStringLiteral("--requests"), QStringLiteral("24"),
                QStringLiteral("--shapes"), QStringLiteral("128/64"), QStringLiteral("--slo-ttft-ms"),
                QStringLiteral("600"), QStringLiteral("--refine-capacity"), QStringLiteral("--max-probes"),
                QStringLiteral("3"), QStringLiteral("--db"), db},
            120'000);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("probe: Capacity is between")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("probe 1 of at most 3")), qPrintable(r.err));

        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        QList<int> probes;
        for (const StoredStep& step : stored->steps) {
            if (step.info.load.contains(u"probe")) {
                QCOMPARE(step.info.phase, Phase::Concurrency);
                QCOMPARE(step.info.load[u"probe"].toInt(), probes.size() + 1);
                probes << step.info.load[u"concurrency"].toInt();
            }
        }
        QVERIFY2(!probes.isEmpty() && probes.size() <= 3, qPrintable(QString::number(probes.size())));
        for (int users : probes)
            QVERIFY2(users > 4 && users < 16, qPrintable(QString::number(users)));
        QCOMPARE(QSet<int>(probes.begin(), probes.end()).size(), probes.size()); // never a load measured twice

        // The analysis sees the probes as points of the curve. The capacity lies in the bracket; its interval holds
        // the bracket, and reaches past it to a measured load where a bracketing step's own percentile interval
        // crosses the target (a 6-user step failing by 9% under ASan's noise did once).
        const QJsonObject shown = shownJson(db, stored->summary.id);
        const QJsonObject capacity = shown[u"concurrency"][u"capacity"].toObject();
        QCOMPARE(capacity[u"bound"].toString(), QStringLiteral("between"));
        const double load = capacity[u"load"].toDouble(), low = capacity[u"low"].toDouble(),
                     high = capacity[u"high"].toDouble();
        const double lastPass = capacity[u"last_pass_load"].toDouble(),
                     firstFail = capacity[u"first_fail_load"].toDouble();
        QVERIFY2(low <= lastPass && lastPass <= load && load <= firstFail && firstFail <= high,
            QJsonDocument(capacity).toJson().constData());
        QList<int> measured = probes;
        measured << 1 << 4 << 16;
        QVERIFY2(measured.contains(int(low)) && double(int(low)) == low && measured.contains(int(high))
                && double(int(high)) == high,
            QJsonDocument(capacity).toJson().constData());
        // Either the interval is within ±10%, or the bracket closed to one user, or the budget was spent.
        const bool precise = (high - low) / 2 <= 0.1 * load;
        const bool closed = capacity[u"first_fail_load"].toDouble() - capacity[u"last_pass_load"].toDouble() <= 1;
        QVERIFY2(precise || closed || probes.size() == 3, QJsonDocument(capacity).toJson().constData());
        // 24 requests a step cannot bound a p99 at 95%: the verdict calls the range what it is.
        QVERIFY2(shown[u"verdict"].toString().contains(capacity[u"interval_open"].toBool()
                         ? QStringLiteral("as measured; too few requests to bound it at 95%")
                         : QStringLiteral("95% interval")),
            qPrintable(shown[u"verdict"].toString()));

        // kneepoint pareto: every step a point, the frontier marked, drawn to SVG.
        const QString svg = dir.filePath(QStringLiteral("pareto.svg"));
        const KneepointResult pareto
            = runKneepoint({QStringLiteral("pareto"), QString::number(stored->summary.id), QStringLiteral("--db"), db,
                               QStringLiteral("--json"), QStringLiteral("--svg"), svg},
                120'000);
        QVERIFY2(pareto.code == 0, qPrintable(pareto.err));
        const QJsonObject frontier = QJsonDocument::fromJson(pareto.out.toUtf8()).object();
        const QJsonArray points = frontier[u"points"].toArray();
        QCOMPARE(points.size(), int(stored->steps.size()) - 1); // every concurrency step but the baseline
        int on = 0;
        for (const QJsonValue p : points) {
            QVERIFY(p[u"output_tokens_per_s_per_user"].toDouble() > 0);
            on += p[u"on_frontier"].toBool() ? 1 : 0;
        }
        QVERIFY(on >= 1);
        QCOMPARE(frontier[u"tpot_target_ms"].toDouble(), 50.0);
        QVERIFY2(frontier[u"dominance"].toArray().first().toString().startsWith(QStringLiteral("run ")),
            pareto.out.toUtf8().constData());
        QFile drawn(svg);
        QVERIFY(drawn.open(QIODevice::ReadOnly));
        QVERIFY(drawn.readAll().contains("Interactivity against throughput per GPU"));

        // kneepoint predict: a twin fitted to this run (its cap of 4 read from the server's counters) says twice the
        // places hold more users, beside what was measured; a setting it does not model is said to be so.
        const KneepointResult predicted
            = runKneepoint({QStringLiteral("predict"), QString::number(stored->summary.id), QStringLiteral("--db"), db,
                               QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--set"),
                               QStringLiteral("max-num-seqs=8"), QStringLiteral("--json")},
                120'000);
        QVERIFY2(predicted.code == 0, qPrintable(predicted.err));
        const QJsonObject twin = QJsonDocument::fromJson(predicted.out.toUtf8()).object();
        QCOMPARE(twin[u"base"][u"max_num_seqs"].toInt(), 4);
        QCOMPARE(twin[u"set"][u"max_num_seqs"].toInt(), 8);
        QVERIFY2(twin[u"fit"][u"median_error"].toDouble() < 0.5, predicted.out.toUtf8().constData());
        QVERIFY2(twin[u"capacity_predicted"].toDouble() > twin[u"capacity_measured"].toDouble(),
            predicted.out.toUtf8().constData());
        const KneepointResult notModelled
            = runKneepoint({QStringLiteral("predict"), QString::number(stored->summary.id), QStringLiteral("--db"), db,
                               QStringLiteral("--gpu"), QStringLiteral("h100-sxm"), QStringLiteral("--set"),
                               QStringLiteral("enable-prefix-caching=1")},
                120'000);
        QVERIFY2(notModelled.code == 0, qPrintable(notModelled.err));
        QVERIFY2(notModelled.out.contains(QStringLiteral("enable-prefix-caching: not modelled")),
            qPrintable(notModelled.out));
        QVERIFY2(
            notModelled.out.contains(QStringLiteral("Its error on the run's own steps")), qPrintable(notModelled.out));

        // The report's advice: a flag the twin models carries what it predicts the flag buys, with its error, under
        // "Try these next" where it predicts a gain and under "Not worth trying" where it predicts a loss. Which
        // finding leads, and which way the twin leans, depend on the machine's load (a simulator short of CPU beside
        // the sanitizer suite made --max-num-seqs 8 a predicted loss once); that the prediction is shown does not.
        const QString md = dir.filePath(QStringLiteral("report.md"));
        const KneepointResult report
            = runKneepoint({QStringLiteral("report"), QString::number(stored->summary.id), QStringLiteral("--db"), db,
                               QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("-o"), md},
                120'000);
        QVERIFY2(report.code == 0, qPrintable(report.err));
        QFile markdown(md);
        QVERIFY(markdown.open(QIODevice::ReadOnly));
        const QString advice = QString::fromUtf8(markdown.readAll())
                                   .section(QStringLiteral("## Try these next"), 1)
                                   .section(QStringLiteral("## Evidence"), 0, 0);
        int withPrediction = 0;
        for (const QString& line : advice.split(u'\n')) {
            if (!line.contains(QStringLiteral("--max-num-seqs"))
                && !line.contains(QStringLiteral("--max-num-batched-tokens")))
                continue;
            QVERIFY2(line.contains(QStringLiteral("twin predicts capacity"), Qt::CaseInsensitive)
                    && line.contains(QStringLiteral("its error on this run")),
                qPrintable(line));
            ++withPrediction;
        }
        // A simulator short of CPU can make the first token's wait, not the cap, the finding that leads, and then no
        // flag the twin models is suggested at all (seen in CI: only --max-num-partial-prefills). What is checked above
        // holds either way; that the twin's flag is suggested is this machine's load to decide.
        if (withPrediction == 0)
            QSKIP(qPrintable(QStringLiteral("No flag the twin models was suggested under this load:\n") + advice));
    }

    // The server restarts between two steps, where no request sees it go: its counters, lower in the next step's
    // first scrape than in the last one's last, say so. The run goes on (each step measured one process), and the
    // analysis says where the server restarted, with the counter's numbers. The pipeline runs in this process, so
    // that the run can be held at the step boundary while the simulator is restarted on its port.
    void aRestartBetweenStepsIsSaid()
    {
        const QStringList simArguments {QStringLiteral("--speed"), QStringLiteral("20")};
        auto sim = std::make_unique<SimProcess>();
        QString error;
        QVERIFY2(sim->start(simArguments, &error), qPrintable(error));
        const quint16 port = sim->port();
        QTemporaryDir dir;
        const auto store = RunStore::open(dir.filePath(QStringLiteral("runs.sqlite")), &error);
        QVERIFY2(store, qPrintable(error));
        RunOptions options;
        options.url = QUrl(sim->baseUrl());
        options.concurrency = {1, 2};
        options.requestsPerStep = 8;
        options.shapes = {Shape {64, 16}};
        RunPipeline pipeline(options, {}, store.get());
        std::optional<RunStatus> status;
        QString reason;
        connect(&pipeline, &RunPipeline::finished, this, [&](RunStatus s, const QString& r) {
            status = s;
            reason = r;
        });
        bool held = false;
        connect(&pipeline, &RunPipeline::stepFinished, this, [&](const RunPipeline::StepOutcome& outcome) {
            if (!held && outcome.planned.phase == Phase::Baseline) {
                held = true;
                pipeline.hold(true);
            }
        });
        pipeline.start();
        QTRY_VERIFY_WITH_TIMEOUT(pipeline.isWaitingOnHold() || status, 60'000);
        QVERIFY2(!status, qPrintable(reason));
        sim->stop();
        sim = std::make_unique<SimProcess>();
        QVERIFY2(sim->start(simArguments + QStringList {QStringLiteral("--port"), QString::number(port)}, &error),
            qPrintable(error));
        pipeline.hold(false);
        QTRY_VERIFY_WITH_TIMEOUT(status.has_value(), 60'000);
        QVERIFY2(*status == RunStatus::Complete, qPrintable(reason));

        const auto stored = store->run(pipeline.runId(), &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(int(stored->steps.size()), 3);
        const QJsonArray outages = stored->info.facts.value(u"server_outages").toArray();
        QCOMPARE(outages.size(), 1);
        const QJsonObject restart = outages.first().toObject();
        QCOMPARE(restart.value(u"kind").toString(), QStringLiteral("restart_between_steps"));
        QCOMPARE(restart.value(u"load").toObject().value(u"concurrency").toInt(), 1);
        QVERIFY(!restart.value(u"counter").toString().isEmpty());
        QVERIFY2(restart.value(u"counter_after").toDouble() < restart.value(u"counter_before").toDouble(),
            QJsonDocument(restart).toJson().constData());

        const std::optional<RunData> data = RunData::load(*store, pipeline.runId(), &error);
        QVERIFY2(data, qPrintable(error));
        const RunAnalysis analysis = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
        const auto said = std::find_if(analysis.findings.begin(), analysis.findings.end(),
            [](const Finding& f) { return f.id == u"server-restarted"; });
        QVERIFY(said != analysis.findings.end());
        QCOMPARE(said->severity, Finding::Severity::Background);
        QVERIFY2(said->title.contains(QStringLiteral("before the step at 1 user")), qPrintable(said->title));
        QVERIFY2(said->measured.contains(QStringLiteral("counter fell from ")), qPrintable(said->measured));
        QVERIFY2(!analysis.verdict.contains(QStringLiteral("stopped answering")), qPrintable(analysis.verdict));
    }

    void killedMidRunKeepsEveryCompletedStep()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("5")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        QVERIFY2(startLongRunAndWaitForSteps(&run, sim, db, 3), "the run did not store three steps in time");
        ::kill(pid_t(run.processId()), SIGKILL);
        run.waitForFinished();

        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const RunSummary summary = store->runs().first();
        QCOMPARE(summary.status, RunStatus::Incomplete);
        const auto stored = store->run(summary.id, &error);
        QVERIFY(int(stored->steps.size()) >= 3);
        for (const StoredStep& step : stored->steps) {
            const std::vector<RequestRecord> requests = store->requests(step.id, &error);
            QCOMPARE(int(requests.size()), step.requestCount);
            for (const RequestRecord& r : requests)
                QCOMPARE(int(r.chunks.size()), r.completionTokens);
        }
    }

    void ctrlCStopsCleanly_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("Ctrl-C") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM); // a service manager or a container runtime stopping it
    }

    void ctrlCStopsCleanly()
    {
        QFETCH(int, signal);
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("5")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QProcess run;
        QVERIFY2(startLongRunAndWaitForSteps(&run, sim, db, 2), "the run did not store two steps in time");
        ::kill(pid_t(run.processId()), signal);
        const Finished f = waitFor(run, 30'000);
        QCOMPARE(f.code, 130);
        QVERIFY2(f.err.contains(u"Stopping"), qPrintable(f.err));
        const auto store = RunStore::open(db, &error);
        const RunSummary summary = store->runs().first();
        QCOMPARE(summary.status, RunStatus::Stopped);
        QVERIFY(summary.steps >= 2);
        // The cut step is kept, marked, and judged by nothing: no finding names its load, and its cut requests are
        // not the server's failures.
        const auto data = RunData::load(*store, summary.id, &error);
        QVERIFY2(data, qPrintable(error));
        // (A signal that lands between two steps cuts none: then only the checks below the findings apply.)
        const QString cutLoad = data->steps.back().cancelled ? data->steps.back().loadPhrase() : QStringLiteral("\n");
        const RunAnalysis a = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
        for (const CurvePoint& p : a.curve.points)
            QVERIFY(!p.step->cancelled);
        for (const Finding& finding : a.findings)
            QVERIFY2(finding.id != u"errors"
                    && (!finding.measured.contains(cutLoad)
                        || finding.measured.contains(QStringLiteral("stopped by the user"))),
                qPrintable(finding.id + u": " + finding.measured));
        for (const TrustCheck& c : a.trust)
            if (c.id == u"errors")
                QCOMPARE(c.status, TrustCheck::Status::Pass);
    }
};

QTEST_GUILESS_MAIN(TestRunPipeline)
#include "tst_runpipeline.moc"
