// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/lessoncommand.h"

#include "core/analysis/lesson.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kp::cli {

QList<QCommandLineOption> LessonCommand::options() const
{
    return {QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print the list, or the lesson, as JSON."))};
}

int LessonCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() > 1)
        throw UsageError {QStringLiteral("name one lesson: kneepoint lesson ID (kneepoint lesson lists them).")};
    const bool json = parser.isSet(QStringLiteral("json"));
    auto toJson = [](const Lesson& l, bool withText) {
        QJsonObject o {{QStringLiteral("id"), l.id}, {QStringLiteral("title"), l.title}};
        if (withText)
            o[QStringLiteral("markdown")] = l.markdown;
        return o;
    };
    if (args.isEmpty() && json) {
        QJsonArray list;
        for (const Lesson& l : Lessons::all())
            list.append(toJson(l, false));
        io.out << QJsonDocument(list).toJson();
        return ExitOk;
    }
    if (args.isEmpty()) {
        for (const Lesson& l : Lessons::all())
            io.out << QStringLiteral("%1  %2\n").arg(l.id, -26).arg(l.title);
        return ExitOk;
    }
    const std::optional<Lesson> lesson = Lessons::byId(args.front());
    if (!lesson)
        throw UsageError {QStringLiteral("there is no lesson '%1'; kneepoint lesson lists them.").arg(args.front())};
    if (json) {
        io.out << QJsonDocument(toJson(*lesson, true)).toJson();
        return ExitOk;
    }
    io.out << lesson->markdown;
    if (!lesson->markdown.endsWith(u'\n'))
        io.out << '\n';
    return ExitOk;
}

} // namespace kp::cli
