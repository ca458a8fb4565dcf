// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/lesson.h"

#include <QDir>
#include <QRegularExpression>
#include <QTest>

using namespace kp::core;

namespace {

const QStringList kIds = {
    QStringLiteral("continuous-batching"),
    QStringLiteral("prefill-vs-decode"),
    QStringLiteral("kv-cache-and-preemption"),
    QStringLiteral("roofline"),
    QStringLiteral("queueing-and-littles-law"),
    QStringLiteral("tail-latency"),
    QStringLiteral("chunked-prefill"),
    QStringLiteral("prefix-caching"),
    QStringLiteral("quantization"),
    QStringLiteral("tensor-parallelism"),
    QStringLiteral("goodput-and-slos"),
    QStringLiteral("measuring-honestly"),
};

qsizetype words(const QString& text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return text.split(space, Qt::SkipEmptyParts).size();
}

} // namespace

class TestLessons : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyLessonIsThereInReadingOrder() { QCOMPARE(Lessons::ids(), kIds); }

    // The ids in lesson.cpp and the FILES list in core/CMakeLists.txt are kept by hand: a file compiled in but never
    // listed would be unreachable, a listed one missing would stop the program.
    void theResourcesHoldExactlyTheListedLessons()
    {
        QStringList files = QDir(QStringLiteral(":/lessons")).entryList({QStringLiteral("*.md")}, QDir::Files);
        for (QString& file : files)
            file.chop(3);
        files.sort();
        QStringList ids = kIds;
        ids.sort();
        QCOMPARE(files, ids);
    }

    void eachLessonIsShortPlainProseWithATitle_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString& id : kIds)
            QTest::newRow(qPrintable(id)) << id;
    }

    void eachLessonIsShortPlainProseWithATitle()
    {
        QFETCH(QString, id);
        const auto lesson = Lessons::byId(id);
        QVERIFY(lesson);
        QCOMPARE(lesson->id, id);
        QCOMPARE(lesson->resourcePath, QStringLiteral(":/lessons/%1.md").arg(id));
        QVERIFY(!lesson->markdown.trimmed().isEmpty());
        QVERIFY2(!lesson->title.isEmpty(), qPrintable(id));
        QCOMPARE(lesson->markdown.section(u'\n', 0, 0), QStringLiteral("# ") + lesson->title);
        const qsizetype count = words(lesson->markdown);
        QVERIFY2(count >= 150 && count <= 400, qPrintable(QStringLiteral("%1: %2 words").arg(id).arg(count)));
        // One title per lesson: a second level-one heading would be a second lesson.
        QCOMPARE(lesson->markdown.count(QRegularExpression(QStringLiteral("(^|\\n)# "))), 1);
    }

    void titlesAreUnique()
    {
        QStringList titles;
        for (const Lesson& lesson : Lessons::all())
            titles.append(lesson.title);
        titles.removeDuplicates();
        QCOMPARE(titles.size(), Lessons::all().size());
    }

    void anUnknownIdHasNoLesson()
    {
        QVERIFY(!Lessons::byId(QStringLiteral("no-such-lesson")));
        QVERIFY(!Lessons::byId(QString()));
    }

    void theTitleIsTheFirstLineHeading_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("title");
        QTest::newRow("plain") << QStringLiteral("# The roofline\n\nText.") << QStringLiteral("The roofline");
        QTest::newRow("blank lines and spaces")
            << QStringLiteral("\n\n#   Spaced out  \r\nText") << QStringLiteral("Spaced out");
        QTest::newRow("level two") << QStringLiteral("## Part\nText") << QString();
        QTest::newRow("no space") << QStringLiteral("#Tag\nText") << QString();
        QTest::newRow("prose first") << QStringLiteral("Text\n# Later") << QString();
        QTest::newRow("empty") << QString() << QString();
    }

    void theTitleIsTheFirstLineHeading()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, title);
        QCOMPARE(Lessons::titleOf(markdown), title);
    }
};

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"
