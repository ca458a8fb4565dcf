// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/analysiscommands.h"

#include "core/analysis/analysistext.h"
#include "core/analysis/pareto.h"
#include "core/analysis/requestestimate.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/runcomparison.h"
#include "core/analysis/rundata.h"
#include "core/analysis/rungate.h"
#include "core/analysis/whatifscenario.h"
#include "core/catalog/catalog.h"
#include "core/catalog/modelresolver.h"
#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/common/textformat.h"
#include "core/predict/prediction.h"
#include "core/report/analysisjson.h"
#include "core/report/gatereport.h"
#include "core/report/reportcontent.h"
#include "core/report/svgchart.h"
#include "core/report/textreport.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace kp::cli {

QString ShowCommand::description() const
{
    return QStringLiteral(
        "Prints a stored run's verdict, scorecard, capacity, walls, physics check and findings, all recomputed from "
        "the stored requests. --gpu, --model and the target options answer \"what if\" without the server; "
        "--estimate IN/OUT estimates another request size from the roofline calibrated on the run.");
}

QList<QCommandLineOption> ShowCommand::options() const
{
    QList<QCommandLineOption> list = analysisOptions();
    list << QCommandLineOption(QStringLiteral("estimate"),
        QStringLiteral("Also estimate latencies for a request size IN/OUT that was not measured."),
        QStringLiteral("IN/OUT"));
    list << QCommandLineOption(QStringLiteral("save-scenario"),
        QStringLiteral("Save the targets, percentile and GPU asked here as a what-if under NAME, for --scenario and "
                       "the window's what-if panel."),
        QStringLiteral("NAME"));
    list << QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    list << dbOption();
    return list;
}

int ShowCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        throw UsageError {QStringLiteral("name one run by its number: kneepoint show ID (kneepoint runs lists them).")};
    const qint64 id = runId(args.front(), name());
    int estimateIn = 0, estimateOut = 0;
    if (parser.isSet(QStringLiteral("estimate"))) {
        const QStringList io2 = parser.value(QStringLiteral("estimate")).split(u'/');
        bool okIn = false, okOut = false;
        estimateIn = io2.value(0).toInt(&okIn);
        estimateOut = io2.value(1).toInt(&okOut);
        if (io2.size() != 2 || !okIn || !okOut || estimateIn < 1 || estimateOut < 1)
            throw UsageError {QStringLiteral("--estimate takes IN/OUT tokens, e.g. 2048/512.")};
    }
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint show: " << error << '\n';
        return ExitFailure;
    }
    const std::optional<RunData> run = loadRun(*store, id, name(), io);
    if (!run)
        return ExitFailure;
    QStringList notes;
    const AnalysisSettings settings = analysisSettingsFrom(parser, *run, &notes);
    if (parser.isSet(QStringLiteral("save-scenario"))) {
        const WhatIfScenario scenario = WhatIfScenario::of(
            parser.value(QStringLiteral("save-scenario")), settings, AnalysisSettings::ofRun(*run));
        if (!WhatIfScenario::save(scenario))
            throw UsageError {QStringLiteral("--save-scenario needs a name.")};
        notes << QStringLiteral("Saved the what-if \"%1\": %2.").arg(scenario.name, scenario.description());
    }
    const RunAnalysis analysis = RunAnalysis::of(*run, settings);
    std::optional<RequestEstimate> estimate;
    if (estimateIn > 0)
        estimate = RequestEstimate::of(*run, analysis, estimateIn, estimateOut);
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject doc = AnalysisJson::of(*run, analysis);
        doc[QStringLiteral("options")] = run->stored.options;
        doc[QStringLiteral("facts")] = run->stored.facts;
        doc[QStringLiteral("environment")] = run->stored.environment;
        doc[QStringLiteral("status")] = runStatusName(run->summary.status);
        doc[QStringLiteral("notes")] = QJsonArray::fromStringList(notes);
        if (estimate)
            doc[QStringLiteral("estimate")] = AnalysisText::toJson(*estimate);
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << TextReport::write(terminalReport(*run, analysis, settings));
    if (estimate)
        io.out << u'\n' << AnalysisText::render(*estimate);
    for (const QString& note : std::as_const(notes))
        io.out << "Note: " << note << '\n';
    return ExitOk;
}

QString CompareCommand::description() const
{
    return QStringLiteral(
        "Puts two stored runs side by side at the loads both measured: TTFT, TPOT and end-to-end latency at the "
        "median and the chosen percentile, and output throughput, each with whether the difference is beyond noise "
        "(a Mann-Whitney U test on the medians, Holm-corrected over the table; Bonferroni-wide percentile intervals "
        "on the tail; a change of at least --min-effect; and a 95% interval for the change that leaves out zero), "
        "the change in capacity (beyond noise when the two runs' ranges for it lie apart), and what changed in the "
        "server's facts and the run's options. With --gate it answers a CI job: exit 1 when run B is worse beyond "
        "noise, with Markdown for a pull-request comment and, with --junit, JUnit XML.");
}

QList<QCommandLineOption> CompareCommand::options() const
{
    QList<QCommandLineOption> list = analysisOptions();
    list << QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    list << QCommandLineOption(QStringLiteral("min-effect"),
        QStringLiteral("The smallest change, in percent, that can be called beyond noise (default 5)."),
        QStringLiteral("PCT"), QStringLiteral("5"));
    list << QCommandLineOption(QStringLiteral("gate"),
        QStringLiteral(
            "For CI: print Markdown for a pull-request comment and exit 1 when B is worse than A beyond noise "
            "(capacity, or a latency figure), 3 when nothing could be judged, 0 otherwise."));
    list << QCommandLineOption(QStringLiteral("junit"),
        QStringLiteral("With --gate: also write the gate as JUnit XML to this file."), QStringLiteral("FILE"));
    list << dbOption();
    return list;
}

int CompareCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        throw UsageError {QStringLiteral("name two runs: kneepoint compare A B (kneepoint runs lists them).")};
    const qint64 a = runId(args[0], name());
    const qint64 b = runId(args[1], name());
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint compare: " << error << '\n';
        return ExitFailure;
    }
    const std::optional<RunData> runA = loadRun(*store, a, name(), io);
    if (!runA)
        return ExitFailure;
    const std::optional<RunData> runB = loadRun(*store, b, name(), io);
    if (!runB)
        return ExitFailure;
    // The same question asked of both: run A's targets (or the command line's) apply to run B too.
    QStringList notes;
    const AnalysisSettings settingsA = analysisSettingsFrom(parser, *runA, &notes);
    const AnalysisSettings settingsB = analysisSettingsFrom(parser, *runB, &notes);
    printModelNotes(parser, notes, name(), io);
    const double minEffect = option::number(parser, QStringLiteral("min-effect"), 0, 1000);
    const RunComparison comparison = RunComparison::ofStored(*store, *runA, settingsA, *runB, settingsB, minEffect);
    if (parser.isSet(QStringLiteral("gate")) || parser.isSet(QStringLiteral("junit")))
        return printGate(
            comparison, runB->summary, parser.isSet(QStringLiteral("json")), parser.value(QStringLiteral("junit")), io);
    if (parser.isSet(QStringLiteral("json")))
        io.out << QJsonDocument(AnalysisText::toJson(comparison)).toJson(QJsonDocument::Indented);
    else
        io.out << AnalysisText::render(comparison);
    return ExitOk;
}

QString ParetoCommand::description() const
{
    return QStringLiteral(
        "Each concurrency step of the named runs as a point: output tokens per second per user (1000 / its median "
        "TPOT) against output tokens per second per GPU (the run's --gpus, else the fewest GPUs that hold the "
        "weights). Prints the points, marks the Pareto frontier (the steps no other step beats on both), and says "
        "which run holds the frontier over which range: the before and after of a flag, two GPUs, two "
        "quantisations. The first run's TPOT target (or --slo-tpot-ms) marks where users are served fast enough.");
}

QList<QCommandLineOption> ParetoCommand::options() const
{
    QList<QCommandLineOption> list = analysisOptions();
    list << QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    list << QCommandLineOption(
        QStringLiteral("svg"), QStringLiteral("Also draw the frontier to this SVG file."), QStringLiteral("FILE"));
    list << dbOption();
    return list;
}

int ParetoCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        throw UsageError {QStringLiteral("name one run or more: kneepoint pareto A [B…] (kneepoint runs lists them).")};
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint pareto: " << error << '\n';
        return ExitFailure;
    }
    std::vector<ParetoPoint> points;
    std::optional<double> tpotTarget;
    QStringList gpus;
    for (const QString& arg : args) {
        const std::optional<RunData> run = loadRun(*store, runId(arg, name()), name(), io);
        if (!run)
            return ExitFailure;
        QStringList notes;
        const AnalysisSettings settings = analysisSettingsFrom(parser, *run, &notes);
        printModelNotes(parser, notes, name(), io);
        const RunAnalysis analysis = RunAnalysis::of(*run, settings);
        if (points.empty() && !tpotTarget)
            tpotTarget = settings.slo.tpotMs;
        const std::vector<ParetoPoint> own = ParetoFrontier::pointsOf(*run, analysis);
        points.insert(points.end(), own.begin(), own.end());
        gpus << QStringLiteral("run %1 on %2 GPU%3")
                    .arg(run->summary.id)
                    .arg(ParetoFrontier::gpusOf(*run, analysis))
                    .arg(ParetoFrontier::gpusOf(*run, analysis) == 1 ? QString() : QStringLiteral("s"));
    }
    ParetoFrontier frontier = ParetoFrontier::of(std::move(points));
    frontier.tpotTargetMs = tpotTarget;
    if (frontier.points.empty()) {
        io.err << "kneepoint pareto: no concurrency step with a TPOT to place (each needs answers of two tokens or "
                  "more).\n";
        return ExitFailure;
    }
    if (parser.isSet(QStringLiteral("svg"))) {
        QSaveFile out(parser.value(QStringLiteral("svg")));
        if (!out.open(QIODevice::WriteOnly) || out.write(SvgChart::render(paretoChart(frontier), 720, 440).toUtf8()) < 0
            || !out.commit()) {
            io.err << "kneepoint pareto: cannot write " << out.fileName() << ": " << out.errorString() << '\n';
            return ExitFailure;
        }
    }
    const auto onFrontier = [&frontier](std::size_t i) {
        return std::find(frontier.frontier.begin(), frontier.frontier.end(), i) != frontier.frontier.end();
    };
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (std::size_t i = 0; i < frontier.points.size(); ++i) {
            const ParetoPoint& p = frontier.points[i];
            list.append(QJsonObject {{QStringLiteral("run_id"), p.runId}, {QStringLiteral("load"), p.load},
                {QStringLiteral("output_tokens_per_s_per_user"), p.interactivity},
                {QStringLiteral("output_tokens_per_s_per_gpu"), p.throughputPerGpu},
                {QStringLiteral("meets_targets"), p.meetsTargets}, {QStringLiteral("on_frontier"), onFrontier(i)}});
        }
        QJsonObject doc {{QStringLiteral("points"), list},
            {QStringLiteral("dominance"), QJsonArray::fromStringList(frontier.dominance())},
            {QStringLiteral("gpus"), QJsonArray::fromStringList(gpus)}};
        if (tpotTarget)
            doc[QStringLiteral("tpot_target_ms")] = *tpotTarget;
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << QStringLiteral("Pareto frontier: output tokens/s per user (1000 / median TPOT) against output tokens/s "
                             "per GPU (%1)\n")
                  .arg(gpus.join(u", "));
    io.out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                  .arg(QStringLiteral("run"), -8)
                  .arg(QStringLiteral("load"), -10)
                  .arg(QStringLiteral("tok/s/user"), 11)
                  .arg(QStringLiteral("tok/s/GPU"), 10)
                  .arg(QStringLiteral("targets"), 8)
                  .arg(QStringLiteral("frontier"), 9);
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        const ParetoPoint& p = frontier.points[i];
        io.out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                      .arg(p.run, -8)
                      .arg(p.load, -10)
                      .arg(text::number(p.interactivity), 11)
                      .arg(text::number(p.throughputPerGpu, 0), 10)
                      .arg(p.meetsTargets ? QStringLiteral("met") : QStringLiteral("missed"), 8)
                      .arg(onFrontier(i) ? QStringLiteral("*") : QString(), 9);
    }
    for (const QString& sentence : frontier.dominance())
        io.out << sentence << ".\n";
    if (tpotTarget)
        io.out << QStringLiteral("The TPOT target of %1 is met from %2 tokens/s per user up.\n")
                      .arg(text::milliseconds(*tpotTarget), text::number(1000 / *tpotTarget));
    return ExitOk;
}

} // namespace kp::cli
