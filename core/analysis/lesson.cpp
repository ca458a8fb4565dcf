// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/lesson.h"

#include <QFile>

namespace kp::core {

namespace {

// Reading order rather than alphabetical: later lessons lean on the terms earlier ones introduce (a lesson on
// chunked prefill assumes prefill and decode are known). A new lesson needs its file listed in core/CMakeLists.txt and
// its id here; tst_lessons checks that the two lists agree.
const char* const kOrder[] = {
    "continuous-batching",
    "prefill-vs-decode",
    "kv-cache-and-preemption",
    "roofline",
    "queueing-and-littles-law",
    "tail-latency",
    "chunked-prefill",
    "prefix-caching",
    "quantization",
    "tensor-parallelism",
    "goodput-and-slos",
    "measuring-honestly",
};

} // namespace

const QList<Lesson>& Lessons::all()
{
    static const QList<Lesson> lessons = [] {
        QList<Lesson> list;
        for (const char* id : kOrder) {
            Lesson lesson;
            lesson.id = QString::fromLatin1(id);
            lesson.resourcePath = QStringLiteral(":/lessons/%1.md").arg(lesson.id);
            QFile file(lesson.resourcePath);
            // Like the catalogs: a lesson missing from the resources is a build mistake, not a runtime condition.
            if (!file.open(QIODevice::ReadOnly))
                qFatal("Kneepoint was built without its resource %s", qPrintable(lesson.resourcePath));
            lesson.markdown = QString::fromUtf8(file.readAll());
            lesson.title = titleOf(lesson.markdown);
            list.append(lesson);
        }
        return list;
    }();
    return lessons;
}

std::optional<Lesson> Lessons::byId(const QString& id)
{
    for (const Lesson& lesson : all()) {
        if (lesson.id == id)
            return lesson;
    }
    return std::nullopt;
}

QStringList Lessons::ids()
{
    QStringList list;
    for (const Lesson& lesson : all())
        list.append(lesson.id);
    return list;
}

QString Lessons::titleOf(const QString& markdown)
{
    for (const QStringView line : QStringView(markdown).split(u'\n')) {
        const QStringView trimmed = line.trimmed();
        if (trimmed.isEmpty())
            continue;
        // "#Title" is not a heading in CommonMark, and "## Part" is not the title.
        if (!trimmed.startsWith(u"# "))
            return {};
        return trimmed.mid(2).trimmed().toString();
    }
    return {};
}

} // namespace kp::core
