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
