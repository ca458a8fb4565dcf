// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportfileview.h"

#include "analysis/loadcurve.h"
#include "analysis/trustchecks.h"
#include "analysis/walls.h"
#include "common/textformat.h"
#include "report/jsonreport.h"
#include "report/reportcontent.h"

#include <QDialogButtonBox>
#include <QJsonArray>
#include <QLocale>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
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

// A latency of the file as the report wrote it (ReportContent::milliseconds): one figure, one value.
QString latency(const QJsonValue& v)
{
    return v.isDouble() ? ReportContent::milliseconds(v.toDouble()) : QStringLiteral("–");
}

// The title a check had in the report. Files from before checks had a doubt title carry the claim even where the
// check failed: the doubt is found by the check's id.
QString trustTitle(const QJsonObject& t, double percentile)
{
    const QString status = t.value(u"status").toString();
    if (!t.contains(u"claim") && (status == u"warn" || status == u"fail")) {
        QString doubt = TrustChecks::titles(t.value(u"id").toString(), percentile).doubt;
        if (!doubt.isEmpty())
            return doubt;
    }
    return t.value(u"title").toString();
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

    // The doubts before the verdict, failures first, as every face of the report puts them.
    const double percentile = settings.value(u"percentile").toDouble(99);
    QString doubts;
    for (const QString& wanted : {QStringLiteral("fail"), QStringLiteral("warn")}) {
        for (const QJsonValue v : analysis.value(u"trust").toArray()) {
            const QJsonObject t = v.toObject();
            const QString status = t.value(u"status").toString();
            if (status == wanted)
                doubts += QStringLiteral("<li><b>%1</b> (%2): %3</li>")
                              .arg(trustTitle(t, percentile).toHtmlEscaped(), status.toHtmlEscaped(),
                                  esc(t.value(u"detail")));
        }
    }
    if (!doubts.isEmpty())
        h += QStringLiteral("<h3>%1</h3><ul>%2</ul>").arg(tr("Before you trust these numbers"), doubts);

    h += QStringLiteral("<p style='font-size:large'>%1</p>").arg(esc(analysis.value(u"verdict")));

    // The answer at a glance as the report's other faces say it, read back by core (JsonReport::readAnswer).
    const ReportContent::Answer answer = JsonReport::readAnswer(report);
    h += QStringLiteral("<p style='font-size:x-large'><b>%1</b></p>").arg(answer.number.toHtmlEscaped());
    for (const QString& line : {answer.summary, answer.confidence, answer.bracket, answer.lowestWall, answer.knee})
        if (!line.isEmpty())
            h += QStringLiteral("<p>%1</p>").arg(line.toHtmlEscaped());

    const QString p = QStringLiteral("p") + figure(settings.value(u"percentile"));
    h += QStringLiteral("<h3>%1</h3><table border='1' cellspacing='0' cellpadding='4'><tr>").arg(tr("Scorecard"));
    for (const QString& head : {tr("load"), tr("TTFT %1 ms").arg(p), tr("TPOT %1 ms").arg(p), tr("E2EL %1 ms").arg(p),
             tr("output tok/s"), tr("failed"), tr("targets")})
        h += QStringLiteral("<th>%1</th>").arg(head.toHtmlEscaped());
    h += QStringLiteral("</tr>");
    // A file written before ttft_shown_ms carries TTFT with the round trip in: take it off as the report did.
    const double roundTrip = std::max(0.0, run.value(u"round_trip_ms").toDouble(0));
    bool withinRoundTrip = false;
    bool disturbed = false;
    for (const QJsonValue v : curve.value(u"points").toArray()) {
        const QJsonObject pt = v.toObject();
        const QJsonArray missed = pt.value(u"missed").toArray();
        QStringList missedNames;
        for (const QJsonValue m : missed)
            missedNames << m.toString();
        CurvePoint shown;
        shown.roundTripMs = roundTrip;
        shown.ttft.value = pt.value(u"ttft_ms").toObject().value(u"value").toDouble(std::nan(""));
        const QJsonValue ttft = pt.contains(u"ttft_shown_ms") ? pt.value(u"ttft_shown_ms")
                                                              : QJsonValue(shown.shown(QStringLiteral("TTFT")));
        const bool within = pt.contains(u"ttft_within_round_trip") ? pt.value(u"ttft_within_round_trip").toBool()
                                                                   : shown.withinRoundTrip(QStringLiteral("TTFT"));
        withinRoundTrip = withinRoundTrip || within;
        disturbed = disturbed || pt.value(u"disturbed").toBool();
        h += QStringLiteral("<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td><td align='right'>%4"
                            "</td><td align='right'>%5</td><td align='right'>%6</td><td>%7</td></tr>")
                 .arg(loadOf(pt.value(u"load"), byRate)
                         + (pt.value(u"disturbed").toBool() ? QStringLiteral(" †") : QString()),
                     latency(ttft) + (within ? QStringLiteral("*") : QString()),
                     latency(pt.value(u"tpot_ms").toObject().value(u"value")),
                     latency(pt.value(u"e2el_ms").toObject().value(u"value")),
                     figure(pt.value(u"output_tokens_per_s"), 0), figure(pt.value(u"failed"), 0),
                     pt.value(u"meets_targets").toBool()
                         ? tr("met")
                         : tr("missed: %1").arg(missedNames.join(u", ").toHtmlEscaped()));
    }
    h += QStringLiteral("</table>");
    if (roundTrip > 0)
        h += QStringLiteral("<p>%1</p>")
                 .arg(tr("TTFT leaves out the network's %1 round trip to the server, as the report does.")
                          .arg(text::milliseconds(roundTrip)));
    if (disturbed)
        h += QStringLiteral("<p>%1</p>")
                 .arg(tr("† Disturbed by the measurement itself (the client fell behind, or the simulator lagged its "
                         "own clock: see the doubts above the verdict): those figures may be partly the "
                         "measurement's."));
    if (withinRoundTrip)
        h += QStringLiteral("<p>%1</p>")
                 .arg(tr("* TTFT within the network's round trip: as measured it was no longer than the round trip, "
                         "so the server's part is shown as 0."));

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
