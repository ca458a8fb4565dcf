// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/reportfileview.h"

#include "core/report/htmlreport.h"
#include "core/report/jsonreport.h"
#include "core/report/reportcontent.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace kp::ui {

using namespace kp::core;

ReportFileView::ReportFileView(const QJsonObject& report, const QString& fileName, QWidget* parent)
    : QDialog(parent)
    , m_text(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("openedReport"));
    setWindowTitle(tr("%1 (file)").arg(JsonReport::read(report).title));
    m_text->setObjectName(QStringLiteral("openedReportText"));
    m_text->setAccessibleName(tr("Report"));
    m_text->setOpenLinks(false);
    m_text->setHtml(toHtml(report, fileName));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(900, 700);
}

QString ReportFileView::html() const
{
    return m_text->toHtml();
}

QString ReportFileView::toHtml(const QJsonObject& report, const QString& fileName)
{
    // The document the file holds, read back by core beside its writer and drawn by the HTML report: the same
    // sentences and figures as every other face, never a rendering of the file's fields of our own.
    ReportContent content = JsonReport::read(report);
    content.identity.push_back({tr("Read from"),
        tr("%1: a report file holds the analysis but not the requests, so what-if and export need the run store it "
           "came from.")
            .arg(QDir::toNativeSeparators(fileName))});
    return HtmlReport::write(content);
}

} // namespace kp::ui
