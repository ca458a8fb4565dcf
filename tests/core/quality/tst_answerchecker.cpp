// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/answerchecker.h"

#include <QTest>

using namespace kp::core;

class TestAnswerChecker : public QObject
{
    Q_OBJECT

private slots:
    void exact_data()
    {
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("right");
        QTest::newRow("same") << "Paris"
                              << "Paris" << true;
        QTest::newRow("case") << "Paris"
                              << "PARIS" << true;
        QTest::newRow("whitespace") << "good morning"
                                    << "  good \n  morning " << true;
        QTest::newRow("full stop") << "Ben"
                                   << "Ben." << true;
        QTest::newRow("quoted") << "a-b-c"
                                << "\"a-b-c\"" << true;
        QTest::newRow("backticks") << "tniopeenk"
                                   << "`tniopeenk`" << true;
        QTest::newRow("bold") << "Carol"
                              << "**Carol**" << true;
        QTest::newRow("reasoning block") << "Ben"
                                         << "<think>Anna is 12, so…</think>\nBen" << true;
        QTest::newRow("sentence is not exact") << "Ben"
                                               << "The youngest is Ben." << false;
        QTest::newRow("other word") << "Ben"
                                    << "Anna" << false;
        QTest::newRow("empty reply") << "Ben"
                                     << "" << false;
        QTest::newRow("inner punctuation kept") << "[0, 2, 4, 6]"
                                                << "[0,2,4,6]" << false;
    }
    void exact()
    {
        QFETCH(QString, expected);
        QFETCH(QString, reply);
        QFETCH(bool, right);
        QCOMPARE(AnswerChecker::check(MatchKind::Exact, expected, reply), right);
    }

    void contains_data()
    {
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("right");
        QTest::newRow("word") << "Paris"
                              << "The capital of France is Paris." << true;
        QTest::newRow("case") << "carbon dioxide"
                              << "Carbon Dioxide (CO2)" << true;
        QTest::newRow("across a line break") << "da Vinci"
                                             << "Leonardo da\nVinci" << true;
        QTest::newRow("absent") << "Paris"
                                << "Lyon" << false;
        QTest::newRow("empty") << "Paris"
                               << "" << false;
    }
    void contains()
    {
        QFETCH(QString, expected);
        QFETCH(QString, reply);
        QFETCH(bool, right);
        QCOMPARE(AnswerChecker::check(MatchKind::Contains, expected, reply), right);
    }

    void lastNumber_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("number");
        QTest::addColumn<bool>("found");
        QTest::newRow("plain") << "42" << 42.0 << true;
        QTest::newRow("sentence") << "The answer is 42." << 42.0 << true;
        QTest::newRow("last wins") << "12 * 3 = 36" << 36.0 << true;
        QTest::newRow("thousands") << "It costs 1,234,567 dollars" << 1234567.0 << true;
        QTest::newRow("decimal") << "about 3.75 km" << 3.75 << true;
        QTest::newRow("negative") << "The result is -347." << -347.0 << true;
        QTest::newRow("unicode minus") << "\u2212"
                                          "12"
                                       << -12.0 << true;
        QTest::newRow("range is not a minus") << "between 5-3" << 3.0 << true;
        QTest::newRow("exponent") << "1.5e3" << 1500.0 << true;
        QTest::newRow("leading dot") << "p = .5" << 0.5 << true;
        QTest::newRow("list commas") << "1,2,3" << 3.0 << true;
        QTest::newRow("percent") << "25%" << 25.0 << true;
        QTest::newRow("inside a word") << "H2O" << 0.0 << false;
        QTest::newRow("none") << "no idea" << 0.0 << false;
    }
    void lastNumber()
    {
        QFETCH(QString, text);
        QFETCH(double, number);
        QFETCH(bool, found);
        const std::optional<double> got = AnswerChecker::lastNumber(text);
        QCOMPARE(got.has_value(), found);
        if (found)
            QCOMPARE(*got, number);
    }

    void number()
    {
        QVERIFY(AnswerChecker::check(MatchKind::Number, QStringLiteral("7544"), QStringLiteral("7,544")));
        QVERIFY(AnswerChecker::check(MatchKind::Number, QStringLiteral("2.5"), QStringLiteral("2.5000000001")));
        QVERIFY(!AnswerChecker::check(MatchKind::Number, QStringLiteral("7544"), QStringLiteral("7545")));
        QVERIFY(!AnswerChecker::check(MatchKind::Number, QStringLiteral("7544"), QStringLiteral("seven thousand")));
        // A question that asks for rounding sets its tolerance.
        QVERIFY(AnswerChecker::check(MatchKind::Number, QStringLiteral("33.8"), QStringLiteral("33.80"), 0.006));
        QVERIFY(AnswerChecker::check(MatchKind::Number, QStringLiteral("33.8"), QStringLiteral("33.796"), 0.006));
        QVERIFY(!AnswerChecker::check(MatchKind::Number, QStringLiteral("33.8"), QStringLiteral("33.7"), 0.006));
        QCOMPARE(AnswerChecker::defaultTolerance(0.5), 1e-6);
        QCOMPARE(AnswerChecker::defaultTolerance(-2e6), 2.0);
        QVERIFY(!AnswerChecker::check(MatchKind::Number, QStringLiteral("not a number"), QStringLiteral("1")));
    }

    void choice_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("letter");
        QTest::newRow("letter") << "B"
                                << "B";
        QTest::newRow("lowercase alone") << "b"
                                         << "B";
        QTest::newRow("brackets") << "(B)"
                                  << "B";
        QTest::newRow("letter and full stop") << "B."
                                              << "B";
        QTest::newRow("answer colon") << "Answer: B"
                                      << "B";
        QTest::newRow("the answer is") << "The answer is B."
                                       << "B";
        QTest::newRow("correct option") << "The correct option is (C), mitochondria."
                                        << "C";
        QTest::newRow("bold") << "**D**"
                              << "D";
        QTest::newRow("leading option") << "B) Nitrogen"
                                        << "B";
        QTest::newRow("leading dotted option") << "C. Mitochondrion"
                                               << "C";
        QTest::newRow("named in a sentence") << "I think B is right."
                                             << "B";
        QTest::newRow("article is not a letter") << "A noble gas is neon, so (B)."
                                                 << "B";
        QTest::newRow("answer A") << "The answer is A."
                                  << "A";
        QTest::newRow("reasoning first") << "<think>Not C, maybe A</think>Answer: D"
                                         << "D";
        QTest::newRow("two letters") << "B or C"
                                     << "";
        QTest::newRow("none") << "Nitrogen"
                              << "";
        QTest::newRow("out of range") << "F"
                                      << "";
    }
    void choice()
    {
        QFETCH(QString, reply);
        QFETCH(QString, letter);
        const QChar got = AnswerChecker::choiceLetter(reply);
        QCOMPARE(got.isNull() ? QString() : QString(got), letter);
        if (!letter.isEmpty()) {
            QVERIFY(AnswerChecker::check(MatchKind::Choice, letter, reply));
            const QString other = letter == u"A" ? QStringLiteral("B") : QStringLiteral("A");
            QVERIFY(!AnswerChecker::check(MatchKind::Choice, other, reply));
        }
    }

    void regex()
    {
        const QString ok = QStringLiteral("^OK$");
        QVERIFY(AnswerChecker::check(MatchKind::Regex, ok, QStringLiteral("OK")));
        QVERIFY(AnswerChecker::check(MatchKind::Regex, ok, QStringLiteral("  OK\n"))); // trimmed first
        QVERIFY(!AnswerChecker::check(MatchKind::Regex, ok, QStringLiteral("ok")));
        QVERIFY(!AnswerChecker::check(MatchKind::Regex, ok, QStringLiteral("OK, done")));
        const QString lines = QStringLiteral("^red\\s*\\n\\s*green$");
        QVERIFY(AnswerChecker::check(MatchKind::Regex, lines, QStringLiteral("red\ngreen")));
        QVERIFY(
            AnswerChecker::check(MatchKind::Regex, QStringLiteral("(?i)^\\W*yes\\b"), QStringLiteral("Yes, it does.")));
        QVERIFY(
            !AnswerChecker::check(MatchKind::Regex, QStringLiteral("(?i)^\\W*yes\\b"), QStringLiteral("Yesterday")));
        // A pattern that does not compile matches nothing rather than everything.
        QVERIFY(!AnswerChecker::check(MatchKind::Regex, QStringLiteral("(unclosed"), QStringLiteral("(unclosed")));
    }

    void names()
    {
        for (const QString& name : AnswerChecker::names())
            QCOMPARE(AnswerChecker::name(*AnswerChecker::fromName(name)), name);
        QVERIFY(!AnswerChecker::fromName(QStringLiteral("fuzzy")));
    }
};

QTEST_GUILESS_MAIN(TestAnswerChecker)
#include "tst_answerchecker.moc"
