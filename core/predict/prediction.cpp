// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction.h"

#include "analysis/runanalysis.h"
#include "analysis/rundata.h"
#include "common/textformat.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// The highest load whose tails stay within the targets, interpolated on the first that does not; -1 when even the
// first misses, the last load when none does.
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
    if (steps.empty())
        return QCoreApplication::translate("Prediction", "not measured");
    if (users < 0)
        return QCoreApplication::translate("Prediction", "below %1").arg(text::users(steps.front().users, false));
    if (users >= steps.back().users)
        return QCoreApplication::translate("Prediction", "at least %1").arg(text::users(steps.back().users, false));
    return text::users(users >= 10 ? std::floor(users) : std::floor(users * 10) / 10);
}

std::pair<double, double> medianAndWorst(std::vector<double> v)
{
    if (v.empty())
        return {0, 0};
    std::sort(v.begin(), v.end());
    return {(v[v.size() / 2] + v[(v.size() - 1) / 2]) / 2, v.back()};
}

QJsonObject stepJson(const TwinStep& t)
{
    return {{QStringLiteral("ttft_p50_ms"), t.ttftP50Ms}, {QStringLiteral("ttft_p99_ms"), t.ttftP99Ms},
        {QStringLiteral("tpot_p50_ms"), t.tpotP50Ms}, {QStringLiteral("tpot_p99_ms"), t.tpotP99Ms},
        {QStringLiteral("output_tokens_per_s"), t.outputTokensPerSecond}};
}

QJsonObject configJson(const BatchEngine::Config& c)
{
    return {{QStringLiteral("max_num_seqs"), c.maxNumSeqs},
        {QStringLiteral("max_num_batched_tokens"), c.maxNumBatchedTokens},
        {QStringLiteral("num_gpu_blocks"), c.numGpuBlocks}};
}

} // namespace

const QStringList& Prediction::modelled()
{
    static const QStringList keys {QStringLiteral("max-num-seqs"), QStringLiteral("parallel"),
        QStringLiteral("max-num-batched-tokens"), QStringLiteral("num-gpu-blocks")};
    return keys;
}

const QStringList& Prediction::notModelledSettings()
{
    static const QStringList keys {QStringLiteral("enable-prefix-caching"), QStringLiteral("enable-chunked-prefill"),
        QStringLiteral("tensor-parallel-size"), QStringLiteral("kv-cache-dtype"), QStringLiteral("quantization")};
    return keys;
}

bool Prediction::apply(BatchEngine::Config& engine, const QString& setting, QStringList* notModelled, QString* error)
{
    const QString key = setting.section(u'=', 0, 0).trimmed().remove(QStringLiteral("--"));
    const QString value = setting.section(u'=', 1).trimmed();
    if (notModelledSettings().contains(key)) {
        notModelled->append(key);
        return true;
    }
    if (!modelled().contains(key)) {
        *error = QStringLiteral("the twin takes %1 (and says 'not modelled' for %2), not '%3'.")
                     .arg(modelled().join(u", "), notModelledSettings().join(u", "), setting);
        return false;
    }
    bool ok = false;
    const int v = value.toInt(&ok);
    if (!ok || v < 1) {
        *error = QStringLiteral("%1 takes a whole number above 0, not '%2'.").arg(key, value);
        return false;
    }
    if (key == u"max-num-seqs" || key == u"parallel")
        engine.maxNumSeqs = v;
    else if (key == u"max-num-batched-tokens")
        engine.maxNumBatchedTokens = v;
    else
        engine.numGpuBlocks = v;
    return true;
}

std::optional<Prediction> Prediction::of(const RunData& run, const AnalysisSettings& settings,
    const PredictionRequest& request, QString* error, std::optional<TwinFit>* fitted)
{
    if (!settings.model) {
        *error = QStringLiteral("the twin needs the model's geometry, and the run's model is not known here: name it "
                                "with --model (a catalog id, a Hugging Face id, a config.json or a GGUF file).");
        return std::nullopt;
    }
    const RunAnalysis analysis = RunAnalysis::of(run, settings);
    Prediction p;
    p.runId = run.run.summary.id;
    p.measured = ServerTwin::measured(run, analysis);
    if (p.measured.size() < 2) {
        *error = QStringLiteral("the run has %1 concurrency step(s) with TTFT and TPOT; the twin is fitted to two or "
                                "more.")
                     .arg(p.measured.size());
        return std::nullopt;
    }
    p.base = ServerTwin::engineOf(run, analysis);
    for (const QString& s : request.base)
        if (!apply(p.base, s, &p.notModelled, error))
            return std::nullopt;
    p.changed = p.base;
    for (const QString& s : request.set)
        if (!apply(p.changed, s, &p.notModelled, error))
            return std::nullopt;
    const ServerTwin twin(settings.gpu, *settings.model, p.base);
    p.gpuName = twin.gpu().name;
    p.gpuId = twin.gpu().id;
    const int input = run.inputTokens, output = run.outputTokens;
    std::vector<TwinStep> steps = p.measured;
    if (!request.fitUsers.isEmpty()) {
        steps.erase(std::remove_if(steps.begin(), steps.end(),
                        [&request](const TwinStep& t) { return !request.fitUsers.contains(t.users); }),
            steps.end());
        if (steps.size() < 2) {
            *error = QStringLiteral("the loads to fit to name fewer than two of the run's steps.");
            return std::nullopt;
        }
    }
    if (fitted && *fitted) {
        p.fit = **fitted;
    } else {
        p.fit = twin.fit(steps, input, output);
        if (p.fit.interrupted) {
            *error = QStringLiteral("stopped before the twin was fitted.");
            return std::nullopt;
        }
        if (fitted)
            *fitted = p.fit;
    }
    for (const TwinStep& m : p.measured) {
        p.replay.push_back(twin.simulate(p.base, p.fit, m.users, input, output, m.requests));
        p.predicted.push_back(twin.simulate(p.changed, p.fit, m.users, input, output, m.requests));
    }
    p.capacityMeasured = capacityOf(p.measured, settings);
    p.capacityPredicted = capacityOf(p.predicted, settings);
    if (request.against) {
        const RunData& other = *request.against;
        p.againstId = other.run.summary.id;
        AnalysisSettings otherSettings = AnalysisSettings::ofRun(other);
        otherSettings.slo = settings.slo;
        otherSettings.percentile = settings.percentile;
        for (const TwinStep& t : ServerTwin::measured(other, RunAnalysis::of(other, otherSettings))) {
            const auto at = std::find_if(
                p.predicted.begin(), p.predicted.end(), [&t](const TwinStep& q) { return q.users == t.users; });
            const TwinStep guess
                = at != p.predicted.end() ? *at : twin.simulate(p.changed, p.fit, t.users, input, output, t.requests);
            p.checks.push_back({t.users, t.ttftP99Ms, ServerTwin::error(guess.ttftP99Ms, t.ttftP99Ms),
                t.outputTokensPerSecond, ServerTwin::error(guess.outputTokensPerSecond, t.outputTokensPerSecond)});
        }
    }
    return p;
}

std::pair<double, double> Prediction::ttftErrors() const
{
    std::vector<double> v;
    for (const Check& c : checks)
        v.push_back(c.ttftError);
    return medianAndWorst(v);
}

std::pair<double, double> Prediction::throughputErrors() const
{
    std::vector<double> v;
    for (const Check& c : checks)
        v.push_back(c.throughputError);
    return medianAndWorst(v);
}

std::pair<double, double> Prediction::capacitiesUnder(const AnalysisSettings& settings) const
{
    return {capacityOf(measured, settings), capacityOf(predicted, settings)};
}

QString Prediction::gainSentence(const AnalysisSettings& settings) const
{
    const auto [was, would] = capacitiesUnder(settings);
    return QCoreApplication::translate("Prediction",
        "The twin predicts capacity %1 → %2 at these targets (its error on this run: %3 at the median, %4 at worst)")
        .arg(capacityText(was, measured), capacityText(would, predicted), text::percent(fit.medianError),
            text::percent(fit.worstError));
}

QJsonObject Prediction::toJson() const
{
    QJsonArray steps;
    for (std::size_t i = 0; i < measured.size(); ++i)
        steps.append(QJsonObject {{QStringLiteral("users"), measured[i].users},
            {QStringLiteral("measured"), stepJson(measured[i])},
            {QStringLiteral("twin_as_measured"), stepJson(replay[i])},
            {QStringLiteral("predicted"), stepJson(predicted[i])}});
    QJsonObject doc {{QStringLiteral("run_id"), runId}, {QStringLiteral("base"), configJson(base)},
        {QStringLiteral("set"), configJson(changed)}, {QStringLiteral("gpu"), gpuId},
        {QStringLiteral("fit"),
            QJsonObject {{QStringLiteral("bandwidth_efficiency"), fit.bandwidthEfficiency},
                {QStringLiteral("compute_efficiency"), fit.computeEfficiency},
                {QStringLiteral("step_overhead_ms"), fit.overheadMs},
                {QStringLiteral("ttft_offset_ms"), fit.ttftOffsetMs}, {QStringLiteral("ttft_tail_ms"), fit.ttftTailMs},
                {QStringLiteral("median_error"), fit.medianError}, {QStringLiteral("worst_error"), fit.worstError}}},
        {QStringLiteral("steps"), steps}, {QStringLiteral("capacity_measured"), capacityMeasured},
        {QStringLiteral("capacity_predicted"), capacityPredicted},
        {QStringLiteral("not_modelled"), QJsonArray::fromStringList(notModelled)}};
    if (!checks.empty()) {
        QJsonArray list;
        for (const Check& c : checks)
            list.append(
                QJsonObject {{QStringLiteral("users"), c.users}, {QStringLiteral("ttft_p99_error"), c.ttftError},
                    {QStringLiteral("output_tokens_per_s_error"), c.throughputError}});
        doc[QStringLiteral("against")] = QJsonObject {{QStringLiteral("run_id"), againstId},
            {QStringLiteral("steps"), list}, {QStringLiteral("ttft_p99_error_median"), ttftErrors().first},
            {QStringLiteral("ttft_p99_error_worst"), ttftErrors().second},
            {QStringLiteral("output_tokens_per_s_error_median"), throughputErrors().first},
            {QStringLiteral("output_tokens_per_s_error_worst"), throughputErrors().second}};
    }
    return doc;
}

QString Prediction::text() const
{
    QString out;
    out += QStringLiteral("Twin of run %1 on %2: %3% of its bandwidth peak, %4% of its compute peak, %5 ms a step; %6 "
                          "ms outside the engine on every TTFT, %7 ms more at its tail.\n")
               .arg(runId)
               .arg(gpuName)
               .arg(fit.bandwidthEfficiency * 100, 0, 'g', 3)
               .arg(fit.computeEfficiency * 100, 0, 'g', 3)
               .arg(fit.overheadMs, 0, 'g', 3)
               .arg(fit.ttftOffsetMs, 0, 'g', 3)
               .arg(fit.ttftTailMs, 0, 'g', 3);
    out += QStringLiteral("Its error on the run's own steps (TTFT p99 and throughput): %1 at the median, %2 at worst. "
                          "Read every prediction with that margin.\n")
               .arg(text::percent(fit.medianError), text::percent(fit.worstError));
    out += QStringLiteral("As measured: max-num-seqs %1, max-num-batched-tokens %2, KV cache %3 blocks. Predicted: "
                          "max-num-seqs %4, max-num-batched-tokens %5, KV cache %6 blocks.\n\n")
               .arg(base.maxNumSeqs)
               .arg(base.maxNumBatchedTokens)
               .arg(base.numGpuBlocks)
               .arg(changed.maxNumSeqs)
               .arg(changed.maxNumBatchedTokens)
               .arg(changed.numGpuBlocks);
    out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("users"), -6)
               .arg(QStringLiteral("TTFT p99 measured"), 18)
               .arg(QStringLiteral("predicted"), 10)
               .arg(QStringLiteral("TPOT p99 measured"), 18)
               .arg(QStringLiteral("predicted"), 10)
               .arg(QStringLiteral("tok/s measured"), 15)
               .arg(QStringLiteral("predicted"), 10);
    for (std::size_t i = 0; i < measured.size(); ++i) {
        out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                   .arg(measured[i].users, -6)
                   .arg(text::number(measured[i].ttftP99Ms), 18)
                   .arg(text::number(predicted[i].ttftP99Ms), 10)
                   .arg(text::number(measured[i].tpotP99Ms), 18)
                   .arg(text::number(predicted[i].tpotP99Ms), 10)
                   .arg(text::number(measured[i].outputTokensPerSecond, 0), 15)
                   .arg(text::number(predicted[i].outputTokensPerSecond, 0), 10);
    }
    out += QStringLiteral("\nCapacity at the run's targets: %1 measured, %2 predicted (the twin's error: %3 at the "
                          "median).\n")
               .arg(capacityText(capacityMeasured, measured), capacityText(capacityPredicted, predicted),
                   text::percent(fit.medianError));
    if (!checks.empty()) {
        out += QStringLiteral("\nAgainst run %1, measured with those settings:\n").arg(againstId);
        for (const Check& c : checks)
            out += QStringLiteral("  %1 users: TTFT p99 %2 measured, off by %3; throughput %4 measured, off by %5\n")
                       .arg(c.users)
                       .arg(text::number(c.ttftP99Ms), text::percent(c.ttftError),
                           text::number(c.outputTokensPerSecond, 0), text::percent(c.throughputError));
        out += QStringLiteral("  Prediction error: TTFT p99 %1 median, %2 worst; throughput %3 median, %4 worst.\n")
                   .arg(text::percent(ttftErrors().first), text::percent(ttftErrors().second),
                       text::percent(throughputErrors().first), text::percent(throughputErrors().second));
    }
    for (const QString& key : notModelled)
        out += QStringLiteral("%1: not modelled by the twin; measure it.\n").arg(key);
    return out;
}

} // namespace kp::core
