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
