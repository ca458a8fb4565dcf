// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportfileview.h"

#include "analysis/walls.h"
#include "common/textformat.h"

#include <QDialogButtonBox>
#include <QJsonArray>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <cmath>

namespace kp::ui {

using namespace kp::core;

namespace {

QString esc(const QJsonValue& v)
{
    return v.toString().toHtmlEscaped();
}

// A figure of the file, or a dash where it holds none (null: not measured, or unbounded).
QString figure(const QJsonValue& v, int decimals = -1)
{
    if (!v.isDouble())
        return QStringLiteral("–");
    return text::number(v.toDouble(), decimals);
}

QString loadOf(const QJsonValue& load, bool byRate)
{
    return load.isDouble() ? text::load(load.toDouble(), byRate) : QStringLiteral("–");
}

} // namespace

ReportFileView::ReportFileView(const QJsonObject& report, const QString& fileName, QWidget* parent)
    : QDialog(parent)
    , m_text(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("openedReport"));
    const QJsonObject run = report.value(u"run").toObject();
    setWindowTitle(tr("Report of run %1 (file)").arg(run.value(u"id").toInteger()));
    m_text->setObjectName(QStringLiteral("openedReportText"));
    m_text->setAccessibleName(tr("Report"));
    m_text->setOpenLinks(false);
    m_text->setHtml(toHtml(report, fileName));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(900, 700);
}

QString ReportFileView::html() const
{
    return m_text->toHtml();
}

QString ReportFileView::toHtml(const QJsonObject& report, const QString& fileName)
{
    const QJsonObject run = report.value(u"run").toObject();
    const QJsonObject analysis = report.value(u"analysis").toObject();
    const QJsonObject curve = analysis.value(u"concurrency").toObject();
    const QJsonObject settings = analysis.value(u"settings").toObject();
    const bool byRate = curve.value(u"by").toString() == u"rate";
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(tr("Kneepoint report: run %1").arg(run.value(u"id").toInteger()));
    h += QStringLiteral("<p>%1 at %2<br>%3</p>")
             .arg(esc(run.value(u"model")), esc(run.value(u"url")),
                 tr("Started %1; %2. Read from %3: a report file holds the analysis but not the requests, so what-if "
                    "and export need the run store it came from.")
                     .arg(esc(run.value(u"started")), esc(run.value(u"status")), fileName.toHtmlEscaped()));
    h += QStringLiteral("<p style='font-size:large'>%1</p>").arg(esc(analysis.value(u"verdict")));

    const QJsonObject cap = curve.value(u"capacity").toObject();
    const QString bound = cap.value(u"bound").toString();
    QString capacity;
    if (bound == u"between")
        capacity
            = tr("about %1 (%2), limited by %3")
                  .arg(loadOf(cap.value(u"load"), byRate),
                      text::range(cap.value(u"low").toDouble(std::nan("")), cap.value(u"high").toDouble(std::nan(""))),
                      esc(cap.value(u"metric")));
    else if (bound == u"at_least")
        capacity = tr("at least %1 (every load measured met the targets)").arg(loadOf(cap.value(u"load"), byRate));
    else if (bound == u"below")
        capacity = tr("below %1 (even the lowest load missed the targets)").arg(loadOf(cap.value(u"load"), byRate));
    else
        capacity = tr("not measured");
    h += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Capacity:"), capacity);

    const QString p = QStringLiteral("p") + figure(settings.value(u"percentile"));
    h += QStringLiteral("<h3>%1</h3><table border='1' cellspacing='0' cellpadding='4'><tr>").arg(tr("Scorecard"));
    for (const QString& head : {tr("load"), tr("TTFT %1 ms").arg(p), tr("TPOT %1 ms").arg(p), tr("E2EL %1 ms").arg(p),
             tr("output tok/s"), tr("failed"), tr("targets")})
        h += QStringLiteral("<th>%1</th>").arg(head.toHtmlEscaped());
    h += QStringLiteral("</tr>");
    for (const QJsonValue v : curve.value(u"points").toArray()) {
        const QJsonObject pt = v.toObject();
        const QJsonArray missed = pt.value(u"missed").toArray();
        QStringList missedNames;
        for (const QJsonValue m : missed)
            missedNames << m.toString();
        h += QStringLiteral("<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td><td align='right'>%4"
                            "</td><td align='right'>%5</td><td align='right'>%6</td><td>%7</td></tr>")
                 .arg(loadOf(pt.value(u"load"), byRate), figure(pt.value(u"ttft_ms").toObject().value(u"value"), 1),
                     figure(pt.value(u"tpot_ms").toObject().value(u"value"), 2),
                     figure(pt.value(u"e2el_ms").toObject().value(u"value"), 0),
                     figure(pt.value(u"output_tokens_per_s"), 0), figure(pt.value(u"failed"), 0),
                     pt.value(u"meets_targets").toBool()
                         ? tr("met")
                         : tr("missed: %1").arg(missedNames.join(u", ").toHtmlEscaped()));
    }
    h += QStringLiteral("</table>");

    const QJsonObject walls = analysis.value(u"walls").toObject();
    h += QStringLiteral("<h3>%1</h3><ul>").arg(tr("The three walls"));
    for (const Wall::Kind kind : {Wall::Kind::Latency, Wall::Kind::Saturation, Wall::Kind::Memory}) {
        const QString title = Wall::title(kind);
        const QJsonObject w = walls.value(Wall::name(kind)).toObject();
        const QString state = !w.value(u"visible").toBool(true) ? tr("not visible")
            : w.value(u"reached").toBool() ? tr("reached at %1").arg(loadOf(w.value(u"load"), byRate))
                                           : tr("not reached");
        h += QStringLiteral("<li><b>%1</b>: %2; %3</li>").arg(title, state, esc(w.value(u"evidence")));
    }
    h += QStringLiteral("</ul>");

    QString doubts;
    for (const QJsonValue v : analysis.value(u"trust").toArray()) {
        const QJsonObject t = v.toObject();
        const QString status = t.value(u"status").toString();
        if (status == u"warn" || status == u"fail")
            doubts += QStringLiteral("<li><b>%1</b> (%2): %3</li>")
                          .arg(esc(t.value(u"title")), status.toHtmlEscaped(), esc(t.value(u"detail")));
    }
    if (!doubts.isEmpty())
        h += QStringLiteral("<h3>%1</h3><ul>%2</ul>").arg(tr("Before you trust these numbers"), doubts);

    QString findings;
    for (const QJsonValue v : analysis.value(u"findings").toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(u"severity").toString() == u"healthy")
            continue;
        findings += QStringLiteral("<li><b>%1.</b> %2</li>").arg(esc(f.value(u"title")), esc(f.value(u"measured")));
    }
    if (!findings.isEmpty())
        h += QStringLiteral("<h3>%1</h3><ul>%2</ul>").arg(tr("Findings"), findings);
    return h;
}

} // namespace kp::ui
