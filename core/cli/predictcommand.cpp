// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/predictcommand.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/predict/prediction.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QJsonDocument>

namespace kp::cli {

QString PredictCommand::description() const
{
    return QStringLiteral(
        "Fits a twin of the run's server to its concurrency steps: Kneepoint's simulator engine (continuous "
        "batching, chunked prefill, the KV cache in blocks, preemption) with the roofline of the model on the GPU, "
        "its bandwidth and compute shares and a fixed cost per step fitted to the measured TTFT, TPOT and "
        "throughput. Then it runs the same workload under the --set settings and prints the predicted curve and "
        "capacity beside the measured ones, with the twin's own error on the run's steps for each figure it "
        "predicts (TTFT p99, TPOT p99, throughput). Settings: max-num-seqs (llama.cpp: parallel), "
        "max-num-batched-tokens, num-gpu-blocks (the KV cache, in blocks); the engine's settings as measured come "
        "from the server's facts where it reported them (llama.cpp's slots, the KV cache, the simulator's engine), "
        "else from the run (the most requests it ran while others waited), else an assumption it says is one, "
        "unless --base names them. Needs the model's geometry (--model, else the run's) and uses --gpu, else the "
        "run's GPU, else a nominal device whose peaks the fit scales.");
}

QList<QCommandLineOption> PredictCommand::options() const
{
    QList<QCommandLineOption> list = analysisOptions();
    list << QCommandLineOption(QStringLiteral("set"), QStringLiteral("A setting to predict: KEY=VALUE (repeatable)."),
        QStringLiteral("KEY=VALUE"));
    list << QCommandLineOption(QStringLiteral("base"),
        QStringLiteral("A setting the measured server ran with, where the run cannot tell: KEY=VALUE (repeatable)."),
        QStringLiteral("KEY=VALUE"));
    list << QCommandLineOption(QStringLiteral("fit-users"),
        QStringLiteral("Fit to these loads only (a held-out check: the others are predicted)."),
        QStringLiteral("LIST"));
    list << QCommandLineOption(QStringLiteral("against"),
        QStringLiteral("Check the prediction against this run, measured with the --set settings: the errors per "
                       "step, their median and worst."),
        QStringLiteral("ID"));
    list << QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    list << dbOption();
    return list;
}

int PredictCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1)
        throw UsageError {QStringLiteral("name one run: kneepoint predict ID --set max-num-seqs=16.")};
    PredictionRequest request;
    request.set = parser.values(QStringLiteral("set"));
    request.base = parser.values(QStringLiteral("base"));
    // Settings are checked before anything is read: a typo is a usage error, not a failed prediction.
    for (const QString& setting : request.set + request.base) {
        BatchEngine::Config scratch;
        QStringList ignored;
        QString error;
        if (!Prediction::apply(scratch, setting, &ignored, &error))
            throw UsageError {QStringLiteral("--set and --base: %1").arg(error)};
    }
    if (parser.isSet(QStringLiteral("fit-users")))
        request.fitUsers = option::users(parser, QStringLiteral("fit-users"), 1, 100000);
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint predict: " << error << '\n';
        return ExitFailure;
    }
    const std::optional<RunData> run = loadRun(*store, runId(args.front(), name()), name(), io);
    if (!run)
        return ExitFailure;
    std::optional<RunData> against;
    if (parser.isSet(QStringLiteral("against"))) {
        against = loadRun(*store, runId(parser.value(QStringLiteral("against")), name()), name(), io);
        if (!against)
            return ExitFailure;
        request.against = &*against;
    }
    QStringList notes;
    const AnalysisSettings settings = analysisSettingsFrom(parser, *run, &notes);
    const std::optional<Prediction> prediction = Prediction::of(*run, settings, request, &error);
    if (!prediction) {
        io.err << "kneepoint predict: " << error << '\n';
        return ExitFailure;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QJsonDocument(prediction->toJson()).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << prediction->text();
    for (const QString& note : std::as_const(notes))
        io.out << "Note: " << note << '\n';
    return ExitOk;
}

} // namespace kp::cli
