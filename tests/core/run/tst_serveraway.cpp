// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A run whose server is killed mid-step (issue 46), in this process against `kneepoint sim` as a child: the load
// engine stops sending to the dead socket, and the run is stored as stopped by the server.
#include "core/plan/runoptions.h"
#include "core/run/runpipeline.h"
#include "core/store/runstore.h"
#include "support/simprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace kp::core;

class TestServerAway : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The server dies 400 ms into a step of 6 users. Before the engine backed off, the users sent hundreds of
    // requests into the refused port (317 against llama-server, more against the simulator) before /health was
    // asked; now each sends at most one more, and the outage the run keeps counts what failed at the connection.
    // With --server-wait 0 the run stops at once, as stopped by the server.
    void aKilledServerStopsTheRunWithoutAFloodOfRefusals()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        const auto store = RunStore::open(dir.filePath(QStringLiteral("runs.sqlite")), &error);
        QVERIFY2(store, qPrintable(error));
        RunOptions options;
        options.url = QUrl(sim.baseUrl());
        options.concurrency = {6};
        options.requestsPerStep = 600;
        options.shapes = {Shape {64, 64}};
        options.serverWaitSeconds = 0;
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
        pipeline.hold(false);
        QTest::qWait(400);
        QVERIFY2(!status, qPrintable(reason));
        sim.process().kill();
        QVERIFY(sim.process().waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(status.has_value(), 30'000);
        QVERIFY2(*status == RunStatus::ServerFailed, qPrintable(reason));

        const auto stored = store->run(pipeline.runId(), &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->summary.status, RunStatus::ServerFailed);
        const QJsonArray outages = stored->info.facts.value(u"server_outages").toArray();
        QCOMPARE(outages.size(), 1);
        const QJsonObject outage = outages.first().toObject();
        const int failedAtConnection = outage.value(u"refused").toInt() + outage.value(u"closed").toInt();
        QVERIFY2(failedAtConnection >= 1 && failedAtConnection <= 2 * 6, QJsonDocument(outage).toJson().constData());
        QVERIFY2(reason.contains(QStringLiteral("The server stopped answering at 6 users")), qPrintable(reason));
    }
};

QTEST_GUILESS_MAIN(TestServerAway)
#include "tst_serveraway.moc"
