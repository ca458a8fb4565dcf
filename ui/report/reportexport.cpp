// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/reportexport.h"

#include "core/report/pdfreport.h"
#include "core/report/reportformat.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPrintDialog>
#include <QPrinter>

namespace kp::ui {

using namespace kp::core;

QString ReportExport::fileFilters()
{
    return ReportFormat::fileFilters();
}

bool ReportExport::save(const ReportResult& result, const QString& path, const RunStore* store, QString* error)
{
    const ReportFormat* format = ReportFormat::ofPath(path);
    if (!format) {
        QStringList endings;
        for (const ReportFormat& f : ReportFormat::all())
            endings << u'.' + f.suffixes.first();
        *error
            = QCoreApplication::translate("kp::ui::ReportExport", "Kneepoint writes %1 reports; '%2' is none of them.")
                  .arg(endings.join(QStringLiteral(", ")), QFileInfo(path).fileName());
        return false;
    }
    const QByteArray data = format->write(*result.run, result.analysis, &result.content, store, error);
    return !data.isEmpty() && saveReportFile(path, data, error);
}

QString ReportExport::suggestedName(const ReportResult& result)
{
    return QStringLiteral("kneepoint-run-%1").arg(result.run ? result.run->summary.id : 0);
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
