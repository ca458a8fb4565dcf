// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/analysissettings.h"
#include "core/stats/distribution.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace kp::core {

struct RunData;
struct StepData;

/// One step on the load curve, judged under the settings' targets; latencies at the chosen percentile, in the
/// server's time, over successful requests.
struct CurvePoint
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    const StepData* step = nullptr;
    double load = 0; ///< users, or requests per second for a rate sweep
    PercentileEstimate ttft; ///< with the percentile's confidence interval
    PercentileEstimate tpot;
    PercentileEstimate e2el;
    PercentileEstimate ttfo; ///< to the first answer token (a reasoning model's, after its thinking)
    int samples = 0; ///< successful requests in the latency sample (StepStatistics::latencySample)
    int sampleFailed = 0; ///< failed requests in the latency sample: what the percentile targets count as +∞
    int failed = 0; ///< failed requests of the whole step
    double errorFraction = 0; ///< failed / measured, over the whole step
    double outputTokensPerSecond = kNaN;
    double outputTokensPerSecondLow = kNaN; ///< its confidence interval (Throughput, by batch means); NaN if unknown
    double outputTokensPerSecondHigh = kNaN;
    double requestsPerSecond = kNaN;
    int good = 0; ///< requests meeting every target
    double attainment = kNaN; ///< good / (succeeded + failed), over the latency sample
    double goodput = kNaN; ///< good requests per second
    /// The server's GPUs' mean draw over the step's rate interval, W; NaN when they were not read (StepData::gpu).
    double powerW = kNaN;
    double joulesPerOutputToken = kNaN; ///< powerW over the output tokens per second
    /// Goodput per kilowatt of the GPUs' draw: good requests per second for each kW, under the targets judged.
    double goodputPerKw = kNaN;
    bool meetsTargets = false;
    QStringList missed; ///< the metrics past their target: "TTFT", "TPOT", "E2EL", "TTFO", "errors"

    /// The percentiles with every failed request counted as infinitely slow: what targets are judged on (a user who
    /// got an error was not served). +∞ where failures reach past the percentile; equal to the above without
    /// failures.
    double ttftJudged = kNaN;
    double tpotJudged = kNaN;
    double e2elJudged = kNaN;
    double ttfoJudged = kNaN; ///< a request that never answered counts as infinitely slow too

    /// TTFT, TPOT, E2EL and TTFO: the latencies a target can be set on, each with a percentile interval.
    static bool isLatency(const QString& metric)
    {
        return metric == u"TTFT" || metric == u"TPOT" || metric == u"E2EL" || metric == u"TTFO";
    }
    /// TTFT and TTFO: the latencies to a first token, which carry the network's round trip.
    static bool carriesRoundTrip(const QString& metric) { return metric == u"TTFT" || metric == u"TTFO"; }

    /// The point's value of `metric` ("TTFT", "TPOT", "E2EL", "errors" as a fraction, "attainment"), over the
    /// requests that succeeded: what charts and tables show.
    double value(const QString& metric) const;
    /// The percentile's confidence interval of TTFT, TPOT or E2EL as value() reports them; NaN where unbounded or
    /// for another metric.
    double valueLow(const QString& metric) const;
    double valueHigh(const QString& metric) const;
    /// The same with failures counted as infinitely slow, for TTFT, TPOT and E2EL: what a target is judged on.
    double judged(const QString& metric) const;

    /// The network's round trip to the server (the run's /health median), which every TTFT carries and no target
    /// should: the shown TTFT leaves it out.
    double roundTripMs = 0;
    /// What every table, chart and sentence shows for `metric`: value() with the round trip taken out of TTFT. One
    /// figure, one value: the verdict, the scorecard and the charts all read it here. Never below zero: a TTFT no
    /// longer than the round trip (a fast server over HTTPS) is 0, and withinRoundTrip() says so.
    double shown(const QString& metric) const;
    /// Whether shown(metric) was held at 0 because the measured figure lay within the network's round trip: the
    /// server's part is too small to tell from the network's. Every face says "within the network's round trip".
    bool withinRoundTrip(const QString& metric) const
    {
        return carriesRoundTrip(metric) && roundTripMs > 0 && value(metric) <= roundTripMs;
    }

    /// Whether this point's throughput and `other`'s are within the noise of both: their intervals overlap. False
    /// when either has no interval.
    bool throughputOverlaps(const CurvePoint& other) const
    {
        return outputTokensPerSecondLow <= other.outputTokensPerSecondHigh
            && other.outputTokensPerSecondLow <= outputTokensPerSecondHigh;
    }
};

/// Where a curve stops meeting what is asked, interpolated between the two measured steps around the crossing.
struct Capacity
{
    enum class Bound {
        None, ///< no steps
        Between, ///< crossed between lastPass and firstFail
        AtLeast, ///< every step passed: at least the highest load measured
        Below, ///< even the lowest load failed
    };
    Bound bound = Bound::None;
    /// "none", "between", "at_least", "below": the name the JSON reports write, and read back with boundNamed().
    static QString boundName(Bound bound);
    static Bound boundNamed(const QString& name); ///< None for a name it does not know
    double load = 0; ///< the interpolated crossing (Between), the highest passing load (AtLeast), or the lowest (Below)
    int lastPass = -1; ///< index into the curve's points
    int firstFail = -1;
    QString metric; ///< what crossed first ("TTFT", "TPOT", "E2EL", "errors", "attainment")
    double target = 0; ///< its target
    double valueAtPass = std::numeric_limits<double>::quiet_NaN();
    double valueAtFail = std::numeric_limits<double>::quiet_NaN();
    /// At the last passing step, how far under its target the closest latency figure was (1 − value / target, failures
    /// counted as infinitely slow), and which figure that was; NaN without a passing step or a latency target.
    double headroom = std::numeric_limits<double>::quiet_NaN();
    QString tightest;
    /// Between two steps: where the crossing surely lies at the percentile's confidence, from the highest load that
    /// passed to the lowest that failed, widened past a step whose percentile interval straddles the target.
    /// Probes (CapacitySearch) narrow it.
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
    /// A bracketing step's percentile interval has no bound on the side that matters (too few requests for the
    /// percentile): low–high is the bracket as measured, not a 95% interval.
    bool intervalOpen = false;
    /// A step above the one that missed met every target again: the curve is not monotone (a disturbed or noisy
    /// step), so the crossing at firstFail is uncertain. The index of the highest load that passed after it; -1 when
    /// none did. The capacity stays at the first miss, the cautious answer, and every face says why it is uncertain.
    int laterPass = -1;
    /// low–high is a 95% interval: a latency crossing whose bracketing steps bound their percentile. Otherwise it is
    /// the bracket as measured (an open interval, or a share such as attainment or errors, which has none).
    bool intervalIs95() const { return !intervalOpen && CurvePoint::isLatency(metric); }

    /// The load of the first step that missed (the step above a crossing); NaN when none did.
    double failLoad = std::numeric_limits<double>::quiet_NaN();
    /// The load as every text shows it: a crossing is rounded at the precision shown (whole users from 10, tenths
    /// below), 5.77 users between 5 (passed) and 6 (missed) is "5.8", not a truncated "5.7"; but it never reads as
    /// the step that failed, so a rounding that reaches it steps down one unit: 15.6 users between 8 and 16 is "15
    /// users", not "16". Without the failing load known, it is rounded down.
    double shown() const
    {
        if (bound != Bound::Between)
            return load;
        const double r = rounded(load);
        return r < failLoad ? r : roundedDown(load);
    }
    /// A crossing value (valueAtPass, valueAtFail, target) as the user reads it: TTFT (and TTFO) is judged with the
    /// network's round trip allowed on top of the target, and shown without it, as the verdict, the walls and the
    /// window do; never below zero, as CurvePoint::shown().
    double asShown(double value, double roundTripMs) const
    {
        const double v = CurvePoint::carriesRoundTrip(metric) ? value - std::max(0.0, roundTripMs) : value;
        return v < 0 ? 0 : v; // NaN stays NaN
    }
    /// A value of the capacity's metric as every face writes it: a latency as asShown() in milliseconds, a share of
    /// requests (errors, attainment) as a percentage.
    QString figure(double value, double roundTripMs) const;
    /// The interval as every text shows it: each end rounded at the precision shown, never past the capacity shown.
    double shownLow() const { return std::min(shown(), rounded(low)); }
    double shownHigh() const { return std::max(shown(), rounded(high)); }

private:
    static double roundedDown(double v) { return v >= 10 ? std::floor(v) : std::floor(v * 10) / 10; }
    static double rounded(double v) { return v >= 10 ? std::round(v) : std::round(v * 10) / 10; }
};

/// The knee of the throughput–latency curve: the last load before the first pair of steps where the latency each
/// request took grew faster, in relative terms, than the throughput it bought: an elasticity (relative growth of the
/// median end-to-end latency over relative growth of output throughput) above kKneeElasticity, with the latency
/// grown by at least kKneeLatencyGrowth so that noise at low loads sets none. Below the knee more users mostly buy
/// throughput; past it they mostly buy waiting. A pair where throughput fell while latency grew has an elasticity of
/// +∞. For a sweep that doubles the users this is where a doubling bought less than √2× the throughput.
struct KneePoint
{
    static constexpr double kKneeElasticity = 1.0;
    static constexpr double kKneeLatencyGrowth = 0.05;

    bool found = false;
    int point = -1; ///< index into the curve's points: the knee itself
    /// The step after it, where latency outgrew throughput; when none was found, the pair with the highest
    /// elasticity (-1 with fewer than two steps), which `evidence` quotes.
    int next = -1;
    double load = 0;
    double outputTokensPerSecond = 0;
    double throughputGrowth = std::numeric_limits<double>::quiet_NaN(); ///< from point to next: 0.12 is +12%
    double latencyGrowth = std::numeric_limits<double>::quiet_NaN(); ///< of the median end-to-end latency
    double elasticity = std::numeric_limits<double>::quiet_NaN(); ///< latencyGrowth / throughputGrowth
    QString method; ///< the definition, in words, for every report
    /// The two steps it rests on, with their numbers: "from 32 to 64 users output throughput grew 12% (2,943 → 3,296
    /// tokens/s) while the median request took 78% longer (4.1 s → 7.3 s)".
    QString evidence;
};

/// A sweep's steps as a curve, with its capacity under the targets, DistServe's goodput capacity and its knee.
///
/// Capacity: the first step, in load order, that misses a target ends it; the crossing is interpolated linearly in
/// load between that step and the one before, for each metric that missed, and the lowest crossing counts. A
/// failed request counts against the percentile: with more than (100 − p)% of requests failed a step misses "at
/// p" whatever the successful ones measured, since a failure is as bad as an infinitely slow answer. Goodput
/// capacity: likewise on SLO attainment (failures count against it) against the attainment target. Knee: see
/// KneePoint.
struct LoadCurve
{
    std::vector<CurvePoint> points; ///< by load
    Capacity capacity;
    Capacity goodputCapacity;
    KneePoint knee;
    bool byRate = false; ///< an open-loop curve: loads are requests per second
    /// Steps left off the curve because no request of theirs was in the latency sample: nothing to judge.
    std::vector<const StepData*> unmeasured;

    /// The curve of `steps` (of `run`), in load order. A TTFT target is judged on the server's side of the
    /// network: the run's measured round trip is allowed on top of it.
    static LoadCurve of(
        const RunData& run, const std::vector<const StepData*>& steps, const AnalysisSettings& settings);
    /// One step judged under the settings, as on a curve.
    static CurvePoint judge(const RunData& run, const StepData& step, const AnalysisSettings& settings);
};

/// What a gateway in front of the server refused on a curve (ErrorClass::GatewayRejected): its 429s and 5xx pages,
/// counted as the gateway's, not the server's. The trust checks and the verdict name the cap with these numbers.
struct GatewayCap
{
    int refused = 0; ///< requests the gateway refused, over the curve's steps
    int total = 0; ///< the measured requests of the steps from the first it refused at on
    QString from; ///< the lowest load it refused at ("8 users"), in the user's language
    QStringList messages; ///< its own words, each distinct sentence once, in the order of the curve

    double rate() const { return total > 0 ? double(refused) / total : 0; }
    /// The messages quoted and joined: `"HTTP 429 from a gateway … : "429 Too Many Requests""`.
    QString words() const;
    static GatewayCap of(const LoadCurve& curve);
};

} // namespace kp::core
