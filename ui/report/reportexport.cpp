// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportexport.h"

#include "report/csvreport.h"
#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/pdfreport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPrintDialog>
#include <QPrinter>
#include <QSaveFile>

namespace kp::ui {

using namespace kp::core;

QString ReportExport::fileFilters()
{
    return QCoreApplication::translate("kp::ui::ReportExport",
        "PDF (*.pdf);;HTML page (*.html);;Markdown (*.md);;JSON, every number (*.json);;CSV, one row per step (*.csv)");
}

bool ReportExport::save(const ReportResult& result, const QString& path, QString* error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    QByteArray data;
    if (suffix == u"md") {
        data = MarkdownReport::write(result.content).toUtf8();
    } else if (suffix == u"json") {
        data = QJsonDocument(JsonReport::write(*result.run, result.analysis)).toJson(QJsonDocument::Indented);
    } else if (suffix == u"html" || suffix == u"htm") {
        data = HtmlReport::write(result.content).toUtf8();
    } else if (suffix == u"csv") {
        data = CsvReport::steps(*result.run, result.analysis).toUtf8();
    } else if (suffix == u"pdf") {
        const QString base = QStringLiteral("kneepoint-run-%1").arg(result.run->run.summary.id);
        data = PdfReport::write(result.content,
            {{base + QStringLiteral(".md"), MarkdownReport::write(result.content).toUtf8()},
                {base + QStringLiteral(".json"),
                    QJsonDocument(JsonReport::write(*result.run, result.analysis)).toJson(QJsonDocument::Indented)}},
            error);
        if (data.isEmpty())
            return false;
    } else {
        *error = QCoreApplication::translate(
            "kp::ui::ReportExport", "Kneepoint writes .pdf, .html, .md, .json and .csv reports; '%1' is none of them.")
                     .arg(QFileInfo(path).fileName());
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        *error = QCoreApplication::translate(
            "kp::ui::ReportExport", "Could not write %1: %2. Check that the folder exists and has space.")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

QString ReportExport::suggestedName(const ReportResult& result)
{
    return QStringLiteral("kneepoint-run-%1").arg(result.run ? result.run->run.summary.id : 0);
}

bool ReportExport::print(const ReportResult& result, QWidget* parent)
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(PdfReport::defaultPageLayout());
    // The print dialog offers its file (print to PDF) under the document's name.
    printer.setDocName(suggestedName(result));
    QPrintDialog dialog(&printer, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    PdfReport::paint(result.content, printer);
    return true;
}

} // namespace kp::ui
