// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simtokenizer.h"

#include <QTest>

using namespace kp::core;

class TestSimTokenizer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrips_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("words") << QByteArray("the server and the queue");
        QTest::newRow("unknown words") << QByteArray("Zyzzyva quux, xylophone!");
        QTest::newRow("digits and punctuation") << QByteArray("In 2026: 3.14 / 42%");
        QTest::newRow("whitespace") << QByteArray("  two\n\nlines\tand  tabs ");
        QTest::newRow("utf-8") << QByteArray("caf\xc3\xa9 \xe2\x82\xac 5");
        QTest::newRow("empty") << QByteArray();
    }

    void roundTrips()
    {
        QFETCH(QByteArray, text);
        const SimTokenizer& t = SimTokenizer::builtIn();
        const std::vector<int> ids = t.encode(text, false);
        QCOMPARE(t.decode(ids), text);
        for (int id : ids)
            QVERIFY(t.isValid(id));
    }

    void knownWordsAreOneTokenAndUnknownOnesTwoLettersEach()
    {
        const SimTokenizer& t = SimTokenizer::builtIn();
        QCOMPARE(t.encode(" server", false).size(), std::size_t(1));
        QCOMPARE(t.encode("server", false).size(), std::size_t(1));
        QVERIFY(t.encode(" server", false) != t.encode("server", false));
        // "quuxes": not a word; three two-letter pieces, the first keeps the space.
        const std::vector<int> ids = t.encode(" quuxes", false);
        QCOMPARE(ids.size(), std::size_t(3));
        QCOMPARE(t.piece(ids[0]), QByteArray(" qu"));
        QCOMPARE(t.piece(ids[2]), QByteArray("es"));
        QCOMPARE(t.encode("abc", false).size(), std::size_t(2));
        QCOMPARE(t.encode("12", false).size(), std::size_t(2));
    }

    void completionPromptsStartWithBeginOfText()
    {
        const SimTokenizer& t = SimTokenizer::builtIn();
        const std::vector<int> ids = t.encode("hello there", true);
        QCOMPARE(ids.front(), int(SimTokenizer::BeginOfText));
        QCOMPARE(ids.size(), t.encode("hello there", false).size() + 1);
        QCOMPARE(t.piece(SimTokenizer::BeginOfText), QByteArray("<|begin_of_text|>"));
    }

    void chatTemplateWrapsEveryMessage()
    {
        const SimTokenizer& t = SimTokenizer::builtIn();
        QString error;
        const QList<SimTokenizer::ChatMessage> messages {{QStringLiteral("system"), QStringLiteral("be brief")},
            {QStringLiteral("user"), QStringLiteral("the question")}};
        const std::vector<int> ids = t.encodeChat(messages, true, &error);
        QVERIFY(error.isEmpty());
        const std::size_t content = t.encode("be brief", false).size() + t.encode("the question", false).size();
        // <|begin_of_text|> + (role + end) per message + <|assistant|>
        QCOMPARE(ids.size(), content + 1 + 2 * 2 + 1);
        QCOMPARE(ids.back(), int(SimTokenizer::AssistantRole));
        QCOMPARE(t.encodeChat(messages, false, &error).size(), ids.size() - 1);
        QVERIFY(t.encodeChat({{QStringLiteral("robot"), QStringLiteral("x")}}, true, &error).empty());
        QVERIFY(error.contains(u"robot"));
    }

    void generatedTokensRetokenizeToThemselves()
    {
        // The simulated model emits " word" tokens and punctuation; their text must tokenize back to the same ids,
        // or usage and a client's own count would disagree.
        const SimTokenizer& t = SimTokenizer::builtIn();
        std::vector<int> ids;
        for (int i = 0; i < t.wordCount(); ++i) {
            ids.push_back(SimTokenizer::spacedWordId(i));
            if (i % 7 == 0)
                ids.push_back(SimTokenizer::byteId('.'));
        }
        QCOMPARE(t.encode(t.decode(ids), false), ids);
    }

    void unknownIdsAreRejected()
    {
        const SimTokenizer& t = SimTokenizer::builtIn();
        QVERIFY(!t.isValid(-1));
        QVERIFY(!t.isValid(10));
        QVERIFY(!t.isValid(200000));
        QVERIFY(t.piece(10).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSimTokenizer)
#include "tst_simtokenizer.moc"
