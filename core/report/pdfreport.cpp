// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/pdfreport.h"

#include "core/analysis/lesson.h"
#include "core/common/version.h"
#include "core/report/paintedchart.h"
#include "core/report/pdfattachments.h"
#include "core/report/reportcontent.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// Millimetres around the text; the footer sits in the bottom margin.
constexpr double kMarginMm = 18;
constexpr double kChartHeightMm = 80;
constexpr int kResolution = 600;

const QColor kInk(0x1d, 0x1d, 0x1d);
const QColor kMuted(0x55, 0x55, 0x55);
const QColor kRule(0xcc, 0xcc, 0xcc);
const QColor kWarning(0x9a, 0x4d, 0x00); // a doubt about the capacity: amber, readable on white

/// Lays blocks out top to bottom, starting a new page when one does not fit; `count` mode measures without
/// painting, to learn the page count for the footers.
class PageFlow
{
public:
    PageFlow(QPainter& painter, QPagedPaintDevice& device, const QString& footer, int totalPages)
        : m_painter(painter)
        , m_device(device)
        , m_footer(footer)
        , m_total(totalPages)
    {
        const double mm = device.logicalDpiX() / 25.4;
        m_mm = mm;
        m_left = kMarginMm * mm;
        m_top = kMarginMm * mm;
        m_width = device.width() - 2 * m_left;
        m_bottom = device.height() - kMarginMm * mm;
        m_y = m_top;
    }

    int pages() const { return m_page; }
    double mm() const { return m_mm; }

    QFont font(double points, bool bold = false, bool mono = false) const
    {
        QFont f(mono ? QStringLiteral("DejaVu Sans Mono") : QStringLiteral("DejaVu Sans"));
        if (mono)
            f.setStyleHint(QFont::Monospace);
        else
            f.setStyleHint(QFont::SansSerif);
        f.setPointSizeF(points);
        f.setBold(bold);
        // No ligatures: "fi" must come out of pdftotext (and a reader's search) as two letters.
        f.setStyleStrategy(QFont::PreferNoShaping);
        return f;
    }

    void newPage()
    {
        footer();
        m_device.newPage();
        ++m_page;
        m_y = m_top;
    }

    void finish() { footer(); }

    void space(double millimetres)
    {
        m_y += millimetres * m_mm;
        if (m_y > m_bottom)
            newPage();
    }

    void ensure(double height)
    {
        if (m_y + height > m_bottom && m_y > m_top)
            newPage();
    }

    double textHeight(const QString& text, const QFont& f, double width) const
    {
        m_painter.setFont(f);
        return m_painter.boundingRect(QRectF(0, 0, width, 1e7), Qt::TextWordWrap, text).height();
    }

    void text(const QString& text, const QFont& f, const QColor& color = kInk, double indent = 0)
    {
        const double width = m_width - indent;
        const double h = textHeight(text, f, width);
        ensure(h);
        m_painter.setFont(f);
        m_painter.setPen(color);
        m_painter.drawText(QRectF(m_left + indent, m_y, width, h), Qt::TextWordWrap, text);
        m_y += h;
    }

    void heading(const QString& title, int level)
    {
        const double size = level == 1 ? 16 : level == 2 ? 13 : 11;
        // Room above, so a heading never sits on the line before it; none at the top of a page.
        if (m_y > m_top)
            space(level == 1 ? 6 : 4);
        // Keep a heading with at least a few lines of what follows.
        ensure(textHeight(title, font(size, true), m_width) + 20 * m_mm);
        text(title, font(size, true));
        if (level <= 2) {
            m_painter.setPen(QPen(kRule, 0.3 * m_mm));
            m_painter.drawLine(QPointF(m_left, m_y + 0.8 * m_mm), QPointF(m_left + m_width, m_y + 0.8 * m_mm));
            m_y += 2 * m_mm;
        }
        space(1.5);
    }

    void paragraph(const QString& s, double points = 10, const QColor& color = kInk)
    {
        text(s, font(points), color);
        space(1.5);
    }

    void bullets(const QStringList& items, double points = 10)
    {
        for (const QString& item : items) {
            const double h = textHeight(item, font(points), m_width - 5 * m_mm);
            ensure(h);
            m_painter.setFont(font(points));
            m_painter.setPen(kInk);
            m_painter.drawText(
                QPointF(m_left + 1 * m_mm, m_y + QFontMetricsF(font(points), &m_device).ascent()), QStringLiteral("•"));
            text(item, font(points), kInk, 5 * m_mm);
            space(1);
        }
        space(1);
    }

    void keyValues(const std::vector<ReportContent::KeyValue>& items)
    {
        const QFont bold = font(9.5, true);
        const QFont plain = font(9.5);
        double keyWidth = 0;
        m_painter.setFont(bold);
        for (const ReportContent::KeyValue& kv : items)
            keyWidth = std::max(keyWidth, m_painter.boundingRect(QRectF(), Qt::TextSingleLine, kv.key).width());
        keyWidth += 4 * m_mm;
        for (const ReportContent::KeyValue& kv : items) {
            const double h = textHeight(kv.value, plain, m_width - keyWidth);
            ensure(h);
            m_painter.setFont(bold);
            m_painter.setPen(kInk);
            m_painter.drawText(QRectF(m_left, m_y, keyWidth, h), Qt::TextSingleLine, kv.key);
            m_painter.setFont(plain);
            m_painter.drawText(QRectF(m_left + keyWidth, m_y, m_width - keyWidth, h), Qt::TextWordWrap, kv.value);
            m_y += h + 0.8 * m_mm;
        }
        space(2);
    }

    /// A table; `lights` colours a dot before each row when given. Columns share the width by their content.
    void table(const QStringList& header, const std::vector<QStringList>& rows,
        const std::vector<ReportContent::Light>& lights = {}, double points = 8)
    {
        if (header.isEmpty())
            return;
        const QFont headFont = font(points, true);
        const QFont bodyFont = font(points);
        const int columns = int(header.size());
        const double pad = 1.2 * m_mm;
        const double dot = lights.empty() ? 0 : 4 * m_mm;
        std::vector<double> natural(std::size_t(columns), 0);
        QFontMetricsF headMetrics(headFont, &m_device);
        QFontMetricsF bodyMetrics(bodyFont, &m_device);
        for (int c = 0; c < columns; ++c)
            natural[std::size_t(c)] = headMetrics.horizontalAdvance(header[c]);
        for (const QStringList& r : rows)
            for (int c = 0; c < columns && c < int(r.size()); ++c)
                natural[std::size_t(c)] = std::max(natural[std::size_t(c)], bodyMetrics.horizontalAdvance(r[c]));
        // The longest word of each column: a column narrower than that cuts a word ("throug" for "throughput"). A
        // figure and its unit count as one word: a load broken into "16" over "users" reads as two cells, on paper
        // and in the text pdftotext gives back.
        std::vector<double> longestWord(std::size_t(columns), 0);
        auto takeWords = [&](const QStringList& cells, const QFontMetricsF& metrics) {
            for (int c = 0; c < columns && c < int(cells.size()); ++c) {
                const QStringList words = cells[c].split(u' ', Qt::SkipEmptyParts);
                for (qsizetype w = 0; w < words.size(); ++w) {
                    const bool figure = !words[w].isEmpty() && words[w][0].isDigit() && w + 1 < words.size();
                    const QString unbroken = figure ? words[w] + u' ' + words[w + 1] : words[w];
                    longestWord[std::size_t(c)]
                        = std::max(longestWord[std::size_t(c)], metrics.horizontalAdvance(unbroken));
                }
            }
        };
        takeWords(header, headMetrics);
        for (const QStringList& r : rows)
            takeWords(r, bodyMetrics);
        const double slack = 2 * pad + 0.5 * m_mm; // a cell that fits exactly may still wrap when drawn
        double total = dot;
        for (int c = 0; c < columns; ++c) {
            natural[std::size_t(c)] += slack;
            longestWord[std::size_t(c)] += slack;
            total += natural[std::size_t(c)];
        }
        // Too wide: every column keeps its longest word, and what is left is shared in proportion to how much more
        // each would like; cells wrap between words. Only when even the words do not fit do they shrink too.
        std::vector<double> widths = natural;
        if (total > m_width) {
            const double available = m_width - dot;
            double words = 0, wish = 0;
            for (int c = 0; c < columns; ++c) {
                words += longestWord[std::size_t(c)];
                wish += natural[std::size_t(c)] - longestWord[std::size_t(c)];
            }
            for (int c = 0; c < columns; ++c) {
                const std::size_t i = std::size_t(c);
                widths[i] = words >= available
                    ? longestWord[i] * available / words
                    : longestWord[i] + (natural[i] - longestWord[i]) * (available - words) / std::max(wish, 1e-9);
            }
        }

        // Figures align right to compare digits; words (a definition, a phase) read from the left.
        std::vector<bool> numeric(std::size_t(columns), true);
        for (const QStringList& r : rows)
            for (int c = 1; c < columns && c < int(r.size()); ++c) {
                const QString cell = r[c].trimmed();
                if (!cell.isEmpty() && !cell[0].isDigit() && cell[0] != u'-' && cell[0] != QChar(0x2212)
                    && cell[0] != QChar(0x2013) && cell[0] != u'+')
                    numeric[std::size_t(c)] = false;
            }
        numeric[0] = false;
        auto rowHeight = [&](const QStringList& cells, const QFont& f) {
            double h = 0;
            for (int c = 0; c < columns; ++c)
                h = std::max(h, textHeight(cells.value(c), f, widths[std::size_t(c)] - 2 * pad));
            return h + 2 * pad;
        };
        auto drawRow = [&](const QStringList& cells, const QFont& f, double h, const QColor* light, bool shade) {
            if (shade)
                m_painter.fillRect(QRectF(m_left, m_y, m_width, h), QColor(0xf3, 0xf3, 0xf3));
            double x = m_left;
            if (light) {
                m_painter.setPen(Qt::NoPen);
                m_painter.setBrush(*light);
                m_painter.drawEllipse(QPointF(x + dot / 2, m_y + h / 2), 1.3 * m_mm, 1.3 * m_mm);
                m_painter.setBrush(Qt::NoBrush);
            }
            x += dot;
            m_painter.setFont(f);
            m_painter.setPen(kInk);
            for (int c = 0; c < columns; ++c) {
                const double w = widths[std::size_t(c)];
                const Qt::Alignment align = numeric[std::size_t(c)] ? Qt::AlignRight : Qt::AlignLeft;
                m_painter.drawText(QRectF(x + pad, m_y + pad, w - 2 * pad, h - 2 * pad),
                    int(align | Qt::AlignVCenter) | Qt::TextWordWrap, cells.value(c));
                x += w;
            }
            m_painter.setPen(QPen(kRule, 0.2 * m_mm));
            m_painter.drawLine(QPointF(m_left, m_y + h), QPointF(m_left + m_width, m_y + h));
            m_y += h;
        };
        const double headHeight = rowHeight(header, headFont);
        ensure(headHeight + (rows.empty() ? 0 : rowHeight(rows.front(), bodyFont)));
        drawRow(header, headFont, headHeight, nullptr, true);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const double h = rowHeight(rows[i], bodyFont);
            if (m_y + h > m_bottom) {
                newPage();
                drawRow(header, headFont, headHeight, nullptr, true); // the header again on every page
            }
            const QColor light = i < lights.size() ? QColor(ReportContent::lightColor(lights[i])) : QColor();
            drawRow(rows[i], bodyFont, h, i < lights.size() ? &light : nullptr, false);
        }
        space(3);
    }

    void chart(const ChartSpec& spec, double heightMm = kChartHeightMm)
    {
        const double h = heightMm * m_mm;
        ensure(h);
        PaintedChart::paint(m_painter, QRectF(m_left, m_y, m_width, h), spec);
        m_y += h;
        space(2);
    }

    void box(const QString& s, double points)
    {
        const double pad = 4 * m_mm;
        const double h = textHeight(s, font(points), m_width - 2 * pad) + 2 * pad;
        ensure(h);
        m_painter.fillRect(QRectF(m_left, m_y, m_width, h), QColor(0xf3, 0xf7, 0xfb));
        m_painter.fillRect(QRectF(m_left, m_y, 1.2 * m_mm, h), QColor(0x1f, 0x6f, 0xb2));
        m_painter.setFont(font(points));
        m_painter.setPen(kInk);
        m_painter.drawText(QRectF(m_left + pad, m_y + pad, m_width - 2 * pad, h - 2 * pad), Qt::TextWordWrap, s);
        m_y += h;
        space(3);
    }

private:
    void footer()
    {
        m_painter.setFont(font(8));
        m_painter.setPen(kMuted);
        const QString pages = m_total > 0
            ? QCoreApplication::translate("Report", "page %1 of %2").arg(m_page).arg(m_total)
            : QCoreApplication::translate("Report", "page %1").arg(m_page);
        const QRectF rect(m_left, m_bottom + 6 * m_mm, m_width, 6 * m_mm);
        m_painter.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, m_footer);
        m_painter.drawText(rect, Qt::AlignRight | Qt::AlignVCenter, pages);
    }

    QPainter& m_painter;
    QPagedPaintDevice& m_device;
    QString m_footer;
    int m_total = 0;
    int m_page = 1;
    double m_mm = 1;
    double m_left = 0;
    double m_top = 0;
    double m_width = 0;
    double m_bottom = 0;
    double m_y = 0;
};

void layout(const ReportContent& c, PageFlow& flow)
{
    // The first page is the manager's: the doubts, named, above the one number with its definition and the steps it
    // rests on, how far it can be believed, the wall that sets it, and the chart that shows it.
    flow.space(12);
    flow.text(c.title, flow.font(20, true));
    flow.space(1);
    flow.paragraph(c.subtitle, 11, kMuted);
    if (!c.doubts.isEmpty()) {
        flow.heading(QCoreApplication::translate("Report", "Before you trust these numbers"), 2);
        QStringList items;
        for (const TrustCheck& t : c.doubts)
            items << QStringLiteral("%1 (%2)").arg(t.title, TrustCheck::statusText(t.status));
        flow.bullets(items, 10);
        flow.paragraph(QCoreApplication::translate("Report", "Each is explained on the next page, before the verdict."),
            9, kMuted);
    }
    flow.space(3);
    flow.text(c.answer.number, flow.font(30, true));
    flow.paragraph(c.answer.definition, 9.5, kMuted);
    if (!c.answer.bracket.isEmpty())
        flow.paragraph(c.answer.bracket, 10.5);
    if (!c.answer.confidence.isEmpty())
        flow.paragraph(c.answer.confidence, 10.5, kWarning);
    flow.paragraph(c.answer.lowestWall, 10.5);
    if (!c.answer.knee.isEmpty())
        flow.paragraph(c.answer.knee, 9.5, kMuted);
    const auto key = std::find_if(
        c.charts.begin(), c.charts.end(), [](const ChartSpec& s) { return s.id == u"throughput-latency"; });
    if (key != c.charts.end())
        flow.chart(*key, 70);
    flow.newPage();

    // What was measured, the doubts with their numbers, and the verdict in words.
    flow.heading(QCoreApplication::translate("Report", "What was measured"), 2);
    flow.keyValues(c.identity);
    flow.space(2);
    // The doubts before the verdict: a verdict is read as the answer, and a failed check changes what it is worth.
    if (!c.doubts.isEmpty()) {
        flow.heading(QCoreApplication::translate("Report", "Before you trust these numbers"), 2);
        QStringList items;
        for (const TrustCheck& t : c.doubts)
            items << QStringLiteral("%1 (%2): %3").arg(t.title, TrustCheck::statusText(t.status), t.detail);
        flow.bullets(items, 9.5);
    }
    flow.heading(QCoreApplication::translate("Report", "Verdict"), 2);
    flow.box(c.verdict, 11.5);
    flow.paragraph(QCoreApplication::translate("Report",
                       "Made by Kneepoint %1 on %2 from the stored measurements; the Markdown and JSON "
                       "reports are attached to this file.")
                       .arg(kneepointVersion(), QDate::currentDate().toString(Qt::ISODate)),
        8.5, kMuted);
    flow.newPage();

    flow.heading(QCoreApplication::translate("Report", "Scorecard"), 1);
    std::vector<QStringList> rows;
    std::vector<ReportContent::Light> lights;
    for (const ReportContent::ScoreRow& r : c.score) {
        rows.push_back(r.cells);
        lights.push_back(r.light);
    }
    flow.table(c.scoreHeader, rows, lights);
    flow.paragraph(c.scoreNote, 8.5, kMuted);

    if (!c.problems.isEmpty()) {
        flow.heading(QCoreApplication::translate("Report", "Findings that need attention"), 1);
        for (const Finding& f : c.problems) {
            flow.heading(f.title, 3);
            QStringList items {QCoreApplication::translate("Report", "Measured:") + u' ' + f.measured,
                QCoreApplication::translate("Report", "Meaning:") + u' ' + f.meaning};
            if (!f.why.isEmpty())
                items << QCoreApplication::translate("Report", "Why:") + u' ' + f.why;
            if (const auto lesson = Lessons::byId(f.lessonId))
                items << QStringLiteral("%1 %2 (kneepoint lesson %3)")
                             .arg(QCoreApplication::translate("Report", "Lesson:"), lesson->title, lesson->id);
            flow.bullets(items, 9.5);
        }
    }
    if (!c.background.isEmpty()) {
        flow.heading(QCoreApplication::translate("Report", "Background"), 2);
        QStringList items;
        for (const Finding& f : c.background)
            items << QStringLiteral("%1. %2").arg(f.title, f.measured);
        flow.bullets(items, 9);
    }
    if (!c.healthy.isEmpty()) {
        flow.heading(QCoreApplication::translate("Report", "Healthy"), 2);
        QStringList items;
        for (const Finding& f : c.healthy)
            items << f.title;
        flow.paragraph(QStringLiteral("✓ ") + items.join(QStringLiteral("   ✓ ")), 9);
    }
    if (!c.tryNext.empty()) {
        flow.heading(QCoreApplication::translate("Report", "Try these next"), 1);
        flow.paragraph(c.tryNextIntro, 9, kMuted);
        int rank = 1;
        for (const ReportContent::TryNext& t : c.tryNext) {
            flow.text(QStringLiteral("%1. %2").arg(rank++).arg(t.flag.commandLine), flow.font(9.5, true, true));
            QString why = QCoreApplication::translate("Report", "%1 (for: %2)").arg(t.flag.why, t.forFinding);
            if (!t.flag.versionNote.isEmpty())
                why += QCoreApplication::translate("Report", ". Note: %1").arg(t.flag.versionNote);
            if (!t.prediction.isEmpty())
                why += QStringLiteral(". ") + t.prediction + u'.';
            flow.text(why, flow.font(9), kInk, 5 * flow.mm());
            flow.space(1.5);
        }
    }

    // The twin's losers: listed with the prediction, never among the flags to try.
    if (!c.notWorthTrying.empty()) {
        flow.heading(QCoreApplication::translate("Report", "Not worth trying"), 2);
        for (const ReportContent::TryNext& t : c.notWorthTrying) {
            flow.text(t.flag.commandLine, flow.font(9.5, true, true));
            flow.text(t.prediction + u'.', flow.font(9), kInk, 5 * flow.mm());
            flow.space(1.5);
        }
    }

    // The heading goes with its first chart: left alone at the foot of a page it read as a heading over nothing.
    if (!c.charts.empty())
        flow.ensure((kChartHeightMm + 50) * flow.mm());
    flow.heading(QCoreApplication::translate("Report", "Evidence"), 1);
    for (const ChartSpec& chart : c.charts) {
        // The chart draws its own title; it starts a page rather than leave its table behind.
        flow.space(2);
        flow.ensure((kChartHeightMm + 30) * flow.mm());
        flow.chart(chart);
        flow.paragraph(chart.caption, 8.5, kMuted);
        flow.table(chart.tableHeader, chart.tableRows);
    }
    flow.heading(QCoreApplication::translate("Report", "The three walls"), 2);
    flow.bullets(c.walls, 9.5);
    flow.heading(QCoreApplication::translate("Report", "Physics check"), 2);
    flow.bullets(c.physics, 9.5);
    if (!c.quality.isEmpty()) {
        flow.heading(QCoreApplication::translate("Report", "Answer quality"), 2);
        flow.bullets(c.quality, 9.5);
    }

    flow.heading(c.definitions.title, 1);
    flow.table(c.definitions.header, c.definitions.rows);
    flow.heading(QCoreApplication::translate("Report", "Versions and environment"), 1);
    flow.keyValues(c.environment);
    flow.heading(QCoreApplication::translate("Report", "Appendix: every number"), 1);
    for (const ReportContent::Table& t : c.appendix) {
        flow.heading(t.title, 3);
        flow.table(t.header, t.rows, {}, 7.5);
    }
    flow.finish();
}

int paintPass(const ReportContent& c, QPagedPaintDevice& device, int totalPages)
{
    QPainter painter;
    if (!painter.begin(&device))
        return 0;
    painter.setRenderHint(QPainter::Antialiasing);
    PageFlow flow(painter, device, c.title, totalPages);
    layout(c, flow);
    painter.end();
    return flow.pages();
}

} // namespace

QPageLayout PdfReport::defaultPageLayout()
{
    const bool letter = QLocale().measurementSystem() == QLocale::ImperialUSSystem;
    return QPageLayout(QPageSize(letter ? QPageSize::Letter : QPageSize::A4), QPageLayout::Portrait, QMarginsF());
}

int PdfReport::paint(const ReportContent& content, QPagedPaintDevice& device)
{
    // A first pass on a throwaway writer with the same page and resolution counts the pages for "page n of m".
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    QPdfWriter counter(&scratch);
    counter.setResolution(device.logicalDpiX());
    counter.setPageLayout(device.pageLayout());
    const int pages = paintPass(content, counter, 0);
    return paintPass(content, device, pages);
}

QByteArray PdfReport::write(
    const ReportContent& content, const QList<QPair<QString, QByteArray>>& attachments, QString* error)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(kResolution);
        writer.setPageLayout(defaultPageLayout());
        writer.setTitle(content.title);
        writer.setCreator(QStringLiteral("Kneepoint %1").arg(kneepointVersion()));
        if (paint(content, writer) == 0) {
            if (error)
                *error = QCoreApplication::translate("Report", "The PDF could not be painted.");
            return {};
        }
    }
    QList<PdfAttachment> files;
    for (const auto& [name, data] : attachments) {
        PdfAttachment a;
        a.fileName = name;
        a.mimeType
            = name.endsWith(u".json") ? QByteArrayLiteral("application/json") : QByteArrayLiteral("text/markdown");
        a.description = name.endsWith(u".json")
            ? QCoreApplication::translate("Report", "Every number of this report, as JSON")
            : QCoreApplication::translate("Report", "This report as Markdown");
        a.data = data;
        files << a;
    }
    if (files.isEmpty())
        return buffer.data();
    return PdfAttachments::embed(buffer.data(), files, error);
}

} // namespace kp::core
