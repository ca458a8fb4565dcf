// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ServerWatch against a real loopback server of ours, and against a port nothing listens on.
#include "core/common/monotonicclock.h"
#include "core/load/serverendpoint.h"
#include "core/run/serverwatch.h"
#include "support/hostileserver.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>
#include <QTimer>

using namespace kp::core;

namespace {

// A loopback port that nothing listens on: bound, then let go.
quint16 freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost))
        return 0;
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

ServerEndpoint targetAt(quint16 port)
{
    ServerEndpoint t;
    t.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
    return t;
}

HostileServer::Script answer(const QByteArray& status)
{
    return {{{"HTTP/1.1 " + status + "\r\ncontent-length: 0\r\n\r\n"}}, HostileServer::End::Close};
}

} // namespace

class TestServerWatch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void aServerThatAnswersIsThere()
    {
        HostileServer server({});
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerWatch watch(targetAt(server.serverPort()));
        QSignalSpy checked(&watch, &ServerWatch::checked);
        watch.check();
        QVERIFY(watch.isChecking());
        QVERIFY(checked.wait(5000));
        QCOMPARE(checked.first().at(0).toBool(), true);
        QVERIFY(!watch.isChecking());
        QVERIFY(server.requests().value(0).startsWith("GET /health "));
    }

    // Any HTTP answer means the server is there, busy or failing: only the connection tells a dead one.
    void aServerAnsweringAnErrorIsThereToo()
    {
        HostileServer server({});
        server.setGet("/health", answer("503 Service Unavailable"));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerWatch watch(targetAt(server.serverPort()));
        QSignalSpy checked(&watch, &ServerWatch::checked);
        watch.check();
        QVERIFY(checked.wait(5000));
        QCOMPARE(checked.first().at(0).toBool(), true);
    }

    // A redirect to another origin is not followed, so that the key stays with the server; it is still an answer.
    void aRedirectAwayIsAnAnswerToo()
    {
        HostileServer server({});
        server.setGet("/health",
            {{{"HTTP/1.1 302 Found\r\nLocation: https://sso.example/login\r\ncontent-length: 0\r\n\r\n"}},
                HostileServer::End::Close});
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerWatch watch(targetAt(server.serverPort()));
        QSignalSpy checked(&watch, &ServerWatch::checked);
        watch.check();
        QVERIFY(checked.wait(5000));
        QCOMPARE(checked.first().at(0).toBool(), true);
    }

    void aPortNobodyListensOnIsRefused()
    {
        const quint16 port = freePort();
        QVERIFY(port);
        ServerWatch watch(targetAt(port));
        QSignalSpy checked(&watch, &ServerWatch::checked);
        watch.check();
        QVERIFY(checked.wait(5000));
        QCOMPARE(checked.first().at(0).toBool(), false);
        QCOMPARE(checked.first().at(1).toString(), QStringLiteral("the connection was refused"));
    }

    // Nothing listens; 700 ms later a server does, on the same port. The watch sees it within its back-off (at most
    // one delay of up to 1 s after it came), not before it came.
    void aServerThatComesBackIsSeen()
    {
        const quint16 port = freePort();
        QVERIFY(port);
        ServerWatch watch(targetAt(port));
        QSignalSpy returned(&watch, &ServerWatch::returned);
        QSignalSpy gaveUp(&watch, &ServerWatch::gaveUp);
        const std::int64_t start = monotonicNowNs();
        watch.waitForReturn(start + 10'000'000'000);
        QVERIFY(watch.isWaiting());
        HostileServer server({});
        QTimer::singleShot(700, &server, [&server, port] { server.listen(QHostAddress::LocalHost, port); });
        QVERIFY(returned.wait(10'000));
        QVERIFY(gaveUp.isEmpty());
        QVERIFY(server.isListening());
        const double after = double(returned.first().at(0).value<std::int64_t>() - start) / 1e9;
        QVERIFY2(after >= 0.7 && after < 2.0, qPrintable(QString::number(after)));
        // Probes at 0, 0.25, 0.75 s at least: backing off, not hammering.
        const int probes = returned.first().at(1).toInt();
        QVERIFY2(probes >= 3 && probes <= 6, qPrintable(QString::number(probes)));
        QVERIFY(!watch.isWaiting());
    }

    // The wait is bounded: it gives up at the deadline, with the last probe's reason, not before it.
    void aServerThatStaysAwayIsGivenUpOnAtTheDeadline()
    {
        const quint16 port = freePort();
        QVERIFY(port);
        ServerWatch watch(targetAt(port));
        QSignalSpy returned(&watch, &ServerWatch::returned);
        QSignalSpy gaveUp(&watch, &ServerWatch::gaveUp);
        const std::int64_t start = monotonicNowNs();
        watch.waitForReturn(start + 1'500'000'000);
        QVERIFY(gaveUp.wait(10'000));
        const double after = double(monotonicNowNs() - start) / 1e9;
        QVERIFY2(after >= 1.5 && after < 3.0, qPrintable(QString::number(after)));
        QVERIFY(returned.isEmpty());
        QCOMPARE(gaveUp.first().at(1).toString(), QStringLiteral("the connection was refused"));
        // 0, 0.25, 0.75 and at the deadline, 1.5 s (one fewer or more when the machine is slow): backing off.
        const int probes = gaveUp.first().at(0).toInt();
        QVERIFY2(probes >= 3 && probes <= 5, qPrintable(QString::number(probes)));
    }

    // A server loading its model answers /health 503: there, but not back.
    void aServerStillLoadingIsNotBack()
    {
        HostileServer server({});
        server.setGet("/health", answer("503 Service Unavailable"));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerWatch watch(targetAt(server.serverPort()));
        QSignalSpy returned(&watch, &ServerWatch::returned);
        QSignalSpy gaveUp(&watch, &ServerWatch::gaveUp);
        watch.waitForReturn(monotonicNowNs() + 800'000'000);
        QVERIFY(gaveUp.wait(10'000));
        QVERIFY(returned.isEmpty());
        QCOMPARE(gaveUp.first().at(1).toString(), QStringLiteral("/health answered HTTP 503"));
    }

    // A server without /health is back when /v1/models answers.
    void aServerWithoutHealthIsAskedForItsModels()
    {
        HostileServer server({});
        server.setGet("/health", answer("404 Not Found"));
        QVERIFY(server.listen(QHostAddress::LocalHost));
        ServerWatch watch(targetAt(server.serverPort()));
        QSignalSpy returned(&watch, &ServerWatch::returned);
        watch.waitForReturn(monotonicNowNs() + 5'000'000'000);
        QVERIFY(returned.wait(5000));
        QVERIFY(server.requests().value(1).startsWith("GET /v1/models "));
    }

    void stopDropsTheWaitWithoutASignal()
    {
        const quint16 port = freePort();
        QVERIFY(port);
        ServerWatch watch(targetAt(port));
        QSignalSpy returned(&watch, &ServerWatch::returned);
        QSignalSpy gaveUp(&watch, &ServerWatch::gaveUp);
        watch.waitForReturn(monotonicNowNs() + 300'000'000);
        watch.stop();
        QVERIFY(!watch.isWaiting());
        QTest::qWait(800);
        QVERIFY(returned.isEmpty());
        QVERIFY(gaveUp.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestServerWatch)
#include "tst_serverwatch.moc"
