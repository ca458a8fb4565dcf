// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/predict/prediction.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// The highest load whose tails at the settings' percentile stay within the targets, interpolated on the first that
// does not; -1 when even the first misses, the last load when none does.
double capacityOf(const std::vector<TwinStep>& steps, const AnalysisSettings& s)
{
    const double q = s.percentile;
    const auto over = [](double v, const std::optional<double>& target) { return target && v > *target; };
    const auto misses = [&](const TwinStep& t) {
        return over(t.ttftAt(q), s.slo.ttftMs) || over(t.tpotAt(q), s.slo.tpotMs) || over(t.e2elAt(q), s.slo.e2elMs);
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
        cross(a.ttftAt(q), b.ttftAt(q), s.slo.ttftMs);
        cross(a.tpotAt(q), b.tpotAt(q), s.slo.tpotMs);
        cross(a.e2elAt(q), b.e2elAt(q), s.slo.e2elMs);
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

// A capacity as a number a ratio can be taken of: below the lowest load reads as that load (a bound from above),
// none missing as the highest (from below).
double boundOf(double users, const std::vector<TwinStep>& steps)
{
    return users < 0 ? steps.front().users : users;
}

bool atLeast(double users, const std::vector<TwinStep>& steps)
{
    return !steps.empty() && users >= steps.back().users;
}

QString errorPair(const TwinError& e)
{
    return QCoreApplication::translate("Prediction", "%1 median, %2 worst")
        .arg(text::percent(e.median), text::percent(e.worst));
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
    p.runId = run.summary.id;
    p.measured = ServerTwin::measured(run, analysis);
    if (p.measured.size() < 2) {
        *error = QStringLiteral("the run has %1 concurrency step(s) with TTFT and TPOT; the twin is fitted to two or "
                                "more.")
                     .arg(p.measured.size());
        return std::nullopt;
    }
    p.base = ServerTwin::engineOf(run, analysis, &p.baseSources);
    for (const QString& s : request.base) {
        if (!apply(p.base, s, &p.notModelled, error))
            return std::nullopt;
        // What --base names is neither measured nor assumed any more.
        const QString key = s.section(u'=', 0, 0).trimmed().remove(QStringLiteral("--"));
        const QString name = key == u"parallel" ? QStringLiteral("max-num-seqs") : key;
        for (QStringList* list : {&p.baseSources.reported, &p.baseSources.observed, &p.baseSources.assumed})
            list->erase(std::remove_if(list->begin(), list->end(),
                            [&name](const QString& line) {
                                return line.startsWith(name + u' ')
                                    || (name == u"num-gpu-blocks" && line.startsWith(QStringLiteral("KV cache")));
                            }),
                list->end());
        p.baseSources.reported << QStringLiteral("%1 (given with --base)").arg(s.trimmed());
    }
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
    p.capacityReplayed = capacityOf(p.replay, settings);
    p.capacityPredicted = capacityOf(p.predicted, settings);
    p.advice = p.adviceUnder(settings, analysis.curve.capacity);
    if (request.against) {
        const RunData& other = *request.against;
        p.againstId = other.summary.id;
        AnalysisSettings otherSettings = AnalysisSettings::ofRun(other);
        otherSettings.slo = settings.slo;
        otherSettings.percentile = settings.percentile;
        for (const TwinStep& t : ServerTwin::measured(other, RunAnalysis::of(other, otherSettings))) {
            const auto at = std::find_if(
                p.predicted.begin(), p.predicted.end(), [&t](const TwinStep& q) { return q.users == t.users; });
            const TwinStep guess
                = at != p.predicted.end() ? *at : twin.simulate(p.changed, p.fit, t.users, input, output, t.requests);
            p.checks.push_back({t.users, t.ttftP99Ms, ServerTwin::error(guess.ttftP99Ms, t.ttftP99Ms), t.tpotP99Ms,
                ServerTwin::error(guess.tpotP99Ms, t.tpotP99Ms), t.outputTokensPerSecond,
                ServerTwin::error(guess.outputTokensPerSecond, t.outputTokensPerSecond)});
        }
    }
    return p;
}

TwinError Prediction::ttftErrors() const
{
    std::vector<double> v;
    for (const Check& c : checks)
        v.push_back(c.ttftError);
    return TwinError::of(v);
}

TwinError Prediction::tpotErrors() const
{
    std::vector<double> v;
    for (const Check& c : checks)
        v.push_back(c.tpotError);
    return TwinError::of(v);
}

TwinError Prediction::throughputErrors() const
{
    std::vector<double> v;
    for (const Check& c : checks)
        v.push_back(c.throughputError);
    return TwinError::of(v);
}

Prediction::Capacities Prediction::capacitiesUnder(const AnalysisSettings& settings) const
{
    return {capacityOf(measured, settings), capacityOf(replay, settings), capacityOf(predicted, settings)};
}

double Prediction::capacityError(const AnalysisSettings& settings) const
{
    // An end-to-end target is set by both: the wait for the first token and the tokens after it.
    const bool ttft = settings.slo.ttftMs || settings.slo.e2elMs;
    const bool tpot = settings.slo.tpotMs || settings.slo.e2elMs;
    if (!ttft && !tpot)
        return std::numeric_limits<double>::quiet_NaN();
    return std::max(ttft ? fit.ttftP99Error.median : 0.0, tpot ? fit.tpotP99Error.median : 0.0);
}

QString Prediction::errorText() const
{
    return QCoreApplication::translate("Prediction", "TTFT p99 %1; TPOT p99 %2; throughput %3")
        .arg(errorPair(fit.ttftP99Error), errorPair(fit.tpotP99Error), errorPair(fit.throughputError));
}

Prediction::Advice Prediction::adviceUnder(const AnalysisSettings& settings, const Capacity& shown) const
{
    Advice a;
    const Capacities c = capacitiesUnder(settings);
    a.twinFrom = capacityText(c.replayed, replay);
    a.twinTo = capacityText(c.predicted, predicted);
    a.error = capacityError(settings);
    // The twin's change, between its own two curves: both at least the highest load, or both below the lowest, is
    // no change it can see; a bound on one side makes the change a bound too (at least a fall from the highest
    // load, at least a rise to it), which is the side that matters.
    if (!replay.empty() && !predicted.empty()) {
        const bool bothAbove = atLeast(c.replayed, replay) && atLeast(c.predicted, predicted);
        const bool bothBelow = c.replayed < 0 && c.predicted < 0;
        a.change = bothAbove || bothBelow ? 0.0 : boundOf(c.predicted, predicted) / boundOf(c.replayed, replay) - 1;
    }
    // From the capacity on screen, moved by that change.
    const double users = shown.shown();
    switch (shown.bound) {
    case Capacity::Bound::Between:
        a.from = text::users(users);
        break;
    case Capacity::Bound::AtLeast:
        a.from = QCoreApplication::translate("Prediction", "at least %1").arg(text::users(users, false));
        break;
    case Capacity::Bound::Below:
        a.from = QCoreApplication::translate("Prediction", "below %1").arg(text::users(users, false));
        break;
    case Capacity::Bound::None:
        a.from = capacityText(c.measured, measured);
        break;
    }
    if (std::isnan(a.change) || shown.bound == Capacity::Bound::None || shown.bound == Capacity::Bound::Below) {
        a.to = a.twinTo; // nothing on screen to move: the twin's own figure
    } else {
        const double moved = shown.load * (1 + a.change);
        const double rounded = moved >= 10 ? std::floor(moved) : std::floor(moved * 10) / 10;
        a.to = atLeast(c.predicted, predicted)
            ? QCoreApplication::translate("Prediction", "at least %1").arg(text::users(rounded, false))
            : c.predicted < 0
            ? QCoreApplication::translate("Prediction", "below %1").arg(text::users(predicted.front().users, false))
            : text::users(rounded);
    }
    if (std::isnan(a.change) || std::isnan(a.error))
        a.kind = Advice::Kind::Unknown;
    else if (a.change < -a.error)
        a.kind = Advice::Kind::Loss;
    else if (a.change > a.error)
        a.kind = Advice::Kind::Gain;
    else
        a.kind = Advice::Kind::WithinError;
    const QString change = std::isnan(a.change) ? QString() : text::change(100 * a.change);
    const QString errors = errorText();
    switch (a.kind) {
    case Advice::Kind::Loss:
        a.sentence = QCoreApplication::translate("Prediction",
            "Not worth trying: the twin predicts capacity %1 → %2 at these targets (%3, the twin itself %4 → %5), a "
            "fall beyond its %6 error on the figures that set the capacity (its error on this run: %7)")
                         .arg(a.from, a.to, change, a.twinFrom, a.twinTo, text::percent(a.error), errors);
        break;
    case Advice::Kind::Gain:
        a.sentence = QCoreApplication::translate("Prediction",
            "The twin predicts capacity %1 → %2 at these targets (%3, the twin itself %4 → %5), a rise beyond its %6 "
            "error on the figures that set the capacity (its error on this run: %7)")
                         .arg(a.from, a.to, change, a.twinFrom, a.twinTo, text::percent(a.error), errors);
        break;
    case Advice::Kind::WithinError:
        a.sentence = QCoreApplication::translate("Prediction",
            "The twin predicts capacity %1 → %2 at these targets (%3, the twin itself %4 → %5), within its %6 error "
            "on the figures that set the capacity: only a measurement tells (its error on this run: %7)")
                         .arg(a.from, a.to, change, a.twinFrom, a.twinTo, text::percent(a.error), errors);
        break;
    case Advice::Kind::Unknown:
        a.sentence = QCoreApplication::translate("Prediction",
            "The twin predicts capacity %1 → %2, but no latency target sets a capacity it can hold its error "
            "against (its error on this run: %3)")
                         .arg(a.from, a.to, errors);
        break;
    }
    return a;
}

namespace {

QJsonObject errorJson(const TwinError& e)
{
    return {
        {QStringLiteral("median"), e.median}, {QStringLiteral("worst"), e.worst}, {QStringLiteral("steps"), e.steps}};
}

} // namespace

QJsonObject Prediction::toJson() const
{
    QJsonArray steps;
    for (std::size_t i = 0; i < measured.size(); ++i)
        steps.append(QJsonObject {{QStringLiteral("users"), measured[i].users},
            {QStringLiteral("measured"), stepJson(measured[i])},
            {QStringLiteral("twin_as_measured"), stepJson(replay[i])},
            {QStringLiteral("predicted"), stepJson(predicted[i])}});
    QJsonObject doc {{QStringLiteral("run_id"), runId}, {QStringLiteral("base"), configJson(base)},
        {QStringLiteral("base_sources"),
            QJsonObject {{QStringLiteral("reported"), QJsonArray::fromStringList(baseSources.reported)},
                {QStringLiteral("observed"), QJsonArray::fromStringList(baseSources.observed)},
                {QStringLiteral("assumed"), QJsonArray::fromStringList(baseSources.assumed)}}},
        {QStringLiteral("set"), configJson(changed)}, {QStringLiteral("gpu"), gpuId},
        {QStringLiteral("fit"),
            QJsonObject {{QStringLiteral("bandwidth_efficiency"), fit.bandwidthEfficiency},
                {QStringLiteral("compute_efficiency"), fit.computeEfficiency},
                {QStringLiteral("step_overhead_ms"), fit.overheadMs},
                {QStringLiteral("ttft_offset_ms"), fit.ttftOffsetMs}, {QStringLiteral("ttft_tail_ms"), fit.ttftTailMs},
                {QStringLiteral("error"),
                    QJsonObject {{QStringLiteral("ttft_p99"), errorJson(fit.ttftP99Error)},
                        {QStringLiteral("tpot_p99"), errorJson(fit.tpotP99Error)},
                        {QStringLiteral("output_tokens_per_s"), errorJson(fit.throughputError)}}}}},
        {QStringLiteral("steps"), steps}, {QStringLiteral("capacity_measured"), capacityMeasured},
        {QStringLiteral("capacity_replayed"), capacityReplayed},
        {QStringLiteral("capacity_predicted"), capacityPredicted},
        {QStringLiteral("advice"),
            QJsonObject {{QStringLiteral("kind"),
                             advice.kind == Advice::Kind::Gain              ? QStringLiteral("gain")
                                 : advice.kind == Advice::Kind::Loss        ? QStringLiteral("loss")
                                 : advice.kind == Advice::Kind::WithinError ? QStringLiteral("within_error")
                                                                            : QStringLiteral("unknown")},
                {QStringLiteral("from"), advice.from}, {QStringLiteral("to"), advice.to},
                {QStringLiteral("change"), std::isnan(advice.change) ? QJsonValue() : QJsonValue(advice.change)},
                {QStringLiteral("error"), std::isnan(advice.error) ? QJsonValue() : QJsonValue(advice.error)},
                {QStringLiteral("sentence"), advice.sentence}}},
        {QStringLiteral("not_modelled"), QJsonArray::fromStringList(notModelled)}};
    if (!checks.empty()) {
        QJsonArray list;
        for (const Check& c : checks)
            list.append(QJsonObject {{QStringLiteral("users"), c.users},
                {QStringLiteral("ttft_p99_error"), c.ttftError}, {QStringLiteral("tpot_p99_error"), c.tpotError},
                {QStringLiteral("output_tokens_per_s_error"), c.throughputError}});
        doc[QStringLiteral("against")]
            = QJsonObject {{QStringLiteral("run_id"), againstId}, {QStringLiteral("steps"), list},
                {QStringLiteral("error"),
                    QJsonObject {{QStringLiteral("ttft_p99"), errorJson(ttftErrors())},
                        {QStringLiteral("tpot_p99"), errorJson(tpotErrors())},
                        {QStringLiteral("output_tokens_per_s"), errorJson(throughputErrors())}}}};
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
    out += QStringLiteral("Its error on the run's own steps, per figure: %1. Read every prediction with that margin.\n")
               .arg(errorText());
    // Which of the measured settings the server said, which the run showed, and which are only assumed.
    if (!baseSources.reported.isEmpty())
        out += QStringLiteral("The server reports: %1.\n").arg(baseSources.reported.join(QStringLiteral("; ")));
    if (!baseSources.observed.isEmpty())
        out += QStringLiteral("The run showed: %1.\n").arg(baseSources.observed.join(QStringLiteral("; ")));
    if (!baseSources.assumed.isEmpty())
        out += QStringLiteral("Assumed, for nothing measured says it: %1. Name it with --base if you know it.\n")
                   .arg(baseSources.assumed.join(QStringLiteral("; ")));
    out += QStringLiteral("Predicted: max-num-seqs %1, max-num-batched-tokens %2, KV cache %3 blocks.\n\n")
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
    // The run's capacity as its report shows it, moved by the twin's own change: the same "from → to" as the
    // report's advice.
    out += QStringLiteral("\nCapacity at the run's targets, measured %1: %2.\n").arg(advice.from, advice.sentence);
    if (!checks.empty()) {
        out += QStringLiteral("\nAgainst run %1, measured with those settings:\n").arg(againstId);
        for (const Check& c : checks)
            out += QStringLiteral("  %1 users: TTFT p99 %2 measured, off by %3; TPOT p99 %4 measured, off by %5; "
                                  "throughput %6 measured, off by %7\n")
                       .arg(c.users)
                       .arg(text::number(c.ttftP99Ms), text::percent(c.ttftError), text::number(c.tpotP99Ms),
                           text::percent(c.tpotError), text::number(c.outputTokensPerSecond, 0),
                           text::percent(c.throughputError));
        out += QStringLiteral("  Prediction error: TTFT p99 %1; TPOT p99 %2; throughput %3.\n")
                   .arg(errorPair(ttftErrors()), errorPair(tpotErrors()), errorPair(throughputErrors()));
    }
    for (const QString& key : notModelled)
        out += QStringLiteral("%1: not modelled by the twin; measure it.\n").arg(key);
    return out;
}

} // namespace kp::core
