// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The calibrated twin against a ground truth it can know: steps simulated with chosen coefficients stand in for a
// measured run; the fit must find coefficients that reproduce them, and predict another setting as the truth does.
#include "core/catalog/catalog.h"
#include "core/predict/servertwin.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <cmath>

using namespace kp::core;

class TestServerTwin : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fitRecoversAKnownServerAndPredictsAnother();
    void aCapQueuesTheUsersBeyondIt();
    void aFitStopsWhenItsThreadIsAskedTo();
    void eachFigureHasItsOwnError();
    void aShortStepCountsEveryTokenItTimed();
};

namespace {

ServerTwin twinOf(const BatchEngine::Config& engine)
{
    return ServerTwin(Catalog::builtIn().gpu(QStringLiteral("h100-sxm")),
        *Catalog::builtIn().model(QStringLiteral("llama-3.1-8b")), engine);
}

} // namespace

void TestServerTwin::fitRecoversAKnownServerAndPredictsAnother()
{
    BatchEngine::Config engine;
    engine.numGpuBlocks = 20'000;
    const ServerTwin twin = twinOf(engine);
    TwinFit truth;
    truth.bandwidthEfficiency = 0.6;
    truth.computeEfficiency = 0.35;
    truth.overheadMs = 1.5;
    truth.ttftOffsetMs = 4;
    truth.ttftTailMs = 2;
    std::vector<TwinStep> measured;
    for (int users : {1, 2, 4, 8, 16, 32})
        measured.push_back(twin.simulate(engine, truth, users, 512, 128, 6 * users));
    const TwinFit fit = twin.fit(measured, 512, 128);
    for (const TwinError& e : {fit.ttftP99Error, fit.tpotP99Error, fit.throughputError}) {
        QCOMPARE(e.steps, 6);
        QVERIFY2(
            e.median < 0.05 && e.median <= e.worst, qPrintable(QStringLiteral("%1, %2").arg(e.median).arg(e.worst)));
    }

    // Another setting, with the truth simulated beside it: at most 4 sequences at once.
    BatchEngine::Config capped = engine;
    capped.maxNumSeqs = 4;
    for (int users : {2, 8, 32}) {
        const TwinStep real = twin.simulate(capped, truth, users, 512, 128, 6 * users);
        const TwinStep guess = twin.simulate(capped, fit, users, 512, 128, 6 * users);
        QVERIFY2(ServerTwin::error(guess.outputTokensPerSecond, real.outputTokensPerSecond) < 0.1,
            qPrintable(QStringLiteral("%1 users: %2 against %3 tokens/s")
                           .arg(users)
                           .arg(guess.outputTokensPerSecond)
                           .arg(real.outputTokensPerSecond)));
        QVERIFY2(ServerTwin::error(guess.ttftP99Ms, real.ttftP99Ms) < 0.15,
            qPrintable(QStringLiteral("%1 users: TTFT p99 %2 against %3 ms")
                           .arg(users)
                           .arg(guess.ttftP99Ms)
                           .arg(real.ttftP99Ms)));
    }
}

void TestServerTwin::aCapQueuesTheUsersBeyondIt()
{
    // Four places and eight users: half of them wait a whole request for a place, so TTFT's tail is about one
    // request's lifetime, and throughput is the four places' (it does not double from 4 users to 8).
    BatchEngine::Config engine;
    engine.numGpuBlocks = 20'000;
    engine.maxNumSeqs = 4;
    const ServerTwin twin = twinOf(engine);
    const TwinFit fit;
    const TwinStep four = twin.simulate(engine, fit, 4, 512, 128, 24);
    const TwinStep eight = twin.simulate(engine, fit, 8, 512, 128, 48);
    const double lifetime = four.ttftP50Ms + 127 * four.tpotP50Ms;
    QVERIFY2(eight.ttftP99Ms > 0.5 * lifetime, qPrintable(QString::number(eight.ttftP99Ms)));
    QVERIFY2(eight.outputTokensPerSecond < 1.15 * four.outputTokensPerSecond,
        qPrintable(QStringLiteral("%1 → %2").arg(four.outputTokensPerSecond).arg(eight.outputTokensPerSecond)));
    QVERIFY(four.ttftP99Ms < 0.2 * lifetime);
}

void TestServerTwin::aFitStopsWhenItsThreadIsAskedTo()
{
    // A window closed during a fit must not wait seconds for it: asked to stop, the search ends at its next move.
    BatchEngine::Config engine;
    engine.numGpuBlocks = 20'000;
    const ServerTwin twin = twinOf(engine);
    std::vector<TwinStep> measured;
    for (int users : {1, 2, 4, 8, 16, 32})
        measured.push_back(twin.simulate(engine, TwinFit(), users, 512, 128, 6 * users));
    QSemaphore started;
    TwinFit fit;
    std::unique_ptr<QThread> thread(QThread::create([&] {
        started.release();
        fit = twin.fit(measured, 512, 128);
    }));
    thread->start();
    started.acquire();
    thread->requestInterruption();
    QVERIFY(thread->wait(QDeadlineTimer(60'000)));
    QVERIFY(fit.interrupted);
    // On a thread nobody interrupts, the same fit runs to its end.
    QVERIFY(!twin.fit(measured, 512, 128).interrupted);
}

void TestServerTwin::eachFigureHasItsOwnError()
{
    // A server whose TPOT tail is a third longer than any engine's schedule (a real one's jitter): the fit, which
    // cannot reproduce it, must say so for TPOT p99, not pool it with figures it gets right.
    BatchEngine::Config engine;
    engine.numGpuBlocks = 20'000;
    const ServerTwin twin = twinOf(engine);
    std::vector<TwinStep> measured;
    for (int users : {1, 2, 4, 8, 16}) {
        TwinStep s = twin.simulate(engine, TwinFit(), users, 512, 128, 6 * users);
        s.tpotP99Ms *= 1.3;
        measured.push_back(s);
    }
    const TwinFit fit = twin.fit(measured, 512, 128);
    QVERIFY2(
        std::abs(fit.tpotP99Error.median - 0.3 / 1.3) < 0.05, qPrintable(QString::number(fit.tpotP99Error.median)));
    QVERIFY2(fit.throughputError.median < 0.05, qPrintable(QString::number(fit.throughputError.median)));
    QVERIFY(fit.tpotP99Error.worst > fit.throughputError.worst);
    QCOMPARE(TwinError::of({0.1, std::numeric_limits<double>::quiet_NaN(), 0.3, 0.2}).median, 0.2);
    QCOMPARE(TwinError::of({0.1, 0.4}).median, 0.25);
    QCOMPARE(TwinError::of({0.1, 0.4}).worst, 0.4);
    QCOMPARE(TwinError::of({}).steps, 0);
}

void TestServerTwin::aShortStepCountsEveryTokenItTimed()
{
    // Sixteen users, two requests each after their warm-up: too short a step for a window in which every user is at
    // work, so throughput is taken from the first measured request to the last token. The warm-ups' tokens made in
    // that time are the server's work too: left out, the figure was 28% low against the server's own count on a
    // real llama.cpp server, and the twin was fitted and checked against it. A long step of the same server is the
    // truth to hold the short one to.
    BatchEngine::Config engine;
    engine.numGpuBlocks = 20'000;
    const ServerTwin twin = twinOf(engine);
    const TwinStep shortStep = twin.simulate(engine, TwinFit(), 16, 512, 128, 32);
    const TwinStep longStep = twin.simulate(engine, TwinFit(), 16, 512, 128, 16 * 20);
    QVERIFY2(ServerTwin::error(shortStep.outputTokensPerSecond, longStep.outputTokensPerSecond) < 0.1,
        qPrintable(QStringLiteral("%1 against %2 tokens/s")
                       .arg(shortStep.outputTokensPerSecond)
                       .arg(longStep.outputTokensPerSecond)));
}

QTEST_GUILESS_MAIN(TestServerTwin)
#include "tst_servertwin.moc"
