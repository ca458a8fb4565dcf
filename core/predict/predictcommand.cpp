// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "predictcommand.h"

#include "analysis/analysiscommands.h"
#include "analysis/runanalysis.h"
#include "analysis/rundata.h"
#include "analysis/textformat.h"
#include "catalog/catalog.h"
#include "predict/servertwin.h"
#include "run/storeoption.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// The settings the twin models, as the server's own flags name them; the rest are said to be not modelled.
const QStringList kModelled {QStringLiteral("max-num-seqs"), QStringLiteral("parallel"),
    QStringLiteral("max-num-batched-tokens"), QStringLiteral("num-gpu-blocks")};
const QStringList kNotModelled {QStringLiteral("enable-prefix-caching"), QStringLiteral("enable-chunked-prefill"),
    QStringLiteral("tensor-parallel-size"), QStringLiteral("kv-cache-dtype"), QStringLiteral("quantization")};

// The highest load whose predicted (or measured) tails stay within the targets, interpolated on the first that
// does not; -1 when even the first misses, the last load when none does.
double capacityOf(const std::vector<TwinStep>& steps, const AnalysisSettings& s)
{
    const auto misses = [&s](const TwinStep& t) {
        return (s.slo.ttftMs && t.ttftP99Ms > *s.slo.ttftMs) || (s.slo.tpotMs && t.tpotP99Ms > *s.slo.tpotMs);
    };
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (!misses(steps[i]))
            continue;
        if (i == 0)
            return -1;
        const TwinStep& a = steps[i - 1];
        const TwinStep& b = steps[i];
        double at = b.users;
        const auto cross = [&](double va, double vb, const std::optional<double>& target) {
            if (target && vb > *target && vb > va)
                at = std::min(at, a.users + (*target - va) / (vb - va) * (b.users - a.users));
        };
        cross(a.ttftP99Ms, b.ttftP99Ms, s.slo.ttftMs);
        cross(a.tpotP99Ms, b.tpotP99Ms, s.slo.tpotMs);
        return std::max(double(a.users), at);
    }
    return steps.empty() ? -1 : steps.back().users;
}

QString capacityText(double users, const std::vector<TwinStep>& steps)
{
    if (users < 0)
        return QStringLiteral("below %1").arg(text::users(steps.front().users, false));
    if (!steps.empty() && users >= steps.back().users)
        return QStringLiteral("at least %1").arg(text::users(steps.back().users, false));
    return text::users(users >= 10 ? std::floor(users) : std::floor(users * 10) / 10);
}

} // namespace

QString PredictCommand::description() const
{
    return QStringLiteral(
        "Fits a twin of the run's server to its concurrency steps: Kneepoint's simulator engine (continuous "
        "batching, chunked prefill, the KV cache in blocks, preemption) with the roofline of the model on the GPU, "
        "its bandwidth and compute shares and a fixed cost per step fitted to the measured TTFT, TPOT and "
        "throughput. Then it runs the same workload under the --set settings and prints the predicted curve and "
        "capacity beside the measured ones, with the twin's own error on the run's steps. Settings: "
        "max-num-seqs (llama.cpp: parallel), max-num-batched-tokens, num-gpu-blocks (the KV cache, in blocks); "
        "the engine's settings as measured come from the run (the most requests it ran while others waited, the "
        "KV cache it reported) unless --base names them. Needs the model's geometry (--model, else the run's) and "
        "uses --gpu, else the run's GPU, else a nominal device whose peaks the fit scales.");
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
    const auto apply = [](BatchEngine::Config& c, const QString& option, QStringList* notModelled) {
        const QString key = option.section(u'=', 0, 0).trimmed().remove(QStringLiteral("--"));
        const QString value = option.section(u'=', 1).trimmed();
        if (kNotModelled.contains(key)) {
            notModelled->append(key);
            return;
        }
        if (!kModelled.contains(key))
            throw UsageError {QStringLiteral("--set and --base take %1 (and say 'not modelled' for %2), not '%3'.")
                                  .arg(kModelled.join(u", "), kNotModelled.join(u", "), option)};
        bool ok = false;
        const int v = value.toInt(&ok);
        if (!ok || v < 1)
            throw UsageError {QStringLiteral("%1 takes a whole number above 0, not '%2'.").arg(key, value)};
        if (key == u"max-num-seqs" || key == u"parallel")
            c.maxNumSeqs = v;
        else if (key == u"max-num-batched-tokens")
            c.maxNumBatchedTokens = v;
        else
            c.numGpuBlocks = v;
    };
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint predict: " << error << '\n';
        return ExitFailure;
    }
    const std::optional<RunData> run = loadRun(*store, runId(args.front(), name()), name(), io);
    if (!run)
        return ExitFailure;
    QStringList notes;
    const AnalysisSettings settings = analysisSettingsFrom(parser, *run, &notes);
    if (!settings.model) {
        io.err << "kneepoint predict: the twin needs the model's geometry, and the run's model is not known here: "
                  "name it with --model (a catalog id, a Hugging Face id, a config.json or a GGUF file).\n";
        return ExitFailure;
    }
    const RunAnalysis analysis = RunAnalysis::of(*run, settings);
    const std::vector<TwinStep> measured = ServerTwin::measured(*run, analysis);
    if (measured.size() < 2) {
        io.err << "kneepoint predict: the run has " << measured.size()
               << " concurrency step(s) with TTFT and TPOT; the twin is fitted to two or more.\n";
        return ExitFailure;
    }
    QStringList notModelled;
    BatchEngine::Config base = ServerTwin::engineOf(*run, analysis);
    for (const QString& option : parser.values(QStringLiteral("base")))
        apply(base, option, &notModelled);
    BatchEngine::Config changed = base;
    for (const QString& option : parser.values(QStringLiteral("set")))
        apply(changed, option, &notModelled);
    const ServerTwin twin(settings.gpu, *settings.model, base);
    const int input = run->inputTokens, output = run->outputTokens;
    std::vector<TwinStep> fitted = measured;
    if (parser.isSet(QStringLiteral("fit-users"))) {
        QList<int> users;
        for (const QString& u : parser.value(QStringLiteral("fit-users")).split(u',', Qt::SkipEmptyParts))
            users << u.trimmed().toInt();
        fitted.erase(std::remove_if(fitted.begin(), fitted.end(),
                         [&users](const TwinStep& t) { return !users.contains(t.users); }),
            fitted.end());
        if (fitted.size() < 2)
            throw UsageError {QStringLiteral("--fit-users names fewer than two of the run's loads.")};
    }
    const TwinFit fit = twin.fit(fitted, input, output);
    std::vector<TwinStep> replay, predicted;
    for (const TwinStep& m : measured) {
        replay.push_back(twin.simulate(base, fit, m.users, input, output, m.requests));
        predicted.push_back(twin.simulate(changed, fit, m.users, input, output, m.requests));
    }
    const double capMeasured = capacityOf(measured, settings), capPredicted = capacityOf(predicted, settings);
    // --against: the prediction held against a run measured with the settings asked about.
    struct Check
    {
        int users = 0;
        double ttftP99 = 0, ttftError = 0, throughput = 0, throughputError = 0;
    };
    std::vector<Check> checks;
    if (parser.isSet(QStringLiteral("against"))) {
        const std::optional<RunData> other
            = loadRun(*store, runId(parser.value(QStringLiteral("against")), name()), name(), io);
        if (!other)
            return ExitFailure;
        AnalysisSettings otherSettings = AnalysisSettings::ofRun(*other);
        otherSettings.slo = settings.slo;
        otherSettings.percentile = settings.percentile;
        const std::vector<TwinStep> truth = ServerTwin::measured(*other, RunAnalysis::of(*other, otherSettings));
        for (const TwinStep& t : truth) {
            const auto p = std::find_if(
                predicted.begin(), predicted.end(), [&t](const TwinStep& q) { return q.users == t.users; });
            const TwinStep guess
                = p != predicted.end() ? *p : twin.simulate(changed, fit, t.users, input, output, t.requests);
            checks.push_back({t.users, t.ttftP99Ms, ServerTwin::error(guess.ttftP99Ms, t.ttftP99Ms),
                t.outputTokensPerSecond, ServerTwin::error(guess.outputTokensPerSecond, t.outputTokensPerSecond)});
        }
    }
    const auto medianAndWorst = [&checks](double Check::*field) {
        std::vector<double> v;
        for (const Check& c : checks)
            v.push_back(c.*field);
        std::sort(v.begin(), v.end());
        return v.empty() ? std::pair {0.0, 0.0} : std::pair {v[v.size() / 2] / 2 + v[(v.size() - 1) / 2] / 2, v.back()};
    };

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray steps;
        for (std::size_t i = 0; i < measured.size(); ++i) {
            const auto step = [](const TwinStep& t) {
                return QJsonObject {{QStringLiteral("ttft_p50_ms"), t.ttftP50Ms},
                    {QStringLiteral("ttft_p99_ms"), t.ttftP99Ms}, {QStringLiteral("tpot_p50_ms"), t.tpotP50Ms},
                    {QStringLiteral("tpot_p99_ms"), t.tpotP99Ms},
                    {QStringLiteral("output_tokens_per_s"), t.outputTokensPerSecond}};
            };
            steps.append(QJsonObject {{QStringLiteral("users"), measured[i].users},
                {QStringLiteral("measured"), step(measured[i])}, {QStringLiteral("twin_as_measured"), step(replay[i])},
                {QStringLiteral("predicted"), step(predicted[i])}});
        }
        const auto config = [](const BatchEngine::Config& c) {
            return QJsonObject {{QStringLiteral("max_num_seqs"), c.maxNumSeqs},
                {QStringLiteral("max_num_batched_tokens"), c.maxNumBatchedTokens},
                {QStringLiteral("num_gpu_blocks"), c.numGpuBlocks}};
        };
        QJsonObject doc {{QStringLiteral("run_id"), run->run.summary.id}, {QStringLiteral("base"), config(base)},
            {QStringLiteral("set"), config(changed)}, {QStringLiteral("gpu"), twin.gpu().id},
            {QStringLiteral("fit"),
                QJsonObject {{QStringLiteral("bandwidth_efficiency"), fit.bandwidthEfficiency},
                    {QStringLiteral("compute_efficiency"), fit.computeEfficiency},
                    {QStringLiteral("step_overhead_ms"), fit.overheadMs},
                    {QStringLiteral("ttft_offset_ms"), fit.ttftOffsetMs},
                    {QStringLiteral("ttft_tail_ms"), fit.ttftTailMs}, {QStringLiteral("median_error"), fit.medianError},
                    {QStringLiteral("worst_error"), fit.worstError}}},
            {QStringLiteral("steps"), steps}, {QStringLiteral("capacity_measured"), capMeasured},
            {QStringLiteral("capacity_predicted"), capPredicted},
            {QStringLiteral("not_modelled"), QJsonArray::fromStringList(notModelled)}};
        if (!checks.empty()) {
            QJsonArray list;
            for (const Check& c : checks)
                list.append(
                    QJsonObject {{QStringLiteral("users"), c.users}, {QStringLiteral("ttft_p99_error"), c.ttftError},
                        {QStringLiteral("output_tokens_per_s_error"), c.throughputError}});
            const auto [ttftMedian, ttftWorst] = medianAndWorst(&Check::ttftError);
            const auto [tputMedian, tputWorst] = medianAndWorst(&Check::throughputError);
            doc[QStringLiteral("against")]
                = QJsonObject {{QStringLiteral("steps"), list}, {QStringLiteral("ttft_p99_error_median"), ttftMedian},
                    {QStringLiteral("ttft_p99_error_worst"), ttftWorst},
                    {QStringLiteral("output_tokens_per_s_error_median"), tputMedian},
                    {QStringLiteral("output_tokens_per_s_error_worst"), tputWorst}};
        }
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << QStringLiteral(
        "Twin of run %1 on %2: %3% of its bandwidth peak, %4% of its compute peak, %5 ms a step; %6 ms outside "
        "the engine on every TTFT, %7 ms more at its tail.\n")
                  .arg(run->run.summary.id)
                  .arg(twin.gpu().name)
                  .arg(fit.bandwidthEfficiency * 100, 0, 'g', 3)
                  .arg(fit.computeEfficiency * 100, 0, 'g', 3)
                  .arg(fit.overheadMs, 0, 'g', 3)
                  .arg(fit.ttftOffsetMs, 0, 'g', 3)
                  .arg(fit.ttftTailMs, 0, 'g', 3);
    io.out << QStringLiteral("Its error on the run's own steps (TTFT p99 and throughput): %1 at the median, %2 at "
                             "worst. Read every prediction with that margin.\n")
                  .arg(text::percent(fit.medianError), text::percent(fit.worstError));
    io.out << QStringLiteral("As measured: max-num-seqs %1, max-num-batched-tokens %2, KV cache %3 blocks. "
                             "Predicted: max-num-seqs %4, max-num-batched-tokens %5, KV cache %6 blocks.\n\n")
                  .arg(base.maxNumSeqs)
                  .arg(base.maxNumBatchedTokens)
                  .arg(base.numGpuBlocks)
                  .arg(changed.maxNumSeqs)
                  .arg(changed.maxNumBatchedTokens)
                  .arg(changed.numGpuBlocks);
    io.out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                  .arg(QStringLiteral("users"), -6)
                  .arg(QStringLiteral("TTFT p99 measured"), 18)
                  .arg(QStringLiteral("predicted"), 10)
                  .arg(QStringLiteral("TPOT p99 measured"), 18)
                  .arg(QStringLiteral("predicted"), 10)
                  .arg(QStringLiteral("tok/s measured"), 15)
                  .arg(QStringLiteral("predicted"), 10);
    for (std::size_t i = 0; i < measured.size(); ++i) {
        io.out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                      .arg(measured[i].users, -6)
                      .arg(text::number(measured[i].ttftP99Ms), 18)
                      .arg(text::number(predicted[i].ttftP99Ms), 10)
                      .arg(text::number(measured[i].tpotP99Ms), 18)
                      .arg(text::number(predicted[i].tpotP99Ms), 10)
                      .arg(text::number(measured[i].outputTokensPerSecond, 0), 15)
                      .arg(text::number(predicted[i].outputTokensPerSecond, 0), 10);
    }
    io.out << QStringLiteral("\nCapacity at the run's targets: %1 measured, %2 predicted (the twin's error: %3 at the "
                             "median).\n")
                  .arg(capacityText(capMeasured, measured), capacityText(capPredicted, predicted),
                      text::percent(fit.medianError));
    if (!checks.empty()) {
        io.out << QStringLiteral("\nAgainst run %1, measured with those settings:\n")
                      .arg(parser.value(QStringLiteral("against")));
        for (const Check& c : checks)
            io.out << QStringLiteral("  %1 users: TTFT p99 %2 measured, off by %3; throughput %4 measured, off by %5\n")
                          .arg(c.users)
                          .arg(text::number(c.ttftP99), text::percent(c.ttftError), text::number(c.throughput, 0),
                              text::percent(c.throughputError));
        const auto [ttftMedian, ttftWorst] = medianAndWorst(&Check::ttftError);
        const auto [tputMedian, tputWorst] = medianAndWorst(&Check::throughputError);
        io.out << QStringLiteral("  Prediction error: TTFT p99 %1 median, %2 worst; throughput %3 median, %4 worst.\n")
                      .arg(text::percent(ttftMedian), text::percent(ttftWorst), text::percent(tputMedian),
                          text::percent(tputWorst));
    }
    for (const QString& key : std::as_const(notModelled))
        io.out << QStringLiteral("%1: not modelled by the twin; measure it.\n").arg(key);
    for (const QString& note : std::as_const(notes))
        io.out << "Note: " << note << '\n';
    return ExitOk;
}

} // namespace kp::core
