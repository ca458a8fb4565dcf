// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/experimentreport.h"

#include "core/common/version.h"
#include "core/report/pdfattachments.h"
#include "core/report/pdfreport.h"
#include "core/tune/experiment.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QPdfWriter>
#include <QTextDocument>

namespace kp::core {

namespace {

QString title(const Experiment& e)
{
    return QCoreApplication::translate("ExperimentReport", "Kneepoint experiment %1").arg(e.id);
}

QString subtitle(const Experiment& e)
{
    const qint64 baseline = e.trials.isEmpty() ? -1 : e.trials.front().runId;
    const qsizetype settings = std::max<qsizetype>(0, e.trials.size() - 1);
    return (settings == 1 ? QCoreApplication::translate(
                "ExperimentReport", "%1 setting of %2 for %3, against the baseline of run %4 (%5)")
                          : QCoreApplication::translate(
                              "ExperimentReport", "%1 settings of %2 for %3, against the baseline of run %4 (%5)"))
        .arg(QString::number(settings), e.engine,
            e.model.isEmpty() ? QCoreApplication::translate("ExperimentReport", "an unknown model") : e.model,
            baseline < 0 ? QStringLiteral("–") : QString::number(baseline), e.startedUtc);
}

QString footer()
{
    return QCoreApplication::translate("ExperimentReport",
        "Every trial is a stored run: kneepoint show RUN explains it, and kneepoint compare BASELINE RUN sets "
        "the two side by side with the same noise test.");
}

QString markdownCell(QString s)
{
    return s.replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' ');
}

} // namespace

QString ExperimentReport::formats()
{
    return QStringLiteral("text, md, html, json, pdf");
}

QString ExperimentReport::markdown(const Experiment& e)
{
    QString out = QStringLiteral("# %1\n\n%2\n\n").arg(title(e), subtitle(e));
    out += QStringLiteral("## %1\n\n%2\n")
               .arg(QCoreApplication::translate("ExperimentReport", "Recommendation"), e.recommendation);
    if (!e.flagToCopy.isEmpty())
        out += QStringLiteral("\n```\n%1\n```\n").arg(e.flagToCopy);
    const QStringList header = e.tableHeader();
    out += QStringLiteral("\n## %1\n\n| %2 |\n|")
               .arg(QCoreApplication::translate("ExperimentReport", "Trials, ranked by capacity"),
                   header.join(QStringLiteral(" | ")));
    for (qsizetype i = 0; i < header.size(); ++i)
        out += QStringLiteral("---|");
    out += u'\n';
    for (const QStringList& row : e.tableRows()) {
        QStringList cells;
        for (const QString& c : row)
            cells << markdownCell(c);
        out += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
    }
    return out + u'\n' + footer() + u'\n';
}

QString ExperimentReport::html(const Experiment& e)
{
    QString out = QStringLiteral(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>\n<style>"
        "body{font-family:sans-serif;max-width:70em;margin:2em auto;color:#1a1a1a}"
        "table{border-collapse:collapse;font-size:0.9em}td,th{border:1px solid #bbb;padding:0.3em 0.5em;"
        "vertical-align:top;text-align:left}th{background:#eee}code{background:#f2f2f2;padding:0.1em 0.3em}"
        "</style></head><body>\n")
                      .arg(title(e).toHtmlEscaped());
    out += QStringLiteral("<h1>%1</h1>\n<p>%2</p>\n").arg(title(e).toHtmlEscaped(), subtitle(e).toHtmlEscaped());
    out += QStringLiteral("<h2>%1</h2>\n<p>%2</p>\n")
               .arg(QCoreApplication::translate("ExperimentReport", "Recommendation").toHtmlEscaped(),
                   e.recommendation.toHtmlEscaped());
    if (!e.flagToCopy.isEmpty())
        out += QStringLiteral("<p><code>%1</code></p>\n").arg(e.flagToCopy.toHtmlEscaped());
    out += QStringLiteral("<h2>%1</h2>\n<table>\n<tr>")
               .arg(QCoreApplication::translate("ExperimentReport", "Trials, ranked by capacity").toHtmlEscaped());
    for (const QString& h : e.tableHeader())
        out += QStringLiteral("<th>%1</th>").arg(h.toHtmlEscaped());
    out += QStringLiteral("</tr>\n");
    for (const QStringList& row : e.tableRows()) {
        out += QStringLiteral("<tr>");
        // The setting and the capacity stay on one line; the sentences wrap.
        for (qsizetype c = 0; c < row.size(); ++c)
            out += (c == 1 || c == 3 ? QStringLiteral("<td nowrap style=\"white-space:nowrap\">%1</td>")
                                     : QStringLiteral("<td>%1</td>"))
                       .arg(row[c].toHtmlEscaped());
        out += QStringLiteral("</tr>\n");
    }
    out += QStringLiteral("</table>\n<p>%1</p>\n</body></html>\n").arg(footer().toHtmlEscaped());
    return out;
}

QJsonObject ExperimentReport::json(const Experiment& e)
{
    QJsonObject o = e.toJson();
    o[QStringLiteral("schema")] = QStringLiteral("kneepoint-experiment/1");
    o[QStringLiteral("model")] = e.model;
    o[QStringLiteral("started_utc")] = e.startedUtc;
    o[QStringLiteral("kneepoint_version")] = kneepointVersion();
    return o;
}

QByteArray ExperimentReport::pdf(const Experiment& e, QString* error)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(300);
        QPageLayout layout = PdfReport::defaultPageLayout();
        layout.setOrientation(QPageLayout::Landscape); // nine columns
        layout.setMargins(QMarginsF(15, 15, 15, 15));
        writer.setPageLayout(layout);
        writer.setTitle(title(e));
        writer.setCreator(QStringLiteral("Kneepoint %1").arg(kneepointVersion()));
        QTextDocument document;
        document.setHtml(html(e));
        document.print(&writer);
    }
    if (buffer.data().isEmpty()) {
        *error = QCoreApplication::translate("ExperimentReport", "The PDF could not be painted.");
        return {};
    }
    PdfAttachment attached;
    attached.fileName = QStringLiteral("experiment-%1.json").arg(e.id);
    attached.mimeType = QByteArrayLiteral("application/json");
    attached.description = QCoreApplication::translate("ExperimentReport", "Every number of this experiment, as JSON");
    attached.data = QJsonDocument(json(e)).toJson(QJsonDocument::Indented);
    return PdfAttachments::embed(buffer.data(), {attached}, error);
}

QByteArray ExperimentReport::write(const Experiment& e, const QString& format, QString* error)
{
    if (format == u"text")
        return e.text().toUtf8();
    if (format == u"md")
        return markdown(e).toUtf8();
    if (format == u"html")
        return html(e).toUtf8();
    if (format == u"json")
        return QJsonDocument(json(e)).toJson(QJsonDocument::Indented);
    if (format == u"pdf")
        return pdf(e, error);
    *error = QCoreApplication::translate("ExperimentReport", "--format is one of %1, not '%2'.").arg(formats(), format);
    return {};
}

} // namespace kp::core
