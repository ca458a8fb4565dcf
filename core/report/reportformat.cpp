// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/reportformat.h"

#include "core/analysis/rundata.h"
#include "core/report/csvreport.h"
#include "core/report/htmlreport.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/report/pdfreport.h"
#include "core/report/reportcontent.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

#include <algorithm>

namespace kp::core {

const std::vector<ReportFormat>& ReportFormat::all()
{
    // The order of the window's Export filters and of --format's help: the one a manager wants first.
    static const std::vector<ReportFormat> formats {
        {Id::Pdf, QStringLiteral("pdf"), {QStringLiteral("pdf")}, QT_TRANSLATE_NOOP("ReportFormat", "PDF"), true, true,
            false},
        {Id::Html, QStringLiteral("html"), {QStringLiteral("html"), QStringLiteral("htm")},
            QT_TRANSLATE_NOOP("ReportFormat", "HTML page"), false, true, false},
        {Id::Markdown, QStringLiteral("md"), {QStringLiteral("md"), QStringLiteral("markdown")},
            QT_TRANSLATE_NOOP("ReportFormat", "Markdown"), false, true, false},
        {Id::Json, QStringLiteral("json"), {QStringLiteral("json")},
            QT_TRANSLATE_NOOP("ReportFormat", "JSON, every number"), false, true, false},
        {Id::StepsCsv, QStringLiteral("csv"), {QStringLiteral("csv")},
            QT_TRANSLATE_NOOP("ReportFormat", "CSV, one row per step"), false, false, false},
        {Id::RequestsCsv, QStringLiteral("requests-csv"), {QStringLiteral("requests.csv")},
            QT_TRANSLATE_NOOP("ReportFormat", "CSV, one row per request"), false, false, true},
    };
    return formats;
}

const ReportFormat* ReportFormat::named(const QString& name)
{
    const auto& formats = all();
    const auto at = std::find_if(formats.begin(), formats.end(), [&](const ReportFormat& f) { return f.name == name; });
    return at == formats.end() ? nullptr : &*at;
}

const ReportFormat* ReportFormat::ofPath(const QString& path)
{
    const QString file = QFileInfo(path).fileName().toLower();
    const ReportFormat* best = nullptr;
    qsizetype bestLength = 0;
    for (const ReportFormat& f : all()) {
        for (const QString& s : f.suffixes) {
            if (s.size() > bestLength && file.size() > s.size() + 1 && file.endsWith(u'.' + s)) {
                best = &f;
                bestLength = s.size();
            }
        }
    }
    return best;
}

QString ReportFormat::names()
{
    QStringList list;
    for (const ReportFormat& f : all())
        list << f.name;
    const QString last = list.takeLast();
    return list.join(QStringLiteral(", ")) + QStringLiteral(" or ") + last;
}

QString ReportFormat::fileFilters()
{
    QStringList filters;
    for (const ReportFormat& f : all()) {
        QStringList globs;
        for (const QString& s : f.suffixes)
            globs << QStringLiteral("*.") + s;
        filters << QStringLiteral("%1 (%2)").arg(
            QCoreApplication::translate("ReportFormat", f.label), globs.join(u' '));
    }
    return filters.join(QStringLiteral(";;"));
}

QByteArray ReportFormat::write(const RunData& run, const RunAnalysis& analysis, const ReportContent* content,
    const RunStore* store, QString* error) const
{
    if ((needsContent && !content) || (needsStore && !store)) {
        *error = QStringLiteral("the %1 report needs %2, which its caller did not give.")
                     .arg(name, needsStore ? QStringLiteral("the run store") : QStringLiteral("the report's content"));
        return {};
    }
    const auto json
        = [&] { return QJsonDocument(JsonReport::write(run, analysis, content)).toJson(QJsonDocument::Indented); };
    switch (id) {
    case Id::Markdown:
        return MarkdownReport::write(*content).toUtf8();
    case Id::Html:
        return HtmlReport::write(*content).toUtf8();
    case Id::Json:
        return json();
    case Id::StepsCsv:
        return CsvReport::steps(run, analysis).toUtf8();
    case Id::RequestsCsv:
        return CsvReport::requests(*store, run, error).toUtf8();
    case Id::Pdf: {
        // The numbers ride inside the PDF: a manager's copy is also the engineer's.
        const QString base = QStringLiteral("kneepoint-run-%1").arg(run.summary.id);
        return PdfReport::write(*content,
            {{base + QStringLiteral(".md"), MarkdownReport::write(*content).toUtf8()},
                {base + QStringLiteral(".json"), json()}},
            error);
    }
    }
    return {};
}

bool saveReportFile(const QString& path, const QByteArray& data, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        *error = QCoreApplication::translate(
            "ReportFormat", "Could not write %1: %2. Check that the folder exists and has space.")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

} // namespace kp::core
