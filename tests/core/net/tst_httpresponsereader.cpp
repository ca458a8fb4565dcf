// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/httpresponsereader.h"

#include <QTest>

using namespace kp::core;

namespace {

struct Read
{
    QByteArray body;
    qsizetype consumed = 0;
};

// Every piece is its own short-lived copy, overwritten once fed: a line kept as a view into an earlier read would show
// the overwrite.
Read readInPieces(HttpResponseReader& reader, QByteArrayView bytes, const QList<qsizetype>& cuts)
{
    Read r;
    qsizetype from = 0;
    QList<qsizetype> ends = cuts;
    ends.append(bytes.size());
    for (qsizetype to : ends) {
        QByteArray piece = bytes.sliced(from, to - from).toByteArray();
        r.consumed += reader.feed(piece, [&r](QByteArrayView b) { r.body += b.toByteArray(); });
        piece.fill('#');
        from = to;
    }
    return r;
}

const QByteArray kChunked = QByteArrayLiteral("HTTP/1.1 200 OK\r\n"
                                              "content-TYPE: text/event-stream\r\n"
                                              "Transfer-Encoding: Chunked\r\n"
                                              "Connection: Keep-Alive\r\n"
                                              "\r\n"
                                              "6\r\ndata: \r\n"
                                              "19;ext=1\r\n{\"id\":\"x\",\"choices\":[]}\n\n\r\n"
                                              "0\r\n"
                                              "Trailer: yes\r\n"
                                              "\r\n");
const QByteArray kChunkedBody = QByteArrayLiteral("data: {\"id\":\"x\",\"choices\":[]}\n\n");

} // namespace

class TestHttpResponseReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsAChunkedResponseWhole()
    {
        HttpResponseReader reader;
        const Read r = readInPieces(reader, kChunked, {});
        QVERIFY(reader.done());
        QCOMPARE(reader.status(), 200);
        QVERIFY(reader.chunked());
        QVERIFY(reader.keepAlive());
        QCOMPARE(reader.contentType(), QByteArray("text/event-stream"));
        QCOMPARE(r.body, kChunkedBody);
        QCOMPARE(r.consumed, kChunked.size());
    }

    // Status, header, chunk-size and trailer lines split at every byte: each is put together from its pieces.
    void readsItSplitAnywhere()
    {
        for (qsizetype cut = 1; cut < kChunked.size(); ++cut) {
            HttpResponseReader reader;
            const Read r = readInPieces(reader, kChunked, {cut});
            QVERIFY2(reader.done(), qPrintable(QString::number(cut)));
            QCOMPARE(reader.status(), 200);
            QVERIFY(reader.chunked());
            QCOMPARE(r.body, kChunkedBody);
        }
        QList<qsizetype> everyByte;
        for (qsizetype i = 1; i < kChunked.size(); ++i)
            everyByte.append(i);
        HttpResponseReader reader;
        const Read r = readInPieces(reader, kChunked, everyByte);
        QVERIFY(reader.done());
        QCOMPARE(r.body, kChunkedBody);
    }

    // A reader reset for the connection's next response starts clean, even after a line split across reads.
    void resetsForTheNextResponse()
    {
        HttpResponseReader reader;
        readInPieces(reader, kChunked, {7, 40});
        QVERIFY(reader.done());
        reader.reset();
        const QByteArray plain = QByteArrayLiteral("HTTP/1.0 404 Not Found\r\nContent-Length: 4\r\n\r\nnopeEXTRA");
        const Read r = readInPieces(reader, plain, {20});
        QVERIFY(reader.done());
        QCOMPARE(reader.status(), 404);
        QVERIFY(!reader.chunked());
        QVERIFY(!reader.keepAlive()); // HTTP/1.0 without keep-alive
        QCOMPARE(reader.contentType(), QByteArray());
        QCOMPARE(r.body, QByteArray("nope"));
        QCOMPARE(r.consumed, plain.size() - 5); // what follows the body is the next response's
    }

    void readsChunkSizes_data()
    {
        QTest::addColumn<QByteArray>("size");
        QTest::addColumn<bool>("valid");
        QTest::newRow("lower") << QByteArray("a") << true;
        QTest::newRow("upper") << QByteArray("A") << true;
        QTest::newRow("padded") << QByteArray("  00a\t") << true;
        QTest::newRow("extension") << QByteArray("a;name=value") << true;
        QTest::newRow("prefixed") << QByteArray("0xa") << false;
        QTest::newRow("signed") << QByteArray("+a") << false;
        QTest::newRow("empty") << QByteArray("") << false;
        QTest::newRow("too long") << QByteArray("10000000000000000") << false;
    }
    void readsChunkSizes()
    {
        QFETCH(QByteArray, size);
        QFETCH(bool, valid);
        HttpResponseReader reader;
        const Read r = readInPieces(reader,
            QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + size + "\r\n0123456789\r\n0\r\n\r\n"),
            {});
        QCOMPARE(reader.done(), valid);
        if (valid)
            QCOMPARE(r.body, QByteArray("0123456789"));
        else
            QCOMPARE(reader.error(), QByteArray("an invalid chunk size"));
    }

    void skipsInterimResponses()
    {
        HttpResponseReader reader;
        const Read r = readInPieces(reader,
            QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nCONNECTION: close\r\n"
                              "Content-Length: 2\r\n\r\nok"),
            {});
        QVERIFY(reader.done());
        QCOMPARE(reader.status(), 200);
        QVERIFY(!reader.keepAlive());
        QCOMPARE(r.body, QByteArray("ok"));
    }

    // A header folded over two lines (obs-fold) is read as one, its fold a space, as Qt reads it for the doctor.
    void readsAFoldedHeaderAsOne()
    {
        const QByteArray folded = QByteArrayLiteral("HTTP/1.1 200 OK\r\n"
                                                    "Content-Type: text/event-stream;\r\n"
                                                    " charset=utf-8\r\n"
                                                    "Transfer-Encoding:\r\n"
                                                    "\tchunked\r\n"
                                                    "X-Other: a\r\n"
                                                    "  b\r\n"
                                                    "\r\n"
                                                    "2\r\nok\r\n0\r\n\r\n");
        HttpResponseReader reader;
        const Read r = readInPieces(reader, folded, {20, 60});
        QVERIFY2(reader.done(), reader.error().constData());
        QVERIFY(reader.chunked());
        QCOMPARE(reader.contentType(), QByteArray("text/event-stream; charset=utf-8"));
        QCOMPARE(r.body, QByteArray("ok"));
    }

    void failsOnWhatIsNotHttp_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("status line") << QByteArray("SSH-2.0-OpenSSH\r\n") << QByteArray("not an HTTP/1.x status line");
        QTest::newRow("status code") << QByteArray("HTTP/1.1 2x0 OK\r\n") << QByteArray("an unreadable status code");
        QTest::newRow("header") << QByteArray("HTTP/1.1 200 OK\r\nno colon\r\n")
                                << QByteArray("a malformed header line");
        QTest::newRow("length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -3\r\n")
                                << QByteArray("a malformed header line");
        QTest::newRow("folded length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n 3\r\n")
                                       << QByteArray("a malformed header line");
        QTest::newRow("fold first") << QByteArray("HTTP/1.1 200 OK\r\n folded\r\n")
                                    << QByteArray("a malformed header line");
        QTest::newRow("chunk size") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
                                    << QByteArray("an invalid chunk size");
        QTest::newRow("chunk data") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n")
                                    << QByteArray("chunk data longer than its size");
    }
    void failsOnWhatIsNotHttp()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QByteArray, error);
        for (qsizetype cut : {qsizetype(0), bytes.size() / 2}) {
            HttpResponseReader reader;
            readInPieces(reader, bytes, cut > 0 ? QList<qsizetype> {cut} : QList<qsizetype> {});
            QCOMPARE(reader.state(), HttpResponseReader::State::Error);
            QCOMPARE(reader.error(), error);
        }
    }

    void closedEndsABodyFramedByTheClose()
    {
        HttpResponseReader reader;
        const Read r = readInPieces(reader, QByteArrayLiteral("HTTP/1.1 200 OK\r\n\r\nuntil the end"), {});
        QVERIFY(!reader.done());
        reader.closed();
        QVERIFY(reader.done());
        QCOMPARE(r.body, QByteArray("until the end"));

        HttpResponseReader cut;
        readInPieces(cut, QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf"), {});
        cut.closed();
        QCOMPARE(cut.error(), QByteArray("the connection closed in the middle of the body"));
    }
};

QTEST_APPLESS_MAIN(TestHttpResponseReader)
#include "tst_httpresponsereader.moc"
