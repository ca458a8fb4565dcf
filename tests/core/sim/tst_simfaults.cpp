// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every fault mode of the simulated server, each at rate 1 so that every request shows it.
#include "core/common/monotonicclock.h"
#include "support/httptestclient.h"
#include "support/simprocess.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

namespace {

const QByteArray Stream = R"({"prompt":"fault","max_tokens":20,"ignore_eos":true,"stream":true})";
const QByteArray Plain = R"({"prompt":"fault","max_tokens":20,"ignore_eos":true})";

} // namespace

class TestSimFaults : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void httpErrors_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        QTest::newRow("500") << QStringLiteral("--fault-500") << 500 << QStringLiteral("InternalServerError");
        QTest::newRow("503") << QStringLiteral("--fault-503") << 503 << QStringLiteral("ServiceUnavailableError");
        QTest::newRow("429") << QStringLiteral("--fault-429") << 429 << QStringLiteral("RateLimitError");
    }

    void httpErrors()
    {
        QFETCH(QString, flag);
        QFETCH(int, status);
        QFETCH(QString, type);
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({flag, QStringLiteral("1")}, &error), qPrintable(error));
        HttpTestClient c(sim.port());
        const auto r = c.post("/v1/completions", Stream);
        QCOMPARE(r.status, status);
        QCOMPARE(r.json()[u"error"][u"type"].toString(), type);
        if (status == 429)
            QCOMPARE(r.header("retry-after"), QByteArray("1"));
        // Faults touch generation only: the rest of the API still answers.
        QCOMPARE(c.get("/v1/models").status, 200);
    }

    void cutStreamEndsWithoutDone()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--fault-cut"), QStringLiteral("1")}, &error), qPrintable(error));
        HttpTestClient c(sim.port());
        auto r = c.post("/v1/completions", Stream);
        QCOMPARE(r.status, 200);
        QVERIFY(!r.complete);
        QVERIFY(!r.events().isEmpty());
        QVERIFY(r.events().size() < 20);
        QVERIFY(!r.body.contains("[DONE]"));
        r = c.post("/v1/completions", Plain);
        QVERIFY(!r.complete);
        // The server survives and its engine dropped the requests.
        HttpTestClient probe(sim.port());
        QVERIFY(probe.get("/metrics").body.contains("vllm:num_requests_running{engine=\"0\",model_name="));
    }

    void inBandErrorThenDone()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--fault-inband-error"), QStringLiteral("1")}, &error), qPrintable(error));
        HttpTestClient c(sim.port());
        const auto r = c.post("/v1/completions", Stream);
        QCOMPARE(r.status, 200);
        QVERIFY(r.complete);
        const QList<QByteArray> events = r.events();
        QCOMPARE(events.last(), QByteArray("[DONE]"));
        const QJsonObject err = QJsonDocument::fromJson(events.at(events.size() - 2)).object();
        QCOMPARE(err[u"error"][u"code"].toInt(), 500);
        QCOMPARE(c.post("/v1/completions", Plain).status, 500);
    }

    void malformedSseLine()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--fault-malformed"), QStringLiteral("1")}, &error), qPrintable(error));
        HttpTestClient c(sim.port());
        const auto r = c.post("/v1/completions", Stream);
        QVERIFY(r.complete);
        int broken = 0;
        for (const QByteArray& e : r.events()) {
            if (e != "[DONE]" && QJsonDocument::fromJson(e).isNull())
                ++broken;
        }
        QCOMPARE(broken, 1);
        QCOMPARE(r.events().last(), QByteArray("[DONE]"));
    }

    void stallDelaysTheFirstByte()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--fault-stall"), QStringLiteral("1"), QStringLiteral("--stall-ms"),
                               QStringLiteral("400")},
                     &error),
            qPrintable(error));
        HttpTestClient c(sim.port());
        QElapsedTimer timer;
        timer.start();
        const auto r = c.post("/v1/completions", Stream);
        QVERIFY(timer.elapsed() >= 400);
        QVERIFY(r.complete);
        QCOMPARE(r.events().last(), QByteArray("[DONE]"));
    }

    void slowHeadersStillMakeAValidResponse()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--fault-slow-headers"), QStringLiteral("1"),
                               QStringLiteral("--slow-headers-ms"), QStringLiteral("300")},
                     &error),
            qPrintable(error));
        HttpTestClient c(sim.port());
        QElapsedTimer timer;
        timer.start();
        const auto r = c.post("/v1/completions", Stream);
        QVERIFY(timer.elapsed() >= 300);
        QCOMPARE(r.status, 200);
        QVERIFY(r.complete);
        QCOMPARE(r.events().size(), 21);
    }

    void ratesApplyPerRequest()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--fault-500"), QStringLiteral("0.5"), QStringLiteral("--fault-seed"),
                               QStringLiteral("3")},
                     &error),
            qPrintable(error));
        HttpTestClient c(sim.port());
        int failures = 0;
        for (int i = 0; i < 60; ++i)
            failures += c.post("/v1/completions", R"({"prompt":"x","max_tokens":1})").status == 500 ? 1 : 0;
        QVERIFY2(failures > 15 && failures < 45, qPrintable(QString::number(failures)));
    }

    void fallingBehindIsReported()
    {
        // At 100,000x a 6 ms step lasts 60 ns of real time: no loop keeps that schedule, and the simulator says so.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("100000")}, &error), qPrintable(error));
        HttpTestClient c(sim.port());
        QVERIFY(
            c.post("/v1/completions", R"({"prompt":"x","max_tokens":3000,"ignore_eos":true,"stream":true})").complete);
        const QByteArray metrics = c.get("/metrics").body;
        const qsizetype at = metrics.indexOf("kneepoint:sim_lag_max_seconds{");
        QVERIFY(at > 0);
        const double lag = metrics.mid(metrics.indexOf('}', at) + 2, 12).split('\n').first().toDouble();
        QVERIFY2(lag > 0.005, qPrintable(QString::number(lag)));
        sim.stop();
        QVERIFY(sim.standardError().contains(u"behind its simulated clock"));
    }
};

QTEST_GUILESS_MAIN(TestSimFaults)
#include "tst_simfaults.moc"
