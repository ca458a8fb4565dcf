// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// A short explanation of one idea behind a benchmark result, written for someone who runs a vLLM server but is not
/// a GPU specialist. Verdicts and the UI link to lessons by id.
struct Lesson
{
    QString id; ///< stable: "kv-cache-and-preemption"; the file name under resources/lessons/ without ".md"
    QString title; ///< the text of the first line's "# " heading
    QString markdown; ///< the whole file, heading included
    QString resourcePath; ///< ":/lessons/<id>.md"
};

/// The lessons compiled into kneepoint_core from resources/lessons/.
class Lessons
{
public:
    /// Every lesson, in reading order (each builds on the ones before), read and parsed once.
    static const QList<Lesson>& all();
    /// The lesson with this id, if there is one.
    static std::optional<Lesson> byId(const QString& id);
    /// The ids of all(), in the same order.
    static QStringList ids();

    /// The title of a lesson's Markdown: its first non-empty line without the leading "# "; empty when that line is
    /// not a level-one heading.
    static QString titleOf(const QString& markdown);
};

} // namespace kp::core
