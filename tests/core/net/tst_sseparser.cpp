// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/sseparser.h"

#include <QTest>

using namespace kp::core;

namespace {

QList<QByteArray> parseAll(SseParser& parser, QByteArrayView bytes)
{
    QList<QByteArray> events;
    const bool ok = parser.feed(bytes, [&](QByteArrayView data) { events.append(data.toByteArray()); });
    if (!ok)
        events.append(QByteArrayLiteral("<error>"));
    return events;
}

QList<QByteArray> parseAll(QByteArrayView bytes)
{
    SseParser parser;
    return parseAll(parser, bytes);
}

// Every feed gets its own short-lived copy, so a payload that still pointed into an earlier feed would show garbage.
QList<QByteArray> parseInPieces(QByteArrayView bytes, const QList<qsizetype>& cuts)
{
    SseParser parser;
    QList<QByteArray> events;
    qsizetype from = 0;
    QList<qsizetype> ends = cuts;
    ends.append(bytes.size());
    for (qsizetype to : ends) {
        QByteArray piece = bytes.sliced(from, to - from).toByteArray();
        parser.feed(piece, [&](QByteArrayView data) { events.append(data.toByteArray()); });
        piece.fill('#');
        from = to;
    }
    return events;
}

// A stream mixing what a tolerant client meets: CRLF, lone CR, comments, other fields, multi-line data, a BOM.
const QByteArray MixedStream = QByteArrayLiteral("\xEF\xBB\xBF: keep-alive\r\n"
                                                 "data: {\"a\":1}\r\n\r\n"
                                                 "event: x\nid: 7\nretry: 10\ndata:first\ndata: second\n\n"
                                                 "data: cr\r\r"
                                                 ":c\n\n"
                                                 "data\n\n"
                                                 "data: [DONE]\n\n");
const QList<QByteArray> MixedEvents = {QByteArrayLiteral("{\"a\":1}"), QByteArrayLiteral("first\nsecond"),
    QByteArrayLiteral("cr"), QByteArray(""), QByteArrayLiteral("[DONE]")};

} // namespace

class TestSseParser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parsesWholeStreams_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QList<QByteArray>>("events");
        const QList<QByteArray> ab = {QByteArrayLiteral("a"), QByteArrayLiteral("b")};
        QTest::newRow("lf") << QByteArrayLiteral("data: a\n\ndata: b\n\n") << ab;
        QTest::newRow("crlf") << QByteArrayLiteral("data: a\r\n\r\ndata: b\r\n\r\n") << ab;
        QTest::newRow("cr") << QByteArrayLiteral("data: a\r\rdata: b\r\r") << ab;
        QTest::newRow("mixed endings") << QByteArrayLiteral("data: a\r\n\rdata: b\n\r\n") << ab;
        QTest::newRow("no space") << QByteArrayLiteral("data:a\n\ndata:b\n\n") << ab;
        QTest::newRow("one space stripped") << QByteArrayLiteral("data:  a\n\n") << QList<QByteArray> {" a"};
        QTest::newRow("comments") << QByteArrayLiteral(": hi\ndata: a\n: mid\n\n:\n\ndata: b\n\n") << ab;
        QTest::newRow("other fields") << QByteArrayLiteral("event: e\nid: 1\nretry: 5\ndata: a\n\nfoo\ndata: b\n\n")
                                      << ab;
        QTest::newRow("multi-line") << QByteArrayLiteral("data: a\ndata:\ndata: b\n\n") << QList<QByteArray> {"a\n\nb"};
        QTest::newRow("no data, no event") << QByteArrayLiteral("event: x\n\nid: 2\n\n\n\n") << QList<QByteArray> {};
        QTest::newRow("empty data") << QByteArrayLiteral("data\n\ndata:\n\n") << QList<QByteArray> {"", ""};
        QTest::newRow("not quite data") << QByteArrayLiteral("datax: a\ndata : b\nDATA: c\n\n") << QList<QByteArray> {};
        QTest::newRow("colon in value") << QByteArrayLiteral("data: {\"k\":\"v: w\"}\n\n")
                                        << QList<QByteArray> {"{\"k\":\"v: w\"}"};
        QTest::newRow("bom") << QByteArrayLiteral("\xEF\xBB\xBF"
                                                  "data: a\n\n")
                             << QList<QByteArray> {"a"};
        QTest::newRow("done") << QByteArrayLiteral("data: [DONE]\n\n") << QList<QByteArray> {"[DONE]"};
        QTest::newRow("unterminated") << QByteArrayLiteral("data: a\n\ndata: b\n") << QList<QByteArray> {"a"};
        QTest::newRow("mixed") << MixedStream << MixedEvents;
    }

    void parsesWholeStreams()
    {
        QFETCH(QByteArray, stream);
        QFETCH(QList<QByteArray>, events);
        QCOMPARE(parseAll(stream), events);
    }

    void anySplitGivesTheSameEvents_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QList<QByteArray>>("events");
        QTest::newRow("mixed") << MixedStream << MixedEvents;
        const QList<QByteArray> chat = {
            QByteArrayLiteral("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,"
                              "\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
                              "\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}"),
            QByteArrayLiteral("{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\" hi\"}}]}"),
            QByteArrayLiteral("[DONE]")};
        QByteArray stream;
        for (const QByteArray& event : chat)
            stream += "data: " + event + "\r\n\r\n";
        QTest::newRow("chat crlf") << stream << chat;
    }

    void anySplitGivesTheSameEvents()
    {
        QFETCH(QByteArray, stream);
        QFETCH(QList<QByteArray>, events);
        QCOMPARE(parseAll(stream), events);

        QList<qsizetype> everyByte;
        for (qsizetype i = 1; i < stream.size(); ++i)
            everyByte.append(i);
        QCOMPARE(parseInPieces(stream, everyByte), events);

        for (qsizetype i = 0; i <= stream.size(); ++i) {
            const QList<QByteArray> got = parseInPieces(stream, {i});
            if (got != events)
                QFAIL(qPrintable(QStringLiteral("split at %1 gave other events").arg(i)));
        }
        for (qsizetype i = 0; i <= stream.size(); i += 3) {
            for (qsizetype j = i; j <= stream.size(); ++j) {
                if (parseInPieces(stream, {i, j}) != events)
                    QFAIL(qPrintable(QStringLiteral("splits at %1 and %2 gave other events").arg(i).arg(j)));
            }
        }
    }

    void crLfSplitAcrossFeedsIsOneLineEnd()
    {
        SseParser parser;
        QList<QByteArray> events;
        const auto sink = [&](QByteArrayView data) { events.append(data.toByteArray()); };
        QVERIFY(parser.feed("data: a\r", sink));
        QVERIFY(parser.feed("\n", sink));
        QVERIFY(events.isEmpty()); // the LF completed the CR: no blank line yet
        QVERIFY(parser.feed("\r", sink));
        QCOMPARE(events, QList<QByteArray> {"a"});
        QVERIFY(parser.feed("\ndata: b\r\n\r\n", sink));
        QCOMPARE(events, (QList<QByteArray> {"a", "b"}));
    }

    void reportsACutStream()
    {
        SseParser parser;
        QVERIFY(!parser.hasPartialEvent());
        QCOMPARE(parseAll(parser, "data: a\n\ndata: {\"text\":"), QList<QByteArray> {"a"});
        QVERIFY(parser.hasPartialEvent());
        parser.reset();
        QVERIFY(!parser.hasPartialEvent());
        QCOMPARE(parseAll(parser, "data: a\n"), QList<QByteArray> {});
        QVERIFY(parser.hasPartialEvent()); // a whole data line, but no blank line after it
        QCOMPARE(parseAll(parser, "\n"), QList<QByteArray> {"a"});
        QVERIFY(!parser.hasPartialEvent());
        QCOMPARE(parseAll(parser, ": ping\n"), QList<QByteArray> {});
        QVERIFY(!parser.hasPartialEvent());
    }

    void refusesAnOversizedEvent_data()
    {
        QTest::addColumn<int>("lineBytes");
        QTest::addColumn<int>("feeds");
        QTest::newRow("one unterminated line") << int(SseParser::maxEventBytes) << 1;
        QTest::newRow("line cut over feeds") << int(SseParser::maxEventBytes / 4) << 5;
    }

    void refusesAnOversizedEvent()
    {
        QFETCH(int, lineBytes);
        QFETCH(int, feeds);
        SseParser parser;
        const QByteArray piece = "data: " + QByteArray(lineBytes, 'x');
        bool ok = true;
        for (int i = 0; i < feeds && ok; ++i)
            ok = parser.feed(piece, [](QByteArrayView) { QFAIL("no event expected"); });
        QVERIFY(!ok);
        QVERIFY(!parser.feed("\n\n", [](QByteArrayView) { QFAIL("a failed parser reports nothing"); }));
        parser.reset();
        QCOMPARE(parseAll(parser, "data: a\n\n"), QList<QByteArray> {"a"});
    }

    void refusesOversizedMultiLineData()
    {
        SseParser parser;
        const QByteArray line = "data: " + QByteArray(1024 * 1024, 'x') + '\n';
        bool ok = true;
        for (int i = 0; i < 17 && ok; ++i)
            ok = parser.feed(line, [](QByteArrayView) {});
        QVERIFY(!ok);
    }

    // llama.cpp ends a failed stream with an `error:` field instead of a data event: no event, but its value is kept
    // (the first, split across feeds or not, bounded) for the recorder to say why the stream ended.
    void keepsLlamaCppsErrorField()
    {
        SseParser parser;
        QCOMPARE(parseAll(parser, "data: a\n\nerr"), QList<QByteArray> {"a"});
        QVERIFY(parser.errorField().isEmpty());
        QCOMPARE(parseAll(parser, "or: {\"message\":\"full\"}\r\n\r\nerror: second\n\n"), QList<QByteArray> {});
        QCOMPARE(parser.errorField(), QByteArray("{\"message\":\"full\"}"));
        parser.reset();
        QVERIFY(parser.errorField().isEmpty());
        QCOMPARE(parseAll(parser, "errors: not the field\nerror\n\n"), QList<QByteArray> {});
        QVERIFY(parser.errorField().isEmpty()); // "errors:" is another field; a bare "error" has an empty value
        parseAll(parser, QByteArray("error: " + QByteArray(10'000, 'e') + "\n\n"));
        QCOMPARE(parser.errorField().size(), 4096);
    }

    void acceptsAnEventAtTheLimit()
    {
        // The limit counts the buffered line, "data: " included.
        const qsizetype payload = SseParser::maxEventBytes - 6;
        const QByteArray stream = "data: " + QByteArray(payload, 'x') + "\n\n";
        QList<qsizetype> events;
        SseParser parser;
        QVERIFY(parser.feed(stream.first(100), [&](QByteArrayView d) { events.append(d.size()); }));
        QVERIFY(parser.feed(stream.sliced(100), [&](QByteArrayView d) { events.append(d.size()); }));
        QCOMPARE(events, QList<qsizetype> {payload});
    }
};

QTEST_GUILESS_MAIN(TestSseParser)
#include "tst_sseparser.moc"
