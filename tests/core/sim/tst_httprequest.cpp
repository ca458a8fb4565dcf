// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/httprequest.h"

#include <QTest>

using namespace kp::core;

class TestHttpRequest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesPipelinedRequestsOneAtATime()
    {
        QByteArray buffer = "POST /v1/completions?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nbodyGET /health "
                            "HTTP/1.1\r\nConnection: close\r\n\r\n";
        HttpRequestParser parser;
        HttpRequest r;
        QCOMPARE(parser.parse(&buffer, &r), HttpRequestParser::Result::Complete);
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.path, QByteArray("/v1/completions"));
        QCOMPARE(r.query, QByteArray("x=1"));
        QCOMPARE(r.body, QByteArray("body"));
        QCOMPARE(r.header("host"), QByteArray("a"));
        QVERIFY(r.keepAlive);
        QCOMPARE(parser.parse(&buffer, &r), HttpRequestParser::Result::Complete);
        QCOMPARE(r.path, QByteArray("/health"));
        QVERIFY(!r.keepAlive);
        QVERIFY(buffer.isEmpty());
    }

    void waitsForTheWholeBody()
    {
        QByteArray buffer = "POST / HTTP/1.1\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n12345";
        HttpRequestParser parser;
        HttpRequest r;
        QCOMPARE(parser.parse(&buffer, &r), HttpRequestParser::Result::NeedMore);
        QVERIFY(parser.expectsContinue());
        buffer += "67890";
        QCOMPARE(parser.parse(&buffer, &r), HttpRequestParser::Result::Complete);
        QCOMPARE(r.body, QByteArray("1234567890"));
    }

    void http10ClosesUnlessAskedNotTo()
    {
        QByteArray buffer = "GET / HTTP/1.0\r\n\r\nGET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
        HttpRequestParser parser;
        HttpRequest r;
        parser.parse(&buffer, &r);
        QVERIFY(!r.keepAlive);
        parser.parse(&buffer, &r);
        QVERIFY(r.keepAlive);
    }

    void refusesWhatItCannotServe_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        QTest::newRow("garbage") << QByteArray("garbage\r\n\r\n") << 400;
        QTest::newRow("tls hello") << QByteArray("\x16\x03\x01\x02\x00\x01", 6) << 400;
        QTest::newRow("version") << QByteArray("GET / HTTP/2.0\r\n\r\n") << 505;
        QTest::newRow("length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") << 400;
        QTest::newRow("chunked") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") << 501;
        QTest::newRow("header line") << QByteArray("GET / HTTP/1.1\r\nno colon here\r\n\r\n") << 400;
        QTest::newRow("huge body") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 999999999999\r\n\r\n") << 413;
        QTest::newRow("huge header") << QByteArray("GET / HTTP/1.1\r\nx: " + QByteArray(70'000, 'a')) << 431;
    }

    void refusesWhatItCannotServe()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        HttpRequestParser parser;
        HttpRequest r;
        QCOMPARE(parser.parse(&request, &r), HttpRequestParser::Result::Error);
        QCOMPARE(parser.errorStatus(), status);
        QVERIFY(!parser.errorMessage().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHttpRequest)
#include "tst_httprequest.moc"
