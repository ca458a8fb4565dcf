// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/textreport.h"

#include "core/analysis/lesson.h"
#include "core/report/reportcontent.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace kp::core {

namespace {

// Terminals are read at about 100 columns; longer sentences wrap at word breaks under their indent.
constexpr int kWidth = 100;

QString wrapped(const QString& text, const QString& indent, const QString& firstIndent)
{
    QString out;
    QString line = firstIndent;
    bool lineHasWord = false;
    for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
        if (lineHasWord && line.size() + 1 + word.size() > kWidth) {
            out += line + u'\n';
            line = indent;
            lineHasWord = false;
        }
        line += (lineHasWord ? QStringLiteral(" ") : QString()) + word;
        lineHasWord = true;
    }
    return out + line + u'\n';
}

QString paragraph(const QString& text, const QString& indent = QStringLiteral("  "))
{
    QString out;
    for (const QString& line : text.split(u'\n'))
        out += wrapped(line, indent, indent);
    return out;
}

QString heading(const char* title)
{
    return u'\n' + QCoreApplication::translate("Report", title) + u'\n';
}

// A light as a word a terminal without colour still shows: the same four the other faces draw.
QString lightMark(ReportContent::Light light)
{
    switch (light) {
    case ReportContent::Light::Green:
        return QStringLiteral("ok");
    case ReportContent::Light::Amber:
        return QStringLiteral("near");
    case ReportContent::Light::Red:
        return QStringLiteral("MISS");
    case ReportContent::Light::Grey:
        break;
    }
    return QStringLiteral("-");
}

// Columns as wide as their widest cell; numbers to the right, the load and the targets to the left.
QString table(const QStringList& header, const std::vector<QStringList>& rows)
{
    std::vector<qsizetype> width(std::size_t(header.size()), 0);
    const auto measure = [&width](const QStringList& row) {
        for (qsizetype i = 0; i < row.size() && i < qsizetype(width.size()); ++i)
            width[std::size_t(i)] = std::max(width[std::size_t(i)], row[i].size());
    };
    measure(header);
    for (const QStringList& row : rows)
        measure(row);
    // A column of figures is aligned on the right; one with any word in it (the load, the targets) on the left.
    static const QRegularExpression figure(QStringLiteral("^[-–0-9.,%*† ]*$"));
    std::vector<bool> left(width.size(), false);
    for (const QStringList& row : rows)
        for (qsizetype i = 0; i < row.size() && i < qsizetype(left.size()); ++i)
            left[std::size_t(i)] = left[std::size_t(i)] || i == 0 || !figure.match(row[i]).hasMatch();
    const auto line = [&width, &left](const QStringList& row) {
        QString out = QStringLiteral("  ");
        for (qsizetype i = 0; i < row.size() && i < qsizetype(width.size()); ++i) {
            const bool toLeft = left[std::size_t(i)];
            const int w = int(width[std::size_t(i)]);
            if (i > 0)
                out += QStringLiteral("  ");
            out += toLeft ? row[i].leftJustified(w) : row[i].rightJustified(w);
        }
        while (out.endsWith(u' '))
            out.chop(1);
        out += u'\n';
        return out;
    };
    QString out = line(header);
    for (const QStringList& row : rows)
        out += line(row);
    return out;
}

} // namespace

QString TextReport::summary(const ReportContent& c)
{
    QString out;
    // The doubts before the verdict, failures first, each titled as the doubt it raises.
    if (!c.doubts.isEmpty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Before you trust these numbers"));
        for (const TrustCheck& t : c.doubts)
            out += wrapped(QStringLiteral("[%1] %2: %3").arg(TrustCheck::statusText(t.status), t.title, t.detail),
                QStringLiteral("    "), QStringLiteral("  "));
    }
    out += heading(QT_TRANSLATE_NOOP("Report", "Verdict")) + paragraph(c.verdict);

    // The answer at a glance, as the window's card and the PDF's first page say it.
    const ReportContent::Answer& a = c.answer;
    out += heading(QT_TRANSLATE_NOOP("Report", "Capacity")) + QStringLiteral("  %1\n").arg(a.number);
    for (const QString& line : {a.summary, a.definition, a.bracket, a.confidence, a.lowestWall, a.knee})
        if (!line.isEmpty())
            out += paragraph(line);

    out += heading(QT_TRANSLATE_NOOP("Report", "Scorecard"));
    if (c.score.empty()) {
        out += QStringLiteral("  %1\n").arg(QCoreApplication::translate("Report", "No step was measured."));
    } else {
        std::vector<QStringList> rows;
        rows.reserve(c.score.size());
        for (const ReportContent::ScoreRow& r : c.score)
            rows.push_back(r.cells + QStringList {lightMark(r.light)});
        out += table(c.scoreHeader + QStringList {QString()}, rows);
    }
    out += paragraph(c.scoreNote);
    return out;
}

QString TextReport::write(const ReportContent& c)
{
    QString out = c.title + u'\n' + paragraph(c.subtitle);
    for (const ReportContent::KeyValue& kv : c.identity)
        out += wrapped(QStringLiteral("%1: %2").arg(kv.key, kv.value), QStringLiteral("    "), QStringLiteral("  "));
    out += summary(c);

    if (!c.problems.isEmpty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Findings that need attention"));
        for (const Finding& f : c.problems) {
            out += u'\n' + wrapped(QStringLiteral("* ") + f.title, QStringLiteral("  "), QString());
            const auto field = [&out](const char* label, const QString& text) {
                out += wrapped(QCoreApplication::translate("Report", label) + u' ' + text, QStringLiteral("    "),
                    QStringLiteral("  "));
            };
            field(QT_TRANSLATE_NOOP("Report", "Measured:"), f.measured);
            field(QT_TRANSLATE_NOOP("Report", "Meaning:"), f.meaning);
            if (!f.why.isEmpty())
                field(QT_TRANSLATE_NOOP("Report", "Why:"), f.why);
            if (const auto lesson = Lessons::byId(f.lessonId))
                field(QT_TRANSLATE_NOOP("Report", "Lesson:"),
                    QStringLiteral("%1 (kneepoint lesson %2)").arg(lesson->title, lesson->id));
        }
    }
    if (!c.tryNext.empty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Try these next")) + paragraph(c.tryNextIntro);
        int rank = 1;
        for (const ReportContent::TryNext& t : c.tryNext) {
            out += QStringLiteral("  %1. %2\n").arg(rank++).arg(t.flag.commandLine);
            QString why = QCoreApplication::translate("Report", "%1 (for: %2)").arg(t.flag.why, t.forFinding);
            if (!t.flag.versionNote.isEmpty())
                why += QCoreApplication::translate("Report", ". Note: %1").arg(t.flag.versionNote);
            if (!t.prediction.isEmpty())
                why += QStringLiteral(". ") + t.prediction + u'.';
            out += paragraph(why, QStringLiteral("     "));
        }
    }
    // Shown with the prediction that keeps them off the list above, so that no advice vanishes unexplained.
    if (!c.notWorthTrying.empty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Not worth trying"));
        for (const ReportContent::TryNext& t : c.notWorthTrying)
            out += wrapped(QStringLiteral("- %1 (for: %2): %3.").arg(t.flag.commandLine, t.forFinding, t.prediction),
                QStringLiteral("    "), QStringLiteral("  "));
    }

    out += heading(QT_TRANSLATE_NOOP("Report", "The three walls"));
    for (const QString& w : c.walls)
        out += wrapped(QStringLiteral("- ") + w, QStringLiteral("    "), QStringLiteral("  "));
    out += heading(QT_TRANSLATE_NOOP("Report", "Physics check"));
    for (const QString& p : c.physics)
        out += wrapped(QStringLiteral("- ") + p, QStringLiteral("    "), QStringLiteral("  "));
    if (!c.quality.isEmpty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Answer quality"));
        for (const QString& q : c.quality)
            out += wrapped(QStringLiteral("- ") + q, QStringLiteral("    "), QStringLiteral("  "));
    }
    if (!c.background.isEmpty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Background"));
        for (const Finding& f : c.background)
            out += wrapped(
                QStringLiteral("- %1. %2").arg(f.title, f.measured), QStringLiteral("    "), QStringLiteral("  "));
    }
    if (!c.healthy.isEmpty()) {
        out += heading(QT_TRANSLATE_NOOP("Report", "Healthy"));
        for (const Finding& f : c.healthy)
            out += wrapped(QStringLiteral("✓ ") + f.title, QStringLiteral("    "), QStringLiteral("  "));
    }
    return out;
}

} // namespace kp::core
