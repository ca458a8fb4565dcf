// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis speaks the user's language: with the German translation installed the verdict, the findings, the
// trust checks, the walls and the report's headings come out in German; with none installed (the command line)
// they stay English, word for word what the golden tests expect.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/report/markdownreport.h"
#include "core/report/pdfattachments.h"
#include "core/report/reportcontent.h"
#include "core/store/runstore.h"
#include "support/handbuiltrun.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace kp::core;

class TestAnalysisTranslation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void englishWithoutATranslator();
    void germanWithTheGermanTranslator();
    void englishAgainOnceTheTranslatorIsRemoved();
    void memoryWallEvidenceReadsAsASentence();
    void qtsOwnWordsComeInGermanToo();
    void theStoresAndThePdfsSentencesComeInGerman();

private:
    static RunAnalysis analyse(const RunData& run) { return RunAnalysis::of(run, AnalysisSettings::ofRun(run)); }
    static const Finding* finding(const RunAnalysis& a, const QString& id)
    {
        for (const Finding& f : a.findings)
            if (f.id == id)
                return &f;
        return nullptr;
    }
    static const TrustCheck* check(const RunAnalysis& a, const QString& id)
    {
        for (const TrustCheck& c : a.trust)
            if (c.id == id)
                return &c;
        return nullptr;
    }

    RunData m_run;
};

void TestAnalysisTranslation::initTestCase()
{
    // 1 to 16 users whose TTFT crosses 500 ms at about 10 users, with the KV cache nearly empty.
    m_run = makeRun(latencyBoundSweep());
}

void TestAnalysisTranslation::englishWithoutATranslator()
{
    const RunAnalysis a = analyse(m_run);
    QVERIFY2(a.verdict.startsWith(QStringLiteral("For your chat traffic (1,024 tokens in, 256 out), this server "
                                                 "takes about 10 users")),
        qPrintable(a.verdict));
    const Finding* ttft = finding(a, QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QCOMPARE(ttft->title, QStringLiteral("Time to first token crosses the target at about 10 users"));
}

void TestAnalysisTranslation::germanWithTheGermanTranslator()
{
    QTranslator german;
    QVERIFY2(german.load(QStringLiteral("kneepoint_de"), QStringLiteral(KNEEPOINT_QM_DIR)),
        "the German translation kneepoint_de.qm was not built into " KNEEPOINT_QM_DIR);
    QVERIFY(QCoreApplication::installTranslator(&german));
    const RunAnalysis a = analyse(m_run);
    const ReportContent content = ReportContent::of(m_run, a);
    const QString markdown = MarkdownReport::write(content);
    QCoreApplication::removeTranslator(&german);

    // The verdict: German words, and numbers written the German way.
    QVERIFY2(a.verdict.startsWith(QStringLiteral("Für Ihren Traffic")), qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(QStringLiteral("1.024 Tokens Eingabe")), qPrintable(a.verdict));
    QVERIFY2(
        a.verdict.contains(QStringLiteral("kommt dieser Server mit etwa 10 Nutzern (8–16")), qPrintable(a.verdict));
    QVERIFY2(a.verdict.contains(QStringLiteral("mit 8 Nutzern kam er problemlos zurecht")), qPrintable(a.verdict));
    // The card's number stands alone: nominative, not the dative of a sentence ("≈ 10 Nutzern").
    QCOMPARE(content.answer.number, QStringLiteral("≈ 10 Nutzer"));
    QVERIFY2(a.verdict.contains(QStringLiteral("Zeit bis zum ersten Token")), qPrintable(a.verdict));
    QVERIFY2(!a.verdict.contains(QStringLiteral("because")), qPrintable(a.verdict));

    const Finding* ttft = finding(a, QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY2(ttft->title.contains(QStringLiteral("Zielwert")), qPrintable(ttft->title));
    QVERIFY2(ttft->title.contains(QStringLiteral("etwa 10 Nutzern")), qPrintable(ttft->title));
    QVERIFY2(!ttft->meaning.contains(QStringLiteral("Users wait")), qPrintable(ttft->meaning));

    const TrustCheck* errors = check(a, QStringLiteral("errors"));
    QVERIFY(errors);
    QVERIFY2(errors->title.contains(QStringLiteral("Fehler")), qPrintable(errors->title));
    QVERIFY2(a.walls.memory.evidence.contains(QStringLiteral("KV-Cache")), qPrintable(a.walls.memory.evidence));

    // The report's headings and table headers.
    QVERIFY2(markdown.contains(QStringLiteral("\n## Fazit\n")), qPrintable(markdown));
    QVERIFY2(markdown.contains(QStringLiteral("\n### Die drei Wände\n")), qPrintable(markdown));
    QVERIFY2(!markdown.contains(QStringLiteral("## Verdict")), qPrintable(markdown));
    QVERIFY2(content.scoreHeader.value(0) == QStringLiteral("Last"), qPrintable(content.scoreHeader.join(u'|')));
    // A table cell names the load on its own, not in a sentence's case.
    QVERIFY2(content.score.front().cells.value(0) == QStringLiteral("1 Nutzer"),
        qPrintable(content.score.front().cells.join(u'|')));
    QVERIFY2(content.score.back().cells.value(0) == QStringLiteral("16 Nutzer"),
        qPrintable(content.score.back().cells.join(u'|')));
}

void TestAnalysisTranslation::englishAgainOnceTheTranslatorIsRemoved()
{
    englishWithoutATranslator();
    const QString markdown = MarkdownReport::write(ReportContent::of(m_run, analyse(m_run)));
    QVERIFY(markdown.contains(QStringLiteral("\n## Verdict\n")));
    QVERIFY(markdown.contains(QStringLiteral("| 16 users |")));
}

void TestAnalysisTranslation::memoryWallEvidenceReadsAsASentence()
{
    // The cache fills at 8 users, with preemptions: the evidence is built from parts ("at 8 users" + "the KV cache
    // reached 99%" + …) whose German order differs, and the finding makes a sentence of it.
    std::vector<StepSpec> specs = latencyBoundSweep();
    specs[4].kv = 0.99;
    specs[4].preemptions = 12;
    const RunData run = makeRun(specs);
    const RunAnalysis english = analyse(run);
    QCOMPARE(english.findings.front().id, QStringLiteral("memory-wall"));
    QVERIFY2(english.findings.front().measured.startsWith(
                 QStringLiteral("At 8 users the KV cache reached 99% and 12 requests were preempted.")),
        qPrintable(english.findings.front().measured));

    QTranslator german;
    QVERIFY(german.load(QStringLiteral("kneepoint_de"), QStringLiteral(KNEEPOINT_QM_DIR)));
    QCoreApplication::installTranslator(&german);
    const RunAnalysis a = analyse(run);
    QCoreApplication::removeTranslator(&german);
    QCOMPARE(a.findings.front().id, QStringLiteral("memory-wall"));
    QVERIFY2(a.findings.front().measured.startsWith(
                 QStringLiteral("Bei 8 Nutzern erreichte der KV-Cache 99% und wurden 12 Anfragen verdrängt.")),
        qPrintable(a.findings.front().measured));
    QVERIFY2(a.verdict.contains(QStringLiteral("weil der Speicher voll ist: bei 8 Nutzern erreichte der KV-Cache")),
        qPrintable(a.verdict));
}

// The window loads Qt's own German beside ours (app/main.cpp): the wizard's "Next >" and every "Cancel" came out in
// English while qt6-translations-l10n, which holds qtbase_de.qm, was neither a build nor a package dependency.
void TestAnalysisTranslation::qtsOwnWordsComeInGermanToo()
{
    QTranslator qt;
    QVERIFY2(qt.load(QLocale(QLocale::German), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)),
        "qtbase_de.qm is missing: install qt6-translations-l10n (packaging/debian/build-deps.txt)");
    QCoreApplication::installTranslator(&qt);
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Abbrechen"));
    QCOMPARE(QCoreApplication::translate("QWizard", "&Next >"), QStringLiteral("&Weiter >"));
    QCoreApplication::removeTranslator(&qt);
}

// Sentences written outside a class (the store's failures, the PDF's) are looked up under the context lupdate files
// them in: a free tr() helper once asked for another, and twenty German sentences were never shown.
void TestAnalysisTranslation::theStoresAndThePdfsSentencesComeInGerman()
{
    QTranslator german;
    QVERIFY(german.load(QStringLiteral("kneepoint_de"), QStringLiteral(KNEEPOINT_QM_DIR)));
    QCoreApplication::installTranslator(&german);
    QTemporaryDir dir;
    // An SQLite file of another application.
    const QString path = dir.filePath(QStringLiteral("birds.sqlite"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("birds"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE birds (name TEXT)")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("birds"));
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QString pdfError;
    PdfAttachments::embed(QByteArrayLiteral("not a pdf"), {}, &pdfError);
    QCoreApplication::removeTranslator(&german);
    QVERIFY2(error.contains(QStringLiteral("ist die SQLite-Datenbank einer anderen Anwendung")), qPrintable(error));
    QVERIFY2(pdfError.startsWith(QStringLiteral("Die Daten sind kein PDF")), qPrintable(pdfError));
}

QTEST_GUILESS_MAIN(TestAnalysisTranslation)
#include "tst_analysistranslation.moc"
