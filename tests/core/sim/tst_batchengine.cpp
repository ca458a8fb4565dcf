// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/catalog.h"
#include "core/sim/batchengine.h"
#include "core/sim/simconfig.h"
#include "core/sim/simmetrics.h"
#include "core/sim/simtokenizer.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace kp::core;

namespace {

StepTimeModel h100Llama8b()
{
    const Catalog& c = Catalog::builtIn();
    return StepTimeModel(
        *c.gpu(QStringLiteral("h100-sxm")), *c.model(QStringLiteral("llama-3.1-8b")), 0.8, 0.5, 400'000, 2);
}

BatchEngine::Request request(std::uint64_t id, int prompt, int maxTokens, std::int64_t arrivalNs = 0)
{
    BatchEngine::Request r;
    r.id = id;
    r.promptTokens = prompt;
    r.maxTokens = maxTokens;
    r.ignoreEos = true;
    r.samplerSeed = id;
    r.arrivalNs = arrivalNs;
    return r;
}

struct Run
{
    std::map<std::uint64_t, std::vector<int>> tokens;
    std::map<std::uint64_t, std::pair<std::int64_t, std::int64_t>> firstLastNs;
    std::map<std::uint64_t, BatchEngine::Finish> finish;
    std::vector<std::int64_t> stepNs;
    int maxRunning = 0;
    int maxWaiting = 0;
    std::int64_t endNs = 0;
};

// Steps the engine until it has nothing to do, the way the server's loop does.
Run runToCompletion(BatchEngine& engine, std::int64_t startNs = 0)
{
    Run run;
    std::int64_t now = startNs;
    while (auto d = engine.beginStep(now)) {
        run.maxRunning = std::max(run.maxRunning, engine.running());
        run.maxWaiting = std::max(run.maxWaiting, engine.waiting());
        run.stepNs.push_back(*d);
        const auto result = engine.completeStep();
        now = result.endNs;
        for (const auto& t : result.tokens) {
            run.tokens[t.requestId].push_back(t.tokenId);
            auto& span = run.firstLastNs.try_emplace(t.requestId, now, now).first->second;
            span.second = now;
            if (t.finish != BatchEngine::Finish::None)
                run.finish[t.requestId] = t.finish;
        }
        if (run.stepNs.size() > 1'000'000)
            break;
    }
    run.endNs = now;
    return run;
}

BatchEngine::Config config(int maxNumSeqs = 256, int blocks = 100'000)
{
    BatchEngine::Config c;
    c.maxNumSeqs = maxNumSeqs;
    c.maxNumBatchedTokens = 8192;
    c.maxModelLen = 32768;
    c.blockSize = 16;
    c.numGpuBlocks = blocks;
    c.vocabularyWords = SimTokenizer::builtIn().wordCount();
    return c;
}

// A closed-loop concurrency step at the simulator's defaults: `users` clients, each sending its next request the
// moment the last one finished, until every user has had `rounds` answers. Means over all requests.
struct SweepPoint
{
    double ttftMs = 0;
    double tpotMs = 0;
    double tokensPerSecond = 0;
    double maxKvUsage = 0;
    std::uint64_t preemptions = 0;
};

SweepPoint closedLoop(int users, int prompt, int output, int rounds)
{
    QString error;
    const auto config = ResolvedSimConfig::resolve(SimConfig(), &error);
    Q_ASSERT(config);
    BatchEngine engine(config->engine, config->stepTimeModel());
    std::uint64_t nextId = 1;
    std::map<std::uint64_t, std::int64_t> arrival;
    std::map<std::uint64_t, std::int64_t> firstToken;
    int finished = 0;
    double ttftSum = 0;
    double tpotSum = 0;
    std::uint64_t tokens = 0;
    auto submit = [&](std::int64_t now) {
        engine.add(request(nextId, prompt, output, now));
        arrival[nextId++] = now;
    };
    for (int i = 0; i < users; ++i)
        submit(0);
    SweepPoint point;
    std::int64_t now = 0;
    const int wanted = users * rounds;
    while (finished < wanted) {
        const auto d = engine.beginStep(now);
        if (!d)
            break;
        point.maxKvUsage = std::max(point.maxKvUsage, engine.kvCacheUsage());
        const auto result = engine.completeStep();
        now = result.endNs;
        for (const auto& t : result.tokens) {
            ++tokens;
            if (t.outputTokens == 1)
                firstToken[t.requestId] = now;
            if (t.finish == BatchEngine::Finish::None)
                continue;
            ++finished;
            ttftSum += double(firstToken[t.requestId] - arrival[t.requestId]) / 1e6;
            tpotSum += double(now - firstToken[t.requestId]) / 1e6 / (output - 1);
            submit(now);
        }
    }
    point.ttftMs = ttftSum / finished;
    point.tpotMs = tpotSum / finished;
    point.tokensPerSecond = double(tokens) / (double(now) / 1e9);
    point.preemptions = engine.preemptions();
    return point;
}

} // namespace

class TestBatchEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // An adapter's overhead is added once to each step that runs any of its sequences, as its kernels run once over
    // the batch: base alone, base beside two sql sequences, and base beside sql and chat.
    void anAdapterInTheBatchLengthensTheStep()
    {
        std::vector<std::int64_t> firstDecode;
        for (const std::vector<int>& adapters : std::vector<std::vector<int>> {{0}, {0, 1, 1}, {0, 1, 2}}) {
            BatchEngine::Config c = config();
            c.loraOverheads = {0.5, 0.25};
            BatchEngine engine(c, h100Llama8b());
            std::uint64_t id = 0;
            for (int adapter : adapters) {
                BatchEngine::Request r = request(++id, 16, 4);
                r.adapter = adapter;
                engine.add(r);
            }
            const Run run = runToCompletion(engine);
            firstDecode.push_back(run.stepNs.at(1));
        }
        // Two or three sequences of 16 tokens barely change a decode step's roofline: the adapters make the difference.
        QVERIFY2(std::abs(double(firstDecode[1]) / double(firstDecode[0]) - 1.5) < 0.02,
            qPrintable(QStringLiteral("%1 → %2 ns").arg(firstDecode[0]).arg(firstDecode[1])));
        QVERIFY2(std::abs(double(firstDecode[2]) / double(firstDecode[0]) - 1.75) < 0.02,
            qPrintable(QStringLiteral("%1 → %2 ns").arg(firstDecode[0]).arg(firstDecode[2])));
    }

    void decodeAtBatchOneSitsNearTheBandwidthFloor()
    {
        BatchEngine engine(config(), h100Llama8b());
        engine.add(request(1, 100, 50));
        Run run = runToCompletion(engine);
        QCOMPARE(run.tokens[1].size(), std::size_t(50));
        QCOMPARE(run.finish[1], BatchEngine::Finish::Length);
        // 15.0 GB of weights at 3.35 TB/s is a 4.5 ms floor; at 80 % plus 0.4 ms overhead about 6 ms.
        const double decodeMs = double(run.stepNs.back()) / 1e6;
        QVERIFY2(decodeMs > 4.5 && decodeMs < 7.0, qPrintable(QString::number(decodeMs)));
    }

    void timePerTokenGrowsWithTheBatchAndThroughputFlattens()
    {
        QList<double> tpotMs;
        QList<double> tokensPerSecond;
        for (int batch : {1, 16, 64, 256}) {
            BatchEngine engine(config(), h100Llama8b());
            for (int i = 0; i < batch; ++i)
                engine.add(request(std::uint64_t(i) + 1, 2000, 100));
            const Run run = runToCompletion(engine);
            // TPOT as a client computes it: (last token - first token) / (tokens - 1), averaged over requests.
            double sum = 0;
            for (const auto& [id, span] : run.firstLastNs)
                sum += double(span.second - span.first) / 1e6 / 99;
            const double tpot = sum / double(run.firstLastNs.size());
            tpotMs << tpot;
            tokensPerSecond << batch / (tpot / 1e3);
        }
        for (int i = 1; i < tpotMs.size(); ++i) {
            QVERIFY2(tpotMs[i] > tpotMs[i - 1], qPrintable(QString::number(tpotMs[i])));
            QVERIFY(tokensPerSecond[i] > tokensPerSecond[i - 1]);
        }
        // Rising, then flattening: the last quadrupling of the batch gains far less than the first.
        const double firstGain = tokensPerSecond[1] / tokensPerSecond[0];
        const double lastGain = tokensPerSecond[3] / tokensPerSecond[2];
        QVERIFY2(lastGain < firstGain / 2, qPrintable(QStringLiteral("%1 vs %2").arg(lastGain).arg(firstGain)));
    }

    void defaultsShowWhatRealServersShow()
    {
        // Llama 3.1 8B on one H100 SXM, chat-shaped traffic (1,024 tokens in, 256 out), concurrency 1 to 256.
        QList<SweepPoint> sweep;
        for (int users : {1, 8, 32, 128, 256}) {
            sweep << closedLoop(users, 1024, 256, 2);
            qInfo("%3d users: TTFT %7.1f ms, TPOT %5.2f ms, %7.0f tokens/s, KV peak %4.1f %%", users,
                sweep.last().ttftMs, sweep.last().tpotMs, sweep.last().tokensPerSecond, 100 * sweep.last().maxKvUsage);
        }
        // Time per output token near the bandwidth floor (4.5 ms of weights) at concurrency 1, growing with the batch.
        QVERIFY2(sweep[0].tpotMs > 4.5 && sweep[0].tpotMs < 7, qPrintable(QString::number(sweep[0].tpotMs)));
        for (int i = 1; i < sweep.size(); ++i) {
            QVERIFY(sweep[i].tpotMs > sweep[i - 1].tpotMs);
            QVERIFY(sweep[i].ttftMs > sweep[i - 1].ttftMs); // prefills queue up behind each other
        }
        // Throughput rises, then flattens: going from 128 to 256 users gains far less than from 1 to 8.
        QVERIFY(sweep[1].tokensPerSecond > 5 * sweep[0].tokensPerSecond);
        QVERIFY(sweep[4].tokensPerSecond > sweep[3].tokensPerSecond);
        QVERIFY(sweep[4].tokensPerSecond < 1.6 * sweep[3].tokensPerSecond);
        QCOMPARE(sweep[4].preemptions, std::uint64_t(0)); // short contexts fit: 256 x 1,280 tokens is 72 % of the cache
    }

    void longContextsFillTheCacheAtTheDefaults()
    {
        // 24 users with 16,000-token prompts and 4,000-token answers need 480,000 tokens of cache; there are 455,808.
        const SweepPoint p = closedLoop(24, 16000, 4000, 1);
        QVERIFY2(p.maxKvUsage > 0.99, qPrintable(QString::number(p.maxKvUsage)));
        QVERIFY(p.preemptions > 0);
    }

    void aQueueFormsBeyondMaxNumSeqs()
    {
        SimMetrics metrics(QStringLiteral("m"));
        BatchEngine engine(config(4), h100Llama8b(), &metrics);
        for (std::uint64_t i = 1; i <= 10; ++i)
            engine.add(request(i, 50, 20));
        QVERIFY(engine.beginStep(0));
        QCOMPARE(engine.running(), 4);
        QCOMPARE(engine.waiting(), 6);
        engine.completeStep();
        const Run run = runToCompletion(engine, 0);
        QCOMPARE(run.maxRunning, 4);
        QCOMPARE(run.tokens.size(), std::size_t(10));
        QCOMPARE(metrics.finished(SimMetrics::FinishLength), std::uint64_t(10));
    }

    void longPromptsArePrefilledInChunks()
    {
        BatchEngine engine(config(), h100Llama8b());
        engine.add(request(1, 20000, 2));
        int stepsBeforeFirstToken = 0;
        std::int64_t now = 0;
        while (auto d = engine.beginStep(now)) {
            ++stepsBeforeFirstToken;
            const auto result = engine.completeStep();
            now = result.endNs;
            if (!result.tokens.empty())
                break;
        }
        QCOMPARE(stepsBeforeFirstToken, 3); // 20,000 tokens in chunks of at most 8,192
    }

    void aFullKvCachePreemptsAndEveryRequestStillFinishes()
    {
        SimMetrics metrics(QStringLiteral("m"));
        // 200 blocks of 16 = 3,200 tokens for 8 sequences that grow to 1,000 tokens each.
        BatchEngine engine(config(256, 200), h100Llama8b(), &metrics);
        for (std::uint64_t i = 1; i <= 8; ++i)
            engine.add(request(i, 500, 500));
        double maxUsage = 0;
        std::int64_t now = 0;
        std::map<std::uint64_t, int> counts;
        while (auto d = engine.beginStep(now)) {
            maxUsage = std::max(maxUsage, engine.kvCacheUsage());
            const auto result = engine.completeStep();
            now = result.endNs;
            for (const auto& t : result.tokens)
                counts[t.requestId] = t.outputTokens;
        }
        QVERIFY(engine.preemptions() > 0);
        QCOMPARE(metrics.preemptions(), engine.preemptions());
        QVERIFY(maxUsage > 0.9);
        QCOMPARE(counts.size(), std::size_t(8));
        for (const auto& [id, n] : counts)
            QCOMPARE(n, 500);
        QCOMPARE(engine.freeBlocks(), 200);
    }

    void abortReturnsTheBlocks()
    {
        BatchEngine engine(config(256, 1000), h100Llama8b());
        engine.add(request(1, 1000, 100));
        engine.add(request(2, 1000, 100));
        QVERIFY(engine.beginStep(0));
        engine.abort(1); // mid-step: removed when the step completes
        engine.completeStep();
        engine.abort(2);
        QCOMPARE(engine.running(), 0);
        QCOMPARE(engine.freeBlocks(), 1000);
        QVERIFY(!engine.beginStep(0));
    }

    void samplingIsAFunctionOfTheSeed()
    {
        auto generate = [](std::uint64_t seed) {
            BatchEngine engine(config(), h100Llama8b());
            auto r = request(1, 10, 30);
            r.samplerSeed = seed;
            engine.add(r);
            return runToCompletion(engine).tokens[1];
        };
        QCOMPARE(generate(42), generate(42));
        QVERIFY(generate(42) != generate(43));
    }

    void endOfTextEndsAnswersWhenAllowed()
    {
        BatchEngine::Config c = config();
        c.naturalOutputTokens = 8;
        BatchEngine engine(c, h100Llama8b());
        for (std::uint64_t i = 1; i <= 20; ++i) {
            auto r = request(i, 10, 1000);
            r.ignoreEos = false;
            r.minTokens = 3;
            engine.add(r);
        }
        const Run run = runToCompletion(engine);
        int stopped = 0;
        for (const auto& [id, tokens] : run.tokens) {
            QVERIFY(tokens.size() >= 3);
            if (run.finish.at(id) == BatchEngine::Finish::Stop) {
                ++stopped;
                QCOMPARE(tokens.back(), int(SimTokenizer::EndOfText));
            }
        }
        QCOMPARE(stopped, 20);
    }
    void aRepeatedPromptSkipsItsPrefill()
    {
        // 1,024 tokens, 64 blocks. The first request computes them all; the second, sent after, finds 63 blocks (the
        // 64th holds the last token, which is recomputed for its logits) and prefills 16 tokens.
        std::vector<int> ids(1024);
        for (int i = 0; i < 1024; ++i)
            ids[std::size_t(i)] = 1000 + i;
        SimMetrics metrics(QStringLiteral("m"));
        BatchEngine engine(config(), h100Llama8b(), &metrics);
        auto first = request(1, 1024, 4);
        first.blockHashes = BatchEngine::blockHashesOf(ids, 16);
        QCOMPARE(first.blockHashes.size(), std::size_t(64));
        engine.add(first);
        const Run cold = runToCompletion(engine);
        QCOMPARE(engine.cachedBlocks(), 64);
        QCOMPARE(engine.freeBlocks(), 100'000); // cached blocks nobody holds count as free
        QCOMPARE(engine.kvCacheUsage(), 0.0);

        auto again = request(2, 1024, 4, cold.endNs);
        again.blockHashes = first.blockHashes;
        engine.add(again);
        const Run warm = runToCompletion(engine, cold.endNs);
        QCOMPARE(metrics.prefixCacheQueries(), 2048ULL);
        QCOMPARE(metrics.prefixCacheHits(), 1008ULL);
        const std::int64_t coldTtft = cold.firstLastNs.at(1).first;
        const std::int64_t warmTtft = warm.firstLastNs.at(2).first - cold.endNs;
        QVERIFY2(warmTtft < coldTtft / 2, qPrintable(QStringLiteral("%1 vs %2").arg(warmTtft).arg(coldTtft)));

        // A prompt that differs in its first block shares nothing, though the rest is the same: hashes are chained.
        std::vector<int> other = ids;
        other[0] = 7;
        auto unique = request(3, 1024, 4, warm.endNs);
        unique.blockHashes = BatchEngine::blockHashesOf(other, 16);
        engine.add(unique);
        runToCompletion(engine, warm.endNs);
        QCOMPARE(metrics.prefixCacheHits(), 1008ULL);
        QCOMPARE(metrics.prefixCacheQueries(), 3072ULL);
    }

    void cachedBlocksAreEvictedLeastRecentlyUsedFirst()
    {
        // 100 blocks. Two 48-block prompts leave 4 free; a third takes those and evicts 44 of the first prompt's
        // blocks (the older ones), its tail first. The second prompt then still hits 47 blocks (all but the last
        // token's); the fourth request's one new block evicts one more of the first prompt's, so the first prompt
        // finds only the 3 head blocks left.
        auto prompt = [](int base) {
            std::vector<int> ids(768);
            for (int i = 0; i < 768; ++i)
                ids[std::size_t(i)] = base + i;
            return BatchEngine::blockHashesOf(ids, 16);
        };
        SimMetrics metrics(QStringLiteral("m"));
        BatchEngine engine(config(256, 100), h100Llama8b(), &metrics);
        std::int64_t now = 0;
        auto send = [&](std::uint64_t id, int base) {
            auto r = request(id, 768, 1, now);
            r.blockHashes = prompt(base);
            engine.add(r);
            now = runToCompletion(engine, now).endNs;
        };
        send(1, 10'000);
        send(2, 20'000);
        send(3, 30'000);
        const std::uint64_t before = metrics.prefixCacheHits();
        send(4, 20'000);
        QCOMPARE(metrics.prefixCacheHits() - before, 47ULL * 16);
        send(5, 10'000);
        QCOMPARE(metrics.prefixCacheHits() - before, 47ULL * 16 + 3 * 16);
    }

    void prefixCachingCanBeTurnedOff()
    {
        std::vector<int> ids(512, 5);
        BatchEngine::Config c = config();
        c.enablePrefixCaching = false;
        SimMetrics metrics(QStringLiteral("m"));
        BatchEngine engine(c, h100Llama8b(), &metrics);
        std::int64_t now = 0;
        for (std::uint64_t id = 1; id <= 2; ++id) {
            auto r = request(id, 512, 2, now);
            r.blockHashes = BatchEngine::blockHashesOf(ids, 16);
            engine.add(r);
            now = runToCompletion(engine, now).endNs;
        }
        QCOMPARE(metrics.prefixCacheHits(), 0ULL);
        QCOMPARE(engine.cachedBlocks(), 0);
    }
};

QTEST_GUILESS_MAIN(TestBatchEngine)
#include "tst_batchengine.moc"
