// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/runcomparison.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"
#include "core/stats/significance.h"
#include "core/store/runstore.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

constexpr double kAlpha = 0.05;

// A 95% interval for (b − a) / a: each run's quantile interval at 97.5%, their far sides apart, so that both hold
// with at least 95% together. Unbounded where either interval is.
void differenceInterval(
    RunComparison::Metric& m, const std::vector<double>& va, const std::vector<double>& vb, double p)
{
    if (va.empty() || vb.empty())
        return;
    const PercentileEstimate ea = Distribution::percentile(va, p, 0.975);
    const PercentileEstimate eb = Distribution::percentile(vb, p, 0.975);
    if (!(ea.value > 0))
        return;
    m.deltaLowPercent = 100 * (eb.low - ea.high) / ea.value;
    m.deltaHighPercent = 100 * (eb.high - ea.low) / ea.value;
}

QString capacityText(const LoadCurve& curve)
{
    const Capacity& c = curve.capacity;
    switch (c.bound) {
    case Capacity::Bound::None:
        return QCoreApplication::translate("RunComparison", "not measured");
    case Capacity::Bound::Below:
        return QCoreApplication::translate("RunComparison", "below %1").arg(text::loadLabel(c.shown(), curve.byRate));
    case Capacity::Bound::AtLeast:
        return QCoreApplication::translate("RunComparison", "at least %1")
            .arg(text::loadLabel(c.shown(), curve.byRate));
    case Capacity::Bound::Between:
        break;
    }
    return text::loadLabel(c.shown(), curve.byRate, true);
}

QString valueText(const QJsonValue& v)
{
    if (v.isObject() || v.isArray())
        return QString::fromUtf8(v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                                              : QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    if (v.isUndefined() || v.isNull())
        return QCoreApplication::translate("RunComparison", "(none)");
    return v.toVariant().toString();
}

void diff(QList<RunComparison::Change>& out, const QString& prefix, const QJsonObject& a, const QJsonObject& b,
    const QStringList& ignored)
{
    QStringList keys = a.keys() + b.keys();
    keys.removeDuplicates();
    keys.sort();
    for (const QString& k : keys) {
        if (ignored.contains(k) || a.value(k) == b.value(k))
            continue;
        out.append({prefix + k, valueText(a.value(k)), valueText(b.value(k)), RunComparison::Change::Kind::Option});
    }
}

// The server's facts by the names its own flags and logs use, in the order a reader asks about them: how many
// requests it runs at once, its KV cache, its version, then its other settings. Keys not listed follow, by name.
const std::vector<std::pair<QString, QString>>& factNames()
{
    static const std::vector<std::pair<QString, QString>> names {
        {QStringLiteral("maxNumSeqs"), QStringLiteral("max_num_seqs")},
        {QStringLiteral("numGpuBlocks"), QStringLiteral("KV cache blocks")},
        {QStringLiteral("kvCapacityTokens"), QStringLiteral("KV cache tokens")},
        {QStringLiteral("vllmVersion"), QStringLiteral("vLLM version")},
        {QStringLiteral("serverVersion"), QStringLiteral("server version")},
        {QStringLiteral("family"), QStringLiteral("server family")},
        {QStringLiteral("maxNumBatchedTokens"), QStringLiteral("max_num_batched_tokens")},
        {QStringLiteral("blockSize"), QStringLiteral("block_size")},
        {QStringLiteral("gpuMemoryUtilization"), QStringLiteral("gpu_memory_utilization")},
        {QStringLiteral("cacheDtype"), QStringLiteral("kv_cache_dtype")},
        {QStringLiteral("prefixCaching"), QStringLiteral("prefix caching")},
        {QStringLiteral("maxModelLen"), QStringLiteral("max_model_len")},
        {QStringLiteral("modelRoot"), QStringLiteral("model")},
        {QStringLiteral("modelId"), QStringLiteral("served model name")},
        {QStringLiteral("reportedGpu"), QStringLiteral("GPU (as the server reports it)")},
        {QStringLiteral("kvUsageMetric"), QStringLiteral("KV usage metric")},
        {QStringLiteral("metricsVisible"), QStringLiteral("metrics visible")},
        {QStringLiteral("unknown"), QStringLiteral("not reported")},
    };
    return names;
}

void diffFacts(QList<RunComparison::Change>& out, const QJsonObject& a, const QJsonObject& b)
{
    const QString prefix = QCoreApplication::translate("RunComparison", "server: ");
    QStringList keys = a.keys() + b.keys();
    keys.removeDuplicates();
    keys.sort();
    // The simulator's speed is said once, from the runs themselves (timeScale), and isVllm by the family.
    keys.removeAll(QStringLiteral("timeScale"));
    keys.removeAll(QStringLiteral("isVllm"));
    QStringList ordered;
    for (const auto& [key, name] : factNames())
        if (keys.contains(key))
            ordered << key;
    for (const QString& k : std::as_const(keys))
        if (!ordered.contains(k))
            ordered << k;
    for (const QString& k : std::as_const(ordered)) {
        if (a.value(k) == b.value(k))
            continue;
        const auto named
            = std::find_if(factNames().begin(), factNames().end(), [&k](const auto& n) { return n.first == k; });
        out.append({prefix + (named != factNames().end() ? named->second : k), valueText(a.value(k)),
            valueText(b.value(k)), RunComparison::Change::Kind::Server});
    }
}

// What the run measured of the engine's cap, for servers that do not report it (vLLM): the most requests it ran at
// once, and whether others waited meanwhile (then that is its max_num_seqs).
QString measuredCap(const RunAnalysis& analysis)
{
    int peak = 0, cap = 0;
    for (const CurvePoint& p : analysis.curve.points) {
        const ServerDeltas& s = p.step->server;
        peak = std::max(peak, int(s.peakRunning));
        // Fewer ran than there were users while some waited: a cap. As many as the users, with a moment's wait
        // between a scrape and the engine's next step, is none (a 1,024-sequence server read as 256 at 256 users).
        if (s.peakWaiting >= 1 && s.peakRunning >= 1 && s.peakRunning < p.step->concurrency)
            cap = std::max(cap, int(s.peakRunning));
    }
    if (cap > 0)
        return QCoreApplication::translate("RunComparison", "%1, others waiting").arg(cap);
    if (peak > 0)
        return QCoreApplication::translate("RunComparison", "%1, no cap reached").arg(peak);
    return QCoreApplication::translate("RunComparison", "(not measured)");
}

// Where a run's capacity surely lies: crossed between `low` and `high`, the loads that surely passed and surely
// failed; at or above a bound's load; below the lowest load. `unjudged` says why it cannot be compared.
struct CapacityRange
{
    double low = 0;
    double high = std::numeric_limits<double>::infinity();
    QString text;
    QString unjudged;
};

CapacityRange capacityRange(const RunAnalysis& analysis, qint64 id)
{
    const Capacity& c = analysis.curve.capacity;
    CapacityRange r;
    switch (c.bound) {
    case Capacity::Bound::None:
        r.unjudged = QCoreApplication::translate("RunComparison", "run %1 has no capacity").arg(id);
        return r;
    case Capacity::Bound::Below:
        r.high = c.load;
        r.text = QCoreApplication::translate("RunComparison", "below %1")
                     .arg(text::loadLabel(c.load, analysis.curve.byRate));
        break;
    case Capacity::Bound::AtLeast:
        r.low = c.load;
        r.text = QCoreApplication::translate("RunComparison", "at least %1")
                     .arg(text::loadLabel(c.load, analysis.curve.byRate));
        break;
    case Capacity::Bound::Between:
        r.low = c.low;
        r.high = c.high;
        r.text = (analysis.curve.byRate ? QCoreApplication::translate("RunComparison", "%1 req/s")
                                        : QCoreApplication::translate("RunComparison", "%1 users"))
                     .arg(text::range(c.low, c.high));
        if (c.intervalOpen)
            r.unjudged = QCoreApplication::translate(
                "RunComparison", "run %1's range of %2 rests on steps too short to bound the percentile")
                             .arg(id)
                             .arg(r.text);
        break;
    }
    if (r.unjudged.isEmpty() && analysis.confidence.level == CapacityConfidence::Level::Low)
        r.unjudged = QCoreApplication::translate("RunComparison", "the confidence in run %1's capacity is low").arg(id);
    return r;
}

} // namespace

void RunComparison::judgeCapacity(const RunAnalysis& analysisA, const RunAnalysis& analysisB)
{
    const CapacityRange a = capacityRange(analysisA, idA);
    const CapacityRange b = capacityRange(analysisB, idB);
    capacityRangeA = a.text;
    capacityRangeB = b.text;
    capacityJudged = a.unjudged.isEmpty() && b.unjudged.isEmpty() && !std::isnan(capacityChangePercent);
    capacitySignificant = false;
    if (!capacityJudged) {
        capacityWhy = !a.unjudged.isEmpty() ? a.unjudged
            : !b.unjudged.isEmpty()         ? b.unjudged
                                            : QCoreApplication::translate("RunComparison",
                                                "run %1 has no capacity to "
                                                        "take a share of")
                                          .arg(idA);
        return;
    }
    // A range's upper end is a load that surely failed, its lower end one that surely passed (or none, or none
    // above): ranges apart means one run failed where the other passed.
    if (!(b.high <= a.low) && !(a.high <= b.low))
        capacityWhy = QCoreApplication::translate("RunComparison", "the ranges overlap (run %1 %2, run %3 %4)")
                          .arg(idA)
                          .arg(a.text)
                          .arg(idB)
                          .arg(b.text);
    else if (std::abs(capacityChangePercent) < minEffectPercent)
        capacityWhy
            = QCoreApplication::translate("RunComparison", "under the %1% floor").arg(text::number(minEffectPercent));
    else {
        capacitySignificant = true;
        capacityWhy = QCoreApplication::translate("RunComparison", "run %1's range of %2 and run %3's of %4 lie apart")
                          .arg(idA)
                          .arg(a.text)
                          .arg(idB)
                          .arg(b.text);
    }
}

RunComparison RunComparison::of(const RunData& a, const RunAnalysis& analysisA, const RunData& b,
    const RunAnalysis& analysisB, double minEffectPercent)
{
    RunComparison r;
    r.minEffectPercent = minEffectPercent;
    std::vector<ParetoPoint> points = ParetoFrontier::pointsOf(a, analysisA);
    const std::vector<ParetoPoint> pointsB = ParetoFrontier::pointsOf(b, analysisB);
    points.insert(points.end(), pointsB.begin(), pointsB.end());
    r.pareto = ParetoFrontier::of(std::move(points));
    r.pareto.tpotTargetMs = analysisA.settings.slo.tpotMs;
    // The percentile rows' family: every shared load, three metrics each; Bonferroni sets their intervals' width.
    int shared = 0;
    for (const CurvePoint& pa : analysisA.curve.points)
        shared += std::any_of(analysisB.curve.points.begin(), analysisB.curve.points.end(),
                      [&pa](const CurvePoint& pb) { return pb.load == pa.load; })
            ? 1
            : 0;
    const double tailConfidence = 1 - kAlpha / (2.0 * std::max(1, 3 * shared));
    r.idA = a.summary.id;
    r.idB = b.summary.id;
    const double q = analysisA.settings.percentile;
    const QString pName = QStringLiteral("p%1").arg(text::number(q));
    for (const CurvePoint& pa : analysisA.curve.points) {
        const auto it = std::find_if(analysisB.curve.points.begin(), analysisB.curve.points.end(),
            [&pa](const CurvePoint& pb) { return pb.load == pa.load; });
        if (it == analysisB.curve.points.end())
            continue;
        const CurvePoint& pb = *it;
        const QString load = pa.step->loadLabel();
        auto latency = [&](const QString& name, const std::vector<double>& va, const std::vector<double>& vb,
                           const PercentileEstimate& ea, const PercentileEstimate& eb) {
            const MannWhitney mw = mannWhitney(va, vb);
            Metric median {load, name + QStringLiteral(" p50"), Distribution::percentile(va, 0.5).value,
                Distribution::percentile(vb, 0.5).value};
            median.tested = mw.valid;
            median.pValue = mw.pValue;
            differenceInterval(median, va, vb, 0.5);
            Metric tail {load, name + u' ' + pName, ea.value, eb.value};
            const PercentileDifference d = percentileDifference(va, vb, q / 100, tailConfidence);
            tail.tested = !va.empty() && !vb.empty();
            tail.significant = d.significant; // the test's say; the size and the interval are asked below
            differenceInterval(tail, va, vb, q / 100);
            r.metrics << median;
            // A target at the median is judged by the median's row: the same figure twice would count twice.
            if (q != 50)
                r.metrics << tail;
        };
        latency(QStringLiteral("TTFT"), pa.step->ttftSorted, pb.step->ttftSorted, pa.ttft, pb.ttft);
        latency(QStringLiteral("TPOT"), pa.step->tpotSorted, pb.step->tpotSorted, pa.tpot, pb.tpot);
        latency(QStringLiteral("E2EL"), pa.step->e2elSorted, pb.step->e2elSorted, pa.e2el, pb.e2el);
        Metric tput {load, QCoreApplication::translate("RunComparison", "output tokens/s"), pa.outputTokensPerSecond,
            pb.outputTokensPerSecond};
        tput.lowerIsBetter = false;
        r.metrics << tput;
    }
    for (Metric& m : r.metrics)
        m.deltaPercent = m.a > 0 ? 100 * (m.b - m.a) / m.a : kNaN;

    // Holm–Bonferroni over the median rows: the i-th smallest of m p-values is scaled by (m − i), never below the
    // adjusted one before it.
    std::vector<Metric*> tested;
    for (Metric& m : r.metrics)
        if (m.tested && !std::isnan(m.pValue))
            tested.push_back(&m);
    std::sort(tested.begin(), tested.end(), [](const Metric* x, const Metric* y) { return x->pValue < y->pValue; });
    double running = 0;
    for (std::size_t i = 0; i < tested.size(); ++i) {
        running = std::max(running, std::min(1.0, double(tested.size() - i) * tested[i]->pValue));
        tested[i]->adjustedP = running;
        tested[i]->significant = running < kAlpha;
    }
    for (Metric& m : r.metrics) {
        if (!m.tested)
            continue;
        const bool test = m.significant;
        const bool size = !std::isnan(m.deltaPercent) && std::abs(m.deltaPercent) >= minEffectPercent;
        const bool interval = !std::isnan(m.deltaLowPercent) && !std::isnan(m.deltaHighPercent)
            && (m.deltaLowPercent > 0 || m.deltaHighPercent < 0);
        m.significant = test && size && interval;
        if (m.significant)
            continue;
        if (!test)
            m.why = std::isnan(m.adjustedP)
                ? QCoreApplication::translate("RunComparison", "intervals overlap or are open")
                : text::chance(m.adjustedP);
        else if (!size)
            m.why = QCoreApplication::translate("RunComparison", "under the %1% floor")
                        .arg(text::number(minEffectPercent));
        else
            m.why = QCoreApplication::translate("RunComparison", "the change's interval includes 0");
    }

    r.capacityA = capacityText(analysisA.curve);
    r.capacityB = capacityText(analysisB.curve);
    const Capacity& ca = analysisA.curve.capacity;
    const Capacity& cb = analysisB.curve.capacity;
    if (ca.bound == Capacity::Bound::Between && cb.bound == Capacity::Bound::Between)
        r.capacityDelta = cb.load - ca.load;
    if (ca.bound != Capacity::Bound::None && cb.bound != Capacity::Bound::None && ca.load > 0)
        r.capacityChangePercent = 100 * (cb.load - ca.load) / ca.load;
    r.judgeCapacity(analysisA, analysisB);

    diffFacts(r.changes, a.stored.facts, b.stored.facts);
    const QString capA = measuredCap(analysisA), capB = measuredCap(analysisB);
    if (capA != capB)
        r.changes.append({QCoreApplication::translate("RunComparison", "server: most requests running at once"), capA,
            capB, Change::Kind::Server});
    diff(r.changes, QCoreApplication::translate("RunComparison", "option: "), a.stored.options, b.stored.options, {});
    if (a.summary.gpu != b.summary.gpu)
        r.changes.append({QStringLiteral("GPU"), a.summary.gpu, b.summary.gpu});
    if (a.timeScale != b.timeScale)
        r.changes.append({QCoreApplication::translate("RunComparison", "simulated speed"), text::number(a.timeScale),
            text::number(b.timeScale)});
    r.summarise();
    return r;
}

QString RunComparison::Metric::reason() const
{
    if (!significant)
        return why;
    return std::isnan(adjustedP) ? QCoreApplication::translate("RunComparison", "intervals apart")
                                 : text::chance(adjustedP);
}

RunComparison RunComparison::ofStored(const RunStore& store, const RunData& a, const AnalysisSettings& settingsA,
    const RunData& b, const AnalysisSettings& settingsB, double minEffectPercent, RunAnalysis* analysisA,
    RunAnalysis* analysisB)
{
    AnalysisSettings asked = settingsB;
    asked.slo = settingsA.slo;
    asked.percentile = settingsA.percentile;
    asked.attainmentTarget = settingsA.attainmentTarget;
    const RunAnalysis ofA = RunAnalysis::of(a, settingsA);
    const RunAnalysis ofB = RunAnalysis::of(b, asked);
    RunComparison r = of(a, ofA, b, ofB, minEffectPercent);
    r.findBetweenRunNoise(store, a, ofA, b, ofB);
    if (analysisA)
        *analysisA = ofA;
    if (analysisB)
        *analysisB = ofB;
    return r;
}

void RunComparison::summarise()
{
    int better = 0, worse = 0;
    for (const Metric& m : metrics) {
        if (!m.significant)
            continue;
        ((m.b < m.a) == m.lowerIsBetter ? better : worse)++;
    }
    // The capacity first: a fall from 57 users to 5 is the news, whatever the latency rows at shared loads say.
    if (std::isnan(capacityChangePercent))
        summary = QCoreApplication::translate("RunComparison", "Capacity: run %1 %2, run %3 %4.")
                      .arg(idA)
                      .arg(capacityA)
                      .arg(idB)
                      .arg(capacityB);
    else
        summary = QCoreApplication::translate("RunComparison", "Capacity %1: run %2 %3, run %4 %5.")
                      .arg(capacityChangePercent > 0 ? QCoreApplication::translate("RunComparison", "rose by %1")
                                                           .arg(text::number(capacityChangePercent, 1) + u'%')
                              : capacityChangePercent < 0 ? QCoreApplication::translate("RunComparison", "fell by %1")
                                                                .arg(text::number(-capacityChangePercent, 1) + u'%')
                                                          : QCoreApplication::translate("RunComparison", "unchanged"))
                      .arg(idA)
                      .arg(capacityA)
                      .arg(idB)
                      .arg(capacityB);
    if (!capacityWhy.isEmpty())
        summary += u' '
            + (capacitySignificant   ? QCoreApplication::translate("RunComparison", "Beyond noise: %1.")
                    : capacityJudged ? QCoreApplication::translate("RunComparison", "Not beyond noise: %1.")
                                     : QCoreApplication::translate("RunComparison", "Not judged: %1."))
                  .arg(capacityWhy);
    QStringList server;
    for (const Change& c : changes)
        if (c.kind == Change::Kind::Server)
            server << QStringLiteral("%1 %2 → %3").arg(c.what.section(QStringLiteral(": "), 1), c.a, c.b);
    summary += u' '
        + (server.isEmpty() ? QCoreApplication::translate("RunComparison", "The server's facts are the same in both.")
                            : QCoreApplication::translate("RunComparison", "The server differs: %1.")
                                  .arg(server.join(QStringLiteral("; "))));
    summary += u' '
        + QCoreApplication::translate("RunComparison",
            "At the loads both measured, %1 of %2 latency comparisons differ beyond noise "
            "(%3 better in run %4, %5 worse), each by a test corrected for the table's size, by at least %6, and "
            "with a 95% interval for the change that leaves out zero.")
              .arg(better + worse)
              .arg(std::count_if(metrics.begin(), metrics.end(), [](const Metric& m) { return m.tested; }))
              .arg(better)
              .arg(idB)
              .arg(worse)
              .arg(text::number(minEffectPercent) + u'%');
    if (noiseIdA >= 0)
        summary += QCoreApplication::translate("RunComparison",
            " Runs %1 and %2 are of one configuration: each change must also exceed what they differ by.")
                       .arg(noiseIdA)
                       .arg(noiseIdB);
    if (repeatsWithoutNoise)
        summary += QCoreApplication::translate("RunComparison",
            " Runs %1 and %2 are of one configuration and no third run of it says how much such runs differ: "
            "nothing is called beyond noise. Run it once more to tell a drift from the noise.")
                       .arg(idA)
                       .arg(idB);
    if (metrics.isEmpty())
        summary += QCoreApplication::translate(
            "RunComparison", " The runs share no load step, so no metric could be compared.");
}

void RunComparison::asRepeatsWithoutNoise()
{
    repeatsWithoutNoise = true;
    if (capacitySignificant) {
        capacitySignificant = false;
        capacityWhy = QCoreApplication::translate(
            "RunComparison", "runs %1 and %2 are of one configuration, with no third run to measure their noise")
                          .arg(idA)
                          .arg(idB);
    }
    for (Metric& m : metrics) {
        if (!m.significant)
            continue;
        m.significant = false;
        m.why = QCoreApplication::translate(
            "RunComparison", "runs %1 and %2 are of one configuration, with no third run to measure their noise")
                    .arg(idA)
                    .arg(idB);
    }
    summarise();
}

void RunComparison::withBetweenRunNoise(const RunComparison& twins)
{
    noiseIdA = twins.idA;
    noiseIdB = twins.idB;
    if (!std::isnan(twins.capacityChangePercent)) {
        capacityNoisePercent = std::abs(twins.capacityChangePercent);
        if (capacitySignificant && !(std::abs(capacityChangePercent) > capacityNoisePercent)) {
            capacitySignificant = false;
            capacityWhy = QCoreApplication::translate("RunComparison", "within the %1 runs %2 and %3 differ by")
                              .arg(text::number(capacityNoisePercent, 1) + u'%')
                              .arg(noiseIdA)
                              .arg(noiseIdB);
        }
    }
    for (Metric& m : metrics) {
        const auto it = std::find_if(twins.metrics.begin(), twins.metrics.end(),
            [&m](const Metric& t) { return t.load == m.load && t.metric == m.metric; });
        if (it == twins.metrics.end() || std::isnan(it->deltaPercent))
            continue;
        m.betweenRunNoisePercent = std::abs(it->deltaPercent);
        if (m.significant && !(std::abs(m.deltaPercent) > m.betweenRunNoisePercent)) {
            m.significant = false;
            m.why = QCoreApplication::translate("RunComparison", "within the %1 runs %2 and %3 differ by")
                        .arg(text::number(m.betweenRunNoisePercent, 1) + u'%')
                        .arg(noiseIdA)
                        .arg(noiseIdB);
        }
    }
    summarise();
}

void RunComparison::findBetweenRunNoise(const RunStore& store, const RunData& a, const RunAnalysis& analysisA,
    const RunData& b, const RunAnalysis& analysisB)
{
    const QList<qint64> both {a.summary.id, b.summary.id};
    for (const auto& [run, analysis] : {std::pair {&a, &analysisA}, std::pair {&b, &analysisB}}) {
        const std::optional<qint64> twin = twinOf(store, *run, both);
        if (!twin)
            continue;
        QString error;
        const std::optional<RunData> other = RunData::load(store, *twin, &error);
        if (!other)
            continue;
        // The twin is asked the same question as the run it repeats.
        const RunAnalysis otherAnalysis = RunAnalysis::of(*other, analysis->settings);
        withBetweenRunNoise(of(*run, *analysis, *other, otherAnalysis, minEffectPercent));
        return;
    }
    if (sameConfiguration(Configuration::of(a), Configuration::of(b)))
        asRepeatsWithoutNoise();
}

RunComparison::Configuration RunComparison::Configuration::of(const RunData& run)
{
    return {
        run.summary.model, run.summary.gpu, run.summary.product, run.timeScale, run.stored.facts, run.stored.options};
}

RunComparison::Configuration RunComparison::Configuration::of(const RunInfo& info)
{
    return {info.model, info.gpu, info.product, info.timeScale > 0 ? info.timeScale : 1, info.facts, info.options};
}

bool RunComparison::sameConfiguration(const Configuration& x, const Configuration& y)
{
    // The address may change between two launches of one server, and the seed only picks other words.
    auto workload = [](QJsonObject o) {
        o.remove(QStringLiteral("url"));
        o.remove(QStringLiteral("seed"));
        return o;
    };
    // Of a launch, what was launched (LaunchPlan::toJson) is the configuration; what the launch measured (its
    // start-up time, the memory it found, peaks, the server's log) and the container's name differ between two
    // launches of one configuration.
    auto server = [](QJsonObject facts) {
        if (const LaunchFacts launch = LaunchFacts::of(facts); launch.launched)
            facts[QStringLiteral("launch")] = launch.configuration;
        return facts;
    };
    return x.model == y.model && x.gpu == y.gpu && x.product == y.product && x.timeScale == y.timeScale
        && server(x.facts) == server(y.facts) && workload(x.options) == workload(y.options);
}

std::optional<qint64> RunComparison::twinOf(const RunStore& store, const RunData& run, const QList<qint64>& exclude)
{
    const QList<RunSummary> all = store.runs(); // the newest first
    for (auto it = all.begin(); it != all.end(); ++it) {
        if (exclude.contains(it->id) || it->id == run.summary.id || it->status != RunStatus::Complete)
            continue;
        const std::optional<StoredRun> other = store.run(it->id);
        if (other && sameConfiguration(Configuration::of(run), Configuration::of(other->info)))
            return it->id;
    }
    return std::nullopt;
}

} // namespace kp::core
