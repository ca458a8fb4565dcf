// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace kp::core {

class RunStore;
struct ReportContent;
struct RunAnalysis;
struct RunData;

/// One way a report is written. The table of them (`all()`) is the only list of formats: `kneepoint report`'s
/// --format and help, the window's Export filters and both exports' dispatch are made from it.
struct ReportFormat
{
    enum class Id { Markdown, Json, Html, Pdf, StepsCsv, RequestsCsv };

    Id id;
    QString name; ///< --format's word: md, json, html, pdf, csv, requests-csv
    /// File name endings, without the dot, the first written by default; a longer one is matched first
    /// ("requests.csv" before "csv").
    QStringList suffixes;
    const char* label; ///< in a file dialog ("HTML page"), translated in the context "ReportFormat"
    bool binary; ///< not for a terminal: written to a file only
    bool needsContent; ///< drawn from ReportContent (the verdict, findings, charts, the twin's predictions)
    bool needsStore; ///< reads every stored request, not only the run's summaries

    static const std::vector<ReportFormat>& all();
    static const ReportFormat* named(const QString& name);
    /// The format a file's name asks for, by its ending; null when none does.
    static const ReportFormat* ofPath(const QString& path);
    /// "pdf, html, md, json, csv or requests-csv", in the table's order
    static QString names();
    /// Every format as a file dialog's filters, translated: "PDF (*.pdf);;HTML page (*.html *.htm);;…"
    static QString fileFilters();

    /// The report in this format. `content` is read only when `needsContent`, `store` only when `needsStore`; the
    /// PDF carries the Markdown and JSON reports as attachments. Empty with `error` set on failure.
    QByteArray write(const RunData& run, const RunAnalysis& analysis, const ReportContent* content,
        const RunStore* store, QString* error) const;
};

/// Writes `data` to `path` whole or not at all: a full disk leaves the previous file, not half a report. False with
/// a sentence in `error`.
bool saveReportFile(const QString& path, const QByteArray& data, QString* error);

} // namespace kp::core
