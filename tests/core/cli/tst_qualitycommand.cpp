// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// kneepoint quality end to end: the binary against simulators in answering mode, over loopback only.
#include "support/kneepointrun.h"
#include "support/simprocess.h"
#include "support/testcertificates.h"
#include "support/testsecret.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int AskTimeoutMs = 60'000;

QStringList answering(double accuracy, int seed, double noise = 0)
{
    return {QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--answer-accuracy"),
        QString::number(accuracy), QStringLiteral("--answer-seed"), QString::number(seed),
        QStringLiteral("--answer-noise"), QString::number(noise)};
}

QJsonObject json(const KneepointResult& r)
{
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

} // namespace

class TestQualityCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A "before" server right 90% of the time and an "after" one right 80% of the time must fail the check.
    void worseServerFails()
    {
        SimProcess before;
        SimProcess after;
        QString error;
        QVERIFY2(before.start(answering(0.9, 7), &error), qPrintable(error));
        QVERIFY2(after.start(answering(0.8, 7), &error), qPrintable(error));
        const QString db = m_dir.filePath(QStringLiteral("fail.sqlite"));
        const QJsonObject a = askJson(before.baseUrl(), db, {QStringLiteral("--role"), QStringLiteral("before")});
        QCOMPARE(a.value(u"role").toString(), QStringLiteral("before"));
        QCOMPARE(a.value(u"questions").toInt(), 256);
        QCOMPARE(a.value(u"errors").toInt(), 0);
        QCOMPARE(a.value(u"allowed_drop_pp").toDouble(), 1.0);
        // Temperature 0 and a fixed seed: the repeat gives the same answers, so the noise floor is zero.
        QCOMPARE(a.value(u"noise_floor").toDouble(-1), 0.0);
        const QJsonObject b = askJson(after.baseUrl(), db, {QStringLiteral("--role"), QStringLiteral("after")});
        QVERIFY(b.value(u"allowed_drop_pp").isNull());

        const QString aId = QString::number(a.value(u"pass_id").toInteger());
        const QString bId = QString::number(b.value(u"pass_id").toInteger());
        const KneepointResult text = runKneepoint(
            {QStringLiteral("quality"), QStringLiteral("compare"), aId, bId, QStringLiteral("--db"), db});
        QCOMPARE(text.code, 1);
        QVERIFY2(text.out.contains(u"FAIL"), qPrintable(text.out));
        QVERIFY2(text.out.contains(u"right -> wrong"), qPrintable(text.out));
        QVERIFY2(text.out.contains(u"McNemar exact test"), qPrintable(text.out));
        QVERIFY2(text.out.contains(u"multiple-choice-science"), qPrintable(text.out));
        QVERIFY2(text.out.contains(u"Right before, wrong after ("), qPrintable(text.out));

        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("compare"), aId, bId,
            QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        const QJsonObject c = json(r);
        QCOMPARE(c.value(u"verdict").toString(), QStringLiteral("fail"));
        const QJsonObject counts = c.value(u"counts").toObject();
        QVERIFY(counts.value(u"right_to_wrong").toInt() > 10);
        QCOMPARE(counts.value(u"wrong_to_right").toInt(), 0); // one seed: the 0.8 server's misses nest in the 0.9's
        QVERIFY(c.value(u"interval").toObject().value(u"upper").toDouble() < -0.01);
        QVERIFY(c.value(u"mcnemar_exact_p").toDouble() < 0.001);
        QCOMPARE(c.value(u"categories").toArray().size(), 8);
        QCOMPARE(c.value(u"changed").toArray().size(), counts.value(u"right_to_wrong").toInt());

        // The rule comes first: compare refuses a new one and names the stored one.
        const KneepointResult refused = runKneepoint({QStringLiteral("quality"), QStringLiteral("compare"), aId, bId,
            QStringLiteral("--allowed-drop"), QStringLiteral("20"), QStringLiteral("--db"), db});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains(u"an allowed drop of 1 point"), qPrintable(refused.err));
        // Roles the wrong way round are refused too.
        const KneepointResult swapped = runKneepoint(
            {QStringLiteral("quality"), QStringLiteral("compare"), bId, aId, QStringLiteral("--db"), db});
        QCOMPARE(swapped.code, 1);
        QVERIFY2(swapped.err.contains(u"must be a before pass"), qPrintable(swapped.err));

        const KneepointResult list = runKneepoint(
            {QStringLiteral("quality"), QStringLiteral("list"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(list.code, 0);
        QCOMPARE(QJsonDocument::fromJson(list.out.toUtf8()).array().size(), 2);
    }

    // A run of the same model shows the quality passes in its report, in every format; the JSON carries the
    // comparison itself.
    void runReportsShowTheModelsQuality()
    {
        SimProcess before;
        SimProcess after;
        QString error;
        QVERIFY2(before.start(answering(0.9, 7), &error), qPrintable(error));
        QVERIFY2(after.start(answering(0.8, 7), &error), qPrintable(error));
        const QString db = m_dir.filePath(QStringLiteral("report.sqlite"));
        askJson(before.baseUrl(), db, {QStringLiteral("--role"), QStringLiteral("before")});
        askJson(after.baseUrl(), db, {QStringLiteral("--role"), QStringLiteral("after")});
        const KneepointResult run = runKneepoint(
            {QStringLiteral("run"), QStringLiteral("--url"), before.baseUrl(), QStringLiteral("--concurrency"),
                QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("4"), QStringLiteral("--shapes"),
                QStringLiteral("64/8"), QStringLiteral("--db"), db},
            AskTimeoutMs);
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const KneepointResult md = runKneepoint({QStringLiteral("report"), QStringLiteral("1"),
            QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--db"), db});
        QVERIFY2(md.code == 0, qPrintable(md.err));
        QVERIFY2(md.out.contains(u"### Answer quality"), qPrintable(md.out.right(3000)));
        QVERIFY2(md.out.contains(u"Pass 2 against pass 1: FAIL"), qPrintable(md.out.right(3000)));
        const KneepointResult js = runKneepoint({QStringLiteral("report"), QStringLiteral("1"),
            QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--db"), db});
        const QJsonObject quality = json(js).value(u"quality").toObject();
        QCOMPARE(quality.value(u"passes").toArray().size(), 2);
        QCOMPARE(quality.value(u"latest_comparison").toObject().value(u"verdict").toString(), QStringLiteral("fail"));
    }

    // Two servers of equal accuracy (different draws) must not fail.
    void equalServersDoNotFail()
    {
        SimProcess before;
        SimProcess after;
        QString error;
        QVERIFY2(before.start(answering(0.9, 7), &error), qPrintable(error));
        QVERIFY2(after.start(answering(0.9, 8), &error), qPrintable(error));
        const QString db = m_dir.filePath(QStringLiteral("equal.sqlite"));
        const QJsonObject a = askJson(before.baseUrl(), db, {QStringLiteral("--allowed-drop"), QStringLiteral("5")});
        const QJsonObject b = askJson(after.baseUrl(), db, {QStringLiteral("--role"), QStringLiteral("after")});
        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("compare"),
            QString::number(a.value(u"pass_id").toInteger()), QString::number(b.value(u"pass_id").toInteger()),
            QStringLiteral("--db"), db, QStringLiteral("--json")});
        const QString verdict = json(r).value(u"verdict").toString();
        QVERIFY2(r.code == 0 || r.code == 3, qPrintable(r.out + r.err));
        QVERIFY2(verdict == u"pass" || verdict == u"inconclusive", qPrintable(verdict));
        QCOMPARE(json(r).value(u"allowed_drop_pp").toDouble(), 5.0);
    }

    // Re-drawn answers make a repeat differ: the second pass measures the noise floor.
    void repeatMeasuresTheNoiseFloor()
    {
        SimProcess noisy;
        QString error;
        QVERIFY2(noisy.start(answering(0.8, 3, 0.5), &error), qPrintable(error));
        const QString db = m_dir.filePath(QStringLiteral("noise.sqlite"));
        const QJsonObject a = askJson(noisy.baseUrl(), db, {QStringLiteral("--repeat"), QStringLiteral("3")});
        const double noise = a.value(u"noise_floor").toDouble(-1);
        QVERIFY2(noise > 0.05 && noise < 0.8, QByteArray::number(noise).constData());
        QCOMPARE(a.value(u"repetitions").toArray().size(), 3);
        const QJsonObject once = askJson(noisy.baseUrl(), db, {QStringLiteral("--repeat"), QStringLiteral("1")});
        QVERIFY(once.value(u"noise_floor").isNull());
    }

    // HTTP errors and timeouts are stored as errors, never as wrong answers, and compare leaves those questions out.
    void failuresAreErrorsNotWrongAnswers()
    {
        SimProcess flaky;
        SimProcess steady;
        QString error;
        QVERIFY2(flaky.start(answering(0.9, 4)
                         + QStringList {QStringLiteral("--fault-500"), QStringLiteral("0.1"),
                             QStringLiteral("--fault-stall"), QStringLiteral("0.05"), QStringLiteral("--stall-ms"),
                             QStringLiteral("5000")},
                     &error),
            qPrintable(error));
        QVERIFY2(steady.start(answering(0.9, 4), &error), qPrintable(error));
        const QString db = m_dir.filePath(QStringLiteral("errors.sqlite"));
        const QJsonObject a = askJson(steady.baseUrl(), db, {QStringLiteral("--allowed-drop"), QStringLiteral("2")});
        const QJsonObject b = askJson(flaky.baseUrl(), db,
            {QStringLiteral("--role"), QStringLiteral("after"), QStringLiteral("--repeat"), QStringLiteral("1"),
                QStringLiteral("--timeout-s"), QStringLiteral("0.5")});
        const int errors = b.value(u"errors").toInt();
        QVERIFY2(errors > 10 && errors < 80, QByteArray::number(errors).constData());
        const QJsonObject first = b.value(u"repetitions").toArray().at(0).toObject();
        QCOMPARE(first.value(u"answered").toInt(), 256 - errors);

        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("compare"),
            QString::number(a.value(u"pass_id").toInteger()), QString::number(b.value(u"pass_id").toInteger()),
            QStringLiteral("--db"), db, QStringLiteral("--json")});
        const QJsonObject c = json(r);
        QCOMPARE(c.value(u"excluded").toInt(), errors);
        // Same seed and accuracy: every answered question is answered alike, so the errors cost nothing.
        const QJsonObject counts = c.value(u"counts").toObject();
        QCOMPARE(counts.value(u"questions").toInt(), 256 - errors);
        QCOMPARE(counts.value(u"right_to_wrong").toInt(), 0);
        QCOMPARE(counts.value(u"wrong_to_right").toInt(), 0);
        QCOMPARE(c.value(u"verdict").toString(), QStringLiteral("pass"));
        QCOMPARE(r.code, 0);
        const KneepointResult text = runKneepoint(
            {QStringLiteral("quality"), QStringLiteral("compare"), QString::number(a.value(u"pass_id").toInteger()),
                QString::number(b.value(u"pass_id").toInteger()), QStringLiteral("--db"), db});
        QVERIFY2(text.out.contains(u"left out"), qPrintable(text.out));
    }

    // A server that answers every question and gets none right is kept, as measured, and said at once, as the
    // window says it: compared against, such a before pass would make any after pass look no worse.
    void aPassWithNoAnswerRightIsKeptAndSaid()
    {
        SimProcess wrong;
        QString error;
        QVERIFY2(wrong.start(answering(0, 7), &error), qPrintable(error));
        const QString db = m_dir.filePath(QStringLiteral("none-right.sqlite"));
        const KneepointResult r
            = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"), QStringLiteral("--url"), wrong.baseUrl(),
                               QStringLiteral("--db"), db, QStringLiteral("--repeat"), QStringLiteral("1")},
                AskTimeoutMs);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains(QStringLiteral("Warning: Stored as pass 1, but none of its 256 answers was right.")),
            qPrintable(r.err));
        QVERIFY2(r.out.contains(u"0.0% right"), qPrintable(r.out));
    }

    void malformedSetAsksNothing()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start(answering(0.9, 1), &error), qPrintable(error));
        const QString set = m_dir.filePath(QStringLiteral("bad.jsonl"));
        QFile file(set);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"category\": \"x\", \"prompt\": \"2+2?\", \"answer\": 4, \"match\": \"number\"}\n"
                   "{\"category\": \"x\", \"prompt\": \"3+3?\", \"answer\": 6, \"match\": \"numbr\"}\n"
                   "{\"category\": \"x\", \"prompt\": \"q\" \"answer\": 1}\n");
        file.close();
        const QString db = m_dir.filePath(QStringLiteral("malformed.sqlite"));
        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"),
            QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--set"), set, QStringLiteral("--db"), db});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"nothing was asked"), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"line 2: 'match' must be one of"), qPrintable(r.err));
        QVERIFY2(r.err.contains(u"line 3: not valid JSON"), qPrintable(r.err));
        QVERIFY2(!r.err.contains(u"line 1:"), qPrintable(r.err));
        QVERIFY(!QFile::exists(db)); // refused before the store was even opened
    }

    void deadServerStoresNothing()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const QString url = QStringLiteral("http://127.0.0.1:%1").arg(probe.serverPort());
        probe.close();
        const QString db = m_dir.filePath(QStringLiteral("dead.sqlite"));
        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"),
            QStringLiteral("--url"), url, QStringLiteral("--db"), db});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"cannot be reached") && r.err.contains(u"Nothing was asked"), qPrintable(r.err));
        const KneepointResult list
            = runKneepoint({QStringLiteral("quality"), QStringLiteral("list"), QStringLiteral("--db"), db});
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains(u"No quality passes yet"), qPrintable(list.out));
    }

    // An https:// server is checked as a run checks it: a certificate this machine does not trust is refused with what
    // to do, and nothing is asked; --ca-file trusts the CA that signed it, --insecure skips the check.
    void anHttpsServerIsCheckedAsARunChecksIt()
    {
        QTemporaryDir dir;
        QString made;
        QVERIFY2(TestCertificates::make(dir.path(), &made), qPrintable(made));
        SimProcess sim;
        QString error;
        QVERIFY2(
            sim.start(answering(0.9, 1)
                    + QStringList {QStringLiteral("--ssl-certfile"),
                        TestCertificates::certificate(dir.path(), QStringLiteral("server")),
                        QStringLiteral("--ssl-keyfile"), TestCertificates::key(dir.path(), QStringLiteral("server"))},
                &error),
            qPrintable(error));
        QVERIFY(sim.baseUrl().startsWith(u"https://"));
        // Two questions, not the bundled 256: the sanitized build pays for each TLS request.
        const QString set = dir.filePath(QStringLiteral("two.jsonl"));
        QFile file(set);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"category\": \"maths\", \"prompt\": \"What is 2+2?\", \"answer\": 4, \"match\": \"number\"}\n"
                   "{\"category\": \"maths\", \"prompt\": \"What is 3+3?\", \"answer\": 6, \"match\": \"number\"}\n");
        file.close();
        const QStringList ask {QStringLiteral("quality"), QStringLiteral("ask"), QStringLiteral("--url"), sim.baseUrl(),
            QStringLiteral("--set"), set, QStringLiteral("--repeat"), QStringLiteral("1"), QStringLiteral("--db"),
            dir.filePath(QStringLiteral("tls.sqlite")), QStringLiteral("--json")};
        const KneepointResult refused = runKneepoint(ask, AskTimeoutMs);
        QCOMPARE(refused.code, 1);
        QVERIFY2(
            refused.err.contains(u"--ca-file") && refused.err.contains(u"Nothing was asked"), qPrintable(refused.err));
        const KneepointResult trusted = runKneepoint(ask
                + QStringList {QStringLiteral("--ca-file"),
                    TestCertificates::certificate(dir.path(), QStringLiteral("ca"))},
            AskTimeoutMs);
        QVERIFY2(trusted.code == 0, qPrintable(trusted.err));
        QVERIFY(json(trusted).value(u"pass_id").toInteger() > 0);
        const KneepointResult insecure = runKneepoint(ask + QStringList {QStringLiteral("--insecure")}, AskTimeoutMs);
        QVERIFY2(insecure.code == 0, qPrintable(insecure.err));
    }

    void afterPassTakesNoRule()
    {
        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"),
            QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--role"),
            QStringLiteral("after"), QStringLiteral("--allowed-drop"), QStringLiteral("3"), QStringLiteral("--db"),
            m_dir.filePath(QStringLiteral("rule.sqlite"))});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"belongs to the before pass"), qPrintable(r.err));
        const KneepointResult none = runKneepoint({QStringLiteral("quality")});
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains(u"ask, compare A B, or list"), qPrintable(none.err));
    }

    // A user set against a server that requires a key: the key travels in the header and never reaches the file;
    // passes of different sets are not compared.
    void userSetWithApiKey()
    {
        SimProcess sim;
        QString error;
        const QString key = QString::fromLatin1(testSecret("api-key"));
        QVERIFY2(
            sim.start(answering(0.9, 1) + QStringList {QStringLiteral("--api-key"), key}, &error), qPrintable(error));
        const QString set = m_dir.filePath(QStringLiteral("mine.jsonl"));
        QFile file(set);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"category\": \"maths\", \"prompt\": \"What is 2+2?\", \"answer\": 4, \"match\": \"number\"}\n"
                   "{\"category\": \"geo\", \"messages\": [{\"role\": \"system\", \"content\": \"Be brief.\"}, "
                   "{\"role\": \"user\", \"content\": \"Capital of Peru?\"}], \"answer\": \"Lima\", \"match\": "
                   "\"contains\", \"max_tokens\": 16}\n");
        file.close();
        const QString db = m_dir.filePath(QStringLiteral("key.sqlite"));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const KneepointResult noKey = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"),
            QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--set"), set, QStringLiteral("--db"), db});
        QCOMPARE(noKey.code, 1);
        QVERIFY2(noKey.err.contains(u"refused the API key"), qPrintable(noKey.err));
        env.insert(QStringLiteral("KNEEPOINT_API_KEY"), key);
        const KneepointResult mine
            = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"), QStringLiteral("--url"), sim.baseUrl(),
                               QStringLiteral("--set"), set, QStringLiteral("--db"), db, QStringLiteral("--repeat"),
                               QStringLiteral("1"), QStringLiteral("--json")},
                AskTimeoutMs, env);
        QCOMPARE(mine.code, 0);
        QCOMPARE(json(mine).value(u"questions").toInt(), 2);
        QCOMPARE(json(mine).value(u"set").toString(), QStringLiteral("mine.jsonl"));
        const KneepointResult bundled
            = runKneepoint({QStringLiteral("quality"), QStringLiteral("ask"), QStringLiteral("--url"), sim.baseUrl(),
                               QStringLiteral("--role"), QStringLiteral("after"), QStringLiteral("--repeat"),
                               QStringLiteral("1"), QStringLiteral("--db"), db, QStringLiteral("--json")},
                AskTimeoutMs, env);
        QCOMPARE(bundled.code, 0);
        const KneepointResult r = runKneepoint({QStringLiteral("quality"), QStringLiteral("compare"),
            QString::number(json(mine).value(u"pass_id").toInteger()),
            QString::number(json(bundled).value(u"pass_id").toInteger()), QStringLiteral("--db"), db});
        QCOMPARE(r.code, 1);
        QVERIFY2(
            r.err.contains(u"A asked set mine.jsonl") && r.err.contains(u"B asked set bundled"), qPrintable(r.err));

        for (const QString& suffix : {QString(), QStringLiteral("-wal")}) {
            QFile stored(db + suffix);
            if (stored.open(QIODevice::ReadOnly))
                QVERIFY(!stored.readAll().contains(key.toUtf8()));
        }
    }

private:
    QJsonObject askJson(const QString& url, const QString& db, const QStringList& extra)
    {
        const KneepointResult r
            = runKneepoint(QStringList {QStringLiteral("quality"), QStringLiteral("ask"), QStringLiteral("--url"), url,
                               QStringLiteral("--db"), db, QStringLiteral("--json")}
                    + extra,
                AskTimeoutMs);
        [&] { QVERIFY2(r.code == 0, qPrintable(r.err)); }();
        return json(r);
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestQualityCommand)
#include "tst_qualitycommand.moc"
