// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// How soon the window is on screen with a history of 50 stored runs (issue 7's target: under 1 s), and how soon
// the newest run's report is shown. Measured from the start of main(), offscreen unless a display is given; the
// database is made first, outside the timing. Prints a table; run by hand (see docs/load-engine.md, Benchmarks).
#include "core/store/runstore.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/report/reportcontroller.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace kp::core;

namespace {

constexpr std::int64_t kMs = 1'000'000;

// 50 runs of three steps with 64 requests each: a history as it looks after weeks of use.
bool makeHistory(const QString& path)
{
    QString error;
    auto store = RunStore::open(path, &error, QStringLiteral("seed"));
    if (!store)
        return false;
    for (int run = 0; run < 50; ++run) {
        RunInfo info;
        info.url = QStringLiteral("http://127.0.0.1:8000");
        info.model = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
        info.gpu = QStringLiteral("h100-sxm");
        info.product = QStringLiteral("chat");
        info.options = QJsonObject {{QStringLiteral("percentile"), 99}};
        const qint64 id = store->createRun(info, &error);
        std::int64_t t = 1000 * kMs;
        for (int step = 0; step < 3; ++step) {
            std::vector<RequestRecord> requests;
            for (int i = 0; i < 64; ++i) {
                RequestRecord r;
                r.id = std::uint64_t(i);
                r.sentNs = t + i * 10 * kMs;
                r.firstTokenNs = r.sentNs + 100 * kMs;
                for (int k = 0; k < 64; ++k)
                    r.chunks.push_back({r.firstTokenNs + k * 10 * kMs, 1});
                r.endNs = r.chunks.back().ns;
                r.httpStatus = 200;
                r.completionTokens = 64;
                r.requestedOutputTokens = 64;
                requests.push_back(r);
            }
            StepInfo s;
            s.phase = Phase::Concurrency;
            s.index = step;
            s.load = QJsonObject {{QStringLiteral("concurrency"), 1 << step}};
            s.startNs = t;
            s.endNs = requests.back().endNs;
            t = s.endNs + kMs;
            if (store->addStep(id, s, requests, {}, &error) < 0)
                return false;
        }
        store->finishRun(id, RunStatus::Complete, QString(), &error);
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QElapsedTimer clock;
    clock.start();
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("KNEEPOINT_NO_DEMO", "1");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("history.sqlite"));
    const double seedStart = double(clock.nsecsElapsed()) / 1e6;
    if (!makeHistory(path)) {
        std::fprintf(stderr, "could not make the history\n");
        return 1;
    }
    const double seeded = double(clock.nsecsElapsed()) / 1e6 - seedStart;
    const double appReady = double(clock.nsecsElapsed()) / 1e6 - seeded;

    QElapsedTimer window;
    window.start();
    kp::ui::MainWindow main(path);
    double report = -1;
    QObject::connect(main.reportController(), &kp::ui::ReportController::resultReady, &main,
        [&report, &window] { report = double(window.nsecsElapsed()) / 1e6; });
    main.show();
    if (!QTest::qWaitForWindowExposed(&main))
        return 1;
    const double shown = double(window.nsecsElapsed()) / 1e6;
    if (!QTest::qWaitFor([&report] { return report >= 0; }, 10'000))
        return 1;
    std::printf("Start-up with a history of 50 runs (3 steps of 64 requests each)\n\n");
    std::printf("%-44s %10s\n", "milestone", "ms");
    std::printf("%-44s %10.1f\n", "QApplication ready (from main)", appReady);
    std::printf("%-44s %10.1f\n", "window shown (from main, seeding excluded)", appReady + shown);
    std::printf("%-44s %10.1f\n", "newest run's report shown", appReady + report);
    std::printf("\nTarget: window shown in under 1,000 ms.\n");
    return 0;
}
