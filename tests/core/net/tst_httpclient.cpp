// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/doctor/doctor.h"
#include "core/load/serverendpoint.h"
#include "core/net/httpclient.h"
#include "core/run/metricsscraper.h"
#include "core/run/serverwatch.h"
#include "core/telemetry/gpusampler.h"
#include "support/hostileserver.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <chrono>
#include <thread>

using namespace kp::core;

namespace {

HostileServer::Script answer(const QByteArray& status, const QByteArray& headers, const QByteArray& body)
{
    return {{{"HTTP/1.1 " + status + "\r\n" + headers + "Content-Length: " + QByteArray::number(body.size())
                + "\r\n\r\n" + body}},
        HostileServer::End::KeepAlive};
}

QUrl at(const HostileServer& server, const QString& path)
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(server.serverPort()).arg(path));
}

} // namespace

/// The one client of every request that is not the load engine's: its rules (the token, redirects, the size cap,
/// the deadline, cancellation) tested where they live.
class TestHttpClient : public QObject
{
    Q_OBJECT

private slots:
    // start(): the answer comes from the event loop, after start() returns; exchanges are out at once on one client;
    // abort() ends one without an answer.
    void startAnswersOnTheEventLoopAndAbortSaysNothing()
    {
        HostileServer server(answer("200 OK", "", "post"));
        server.setGet(
            "/slow", {{{"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nslow", 300}}, HostileServer::End::KeepAlive});
        server.setGet("/fast", answer("200 OK", "", "fast"));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        HttpClient client(HttpClient::Settings {});
        QList<QByteArray> bodies;
        const auto keep = [&bodies](const HttpAnswer& a) { bodies << a.body; };
        connect(client.start(HttpClient::Request::get(at(server, QStringLiteral("/slow")))), &HttpExchange::answered,
            this, keep);
        const QPointer<HttpExchange> aborted
            = client.start(HttpClient::Request::get(at(server, QStringLiteral("/slow"))));
        bool abortedAnswered = false;
        connect(aborted, &HttpExchange::answered, this, [&abortedAnswered] { abortedAnswered = true; });
        connect(client.start(HttpClient::Request::get(at(server, QStringLiteral("/fast")))), &HttpExchange::answered,
            this, keep);
        QVERIFY(bodies.isEmpty());
        aborted->abort();
        QTRY_COMPARE(bodies.size(), 2);
        QCOMPARE(bodies, (QList<QByteArray> {"fast", "slow"}));
        QTest::qWait(100);
        QVERIFY(!abortedAnswered);
        QVERIFY(aborted.isNull());
    }

    // A thread that quits ends every event loop on it: a request waited for there ends as cancelled, not with an
    // answer read from nothing (the window closing during a run quits the run's thread).
    void aWaitOnAQuittingThreadEndsCancelled()
    {
        HostileServer server(answer("200 OK", "", ""));
        server.setGet(
            "/slow", {{{"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nslow", 2000}}, HostileServer::End::KeepAlive});
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const QUrl url = at(server, QStringLiteral("/slow"));
        HttpAnswer got;
        QThread thread;
        QObject worker;
        worker.moveToThread(&thread);
        thread.start();
        QMetaObject::invokeMethod(&worker, [&got, url] {
            HttpClient client(HttpClient::Settings {});
            QTimer::singleShot(100, [] { QThread::currentThread()->quit(); });
            got = client.get(url);
        });
        QVERIFY(thread.wait(5000));
        QVERIFY(got.cancelled);
        QCOMPARE(got.failure, QStringLiteral("cancelled"));
        QCOMPARE(got.status, 0);
    }

    // Every off-path caller goes through the client, with its rules: the /metrics scrapes and the watch on a server
    // that went away carry the API key (a gateway in front of /metrics may ask for it); the DCGM exporter, another
    // service, never sees it.
    void offPathCallersCarryTheKeyOnlyToTheServer()
    {
        HostileServer server(answer("200 OK", "", ""));
        server.setGet("/metrics",
            answer("200 OK", "Content-Type: text/plain\r\n", "vllm:num_requests_running{model_name=\"m\"} 1\n"));
        server.setGet("/health", answer("200 OK", "", ""));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerEndpoint target;
        target.baseUrl = at(server, QString());
        target.apiKey = "sk-test-123";
        MetricsScraper scraper(target, 100);
        scraper.start();
        QTest::qWait(250);
        const std::vector<StoredMetricsSample> samples = scraper.stop();
        QVERIFY2(samples.size() >= 2, qPrintable(QString::number(scraper.failures())));
        QCOMPARE(scraper.failures(), 0);
        ServerWatch watch(target);
        QSignalSpy checked(&watch, &ServerWatch::checked);
        watch.check();
        QTRY_COMPARE(checked.size(), 1);
        QVERIFY(checked.first().at(0).toBool());
        QVERIFY(server.requests().size() >= 3);
        for (const QByteArray& head : server.requests())
            QVERIFY2(head.contains("Authorization: Bearer sk-test-123"), head.constData());

        HostileServer exporter(answer("200 OK", "", ""));
        exporter.setGet("/metrics", answer("200 OK", "", "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\"} 300\n"));
        QVERIFY(exporter.listen(QHostAddress::LocalHost));
        GpuSampler sampler(at(exporter, QStringLiteral("/metrics")), QString(), 100);
        sampler.start();
        QTRY_VERIFY(!sampler.samples().empty());
        sampler.stop();
        QVERIFY(!exporter.requests().isEmpty());
        for (const QByteArray& head : exporter.requests())
            QVERIFY2(!head.contains("Authorization"), head.constData());
    }

    void answersWithItsHeadersAndTheToken()
    {
        HostileServer server(answer(
            "200 OK", "Content-Type: application/json\r\nDate: Tue, 01 Dec 2026 10:00:00 GMT\r\n", R"({"ok": true})"));
        server.setGet("/v1/models", answer("200 OK", "Content-Type: application/json\r\n", R"({"data": []})"));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        HttpClient::Settings settings;
        settings.bearerToken = "sk-test-123";
        HttpClient client(settings);
        const HttpAnswer a = client.get(at(server, QStringLiteral("/v1/models")));
        QVERIFY2(a.ok(), qPrintable(a.failure));
        QCOMPARE(a.status, 200);
        QVERIFY(a.json().contains(u"data"));
        QVERIFY(a.ms >= 0);
        const HttpAnswer b = client.post(
            at(server, QStringLiteral("/tokenize")), QJsonObject {{QStringLiteral("prompt"), QStringLiteral("hi")}});
        QCOMPARE(b.status, 200);
        QCOMPARE(b.header("date"), QByteArray("Tue, 01 Dec 2026 10:00:00 GMT"));
        QCOMPARE(server.requests().size(), 2);
        for (const QByteArray& head : server.requests())
            QVERIFY2(head.contains("Authorization: Bearer sk-test-123"), head.constData());
    }

    // A redirect to another origin would carry the token there: it is not followed, and the failure names it.
    void aRedirectElsewhereIsNotFollowed()
    {
        HostileServer elsewhere(answer("200 OK", {}, "secret please"));
        QVERIFY(elsewhere.listen(QHostAddress::LocalHost));
        HostileServer server(
            answer("302 Found", "Location: " + at(elsewhere, QStringLiteral("/steal")).toEncoded() + "\r\n", {}));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        HttpClient::Settings settings;
        settings.bearerToken = "sk-test-123";
        HttpClient client(settings);
        const HttpAnswer a = client.post(at(server, QStringLiteral("/v1/completions")), QJsonObject {});
        QVERIFY(!a.answered());
        QVERIFY(a.redirectedAway);
        QVERIFY2(a.failure.contains(QStringLiteral("another origin")) && a.failure.contains(QStringLiteral("/steal")),
            qPrintable(a.failure));
        QCOMPARE(elsewhere.answered(), 0);
        QVERIFY(elsewhere.requests().isEmpty());
    }

    void aLargeAnswerIsCut()
    {
        HostileServer server(answer("200 OK", {}, QByteArray(3 << 20, 'x')));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        HttpClient::Settings settings;
        settings.maxBytes = 1 << 20;
        HttpClient client(settings);
        const HttpAnswer a = client.post(at(server, QStringLiteral("/metrics")), QByteArray("{}"));
        QVERIFY(!a.answered());
        QVERIFY(a.body.isEmpty());
        QVERIFY2(a.failure.contains(QStringLiteral("larger than 1 MiB")), qPrintable(a.failure));
    }

    void aSilentServerTimesOut()
    {
        HostileServer server({{}, HostileServer::End::Hold});
        QVERIFY(server.listen(QHostAddress::LocalHost));
        HttpClient::Settings settings;
        settings.timeoutMs = 300;
        HttpClient client(settings);
        QElapsedTimer clock;
        clock.start();
        const HttpAnswer a = client.post(at(server, QStringLiteral("/v1/completions")), QByteArray("{}"));
        QVERIFY(a.timedOut);
        QVERIFY2(a.failure.contains(QStringLiteral("no answer within 300 ms")), qPrintable(a.failure));
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
    }

    // Another thread's cancel ends the wait long before the deadline, and every later request at once.
    void cancelledFromAnotherThread()
    {
        HostileServer server({{}, HostileServer::End::Hold});
        QVERIFY(server.listen(QHostAddress::LocalHost));
        Cancellation cancellation;
        HttpClient::Settings settings;
        settings.timeoutMs = 60'000;
        settings.cancellation = &cancellation;
        HttpClient client(settings);
        std::thread canceller([&cancellation] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            cancellation.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const HttpAnswer a = client.post(at(server, QStringLiteral("/v1/completions")), QByteArray("{}"));
        canceller.join();
        QVERIFY(a.cancelled);
        QCOMPARE(a.failure, QStringLiteral("cancelled"));
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(client.get(at(server, QStringLiteral("/health"))).cancelled);
    }

    // The wizard's Detect stops the doctor this way (it used to throw through core code to leave it).
    void theDoctorStopsWhenCancelled()
    {
        // /health answers, then /version never does: the doctor waits there until cancelled.
        HostileServer server({{}, HostileServer::End::Hold});
        server.setGet("/health", answer("200 OK", {}, {}));
        server.setGet("/version", {{}, HostileServer::End::Hold});
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerEndpoint target;
        target.baseUrl = at(server, QString());
        Cancellation cancellation;
        QStringList seen;
        std::thread canceller([&cancellation] {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            cancellation.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const DoctorReport report = Doctor::run(
            target, 30'000, [&seen](const DoctorCheck& c) { seen << c.id; }, &cancellation);
        canceller.join();
        QVERIFY(report.cancelled);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(seen.contains(QStringLiteral("health")), qPrintable(seen.join(u',')));
        QVERIFY2(!seen.contains(QStringLiteral("models")), qPrintable(seen.join(u',')));
        QVERIFY(!report.find(QStringLiteral("completion")));
    }
};

QTEST_GUILESS_MAIN(TestHttpClient)
#include "tst_httpclient.moc"
