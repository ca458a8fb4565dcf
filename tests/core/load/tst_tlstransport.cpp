// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// HTTPS on the lean transport: the same read path as plain HTTP, over OpenSSL, with the certificate's problems said
// in the words of each problem, and sessions resumed after the first handshake.
#include "core/load/loadengine.h"
#include "core/load/workload.h"
#include "core/net/tlssession.h"
#include "support/simprocess.h"
#include "support/testcertificates.h"
#include "support/testworkloads.h"

#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace kp::core;

namespace {

Workload completions(int count, int maxTokens)
{
    return kp::test::completions(count, maxTokens, QStringLiteral("request %1 over TLS"), 8);
}

// A blocking TCP connection to 127.0.0.1:`port`, tried for up to 10 s while the server starts; -1 if none came.
int connectTo(quint16 port)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0)
            return fd;
        ::close(fd);
        QTest::qWait(100);
    }
    return -1;
}

// A blocking wait for the readiness a TLS call asked for.
bool waitFor(int fd, TlsSession::Status status)
{
    pollfd p {fd, short(status == TlsSession::Status::WantWrite ? POLLOUT : POLLIN), 0};
    return ::poll(&p, 1, 5000) == 1;
}

} // namespace

class TestTlsTransport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(TestCertificates::make(m_dir.path(), &error), qPrintable(error));
    }

    void httpsTakesTheLeanPath()
    {
        ServerEndpoint t;
        t.baseUrl = QUrl(QStringLiteral("https://127.0.0.1:8443"));
        QCOMPARE(StreamTransport::effectiveKind(StreamTransport::Kind::Readiness, t), StreamTransport::Kind::Readiness);
    }

    // A server whose certificate a private CA signed: measured with --ca-file as over plain HTTP, every chunk
    // counted; refused without it, with a sentence that names the issuer and the option.
    void aPrivateCaIsTrustedWithCaFile()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(start(sim, QStringLiteral("server"), &error), qPrintable(error));
        ServerEndpoint t = target(sim);
        LoadPlan plan;
        plan.users = 4;
        plan.requestCount = 16;

        const auto refused = LoadEngine::run(t, StreamTransport::Kind::Readiness, plan, completions(4, 8));
        QVERIFY(refused.records.empty());
        QVERIFY2(refused.error.contains(u"signed by Kneepoint Test CA, an issuer this machine does not trust")
                && refused.error.contains(u"--ca-file"),
            qPrintable(refused.error));

        t.caFile = TestCertificates::certificate(m_dir.path(), QStringLiteral("ca"));
        const auto result = LoadEngine::run(t, StreamTransport::Kind::Readiness, plan, completions(4, 8));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(int(result.records.size()), 16);
        for (const RequestRecord& r : result.records) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.completionTokens, 8);
            QVERIFY(r.firstTokenNs >= r.headersNs && r.headersNs >= r.sentNs);
            int tokens = 0;
            for (const ChunkArrival& c : r.chunks)
                tokens += c.tokens;
            QCOMPARE(tokens, 8);
        }
    }

    void certificateProblemsAreNamed_data()
    {
        QTest::addColumn<QString>("certificate");
        QTest::addColumn<QString>("words");
        QTest::newRow("self-signed") << QStringLiteral(
            "selfsigned") << QStringLiteral("is self-signed (127.0.0.1), and this machine does not trust it");
        QTest::newRow("another host") << QStringLiteral("otherhost")
                                      << QStringLiteral("is for other.example, not for 127.0.0.1");
        QTest::newRow("expired") << QStringLiteral("expired") << QStringLiteral("expired on ");
    }

    void certificateProblemsAreNamed()
    {
        QFETCH(QString, certificate);
        QFETCH(QString, words);
        SimProcess sim;
        QString error;
        QVERIFY2(start(sim, certificate, &error), qPrintable(error));
        ServerEndpoint t = target(sim);
        t.caFile = TestCertificates::certificate(m_dir.path(), QStringLiteral("ca"));
        LoadPlan plan;
        plan.requestCount = 1;
        const auto result = LoadEngine::run(t, StreamTransport::Kind::Readiness, plan, completions(1, 2));
        QVERIFY(result.records.empty());
        QVERIFY2(result.error.startsWith(u"Could not open a connection to the server: The certificate of 127.0.0.1:")
                && result.error.contains(words),
            qPrintable(result.error));

        // --insecure measures it, and only then.
        t.verifyTls = false;
        const auto insecure = LoadEngine::run(t, StreamTransport::Kind::Readiness, plan, completions(1, 2));
        QVERIFY2(insecure.error.isEmpty(), qPrintable(insecure.error));
        QCOMPARE(int(insecure.records.size()), 1);
        QVERIFY2(insecure.records.front().ok(), qPrintable(insecure.records.front().errorMessage));
    }

    void anUnreadableCaFileIsSaid()
    {
        QCOMPARE(ServerEndpoint::caFileProblem(TestCertificates::certificate(m_dir.path(), QStringLiteral("ca"))),
            QString());
        QVERIFY(ServerEndpoint::caFileProblem(TestCertificates::key(m_dir.path(), QStringLiteral("ca")))
                    .contains(u"holds no PEM certificate"));
        QVERIFY(!ServerEndpoint::caFileProblem(m_dir.filePath(QStringLiteral("missing.pem"))).isEmpty());
    }

    // The second connection resumes the session the first was given (TLS 1.3 sends it after the handshake, with the
    // first bytes read), so warming 4,096 connections is not 4,096 full handshakes. Against OpenSSL's own server:
    // Qt's (the simulator's) makes a TLS context per connection, so it can resume nothing.
    void theSecondHandshakeResumesTheSession()
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            port = probe.serverPort();
        }
        QProcess server;
        server.start(QStringLiteral("openssl"),
            {QStringLiteral("s_server"), QStringLiteral("-accept"), QStringLiteral("127.0.0.1:%1").arg(port),
                QStringLiteral("-cert"), TestCertificates::certificate(m_dir.path(), QStringLiteral("server")),
                QStringLiteral("-key"), TestCertificates::key(m_dir.path(), QStringLiteral("server")),
                QStringLiteral("-www"), QStringLiteral("-quiet")});
        QVERIFY2(server.waitForStarted(), qPrintable(server.errorString()));
        TlsContext context(
            {QStringLiteral("127.0.0.1"), true, TestCertificates::certificate(m_dir.path(), QStringLiteral("ca"))});
        QCOMPARE(context.error(), QString());
        for (int round = 0; round < 2; ++round) {
            const int fd = connectTo(port);
            QVERIFY(fd >= 0);
            {
                TlsSession session(context, fd);
                TlsSession::Status s = session.handshake();
                while (s == TlsSession::Status::WantRead || s == TlsSession::Status::WantWrite) {
                    QVERIFY(waitFor(fd, s));
                    s = session.handshake();
                }
                QVERIFY2(s == TlsSession::Status::Done, qPrintable(session.error(QStringLiteral("s_server"))));
                const QByteArray request = "GET / HTTP/1.0\r\n\r\n";
                std::size_t written = 0;
                QCOMPARE(
                    session.write(request.constData(), std::size_t(request.size()), written), TlsSession::Status::Done);
                QCOMPARE(qsizetype(written), request.size());
                QByteArray answer;
                char buffer[4096];
                for (;;) {
                    std::size_t n = 0;
                    s = session.read(buffer, sizeof buffer, n);
                    answer.append(buffer, qsizetype(n));
                    if (s == TlsSession::Status::WantRead || s == TlsSession::Status::WantWrite) {
                        if (!waitFor(fd, s))
                            break;
                        continue;
                    }
                    if (s != TlsSession::Status::Done)
                        break;
                }
                QCOMPARE(s, TlsSession::Status::Closed);
                QVERIFY2(answer.startsWith("HTTP/1.0 200"), answer.constData());
            }
            ::close(fd);
        }
        server.kill();
        server.waitForFinished();
        QCOMPARE(context.handshakes(), 2);
        QCOMPARE(context.resumed(), 1);
    }

private:
    bool start(SimProcess& sim, const QString& certificate, QString* error)
    {
        return sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--ssl-certfile"),
                             TestCertificates::certificate(m_dir.path(), certificate), QStringLiteral("--ssl-keyfile"),
                             TestCertificates::key(m_dir.path(), certificate)},
            error);
    }

    static ServerEndpoint target(const SimProcess& sim)
    {
        ServerEndpoint t;
        t.baseUrl = QUrl(sim.baseUrl());
        t.connectTimeoutMs = 5000;
        return t;
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestTlsTransport)
#include "tst_tlstransport.moc"
