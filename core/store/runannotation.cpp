// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/runannotation.h"

#include <QRegularExpression>

namespace kp::core {

RunAnnotation RunAnnotation::cleaned() const
{
    RunAnnotation out;
    // A name is a list entry and a report's title: one line, its spaces as typed inside.
    static const QRegularExpression lineBreaks(QStringLiteral("\\s*[\\r\\n]+\\s*"));
    out.name = QString(name).replace(lineBreaks, QStringLiteral(" ")).trimmed();
    out.notes = notes.trimmed();
    for (const QString& typed : tags) {
        // A comma would split the tag when it is typed back as one line.
        for (const QString& part : tagsFromText(typed)) {
            if (!out.tags.contains(part, Qt::CaseInsensitive))
                out.tags << part;
        }
    }
    return out;
}

QStringList RunAnnotation::tagsFromText(const QString& text)
{
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    QStringList out;
    for (const QString& part : text.split(u',', Qt::SkipEmptyParts)) {
        const QString tag = QString(part).replace(spaces, QStringLiteral(" ")).trimmed();
        if (!tag.isEmpty())
            out << tag;
    }
    return out;
}

} // namespace kp::core
