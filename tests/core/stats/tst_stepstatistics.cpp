// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/stats/distributionbuilder.h"
#include "core/stats/stepstatistics.h"

#include <QTest>

#include <cmath>
#include <deque>
#include <utility>

using namespace kp::core;

namespace {

std::int64_t ns(double ms)
{
    return std::llround(ms * 1e6);
}

/// A successful request; `chunks` are (arrival ms, tokens) and the first one is the first token.
RequestRecord request(
    int user, double sentMs, const std::vector<std::pair<double, int>>& chunks, double endMs, int promptTokens = 100)
{
    static std::uint64_t nextId = 1;
    RequestRecord r;
    r.id = nextId++;
    r.user = user;
    r.sentNs = ns(sentMs);
    for (const auto& [atMs, tokens] : chunks)
        r.chunks.push_back({ns(atMs), tokens});
    r.firstTokenNs = r.chunks.empty() ? -1 : r.chunks.front().ns;
    r.endNs = ns(endMs);
    r.httpStatus = 200;
    r.promptTokens = promptTokens;
    return r;
}

RequestRecord failure(ErrorClass error, double sentMs, double endMs)
{
    RequestRecord r = request(-1, sentMs, {}, endMs);
    r.sentNs = sentMs < 0 ? -1 : ns(sentMs);
    r.error = error;
    r.promptTokens = -1;
    return r;
}

// Two users, four requests whose every statistic is worked out by hand in the tests, and a warm-up with which user 1
// begins, 5 ms after user 0: in no latency, yet the server worked on it and user 1 was at work from then on.
//   user 0: R1 sent 0, tokens at 100 120 140 160, ends 170; R3 sent 170, tokens at 250 300, ends 300
//   user 1: (warm-up sent 5, tokens at 7 and 9, ends 10); R2 sent 10, tokens at 150, 180 (3 tokens), 200, ends 205;
//           R4 sent 205, one token at 260, ends 265
std::vector<RequestRecord> closedLoop()
{
    RequestRecord warmup = request(1, 5, {{7, 1}, {9, 1}}, 10, 999);
    warmup.warmup = true;
    return {
        warmup,
        request(0, 0, {{100, 1}, {120, 1}, {140, 1}, {160, 1}}, 170, 100),
        request(1, 10, {{150, 1}, {180, 3}, {200, 1}}, 205, 200),
        request(0, 170, {{250, 1}, {300, 1}}, 300, 300),
        request(1, 205, {{260, 1}}, 265, 400),
    };
}

// 16 users of a closed loop on a server with 4 slots that serves first come, first served, in rounds of 100 ms: a
// request's first token comes 20 ms into its round, then one token every 10 ms (8 in all, the last at 90 ms), and it
// ends with the round, when its user sends the next. Every user sends a warm-up at 0, then `perUser` measured
// requests. The server makes 4 × 8 tokens a round, 320 tokens/s, from the first round to the last.
std::vector<RequestRecord> saturated(int perUser)
{
    constexpr int users = 16;
    constexpr int places = 4;
    constexpr double roundMs = 100;
    struct Waiting
    {
        double sentMs;
        int user;
        bool warmup;
    };
    std::deque<Waiting> queue;
    for (int u = 0; u < users; ++u)
        queue.push_back({0, u, true});
    std::vector<int> left(users, perUser);
    std::vector<RequestRecord> records;
    for (int k = 0; !queue.empty(); ++k) {
        const double startMs = k * roundMs;
        std::vector<int> served;
        for (int i = 0; i < places && !queue.empty() && queue.front().sentMs <= startMs; ++i) {
            const Waiting w = queue.front();
            queue.pop_front();
            std::vector<std::pair<double, int>> chunks;
            chunks.reserve(8);
            for (int j = 0; j < 8; ++j)
                chunks.push_back({startMs + 20 + 10 * j, 1});
            records.push_back(request(w.user, w.sentMs, chunks, startMs + roundMs, 128));
            records.back().warmup = w.warmup;
            served.push_back(w.user);
        }
        for (int u : served)
            if (left[std::size_t(u)]-- > 0)
                queue.push_back({startMs + roundMs, u, false});
    }
    return records;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

#define VERIFY_NEAR(actual, expected)                                                                                  \
    QVERIFY2(near((actual), (expected)),                                                                               \
        qPrintable(QStringLiteral("%1 = %2, expected %3")                                                              \
                       .arg(QString::fromLatin1(#actual))                                                              \
                       .arg(double(actual), 0, 'g', 12)                                                                \
                       .arg(double(expected), 0, 'g', 12)))

} // namespace

class TestStepStatistics : public QObject
{
    Q_OBJECT

private slots:
    void latencies()
    {
        // Judged as a 1-user step, whose window runs from the first send (0) to the last end (300), every measured
        // request is in the latency sample; the 2-user sample is the next test's.
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 1, 0.95, 0);
        QCOMPARE(s.latencySample.succeeded, 4);
        QCOMPARE(s.total, 4);
        QCOMPARE(s.succeeded, 4);
        QCOMPARE(s.failed, 0);
        QVERIFY(s.failures.empty());

        // TTFT 100, 140, 80, 55
        QCOMPARE(s.ttftMs.count, std::size_t(4));
        VERIFY_NEAR(s.ttftMs.mean, 93.75);
        VERIFY_NEAR(s.ttftMs.min, 55);
        VERIFY_NEAR(s.ttftMs.max, 140);
        VERIFY_NEAR(s.ttftMs.p50.value, 90);
        // E2EL to the last token chunk, not the end of the response: 160, 190, 130, 55
        VERIFY_NEAR(s.e2elMs.mean, 133.75);
        VERIFY_NEAR(s.e2elMs.max, 190);
        VERIFY_NEAR(s.e2elMs.p50.value, 145);
        // TPOT (E2EL - TTFT) / (tokens - 1): 60/3, 50/4, 50/1; the one-token request has none
        QCOMPARE(s.tpotMs.count, std::size_t(3));
        VERIFY_NEAR(s.tpotMs.mean, 27.5);
        VERIFY_NEAR(s.tpotMs.min, 12.5);
        VERIFY_NEAR(s.tpotMs.p50.value, 20);
        // ITL, every chunk gap pooled: 20 20 20 | 30 20 | 50
        QCOMPARE(s.itlMs.count, std::size_t(6));
        VERIFY_NEAR(s.itlMs.mean, 160.0 / 6);
        VERIFY_NEAR(s.itlMs.p50.value, 20);
        VERIFY_NEAR(s.itlMs.max, 50);
        // Per token, the 30 ms gap before the 3-token chunk is three gaps of 10 ms
        QCOMPARE(s.itlPerTokenMs.count, std::size_t(8));
        VERIFY_NEAR(s.itlPerTokenMs.mean, 160.0 / 8); // the same total time, spread over more gaps
        VERIFY_NEAR(s.itlPerTokenMs.min, 10);
        // Token counts
        VERIFY_NEAR(s.outputTokens.mean, 3);
        VERIFY_NEAR(s.outputTokens.min, 1);
        VERIFY_NEAR(s.inputTokens.mean, 250);
        // A closed loop has no plan to lag behind, and says nothing about it.
        QCOMPARE(s.scheduleLagMs.count, std::size_t(0));
        QVERIFY2(s.notes.isEmpty(), qPrintable(s.notes.join(u'\n')));
    }

    void latencySampleLeavesOutTheRamp()
    {
        // At 2 users the window opens when user 1 sends its warm-up (5 ms), and the latency sample when it sends its
        // first measured request, R2 (10 ms): R1, sent at 0 while user 0 was alone, ran beside fewer users than the
        // step is named for and is left out of the latencies, not of the counts.
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 2, 0.95, 0);
        QVERIFY(s.latencySample.windowed);
        QCOMPARE(s.window.startNs, ns(5));
        QCOMPARE(s.latencySample.fromNs, ns(10));
        QCOMPARE(s.latencySample.toNs, ns(265));
        QCOMPARE(s.latencySample.succeeded, 3);
        QCOMPARE(s.latencySample.leftOut, 1);
        QCOMPARE(s.succeeded, 4);
        // TTFT 140, 80, 55 (R1's 100 left out)
        QCOMPARE(s.ttftMs.count, std::size_t(3));
        VERIFY_NEAR(s.ttftMs.mean, 275.0 / 3);
        VERIFY_NEAR(s.ttftMs.max, 140);
        // ITL: 30 20 | 50 (R1's three gaps left out)
        QCOMPARE(s.itlMs.count, std::size_t(3));
        // Token counts still describe every request of the step.
        VERIFY_NEAR(s.outputTokens.mean, 3);
        VERIFY_NEAR(s.inputTokens.mean, 250);

        // A failure sent during the ramp is out of the sample too; one sent inside it, or never sent, is in.
        std::vector<RequestRecord> records = closedLoop();
        for (const auto& [sentMs, endMs] : {std::pair {5.0, 8.0}, {100.0, 110.0}, {-1.0, 0.0}}) {
            records.push_back(failure(sentMs < 0 ? ErrorClass::ConnectionRefused : ErrorClass::Timeout, sentMs, endMs));
            records.back().user = 0; // a closed loop's failure is still its user's
        }
        const StepStatistics f = StepStatistics::of(records, {}, 2, 0.95, 0);
        QCOMPARE(f.failed, 3);
        QCOMPARE(f.latencySample.failed, 2);
        QCOMPARE(f.latencySample.leftOut, 2);

        // An open loop leaves nothing out: a request sent late against the last plan is still an arrival.
        const StepStatistics open = StepStatistics::of(closedLoop(), {}, 0, 0.95, 0);
        QVERIFY(!open.latencySample.windowed);
        QCOMPARE(open.latencySample.leftOut, 0);

        // Without a usable window, every request is in, and the note says so.
        const StepStatistics shortWindow = StepStatistics::of(closedLoop(), {}, 2);
        QVERIFY(!shortWindow.latencySample.windowed);
        QCOMPARE(shortWindow.latencySample.succeeded, 4);
        QCOMPARE(shortWindow.ttftMs.count, std::size_t(4));
        QVERIFY2(shortWindow.notes.join(u' ').contains(u"Latency percentiles cover every measured request"),
            qPrintable(shortWindow.notes.join(u'\n')));
    }

    void wholeStepThroughput()
    {
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 2, 0.95, 0);
        // The span of the measured requests, max(end) 300 - min(sent) 0. The warm-up ran inside it, beside R1: the
        // server finished it (at 10) and made its 2 tokens (at 7 and 9) and its 999-token prompt in the span, and
        // they count with the span's time.
        QCOMPARE(s.startNs, ns(0));
        QCOMPARE(s.endNs, ns(300));
        VERIFY_NEAR(s.whole.seconds, 0.3);
        VERIFY_NEAR(s.whole.requestsPerSecond, 5 / 0.3);
        VERIFY_NEAR(s.whole.outputTokensPerSecond, 14 / 0.3);
        VERIFY_NEAR(s.whole.totalTokensPerSecond, (14 + 1999) / 0.3);
        // The warm-up is still in no statistic of the requests themselves.
        QCOMPARE(s.total, 4);
        VERIFY_NEAR(s.outputTokens.mean, 3);
    }

    // The throughput counts what it timed. With 2 measured requests a user, the measured span runs from the first
    // measured send (100 ms, when the first 4 warm-ups ended) to the last end (1200 ms); in it the server ran rounds 1
    // to 11, 44 requests, 12 of them warm-ups queued behind the first. Their tokens were made in the span: counting
    // only the 32 measured requests' 256 tokens over its 1.1 s gave 233 tokens/s, 27% under the 320 the server made.
    void throughputCountsWhatItTimed()
    {
        const StepStatistics s = StepStatistics::of(saturated(2), {}, 16);
        QCOMPARE(s.total, 32);
        QCOMPARE(s.startNs, ns(100));
        QCOMPARE(s.endNs, ns(1200));
        VERIFY_NEAR(s.whole.outputTokensPerSecond, 352 / 1.1);
        VERIFY_NEAR(s.whole.outputTokensPerSecond, 320);
        VERIFY_NEAR(s.whole.requestsPerSecond, 44 / 1.1);
        VERIFY_NEAR(s.whole.totalTokensPerSecond, (352 + 44 * 128) / 1.1);

        // Every user is at work from its warm-up (0) to the first user's last end (900): 900 ms, under three
        // lifetimes of 390 ms, most of which a request spent waiting for one of the 4 slots. The server held 4 of
        // the 16 requests in flight at once, so it turned its slots over every 97.5 ms, nine times in the window: a
        // steady rate, and the same 320 tokens/s. (From the last user's first measured request, 400, the window
        // would have been 500 ms, and three lifetimes would have needed 48 measured requests.)
        QVERIFY2(s.window.usable, qPrintable(s.window.whyNotUsable));
        QCOMPARE(s.window.startNs, ns(0));
        QCOMPARE(s.window.endNs, ns(900));
        QCOMPARE(s.peakInFlight, 16);
        VERIFY_NEAR(s.steady.outputTokensPerSecond, 320);
        VERIFY_NEAR(s.steady.requestsPerSecond, 40);
        // The latencies are of requests sent from the last user's first measured one (400): its first, and every
        // second one.
        QCOMPARE(s.latencySample.fromNs, ns(400));
        QCOMPARE(s.latencySample.succeeded, 20);

        // One measured request a user: the window (0 to 500) is five turns. Asked for six, it is too short, and
        // says why; the whole step's span (100 to 800, rounds 1 to 7) still gives the server's 320 tokens/s, where
        // the measured requests' 128 tokens over it gave 183.
        const StepStatistics one = StepStatistics::of(saturated(1), {}, 16, 0.95, 6);
        QVERIFY(!one.window.usable);
        QVERIFY(one.window.tooShort);
        QVERIFY2(one.window.whyNotUsable.contains(QStringLiteral(
                     "under 6 turns of the server (a request held its place for 98 ms: of a median lifetime of 390 "
                     "ms it waited the rest, 4 of 16 requests in flight being served at once)")),
            qPrintable(one.window.whyNotUsable));
        VERIFY_NEAR(one.whole.outputTokensPerSecond, 224 / 0.7);
        QVERIFY(StepStatistics::of(saturated(1), {}, 16).window.usable);
    }

    // The output rate's interval by batch means, worked by hand. One request streams over (0, 1000] ms; the whole
    // step's ten batches of 100 ms carry 3 tokens each in the odd batches and 1 in the even ones: 20 tokens, 20
    // tokens/s. Batch mean 2, sample variance 10 × 1 / 9, standard error sqrt(10/9/10) = 1/3, t(0.975, 9) = 2.2622:
    // the rate ± 2.2622 × (1/3) / 2 = ± 37.7%.
    void outputRateIntervalByBatchMeans()
    {
        std::vector<std::pair<double, int>> chunks;
        for (int b = 0; b < 10; ++b) {
            const int tokens = b % 2 == 0 ? 3 : 1;
            for (int k = 0; k < tokens; ++k)
                chunks.push_back({b * 100 + 10 + k * 20, 1});
        }
        std::vector<RequestRecord> records {request(0, 0, chunks, 1000)};
        StepStatistics s = StepStatistics::of(records, {}, 0, 0.95, 0);
        VERIFY_NEAR(s.whole.outputTokensPerSecond, 20.0);
        const double half = 2.2622 / 3 / 2;
        QVERIFY2(std::abs(s.whole.outputTokensPerSecondLow - 20 * (1 - half)) < 0.01,
            qPrintable(QString::number(s.whole.outputTokensPerSecondLow)));
        QVERIFY2(std::abs(s.whole.outputTokensPerSecondHigh - 20 * (1 + half)) < 0.01,
            qPrintable(QString::number(s.whole.outputTokensPerSecondHigh)));

        // An even stream, two tokens every batch: no spread between batches, so the interval is the rate itself.
        chunks.clear();
        for (int b = 0; b < 10; ++b)
            chunks.push_back({b * 100 + 10, 1}), chunks.push_back({b * 100 + 60, 1});
        records = {request(0, 0, chunks, 1000)};
        s = StepStatistics::of(records, {}, 0, 0.95, 0);
        VERIFY_NEAR(s.whole.outputTokensPerSecondLow, 20.0);
        VERIFY_NEAR(s.whole.outputTokensPerSecondHigh, 20.0);

        // Fewer than two chunks a batch: too few to say, so no interval rather than a made-up one.
        chunks.resize(19);
        records = {request(0, 0, chunks, 1000)};
        s = StepStatistics::of(records, {}, 0, 0.95, 0);
        QVERIFY(std::isnan(s.whole.outputTokensPerSecondLow));
        QVERIFY(std::isnan(s.whole.outputTokensPerSecondHigh));
    }

    void closedLoopWindow()
    {
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 2, 0.95, 0);
        QCOMPARE(s.targetInFlight, 2);
        QCOMPARE(s.peakInFlight, 2);
        // Both users at work from user 1's warm-up (5) until user 1's last request, R4, ends (265).
        QVERIFY(s.window.usable);
        QVERIFY(s.window.whyNotUsable.isEmpty());
        QCOMPARE(s.window.startNs, ns(5));
        QCOMPARE(s.window.endNs, ns(265));
        VERIFY_NEAR(s.steady.seconds, 0.26);
        // Ending in (5, 265]: the warm-up, R1, R2, R4.
        VERIFY_NEAR(s.steady.requestsPerSecond, 4 / 0.26);
        // Token chunks in (5, 265]: the warm-up 2, R1 4, R2 1+3+1, R3 1 (its 300 is out), R4 1.
        VERIFY_NEAR(s.steady.outputTokensPerSecond, 13 / 0.26);
        // Prompts of requests whose first token arrived in the window: all five.
        VERIFY_NEAR(s.steady.totalTokensPerSecond, (13 + 1999) / 0.26);
        VERIFY_NEAR(s.steady.goodRequestsPerSecond, 4 / 0.26);
    }

    void closedLoopWindowOfOneUser()
    {
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 1, 0.95, 0);
        QVERIFY(s.window.usable);
        QCOMPARE(s.window.startNs, ns(0));
        QCOMPARE(s.window.endNs, ns(300));
    }

    void aWindowOfAFewLifetimesIsTooShort()
    {
        // The fixture holds its full load for 260 ms with requests of 145 ms (median): under three lifetimes, so
        // the window measures one wave, not a steady rate, and the step's rates fall back to the whole step.
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 2);
        QVERIFY(!s.window.usable);
        QVERIFY(s.window.tooShort);
        QVERIFY2(s.window.whyNotUsable.contains(QStringLiteral("under 3 request lifetimes (median 145 ms)")),
            qPrintable(s.window.whyNotUsable));
        QVERIFY(std::isnan(s.steady.outputTokensPerSecond));
        QVERIFY(!std::isnan(s.whole.outputTokensPerSecond));
        // Asked for no minimum, the same records give the 260 ms window.
        QVERIFY(StepStatistics::of(closedLoop(), {}, 2, 0.95, 0).window.usable);
    }

    void closedLoopNeverFull()
    {
        const StepStatistics s = StepStatistics::of(closedLoop(), {}, 3, 0.95, 0);
        QVERIFY(!s.window.usable);
        QVERIFY(s.window.whyNotUsable.contains(u"at most 2"));
        QVERIFY(std::isnan(s.steady.requestsPerSecond));
        QVERIFY(std::isnan(s.steady.outputTokensPerSecond));
        QCOMPARE(s.notes.size(), 1);
        QVERIFY(s.notes.front().contains(u"steady-state"));
        // The whole step is still measured: 4 requests and the warm-up ended in its span.
        VERIFY_NEAR(s.whole.requestsPerSecond, 5 / 0.3);
    }

    void openLoopWindow()
    {
        // Planned every 100 ms, sent 1, 2 and 3 ms late; the last request has no plan and falls back to its
        // send time.
        std::vector<RequestRecord> records = {
            request(-1, 1, {{21, 1}, {31, 1}}, 31, 10),
            request(-1, 102, {{122, 1}, {132, 1}}, 132, 10),
            request(-1, 203, {{223, 1}, {233, 1}}, 233, 10),
            request(-1, 300, {{320, 1}, {330, 1}}, 330, 10),
        };
        records[0].scheduledNs = ns(0);
        records[1].scheduledNs = ns(100);
        records[2].scheduledNs = ns(200);

        const StepStatistics s = StepStatistics::of(records);
        QCOMPARE(s.targetInFlight, 0);
        QCOMPARE(s.peakInFlight, 1);
        QVERIFY(s.window.usable);
        QCOMPARE(s.window.startNs, ns(0));
        QCOMPARE(s.window.endNs, ns(300));
        VERIFY_NEAR(s.steady.requestsPerSecond, 3 / 0.3);
        VERIFY_NEAR(s.steady.outputTokensPerSecond, 6 / 0.3);
        VERIFY_NEAR(s.steady.totalTokensPerSecond, 36 / 0.3);
        VERIFY_NEAR(s.whole.seconds, 0.329);

        QCOMPARE(s.scheduleLagMs.count, std::size_t(3));
        VERIFY_NEAR(s.scheduleLagMs.mean, 2);
        VERIFY_NEAR(s.scheduleLagMs.max, 3);
    }

    void openLoopSingleRequest()
    {
        const StepStatistics s = StepStatistics::of({request(-1, 0, {{10, 1}, {20, 1}}, 20)});
        QVERIFY(!s.window.usable);
        QVERIFY(!s.window.whyNotUsable.isEmpty());
        QVERIFY(std::isnan(s.steady.requestsPerSecond));
        // Still a whole step, with its latencies.
        VERIFY_NEAR(s.whole.requestsPerSecond, 1 / 0.02);
        VERIFY_NEAR(s.ttftMs.mean, 10);
    }

    void failures()
    {
        RequestRecord streamCut = request(-1, 0, {{15, 1}, {16, 1}}, 60);
        streamCut.error = ErrorClass::StreamCut;
        RequestRecord serverError = failure(ErrorClass::ServerError, 5, 6);
        serverError.httpStatus = 500;
        RequestRecord neverEnded = request(-1, 3, {}, 0);
        neverEnded.endNs = -1;

        const std::vector<RequestRecord> records = {
            request(-1, 0, {{10, 1}, {20, 1}}, 25),
            request(-1, 0, {{30, 1}, {40, 1}, {50, 1}}, 50),
            failure(ErrorClass::Timeout, 0, 1000),
            serverError,
            failure(ErrorClass::ServerError, 7, 8),
            streamCut,
            failure(ErrorClass::ConnectionRefused, -1, 2),
            neverEnded,
        };
        SloTargets slo;
        slo.ttftMs = 100;
        const StepStatistics s = StepStatistics::of(records, slo);

        QCOMPARE(s.total, 8);
        QCOMPARE(s.succeeded, 2);
        QCOMPARE(s.failed, 6);
        const std::map<ErrorClass, int> expected = {
            {ErrorClass::Timeout, 1},
            {ErrorClass::ServerError, 2},
            {ErrorClass::StreamCut, 1},
            {ErrorClass::ConnectionRefused, 1},
            {ErrorClass::Other, 1},
        };
        QVERIFY(s.failures == expected);

        // Latencies of the two successes only; the cut stream's tokens are not among them.
        QCOMPARE(s.ttftMs.count, std::size_t(2));
        VERIFY_NEAR(s.ttftMs.mean, 20);
        QCOMPARE(s.itlMs.count, std::size_t(3));
        VERIFY_NEAR(s.whole.outputTokensPerSecond, 5 / 1.0);

        // The span runs to the timeout's end at 1 s; failures are never good and count against attainment.
        VERIFY_NEAR(s.whole.seconds, 1.0);
        VERIFY_NEAR(s.whole.requestsPerSecond, 2);
        QCOMPARE(s.good, 2);
        VERIFY_NEAR(s.whole.goodRequestsPerSecond, 2);
        VERIFY_NEAR(s.sloAttainment, 2.0 / 8);
    }

    void goodput_data()
    {
        const double none = std::nan("");
        QTest::addColumn<double>("ttft");
        QTest::addColumn<double>("tpot");
        QTest::addColumn<double>("e2el");
        QTest::addColumn<int>("good");
        QTest::addColumn<int>("goodInWindow");

        // TTFT 100 140 80 55, TPOT 20 12.5 50 -, E2EL 160 190 130 55; R1, R2 and R4 end in the window.
        QTest::newRow("no targets") << none << none << none << 4 << 3;
        QTest::newRow("ttft <= 100, inclusive") << 100.0 << none << none << 3 << 2;
        QTest::newRow("tpot <= 25, one-token R4 passes") << none << 25.0 << none << 3 << 3;
        QTest::newRow("e2el <= 150") << none << none << 150.0 << 2 << 1;
        QTest::newRow("ttft and tpot") << 100.0 << 25.0 << none << 2 << 2;
        QTest::newRow("all three") << 100.0 << 25.0 << 160.0 << 2 << 2;
        QTest::newRow("unreachable") << 50.0 << none << none << 0 << 0;
    }

    void goodput()
    {
        QFETCH(double, ttft);
        QFETCH(double, tpot);
        QFETCH(double, e2el);
        QFETCH(int, good);
        QFETCH(int, goodInWindow);
        SloTargets slo;
        if (!std::isnan(ttft))
            slo.ttftMs = ttft;
        if (!std::isnan(tpot))
            slo.tpotMs = tpot;
        if (!std::isnan(e2el))
            slo.e2elMs = e2el;

        const StepStatistics s = StepStatistics::of(closedLoop(), slo, 2, 0.95, 0);
        QCOMPARE(s.good, good);
        // The warm-up, which ended in the span (TTFT 5, TPOT 3, E2EL 8), met every target of the rows too.
        VERIFY_NEAR(s.whole.goodRequestsPerSecond, (good + 1) / 0.3);
        VERIFY_NEAR(s.sloAttainment, good / 4.0);
        // … and ended in the window.
        VERIFY_NEAR(s.steady.goodRequestsPerSecond, (goodInWindow + 1) / 0.26);
    }

    void missingMetricIsNotGood()
    {
        // A successful response that streamed no token chunk has no TTFT, so a TTFT target cannot be met.
        const std::vector<RequestRecord> records = {request(-1, 0, {}, 40), request(-1, 0, {{10, 1}, {20, 1}}, 20)};
        SloTargets slo;
        slo.ttftMs = 1000;
        const StepStatistics s = StepStatistics::of(records, slo);
        QCOMPARE(s.succeeded, 2);
        QCOMPARE(s.good, 1);
        VERIFY_NEAR(s.sloAttainment, 0.5);
        QCOMPARE(s.e2elMs.count, std::size_t(2));
        VERIFY_NEAR(s.e2elMs.max, 40); // no chunks: E2EL runs to the end of the response
        QVERIFY(s.notes.join(u'\n').contains(u"not good"));
    }

    void aReasoningModelIsTimedToItsFirstAnswer()
    {
        // R1 thought for 3 tokens and answered at 40 ms; R2 thought to its last token: no answer, so a TTFO target
        // cannot be met; R3 did not think (its first token is its first answer).
        RequestRecord thought = request(-1, 0, {{10, 1}, {20, 1}, {30, 1}, {40, 1}, {50, 1}}, 50);
        thought.reasoningTokens = 3;
        thought.firstAnswerNs = ns(40);
        RequestRecord unanswered = request(-1, 0, {{12, 1}, {24, 1}}, 24);
        unanswered.reasoningTokens = 2;
        RequestRecord plain = request(-1, 0, {{15, 1}, {25, 1}}, 25);
        plain.firstAnswerNs = plain.firstTokenNs;
        SloTargets slo;
        slo.ttfoMs = 45;
        const StepStatistics s = StepStatistics::of({thought, unanswered, plain}, slo);
        QCOMPARE(s.ttfoMs.count, std::size_t(2));
        VERIFY_NEAR(s.ttfoMs.min, 15);
        VERIFY_NEAR(s.ttfoMs.max, 40);
        VERIFY_NEAR(s.ttftMs.max, 15);
        QCOMPARE(s.good, 2);
        QCOMPARE(s.thinkingTokens.count, std::size_t(2));
        VERIFY_NEAR(s.thinkingTokens.max, 3);
        VERIFY_NEAR(s.answerTokens.min, 0);
        VERIFY_NEAR(s.answerTokens.max, 2);
        slo.ttfoMs = 30; // R1's answer came too late for it
        QCOMPARE(StepStatistics::of({thought, unanswered, plain}, slo).good, 1);
    }

    void oneTokenRequestsHaveNoTpot()
    {
        const std::vector<RequestRecord> records = {request(-1, 0, {{10, 1}}, 12), request(-1, 5, {{30, 1}}, 31)};
        SloTargets slo;
        slo.tpotMs = 1;
        const StepStatistics s = StepStatistics::of(records, slo);
        QCOMPARE(s.tpotMs.count, std::size_t(0));
        QVERIFY(std::isnan(s.tpotMs.mean));
        QCOMPARE(s.itlMs.count, std::size_t(0));
        QCOMPARE(s.good, 2); // the TPOT target does not apply below 2 tokens
        const QString notes = s.notes.join(u'\n');
        QVERIFY2(notes.contains(u"TPOT is not available"), qPrintable(notes));
        QVERIFY2(notes.contains(u"ITL is not available"), qPrintable(notes));
    }

    void usageCountsBeatChunkCounts()
    {
        // Usage says 6 tokens over 3 single-token chunks (a stream interval of 2, no continuous usage): TPOT uses
        // 6, per-token ITL has only the chunks to go by, and the window weighs each chunk as 2 tokens.
        RequestRecord r = request(-1, 0, {{10, 1}, {20, 1}, {30, 1}}, 30);
        r.scheduledNs = 0;
        r.completionTokens = 6;
        RequestRecord later = request(-1, 100, {{110, 1}, {140, 1}}, 140);
        later.scheduledNs = ns(100);
        const StepStatistics s = StepStatistics::of({r, later});
        VERIFY_NEAR(s.tpotMs.min, 20.0 / 5);
        VERIFY_NEAR(s.outputTokens.max, 6);
        QCOMPARE(s.itlPerTokenMs.count, std::size_t(3));
        VERIFY_NEAR(s.steady.outputTokensPerSecond, 6 / 0.1);
        VERIFY_NEAR(s.whole.outputTokensPerSecond, 8 / 0.14);
    }

    // A usage count the chunks contradict is not taken: half the chunks of text (each carries a token), or twice
    // what was asked for and what the chunks carried. Taken, TPOT was half or twice the real 10 ms. A count above
    // the chunks but within what was asked for is a server that sends several tokens a chunk, and stands.
    void usageTheChunksContradictIsNotTaken_data()
    {
        QTest::addColumn<int>("usage");
        QTest::addColumn<int>("counted");
        QTest::addColumn<int>("disagreements");
        QTest::newRow("half") << 2 << 5 << 1;
        QTest::newRow("twice") << 10 << 5 << 1;
        QTest::newRow("agrees") << 5 << 5 << 0;
        QTest::newRow("none") << -1 << 5 << 0;
    }

    void usageTheChunksContradictIsNotTaken()
    {
        QFETCH(int, usage);
        QFETCH(int, counted);
        QFETCH(int, disagreements);
        RequestRecord r = request(-1, 0, {{10, 1}, {20, 1}, {30, 1}, {40, 1}, {50, 1}}, 50);
        r.requestedOutputTokens = 5;
        r.completionTokens = usage;
        const StepStatistics s = StepStatistics::of({r});
        VERIFY_NEAR(s.outputTokens.max, counted);
        VERIFY_NEAR(s.tpotMs.max, 10.0);
        QCOMPARE(s.usageDisagreements, disagreements);
        if (disagreements > 0) {
            QCOMPARE(s.usageSaid, usage);
            QCOMPARE(s.chunksCarried, 5);
        }
        RequestRecord bundled = request(-1, 0, {{10, 1}, {20, 1}, {30, 1}}, 30);
        bundled.requestedOutputTokens = 6;
        bundled.completionTokens = 6;
        QVERIFY(!bundled.usageDisagrees());
        QCOMPARE(bundled.outputTokens(), 6);
    }

    void lengthsOtherThanAskedForAreCounted()
    {
        RequestRecord exact = request(-1, 0, {{10, 1}, {20, 1}}, 20, 100);
        exact.requestedInputTokens = 100;
        exact.requestedOutputTokens = 2;
        RequestRecord shortOutput = request(-1, 0, {{10, 1}}, 20, 100);
        shortOutput.requestedInputTokens = 100;
        shortOutput.requestedOutputTokens = 2;
        RequestRecord longPrompt = request(-1, 0, {{10, 1}, {20, 1}}, 20, 103);
        longPrompt.requestedInputTokens = 100;
        longPrompt.requestedOutputTokens = 2;
        RequestRecord unknown = request(-1, 0, {{10, 1}}, 20, 50); // a data set that states no lengths
        const StepStatistics s = StepStatistics::of({exact, shortOutput, longPrompt, unknown});
        QCOMPARE(s.outputLengthMismatches, 1);
        QCOMPARE(s.inputLengthMismatches, 1);
        QVERIFY(s.notes.filter(QStringLiteral("output length")).size() == 1);
        QVERIFY(s.notes.filter(QStringLiteral("prompt length")).size() == 1);
    }

    void missingPromptCounts()
    {
        const std::vector<RequestRecord> records
            = {request(-1, 0, {{10, 1}, {20, 1}}, 20, -1), request(-1, 0, {{10, 1}, {20, 1}}, 20, 50)};
        const StepStatistics s = StepStatistics::of(records);
        QCOMPARE(s.inputTokens.count, std::size_t(1));
        VERIFY_NEAR(s.whole.totalTokensPerSecond, (4 + 50) / 0.02);
        QVERIFY(s.notes.join(u'\n').contains(u"prompt token count"));
    }

    // A long step's chunk gaps outgrow the builders' memory: ITL is then found in passes over the records, and must
    // be what the gaps pooled in memory give. The records are visited afresh at each pass, as from the run store.
    void itlOfALongStepIsExactInPasses()
    {
        std::vector<RequestRecord> records;
        std::vector<double> gaps;
        std::uint64_t state = 7;
        for (int i = 0; i < 300; ++i) {
            std::vector<std::pair<double, int>> chunks;
            double t = 50 + i;
            for (int c = 0; c < 1000; ++c) {
                state = state * 6364136223846793005ULL + 1442695040888963407ULL;
                const double gap = 1 + double(state >> 40) / double(1ULL << 24) * 20; // 1–21 ms
                t += gap;
                chunks.push_back({t, 1});
                if (c > 0)
                    gaps.push_back(double(ns(t) - ns(t - gap)) / 1e6);
            }
            records.push_back(request(-1, i, chunks, t + 1));
        }
        QVERIFY(gaps.size() > DistributionBuilder::kInMemory);
        int visits = 0;
        const StepStatistics s = StepStatistics::fromSource([&](const RecordVisitor& visit) {
            ++visits;
            for (const RequestRecord& r : records)
                visit(r);
        });
        QVERIFY2(visits >= 3, qPrintable(QString::number(visits)));
        const StepStatistics inMemory = StepStatistics::of(records);
        QCOMPARE(s.itlMs.count, std::size_t(300 * 999));
        QCOMPARE(s.itlMs.p99.value, inMemory.itlMs.p99.value);
        QCOMPARE(s.itlMs.p50.value, inMemory.itlMs.p50.value);
        QCOMPARE(s.itlMs.p999.high, inMemory.itlMs.p999.high);
        QCOMPARE(s.itlPerTokenMs.p90.value, inMemory.itlPerTokenMs.p90.value);
        QCOMPARE(s.whole.outputTokensPerSecond, inMemory.whole.outputTokensPerSecond);
        QCOMPARE(s.whole.outputTokensPerSecondLow, inMemory.whole.outputTokensPerSecondLow);
    }

    void empty_data()
    {
        QTest::addColumn<std::vector<RequestRecord>>("records");
        RequestRecord warmup = request(0, 0, {{10, 1}, {20, 1}}, 20);
        warmup.warmup = true;
        QTest::newRow("no records") << std::vector<RequestRecord> {};
        QTest::newRow("only warm-up") << std::vector<RequestRecord> {warmup};
    }

    void empty()
    {
        QFETCH(std::vector<RequestRecord>, records);
        const StepStatistics s = StepStatistics::of(records, {}, 4);
        QCOMPARE(s.total, 0);
        QCOMPARE(s.ttftMs.count, std::size_t(0));
        QVERIFY(std::isnan(s.whole.requestsPerSecond));
        QVERIFY(std::isnan(s.sloAttainment));
        QVERIFY(!s.window.usable);
        QVERIFY(!s.notes.isEmpty());
    }

    void allFailed()
    {
        const StepStatistics s = StepStatistics::of({failure(ErrorClass::RateLimited, 0, 5)});
        QCOMPARE(s.failed, 1);
        QCOMPARE(s.good, 0);
        VERIFY_NEAR(s.sloAttainment, 0);
        VERIFY_NEAR(s.whole.requestsPerSecond, 0);
        QVERIFY(s.notes.join(u'\n').contains(u"No request succeeded"));
    }
};

QTEST_GUILESS_MAIN(TestStepStatistics)
#include "tst_stepstatistics.moc"
