// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

/// The figures a verdict states ("8", "2.9%", "1,024", "41.8") that appear nowhere else in the analysis text it
/// belongs to (`kneepoint show`'s: the run's header, the scorecard, the capacity lines, the walls, the findings and
/// the checks), each with the words around it. A verdict clause carries a number its evidence shows too, so an
/// empty list is the answer of a consistent analysis: a figure only the verdict states was made up for it, or
/// rounded there differently.
QStringList verdictFiguresWithoutEvidence(const QString& verdict, const QString& analysisText);

namespace kp::core {
struct RunAnalysis;
}

/// What the verdict of `analysis` says that the rest of the same analysis contradicts, one sentence each: a wall
/// named as the cause that the walls did not reach (or denied where they did), "comfortably" without 20% to spare, a
/// capacity rounded onto the step that failed, "every load measured" where one failed, saturation beside a curve
/// whose knee was never found; and where walls, capacity and knee disagree: a limiting wall that is not the lowest or
/// lies above the capacity, a knee past the saturation wall, a curve that passed again after its first miss without
/// the verdict saying it is not monotone. Empty for a consistent analysis.
QStringList verdictContradictions(const kp::core::RunAnalysis& analysis);

namespace kp::core {
struct RunData;
struct ReportContent;
} // namespace kp::core

/// What `kneepoint show` prints for `run`: the one place the consistency checks take the terminal's text from.
QString terminalText(const kp::core::RunData& run, const kp::core::RunAnalysis& analysis);

/// A figure one face of a report states otherwise than the document (ReportContent) holds it, or leaves out.
struct FaceDisagreement
{
    /// "terminal", "markdown", "html", "json", "pdf"; "document" where the document contradicts itself.
    QString face;
    /// Which figure: "capacity", "definition", "bracket", "score", "knee", "lowest wall", "confidence", "verdict",
    /// "limiting wall" or "advice".
    QString figure;
    QString detail; ///< what the document holds and what the face says instead, with the words around it
    QString toString() const;
};

/// Every place where the faces of `run`'s report disagree with the document they render: ReportContent is made from
/// `analysis` and written as the terminal's text, Markdown, HTML (its text, tags stripped), JSON and PDF (its text
/// as pdftotext reads it; left out with `pdf` false, or where poppler's pdftotext is not installed). Each figure the
/// document holds must be in every face with the same value: the capacity on the card with its definition and its
/// range, the figures of the steps that bracket it, every scorecard cell (on its row, in order), the knee's two
/// steps, the lowest wall with its load, and the confidence. The document is held to itself too: the verdict's
/// capacity is the card's, the limiting wall is the lowest, and with `predictFlags` (the run's twin is fitted, a
/// second or so) no flag under "try these next" is predicted to lower the capacity, each "from" being the card's.
/// Empty for a consistent report.
QList<FaceDisagreement> facesDisagreements(
    const kp::core::RunData& run, const kp::core::RunAnalysis& analysis, bool pdf = true, bool predictFlags = false);

/// The checks facesDisagreements() makes of one face's text, for a text given: a test of the checks themselves
/// doctors a face and sees the figure it changed caught. `text` as the face writes it (HTML with its tags).
QList<FaceDisagreement> faceTextDisagreements(const QString& face, const QString& text,
    const kp::core::ReportContent& content, const kp::core::RunAnalysis& analysis);
