// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/storedruns.h"

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

qint64 runId(const QString& text, const QString& command)
{
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id < 1)
        throw UsageError {QStringLiteral("'%1' is not a run number: kneepoint %2 takes run numbers (kneepoint runs "
                                         "lists them).")
                              .arg(text, command)};
    return id;
}

std::optional<RunData> loadRun(const RunStore& store, qint64 id, const QString& command, CommandIo& io)
{
    QString error;
    std::optional<RunData> run = RunData::load(store, id, &error);
    if (!run)
        io.err << "kneepoint " << command << ": " << error << '\n';
    return run;
}

QList<QCommandLineOption> analysisOptions()
{
    auto o = [](const char* name, const char* help, const char* value) {
        return QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(value));
    };
    return {
        o("gpu", "Analyse as if the server had this GPU (kneepoint gpus lists them).", "ID"),
        o("model",
            "The served model's geometry: a catalog id, a Hugging Face id (looked up on the hub, the only time an "
            "analysis reaches the network), a config.json or a GGUF file.",
            "MODEL"),
        o("tp", "GPUs the model is split over (default: the fewest that hold it).", "N"),
        o("slo-ttft-ms", "Time-to-first-token target (default: the run's).", "MS"),
        o("slo-tpot-ms", "Time-per-output-token target (default: the run's).", "MS"),
        o("slo-e2el-ms", "End-to-end latency target (default: the run's).", "MS"),
        o("slo-ttfo-ms",
            "Target on the time to the first answer token, a reasoning model's after its thinking (default: the "
            "run's).",
            "MS"),
        o("percentile", "The percentile the targets hold at, from 50 to 99.9 (default: the run's).", "P"),
        o("attainment",
            "The share of requests that must meet every target for goodput capacity, in percent "
            "(default 99).",
            "PCT"),
        o("scenario",
            "A saved what-if (the window's what-if panel, or show --save-scenario): its targets, percentile and GPU; "
            "the options above still override it.",
            "NAME"),
    };
}

AnalysisSettings analysisSettingsFrom(const QCommandLineParser& p, const RunData& run, QStringList* notes)
{
    AnalysisSettings s = AnalysisSettings::ofRun(run);
    if (p.isSet(QStringLiteral("scenario"))) {
        const QString name = p.value(QStringLiteral("scenario"));
        const std::optional<WhatIfScenario> scenario = WhatIfScenario::find(name);
        if (!scenario) {
            QStringList names;
            for (const WhatIfScenario& saved : WhatIfScenario::saved())
                names << saved.name;
            throw UsageError {names.isEmpty()
                    ? QStringLiteral("--scenario '%1': no what-if is saved yet (show ID --slo-ttft-ms MS "
                                     "--save-scenario NAME saves one).")
                          .arg(name)
                    : QStringLiteral("--scenario '%1' is not saved; the saved ones are: %2.")
                          .arg(name, names.join(QStringLiteral(", ")))};
        }
        s = scenario->applied(s);
    }
    if (p.isSet(QStringLiteral("gpu"))) {
        const QString id = p.value(QStringLiteral("gpu"));
        s.gpu = Catalog::forUser().gpu(id);
        if (!s.gpu)
            throw UsageError {
                QStringLiteral("--gpu '%1' is not in the catalog; kneepoint gpus lists the ids.").arg(id)};
    }
    QString model = p.value(QStringLiteral("model"));
    const bool named = p.isSet(QStringLiteral("model"));
    ResolveOptions options;
    // Reading stored data reaches the network only when asked: a model named with --model may be looked up on the
    // hub (and the note says so); the model a run recorded is looked for in the catalogs and the cache only, so that
    // no served model's name goes to a third party, or a DNS query leaves an offline machine, unannounced.
    options.allowNetwork = named;
    if (named && QFileInfo::exists(model))
        options.configPath = model;
    if (model.isEmpty()) {
        // A run launched on llama.cpp: the GGUF it was started from, if this machine still has it, says more than
        // a catalog entry of the same name (its quantisation).
        model = AnalysisSettings::launchedModelFile(run);
        options.configPath = model;
    }
    if (model.isEmpty() && !s.model) {
        // Not in the built-in catalog: the user's catalog, the hub, or its cache may know the served model.
        model = !run.facts.modelRoot.isEmpty() ? run.facts.modelRoot : run.summary.model;
    }
    if (!model.isEmpty()) {
        const ModelResolution r = ModelResolver::resolve(model, options);
        if (r.model) {
            s.model = r.model;
            if (notes && r.source != ModelResolution::Source::Catalog)
                notes->append(r.sourceDescription() == model
                        ? QStringLiteral("Model geometry from %1.").arg(model)
                        : QStringLiteral("Model geometry of %1 from %2.").arg(model, r.sourceDescription()));
        } else if (named) {
            throw UsageError {QStringLiteral("--model: %1").arg(r.error)};
        } else if (notes) {
            notes->append(ModelResolver::repoIdFromRoot(model).isEmpty()
                    ? r.error
                    : QStringLiteral("%1 is in neither catalog nor the cache, and the Hugging Face hub was not asked: "
                                     "--model %1 asks it (or names a config.json or GGUF file).")
                          .arg(model));
        }
    }
    if (p.isSet(QStringLiteral("tp")))
        s.tensorParallel = option::integer(p, QStringLiteral("tp"), 1, 64);
    auto target = [&p](const char* name, std::optional<double>& field) {
        const QString key = QString::fromLatin1(name);
        if (p.isSet(key))
            field = option::number(p, key, 0, 1e9);
        if (field && *field == 0)
            field.reset(); // 0 clears a target
    };
    target("slo-ttft-ms", s.slo.ttftMs);
    target("slo-tpot-ms", s.slo.tpotMs);
    target("slo-e2el-ms", s.slo.e2elMs);
    target("slo-ttfo-ms", s.slo.ttfoMs);
    if (p.isSet(QStringLiteral("percentile")))
        s.percentile = option::number(p, QStringLiteral("percentile"), 50, 99.9);
    if (p.isSet(QStringLiteral("attainment")))
        s.attainmentTarget = option::number(p, QStringLiteral("attainment"), 1, 100) / 100;
    return s;
}

void printModelNotes(const QCommandLineParser& parser, const QStringList& notes, const QString& command, CommandIo& io)
{
    if (!parser.isSet(QStringLiteral("model")))
        return;
    for (const QString& note : notes)
        io.err << "kneepoint " << command << ": " << note << '\n';
}

// The report the terminal prints, with each flag to try checked against the run's twin as every report's is: a flag
// predicted to cost capacity goes under "Not worth trying" here too.
ReportContent terminalReport(const RunData& run, const RunAnalysis& analysis, const AnalysisSettings& settings)
{
    ReportContent content = ReportContent::of(run, analysis);
    PredictionCache predictions;
    content.predictTryNext(run, settings, &predictions);
    return content;
}

QString runSummaryOf(const RunStore& store, qint64 id)
{
    QString error;
    const std::optional<RunData> run = RunData::load(store, id, &error);
    if (!run)
        return {};
    return TextReport::summary(ReportContent::of(*run, RunAnalysis::of(*run, AnalysisSettings::ofRun(*run))));
}

int printStoredRun(const RunStore& store, qint64 runId, bool json, const QString& headline, const QStringList& notes,
    const QJsonObject& extra, CommandIo& io)
{
    QString error;
    const std::optional<RunData> data = RunData::load(store, runId, &error);
    if (!data) {
        io.err << "kneepoint: " << error << '\n';
        return ExitFailure;
    }
    const AnalysisSettings settings = AnalysisSettings::ofRun(*data);
    const RunAnalysis analysis = RunAnalysis::of(*data, settings);
    if (json) {
        QJsonObject doc = AnalysisJson::of(*data, analysis);
        doc[QStringLiteral("run_id")] = runId;
        doc[QStringLiteral("options")] = data->stored.options;
        doc[QStringLiteral("status")] = runStatusName(data->summary.status);
        doc[QStringLiteral("reason")] = data->summary.statusReason;
        doc[QStringLiteral("notes")] = QJsonArray::fromStringList(notes);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            doc[it.key()] = it.value();
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << headline << "\n\n" << TextReport::write(terminalReport(*data, analysis, settings));
    for (const QString& note : notes)
        io.out << "Note: " << note << '\n';
    io.out << "Stored as run " << runId << " in " << store.path() << "; kneepoint show " << runId << " explains it.\n";
    return ExitOk;
}

int printGate(
    const RunComparison& comparison, const RunSummary& newRun, bool json, const QString& junitPath, CommandIo& io)
{
    const RunGate gate = RunGate::of(comparison, newRun);
    if (!junitPath.isEmpty()) {
        QSaveFile out(junitPath);
        if (!out.open(QIODevice::WriteOnly) || out.write(GateReport::junit(gate)) < 0 || !out.commit()) {
            io.err << "kneepoint: cannot write " << junitPath << ": " << out.errorString() << '\n';
            return ExitFailure;
        }
    }
    if (json) {
        QJsonObject doc = AnalysisText::toJson(comparison);
        QJsonArray checks;
        for (const RunGate::Check& c : gate.checks)
            checks.append(QJsonObject {{QStringLiteral("figure"), c.figure}, {QStringLiteral("a"), c.a},
                {QStringLiteral("b"), c.b}, {QStringLiteral("change"), c.change},
                {QStringLiteral("result"), RunGate::resultName(c.result)}, {QStringLiteral("why"), c.why}});
        doc[QStringLiteral("gate")] = QJsonObject {{QStringLiteral("outcome"), RunGate::outcomeName(gate.outcome)},
            {QStringLiteral("sentence"), gate.sentence}, {QStringLiteral("caveat"), gate.caveat},
            {QStringLiteral("worse"), gate.worse}, {QStringLiteral("better"), gate.better},
            {QStringLiteral("judged"), gate.judged}, {QStringLiteral("checks"), checks}};
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    } else {
        io.out << GateReport::markdown(comparison, gate);
    }
    switch (gate.outcome) {
    case RunGate::Outcome::Pass:
        return ExitOk;
    case RunGate::Outcome::Fail:
        return ExitFailure;
    case RunGate::Outcome::Inconclusive:
        break;
    }
    return ExitInconclusive;
}

} // namespace kp::cli
