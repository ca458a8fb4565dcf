// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace kp::core {

/// One file to carry inside a PDF, as a PDF reader's attachment pane (and `pdfdetach`) shows it.
struct PdfAttachment
{
    QString fileName; ///< the name a reader offers when saving it: "report.md"; no folders
    QByteArray mimeType; ///< "text/markdown", "application/json"; empty leaves the type unstated
    QString description; ///< a line for the attachment pane; may be empty
    QByteArray data; ///< the file's bytes, exactly as a reader will save them
};

/// Embedded files for PDFs written by QPdfWriter, which (as of Qt 6.4) has no API for them.
namespace PdfAttachments {

/// Appends `files` to `pdf` (a complete PDF as QPdfWriter writes it: classic xref table and trailer) as an
/// incremental update (PDF 1.7 §7.5.6): new objects after the %%EOF, a new xref section and a trailer with /Prev.
/// Returns the new PDF, or an empty array with `error` set when the input cannot be understood.
///
/// The original bytes stay untouched at the front. The update holds, per file, an embedded file stream
/// (§7.11.4, Flate-compressed, with its size, date and MD5 checksum) and a file specification (§7.11.3), one name
/// tree of them all sorted by name, and a new version of the document catalog whose /Names dictionary (§7.7.3)
/// points /EmbeddedFiles at that tree. Refused, with `error` set: PDFs with cross-reference streams (PDF 1.5 and
/// later, which QPdfWriter does not write), encrypted PDFs, a catalog that already has /EmbeddedFiles, and empty or
/// duplicate file names. With no `files` the input comes back unchanged once it has been understood.
QByteArray embed(const QByteArray& pdf, const QList<PdfAttachment>& files, QString* error);

} // namespace PdfAttachments

} // namespace kp::core
