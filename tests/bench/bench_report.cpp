// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// How long a report of a 20,000-request run takes to render in each format, from a run already read (issue 6's
// target: under 2 s each). Prints a table; run by hand (see docs/load-engine.md, Benchmarks).
#include "benchrun.h"
#include "core/analysis/runanalysis.h"
#include "core/report/csvreport.h"
#include "core/report/htmlreport.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/report/pdfreport.h"
#include "core/report/reportcontent.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QJsonDocument>

#include <cstdio>
#include <functional>

using namespace kp::core;

int main(int argc, char** argv)
{
    // Fonts for the PDF, no display.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const RunData run = buildBenchRun(10, 2000, 256);
    const RunAnalysis analysis = RunAnalysis::of(run, AnalysisSettings::ofRun(run));

    std::printf("Report rendering: 20000 requests in 10 steps, 256 output tokens each\n\n");
    std::printf("%-26s %10s %12s\n", "format", "ms", "bytes");
    auto row = [](const char* format, const std::function<QByteArray()>& render) {
        QElapsedTimer t;
        t.start();
        const QByteArray out = render();
        std::printf(
            "%-26s %10.1f %12lld\n", format, double(t.nsecsElapsed()) / 1e6, static_cast<long long>(out.size()));
    };
    row("Markdown", [&] { return MarkdownReport::write(ReportContent::of(run, analysis)).toUtf8(); });
    row("JSON", [&] { return QJsonDocument(JsonReport::write(run, analysis)).toJson(); });
    row("HTML", [&] { return HtmlReport::write(ReportContent::of(run, analysis)).toUtf8(); });
    row("CSV (steps)", [&] { return CsvReport::steps(run, analysis).toUtf8(); });
    row("PDF (with attachments)", [&] {
        const ReportContent content = ReportContent::of(run, analysis);
        QString error;
        return PdfReport::write(content,
            {{QStringLiteral("report.md"), MarkdownReport::write(content).toUtf8()},
                {QStringLiteral("report.json"), QJsonDocument(JsonReport::write(run, analysis)).toJson()}},
            &error);
    });
    std::printf("\nEach includes building the report's content from the analysis. Target: under 2 s each.\n");
    return 0;
}
