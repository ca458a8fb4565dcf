// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/markdownreport.h"

#include "core/analysis/lesson.h"
#include "core/report/reportcontent.h"

#include <QCoreApplication>

namespace kp::core {

namespace {

// Pipes and line breaks would end a table cell early.
QString cell(QString s)
{
    s.replace(u'|', QStringLiteral("\\|"));
    s.replace(u'\n', u' ');
    return s;
}

// What the server named (its model id, reached through the subtitle and the identity list) is text, not Markdown:
// a model called "<script>…" or "x\n# Heading" must print as those characters.
QString plain(QString s)
{
    for (const QChar c : {u'\\', u'`', u'*', u'_', u'[', u']', u'<', u'>', u'|'})
        s.replace(c, QStringLiteral("\\") + c);
    s.replace(u'\r', u' ');
    s.replace(u'\n', u' ');
    return s;
}

QString table(const QStringList& header, const std::vector<QStringList>& rows)
{
    QString out;
    QStringList h;
    for (const QString& c : header)
        h << cell(c);
    out += QStringLiteral("| ") + h.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    for (qsizetype i = 0; i < header.size(); ++i)
        out += QStringLiteral("---|");
    out += u'\n';
    for (const QStringList& row : rows) {
        QStringList r;
        for (const QString& c : row)
            r << cell(c);
        out += QStringLiteral("| ") + r.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return out;
}

QString lightWord(ReportContent::Light light)
{
    switch (light) {
    case ReportContent::Light::Green:
        return QStringLiteral("🟢");
    case ReportContent::Light::Amber:
        return QStringLiteral("🟡");
    case ReportContent::Light::Red:
        return QStringLiteral("🔴");
    case ReportContent::Light::Grey:
        break;
    }
    return QStringLiteral("⚪");
}

} // namespace

QString MarkdownReport::write(const ReportContent& c)
{
    QString out;
    out += QStringLiteral("# %1\n\n%2\n\n").arg(plain(c.title), plain(c.subtitle)); // the title holds the run's name
    for (const ReportContent::KeyValue& kv : c.identity)
        out += QStringLiteral("- **%1:** %2\n").arg(kv.key, plain(kv.value));

    // The doubts before the verdict: a verdict is read as the answer, and a failed check changes what it is worth.
    if (!c.doubts.isEmpty()) {
        out += QStringLiteral("\n## %1\n\n")
                   .arg(QCoreApplication::translate("Report", "Before you trust these numbers"));
        for (const TrustCheck& t : c.doubts)
            out += QStringLiteral("- **%1 (%2):** %3\n").arg(t.title, TrustCheck::statusText(t.status), t.detail);
    }

    out += QStringLiteral("\n## %1\n\n%2\n").arg(QCoreApplication::translate("Report", "Verdict"), c.verdict);

    // The answer at a glance, as the window's card and the PDF's first page say it.
    out += QStringLiteral("\n## %1\n\n**%2**\n\n")
               .arg(QCoreApplication::translate("Report", "Capacity"), c.answer.number);
    for (const QString& line : {c.answer.summary, c.answer.definition, c.answer.bracket, c.answer.confidence,
             c.answer.lowestWall, c.answer.knee})
        if (!line.isEmpty())
            out += QStringLiteral("- %1\n").arg(line);

    out += QStringLiteral("\n## %1\n\n").arg(QCoreApplication::translate("Report", "Scorecard"));
    std::vector<QStringList> rows;
    for (const ReportContent::ScoreRow& r : c.score)
        rows.push_back(QStringList {lightWord(r.light)} + r.cells);
    out += table(QStringList {QString()} + c.scoreHeader, rows);
    out += u'\n' + c.scoreNote + u'\n';

    if (!c.problems.isEmpty()) {
        out += QStringLiteral("\n## %1\n").arg(QCoreApplication::translate("Report", "Findings that need attention"));
        for (const Finding& f : c.problems) {
            out += QStringLiteral("\n### %1\n\n- **%2** %3\n- **%4** %5\n")
                       .arg(f.title, QCoreApplication::translate("Report", "Measured:"), f.measured,
                           QCoreApplication::translate("Report", "Meaning:"), f.meaning);
            if (!f.why.isEmpty())
                out += QStringLiteral("- **%1** %2\n").arg(QCoreApplication::translate("Report", "Why:"), f.why);
            if (const auto lesson = Lessons::byId(f.lessonId))
                out += QStringLiteral("- **%1** %2 (`kneepoint lesson %3`)\n")
                           .arg(QCoreApplication::translate("Report", "Lesson:"), lesson->title, lesson->id);
        }
    }
    if (!c.background.isEmpty()) {
        out += QStringLiteral("\n## %1\n\n").arg(QCoreApplication::translate("Report", "Background"));
        for (const Finding& f : c.background)
            out += QStringLiteral("- **%1.** %2\n").arg(f.title, f.measured);
    }
    if (!c.healthy.isEmpty()) {
        out += QStringLiteral("\n## %1\n\n").arg(QCoreApplication::translate("Report", "Healthy"));
        for (const Finding& f : c.healthy)
            out += QStringLiteral("- ✓ %1\n").arg(f.title);
    }
    if (!c.tryNext.empty()) {
        out += QStringLiteral("\n## %1\n\n%2\n\n")
                   .arg(QCoreApplication::translate("Report", "Try these next"), c.tryNextIntro);
        int rank = 1;
        for (const ReportContent::TryNext& t : c.tryNext) {
            out += QStringLiteral("%1. `%2`: %3")
                       .arg(rank++)
                       .arg(t.flag.commandLine,
                           QCoreApplication::translate("Report", "%1 (for: %2)").arg(t.flag.why, t.forFinding));
            if (!t.flag.versionNote.isEmpty())
                out += QCoreApplication::translate("Report", ". Note: %1").arg(t.flag.versionNote);
            if (!t.prediction.isEmpty())
                out += QStringLiteral(". ") + t.prediction + u'.';
            out += u'\n';
        }
    }

    // Flags a finding suggested that the run's twin predicts would cost capacity: shown, with the prediction, so
    // that the advice is not silently dropped, but never among the ones to try.
    if (!c.notWorthTrying.empty()) {
        out += QStringLiteral("\n## %1\n\n").arg(QCoreApplication::translate("Report", "Not worth trying"));
        for (const ReportContent::TryNext& t : c.notWorthTrying)
            out += QStringLiteral("- `%1` (for: %2): %3.\n").arg(t.flag.commandLine, t.forFinding, t.prediction);
    }

    out += QStringLiteral("\n## %1\n").arg(QCoreApplication::translate("Report", "Evidence"));
    for (const ChartSpec& chart : c.charts) {
        out += QStringLiteral("\n### %1\n\n%2\n\n").arg(chart.title, chart.caption);
        out += table(chart.tableHeader, chart.tableRows);
    }
    out += QStringLiteral("\n### %1\n\n").arg(QCoreApplication::translate("Report", "The three walls"));
    for (const QString& w : c.walls)
        out += QStringLiteral("- %1\n").arg(w);
    out += QStringLiteral("\n### %1\n\n").arg(QCoreApplication::translate("Report", "Physics check"));
    for (const QString& p : c.physics)
        out += QStringLiteral("- %1\n").arg(p);
    if (!c.quality.isEmpty()) {
        out += QStringLiteral("\n### %1\n\n").arg(QCoreApplication::translate("Report", "Answer quality"));
        for (const QString& q : c.quality)
            out += QStringLiteral("- %1\n").arg(q);
    }

    out += QStringLiteral("\n## %1\n\n").arg(c.definitions.title) + table(c.definitions.header, c.definitions.rows);
    out += QStringLiteral("\n## %1\n\n").arg(QCoreApplication::translate("Report", "Versions and environment"));
    for (const ReportContent::KeyValue& kv : c.environment)
        out += QStringLiteral("- **%1:** %2\n").arg(kv.key, kv.value);
    out += QStringLiteral("\n## %1\n").arg(QCoreApplication::translate("Report", "Appendix: every number"));
    for (const ReportContent::Table& t : c.appendix)
        out += QStringLiteral("\n### %1\n\n").arg(t.title) + table(t.header, t.rows);
    return out;
}

} // namespace kp::core
