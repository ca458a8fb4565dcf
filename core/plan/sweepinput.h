// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// The lists a sweep is written as, read the same way by the command line and the wizard: parts separated by
/// commas, semicolons or spaces. Each reader returns the list in the order written, or nothing and the first part
/// that is not one (`bad`), for the caller's sentence.
struct SweepInput
{
    static QStringList parts(const QString& text);
    /// "1024/256, 4096/512": IN/OUT token counts from 1 to `maxTokens`.
    static std::optional<QList<Shape>> shapes(const QString& text, int maxTokens, QString* bad);
    /// A sentence when a shape's prompt is shorter than any Kneepoint writes with `sharedPrefixTokens` in front (a 1/1
    /// shape), else nothing: each prompt starts with words of its own, so that no two share a prefix the run did not
    /// ask for, and the BOS token.
    static std::optional<QString> promptTooShort(const QList<Shape>& shapes, int sharedPrefixTokens);
    /// "1, 2, 4, 8": whole numbers of users from `min` to `max`.
    static std::optional<QList<int>> users(const QString& text, int min, int max, QString* bad);
    /// "0.5, 2, 8": requests per second above 0 and up to a million, in the user's locale or with a point.
    static std::optional<QList<double>> rates(const QString& text, QString* bad);
};

} // namespace kp::core
