// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessoncommand.h"

#include "analysis/lesson.h"

#include <QCommandLineParser>

namespace kp::core {

int LessonCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() > 1)
        throw UsageError {QStringLiteral("name one lesson: kneepoint lesson ID (kneepoint lesson lists them).")};
    if (args.isEmpty()) {
        for (const Lesson& l : Lessons::all())
            io.out << QStringLiteral("%1  %2\n").arg(l.id, -26).arg(l.title);
        return ExitOk;
    }
    const std::optional<Lesson> lesson = Lessons::byId(args.front());
    if (!lesson)
        throw UsageError {QStringLiteral("there is no lesson '%1'; kneepoint lesson lists them.").arg(args.front())};
    io.out << lesson->markdown;
    if (!lesson->markdown.endsWith(u'\n'))
        io.out << '\n';
    return ExitOk;
}

} // namespace kp::core
