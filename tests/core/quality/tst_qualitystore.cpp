// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualitypassrequest.h"
#include "core/quality/qualitystore.h"
#include "core/quality/qualityverdict.h"
#include "core/store/runstore.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace kp::core;

namespace {

QualityAnswer answer(const QString& id, int repetition, bool correct, const QString& error = {})
{
    QualityAnswer a;
    a.questionId = id;
    a.category = QStringLiteral("logic");
    a.repetition = repetition;
    a.question = QStringLiteral("Is %1 right?").arg(id);
    a.expected = QStringLiteral("yes");
    a.reply = error.isEmpty() ? (correct ? QStringLiteral("yes") : QStringLiteral("no")) : QString();
    a.correct = correct;
    a.error = error;
    a.httpStatus = error.isEmpty() ? 200 : 500;
    a.latencyMs = 12.5;
    return a;
}

} // namespace

class TestQualityStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void roundTrip()
    {
        QString error;
        auto store = RunStore::open(m_dir.filePath(QStringLiteral("q.sqlite")), &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(RunStore::schemaVersion() >= 3); // the quality tables arrived in version 3
        QualityStore quality(*store);
        QVERIFY(quality.passes(&error).isEmpty());

        QualityPassInfo info;
        info.url = QStringLiteral("http://alice:sk-secret@gpu-box:8000");
        info.model = QStringLiteral("qwen");
        info.setName = QStringLiteral("bundled");
        info.setSha256 = QString(64, u'a');
        info.questionCount = 2;
        info.role = QualityRole::Before;
        info.allowedDropPp = 1.5;
        info.seed = 1234;
        info.repeat = 2;
        info.options = QJsonObject {{QStringLiteral("concurrency"), 16}};
        info.facts = QJsonObject {{QStringLiteral("vllm_version"), QStringLiteral("0.31.0")}};
        const std::vector<QualityAnswer> answers {answer(QStringLiteral("q1"), 1, true),
            answer(QStringLiteral("q2"), 1, false), answer(QStringLiteral("q1"), 2, true),
            answer(QStringLiteral("q2"), 2, false, QStringLiteral("HTTP 500: boom"))};
        const qint64 id = quality.savePass(info, answers, &error);
        QVERIFY2(id > 0, qPrintable(error));

        QualityPassInfo after = info;
        after.role = QualityRole::After;
        after.allowedDropPp.reset();
        const qint64 afterId = quality.savePass(after, {answer(QStringLiteral("q1"), 1, false)}, &error);
        QVERIFY2(afterId > id, qPrintable(error));

        const std::optional<QualityPass> pass = quality.pass(id, &error);
        QVERIFY2(pass, qPrintable(error));
        QCOMPARE(pass->info.url, QStringLiteral("http://gpu-box:8000")); // credentials never stored
        QCOMPARE(pass->info.allowedDropPp, std::optional<double>(1.5));
        QCOMPARE(pass->info.repeat, 2);
        QCOMPARE(pass->info.facts.value(u"vllm_version").toString(), QStringLiteral("0.31.0"));
        QCOMPARE(pass->answers.size(), std::size_t(4));
        QCOMPARE(pass->answers[1].questionId, QStringLiteral("q2"));
        QCOMPARE(pass->answers[1].question, QStringLiteral("Is q2 right?"));
        QVERIFY(!pass->answers[1].correct);
        QCOMPARE(pass->answers[3].error, QStringLiteral("HTTP 500: boom"));
        QCOMPARE(pass->answers[3].httpStatus, 500);
        QCOMPARE(pass->answers[0].latencyMs, 12.5);
        QVERIFY(!quality.pass(afterId, &error)->info.allowedDropPp);

        const QList<QualityPassSummary> list = quality.passes(&error);
        QCOMPARE(list.size(), 2);
        QCOMPARE(list[0].info.id, afterId); // newest first
        QCOMPARE(list[1].answered, 2);
        QCOMPARE(list[1].correct, 1);
        QCOMPARE(list[1].errors, 1);

        QVERIFY(quality.deletePass(id, &error));
        QVERIFY(!quality.pass(id, &error));
        QVERIFY(error.isEmpty());
        QSqlQuery q(QSqlDatabase::database(store->connectionName()));
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM quality_answers")) && q.next());
        QCOMPARE(q.value(0).toInt(), 1); // the deleted pass's answers went with it
    }

    // A role is typed (QualityRole), and the schema admits no other word either: a file another program wrote a
    // role into is refused there.
    void schemaRefusesUnknownRole()
    {
        QString error;
        auto store = RunStore::open(m_dir.filePath(QStringLiteral("role.sqlite")), &error);
        QVERIFY2(store, qPrintable(error));
        QualityPassInfo info;
        info.role = QualityRole::After;
        info.setName = QStringLiteral("s");
        info.setSha256 = QStringLiteral("x");
        const qint64 id = QualityStore(*store).savePass(info, {answer(QStringLiteral("q"), 1, true)}, &error);
        QVERIFY2(id > 0, qPrintable(error));
        QCOMPARE(QualityStore(*store).pass(id, &error)->info.role, QualityRole::After);
        QSqlQuery q(QSqlDatabase::database(store->connectionName()));
        QVERIFY(!q.exec(QStringLiteral("UPDATE quality_passes SET role = 'sideways' WHERE id = %1").arg(id)));
        QCOMPARE(qualityRoleNamed(u"sideways"), std::nullopt);
        QCOMPARE(qualityRoleNamed(qualityRoleName(QualityRole::Before)), QualityRole::Before);
    }

    // The command line and the window ask a pass through one check: the address, the role's rule (a before pass
    // carries the default drop unless given, an after pass none), the set.
    void aPassRequestIsCheckedOnce()
    {
        QString error;
        QStringList problems;
        QualityPassRequest::Given given;
        given.url = QStringLiteral("localhost:8000");
        std::optional<QualityPassRequest> r = QualityPassRequest::of(given, &error, &problems);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->url, QUrl(QStringLiteral("http://localhost:8000")));
        QCOMPARE(r->allowedDropPp, std::optional<double>(QualityVerdict::kDefaultAllowedDropPp));
        QVERIFY(!r->set.questions().empty());
        given.role = QualityRole::After;
        r = QualityPassRequest::of(given, &error, &problems);
        QVERIFY(r && !r->allowedDropPp);
        given.allowedDropPp = 3;
        QVERIFY(!QualityPassRequest::of(given, &error, &problems));
        QVERIFY2(error.contains(u"belongs to the before pass"), qPrintable(error));
        given.role = QualityRole::Before;
        given.allowedDropPp = 60;
        QVERIFY(!QualityPassRequest::of(given, &error, &problems));
        QVERIFY2(error.contains(u"from 0 to 50"), qPrintable(error));
        given.allowedDropPp.reset();
        given.url = QStringLiteral("ftp://x");
        QVERIFY(!QualityPassRequest::of(given, &error, &problems));
        QVERIFY2(error.contains(u"needs http:// or https://"), qPrintable(error));
        given.url = QStringLiteral("http://127.0.0.1:9");
        given.setFile = m_dir.filePath(QStringLiteral("missing.jsonl"));
        QVERIFY(!QualityPassRequest::of(given, &error, &problems));
        QVERIFY2(error.contains(u"not a clean question set") && !problems.isEmpty(), qPrintable(error));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestQualityStore)
#include "tst_qualitystore.moc"
