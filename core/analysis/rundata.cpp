// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/rundata.h"

#include "core/common/textformat.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace kp::core {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A data set whose lines do not give their sizes: the mean prompt length the server counted (usage.prompt_tokens)
// of the step's answered requests; 0 when the server sent no usage either.
int measuredPromptTokens(const RecordSource& records)
{
    qint64 sum = 0;
    qint64 n = 0;
    records([&](const RequestRecord& r) {
        if (r.ok() && r.promptTokens > 0) {
            sum += r.promptTokens;
            ++n;
        }
    });
    return n > 0 ? int(std::lround(double(sum) / double(n))) : 0;
}

// Agents' fan-outs: a closed-loop user's requests sent at one moment are one stage of sub-calls (they share their
// scheduled time, LoadWorker::issueStage). Each one's join is its last answer, timed from that moment.
void collectFanOuts(StepData& d, const RecordSource& records, double roundTripMs, double scale)
{
    if (d.concurrency <= 0)
        return;
    struct Stage
    {
        std::int64_t endNs = 0;
        std::vector<double> e2elMs;
    };
    std::map<std::pair<int, std::int64_t>, Stage> stages;
    records([&](const RequestRecord& r) {
        if (r.warmup || !r.ok() || !d.stats.latencySample.contains(r) || r.scheduledNs < 0)
            return;
        Stage& s = stages[{r.user, r.scheduledNs}];
        s.endNs = std::max(s.endNs, r.endNs);
        if (const std::optional<double> e2el = RequestLatencies::of(r).e2elMs)
            s.e2elMs.push_back(RunData::serverTimeMs(*e2el, roundTripMs, scale));
    });
    for (const auto& [key, s] : stages) {
        if (s.e2elMs.size() < 2)
            continue;
        d.widestFanOut = std::max(d.widestFanOut, int(s.e2elMs.size()));
        d.fanOutJoinMsSorted.push_back(RunData::serverTimeMs(double(s.endNs - key.second) / 1e6, roundTripMs, scale));
        d.subCallE2elMsSorted.insert(d.subCallE2elMsSorted.end(), s.e2elMs.begin(), s.e2elMs.end());
    }
    std::sort(d.fanOutJoinMsSorted.begin(), d.fanOutJoinMsSorted.end());
    std::sort(d.subCallE2elMsSorted.begin(), d.subCallE2elMsSorted.end());
}

StepData prepare(const StoredStep& stored, const RecordSource& records, const std::vector<StoredMetricsSample>& samples,
    double scale, double roundTripMs, int input, int output, const ModelMix& models)
{
    StepData d;
    d.id = stored.id;
    d.phase = stored.info.phase;
    d.index = stored.info.index;
    d.startNs = stored.info.startNs;
    d.cancelled = stored.info.cancelled;
    const QJsonObject& load = stored.info.load;
    if (load.contains(u"rate"))
        d.rate = load.value(u"rate").toDouble();
    else
        d.concurrency = load.value(u"concurrency").toInt(1);
    d.probe = load.value(u"probe").toInt(0);
    d.remeasure = load.value(u"remeasure").toBool();
    d.inputTokens = load.value(u"input").toInt(input);
    d.outputTokens = load.value(u"output").toInt(output);
    if (d.inputTokens <= 0)
        d.inputTokens = measuredPromptTokens(records);
    d.clientCpuSeconds = stored.info.client.value(u"cpu_seconds").toDouble(-1);
    d.loadAverage = stored.info.client.value(u"load_average_1m").toDouble(-1);
    d.busiestThreadCpuShare = stored.info.client.value(u"busiest_thread_cpu_share").toDouble(-1);
    d.loopLagP99Ms = stored.info.client.value(u"loop_lag_p99_ms").toDouble(-1);
    d.resentAfterClose = stored.info.client.value(u"resent_after_close").toInt(0);
    d.datasetLinesResent = load.value(u"dataset_lines_resent").toInt(0);
    d.datasetLines = load.value(u"dataset_lines").toInt(0);
    if (!load.value(u"history_uncached").toBool())
        d.conversations = ConversationShape::fromJson(load.value(u"conversations").toObject());
    if (load.value(u"trace").isString())
        d.trace = StepData::TraceReplay {load.value(u"trace").toString(), load.value(u"trace_format").toString(),
            load.value(u"trace_speed").toDouble(1), load.value(u"trace_start_s").toDouble(0),
            load.value(u"trace_span_s").toDouble(0), load.value(u"trace_requests").toInt(0)};
    d.wallSeconds
        = stored.info.client.value(u"wall_seconds").toDouble(double(stored.info.endNs - stored.info.startNs) / 1e9);
    d.stats = StepStatistics::fromSource(records, {}, d.concurrency);
    d.gpuSeries = GpuSeries::fromJson(stored.info.gpu);
    d.gpu = d.stats.window.usable ? d.gpuSeries.window(d.stats.window.startNs, d.stats.window.endNs)
                                  : d.gpuSeries.window(stored.info.startNs, stored.info.endNs);
    d.server = ServerDeltas::of(samples, d.stats.window.startNs, d.stats.window.endNs);
    d.samples.reserve(samples.size());
    for (const StoredMetricsSample& s : samples)
        d.samples.push_back(MetricsSample::fromJson(s.values));

    // StepStatistics' definitions, per request, so that goodput can be judged again under any targets. A successful
    // request that lacks a time (no token came) keeps NaN there and meets no target on it.
    // The round trip is real time: only the part beyond it ran on the simulator's faster clock.
    auto withNetwork = [roundTripMs, scale](const std::optional<double>& v) {
        return v ? RunData::serverTimeMs(*v, roundTripMs, scale) : kNaN;
    };
    d.requests.reserve(std::size_t(d.stats.latencySample.succeeded));
    std::vector<int> prefilled;
    const auto modelOf = [&d](const QString& name) -> StepData::ModelRequests& {
        for (StepData::ModelRequests& m : d.byModel) {
            if (m.model == name)
                return m;
        }
        d.byModel.push_back({name, 0, 0, 0, {}, {}});
        return d.byModel.back();
    };
    for (const ModelMix::Share& share : models.shares)
        modelOf(share.model);
    records([&](const RequestRecord& r) {
        if (!r.model.isEmpty() && !r.warmup && !r.ok())
            ++modelOf(r.model).failed;
        if (r.warmup || !r.ok() || !d.stats.latencySample.contains(r))
            return;
        if (r.promptTokens > 0)
            prefilled.push_back(r.promptTokens - std::clamp(r.cachedTokens, 0, r.promptTokens));
        const RequestLatencies l = RequestLatencies::of(r);
        d.requests.push_back({withNetwork(l.ttftMs), l.tpotMs ? *l.tpotMs * scale : kNaN, withNetwork(l.e2elMs),
            withNetwork(l.ttfoMs), r.model});
        d.thoughtRequests += r.reasoningTokens >= 0 ? 1 : 0;
        if (!r.model.isEmpty()) {
            StepData::ModelRequests& m = modelOf(r.model);
            ++m.succeeded;
            m.outputTokens += r.outputTokens();
            if (!std::isnan(d.requests.back().ttftMs))
                m.ttftSorted.push_back(d.requests.back().ttftMs);
            if (!std::isnan(d.requests.back().tpotMs))
                m.tpotSorted.push_back(d.requests.back().tpotMs);
        }
    });
    // A model of the mix that no request of the step reached is left out: a step too short to deal every share.
    std::erase_if(d.byModel, [](const StepData::ModelRequests& m) { return m.succeeded == 0 && m.failed == 0; });
    for (StepData::ModelRequests& m : d.byModel) {
        std::sort(m.ttftSorted.begin(), m.ttftSorted.end());
        std::sort(m.tpotSorted.begin(), m.tpotSorted.end());
    }
    for (const RequestTimes& t : d.requests) {
        for (const auto& [value, sorted] : {std::pair {t.ttftMs, &d.ttftSorted}, std::pair {t.tpotMs, &d.tpotSorted},
                 std::pair {t.e2elMs, &d.e2elSorted}, std::pair {t.ttfoMs, &d.ttfoSorted}})
            if (!std::isnan(value))
                sorted->push_back(value);
    }
    if (!prefilled.empty()) {
        std::nth_element(prefilled.begin(), prefilled.begin() + std::ptrdiff_t(prefilled.size() / 2), prefilled.end());
        d.prefilledTokensMedian = prefilled[prefilled.size() / 2];
    }
    std::sort(d.ttftSorted.begin(), d.ttftSorted.end());
    std::sort(d.tpotSorted.begin(), d.tpotSorted.end());
    std::sort(d.e2elSorted.begin(), d.e2elSorted.end());
    std::sort(d.ttfoSorted.begin(), d.ttfoSorted.end());
    if (d.conversations.fanOuts > 0)
        collectFanOuts(d, records, roundTripMs, scale);
    return d;
}

void readRunLevel(RunData& data, const StoredRun& run)
{
    data.summary = run.summary;
    for (auto [own, recorded] :
        {std::pair {&data.summary.url, &run.info.url}, std::pair {&data.summary.model, &run.info.model},
            std::pair {&data.summary.gpu, &run.info.gpu}, std::pair {&data.summary.product, &run.info.product}}) {
        if (own->isEmpty())
            *own = *recorded;
    }
    data.stored = {run.info.options, run.info.facts, run.info.environment};
    data.facts = ServerFacts::fromJson(run.info.facts);
    data.prefixCacheResets = PrefixCacheResets::ofRunFacts(run.info.facts);
    data.environment = ClientEnvironment::fromJson(run.info.environment);
    data.launch = LaunchFacts::of(run.info.facts);
    data.outages = ServerOutageRecord::of(run.info.facts);
    data.timeScale = data.summary.timeScale > 0 ? data.summary.timeScale : 1;
    data.roundTripMs = data.environment.network.healthRoundTripMedianMs;
    data.options = RunOptions::fromJson(run.info.options);
    const Shape first = data.options.shapes.value(0, Shape {0, 0});
    data.inputTokens = first.input;
    data.outputTokens = first.output;
    data.lengthSpread = data.options.lengthSpread;
    data.turns = std::max(1, data.options.turns);
    data.fanOut = data.turns > 1 ? std::max(0, data.options.fanOut) : 0;
}

// Without a stated input size, the run's is what its first measured step saw.
void takeMeasuredSize(RunData& data)
{
    if (data.inputTokens > 0)
        return;
    for (const StepData& s : data.steps) {
        if (s.inputTokens > 0) {
            data.inputTokens = s.inputTokens;
            return;
        }
    }
}

} // namespace

QString StepData::loadText() const
{
    if (concurrency > 0)
        return concurrency == 1 ? QStringLiteral("1 user") : QStringLiteral("%1 users").arg(concurrency);
    return QStringLiteral("%1 req/s").arg(rate);
}

QString StepData::loadPhrase() const
{
    if (concurrency > 0)
        return concurrency == 1
            ? QCoreApplication::translate("RunData", "1 user", "in a sentence, after at/from/to")
            : QCoreApplication::translate("RunData", "%n users", "in a sentence, after at/from/to", concurrency);
    return QCoreApplication::translate("RunData", "%1 req/s").arg(rate);
}

QString StepData::loadLabel() const
{
    if (concurrency > 0)
        return concurrency == 1
            ? QCoreApplication::translate("RunData", "1 user", "a table cell or label")
            : QCoreApplication::translate("RunData", "%n users", "a table cell or label", concurrency);
    return QCoreApplication::translate("RunData", "%1 req/s").arg(rate);
}

double StepData::outputTokensPerSecond(double timeScale) const
{
    return throughput().outputTokensPerSecond / timeScale;
}

double StepData::requestsPerSecond(double timeScale) const
{
    return throughput().requestsPerSecond / timeScale;
}

StepData::CacheServed StepData::cacheServed() const
{
    CacheServed c;
    if (stats.cachedPromptTokens >= 0 && stats.promptTokensWithCacheCount > 0) {
        c.cached = double(stats.cachedPromptTokens);
        c.prompt = double(stats.promptTokensWithCacheCount);
        c.requests = stats.requestsWithCacheCount;
    } else if (server.prefixCacheHitRate() >= 0) {
        c.cached = server.prefixCacheHits;
        c.prompt = server.prefixCacheQueries;
        c.requests = server.requestsSucceeded > 0 ? server.requestsSucceeded : double(stats.succeeded);
        c.fromMetrics = true;
    }
    return c;
}

std::optional<RunData> RunData::load(const RunStore& store, qint64 runId, QString* error)
{
    QString readError;
    std::optional<StoredRun> run = store.run(runId, &readError);
    if (!run) {
        if (error)
            *error = readError.isEmpty() ? QCoreApplication::translate("RunData", "There is no run %1.").arg(runId)
                                         : readError;
        return std::nullopt;
    }
    RunData data;
    readRunLevel(data, *run);
    for (const StoredStep& step : run->steps) {
        // Read in passes, never held whole: a step of any length is analysed in the memory of its requests' times.
        const RecordSource records = [&store, &step, &readError](const RecordVisitor& visit) {
            QString e;
            if (!store.forEachRequest(step.id, visit, &e) && readError.isEmpty())
                readError = e;
        };
        const std::vector<StoredMetricsSample> samples = store.metricsSamples(step.id, &readError);
        data.steps.push_back(prepare(step, records, samples, data.timeScale, data.roundTripMs, data.inputTokens,
            data.outputTokens, data.options.models));
        if (!readError.isEmpty()) {
            if (error)
                *error = readError;
            return std::nullopt;
        }
    }
    takeMeasuredSize(data);
    data.quality = ModelQuality::of(store, data.summary.model);
    return data;
}

RunData RunData::fromSteps(const StoredRun& run, const std::vector<StoredStep>& steps,
    const std::vector<std::vector<RequestRecord>>& requests,
    const std::vector<std::vector<StoredMetricsSample>>& samples)
{
    RunData data;
    readRunLevel(data, run);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        static const std::vector<StoredMetricsSample> none;
        const RecordSource records = [&requests, i](const RecordVisitor& visit) {
            if (i < requests.size())
                for (const RequestRecord& r : requests[i])
                    visit(r);
        };
        data.steps.push_back(prepare(steps[i], records, i < samples.size() ? samples[i] : none, data.timeScale,
            data.roundTripMs, data.inputTokens, data.outputTokens, data.options.models));
    }
    takeMeasuredSize(data);
    return data;
}

std::vector<const StepData*> RunData::phase(Phase name) const
{
    std::vector<const StepData*> out;
    for (const StepData& s : steps)
        if (s.phase == name && !s.cancelled)
            out.push_back(&s);
    return out;
}

std::vector<const StepData*> RunData::concurrencyCurve() const
{
    std::vector<const StepData*> curve = phase(Phase::Concurrency);
    // A load measured again counts once, as measured last: the earlier step is kept beside it (remeasured()).
    std::erase_if(curve, [this](const StepData* s) { return supersededBy(*s) != nullptr; });
    const StepData* base = baseline();
    const bool hasSingle
        = std::any_of(curve.begin(), curve.end(), [](const StepData* s) { return s->concurrency == 1; });
    if (base && !hasSingle)
        curve.insert(curve.begin(), base);
    std::stable_sort(curve.begin(), curve.end(),
        [](const StepData* a, const StepData* b) { return a->concurrency < b->concurrency; });
    return curve;
}

const StepData* RunData::supersededBy(const StepData& step) const
{
    if (step.phase != Phase::Concurrency)
        return nullptr;
    const StepData* later = nullptr;
    for (const StepData& s : steps)
        if (&s != &step && s.remeasure && !s.cancelled && s.phase == step.phase && s.concurrency == step.concurrency
            && s.index > step.index)
            later = &s;
    return later;
}

std::vector<std::pair<const StepData*, const StepData*>> RunData::remeasured() const
{
    std::vector<std::pair<const StepData*, const StepData*>> pairs;
    for (const StepData& s : steps)
        if (const StepData* again = supersededBy(s))
            pairs.emplace_back(&s, again);
    return pairs;
}

const StepData* RunData::baseline() const
{
    for (const StepData& s : steps)
        if (s.phase == Phase::Baseline && !s.cancelled)
            return &s;
    return nullptr;
}

double StepData::outputTokensPerSecond(const ModelRequests& model, double timeScale) const
{
    double all = 0;
    for (const ModelRequests& m : byModel)
        all += m.outputTokens;
    return all > 0 ? outputTokensPerSecond(timeScale) * model.outputTokens / all : 0;
}

QStringList RunData::workloadClauses() const
{
    QStringList clauses;
    if (options.models.shares.size() == 1)
        clauses << QCoreApplication::translate("RunData", "to %1").arg(options.models.shares.front().model);
    else if (!options.models.empty())
        clauses << QCoreApplication::translate("RunData", "to %1 models by weight (%2)")
                       .arg(options.models.shares.size())
                       .arg(options.models.describe());
    if (lengthSpread > 0)
        clauses << QCoreApplication::translate("RunData", "each within ±%1").arg(text::percent(lengthSpread));
    const ConversationShape shape = conversations();
    if (turns > 1 && fanOut > 0)
        clauses << QCoreApplication::translate(
            "RunData", "in agents' conversations of %1 turns, each turn but the last followed by %2 sub-calls at once")
                       .arg(turns)
                       .arg(fanOut);
    else if (turns > 1)
        clauses << QCoreApplication::translate("RunData", "in conversations of %1 turns").arg(turns);
    else if (shape.conversations > 0 && shape.fanOuts > 0)
        clauses << QCoreApplication::translate("RunData",
            "in %1 conversations, with %2 fan-outs of up to %3 sub-calls "
            "at once")
                       .arg(text::number(shape.conversations), text::number(shape.fanOuts),
                           text::number(shape.widestFanOut));
    else if (shape.conversations > 0)
        clauses << QCoreApplication::translate("RunData", "in %1 conversations").arg(text::number(shape.conversations));
    return clauses;
}

ConversationShape RunData::conversations() const
{
    for (const StepData& s : steps) {
        if (s.conversations.conversations > 0)
            return s.conversations;
    }
    return {};
}

} // namespace kp::core
