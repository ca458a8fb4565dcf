// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/pdfattachments.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace kp::core;

namespace {

struct ToolRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

ToolRun runTool(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.start(program, arguments);
    ToolRun run;
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit)
        return run;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

bool havePoppler()
{
    for (const auto* tool : {u"pdfdetach", u"pdftotext", u"pdfinfo"}) {
        if (QStandardPaths::findExecutable(QString::fromUtf16(tool)).isEmpty())
            return false;
    }
    return true;
}

QByteArray twoPagePdf()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(QStringLiteral("Capacity report"));
        QPainter painter(&writer);
        painter.drawText(200, 200, QStringLiteral("Kneepoint capacity report"));
        writer.newPage();
        painter.drawText(200, 200, QStringLiteral("Second page about the knee"));
    }
    return buffer.data();
}

/// A small hand-made PDF, or an update appended to one: `objects` by number, an xref section with subsections of
/// at most two entries (so a reader must cope with several), and a trailer with `trailerExtra` and /Prev.
QByteArray appendSection(QByteArray pdf, const QMap<int, QByteArray>& objects, int size, const QByteArray& trailerExtra)
{
    qint64 prev = -1;
    if (pdf.isEmpty()) {
        pdf = "%PDF-1.4\n";
    } else {
        const qsizetype at = pdf.lastIndexOf("startxref");
        prev = pdf.mid(at + 9).trimmed().split('\n').value(0).trimmed().toLongLong();
    }
    QMap<int, qint64> offsets;
    for (auto it = objects.cbegin(); it != objects.cend(); ++it) {
        offsets[it.key()] = pdf.size();
        pdf += QByteArray::number(it.key()) + " 0 obj\n" + it.value() + "\nendobj\n";
    }
    const qint64 xref = pdf.size();
    pdf += "xref\n";
    if (prev < 0)
        pdf += "0 1\n0000000000 65535 f \n";
    const QList<int> numbers = offsets.keys();
    for (qsizetype i = 0; i < numbers.size();) {
        qsizetype n = 1;
        if (i + 1 < numbers.size() && numbers[i + 1] == numbers[i] + 1)
            n = 2;
        pdf += QByteArray::number(numbers[i]) + ' ' + QByteArray::number(n) + '\n';
        for (qsizetype j = i; j < i + n; ++j)
            pdf += QByteArray::number(offsets[numbers[j]]).rightJustified(10, '0') + " 00000 n \n";
        i += n;
    }
    pdf += "trailer\n<< /Size " + QByteArray::number(size) + " /Root 1 0 R " + trailerExtra;
    if (prev >= 0)
        pdf += " /Prev " + QByteArray::number(prev);
    return pdf + " >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
}

/// One page saying "Hand made page", with `catalog` as object 1 and `extra` objects from number 6 on.
QByteArray handMadePdf(const QByteArray& catalog, const QList<QByteArray>& extra = {}, const QByteArray& trailer = {})
{
    const QByteArray content = "BT /F1 12 Tf 20 100 Td (Hand made page) Tj ET";
    QMap<int, QByteArray> objects {
        {1, catalog},
        {2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"},
        {3,
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> "
            ">> >>"},
        {4, "<< /Length " + QByteArray::number(content.size()) + " >>\nstream\n" + content + "\nendstream"},
        {5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"},
    };
    for (qsizetype i = 0; i < extra.size(); ++i)
        objects.insert(int(6 + i), extra[i]);
    return appendSection({}, objects, int(6 + extra.size()), trailer);
}

qint64 lastStartXref(const QByteArray& pdf)
{
    return pdf.mid(pdf.lastIndexOf("startxref") + 9).trimmed().split('\n').value(0).trimmed().toLongLong();
}

/// Checks the last xref section byte by byte, since poppler quietly rebuilds a broken table and would hide a wrong
/// offset: every entry is 20 bytes and points at its own "N G obj".
void verifyLastXref(const QByteArray& pdf, qint64 previousStartXref)
{
    const qint64 xref = lastStartXref(pdf);
    QVERIFY(xref > previousStartXref);
    QVERIFY(pdf.mid(xref).startsWith("xref\n"));
    qsizetype pos = xref + 5;
    int entries = 0;
    while (!pdf.mid(pos).startsWith("trailer")) {
        const qsizetype eol = pdf.indexOf('\n', pos);
        QVERIFY(eol > pos);
        const QList<QByteArray> header = pdf.mid(pos, eol - pos).split(' ');
        QCOMPARE(header.size(), 2);
        pos = eol + 1;
        const int first = header[0].toInt();
        for (int n = first; n < first + header[1].toInt(); ++n, ++entries, pos += 20) {
            const QByteArray entry = pdf.mid(pos, 20);
            QVERIFY2(entry.endsWith("\r\n") || entry.endsWith(" \n"), entry.constData());
            QCOMPARE(entry.mid(10, 1), QByteArray(" "));
            QCOMPARE(entry.mid(16, 2), QByteArray(" n"));
            const qint64 offset = entry.left(10).toLongLong();
            const QByteArray object = QByteArray::number(n) + ' ' + QByteArray::number(entry.mid(11, 5).toInt());
            QVERIFY2(pdf.mid(offset).startsWith(QByteArray(object + " obj")), object.constData());
        }
    }
    QVERIFY(entries >= 4); // the catalog, and a stream, a file specification and the name tree
    const QByteArray trailer = pdf.mid(pos);
    QVERIFY2(trailer.contains(QByteArray("/Prev " + QByteArray::number(previousStartXref) + ' ')), trailer.constData());
    QVERIFY(trailer.endsWith("%%EOF\n"));
}

} // namespace

class TestPdfAttachments : public QObject
{
    Q_OBJECT

private:
    // Writes `pdf`, then has poppler list, extract and read it: every attachment comes back byte for byte, listed
    // under its name, and no tool complains.
    void verifyWithPoppler(
        const QByteArray& pdf, const QList<PdfAttachment>& files, const QByteArray& pageText, int pages)
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(pdf), pdf.size());
        file.close();

        const ToolRun list = runTool(QStringLiteral("pdfdetach"), {QStringLiteral("-list"), path});
        QCOMPARE(list.exitCode, 0);
        QCOMPARE(list.err, QByteArray());
        const QString listed = QString::fromUtf8(list.out);
        QVERIFY2(
            listed.startsWith(QString::number(files.size()) + QStringLiteral(" embedded files")), qPrintable(listed));
        for (const PdfAttachment& attachment : files)
            QVERIFY2(listed.contains(QStringLiteral(": ") + attachment.fileName + u'\n'), qPrintable(listed));

        const QString saved = dir.filePath(QStringLiteral("saved"));
        QVERIFY(QDir().mkpath(saved));
        const ToolRun save
            = runTool(QStringLiteral("pdfdetach"), {QStringLiteral("-saveall"), QStringLiteral("-o"), saved, path});
        QCOMPARE(save.exitCode, 0);
        QCOMPARE(save.err, QByteArray());
        for (const PdfAttachment& attachment : files) {
            QFile back(QDir(saved).filePath(attachment.fileName));
            QVERIFY2(back.open(QIODevice::ReadOnly), qPrintable(back.fileName()));
            QCOMPARE(back.readAll(), attachment.data);
        }

        const ToolRun text = runTool(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(text.err, QByteArray());
        QVERIFY2(text.out.contains(pageText), text.out.constData());

        const ToolRun info = runTool(QStringLiteral("pdfinfo"), {path});
        QCOMPARE(info.exitCode, 0);
        QCOMPARE(info.err, QByteArray());
        QVERIFY2(info.out.contains(QByteArray("Pages:           " + QByteArray::number(pages) + '\n')),
            info.out.constData());

        // qpdf is stricter than poppler about the xref; CI does not install it, but use it where it is.
        if (const QString qpdf = QStandardPaths::findExecutable(QStringLiteral("qpdf")); !qpdf.isEmpty()) {
            const ToolRun check = runTool(qpdf, {QStringLiteral("--check"), path});
            QVERIFY2(check.exitCode == 0, check.out.constData());
        }
    }

private slots:
    void embedsIntoQPdfWriterOutput()
    {
        if (!havePoppler())
            QSKIP("poppler-utils (pdfdetach, pdftotext, pdfinfo) are not on PATH");
        const QByteArray original = twoPagePdf();
        // What the parser relies on: QPdfWriter in Qt 6.4 writes a classic table and a catalog without /Names.
        QVERIFY(original.contains("\nxref\n0 "));
        QVERIFY(!original.contains("/Names"));

        QByteArray markdown = "# Title\n\nLatency stays under 80 \xC2\xB5s (p99) \\ even at the knee.\n";
        for (int i = 0; i < 50; ++i)
            markdown += "| " + QByteArray::number(i) + " | (" + QByteArray::number(i * i) + ") |\n";
        const QList<PdfAttachment> files {
            {QStringLiteral("report.md"), "text/markdown", QStringLiteral("The report as Markdown"), markdown},
            {QStringLiteral("report.json"), "application/json", QStringLiteral("The numbers (µs)"),
                R"({"unit":"\u00b5s","p99":80})"},
            {QStringLiteral("run 3 (warm).md"), "text/markdown", QString(), "# Run 3\n"},
        };

        QString error;
        const QByteArray pdf = PdfAttachments::embed(original, files, &error);
        QVERIFY2(!pdf.isEmpty(), qPrintable(error));
        QVERIFY(error.isEmpty());
        // An incremental update leaves every original byte where it was.
        QVERIFY(pdf.startsWith(original));
        verifyLastXref(pdf, lastStartXref(original));
        QVERIFY(pdf.contains("/Subtype /text#2Fmarkdown"));
        QVERIFY(pdf.contains("/FlateDecode")); // the Markdown compresses, so it is stored compressed
        QVERIFY(pdf.contains("/Info 1 0 R"));
        verifyWithPoppler(pdf, files, "Second page about the knee", 2);
    }

    void namesNonAsciiFiles()
    {
        if (!havePoppler())
            QSKIP("poppler-utils (pdfdetach, pdftotext, pdfinfo) are not on PATH");
        const QList<PdfAttachment> files {
            {QStringLiteral("Latenz µs (Lauf 2).txt"), "text/plain", QStringLiteral("Grüße"), "80\n"},
            {QStringLiteral("empty.txt"), QByteArray(), QString(), QByteArray()},
        };
        const QByteArray original = twoPagePdf();
        QString error;
        const QByteArray pdf = PdfAttachments::embed(original, files, &error);
        QVERIFY2(!pdf.isEmpty(), qPrintable(error));
        // UTF-16BE with a byte order mark: "FEFF" then "L" as 004C.
        QVERIFY(pdf.contains("/UF <FEFF004C"));
        verifyLastXref(pdf, lastStartXref(original));
        verifyWithPoppler(pdf, files, "Kneepoint capacity report", 2);
    }

    void followsUpdatesAndSubsections()
    {
        if (!havePoppler())
            QSKIP("poppler-utils (pdfdetach, pdftotext, pdfinfo) are not on PATH");
        const QByteArray id = "[<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]";
        QByteArray original = handMadePdf("<< /Type /Catalog /Pages 2 0 R >>", {}, "/ID " + id);
        // An earlier update that adds /Info but leaves the catalog in the first section, behind /Prev.
        original = appendSection(original, {{6, "<< /Title (Updated once) >>"}}, 7, "/Info 6 0 R /ID " + id);
        const QList<PdfAttachment> files {{QStringLiteral("a.json"), "application/json", QString(), "{}"}};
        QString error;
        const QByteArray pdf = PdfAttachments::embed(original, files, &error);
        QVERIFY2(!pdf.isEmpty(), qPrintable(error));
        verifyLastXref(pdf, lastStartXref(original));
        const QByteArray trailer = pdf.mid(pdf.lastIndexOf("trailer"));
        QVERIFY2(trailer.contains(QByteArray("/Size 10 /Root 1 0 R /Info 6 0 R /ID " + id)), trailer.constData());
        verifyWithPoppler(pdf, files, "Hand made page", 1);
    }

    void mergesInlineNames()
    {
        if (!havePoppler())
            QSKIP("poppler-utils (pdfdetach, pdftotext, pdfinfo) are not on PATH");
        const QByteArray original
            = handMadePdf("<< /Type /Catalog /Pages 2 0 R /Names << /Dests 6 0 R >> >>", {"<< /Names [] >>"});
        const QList<PdfAttachment> files {{QStringLiteral("report.md"), "text/markdown", QString(), "# T\n"}};
        QString error;
        const QByteArray pdf = PdfAttachments::embed(original, files, &error);
        QVERIFY2(!pdf.isEmpty(), qPrintable(error));
        QVERIFY(pdf.contains("/Names << /Dests 6 0 R /EmbeddedFiles 9 0 R >>"));
        verifyLastXref(pdf, lastStartXref(original));
        verifyWithPoppler(pdf, files, "Hand made page", 1);
    }

    void extendsIndirectNames()
    {
        if (!havePoppler())
            QSKIP("poppler-utils (pdfdetach, pdftotext, pdfinfo) are not on PATH");
        const QByteArray original
            = handMadePdf("<< /Type /Catalog /Pages 2 0 R /Names 6 0 R >>", {"<< /Dests 7 0 R >>", "<< /Names [] >>"});
        const QList<PdfAttachment> files {{QStringLiteral("report.md"), "text/markdown", QString(), "# T\n"}};
        QString error;
        const QByteArray pdf = PdfAttachments::embed(original, files, &error);
        QVERIFY2(!pdf.isEmpty(), qPrintable(error));
        // The /Names dictionary gets a new version; the catalog stays as it was.
        QVERIFY(pdf.contains("6 0 obj\n<< /Dests 7 0 R /EmbeddedFiles 10 0 R >>"));
        QCOMPARE(pdf.count("/Type /Catalog"), 1);
        verifyLastXref(pdf, lastStartXref(original));
        verifyWithPoppler(pdf, files, "Hand made page", 1);
    }

    void refusesSecondEmbedding()
    {
        const QList<PdfAttachment> files {{QStringLiteral("report.md"), "text/markdown", QString(), "# T\n"}};
        QString error;
        const QByteArray once = PdfAttachments::embed(twoPagePdf(), files, &error);
        QVERIFY2(!once.isEmpty(), qPrintable(error));
        QVERIFY(PdfAttachments::embed(once, files, &error).isEmpty());
        QVERIFY2(error.contains(QStringLiteral("/EmbeddedFiles")), qPrintable(error));
    }

    void refusesBadNames_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::newRow("empty") << QStringList {QString()};
        QTest::newRow("folder") << QStringList {QStringLiteral("reports/report.md")};
        QTest::newRow("duplicate") << QStringList {
            QStringLiteral("a.md"), QStringLiteral("b.md"), QStringLiteral("a.md")};
    }

    void refusesBadNames()
    {
        QFETCH(QStringList, names);
        QList<PdfAttachment> files;
        for (const QString& name : names)
            files.append({name, "text/markdown", QString(), "x"});
        QString error;
        QVERIFY(PdfAttachments::embed(twoPagePdf(), files, &error).isEmpty());
        QVERIFY(!error.isEmpty());
    }

    void withoutFilesReturnsInput()
    {
        const QByteArray original = twoPagePdf();
        QString error;
        QCOMPARE(PdfAttachments::embed(original, {}, &error), original);
        QVERIFY(error.isEmpty());
    }

    void refusesGarbage_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("why");
        const QByteArray pdf = twoPagePdf();
        const qint64 xref = lastStartXref(pdf);
        QTest::newRow("empty") << QByteArray() << QStringLiteral("%PDF-");
        QTest::newRow("text") << QByteArray("not a pdf") << QStringLiteral("%PDF-");
        QTest::newRow("header only") << QByteArray("%PDF-1.4\n") << QStringLiteral("startxref");
        QTest::newRow("first half") << pdf.left(pdf.size() / 2) << QStringLiteral("startxref");
        QTest::newRow("cut in the xref") << pdf.left(xref + 100) << QStringLiteral("startxref");
        QTest::newRow("cut after startxref") << pdf.left(pdf.lastIndexOf("startxref") + 10) << QStringLiteral("offset");
        QByteArray wrongOffset = pdf;
        wrongOffset.replace(QByteArray("startxref\n" + QByteArray::number(xref)), "startxref\n20");
        QTest::newRow("startxref elsewhere") << wrongOffset << QStringLiteral("cross-reference table");
        QByteArray brokenTrailer = pdf;
        brokenTrailer.replace("/Root 2 0 R", "/Root (2 0 R");
        QTest::newRow("broken trailer") << brokenTrailer << QStringLiteral("trailer");
        QByteArray noCatalog = pdf;
        noCatalog.replace("/Root 2 0 R", "/Root 99 0 R");
        QTest::newRow("missing catalog") << noCatalog << QStringLiteral("catalog");
        QByteArray encrypted = pdf;
        encrypted.replace("/Root 2 0 R", "/Root 2 0 R /Encrypt 1 0 R");
        QTest::newRow("encrypted") << encrypted << QStringLiteral("encrypted");
        const QByteArray xrefStream = "%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 2 /Root 1 0 R >>\nstream\n\nendstream\n"
                                      "endobj\nstartxref\n9\n%%EOF\n";
        QTest::newRow("xref stream") << xrefStream << QStringLiteral("cross-reference streams");
    }

    void refusesGarbage()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, why);
        const QList<PdfAttachment> files {{QStringLiteral("report.md"), "text/markdown", QString(), "# T\n"}};
        QString error;
        QVERIFY(PdfAttachments::embed(input, files, &error).isEmpty());
        QVERIFY2(error.contains(why), qPrintable(error));
        QVERIFY2(error.endsWith(u'.'), qPrintable(error));
    }
};

QTEST_MAIN(TestPdfAttachments)
#include "tst_pdfattachments.moc"
