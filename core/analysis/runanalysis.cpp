// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/runanalysis.h"

#include "core/analysis/findings.h"
#include "core/analysis/rundata.h"
#include "core/analysis/serveroutage.h"
#include "core/analysis/verdict.h"
#include "core/catalog/catalog.h"
#include "core/catalog/ggufmodel.h"
#include "core/catalog/modelresolver.h"
#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <utility>

namespace kp::core {

AnalysisSettings AnalysisSettings::ofRun(const RunData& run)
{
    AnalysisSettings s;
    s.slo = run.options.slo;
    s.percentile = run.options.percentile;
    s.tensorParallel = run.options.gpuCount;
    const Catalog catalog = Catalog::forUser();
    if (!run.summary.gpu.isEmpty())
        s.gpu = catalog.gpu(run.summary.gpu);
    for (const QString& name : {run.facts.modelRoot, run.summary.model, run.facts.modelId}) {
        if (name.isEmpty())
            continue;
        s.model = catalog.model(name);
        if (s.model)
            break;
    }
    return s;
}

QString AnalysisSettings::launchedModelFile(const RunData& run)
{
    if (run.launch.engine != u"llamacpp")
        return {};
    return GgufModel::recall(run.launch.ggufFile.value_or(QString()), qint64(run.launch.ggufBytes));
}

AnalysisSettings AnalysisSettings::ofRunOffline(const RunData& run)
{
    AnalysisSettings settings = ofRun(run);
    ResolveOptions options;
    options.allowNetwork = false;
    options.configPath = launchedModelFile(run);
    if (!options.configPath.isEmpty() || !settings.model) {
        const QString root = !run.facts.modelRoot.isEmpty() ? run.facts.modelRoot : run.summary.model;
        if (!root.isEmpty() || !options.configPath.isEmpty()) {
            const ModelResolution resolved = ModelResolver::resolve(root, options);
            if (resolved.model)
                settings.model = resolved.model;
        }
    }
    return settings;
}

namespace {

// Whether the run recorded when each answer began: a run stored before Kneepoint told thinking from answer, or
// imported from a tool that does not, has no first answer token anywhere.
bool answersTimed(const RunData& run)
{
    return std::any_of(run.steps.begin(), run.steps.end(),
        [](const StepData& s) { return !s.ttfoSorted.empty() || s.thoughtRequests > 0; });
}

} // namespace

RunAnalysis RunAnalysis::of(const RunData& run, const AnalysisSettings& asked)
{
    RunAnalysis a;
    // A target on the first answer token of a run that did not record it cannot be judged: every request would miss
    // it for want of a time. It is left out, and the verdict says so.
    AnalysisSettings settings = asked;
    const std::optional<double> untimedTtfo
        = settings.slo.ttfoMs && !answersTimed(run) ? std::exchange(settings.slo.ttfoMs, std::nullopt) : std::nullopt;
    a.settings = settings;
    a.curve = LoadCurve::of(run, run.concurrencyCurve(), settings);
    const std::vector<const StepData*> rates = run.phase(Phase::Rate);
    if (!rates.empty())
        a.rateCurve = LoadCurve::of(run, rates, settings);
    // A run that made no concurrency sweep (a trace's replay, its rate steps alone) is judged on its open-loop steps:
    // the baseline's one user would otherwise be its whole curve, its capacity and its verdict.
    if (run.phase(Phase::Concurrency).empty() && !rates.empty())
        a.curve = std::exchange(a.rateCurve, {});
    for (const StepData* s : run.phase(Phase::Shape))
        a.shapes.push_back(LoadCurve::judge(run, *s, settings));
    const double kvBytes = run.facts.cacheDtype.startsWith(u"fp8") ? 1.0 : 2.0;
    a.physics = PhysicsFloors::of(settings.gpu ? &*settings.gpu : nullptr, settings.model ? &*settings.model : nullptr,
        run.inputTokens, run.outputTokens, settings.tensorParallel, kvBytes, run.baseline(), run.roundTripMs);
    a.walls = Walls::of(run, a.curve);
    // A server that went away refuses every request at once, which reads as a server that cannot take the load. The
    // step it went away in is not stored; a run it stopped draws no wall and no advice from the steps before either,
    // and its verdict says first where it stopped answering.
    const std::vector<ServerOutage> outages = ServerOutage::of(run);
    const ServerOutage* stopped = nullptr;
    if (ServerOutage::stoppedTheRun(run)) {
        for (const ServerOutage& o : outages)
            if (o.kind != ServerOutage::Kind::RestartBetweenSteps && !o.cameBack)
                stopped = &o;
        ServerOutage unknown; // stored before the outage could be: where is not known
        a.walls = (stopped ? *stopped : unknown).unjudgedWalls();
    }
    a.trust = TrustChecks::of(run, a.curve, a.physics, settings);
    a.confidence = CapacityConfidence::of(a.curve, a.trust);
    a.verdict = Verdict::of(run, settings, a.curve, a.walls) + a.confidence.sentence();
    if (untimedTtfo)
        a.verdict += QCoreApplication::translate("RunAnalysis",
            " This run did not record when each answer began (it was measured before Kneepoint told a model's thinking "
            "from its answer, or imported), so your target of %1 on the first answer token was not judged.")
                         .arg(text::milliseconds(*untimedTtfo));
    if (stopped)
        a.verdict = stopped->verdict() + u' ' + a.verdict;
    a.findings = Findings::of(run, a);
    if (ServerOutage::stoppedTheRun(run)) {
        for (Finding& f : a.findings)
            f.tryNext.clear();
    }
    // Each outage said where it happened: the one that stopped the run leads the problems, waited-out ones lead the
    // background.
    if (!outages.empty()) {
        QList<Finding> ordered;
        for (const bool problems : {true, false}) {
            for (const ServerOutage& o : outages) {
                Finding f = o.finding();
                if ((f.severity == Finding::Severity::Problem) == problems)
                    ordered.push_back(std::move(f));
            }
            for (const Finding& f : std::as_const(a.findings))
                if ((f.severity == Finding::Severity::Problem) == problems)
                    ordered.push_back(f);
        }
        a.findings = std::move(ordered);
    }
    return a;
}

} // namespace kp::core
