// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The calibrated twin against a ground truth it can know: steps simulated with chosen coefficients stand in for a
// measured run; the fit must find coefficients that reproduce them, and predict another setting as the truth does.
#include "catalog/catalog.h"
#include "predict/servertwin.h"

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
    QVERIFY2(fit.medianError < 0.05, qPrintable(QString::number(fit.medianError)));

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

QTEST_GUILESS_MAIN(TestServerTwin)
#include "tst_servertwin.moc"
