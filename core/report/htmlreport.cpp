// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/htmlreport.h"

#include "core/analysis/lesson.h"
#include "core/report/reportcontent.h"
#include "core/report/svgchart.h"

#include <QCoreApplication>

namespace kp::core {

namespace {

QString esc(const QString& s)
{
    return s.toHtmlEscaped();
}

const char* const kStyle = R"(
body { font-family: -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1d1d1d; margin: 0;
       line-height: 1.45; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.25rem; margin-top: 2rem;
     border-bottom: 1px solid #ddd; } h3 { font-size: 1.05rem; }
.subtitle { color: #555; margin-top: 0; }
.answer { margin: 0.3rem 0; } p.answer { font-size: 1.8rem; font-weight: 600; }
.verdict { font-size: 1.1rem; background: #f3f7fb; border-left: 4px solid #1f6fb2; padding: 0.8rem 1rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; margin: 0.5rem 0; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right; white-space: nowrap; }
th { background: #f5f5f5; } td:first-child, th:first-child { text-align: left; }
td.text { text-align: left; white-space: normal; }
.light { display: inline-block; width: 0.8rem; height: 0.8rem; border-radius: 50%; }
.green { background: #2a9d3c; } .amber { background: #e0a100; } .red { background: #c8312b; } .grey { background: #999; }
.doubt { border-left: 4px solid #e0a100; padding: 0.2rem 0.8rem; margin: 0.5rem 0; background: #fffaf0; }
.doubt.fail { border-color: #c8312b; background: #fff3f2; }
.finding { border: 1px solid #ddd; border-radius: 4px; padding: 0.2rem 1rem; margin: 0.8rem 0; }
code { background: #f3f3f3; padding: 0.1rem 0.3rem; border-radius: 3px; }
figure { margin: 1rem 0; } figure svg { width: 100%; height: auto; max-width: 52rem; }
figcaption { color: #555; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; } dt { font-weight: 600; } dd { margin: 0; }
)";

QString table(const QStringList& header, const std::vector<QStringList>& rows, bool textColumns = false)
{
    QString out = QStringLiteral("<div class=\"scroll\"><table><thead><tr>");
    for (const QString& h : header)
        out += QStringLiteral("<th>%1</th>").arg(esc(h));
    out += QStringLiteral("</tr></thead><tbody>");
    for (const QStringList& row : rows) {
        out += QStringLiteral("<tr>");
        for (const QString& c : row)
            out += (textColumns ? QStringLiteral("<td class=\"text\">%1</td>") : QStringLiteral("<td>%1</td>"))
                       .arg(esc(c));
        out += QStringLiteral("</tr>");
    }
    return out + QStringLiteral("</tbody></table></div>\n");
}

QString list(const std::vector<ReportContent::KeyValue>& items)
{
    QString out = QStringLiteral("<dl>");
    for (const ReportContent::KeyValue& kv : items)
        out += QStringLiteral("<dt>%1</dt><dd>%2</dd>").arg(esc(kv.key), esc(kv.value));
    return out + QStringLiteral("</dl>\n");
}

// The light's colour as a word for the tooltip, in the reader's language; the class name stays "green" and so on.
QString lightTitle(ReportContent::Light light)
{
    switch (light) {
    case ReportContent::Light::Green:
        return QCoreApplication::translate("Report", "green");
    case ReportContent::Light::Amber:
        return QCoreApplication::translate("Report", "amber");
    case ReportContent::Light::Red:
        return QCoreApplication::translate("Report", "red");
    case ReportContent::Light::Grey:
        break;
    }
    return QCoreApplication::translate("Report", "grey");
}

} // namespace

QString HtmlReport::write(const ReportContent& c)
{
    QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\" />"
                                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />"
                                 "<title>%2</title><style>%3</style></head><body><main>\n")
                      .arg(QCoreApplication::translate("Report", "en", "the report's language, as an HTML lang code"),
                          esc(c.title), QString::fromUtf8(kStyle));
    out += QStringLiteral("<h1>%1</h1><p class=\"subtitle\">%2</p>\n").arg(esc(c.title), esc(c.subtitle));
    out += list(c.identity);
    // The doubts before the verdict: a verdict is read as the answer, and a failed check changes what it is worth.
    if (!c.doubts.isEmpty()) {
        out += QStringLiteral("<h2>%1</h2>\n")
                   .arg(esc(QCoreApplication::translate("Report", "Before you trust these numbers")));
        for (const TrustCheck& t : c.doubts)
            out += QStringLiteral("<div class=\"doubt%1\"><strong>%2</strong> (%3): %4</div>\n")
                       .arg(t.status == TrustCheck::Status::Fail ? QStringLiteral(" fail") : QString(), esc(t.title),
                           esc(TrustCheck::statusText(t.status)), esc(t.detail));
    }
    out += QStringLiteral("<h2>%1</h2><p class=\"verdict\">%2</p>\n")
               .arg(esc(QCoreApplication::translate("Report", "Verdict")), esc(c.verdict));

    // The answer at a glance, as the window's card and the PDF's first page say it.
    out += QStringLiteral("<h2>%1</h2><p class=\"answer\">%2</p><ul class=\"answer\">")
               .arg(esc(QCoreApplication::translate("Report", "Capacity")), esc(c.answer.number));
    for (const QString& line : {c.answer.summary, c.answer.definition, c.answer.bracket, c.answer.confidence,
             c.answer.lowestWall, c.answer.knee})
        if (!line.isEmpty())
            out += QStringLiteral("<li>%1</li>").arg(esc(line));
    out += QStringLiteral("</ul>\n");

    out += QStringLiteral("<h2>%1</h2><div class=\"scroll\"><table><thead><tr><th></th>")
               .arg(esc(QCoreApplication::translate("Report", "Scorecard")));
    for (const QString& h : c.scoreHeader)
        out += QStringLiteral("<th>%1</th>").arg(esc(h));
    out += QStringLiteral("</tr></thead><tbody>");
    for (const ReportContent::ScoreRow& r : c.score) {
        const QString light = ReportContent::lightName(r.light);
        out += QStringLiteral("<tr><td><span class=\"light %1\" title=\"%2\"></span></td>")
                   .arg(light, esc(lightTitle(r.light)));
        for (const QString& cell : r.cells)
            out += QStringLiteral("<td>%1</td>").arg(esc(cell));
        out += QStringLiteral("</tr>");
    }
    out += QStringLiteral("</tbody></table></div><p>%1</p>\n").arg(esc(c.scoreNote));

    if (!c.problems.isEmpty()) {
        out += QStringLiteral("<h2>%1</h2>\n")
                   .arg(esc(QCoreApplication::translate("Report", "Findings that need attention")));
        for (const Finding& f : c.problems) {
            out += QStringLiteral("<div class=\"finding\"><h3>%1</h3><p><strong>%2</strong> %3</p>"
                                  "<p><strong>%4</strong> %5</p>")
                       .arg(esc(f.title), esc(QCoreApplication::translate("Report", "Measured:")), esc(f.measured),
                           esc(QCoreApplication::translate("Report", "Meaning:")), esc(f.meaning));
            if (!f.why.isEmpty())
                out += QStringLiteral("<p><strong>%1</strong> %2</p>")
                           .arg(esc(QCoreApplication::translate("Report", "Why:")), esc(f.why));
            if (const auto lesson = Lessons::byId(f.lessonId))
                out += QStringLiteral("<p><strong>%1</strong> %2 (<code>kneepoint lesson %3</code>)</p>")
                           .arg(esc(QCoreApplication::translate("Report", "Lesson:")), esc(lesson->title),
                               esc(lesson->id));
            out += QStringLiteral("</div>\n");
        }
    }
    if (!c.background.isEmpty()) {
        out += QStringLiteral("<h2>%1</h2><ul>\n").arg(esc(QCoreApplication::translate("Report", "Background")));
        for (const Finding& f : c.background)
            out += QStringLiteral("<li><strong>%1.</strong> %2</li>\n").arg(esc(f.title), esc(f.measured));
        out += QStringLiteral("</ul>\n");
    }
    if (!c.healthy.isEmpty()) {
        out += QStringLiteral("<h2>%1</h2><ul>\n").arg(esc(QCoreApplication::translate("Report", "Healthy")));
        for (const Finding& f : c.healthy)
            out += QStringLiteral("<li>✓ %1</li>\n").arg(esc(f.title));
        out += QStringLiteral("</ul>\n");
    }
    if (!c.tryNext.empty()) {
        out += QStringLiteral("<h2>%1</h2><p>%2</p><ol>\n")
                   .arg(esc(QCoreApplication::translate("Report", "Try these next")), esc(c.tryNextIntro));
        for (const ReportContent::TryNext& t : c.tryNext) {
            out += QStringLiteral("<li><code>%1</code>: %2")
                       .arg(esc(t.flag.commandLine),
                           esc(QCoreApplication::translate("Report", "%1 (for: %2)").arg(t.flag.why, t.forFinding)));
            if (!t.flag.versionNote.isEmpty())
                out += esc(QCoreApplication::translate("Report", ". Note: %1").arg(t.flag.versionNote));
            if (!t.prediction.isEmpty())
                out += esc(QStringLiteral(". ") + t.prediction + u'.');
            out += QStringLiteral("</li>\n");
        }
        out += QStringLiteral("</ol>\n");
    }

    // The twin's losers: listed with the prediction, never among the flags to try.
    if (!c.notWorthTrying.empty()) {
        out += QStringLiteral("<h2>%1</h2><ul>\n").arg(esc(QCoreApplication::translate("Report", "Not worth trying")));
        for (const ReportContent::TryNext& t : c.notWorthTrying)
            out += QStringLiteral("<li><code>%1</code> (%2): %3</li>\n")
                       .arg(esc(t.flag.commandLine),
                           esc(QCoreApplication::translate("Report", "for: %1").arg(t.forFinding)),
                           esc(t.prediction + u'.'));
        out += QStringLiteral("</ul>\n");
    }

    out += QStringLiteral("<h2>%1</h2>\n").arg(esc(QCoreApplication::translate("Report", "Evidence")));
    for (const ChartSpec& chart : c.charts) {
        out += QStringLiteral("<figure id=\"%1\">").arg(esc(chart.id));
        out += SvgChart::render(chart, 720, 400);
        out += QStringLiteral("<figcaption>%1</figcaption></figure>\n").arg(esc(chart.caption));
        out += table(chart.tableHeader, chart.tableRows);
    }
    out += QStringLiteral("<h3>%1</h3><ul>").arg(esc(QCoreApplication::translate("Report", "The three walls")));
    for (const QString& w : c.walls)
        out += QStringLiteral("<li>%1</li>").arg(esc(w));
    out += QStringLiteral("</ul>\n<h3>%1</h3><ul>").arg(esc(QCoreApplication::translate("Report", "Physics check")));
    for (const QString& p : c.physics)
        out += QStringLiteral("<li>%1</li>").arg(esc(p));
    out += QStringLiteral("</ul>\n");
    if (!c.quality.isEmpty()) {
        out += QStringLiteral("<h3>%1</h3><ul>").arg(esc(QCoreApplication::translate("Report", "Answer quality")));
        for (const QString& q : c.quality)
            out += QStringLiteral("<li>%1</li>").arg(esc(q));
        out += QStringLiteral("</ul>\n");
    }

    out += QStringLiteral("<h2>%1</h2>\n").arg(esc(c.definitions.title))
        + table(c.definitions.header, c.definitions.rows, true);
    out += QStringLiteral("<h2>%1</h2>\n").arg(esc(QCoreApplication::translate("Report", "Versions and environment")))
        + list(c.environment);
    out += QStringLiteral("<h2>%1</h2>\n").arg(esc(QCoreApplication::translate("Report", "Appendix: every number")));
    for (const ReportContent::Table& t : c.appendix)
        out += QStringLiteral("<h3>%1</h3>\n").arg(esc(t.title)) + table(t.header, t.rows);
    out += QStringLiteral("</main></body></html>\n");
    return out;
}

} // namespace kp::core
