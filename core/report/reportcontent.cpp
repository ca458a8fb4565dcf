// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/reportcontent.h"

#include "core/analysis/pareto.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/runcomparison.h"
#include "core/analysis/rundata.h"
#include "core/analysis/verdict.h"
#include "core/catalog/catalog.h"
#include "core/common/textformat.h"
#include "core/launch/launchfactrows.h"
#include "core/predict/prediction.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <functional>

namespace kp::core {

namespace {

// One palette for every renderer, chosen to stay apart for the common kinds of colour blindness.
const QString kBlue = QStringLiteral("#1f6fb2");
const QString kOrange = QStringLiteral("#e07b00");
const QString kGreen = QStringLiteral("#2a9d3c");
const QString kRed = QStringLiteral("#c8312b");
const QString kGrey = QStringLiteral("#6b6b6b");
// A metric within its target but past this share of it is amber: close enough to watch.
constexpr double kAmberShare = 0.8;

QString ms(double v)
{
    return ReportContent::milliseconds(v);
}

// A step's phase in the reader's language; in English the stored name itself.
QString phaseText(Phase phase)
{
    switch (phase) {
    case Phase::Baseline:
        return QCoreApplication::translate("ReportContent", "baseline", "a step's phase");
    case Phase::Uncached:
        return QCoreApplication::translate(
            "ReportContent", "uncached", "a step's phase: the baseline with nothing shared between prompts");
    case Phase::Concurrency:
        return QCoreApplication::translate("ReportContent", "concurrency", "a step's phase");
    case Phase::Rate:
        return QCoreApplication::translate("ReportContent", "rate", "a step's phase");
    case Phase::Shape:
        return QCoreApplication::translate("ReportContent", "shape", "a step's phase: one request size");
    case Phase::Unknown:
        break;
    }
    return phaseName(phase);
}

// A step the user stopped is listed with what it measured, and says so: nothing judges it.
QString phaseText(const StepData& s)
{
    if (s.probe > 0 && !s.cancelled)
        return QCoreApplication::translate("ReportContent", "%1, capacity probe %2",
            "a step's phase: a step added to "
            "pin capacity down")
            .arg(phaseText(s.phase))
            .arg(s.probe);
    if (!s.cancelled)
        return phaseText(s.phase);
    return QCoreApplication::translate("ReportContent", "%1, stopped by the user", "a step's phase, cut short")
        .arg(phaseText(s.phase));
}

QString percentileName(double p)
{
    return QStringLiteral("p%1").arg(text::number(p));
}

double serverTarget(const AnalysisSettings& s, const QString& metric)
{
    if (metric == u"TTFT" && s.slo.ttftMs)
        return *s.slo.ttftMs;
    if (metric == u"TPOT" && s.slo.tpotMs)
        return *s.slo.tpotMs;
    if (metric == u"E2EL" && s.slo.e2elMs)
        return *s.slo.e2elMs;
    if (metric == u"TTFO" && s.slo.ttfoMs)
        return *s.slo.ttfoMs;
    return ChartSpec::kNaN;
}

ReportContent::Light lightOf(const CurvePoint& p, const AnalysisSettings& s)
{
    if (!p.meetsTargets)
        return ReportContent::Light::Red;
    double worst = 0;
    for (const QString& m :
        {QStringLiteral("TTFT"), QStringLiteral("TPOT"), QStringLiteral("E2EL"), QStringLiteral("TTFO")}) {
        const double target = serverTarget(s, m);
        const double v = p.shown(m);
        if (!std::isnan(target) && target > 0 && !std::isnan(v))
            worst = std::max(worst, v / target);
    }
    return worst > kAmberShare ? ReportContent::Light::Amber : ReportContent::Light::Green;
}

// Whether the scorecard shows the time to the first answer token: for a model that thought, or a target on it.
bool showsTtfo(const RunAnalysis& a)
{
    if (a.settings.slo.ttfoMs)
        return true;
    for (const LoadCurve* curve : {&a.curve, &a.rateCurve})
        for (const CurvePoint& p : curve->points)
            if (p.step && p.step->thoughtRequests > 0)
                return true;
    return false;
}

void addScore(
    ReportContent& c, const LoadCurve& curve, const AnalysisSettings& s, const QList<TrustCheck>& trust, bool ttfo)
{
    for (const CurvePoint& p : curve.points) {
        ReportContent::ScoreRow row;
        row.light = lightOf(p, s);
        // A step the measurement disturbed (TrustChecks::disturbed) is marked where its figures are read.
        const QString disturbed = TrustChecks::isDisturbed(trust, p.step) ? QStringLiteral(" †") : QString();
        row.cells << (p.step->probe > 0 ? QCoreApplication::translate("ReportContent", "%1 (probe)",
                          "a load the "
                          "capacity search added")
                                              .arg(p.step->loadLabel())
                                        : p.step->loadLabel())
                + disturbed
                  << ms(p.shown(QStringLiteral("TTFT")))
                + (p.withinRoundTrip(QStringLiteral("TTFT")) ? QStringLiteral("*") : QString());
        if (ttfo)
            row.cells << ms(p.shown(QStringLiteral("TTFO")))
                    + (p.withinRoundTrip(QStringLiteral("TTFO")) ? QStringLiteral("*") : QString());
        row.cells << ms(p.tpot.value) << ms(p.e2el.value) << text::number(p.outputTokensPerSecond, 0)
                  << (std::isnan(p.attainment) ? QStringLiteral("–") : text::percent(p.attainment))
                  << (p.failed ? QString::number(p.failed) : QStringLiteral("0"))
                  << (p.meetsTargets
                             ? QCoreApplication::translate("ReportContent", "met")
                             : QCoreApplication::translate("ReportContent", "missed: %1").arg(p.missed.join(u", ")));
        c.score.push_back(row);
    }
}

ChartSpec::Series seriesOf(const QString& name, const QString& color, bool dashed = false)
{
    ChartSpec::Series s;
    s.name = name;
    s.color = color;
    s.dashed = dashed;
    return s;
}

// Throughput against the tail of the metric that decides capacity: where the server gives the most for the latency.
ChartSpec throughputLatencyChart(const RunAnalysis& a)
{
    const LoadCurve& curve = a.curve;
    QString metric = curve.capacity.metric;
    if (!CurvePoint::isLatency(metric))
        metric = QStringLiteral("TTFT");
    const QString p = percentileName(a.settings.percentile);
    ChartSpec c;
    c.id = QStringLiteral("throughput-latency");
    c.title = QCoreApplication::translate("ReportContent", "Throughput against %1 %2").arg(metric, p);
    c.caption = QCoreApplication::translate("ReportContent",
        "Each point is one load step; up and to the left is better. The ring marks the "
        "highest load that met every target; the dashed line is the %1 target.")
                    .arg(metric);
    c.x.title = QStringLiteral("%1 %2 (ms)").arg(metric, p);
    c.y.title = QCoreApplication::translate("ReportContent", "output tokens/s");
    ChartSpec::Series s = seriesOf(curve.byRate ? QCoreApplication::translate("ReportContent", "rate sweep")
                                                : QCoreApplication::translate("ReportContent", "concurrency sweep"),
        kBlue);
    c.tableHeader = {QCoreApplication::translate("ReportContent", "load"), c.x.title, c.y.title};
    for (const CurvePoint& pt : curve.points) {
        const double x = pt.shown(metric);
        s.points.push_back({x, pt.outputTokensPerSecond, pt.step->loadLabel()});
        c.tableRows.push_back({pt.step->loadLabel(), ms(x), text::number(pt.outputTokensPerSecond, 0)});
    }
    c.series.push_back(s);
    const int best = curve.capacity.lastPass;
    if (best >= 0) {
        const CurvePoint& pt = curve.points[std::size_t(best)];
        c.marks.push_back({pt.shown(metric), pt.outputTokensPerSecond,
            QCoreApplication::translate("ReportContent", "best under target: %1").arg(pt.step->loadLabel()), kGreen});
    }
    const double target = serverTarget(a.settings, metric);
    if (!std::isnan(target))
        c.rules.push_back({ChartSpec::Rule::Orientation::Vertical, target,
            QCoreApplication::translate("ReportContent", "target %1").arg(text::milliseconds(target)), kRed});
    return c;
}

// A curve's load as an axis and a column names it: users for a concurrency sweep, requests per second for a rate's.
QString loadAxisTitle(const LoadCurve& curve)
{
    return curve.byRate ? QCoreApplication::translate("ReportContent", "requests/s")
                        : QCoreApplication::translate("ReportContent", "concurrent users");
}

QString loadColumn(const LoadCurve& curve)
{
    return curve.byRate ? QCoreApplication::translate("ReportContent", "load")
                        : QCoreApplication::translate("ReportContent", "users");
}

ChartSpec latencyLoadChart(const RunAnalysis& a, const QString& metric)
{
    const QString p = percentileName(a.settings.percentile);
    ChartSpec c;
    c.id = metric.toLower() + QStringLiteral("-load");
    if (metric == u"TTFT")
        c.title = QCoreApplication::translate("ReportContent", "Time to first token against load");
    else if (metric == u"TPOT")
        c.title = QCoreApplication::translate("ReportContent", "Time per output token against load");
    else
        c.title = QCoreApplication::translate("ReportContent", "%1 against load")
                      .arg(text::metricName(metric).left(1).toUpper() + text::metricName(metric).mid(1));
    c.caption = QCoreApplication::translate(
        "ReportContent", "The median and the %1 at each load; the dashed line is the target.")
                    .arg(p);
    c.x.title = loadAxisTitle(a.curve);
    c.x.log2 = true;
    c.y.title = QStringLiteral("%1 (ms)").arg(metric);
    ChartSpec::Series median = seriesOf(QStringLiteral("%1 p50").arg(metric), kBlue);
    ChartSpec::Series tail = seriesOf(QStringLiteral("%1 %2").arg(metric, p), kOrange);
    c.tableHeader = {loadColumn(a.curve), median.name, tail.name};
    for (const CurvePoint& pt : a.curve.points) {
        const std::vector<double>& sorted = metric == u"TTFT" ? pt.step->ttftSorted
            : metric == u"TTFO"                               ? pt.step->ttfoSorted
                                                              : pt.step->tpotSorted;
        const double shift = CurvePoint::carriesRoundTrip(metric) ? pt.roundTripMs : 0;
        const double m = std::max(0.0, Distribution::percentile(sorted, 0.5).value - shift);
        const double t = pt.shown(metric);
        median.points.push_back({pt.load, m, {}});
        tail.points.push_back({pt.load, t, {}});
        c.tableRows.push_back({pt.step->loadLabel(), ms(m), ms(t)});
    }
    c.series = {median, tail};
    const double target = serverTarget(a.settings, metric);
    if (!std::isnan(target))
        c.rules.push_back({ChartSpec::Rule::Orientation::Horizontal, target,
            QCoreApplication::translate("ReportContent", "target %1").arg(text::milliseconds(target)), kRed});
    return c;
}

ChartSpec throughputLoadChart(const RunAnalysis& a)
{
    ChartSpec c;
    c.id = QStringLiteral("throughput-load");
    c.title = QCoreApplication::translate("ReportContent", "Throughput against load");
    c.caption = QCoreApplication::translate("ReportContent",
        "Output tokens per second over each step's steady window, and goodput in requests "
        "meeting every target. The ring marks the knee.");
    c.x.title = loadAxisTitle(a.curve);
    c.x.log2 = true;
    c.y.title = QCoreApplication::translate("ReportContent", "output tokens/s");
    ChartSpec::Series s = seriesOf(QCoreApplication::translate("ReportContent", "output tokens/s"), kBlue);
    c.tableHeader = {loadColumn(a.curve), QCoreApplication::translate("ReportContent", "output tokens/s"),
        QCoreApplication::translate("ReportContent", "requests/s"),
        QCoreApplication::translate("ReportContent", "goodput/s")};
    for (const CurvePoint& pt : a.curve.points) {
        s.points.push_back({pt.load, pt.outputTokensPerSecond, {}});
        c.tableRows.push_back({pt.step->loadLabel(), text::number(pt.outputTokensPerSecond, 0),
            text::number(pt.requestsPerSecond, 2), text::number(pt.goodput, 2)});
    }
    c.series.push_back(s);
    if (a.curve.knee.found)
        c.marks.push_back({a.curve.knee.load, a.curve.knee.outputTokensPerSecond,
            QCoreApplication::translate("ReportContent", "knee: %1")
                .arg(text::loadLabel(a.curve.knee.load, a.curve.byRate)),
            kGreen});
    return c;
}

} // namespace

bool ReportContent::predictTryNext(
    const RunData& run, const AnalysisSettings& settings, PredictionCache* cache, bool fit)
{
    const QString basis
        = QStringLiteral("%1|%2|%3")
              .arg(settings.gpu ? settings.gpu->id : QString(), settings.model ? settings.model->id : QString())
              .arg(settings.tensorParallel);
    if (cache->basis != basis)
        *cache = PredictionCache {basis, {}, {}, {}};
    bool complete = true;
    // A what-if analysed again starts from the flags the findings suggest, each in its list by this prediction.
    for (TryNext& t : notWorthTrying)
        tryNext.push_back(std::move(t));
    notWorthTrying.clear();
    std::stable_sort(
        tryNext.begin(), tryNext.end(), [](const TryNext& x, const TryNext& y) { return x.rank < y.rank; });
    std::vector<TryNext> worth;
    for (TryNext& t : tryNext) {
        // The twin's names for the flags it models, vLLM's and llama-server's.
        const QString flag = t.flag.flag;
        const QString key = flag == u"--max-num-seqs" ? QStringLiteral("max-num-seqs")
            : flag == u"--max-num-batched-tokens"     ? QStringLiteral("max-num-batched-tokens")
            : flag == u"--parallel" || flag == u"-np" ? QStringLiteral("parallel")
                                                      : QString();
        bool numeric = false;
        t.flag.value.toInt(&numeric);
        if (key.isEmpty() || !numeric) {
            t.prediction
                = QCoreApplication::translate("ReportContent", "The twin does not model this flag: measure it");
            worth.push_back(std::move(t));
            continue;
        }
        const QString setting = key + u'=' + t.flag.value;
        // Once the run's twin is fitted, a prediction for another setting is a few replays: cheap enough to wait for.
        if (!fit && !cache->fit && !cache->made.count(setting) && !cache->refused.count(setting)) {
            complete = false;
            worth.push_back(std::move(t));
            continue;
        }
        if (!cache->made.count(setting) && !cache->refused.count(setting)) {
            PredictionRequest request;
            request.set = {setting};
            QString error;
            if (std::optional<Prediction> p = Prediction::of(run, settings, request, &error, &cache->fit))
                cache->made.emplace(setting, std::move(*p));
            else
                cache->refused.emplace(setting, error);
        }
        const auto made = cache->made.find(setting);
        if (made == cache->made.end()) {
            t.prediction = QCoreApplication::translate("ReportContent", "The twin cannot predict it here: %1")
                               .arg(cache->refused.at(setting));
            worth.push_back(std::move(t));
            continue;
        }
        const Prediction::Advice advice = made->second.adviceUnder(settings, capacity);
        t.prediction = advice.sentence;
        (advice.recommended() ? worth : notWorthTrying).push_back(std::move(t));
    }
    tryNext = std::move(worth);
    return complete;
}

std::vector<ChartSpec> comparisonCharts(const RunComparison& comparison, const RunAnalysis& a, const RunAnalysis& b)
{
    const QString p = percentileName(a.settings.percentile);
    const QString runA = QCoreApplication::translate("ReportContent", "run %1").arg(comparison.idA);
    const QString runB = QCoreApplication::translate("ReportContent", "run %1").arg(comparison.idB);
    struct Kind
    {
        QString id;
        QString title;
        QString metric; ///< the comparison's row name
        QString axis;
        std::function<double(const CurvePoint&)> value;
        double target;
    };
    const QString throughputName = QCoreApplication::translate("RunComparison", "output tokens/s");
    const std::vector<Kind> kinds {
        {QStringLiteral("compare-ttft"), QCoreApplication::translate("ReportContent", "TTFT %1 against load").arg(p),
            QStringLiteral("TTFT ") + p, QStringLiteral("TTFT %1 (ms)").arg(p),
            [](const CurvePoint& pt) { return pt.ttft.value; }, serverTarget(a.settings, QStringLiteral("TTFT"))},
        {QStringLiteral("compare-tpot"), QCoreApplication::translate("ReportContent", "TPOT %1 against load").arg(p),
            QStringLiteral("TPOT ") + p, QStringLiteral("TPOT %1 (ms)").arg(p),
            [](const CurvePoint& pt) { return pt.tpot.value; }, serverTarget(a.settings, QStringLiteral("TPOT"))},
        {QStringLiteral("compare-throughput"), QCoreApplication::translate("ReportContent", "Throughput against load"),
            throughputName, QCoreApplication::translate("ReportContent", "output tokens/s"),
            [](const CurvePoint& pt) { return pt.outputTokensPerSecond; }, ChartSpec::kNaN},
    };
    std::vector<ChartSpec> charts;
    for (const Kind& k : kinds) {
        ChartSpec c;
        c.id = k.id;
        c.title = k.title;
        c.caption = QCoreApplication::translate("ReportContent",
            "%1 in grey, %2 in blue; a green ring marks a load where %2 is better beyond noise, a red one where it "
            "is worse.")
                        .arg(runA, runB);
        c.x.title = loadAxisTitle(a.curve);
        c.x.log2 = true;
        c.y.title = k.axis;
        ChartSpec::Series sa = seriesOf(runA, kGrey);
        ChartSpec::Series sb = seriesOf(runB, kBlue);
        for (const CurvePoint& pt : a.curve.points)
            sa.points.push_back({pt.load, k.value(pt), {}});
        for (const CurvePoint& pt : b.curve.points)
            sb.points.push_back({pt.load, k.value(pt), {}});
        c.series = {sa, sb};
        c.tableHeader = {QCoreApplication::translate("ReportContent", "load"), runA, runB,
            QCoreApplication::translate("ReportContent", "change"),
            QCoreApplication::translate("ReportContent", "95% interval"),
            QCoreApplication::translate("ReportContent", "beyond noise")};
        for (const RunComparison::Metric& m : comparison.metrics) {
            if (m.metric != k.metric)
                continue;
            const auto at = std::find_if(b.curve.points.begin(), b.curve.points.end(),
                [&m](const CurvePoint& pt) { return pt.step->loadLabel() == m.load; });
            if (m.significant && at != b.curve.points.end()) {
                const bool better = m.lowerIsBetter ? m.b < m.a : m.b > m.a;
                c.marks.push_back({at->load, m.b,
                    better ? QCoreApplication::translate("ReportContent", "better")
                           : QCoreApplication::translate("ReportContent", "worse"),
                    better ? kGreen : kRed});
            }
            c.tableRows.push_back({m.load, text::number(m.a, 1), text::number(m.b, 1), text::change(m.deltaPercent),
                text::changeInterval(m.deltaLowPercent, m.deltaHighPercent),
                !m.tested ? QCoreApplication::translate("ReportContent", "not tested")
                    : m.significant
                    ? (m.lowerIsBetter == (m.b < m.a) ? QCoreApplication::translate("ReportContent", "yes, better")
                                                      : QCoreApplication::translate("ReportContent", "yes, worse"))
                    : QCoreApplication::translate("ReportContent", "no")});
        }
        if (!std::isnan(k.target))
            c.rules.push_back({ChartSpec::Rule::Orientation::Horizontal, k.target,
                QCoreApplication::translate("ReportContent", "target %1").arg(text::milliseconds(k.target)), kRed});
        charts.push_back(std::move(c));
    }
    return charts;
}

ChartSpec paretoChart(const ParetoFrontier& f)
{
    ChartSpec c;
    c.id = QStringLiteral("pareto");
    c.title = QCoreApplication::translate("ReportContent", "Interactivity against throughput per GPU");
    c.caption = QCoreApplication::translate("ReportContent",
        "Each point is one load step: output tokens per second each user gets (1000 / median TPOT) against output "
        "tokens per second per GPU. Up and to the right is better; the dashed line joins the steps no other step "
        "beats on both (the Pareto frontier), and the tinted side of the TPOT target is where it is met.");
    c.x.title = QCoreApplication::translate("ReportContent", "output tokens/s per user");
    c.y.title = QCoreApplication::translate("ReportContent", "output tokens/s per GPU");
    c.tableHeader
        = {QCoreApplication::translate("ReportContent", "run"), QCoreApplication::translate("ReportContent", "load"),
            c.x.title, c.y.title, QCoreApplication::translate("ReportContent", "on the frontier")};
    static const QString colors[] = {kBlue, kOrange, kGreen, kRed};
    std::vector<qint64> runs;
    for (std::size_t i = 0; i < f.points.size(); ++i) {
        const ParetoPoint& p = f.points[i];
        auto at = std::find(runs.begin(), runs.end(), p.runId);
        if (at == runs.end()) {
            runs.push_back(p.runId);
            ChartSpec::Series s = seriesOf(p.run, colors[(runs.size() - 1) % 4]);
            s.kind = ChartSpec::Series::Kind::Points;
            c.series.push_back(s);
            at = runs.end() - 1;
        }
        c.series[std::size_t(at - runs.begin())].points.push_back({p.interactivity, p.throughputPerGpu, p.load});
        const bool onFrontier = std::find(f.frontier.begin(), f.frontier.end(), i) != f.frontier.end();
        c.tableRows.push_back({p.run, p.load, text::number(p.interactivity), text::number(p.throughputPerGpu, 0),
            onFrontier ? QCoreApplication::translate("ReportContent", "yes")
                       : QCoreApplication::translate("ReportContent", "no")});
    }
    // One run: its points need no legend beyond the frontier's.
    if (runs.size() == 1)
        c.series.front().name = QCoreApplication::translate("ReportContent", "load steps");
    ChartSpec::Series frontier = seriesOf(QCoreApplication::translate("ReportContent", "Pareto frontier"), kGrey, true);
    frontier.kind = ChartSpec::Series::Kind::Line;
    for (std::size_t i : f.frontier)
        frontier.points.push_back({f.points[i].interactivity, f.points[i].throughputPerGpu, {}});
    c.series.push_back(frontier);
    if (f.tpotTargetMs && *f.tpotTargetMs > 0) {
        ChartSpec::Rule r {ChartSpec::Rule::Orientation::Vertical, 1000 / *f.tpotTargetMs,
            QCoreApplication::translate("ReportContent", "TPOT target %1").arg(text::milliseconds(*f.tpotTargetMs)),
            kRed};
        r.shade = ChartSpec::Rule::Shade::More;
        c.rules.push_back(r);
    }
    return c;
}

namespace {

ChartSpec serverMetricsChart(const RunData& run)
{
    ChartSpec c;
    c.id = QStringLiteral("server-metrics");
    c.title = QCoreApplication::translate("ReportContent", "The server over the run");
    c.caption = QCoreApplication::translate("ReportContent",
        "KV cache use and requests waiting, as the server's /metrics reported them, against "
        "time since the first step began (real time).");
    c.x.title = QCoreApplication::translate("ReportContent", "seconds");
    c.y.title = QCoreApplication::translate("ReportContent", "KV used (%) · waiting");
    ChartSpec::Series kv = seriesOf(QCoreApplication::translate("ReportContent", "KV cache used (%)"), kBlue);
    kv.kind = ChartSpec::Series::Kind::Line;
    ChartSpec::Series waiting
        = seriesOf(QCoreApplication::translate("ReportContent", "requests waiting"), kOrange, true);
    waiting.kind = ChartSpec::Series::Kind::Line;
    std::int64_t t0 = -1;
    for (const StepData& s : run.steps)
        for (const MetricsSample& m : s.samples)
            if (t0 < 0 || m.ns < t0)
                t0 = m.ns;
    c.tableHeader = {QCoreApplication::translate("ReportContent", "step"),
        QCoreApplication::translate("ReportContent", "peak KV used"),
        QCoreApplication::translate("ReportContent", "peak waiting"),
        QCoreApplication::translate("ReportContent", "peak running"),
        QCoreApplication::translate("ReportContent", "preemptions"),
        QCoreApplication::translate("ReportContent", "prompt tokens from the prefix cache")};
    for (const StepData& s : run.steps) {
        for (const MetricsSample& m : s.samples) {
            const double t = double(m.ns - t0) / 1e9;
            if (m.kvUsage >= 0)
                kv.points.push_back({t, 100 * m.kvUsage, {}});
            if (m.waiting >= 0)
                waiting.points.push_back({t, m.waiting, {}});
        }
        // A gap between steps: the lines do not pretend to know what happened in it.
        kv.points.push_back({ChartSpec::kNaN, ChartSpec::kNaN, {}});
        waiting.points.push_back({ChartSpec::kNaN, ChartSpec::kNaN, {}});
        auto v = [](double x, bool percent = false) {
            return x < 0 ? QStringLiteral("–") : percent ? text::percent(x) : text::number(x);
        };
        const double cached = s.cacheServed().share();
        c.tableRows.push_back(
            {s.loadLabel() + QStringLiteral(" (") + phaseText(s) + u')', v(s.server.peakKvUsage, true),
                v(s.server.peakWaiting), v(s.server.peakRunning), v(s.server.preemptions), v(cached, true)});
    }
    c.series = {kv, waiting};
    return c;
}

ChartSpec shapeChart(const RunAnalysis& a)
{
    ChartSpec c;
    c.id = QStringLiteral("shape-map");
    c.title = QCoreApplication::translate("ReportContent", "Request size against time to first token");
    c.caption = QCoreApplication::translate("ReportContent",
        "Each point is one request size measured at the same load, green where every "
        "target held; longer prompts take longer to prefill.");
    c.x.title = QCoreApplication::translate("ReportContent", "input tokens");
    c.y.title = QCoreApplication::translate("ReportContent", "TTFT %1 (ms)").arg(percentileName(a.settings.percentile));
    // Coloured by the targets: which request sizes this server can serve at this load.
    ChartSpec::Series meets = seriesOf(QCoreApplication::translate("ReportContent", "meets the targets"), kGreen);
    ChartSpec::Series misses = seriesOf(QCoreApplication::translate("ReportContent", "misses a target"), kRed);
    meets.kind = misses.kind = ChartSpec::Series::Kind::Points;
    c.tableHeader = {QCoreApplication::translate("ReportContent", "size"),
        QCoreApplication::translate("ReportContent", "load"), c.y.title,
        QCoreApplication::translate("ReportContent", "TPOT %1 (ms)").arg(percentileName(a.settings.percentile)),
        QCoreApplication::translate("ReportContent", "targets")};
    for (const CurvePoint& pt : a.shapes) {
        const QString size = QStringLiteral("%1/%2").arg(pt.step->inputTokens).arg(pt.step->outputTokens);
        (pt.meetsTargets ? meets : misses)
            .points.push_back({double(pt.step->inputTokens), pt.shown(QStringLiteral("TTFT")), size});
        c.tableRows.push_back({size, pt.step->loadLabel(), ms(pt.shown(QStringLiteral("TTFT"))), ms(pt.tpot.value),
            pt.meetsTargets ? QCoreApplication::translate("ReportContent", "met")
                            : QCoreApplication::translate("ReportContent", "missed: %1").arg(pt.missed.join(u", "))});
    }
    c.series = {meets, misses};
    return c;
}

QString wallSentence(const Wall& w, bool limiting, bool byRate)
{
    const QString state = !w.visible ? QCoreApplication::translate("ReportContent", "not visible")
        : w.reached ? QCoreApplication::translate("ReportContent", "reached at %1").arg(text::load(w.load, byRate))
                    : QCoreApplication::translate("ReportContent", "not reached");
    const QString name = Wall::title(w.kind);
    return QStringLiteral("%1: %2%3; %4.")
        .arg(name, state, limiting ? QCoreApplication::translate("ReportContent", " (the limit)") : QString(),
            w.evidenceWithQueue());
}

ReportContent::Table distributionTable(
    const RunData& run, const QString& title, const std::function<Distribution(const StepData&)>& of)
{
    ReportContent::Table t;
    t.title = title;
    t.header = {QCoreApplication::translate("ReportContent", "step"),
        QCoreApplication::translate("ReportContent", "phase"), QCoreApplication::translate("ReportContent", "load"),
        QStringLiteral("n"), QCoreApplication::translate("ReportContent", "mean"), QStringLiteral("p50"),
        QStringLiteral("p90"), QStringLiteral("p95"), QStringLiteral("p99"), QStringLiteral("p99.9"),
        QCoreApplication::translate("ReportContent", "max")};
    for (const StepData& s : run.steps) {
        const Distribution d = of(s);
        t.rows.push_back({QString::number(s.index), phaseText(s), s.loadLabel(), QString::number(d.count), ms(d.mean),
            ms(d.p50.value), ms(d.p90.value), ms(d.p95.value), ms(d.p99.value), ms(d.p999.value), ms(d.max)});
    }
    return t;
}

// A run sent to several models or adapters: each step's figures a model, in the server's time.
ReportContent::Table modelTable(const RunData& run)
{
    ReportContent::Table t;
    t.id = QStringLiteral("by-model");
    t.title = QCoreApplication::translate("ReportContent", "By model");
    t.header
        = {QCoreApplication::translate("ReportContent", "step"), QCoreApplication::translate("ReportContent", "phase"),
            QCoreApplication::translate("ReportContent", "load"), QCoreApplication::translate("ReportContent", "model"),
            QCoreApplication::translate("ReportContent", "ok"), QCoreApplication::translate("ReportContent", "failed"),
            QStringLiteral("TTFT p50 ms"), QStringLiteral("TTFT p99 ms"), QStringLiteral("TPOT p50 ms"),
            QStringLiteral("TPOT p99 ms"), QCoreApplication::translate("ReportContent", "output tok/s")};
    for (const StepData& s : run.steps) {
        for (const StepData::ModelRequests& m : s.byModel) {
            // An empty sample's percentile is NaN, shown as "–".
            const auto at
                = [](const std::vector<double>& sorted, double p) { return Distribution::percentile(sorted, p).value; };
            t.rows.push_back({QString::number(s.index), phaseText(s), s.loadLabel(), m.model,
                QString::number(m.succeeded), QString::number(m.failed), ms(at(m.ttftSorted, 0.5)),
                ms(at(m.ttftSorted, 0.99)), ms(at(m.tpotSorted, 0.5)), ms(at(m.tpotSorted, 0.99)),
                text::number(s.outputTokensPerSecond(m, run.timeScale), 0)});
        }
    }
    return t;
}

// The product and the request size; a data set's size is the mean the server counted, named as such.
QString trafficText(const RunData& run)
{
    const QString dataset = run.options.dataset;
    if (dataset.isEmpty() && !run.workloadClauses().isEmpty())
        return QCoreApplication::translate("ReportContent", "%1, %2 tokens in, %3 out, %4")
            .arg(run.summary.product, text::number(run.inputTokens, 0), text::number(run.outputTokens, 0),
                run.workloadClauses().join(QStringLiteral(", ")));
    if (dataset.isEmpty())
        return QCoreApplication::translate("ReportContent", "%1, %2 tokens in, %3 out")
            .arg(run.summary.product, text::number(run.inputTokens, 0), text::number(run.outputTokens, 0));
    const QString text = QCoreApplication::translate(
        "ReportContent", "%1, the data set %2: on average %3 tokens in (as the server counted them), %4 out")
                             .arg(run.summary.product, QFileInfo(dataset).fileName(), text::number(run.inputTokens, 0),
                                 text::number(run.outputTokens, 0));
    return run.workloadClauses().isEmpty() ? text : text + u", " + run.workloadClauses().join(QStringLiteral(", "));
}

} // namespace

QString ReportContent::milliseconds(double value)
{
    return std::isnan(value) ? QStringLiteral("–") : text::number(value, value >= 100 ? 0 : value >= 10 ? 1 : 2);
}

QString ReportContent::lightName(Light light)
{
    switch (light) {
    case Light::Green:
        return QStringLiteral("green");
    case Light::Amber:
        return QStringLiteral("amber");
    case Light::Red:
        return QStringLiteral("red");
    case Light::Grey:
        break;
    }
    return QStringLiteral("grey");
}

QString ReportContent::lightColor(Light light)
{
    switch (light) {
    case Light::Green:
        return kGreen;
    case Light::Amber:
        return QStringLiteral("#e0a100");
    case Light::Red:
        return kRed;
    case Light::Grey:
        break;
    }
    return QStringLiteral("#999999");
}

ReportContent::Answer ReportContent::capacityAnswer(
    const Capacity& cap, bool byRate, double percentile, std::optional<Wall::Kind> limiting)
{
    Answer out;
    const QString p = QStringLiteral("p") + text::number(percentile);
    out.definition = byRate ? QCoreApplication::translate(
                         "ReportContent", "Capacity: the highest request rate with each figure under its target at %1")
                                  .arg(p)
                            : QCoreApplication::translate(
                                "ReportContent", "Capacity: the most users with each figure under its target at %1")
                                  .arg(p);
    // What limits it, in the reader's words, for "limited by …".
    // Failed requests are no latency target: "limited by the latency target" beside a verdict that says failures
    // rose read as two causes.
    const bool shareOfRequests = cap.metric == u"errors" || cap.metric == u"attainment";
    const QString limitedBy = !limiting || (shareOfRequests && *limiting == Wall::Kind::Latency)
        ? text::metricName(cap.metric)
        : *limiting == Wall::Kind::Saturation ? QCoreApplication::translate("ReportContent", "saturation")
        : *limiting == Wall::Kind::Memory     ? QCoreApplication::translate("ReportContent", "memory")
                                              : QCoreApplication::translate("ReportContent", "the latency target");
    switch (cap.bound) {
    case Capacity::Bound::Between:
        out.number = QStringLiteral("≈ ") + text::loadLabel(cap.shown(), byRate);
        out.summary = (cap.intervalOpen ? QCoreApplication::translate("ReportContent",
                           "Capacity: %1 (%2 as measured; too few requests to bound it at 95%) at %3 (limited by %4).")
                : cap.intervalIs95()
                ? QCoreApplication::translate("ReportContent", "Capacity: %1 (%2, 95% interval) at %3 (limited by %4).")
                : QCoreApplication::translate("ReportContent", "Capacity: %1 (%2 as measured) at %3 (limited by %4)."))
                          .arg(byRate ? text::load(cap.shown(), true) : text::usersLabel(cap.shown()),
                              text::range(cap.shownLow(), cap.shownHigh()), p, limitedBy);
        break;
    case Capacity::Bound::AtLeast:
        out.number = QStringLiteral("≥ ") + text::loadLabel(cap.shown(), byRate);
        out.summary = QCoreApplication::translate(
            "ReportContent", "Capacity: at least %1 (every load measured met the targets).")
                          .arg(byRate ? text::load(cap.shown(), true) : text::usersLabel(cap.shown(), false));
        break;
    case Capacity::Bound::Below:
        out.number = QStringLiteral("< ") + text::loadLabel(cap.shown(), byRate);
        out.summary = QCoreApplication::translate(
            "ReportContent", "Capacity: below %1 (even the lowest load missed the targets).")
                          .arg(text::load(cap.shown(), byRate));
        break;
    case Capacity::Bound::None:
        out.number = QStringLiteral("–");
        out.summary = QCoreApplication::translate("ReportContent", "Capacity: not measured.");
        break;
    }
    return out;
}

// The answer at a glance (ReportContent::Answer): the capacity as a number with its definition, the steps that
// bracket it with their figures, how far it can be believed, the wall that sets it and the knee.
namespace {

// Joules with three significant figures: 0.0123, 0.456, 4.56, 45.6.
QString joules(double j)
{
    return text::number(j, j < 0.01 ? 5 : j < 0.1 ? 4 : j < 1 ? 3 : j < 10 ? 2 : j < 100 ? 1 : 0);
}

QString gpusText(int gpus)
{
    return gpus == 1 ? QCoreApplication::translate("ReportContent", "1 GPU")
                     : QCoreApplication::translate("ReportContent", "%1 GPUs").arg(gpus);
}

// The GPUs' power beside the physics check: energy per output token and goodput per kW at the load that answers the
// question (the highest within the targets, else the highest throughput), and the load that spent least per token;
// or why the GPUs were not read.
void addEnergy(ReportContent& c, const RunData& run, const RunAnalysis& a)
{
    const LoadCurve& curve = a.curve.points.empty() ? a.rateCurve : a.curve;
    const CurvePoint* highest = nullptr;
    const CurvePoint* leanest = nullptr;
    for (const CurvePoint& pt : curve.points) {
        if (std::isnan(pt.powerW))
            continue;
        if (!highest || pt.outputTokensPerSecond > highest->outputTokensPerSecond)
            highest = &pt;
        if (!std::isnan(pt.joulesPerOutputToken)
            && (!leanest || pt.joulesPerOutputToken < leanest->joulesPerOutputToken))
            leanest = &pt;
    }
    if (!highest) {
        QString note;
        for (const StepData& s : run.steps) {
            if (!s.gpuSeries.note.isEmpty()) {
                note = s.gpuSeries.note;
                break;
            }
        }
        // Readings came, but every step was too short against the time between them (GpuWindow::diluted).
        for (const StepData& s : run.steps) {
            const std::vector<GpuSample>& r = s.gpuSeries.samples;
            if (!note.isEmpty() || r.size() < 2 || !s.gpu.diluted)
                continue;
            const double gapS = double(r.back().ns - r.front().ns) / 1e9 / double(r.size() - 1);
            note = QCoreApplication::translate("ReportContent",
                "the GPUs were read every %1 s, and the steps were too short for that (%2 s at %3): lengthen them "
                "(--duration) or read more often (--scrape-interval-ms)")
                       .arg(text::number(gapS, 1),
                           text::number(s.stats.window.usable ? s.stats.window.seconds() : s.wallSeconds, 1),
                           s.loadPhrase());
            break;
        }
        c.physics << (note.isEmpty()
                ? QCoreApplication::translate("ReportContent", "GPU power was not recorded for this run.")
                : QCoreApplication::translate("ReportContent", "GPU power not measured: %1.").arg(note));
        return;
    }
    const Capacity& capacity = curve.capacity;
    const bool withinTargets = capacity.lastPass >= 0 && capacity.lastPass < int(curve.points.size())
        && !std::isnan(curve.points[std::size_t(capacity.lastPass)].powerW);
    const CurvePoint& at = withinTargets ? curve.points[std::size_t(capacity.lastPass)] : *highest;
    const GpuWindow& gpu = at.step->gpu;
    QString rated;
    if (a.settings.gpu && a.settings.gpu->tdpW && gpu.gpus > 0)
        rated = QCoreApplication::translate("ReportContent", " (%1 of %2 rated)")
                    .arg(text::percent(at.powerW / (*a.settings.gpu->tdpW * gpu.gpus)),
                        gpu.gpus == 1 ? QCoreApplication::translate("ReportContent", "its %1 W")
                                            .arg(text::number(*a.settings.gpu->tdpW, 0))
                                      : QCoreApplication::translate("ReportContent", "%1 × %2 W")
                                            .arg(gpu.gpus)
                                            .arg(text::number(*a.settings.gpu->tdpW, 0)));
    c.physics << QCoreApplication::translate("ReportContent",
        "GPU energy, read from the %1 (%2): %3 J per output token at %4, %5, drawing %6 W%7; goodput "
        "%8 requests/s per kW there.")
                     .arg(at.step->gpuSeries.sourceName(), gpusText(gpu.gpus), joules(at.joulesPerOutputToken),
                         at.step->loadPhrase(),
                         withinTargets
                             ? QCoreApplication::translate("ReportContent", "the highest load within the targets")
                             : QCoreApplication::translate("ReportContent", "the highest throughput measured"),
                         text::number(at.powerW, 0), rated,
                         std::isnan(at.goodputPerKw) ? QStringLiteral("–") : text::number(at.goodputPerKw));
    // nvidia-smi without the launch's GPU list reads every GPU of the machine: said, since an idle one's draw is in
    // the figures.
    if (run.options.gpuCount > 0 && gpu.gpus > run.options.gpuCount)
        c.physics << QCoreApplication::translate("ReportContent",
            "The readings cover %1 GPUs where the run names %2: the figures include GPUs the server may not use. "
            "Give --dcgm-url, or launch the server with kneepoint launch, to read only its own.")
                         .arg(gpu.gpus)
                         .arg(run.options.gpuCount);
    if (leanest && leanest != &at)
        c.physics << QCoreApplication::translate(
            "ReportContent", "The least energy per output token was at %1: %2 J, drawing %3 W.")
                         .arg(leanest->step->loadPhrase(), joules(leanest->joulesPerOutputToken),
                             text::number(leanest->powerW, 0));
}

ReportContent::Table energyTable(const RunData& run, const RunAnalysis& a)
{
    ReportContent::Table t;
    t.title = QCoreApplication::translate("ReportContent", "GPU power per step");
    t.header = {QCoreApplication::translate("ReportContent", "step"),
        QCoreApplication::translate("ReportContent", "load"), QCoreApplication::translate("ReportContent", "power W"),
        QCoreApplication::translate("ReportContent", "energy J"),
        QCoreApplication::translate("ReportContent", "J per output token"),
        QCoreApplication::translate("ReportContent", "goodput per kW"),
        QCoreApplication::translate("ReportContent", "GPU busy"),
        QCoreApplication::translate("ReportContent", "peak memory MiB"),
        QCoreApplication::translate("ReportContent", "readings")};
    for (const StepData& s : run.steps) {
        if (!s.gpu.measured())
            continue;
        const CurvePoint pt = LoadCurve::judge(run, s, a.settings);
        // SM activity where the exporter gives it (DCGM's profiling field), else the share of time a kernel ran.
        const double busy = std::isnan(s.gpu.smActive) ? s.gpu.utilization : s.gpu.smActive;
        t.rows.push_back({QString::number(s.index), s.loadLabel(), text::number(s.gpu.meanPowerW, 0),
            std::isnan(s.gpu.energyJ) ? QStringLiteral("–") : text::number(s.gpu.energyJ, 0),
            std::isnan(pt.joulesPerOutputToken) ? QStringLiteral("–") : joules(pt.joulesPerOutputToken),
            std::isnan(pt.goodputPerKw) ? QStringLiteral("–") : text::number(pt.goodputPerKw),
            std::isnan(busy) ? QStringLiteral("–") : text::percent(busy),
            std::isnan(s.gpu.peakMemoryUsedMib) ? QStringLiteral("–") : text::number(s.gpu.peakMemoryUsedMib, 0),
            QString::number(s.gpu.samples)});
    }
    return t;
}

} // namespace

ReportContent::Answer ReportContent::answerOf(const RunData& run, const RunAnalysis& a)
{
    const Capacity& cap = a.curve.capacity;
    const bool byRate = a.curve.byRate;
    Answer out = capacityAnswer(cap, byRate, a.settings.percentile, a.walls.limiting);
    const QString percentile = QStringLiteral("p") + text::number(a.settings.percentile);
    // A crossing figure as the verdict and the walls show it: latencies without the round trip a TTFT target allowed.
    const auto figure = [&](double value) { return cap.figure(value, run.roundTripMs); };
    const auto point = [&](int i) -> const CurvePoint* {
        return i >= 0 && i < int(a.curve.points.size()) ? &a.curve.points[std::size_t(i)] : nullptr;
    };
    const CurvePoint* pass = point(cap.lastPass);
    const CurvePoint* fail = point(cap.firstFail);
    if (cap.bound == Capacity::Bound::Between && pass && fail)
        out.bracket = QCoreApplication::translate(
            "ReportContent", "Met at %1 (%2 %3 %4); missed at %5 (%2 %3 %6), against a target of %7.")
                          .arg(text::load(pass->load, byRate), text::metricName(cap.metric), percentile,
                              figure(cap.valueAtPass), text::load(fail->load, byRate), figure(cap.valueAtFail),
                              figure(cap.target));
    else if (cap.bound == Capacity::Bound::AtLeast)
        out.bracket = QCoreApplication::translate("ReportContent", "Every load measured met every target.");
    else if (cap.bound == Capacity::Bound::Below)
        out.bracket = QCoreApplication::translate(
            "ReportContent", "The lowest load measured missed: %1 %2 was %3 against a target of %4.")
                          .arg(text::metricName(cap.metric), percentile, figure(cap.valueAtFail), figure(cap.target));
    if (a.confidence.level != CapacityConfidence::Level::High && !a.confidence.reasons.isEmpty())
        out.confidence
            = QCoreApplication::translate("ReportContent", "Confidence: %1, since %2.")
                  .arg(CapacityConfidence::text(a.confidence.level), a.confidence.reasons.join(QStringLiteral("; ")));
    double highest = 0;
    for (const CurvePoint& p : a.curve.points)
        highest = std::max(highest, p.load);
    out.lowestWall = a.walls.lowestSentence(highest, byRate);
    const KneePoint& k = a.curve.knee;
    out.knee = k.found ? QCoreApplication::translate("ReportContent", "Knee: %1: %2.")
                             .arg(a.curve.points[std::size_t(k.point)].step->loadLabel(), k.evidence)
        : k.next >= 0 ? QCoreApplication::translate(
              "ReportContent", "No knee: no pair of steps bought more latency than throughput; the closest, %1.")
                            .arg(k.evidence)
                      : QString();
    return out;
}

namespace {

// What `settings` changed of the run's own question, in words; empty when nothing.
QString whatIfText(const RunData& run, const AnalysisSettings& settings)
{
    // The run's own question from its options, as AnalysisSettings::ofRun reads it, without reading the catalog:
    // this runs at every frame of a what-if.
    AnalysisSettings own;
    own.slo = run.options.slo;
    own.percentile = run.options.percentile;
    const auto same = [](const std::optional<double>& x, const std::optional<double>& y) {
        return x.has_value() == y.has_value() && (!x || std::abs(*x - *y) < 1e-9);
    };
    QStringList changed;
    if (!same(own.slo.ttftMs, settings.slo.ttftMs) || !same(own.slo.tpotMs, settings.slo.tpotMs)
        || !same(own.slo.e2elMs, settings.slo.e2elMs) || own.percentile != settings.percentile)
        changed << QCoreApplication::translate("ReportContent", "%1 for %2, where the run was held to %3 for %4")
                       .arg(Verdict::targets(settings), Verdict::share(settings.percentile), Verdict::targets(own),
                           Verdict::share(own.percentile));
    const QString ownGpu = run.summary.gpu;
    if (settings.gpu && settings.gpu->id != ownGpu) {
        // Only a changed GPU is looked up, for its name.
        const std::optional<GpuSpec> named = ownGpu.isEmpty() ? std::nullopt : Catalog::forUser().gpu(ownGpu);
        changed << QCoreApplication::translate("ReportContent", "the %1 for the physics check, where the run named %2")
                       .arg(settings.gpu->name,
                           named                  ? named->name
                               : ownGpu.isEmpty() ? QCoreApplication::translate("ReportContent", "none")
                                                  : ownGpu);
    }
    if (changed.isEmpty())
        return {};
    return QCoreApplication::translate(
        "ReportContent", "judged under %1; every measurement is the run's own, only what it is held to changed")
        .arg(text::list(changed));
}

/// The title and the run's identity: its number and name, the server, the model or mix, the GPU, the traffic, the
/// targets, and what a reader must know first (a what-if, an unchecked certificate, a simulator's speed).
void addIdentity(ReportContent& c, const RunData& run, const RunAnalysis& a)
{
    const RunSummary& summary = run.summary;
    // The run's name, where the user gave one, is how they know it: it comes with the number in the title.
    const QString runName = summary.annotation.name.isEmpty()
        ? QString::number(summary.id)
        : QCoreApplication::translate("ReportContent", "%1, “%2”").arg(summary.id).arg(summary.annotation.name);
    c.title = QCoreApplication::translate("ReportContent", "Kneepoint report: run %1").arg(runName);
    c.subtitle = QCoreApplication::translate("ReportContent", "%1 at %2")
                     .arg(summary.model.isEmpty() ? QCoreApplication::translate("ReportContent", "unknown model")
                                                  : summary.model,
                         summary.url);
    const QString gpu
        = a.settings.gpu ? a.settings.gpu->name : QCoreApplication::translate("ReportContent", "not given");
    c.identity = {
        {QCoreApplication::translate("ReportContent", "Run"),
            QStringLiteral("%1%2, %3")
                .arg(summary.id)
                .arg(summary.demo ? QCoreApplication::translate("ReportContent", " (demo)") : QString(),
                    runStatusName(summary.status))},
        {QCoreApplication::translate("ReportContent", "Server"), summary.url},
        {QCoreApplication::translate("ReportContent", "Model"), summary.model},
        {QCoreApplication::translate("ReportContent", "GPU"), gpu},
        {QCoreApplication::translate("ReportContent", "Traffic"), trafficText(run)},
        {QCoreApplication::translate("ReportContent", "Targets"),
            QCoreApplication::translate("ReportContent", "%1 for %2")
                .arg(Verdict::targets(a.settings), Verdict::share(a.settings.percentile))},
        {QCoreApplication::translate("ReportContent", "Started"), summary.startedUtc},
    };
    // A run sent to several models names them all, with their shares, where a run of one names it.
    if (!run.options.models.empty()) {
        for (ReportContent::KeyValue& row : c.identity) {
            if (row.key == QCoreApplication::translate("ReportContent", "Model"))
                row.value = run.options.models.describe();
        }
    }
    if (!summary.statusReason.isEmpty())
        c.identity.push_back({QCoreApplication::translate("ReportContent", "Status"), summary.statusReason});
    if (!summary.annotation.tags.isEmpty())
        c.identity.push_back(
            {QCoreApplication::translate("ReportContent", "Tags"), summary.annotation.tags.join(QStringLiteral(", "))});
    if (!summary.annotation.notes.isEmpty())
        c.identity.push_back({QCoreApplication::translate("ReportContent", "Notes"), summary.annotation.notes});
    // A what-if exported or printed says so where the report begins: its figures are judged under targets, a
    // percentile or a GPU the run did not ask for.
    if (const QString whatIf = whatIfText(run, a.settings); !whatIf.isEmpty()) {
        c.title = QCoreApplication::translate("ReportContent", "Kneepoint report: run %1, what if").arg(runName);
        c.identity.push_back({QCoreApplication::translate("ReportContent", "What if"), whatIf});
    }
    if (run.options.insecure)
        c.identity.push_back({QCoreApplication::translate("ReportContent", "TLS"),
            QCoreApplication::translate("ReportContent",
                "the server's certificate was not checked (--insecure): these numbers came over a connection "
                "anyone in between could have read or changed")});
    if (run.timeScale != 1)
        c.identity.push_back({QCoreApplication::translate("ReportContent", "Simulated"),
            QCoreApplication::translate("ReportContent", "at %1× speed; every figure is in the server's time")
                .arg(text::number(run.timeScale))});
}

/// The three walls, in sentences and as rows, and the physics check against the GPU's floors.
void addWallsAndPhysics(ReportContent& c, const RunAnalysis& a)
{
    for (const Wall* w : {&a.walls.saturation, &a.walls.latency, &a.walls.memory})
        c.walls << wallSentence(*w, a.walls.limiting == w->kind, a.curve.byRate);
    double highest = 0;
    for (const CurvePoint& pt : a.curve.points)
        highest = std::max(highest, pt.load);
    for (const Wall* w : {&a.walls.latency, &a.walls.saturation, &a.walls.memory}) {
        ReportContent::WallRow row;
        row.name = Wall::title(w->kind);
        row.visible = w->visible;
        row.reached = w->visible && w->reached;
        row.limiting = a.walls.limiting == w->kind;
        row.load = w->load;
        row.evidence = w->evidenceWithQueue();
        row.value = !w->visible ? QCoreApplication::translate("ReportContent", "not visible")
            : row.reached
            ? text::load(w->load, a.curve.byRate)
            : QCoreApplication::translate("ReportContent", "beyond %1").arg(text::load(highest, a.curve.byRate));
        c.wallRows.push_back(row);
    }
    const PhysicsFloors& f = a.physics;
    if (!f.available) {
        c.physics << f.whyNot;
    } else {
        // The precision the floors assume, always: a quantised model's compute runs at INT8 or FP8, not BF16.
        c.physics << QCoreApplication::translate(
            "ReportContent", "%1 on %2%3 (%4 at %5 TFLOPS), %6 tokens in and %7 out.")
                         .arg(f.modelName,
                             f.tensorParallel > 1 ? QStringLiteral("%1 × ").arg(f.tensorParallel) : QString(),
                             f.gpuName, PhysicsFloors::precisionName(f.precision), text::number(f.peakTflops),
                             text::number(f.inputTokens, 0), text::number(f.outputTokens, 0));
        c.physics << QCoreApplication::translate("ReportContent",
            "Decode step floor %1 (%2 read per step); TTFT floor %3, the prompt's prefill, "
            "%4; at most %5 tokens/s for one user.")
                         .arg(text::milliseconds(f.decodeStepFloorMs),
                             QCoreApplication::translate("ReportContent", "%1 GB of weights")
                                 .arg(text::number(f.weightBytesRead / 1e9, 1)),
                             text::milliseconds(f.ttftFloorMs),
                             f.ttftComputeBound
                                 ? QCoreApplication::translate("ReportContent", "bound by %1 compute at %2 TFLOPS")
                                       .arg(PhysicsFloors::precisionName(f.precision), text::number(f.peakTflops))
                                 : QCoreApplication::translate("ReportContent", "bound by reading the weights once"),
                             text::number(f.singleRequestTokensPerSecond));
        if (!std::isnan(f.bandwidthEfficiency))
            c.physics << QCoreApplication::translate(
                "ReportContent", "One request reached %1 of the bandwidth floor (median TPOT %2, TTFT %3).")
                             .arg(text::percent(f.bandwidthEfficiency), text::milliseconds(f.baselineTpotMs),
                                 text::milliseconds(f.baselineTtftMs));
        if (!std::isnan(f.ttftUnjudgedCacheShare))
            c.physics << QCoreApplication::translate("ReportContent",
                "TTFT is not judged against its floor: the server's prefix cache served %1 of the one user's prompt "
                "tokens, and its counters do not say which requests' prefill it spared.")
                             .arg(text::percent(f.ttftUnjudgedCacheShare));
        if (f.fasterThanPhysics)
            c.physics << QCoreApplication::translate("ReportContent", "Faster than physics allows; likely: %1.")
                             .arg(text::list(f.fasterCauses));
    }
}

/// How each metric is defined here, beside vllm bench serve's and AIPerf's definitions.
void addDefinitions(ReportContent& c)
{
    c.definitions.title = QCoreApplication::translate("ReportContent", "Metric definitions");
    c.definitions.header = {QCoreApplication::translate("ReportContent", "metric"), QStringLiteral("Kneepoint"),
        QStringLiteral("vllm bench serve"), QStringLiteral("AIPerf")};
    c.definitions.rows = {
        {QStringLiteral("TTFT"),
            QCoreApplication::translate(
                "ReportContent", "first chunk carrying a token − send (the chat role chunk is not one)"),
            QCoreApplication::translate("ReportContent", "the same, but may count the role chunk"),
            QCoreApplication::translate("ReportContent", "time_to_first_token: the same")},
        {QStringLiteral("TPOT"),
            QCoreApplication::translate("ReportContent", "(E2EL − TTFT) / (output tokens − 1), per request"),
            QCoreApplication::translate("ReportContent", "TPOT: the same"),
            QCoreApplication::translate("ReportContent", "called inter_token_latency")},
        {QStringLiteral("ITL"), QCoreApplication::translate("ReportContent", "every gap between token chunks, pooled"),
            QCoreApplication::translate("ReportContent", "ITL: the same"),
            QCoreApplication::translate("ReportContent", "called inter_chunk_latency")},
        {QStringLiteral("E2EL"), QCoreApplication::translate("ReportContent", "last token chunk − send"),
            QCoreApplication::translate("ReportContent", "E2EL: the same"),
            QCoreApplication::translate("ReportContent", "request_latency: to the last response")},
        {QCoreApplication::translate("ReportContent", "latency sample"),
            QCoreApplication::translate("ReportContent",
                "a user step's requests sent inside its steady window (users ramping in and draining out left "
                "out); a rate step's every request"),
            QCoreApplication::translate("ReportContent", "every request"),
            QCoreApplication::translate("ReportContent", "every request after warm-up")},
        {QCoreApplication::translate("ReportContent", "throughput"),
            QCoreApplication::translate("ReportContent", "over each step's steady window (full load held)"),
            QCoreApplication::translate("ReportContent", "over the whole run"),
            QCoreApplication::translate("ReportContent", "over the benchmark duration")},
        {QCoreApplication::translate("ReportContent", "goodput"),
            QCoreApplication::translate("ReportContent",
                "requests meeting every target per second; failures count against "
                "attainment"),
            QCoreApplication::translate("ReportContent", "--goodput: failures left out"),
            QCoreApplication::translate("ReportContent", "goodput; good_request_fraction counts errors")},
    };
}

/// The server and the client machine the run was measured between, and what launch recorded.
void addEnvironment(ReportContent& c, const RunData& run)
{
    const ClientEnvironment& env = run.environment;
    c.environment = {
        {QCoreApplication::translate("ReportContent", "Server"), run.facts.serverText()},
        {QStringLiteral("Kneepoint"), env.kneepointVersion},
        {QStringLiteral("Qt"), env.qtVersion},
        {QCoreApplication::translate("ReportContent", "Client host"), env.host},
        {QCoreApplication::translate("ReportContent", "Client OS"), env.os},
        {QCoreApplication::translate("ReportContent", "Client CPU"),
            QCoreApplication::translate("ReportContent", "%1 (%2 cores)")
                .arg(env.cpuModel, env.cores > 0 ? QString::number(env.cores) : QString())},
        {QCoreApplication::translate("ReportContent", "Network round trip"), text::milliseconds(run.roundTripMs)},
        {QCoreApplication::translate("ReportContent", "KV cache"),
            run.facts.kvCapacityTokens ? QCoreApplication::translate("ReportContent", "%1 tokens")
                                             .arg(text::number(double(*run.facts.kvCapacityTokens)))
                                       : QCoreApplication::translate("ReportContent", "unknown")},
    };
    for (const auto& [label, value] : launchFactRows(run.launch))
        c.environment.push_back({label, value});
}

/// Each step's distributions, throughput and errors, and the by-model and energy tables where they apply.
void addAppendix(ReportContent& c, const RunData& run, const RunAnalysis& a)
{
    const double scale = run.timeScale;
    // Every request's TTFT as measured, the round trip in: labelled, since the scorecard and verdict leave it out.
    c.appendix.push_back(distributionTable(run,
        run.roundTripMs > 0
            ? QCoreApplication::translate("ReportContent", "TTFT (ms), the network's %1 round trip included")
                  .arg(text::milliseconds(run.roundTripMs))
            : QCoreApplication::translate("ReportContent", "TTFT (ms)"),
        [](const StepData& s) { return Distribution::of(s.ttftSorted); }));
    c.appendix.push_back(distributionTable(run, QCoreApplication::translate("ReportContent", "TPOT (ms)"),
        [](const StepData& s) { return Distribution::of(s.tpotSorted); }));
    c.appendix.push_back(distributionTable(run, QCoreApplication::translate("ReportContent", "E2EL (ms)"),
        [](const StepData& s) { return Distribution::of(s.e2elSorted); }));
    // Chunk gaps are kept only as each step's summary, on the client's clock: scaled to the server's time here.
    c.appendix.push_back(
        distributionTable(run, QCoreApplication::translate("ReportContent", "ITL, gaps between token chunks (ms)"),
            [scale](const StepData& s) { return s.stats.itlMs.scaled(scale); }));
    ReportContent::Table rates;
    rates.title = QCoreApplication::translate("ReportContent", "Throughput and errors");
    rates.header = {QCoreApplication::translate("ReportContent", "step"),
        QCoreApplication::translate("ReportContent", "phase"), QCoreApplication::translate("ReportContent", "load"),
        QCoreApplication::translate("ReportContent", "ok"), QCoreApplication::translate("ReportContent", "failed"),
        QCoreApplication::translate("ReportContent", "requests/s"),
        QCoreApplication::translate("ReportContent", "output tok/s"),
        QCoreApplication::translate("ReportContent", "total tok/s"),
        QCoreApplication::translate("ReportContent", "steady window s"),
        QCoreApplication::translate("ReportContent", "length mismatches")};
    for (const StepData& st : run.steps) {
        const Throughput& t = st.stats.window.usable ? st.stats.steady : st.stats.whole;
        rates.rows.push_back(
            {QString::number(st.index), phaseText(st), st.loadLabel(), QString::number(st.stats.succeeded),
                QString::number(st.stats.failed), text::number(t.requestsPerSecond / scale, 2),
                text::number(t.outputTokensPerSecond / scale, 0), text::number(t.totalTokensPerSecond / scale, 0),
                st.stats.window.usable ? text::number(st.stats.window.seconds() * scale, 1) : QStringLiteral("–"),
                QString::number(st.stats.outputLengthMismatches)});
    }
    c.appendix.push_back(rates);
    if (ReportContent::Table models = modelTable(run); !models.rows.empty())
        c.appendix.push_back(models);
    if (ReportContent::Table energy = energyTable(run, a); !energy.rows.empty())
        c.appendix.push_back(energy);
}

} // namespace

ReportContent ReportContent::of(const RunData& run, const RunAnalysis& a)
{
    ReportContent c;
    const double rtt = std::max(0.0, run.roundTripMs);
    addIdentity(c, run, a);
    c.verdict = a.verdict;

    const QString p = percentileName(a.settings.percentile);
    c.scoreHeader = {QCoreApplication::translate("ReportContent", "load"),
        QCoreApplication::translate("ReportContent", "TTFT %1 ms").arg(p),
        QCoreApplication::translate("ReportContent", "TPOT %1 ms").arg(p),
        QCoreApplication::translate("ReportContent", "E2EL %1 ms").arg(p),
        QCoreApplication::translate("ReportContent", "output tok/s"),
        QCoreApplication::translate("ReportContent", "within targets"),
        QCoreApplication::translate("ReportContent", "failed"),
        QCoreApplication::translate("ReportContent", "targets")};
    const bool ttfo = showsTtfo(a);
    if (ttfo)
        c.scoreHeader.insert(2, QCoreApplication::translate("ReportContent", "TTFO %1 ms").arg(p));
    addScore(c, a.curve, a.settings, a.trust, ttfo);
    addScore(c, a.rateCurve, a.settings, a.trust, ttfo);
    c.scoreNote = QCoreApplication::translate("ReportContent",
        "Green: every target met with room to spare; amber: met, but a metric is past %1 of "
        "its target; red: missed. Times at %2 in milliseconds; failures count against the "
        "targets.")
                      .arg(text::percent(kAmberShare), p);
    if (rtt > 0)
        c.scoreNote += u' '
            + QCoreApplication::translate("ReportContent",
                "TTFT leaves out the network's %1 round trip to the server, as the targets, the verdict and the "
                "charts do.")
                  .arg(text::milliseconds(rtt));
    if (ttfo)
        c.scoreNote += u' '
            + QCoreApplication::translate("ReportContent",
                "TTFO is the time to the first answer token, after the model's thinking; TTFT's first token is a "
                "thinking one.");
    // A TTFT no longer than the round trip is shown as 0, never below: the reader is told why.
    const auto within = [](const LoadCurve& curve) {
        return std::any_of(curve.points.begin(), curve.points.end(),
            [](const CurvePoint& pt) { return pt.withinRoundTrip(QStringLiteral("TTFT")); });
    };
    if (within(a.curve) || within(a.rateCurve))
        c.scoreNote += u' '
            + QCoreApplication::translate("ReportContent",
                "* TTFT within the network's round trip of %1: as measured it was no longer than the round trip, so "
                "the server's part is shown as 0.")
                  .arg(text::milliseconds(rtt));
    if (const std::vector<const StepData*> disturbed = TrustChecks::disturbed(a.trust); !disturbed.empty()) {
        QStringList where;
        for (const StepData* step : disturbed)
            where << step->loadPhrase();
        c.scoreNote += u' '
            + QCoreApplication::translate("ReportContent",
                "† Disturbed by the measurement itself at %1 (the client fell behind, or the simulator lagged its own "
                "clock: see the doubts above the verdict): those figures may be partly the measurement's.")
                  .arg(text::list(where));
    }

    c.doubts = TrustChecks::doubts(a.trust);
    if (run.facts.family == ServerFamily::LlamaCpp)
        c.tryNextIntro = QCoreApplication::translate("ReportContent",
            "Ranked by expected effect; llama-server's own flags, for the remedies Kneepoint knows as vLLM's.");
    else if (run.facts.vllmVersion.isEmpty())
        c.tryNextIntro = QCoreApplication::translate("ReportContent",
            "Ranked by expected effect. The server's vLLM version is unknown: each flag says which releases accept "
            "it.");
    else
        c.tryNextIntro = QCoreApplication::translate(
            "ReportContent", "Ranked by expected effect; each flag was checked against the server's vLLM version, %1.")
                             .arg(run.facts.vllmVersion);
    c.capacity = a.curve.capacity;
    c.answer = answerOf(run, a);
    QStringList seen;
    for (const Finding& f : a.findings) {
        switch (f.severity) {
        case Finding::Severity::Problem:
            c.problems << f;
            for (const FlagSuggestion& flag : f.tryNext) {
                if (seen.contains(flag.commandLine))
                    continue;
                seen << flag.commandLine;
                c.tryNext.push_back({flag, f.title, {}, int(c.tryNext.size())});
            }
            break;
        case Finding::Severity::Background:
            c.background << f;
            break;
        case Finding::Severity::Healthy:
            c.healthy << f;
            break;
        }
    }

    if (!a.curve.points.empty()) {
        c.charts.push_back(throughputLatencyChart(a));
        c.charts.push_back(throughputLoadChart(a));
        ParetoFrontier pareto = ParetoFrontier::of(ParetoFrontier::pointsOf(run, a));
        pareto.tpotTargetMs = a.settings.slo.tpotMs;
        if (!pareto.points.empty())
            c.charts.push_back(paretoChart(pareto));
        c.charts.push_back(latencyLoadChart(a, QStringLiteral("TTFT")));
        // A reasoning model's answer begins after its thinking: the wait a person sees, beside the first token's.
        if (showsTtfo(a))
            c.charts.push_back(latencyLoadChart(a, QStringLiteral("TTFO")));
        c.charts.push_back(latencyLoadChart(a, QStringLiteral("TPOT")));
    }
    if (!a.shapes.empty())
        c.charts.push_back(shapeChart(a));
    const bool anySamples
        = std::any_of(run.steps.begin(), run.steps.end(), [](const StepData& s) { return !s.samples.empty(); });
    if (anySamples)
        c.charts.push_back(serverMetricsChart(run));

    addWallsAndPhysics(c, a);
    addEnergy(c, run, a);

    c.quality = run.quality.lines();

    addDefinitions(c);
    addEnvironment(c, run);
    addAppendix(c, run, a);
    return c;
}

} // namespace kp::core
