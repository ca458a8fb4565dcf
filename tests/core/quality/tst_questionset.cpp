// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/questionset.h"
#include "core/sim/simanswerbook.h"

#include <QFile>
#include <QHash>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace kp::core;

class TestQuestionSet : public QObject
{
    Q_OBJECT

private slots:
    void bundledSetIsLargeAndBroad()
    {
        const QuestionSet& set = QuestionSet::bundled();
        QVERIFY(set.questions().size() >= 250);
        QCOMPARE(set.name(), QStringLiteral("bundled"));
        QCOMPARE(set.sha256().size(), 64);
        const QStringList expected {QStringLiteral("arithmetic"), QStringLiteral("unit-conversion"),
            QStringLiteral("general-knowledge"), QStringLiteral("reading-comprehension"), QStringLiteral("code-output"),
            QStringLiteral("logic"), QStringLiteral("multiple-choice-science"),
            QStringLiteral("instruction-following")};
        QCOMPARE(set.categories(), expected);
        QHash<QString, int> perCategory;
        QSet<QString> prompts;
        for (const Question& q : set.questions()) {
            ++perCategory[q.category];
            prompts.insert(q.lastUserText());
        }
        for (const QString& c : expected)
            QVERIFY2(perCategory.value(c) >= 20, qPrintable(c));
        // The simulator recognises a question by its text: no two may share one.
        QCOMPARE(prompts.size(), qsizetype(set.questions().size()));
    }

    // Every shipped answer passes its own checker, bare and in the phrasing a model would use.
    void bundledAnswersPassTheirOwnCheck()
    {
        for (const Question& q : QuestionSet::bundled().questions()) {
            const QByteArray id = q.id.toUtf8();
            QVERIFY2(q.check(q.correctReply()), id.constData());
            switch (q.match) {
            case MatchKind::Number:
            case MatchKind::Choice:
            case MatchKind::Contains:
                QVERIFY2(q.check(QStringLiteral("The answer is %1.").arg(q.correctReply())), id.constData());
                break;
            case MatchKind::Exact:
                QVERIFY2(q.check(QStringLiteral("  %1.\n").arg(q.correctReply())), id.constData());
                break;
            case MatchKind::Regex:
                QVERIFY2(!q.example.isEmpty(), id.constData());
                QVERIFY2(!q.check(QStringLiteral("I cannot help with that.")), id.constData());
                break;
            }
            // And an answer of nothing is never right.
            QVERIFY2(!q.check(QString()), id.constData());
        }
    }

    // The simulator's answering mode: at accuracy 1 every reply is right, at 0 every reply is wrong.
    void simulatorRepliesAreRightOrWrongAsDrawn()
    {
        const QuestionSet& set = QuestionSet::bundled();
        SimAnswerBook right(set, 1.0, 5, 0);
        SimAnswerBook wrong(set, 0.0, 5, 0);
        for (const Question& q : set.questions()) {
            const QByteArray id = q.id.toUtf8();
            const std::optional<QString> good = right.reply(q.lastUserText());
            const std::optional<QString> bad = wrong.reply(q.lastUserText());
            QVERIFY2(good && q.check(*good), id.constData());
            QVERIFY2(bad && !q.check(*bad) && !bad->isEmpty(), id.constData());
        }
        QVERIFY(!right.reply(QStringLiteral("Tell me a story.")));
        // One seed nests the servers: whatever 0.8 gets right, 0.9 gets right too.
        SimAnswerBook high(set, 0.9, 5, 0);
        SimAnswerBook low(set, 0.8, 5, 0);
        int highRight = 0;
        int lowRight = 0;
        for (const Question& q : set.questions()) {
            highRight += high.answersRight(q.id) ? 1 : 0;
            lowRight += low.answersRight(q.id) ? 1 : 0;
            if (low.answersRight(q.id))
                QVERIFY(high.answersRight(q.id));
        }
        QVERIFY(highRight > lowRight);
        QVERIFY(std::abs(highRight / double(set.questions().size()) - 0.9) < 0.06);
    }

    void userSetWithDefaults()
    {
        const QByteArray jsonl
            = "{\"category\": \"maths\", \"prompt\": \"2+2?\", \"answer\": 4, \"match\": \"number\"}\n"
              "\n"
              "{\"id\": \"cap\", \"category\": \"geo\", \"messages\": [{\"role\": \"system\", "
              "\"content\": \"Be brief.\"}, {\"role\": \"user\", \"content\": \"Capital of "
              "Peru?\"}], \"answer\": \"Lima\", \"match\": \"contains\"}\r\n"
              "{\"category\": \"maths\", \"prompt\": \"pi?\", \"answer\": 3.14159, \"match\": "
              "\"number\", \"tolerance\": 0.01, \"max_tokens\": 8, \"note\": \"rounded\"}\n";
        QStringList problems;
        const std::optional<QuestionSet> set = QuestionSet::parse(jsonl, QStringLiteral("mine.jsonl"), &problems);
        QVERIFY2(set, qPrintable(problems.join(u'\n')));
        QCOMPARE(set->questions().size(), std::size_t(3));
        QCOMPARE(set->questions()[0].id, QStringLiteral("maths-1"));
        QCOMPARE(set->questions()[0].answer, QStringLiteral("4"));
        QCOMPARE(set->questions()[0].chatMessages().size(), 1);
        QCOMPARE(set->questions()[1].id, QStringLiteral("cap"));
        QCOMPARE(set->questions()[1].lastUserText(), QStringLiteral("Capital of Peru?"));
        QCOMPARE(set->questions()[1].chatMessages().size(), 2);
        QCOMPARE(set->questions()[2].id, QStringLiteral("maths-4"));
        QCOMPARE(set->questions()[2].tolerance, std::optional<double>(0.01));
        QCOMPARE(set->questions()[2].maxTokens, 8);
        QVERIFY(set->questions()[2].check(QStringLiteral("about 3.14")));
        QCOMPARE(set->categories(), (QStringList {QStringLiteral("maths"), QStringLiteral("geo")}));
        QVERIFY(set->find(QStringLiteral("cap")));
        QVERIFY(!set->find(QStringLiteral("nope")));
    }

    void malformedLinesAreReportedByNumber_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not json") << QByteArray("{\"category\": \"x\", ") << QStringLiteral("not valid JSON");
        QTest::newRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("not a JSON object");
        QTest::newRow("no category") << QByteArray("{\"prompt\": \"q\", \"answer\": \"a\", \"match\": \"exact\"}")
                                     << QStringLiteral("'category'");
        QTest::newRow("both prompt and messages")
            << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"messages\": [{\"role\": \"user\", \"content\": "
                          "\"q\"}], \"answer\": \"a\", \"match\": \"exact\"}")
            << QStringLiteral("not both");
        QTest::newRow("neither") << QByteArray("{\"category\": \"x\", \"answer\": \"a\", \"match\": \"exact\"}")
                                 << QStringLiteral("not neither");
        QTest::newRow("assistant last") << QByteArray(
            "{\"category\": \"x\", \"messages\": [{\"role\": \"assistant\", \"content\": \"q\"}], "
            "\"answer\": \"a\", \"match\": \"exact\"}")
                                        << QStringLiteral("must be the user's");
        QTest::newRow("no answer") << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"match\": \"exact\"}")
                                   << QStringLiteral("'answer'");
        QTest::newRow("unknown match") << QByteArray(
            "{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"a\", \"match\": \"fuzzy\"}")
                                       << QStringLiteral(
                                              "'match' must be one of exact, contains, number, choice, regex");
        QTest::newRow("number not a number")
            << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"four\", \"match\": \"number\"}")
            << QStringLiteral("must be a number");
        QTest::newRow("choice not a letter")
            << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"AB\", \"match\": \"choice\"}")
            << QStringLiteral("one letter from A to E");
        QTest::newRow("broken regex") << QByteArray(
            "{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"(a\", \"match\": \"regex\"}")
                                      << QStringLiteral("does not compile");
        QTest::newRow("tolerance on exact") << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"a\", "
                                                          "\"match\": \"exact\", \"tolerance\": 1}")
                                            << QStringLiteral("number questions only");
        QTest::newRow("typo in a field") << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"anwser\": \"a\", "
                                                       "\"match\": \"exact\"}")
                                         << QStringLiteral("unknown field 'anwser'");
        QTest::newRow("example that fails")
            << QByteArray("{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"^OK$\", "
                          "\"match\": \"regex\", \"example\": \"ok\"}")
            << QStringLiteral("does not pass its own regex check");
        QTest::newRow("repeated id") << QByteArray("{\"id\": \"good\", \"category\": \"x\", \"prompt\": \"q2\", "
                                                   "\"answer\": \"a\", \"match\": \"exact\"}")
                                     << QStringLiteral("id 'good' is already used on line 2");
    }
    void malformedLinesAreReportedByNumber()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, problem);
        // Line 1 blank, line 2 a good question, line 3 the bad one, line 4 good again: only line 3 is reported,
        // and the whole set is refused.
        const QByteArray jsonl = "\n{\"id\": \"good\", \"category\": \"x\", \"prompt\": \"q\", \"answer\": \"a\", "
                                 "\"match\": \"exact\"}\n"
            + line + "\n{\"category\": \"x\", \"prompt\": \"q3\", \"answer\": \"a\", \"match\": \"exact\"}\n";
        QStringList problems;
        QVERIFY(!QuestionSet::parse(jsonl, QStringLiteral("bad.jsonl"), &problems));
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().startsWith(u"line 3: "), qPrintable(problems.first()));
        QVERIFY2(problems.first().contains(problem), qPrintable(problems.first()));
    }

    void everyBadLineIsReported()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("set.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"a\", \"match\": \"exact\"}\n"
                   "oops\n"
                   "{\"category\": \"x\", \"prompt\": \"q\", \"answer\": \"a\", \"match\": \"nope\"}\n");
        file.close();
        QStringList problems;
        QVERIFY(!QuestionSet::load(path, &problems));
        QCOMPARE(problems.size(), 2);
        QVERIFY(problems.at(0).startsWith(u"line 2: "));
        QVERIFY(problems.at(1).startsWith(u"line 3: "));
        QVERIFY(!QuestionSet::load(dir.filePath(QStringLiteral("missing.jsonl")), &problems));
        QVERIFY(problems.first().contains(u"cannot read"));
        QVERIFY(!QuestionSet::parse("\n\n", QStringLiteral("empty.jsonl"), &problems));
        QVERIFY(problems.first().contains(u"holds no questions"));
    }
};

QTEST_GUILESS_MAIN(TestQuestionSet)
#include "tst_questionset.moc"
