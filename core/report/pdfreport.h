// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QPageLayout>
#include <QString>

class QPagedPaintDevice;

namespace kp::core {

struct ReportContent;

/// The report on paper: a title page with the run's identity and verdict, then the diagnosis, the evidence (vector
/// charts, each with its data table) and the reference sections, with the run and page numbers in every footer.
/// Text stays text, so pdftotext reads it back. Needs a QGuiApplication (fonts), not a display.
namespace PdfReport {
/// A4, or Letter where the locale measures in US units, in portrait.
QPageLayout defaultPageLayout();
/// Paints the report on `device` (a QPdfWriter or a QPrinter), whose page layout it uses. Returns the page count.
int paint(const ReportContent& content, QPagedPaintDevice& device);
/// The report as a PDF file with `attachments` (file name → contents: the Markdown and JSON reports) embedded,
/// which pdfdetach lists. Empty with `error` set on failure.
QByteArray write(const ReportContent& content, const QList<QPair<QString, QByteArray>>& attachments, QString* error);
} // namespace PdfReport

} // namespace kp::core
