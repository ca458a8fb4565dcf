// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/trustchecks.h"

#include "core/analysis/analysissettings.h"
#include "core/analysis/disturbance.h"
#include "core/analysis/loadcurve.h"
#include "core/analysis/physicsfloors.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"
#include "core/load/bufferedstream.h"
#include "core/load/trace.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace kp::core {

namespace {

using Status = TrustCheck::Status;

// A client using more than this share of its cores was likely slowing the measurement down.
constexpr double kClientBusy = 0.9;
constexpr double kClientWarm = 0.5;
// The load pattern's sends were this late at p99: arrivals were not what was asked.
constexpr double kScheduleLagWarnMs = 10;
// A load thread's event loop woke this late at p99 for a timer: chunks waited as long in the kernel before they were
// read and timed, so inter-token times that small are partly the client's (Warn), or all of them are (Fail).
constexpr double kLoopLagWarnMs = 2;
constexpr double kLoopLagFailMs = 10;
// A load thread using this share of a core has no slack left to read chunks as they come.
constexpr double kThreadBusy = 0.9;
constexpr double kNetworkShareWarn = 0.2;
// The simulator warns on its own (SimServer::onStepTimer) once its engine loop is this far behind its clock: the
// figures measured then are distorted.
constexpr double kSimLagWarnMs = TrustChecks::kSimulatorLagWarnMs;
// A lag, in the server's time, this large a share of the step's TTFT at the percentile moved the figure itself.
constexpr double kSimLagFailShare = 0.1;

// A check titled from TrustChecks::titles(): the claim it makes when it passes, the doubt it raises when it does not.
TrustCheck check(QString id, Status status, QString detail = {}, double percentile = 99)
{
    TrustCheck c;
    TrustCheck::Titles titles = TrustChecks::titles(id, percentile);
    c.id = std::move(id);
    c.title = titles.claim;
    c.status = status;
    c.detail = std::move(detail);
    c.claim = std::move(titles.claim);
    c.doubt = std::move(titles.doubt);
    return c;
}

TrustCheck steadyState(const LoadCurve& curve)
{
    TrustCheck c = check(QStringLiteral("steady-state"), Status::Pass);
    QStringList missing;
    QStringList tooShort;
    for (const CurvePoint& p : curve.points) {
        if (p.step->stats.window.tooShort)
            tooShort << p.step->loadPhrase();
        else if (!p.step->stats.window.usable)
            missing << p.step->loadPhrase();
    }
    // Steps the curve left out: no measured request of theirs ended inside the step, so there is nothing to judge.
    QStringList empty;
    for (const StepData* s : curve.unmeasured)
        empty << s->loadPhrase();
    if (!empty.isEmpty()) {
        c.status = Status::Fail;
        c.detail = QCoreApplication::translate("TrustChecks",
            "At %1 no measured request was in the step's sample (the step ended before one did), so that load is "
            "left off the curve and not judged. Run more requests per step, or a longer --duration.")
                       .arg(text::list(empty));
        if (!tooShort.isEmpty() || !missing.isEmpty())
            c.detail += u' '
                + QCoreApplication::translate("TrustChecks", "%1 never held the full load long enough to measure.")
                      .arg(text::list(tooShort + missing));
        return c;
    }
    if (!tooShort.isEmpty()) {
        // A rate over less than a few of the server's cycles is one wave's, not the server's: say it plainly.
        c.status = Status::Fail;
        c.detail = QCoreApplication::translate("TrustChecks",
            "At %1 the full load held for less than %2 of the server's cycles (a request's lifetime, or the part of it "
            "a queued request held its place), too short for a steady rate; the throughput is over the step's "
            "measured span instead. Run more requests per step (or --duration).")
                       .arg(text::list(tooShort))
                       .arg(SteadyWindow::kLifetimes);
        if (!missing.isEmpty())
            c.detail += u' '
                + QCoreApplication::translate("TrustChecks", "%1 never held the full load at all.")
                      .arg(text::list(missing));
        return c;
    }
    if (curve.points.empty()) {
        c.status = Status::NotMeasured;
        c.detail = QCoreApplication::translate("TrustChecks", "No load steps were measured.");
    } else if (missing.isEmpty()) {
        c.detail
            = QCoreApplication::translate("TrustChecks", "All %1 steps held their full load for a measurable window.")
                  .arg(curve.points.size());
    } else {
        c.status = Status::Warn;
        c.detail = QCoreApplication::translate("TrustChecks",
            "%1 never held the full load long enough to measure; their throughput is over the "
            "whole step, ramp-up included. Run more requests per step.")
                       .arg(text::list(missing));
    }
    return c;
}

TrustCheck client(const RunData& run)
{
    TrustCheck c = check(QStringLiteral("client"), Status::NotMeasured,
        QCoreApplication::translate("TrustChecks", "The client's CPU time was not recorded for this run."));
    double busiest = -1;
    QString where;
    for (const StepData& s : run.steps) {
        if (s.cancelled || s.clientCpuSeconds < 0 || s.wallSeconds <= 0)
            continue;
        const double used = s.clientCpuSeconds / s.wallSeconds;
        if (used > busiest) {
            busiest = used;
            where = s.loadPhrase();
        }
    }
    const double cores = std::max(1.0, double(run.environment.cores));
    double worstLag = -1;
    QString lagWhere;
    for (const StepData& s : run.steps) {
        const double lag = s.stats.scheduleLagMs.p99.value;
        if (!s.cancelled && !std::isnan(lag) && lag > worstLag) {
            worstLag = lag;
            lagWhere = s.loadPhrase();
        }
    }
    QStringList parts;
    if (busiest >= 0) {
        c.status = Status::Pass;
        parts << QCoreApplication::translate("TrustChecks", "the client used at most %1 of its %2 cores' time (at %3)")
                     .arg(text::number(busiest, 2), text::number(cores, 0), where);
        if (busiest > kClientBusy * cores)
            c.status = Status::Fail;
        else if (busiest > kClientWarm * cores)
            c.status = Status::Warn;
    }
    if (worstLag >= 0) {
        if (c.status == Status::NotMeasured)
            c.status = Status::Pass;
        parts << QCoreApplication::translate(
            "TrustChecks", "requests left at most %1 behind their schedule at p99 (at %2)")
                     .arg(text::milliseconds(worstLag), lagWhere);
        if (worstLag > kScheduleLagWarnMs && c.status == Status::Pass)
            c.status = Status::Warn;
    }
    // Per thread, not per process: one load thread at a whole core falls behind, whatever the other cores do.
    double busiestThread = -1;
    QString threadWhere;
    double worstLoop = -1;
    QString loopWhere;
    for (const StepData& s : run.steps) {
        if (s.cancelled)
            continue;
        if (s.busiestThreadCpuShare > busiestThread) {
            busiestThread = s.busiestThreadCpuShare;
            threadWhere = s.loadPhrase();
        }
        if (s.loopLagP99Ms > worstLoop) {
            worstLoop = s.loopLagP99Ms;
            loopWhere = s.loadPhrase();
        }
    }
    auto atLeast = [&c](Status s) {
        if (c.status == Status::NotMeasured || c.status == Status::Pass
            || (c.status == Status::Warn && s == Status::Fail))
            c.status = s;
    };
    if (worstLoop >= 0) {
        atLeast(Status::Pass);
        parts << QCoreApplication::translate(
            "TrustChecks", "the load threads' event loops woke at most %1 late at p99 (at %2)")
                     .arg(text::milliseconds(worstLoop), loopWhere);
        if (worstLoop > kLoopLagFailMs)
            atLeast(Status::Fail);
        else if (worstLoop > kLoopLagWarnMs)
            atLeast(Status::Warn);
    }
    if (busiestThread >= 0) {
        atLeast(Status::Pass);
        parts << QCoreApplication::translate("TrustChecks", "the busiest load thread used %1 of a core (at %2)")
                     .arg(text::percent(busiestThread), threadWhere);
        if (busiestThread > kThreadBusy)
            atLeast(Status::Warn);
    }
    // The steps the client fell behind in, each with what shows it: past a threshold that fails the check (its
    // cores, its event loops), or sending late enough that arrivals were not what was asked.
    QStringList behind;
    for (const StepData& s : run.steps) {
        if (s.cancelled)
            continue;
        QStringList why;
        if (s.clientCpuSeconds >= 0 && s.wallSeconds > 0 && s.clientCpuSeconds / s.wallSeconds > kClientBusy * cores)
            why << QCoreApplication::translate("TrustChecks", "%1 of its %2 cores' time")
                       .arg(text::number(s.clientCpuSeconds / s.wallSeconds, 2), text::number(cores, 0));
        if (const double lag = s.stats.scheduleLagMs.p99.value; !std::isnan(lag) && lag > kScheduleLagWarnMs)
            why << QCoreApplication::translate("TrustChecks", "requests sent %1 late at p99")
                       .arg(text::milliseconds(lag));
        if (s.loopLagP99Ms > kLoopLagFailMs)
            why << QCoreApplication::translate("TrustChecks", "event loops %1 late at p99")
                       .arg(text::milliseconds(s.loopLagP99Ms));
        if (why.isEmpty())
            continue;
        c.disturbed.push_back(&s);
        behind << QStringLiteral("%1 (%2)").arg(s.loadPhrase(), why.join(QStringLiteral(", ")));
    }
    if (!parts.isEmpty()) {
        c.detail = parts.join(QStringLiteral("; ")) + u'.';
        c.detail[0] = c.detail[0].toUpper();
        if (!behind.isEmpty())
            c.detail += u' '
                + QCoreApplication::translate("TrustChecks",
                    "The client fell behind at %1: the figures of those steps may be partly the client's.")
                      .arg(text::list(behind));
        if (c.status != Status::Pass)
            c.detail += QCoreApplication::translate(
                "TrustChecks", " Run the client on a machine with more free cores, or lower the load.");
    }
    return c;
}

// The simulator says how far its engine loop ran behind its own clock (kneepoint:sim_lag_seconds, read at each
// /metrics scrape): tokens it delivered then came late by as much, which no server would have done. A real server
// reports no such figure, and its run gets no such check.
std::optional<TrustCheck> simulatorLag(const RunData& run, const AnalysisSettings& settings)
{
    TrustCheck c = check(QStringLiteral("sim-lag"), Status::Pass);
    bool reported = false;
    int scrapes = 0;
    double mostMs = 0;
    const StepData* mostAt = nullptr;
    QStringList lagged;
    for (const StepData& s : run.steps) {
        if (s.cancelled)
            continue;
        double lagMs = -1;
        for (const MetricsSample& m : s.samples) {
            if (m.lagSeconds < 0)
                continue;
            ++scrapes;
            lagMs = std::max(lagMs, m.lagSeconds * 1000);
        }
        if (lagMs < 0)
            continue;
        reported = true;
        if (!mostAt || lagMs > mostMs) {
            mostMs = lagMs;
            mostAt = &s;
        }
        if (lagMs <= kSimLagWarnMs)
            continue;
        c.disturbed.push_back(&s);
        // The lag is real time; the step's figures are in the server's, which runs timeScale times faster.
        const double serverMs = lagMs * run.timeScale;
        const double ttft = LoadCurve::judge(run, s, settings).shown(QStringLiteral("TTFT"));
        const double share = ttft > 0 ? serverMs / ttft : std::numeric_limits<double>::infinity();
        if (!std::isnan(ttft) && share >= kSimLagFailShare)
            c.status = Status::Fail;
        else if (c.status == Status::Pass)
            c.status = Status::Warn;
        const QString delay = run.timeScale != 1
            ? QCoreApplication::translate("TrustChecks", "%1, %2 in the server's time at %3× speed")
                  .arg(text::milliseconds(lagMs), text::milliseconds(serverMs), text::number(run.timeScale))
            : text::milliseconds(lagMs);
        lagged << (std::isnan(ttft) || std::isinf(share)
                ? QCoreApplication::translate("TrustChecks", "%1 (%2)").arg(s.loadPhrase(), delay)
                : QCoreApplication::translate("TrustChecks", "%1 (%2: %3 of its TTFT p%4 of %5)")
                      .arg(s.loadPhrase(), delay, text::percent(share), text::number(settings.percentile),
                          text::milliseconds(ttft)));
    }
    if (!reported)
        return std::nullopt;
    if (lagged.isEmpty()) {
        c.detail = QCoreApplication::translate("TrustChecks",
            "At each of %1 /metrics scrapes the simulator's engine loop was at most %2 behind its clock (at %3); "
            "it warns past %4.")
                       .arg(text::number(scrapes), text::milliseconds(mostMs), mostAt->loadPhrase(),
                           text::milliseconds(kSimLagWarnMs));
        return c;
    }
    c.detail = QCoreApplication::translate("TrustChecks",
        "The simulator's engine loop fell more than %1 behind its own clock at %2: tokens came that much later than "
        "its model of the server says, so latencies there are partly this machine's load. Lower the simulator's "
        "--speed or the load, or give it a machine of its own.")
                   .arg(text::milliseconds(kSimLagWarnMs), text::list(lagged));
    return c;
}

TrustCheck outputLength(const RunData& run)
{
    TrustCheck c = check(QStringLiteral("output-length"), Status::Pass);
    if (run.environment.import && !run.environment.import->outputLengthsRecorded) {
        c.status = Status::NotMeasured;
        c.detail = QCoreApplication::translate("TrustChecks",
            "Output lengths were not recorded: the file's are all 0 (a vllm bench serve client that reads usage only "
            "from a chunk without choices), so Kneepoint counted one token a chunk.");
        return c;
    }
    int mismatched = 0, total = 0, disagreed = 0, said = -1, carried = -1;
    for (const StepData& s : run.steps) {
        if (s.cancelled)
            continue;
        mismatched += s.stats.outputLengthMismatches;
        total += s.stats.succeeded;
        if (s.stats.usageDisagreements > 0 && disagreed == 0) {
            said = s.stats.usageSaid;
            carried = s.stats.chunksCarried;
        }
        disagreed += s.stats.usageDisagreements;
    }
    // A server whose usage contradicts its own stream: its count would have halved or doubled every per-token
    // figure, so the chunks were counted, and the report says which count it took.
    const QString usage = disagreed == 0 ? QString()
                                         : QCoreApplication::translate("TrustChecks",
                                             " %1 of %2 answers' usage.completion_tokens contradicted the tokens "
                                             "their chunks carried (the first said %3 where its chunks carried %4), "
                                             "so Kneepoint counted the chunks for those.")
                                               .arg(disagreed)
                                               .arg(total)
                                               .arg(said)
                                               .arg(carried);
    if (mismatched == 0 && disagreed > 0) {
        c.status = Status::Warn;
        c.detail = QCoreApplication::translate("TrustChecks", "Every answer was as long as asked for, by its chunks.")
            + usage;
        return c;
    }
    if (mismatched == 0) {
        c.detail = QCoreApplication::translate(
            "TrustChecks", "All %1 successful requests produced the output length asked for.")
                       .arg(total);
        return c;
    }
    c.status = Status::Warn;
    c.detail = QCoreApplication::translate("TrustChecks",
                   "%1 of %2 answers differed from the length asked for, so per-token figures compare "
                   "unlike requests. The server may ignore ignore_eos or cap max_tokens.")
                   .arg(mismatched)
                   .arg(total)
        + usage;
    return c;
}

// A prompt every request shares anyway: BOS and a chat template's opening. Cached tokens within it per request are
// not the run's reuse.
constexpr double kTemplateTokens = 16;
constexpr double kPrefixHitWarn = 0.01;

/// What the prefix cache served of a workload of conversations, held to what their requests resend (the history a
/// turn carries, the turn an agent's sub-calls share); empty when the requests stood alone.
QString conversationsServed(const RunData& run, double mostServed, const CurvePoint* mostAt)
{
    const ConversationShape shape = run.conversations();
    if (run.turns <= 1 && shape.conversations == 0)
        return {};
    const QString at = mostAt ? mostAt->step->loadPhrase() : QStringLiteral("–");
    QString workload;
    if (run.turns > 1 && run.fanOut > 0)
        workload = QCoreApplication::translate("TrustChecks",
            "Agents' conversations of %1 turns resend their history, and a turn's %2 sub-calls share it, as asked "
            "(--turns, --fan-out)")
                       .arg(text::number(run.turns), text::number(run.fanOut));
    else if (run.turns > 1)
        workload = QCoreApplication::translate(
            "TrustChecks", "Conversations of %1 turns resend their history, as asked (--turns)")
                       .arg(text::number(run.turns));
    else
        workload = QCoreApplication::translate("TrustChecks", "The data set's %1 conversations resend their history%2")
                       .arg(text::number(shape.conversations),
                           shape.fanOuts > 0 ? QCoreApplication::translate(
                               "TrustChecks", ", and the sub-calls of its %1 fan-outs share theirs")
                                                   .arg(text::number(shape.fanOuts))
                                             : QString());
    const double resent = shape.resentShare();
    if (resent <= 0)
        return QCoreApplication::translate("TrustChecks",
            "%1: the server served up to %2 of prompt tokens from its cache (at %3), as a chat server "
            "would.")
            .arg(workload, text::percent(mostServed), at);
    // Held to what the workload resends: far less served means the cache kept little of the history (evicted under
    // load, or off), so every turn paid for its whole prefill.
    const QString kept = mostServed < resent / 2 ? QCoreApplication::translate("TrustChecks",
                             ", under half of it: the server prefilled most of the history again (its cache evicted "
                             "it, or is off), so each turn's TTFT includes it")
                                                 : QString();
    return QCoreApplication::translate("TrustChecks",
        "%1: %2 of their prompt tokens repeat what an earlier request of the conversation sent, and the server served "
        "up to %3 from its cache (at %4)%5.")
        .arg(workload, text::percent(resent), text::percent(mostServed), at, kept);
}

TrustCheck prefixCacheCounted(const RunData& run, const LoadCurve& curve)
{
    // The run may have asked for a shared prefix (--shared-prefix): the cache may serve that much of each prompt.
    const int shared = run.options.sharedPrefixTokens;
    const double allowance = kTemplateTokens + shared;
    double mostServed = 0; // the largest share of prompt tokens from the cache, allowance or not
    const CurvePoint* mostAt = nullptr;
    TrustCheck c = check(QStringLiteral("prefix-cache"), Status::Pass);
    const CurvePoint* worst = nullptr;
    double worstRate = 0;
    bool reported = false;
    bool fromMetrics = false; // the worst step's figure came from the server's counters
    for (const CurvePoint& p : curve.points) {
        const StepData::CacheServed served = p.step->cacheServed();
        if (!served.measured())
            continue;
        const double cached = served.cached, prompt = served.prompt, requests = served.requests;
        const bool metrics = served.fromMetrics;
        const double rate = std::max(0.0, cached - allowance * requests) / prompt;
        if (cached / prompt > mostServed) {
            mostServed = cached / prompt;
            mostAt = &p;
        }
        reported = true;
        if (rate > worstRate) {
            worstRate = rate;
            worst = &p;
            fromMetrics = metrics;
        }
    }
    // A data set shorter than the run: its lines went out again, and a cache that remembers them flatters the steps
    // that re-sent them, whatever the counters could show.
    const StepData* resent = nullptr;
    int resentCount = 0;
    for (const StepData& s : run.steps) {
        if (s.datasetLinesResent > 0 && !resent)
            resent = &s;
        resentCount += s.datasetLinesResent;
    }
    // ... unless the cache was emptied before every step (--reset-prefix-cache): then no step found another's.
    const PrefixCacheResets& resets = run.prefixCacheResets;
    const bool everyStepFresh = resets.unavailable == PrefixCacheResets::Unavailable::No && resets.failures == 0
        && resets.resets > 0 && resets.resets >= int(run.steps.size());
    if (resent && !everyStepFresh) {
        c.status = Status::Warn;
        c.detail = QCoreApplication::translate("TrustChecks",
            "The data set has %1 requests, fewer than the run sent: from %2 on, %3 requests sent a line an earlier "
            "step had sent, and a server's prefix cache may have answered those from memory%4. Use a data set with "
            "more lines than the run sends, or fewer requests per step.")
                       .arg(text::number(resent->datasetLines), resent->loadPhrase(), text::number(resentCount),
                           reported && worst ? QCoreApplication::translate("TrustChecks",
                               " (it served up to %1 of "
                               "prompt tokens, at %2)")
                                                   .arg(text::percent(worstRate), worst->step->loadPhrase())
                                             : QString());
        return c;
    }
    if (!reported) {
        c.status = Status::NotMeasured;
        c.detail = QCoreApplication::translate("TrustChecks",
            "The server reported no cached prompt tokens (neither usage.prompt_tokens_details.cached_tokens nor "
            "prefix-cache counters in /metrics), so prefix-cache hits could not be counted.");
        return c;
    }
    // Conversations resend their history (--turns, agents, a data set's): the cache serving it is the workload
    // working as chat does.
    // There the cache serving prompts is no doubt, and the claim says what it served instead of "did not".
    const auto claim = [&c](const QString& text) { c.title = c.claim = text; };
    if (const QString served = conversationsServed(run, mostServed, mostAt); !served.isEmpty()) {
        claim(QCoreApplication::translate("TrustChecks", "The prefix cache served what the conversations resend"));
        c.detail = served;
        return c;
    }
    // A Mooncake trace says which blocks its prompts share (hash ids), and the replay sends them alike: the cache
    // serving them is the trace's traffic as recorded.
    const auto sharing = std::find_if(run.steps.begin(), run.steps.end(),
        [](const StepData& s) { return s.trace && s.trace->format == Trace::nameOf(Trace::Format::Mooncake); });
    if (sharing != run.steps.end()) {
        claim(QCoreApplication::translate("TrustChecks", "The prefix cache served what the trace's prompts share"));
        c.detail = QCoreApplication::translate("TrustChecks",
            "The prompts of %1 share the blocks its hash ids say they share: the server served up to %2 of prompt "
            "tokens from its cache (at %3), as it could when the trace was recorded.")
                       .arg(sharing->trace->file, text::percent(mostServed),
                           mostAt ? mostAt->step->loadPhrase() : QStringLiteral("–"));
        return c;
    }
    if ((!worst || worstRate <= kPrefixHitWarn) && shared > 0) {
        claim(QCoreApplication::translate("TrustChecks", "No more than the shared prefix came from the prefix cache"));
        c.detail = QCoreApplication::translate("TrustChecks",
            "Every prompt starts with the same %1 tokens, as asked (--shared-prefix): the server served up to %2 of "
            "prompt tokens from its cache (at %3), and no more than that shared part.")
                       .arg(text::number(shared), text::percent(mostServed),
                           mostAt ? mostAt->step->loadPhrase() : QStringLiteral("–"));
        return c;
    }
    if (!worst || worstRate <= kPrefixHitWarn) {
        c.detail = QCoreApplication::translate("TrustChecks",
            "Every request had its own prompt: at most %1 of prompt tokens came from the server's cache, beyond the "
            "first %2 tokens every prompt shares (BOS, a chat template's opening).")
                       .arg(text::percent(worstRate), text::number(kTemplateTokens));
        return c;
    }
    c.status = Status::Warn;
    c.detail = QCoreApplication::translate("TrustChecks",
        "At %1 the server answered %2 of prompt tokens from its prefix cache (%3): those prompts skipped most of "
        "their prefill, so TTFT and throughput look better than for new prompts. Kneepoint sends each request its "
        "own prompt, so the reuse came from the data set repeating itself, a shared prefix, or another client "
        "sending the same prompts.")
                   .arg(worst->step->loadPhrase(), text::percent(worstRate),
                       fromMetrics ? QStringLiteral("/metrics prefix_cache_hits against prefix_cache_queries")
                                   : QStringLiteral("usage.prompt_tokens_details.cached_tokens"));
    return c;
}

// The counts, and what asking the server to empty its cache before each step came to (--reset-prefix-cache).
TrustCheck prefixCache(const RunData& run, const LoadCurve& curve)
{
    TrustCheck c = prefixCacheCounted(run, curve);
    if (run.prefixCacheResets.any())
        c.detail += (c.detail.isEmpty() ? QString() : QStringLiteral(" ")) + run.prefixCacheResets.sentence();
    return c;
}

TrustCheck samples(const RunData& run, const LoadCurve& curve, const AnalysisSettings& settings)
{
    TrustCheck c = check(QStringLiteral("samples"), Status::Pass, {}, settings.percentile);
    // A percentile p needs at least 1 / (1 − p) samples before its estimate is more than the maximum.
    const int needed = int(std::ceil(1 / std::max(1e-6, 1 - settings.percentile / 100) - 1e-9));
    int fewest = -1;
    const CurvePoint* thinnest = nullptr;
    for (const CurvePoint& p : curve.points) {
        if (fewest < 0 || p.samples < fewest) {
            fewest = p.samples;
            thinnest = &p;
        }
    }
    if (!thinnest) {
        c.status = Status::NotMeasured;
        c.detail = QCoreApplication::translate("TrustChecks", "No load steps were measured.");
        return c;
    }
    const PercentileEstimate& e = thinnest->ttft;
    const QString interval = std::isnan(e.high)
        ? QCoreApplication::translate("TrustChecks", "its upper bound is unknown at 95% confidence")
        : QCoreApplication::translate("TrustChecks", "its 95% interval is %1 to %2")
              .arg(text::milliseconds(e.low), text::milliseconds(e.high));
    c.detail = QCoreApplication::translate("TrustChecks",
        "The thinnest step (%1) has %2 successful requests; p%3 wants at least %4. Its TTFT "
        "p%3 is %5 and %6.")
                   .arg(thinnest->step->loadPhrase())
                   .arg(fewest)
                   .arg(text::number(settings.percentile))
                   .arg(needed)
                   .arg(text::milliseconds(e.value), interval);
    if (const LatencySample& sample = thinnest->step->stats.latencySample; sample.windowed && sample.leftOut > 0)
        c.detail += u' '
            + QCoreApplication::translate("TrustChecks",
                "Those are the requests sent while the full load held. Left out of the percentiles: %n sent as "
                "users ramped in or drained out.",
                nullptr, sample.leftOut);
    // An estimate without an upper bound (a percentile of a step with no TPOT at all is no estimate).
    const auto unbounded = [](const PercentileEstimate& x) { return !std::isnan(x.value) && std::isnan(x.high); };
    if (fewest < needed || unbounded(e) || unbounded(thinnest->tpot))
        c.status = Status::Warn;
    // Enough requests for the estimate is not enough for its interval: where the upper bound is unknown, the
    // percentile is a floor at best, and a target judged on it can pass by luck.
    QStringList open;
    for (const CurvePoint& p : curve.points)
        if (&p != thinnest && (unbounded(p.ttft) || unbounded(p.tpot)))
            open << p.step->loadPhrase();
    if (!open.isEmpty()) {
        c.status = Status::Warn;
        c.detail += u' '
            + QCoreApplication::translate("TrustChecks",
                "At %1 too the 95% interval of p%2 has no upper bound, so the figures there may be lower than the "
                "truth.")
                  .arg(text::list(open), text::number(settings.percentile));
    }
    // A quick run chose its few requests on purpose: say what a full one would have done.
    if (c.status == Status::Warn && run.options.quick)
        c.detail += u' '
            + QCoreApplication::translate("TrustChecks",
                "This was a quick run (--quick); without it each step sends enough requests for a bounded p%1.")
                  .arg(text::number(settings.percentile));
    return c;
}

TrustCheck errors(const RunData& run)
{
    TrustCheck c = check(QStringLiteral("errors"), Status::Pass);
    int failed = 0, total = 0, resent = 0;
    // A step the user stopped ends its requests in flight on purpose: they are the user's, not the server's.
    const StepData* stopped = nullptr;
    for (const StepData& s : run.steps) {
        if (s.cancelled) {
            stopped = &s;
            continue;
        }
        failed += s.stats.failed;
        total += s.stats.total;
        resent += s.resentAfterClose;
    }
    const QString stoppedNote = !stopped ? QString()
                                         : QCoreApplication::translate("TrustChecks",
                                             " The step at %1 was stopped by the user and is not counted: the "
                                             "requests cut short there (%2) are not failures.")
                                               .arg(stopped->loadPhrase())
                                               .arg(stopped->stats.failed);
    // The client's business, said so that nobody takes it for the server's failures, or misses it.
    const QString resentNote = resent == 0 ? QString()
                                           : QCoreApplication::translate("TrustChecks",
                                               " %1 were sent again on a fresh connection because the server had "
                                               "closed the kept-alive one first; they are not failures.")
                                                 .arg(resent);
    if (failed == 0) {
        c.detail = QCoreApplication::translate("TrustChecks", "None of %1 requests failed.").arg(total) + resentNote
            + stoppedNote;
        return c;
    }
    c.status = Status::Warn;
    c.detail = QCoreApplication::translate("TrustChecks",
                   "%1 of %2 requests failed; each counts against SLO attainment and against the "
                   "percentile targets, as an infinitely slow answer would.")
                   .arg(failed)
                   .arg(total)
        + resentNote + stoppedNote;
    return c;
}

// A stream held by a proxy and sent whole: every request's first token arrives with its last (BufferedStream).
TrustCheck streaming(const RunData& run)
{
    TrustCheck c = check(QStringLiteral("streaming"), Status::Pass);
    int judged = 0, whole = 0, judgedSteps = 0;
    QStringList bufferedSteps;
    const StepData* example = nullptr;
    for (const StepData& s : run.steps) {
        if (s.cancelled)
            continue;
        int stepJudged = 0, stepWhole = 0;
        for (const RequestTimes& r : s.requests) {
            // Two or more tokens: a first token and a later one whose arrival could differ.
            if (std::isnan(r.tpotMs) || std::isnan(r.ttftMs) || r.e2elMs < BufferedStream::kMinE2elMs)
                continue;
            ++stepJudged;
            stepWhole += BufferedStream::arrivedWhole(r.ttftMs, r.e2elMs) ? 1 : 0;
        }
        if (stepJudged < BufferedStream::kMinRequests)
            continue;
        ++judgedSteps;
        judged += stepJudged;
        whole += stepWhole;
        if (stepWhole >= BufferedStream::kBufferedShare * stepJudged) {
            bufferedSteps << s.loadPhrase();
            if (!example)
                example = &s;
        }
    }
    if (judgedSteps == 0) {
        c.status = Status::NotMeasured;
        c.detail = QCoreApplication::translate("TrustChecks",
            "No step had %1 or more requests of two or more tokens, so whether the stream came buffered was not "
            "judged.")
                       .arg(BufferedStream::kMinRequests);
        return c;
    }
    const QString share = text::percent(BufferedStream::kWholeShare);
    if (bufferedSteps.isEmpty()) {
        c.detail = QCoreApplication::translate("TrustChecks",
            "Tokens came as they were made: %1 of %2 requests of two or more tokens had their first token at %3 or "
            "more of their answer's time, where a buffering proxy makes nearly all of them so.")
                       .arg(whole)
                       .arg(judged)
                       .arg(share);
        return c;
    }
    const auto median
        = [](const std::vector<double>& sorted) { return sorted.empty() ? std::nan("") : sorted[sorted.size() / 2]; };
    const QString evidence = QCoreApplication::translate("TrustChecks",
        "%1 of %2 requests of two or more tokens had their first token at %3 or more of their answer's time (at %4, "
        "median TTFT %5 against E2EL %6)")
                                 .arg(whole)
                                 .arg(judged)
                                 .arg(share, example->loadPhrase(), text::milliseconds(median(example->ttftSorted)),
                                     text::milliseconds(median(example->e2elSorted)));
    if (int(bufferedSteps.size()) == judgedSteps) {
        c.status = Status::Fail;
        c.detail = QCoreApplication::translate("TrustChecks",
            "The stream came buffered: on every step the first token arrived with the last. %1. A proxy or gateway in "
            "front, or the server, held each answer and sent it whole, so TTFT here is the whole answer's time and "
            "TPOT is not the server's: these latencies are the buffer's. Turn buffering "
            "off for the API (nginx: proxy_buffering off) or measure the server directly.")
                       .arg(evidence);
        return c;
    }
    c.status = Status::Warn;
    c.detail = QCoreApplication::translate("TrustChecks",
        "At %1 the first token arrived with the last on nearly every request, as through a buffering proxy; %2. "
        "Short answers behind a long queue look so too.")
                   .arg(text::list(bufferedSteps), evidence);
    return c;
}

TrustCheck serverCap(const RunData& run, const LoadCurve& curve)
{
    TrustCheck c = check(QStringLiteral("server-cap"), Status::Pass);
    // A gateway's own refusals first: they cap the load before the server sees it, in the gateway's words.
    const GatewayCap gateway = GatewayCap::of(curve);
    if (gateway.refused > 0) {
        c.status = Status::Fail;
        c.detail = QCoreApplication::translate("TrustChecks",
            "%1 of %2 requests (%3) were refused by a gateway in front of the server, not by the server, from %4 "
            "on; it said: %5. Past that load the run measured the gateway's cap, not the server's capacity.")
                       .arg(gateway.refused)
                       .arg(gateway.total)
                       .arg(text::percent(gateway.rate()), gateway.from, gateway.words());
        return c;
    }
    int limited = 0;
    for (const CurvePoint& p : curve.points) {
        const auto it = p.step->stats.failures.find(ErrorClass::RateLimited);
        if (it != p.step->stats.failures.end())
            limited += it->second;
    }
    if (limited > 0) {
        c.status = Status::Fail;
        c.detail = QCoreApplication::translate("TrustChecks",
            "%1 requests were refused with 429 Too Many Requests: a gateway or the server "
            "limits the rate, so the load measured is not the load sent.")
                       .arg(limited);
        return c;
    }
    // The server should see every user the client holds open: running plus waiting. Far fewer means something in
    // between (a proxy's connection limit) holds requests back before the engine.
    bool visible = false;
    const StepData* unseen = nullptr; // scraped, but never while its full load was held: its peaks are unknown
    for (const CurvePoint& p : curve.points) {
        const ServerDeltas& s = p.step->server;
        const int users = p.step->concurrency;
        if (users > 1 && s.samples > 0 && s.samplesUnderLoad == 0 && !unseen)
            unseen = p.step;
        if (s.peakRunning < 0 || users <= 1)
            continue;
        visible = true;
        const double seen = s.peakRunning + std::max(0.0, s.peakWaiting);
        if (seen < 0.75 * users && users >= 4) {
            c.status = Status::Warn;
            c.detail = QCoreApplication::translate("TrustChecks",
                "At %1 the server saw at most %2 requests at once (running and waiting): "
                "something between the client and the engine may cap the load.")
                           .arg(p.step->loadPhrase(), text::number(seen));
            return c;
        }
    }
    if (visible)
        c.detail = QCoreApplication::translate(
            "TrustChecks", "The server saw every user the client held open, and nothing answered 429.");
    else if (unseen && unseen->server.loadHeldMs >= 0)
        c.detail = QCoreApplication::translate("TrustChecks",
            "Nothing answered 429. At %1 no /metrics scrape was asked in the %2 the full load was held, so how many "
            "requests the server saw at once is not known; longer steps (or --scrape-interval-ms) would show it.")
                       .arg(unseen->loadPhrase(), text::milliseconds(unseen->server.loadHeldMs * run.timeScale));
    else
        c.detail = QCoreApplication::translate(
            "TrustChecks", "Nothing answered 429; the server's running count was not visible.");
    return c;
}

TrustCheck network(const RunData& run)
{
    TrustCheck c = check(QStringLiteral("network"), Status::Pass);
    const StepData* base = run.baseline();
    if (run.roundTripMs <= 0 || !base || base->ttftSorted.empty()) {
        c.status = Status::NotMeasured;
        c.detail = QCoreApplication::translate(
            "TrustChecks", "The network round trip or the baseline's TTFT was not measured.");
        return c;
    }
    const double ttft = base->ttftSorted[base->ttftSorted.size() / 2];
    const double share = run.roundTripMs / ttft;
    c.detail = QCoreApplication::translate("TrustChecks",
        "The round trip of %1 is %2 of the single-user TTFT of %3; TTFT targets are judged "
        "with it allowed on top.")
                   .arg(text::milliseconds(run.roundTripMs), text::percent(share), text::milliseconds(ttft));
    if (share > kNetworkShareWarn)
        c.status = Status::Warn;
    return c;
}

TrustCheck versions(const RunData& run)
{
    TrustCheck c = check(QStringLiteral("versions"), Status::Pass);
    const QString client = run.environment.kneepointVersion;
    if (run.facts.family != ServerFamily::Vllm && run.facts.family != ServerFamily::Unknown) {
        const QString family = serverFamilyName(run.facts.family);
        if (run.facts.serverVersion.isEmpty()) {
            c.status = Status::Warn;
            c.detail = QCoreApplication::translate("TrustChecks",
                "The server is %1 and did not say its build. "
                "Kneepoint %2.")
                           .arg(family, client);
        } else {
            c.detail = QCoreApplication::translate("TrustChecks", "%1 %2, Kneepoint %3.")
                           .arg(family, run.facts.serverVersion, client);
        }
        return c;
    }
    if (run.facts.vllmVersion.isEmpty()) {
        c.status = Status::Warn;
        c.detail = QCoreApplication::translate("TrustChecks",
            "The server did not say its vLLM version (/version), so advice cannot be checked "
            "against it. Kneepoint %1.")
                       .arg(client);
        return c;
    }
    c.detail = QCoreApplication::translate("TrustChecks", "vLLM %1, Kneepoint %2.").arg(run.facts.vllmVersion, client);
    return c;
}

// A run imported from another tool (kneepoint import) lacks what that tool did not record; the import names it.
// Native runs do not get the check, so that their list stays as it was.
std::optional<TrustCheck> imported(const RunData& run)
{
    if (!run.environment.import)
        return std::nullopt;
    const ClientEnvironment::Import& source = *run.environment.import;
    TrustCheck c = check(QStringLiteral("imported"), Status::Warn);
    static const QHash<QString, QString> names {
        {QStringLiteral("vllm-bench-serve"), QStringLiteral("vllm bench serve")},
        {QStringLiteral("aiperf"), QStringLiteral("AIPerf")}, {QStringLiteral("guidellm"), QStringLiteral("GuideLLM")}};
    const QString tool = names.value(source.source, source.source);
    const QStringList& missing = source.notRecorded;
    const QString& file = source.file;
    // kneepoint run --engine: the tool measured for Kneepoint, which still sees only what the tool exported.
    const QString from = source.engine
        ? QCoreApplication::translate("TrustChecks", "Measured by %1 (kneepoint run --engine)").arg(tool)
        : QCoreApplication::translate("TrustChecks", "Imported from %1 (%2)").arg(tool, file);
    c.detail = missing.isEmpty() ? from + u'.'
                                 : QCoreApplication::translate("TrustChecks", "%1: %2 not recorded.")
                                       .arg(from, missing.join(QStringLiteral("; ")));
    return c;
}

TrustCheck physics(const PhysicsFloors& f)
{
    TrustCheck c = check(QStringLiteral("physics"), Status::Pass);
    if (!f.available || std::isnan(f.bandwidthEfficiency)) {
        c.status = Status::NotMeasured;
        c.detail = f.available
            ? QCoreApplication::translate("TrustChecks", "There was no baseline to compare with the GPU's limits.")
            : f.whyNot;
        return c;
    }
    if (f.fasterThanPhysics) {
        c.status = Status::Fail;
        // Only the figures that beat their floor: the other one is within physics and says nothing here.
        QStringList beaten;
        if (f.tpotFasterThanPhysics)
            beaten << QCoreApplication::translate("TrustChecks", "TPOT %1 against a floor of %2")
                          .arg(text::milliseconds(f.baselineTpotMs), text::milliseconds(f.baselineTpotFloorMs));
        if (f.ttftFasterThanPhysics)
            beaten << QCoreApplication::translate("TrustChecks", "TTFT %1 against a floor of %2")
                          .arg(text::milliseconds(f.baselineTtftMs), text::milliseconds(f.baselineTtftFloorMs));
        c.detail = QCoreApplication::translate(
            "TrustChecks", "One request ran faster than %1 allows for %2 (%3). Likely: %4.")
                       .arg(f.gpuName, f.modelName, text::list(beaten), text::list(f.fasterCauses));
        return c;
    }
    c.detail = QCoreApplication::translate("TrustChecks", "One request reached %1 of the bandwidth floor of %2 on %3.")
                   .arg(text::percent(f.bandwidthEfficiency), text::milliseconds(f.baselineTpotFloorMs), f.gpuName);
    return c;
}

} // namespace

QString TrustCheck::statusName(Status status)
{
    switch (status) {
    case Status::Pass:
        return QStringLiteral("pass");
    case Status::Warn:
        return QStringLiteral("warn");
    case Status::Fail:
        return QStringLiteral("fail");
    case Status::NotMeasured:
        return QStringLiteral("not measured");
    }
    return {};
}

QString TrustCheck::statusText(Status status)
{
    switch (status) {
    case Status::Pass:
        return QCoreApplication::translate("TrustChecks", "pass");
    case Status::Warn:
        return QCoreApplication::translate("TrustChecks", "warn");
    case Status::Fail:
        return QCoreApplication::translate("TrustChecks", "fail");
    case Status::NotMeasured:
        return QCoreApplication::translate("TrustChecks", "not measured");
    }
    return {};
}

QList<TrustCheck> TrustChecks::of(
    const RunData& run, const LoadCurve& curve, const PhysicsFloors& floors, const AnalysisSettings& settings)
{
    QList<TrustCheck> checks {steadyState(curve), client(run)};
    if (std::optional<TrustCheck> lag = simulatorLag(run, settings))
        checks << *lag;
    checks << outputLength(run) << samples(run, curve, settings) << errors(run) << streaming(run)
           << serverCap(run, curve) << network(run) << versions(run) << physics(floors) << prefixCache(run, curve)
           << Disturbance::of(run).trustCheck();
    if (const std::optional<TrustCheck> source = imported(run))
        checks << *source;
    for (TrustCheck& c : checks)
        c.title = c.isDoubt() ? c.doubt : c.claim;
    // Doubts first, failures before warnings: a list read from the top, or cut short, leads with them.
    const auto rank = [](const TrustCheck& c) {
        return c.status == Status::Fail ? 0 : c.status == Status::Warn ? 1 : 2;
    };
    std::stable_sort(
        checks.begin(), checks.end(), [&rank](const TrustCheck& a, const TrustCheck& b) { return rank(a) < rank(b); });
    return checks;
}

TrustCheck::Titles TrustChecks::titles(const QString& id, double percentile)
{
    const QString p = text::number(percentile);
    if (id == u"steady-state")
        return {QCoreApplication::translate("TrustChecks", "Each step reached a steady state"),
            QCoreApplication::translate("TrustChecks", "Not every step reached a steady state")};
    if (id == u"client")
        return {QCoreApplication::translate("TrustChecks", "The client was not the bottleneck"),
            QCoreApplication::translate("TrustChecks", "The client may have fallen behind")};
    if (id == u"sim-lag")
        return {QCoreApplication::translate("TrustChecks", "The simulator kept to its own clock"),
            QCoreApplication::translate("TrustChecks", "The simulator fell behind its own clock")};
    if (id == u"output-length")
        return {QCoreApplication::translate("TrustChecks", "Answers were as long as requested"),
            QCoreApplication::translate("TrustChecks", "Some answers were not as long as requested")};
    if (id == u"prefix-cache")
        return {QCoreApplication::translate("TrustChecks", "Prompts did not come from the server's prefix cache"),
            QCoreApplication::translate("TrustChecks", "Prompts may have come from the server's prefix cache")};
    if (id == u"samples")
        return {QCoreApplication::translate("TrustChecks", "Enough requests for p%1").arg(p),
            QCoreApplication::translate("TrustChecks", "Too few requests to bound p%1").arg(p)};
    if (id == u"errors")
        return {QCoreApplication::translate("TrustChecks", "Errors were counted as failures"),
            QCoreApplication::translate("TrustChecks", "Some requests failed (counted as failures)")};
    if (id == u"streaming")
        return {QCoreApplication::translate("TrustChecks", "Tokens arrived as the server made them"),
            QCoreApplication::translate("TrustChecks", "The stream came buffered: first and last token together")};
    if (id == u"server-cap")
        return {QCoreApplication::translate("TrustChecks", "No gateway or rate limit held the load back"),
            QCoreApplication::translate("TrustChecks", "A gateway or rate limit may have held the load back")};
    if (id == u"network")
        return {QCoreApplication::translate("TrustChecks", "The network is a small part of TTFT"),
            QCoreApplication::translate("TrustChecks", "The network is a large part of TTFT")};
    if (id == u"versions")
        return {QCoreApplication::translate("TrustChecks", "Versions were recorded"),
            QCoreApplication::translate("TrustChecks", "The server's version is unknown")};
    if (id == u"imported")
        return {QCoreApplication::translate("TrustChecks", "Measured by Kneepoint itself"),
            QCoreApplication::translate("TrustChecks", "Measured by another tool, not by Kneepoint")};
    if (id == u"disturbance")
        return Disturbance::titles();
    if (id == u"physics")
        return {QCoreApplication::translate("TrustChecks", "Results are within what the GPU can do"),
            QCoreApplication::translate("TrustChecks", "Some results beat what the GPU can do")};
    return {};
}

QList<TrustCheck> TrustChecks::doubts(const QList<TrustCheck>& checks)
{
    QList<TrustCheck> out;
    for (const Status wanted : {Status::Fail, Status::Warn})
        for (const TrustCheck& c : checks)
            if (c.status == wanted)
                out << c;
    return out;
}

std::vector<const StepData*> TrustChecks::disturbed(const QList<TrustCheck>& checks)
{
    std::vector<const StepData*> out;
    for (const TrustCheck& c : checks)
        for (const StepData* s : c.disturbed)
            if (std::find(out.begin(), out.end(), s) == out.end())
                out.push_back(s);
    std::stable_sort(out.begin(), out.end(), [](const StepData* a, const StepData* b) { return a->index < b->index; });
    return out;
}

bool TrustChecks::isDisturbed(const QList<TrustCheck>& checks, const StepData* step)
{
    return std::any_of(checks.begin(), checks.end(), [step](const TrustCheck& c) {
        return std::find(c.disturbed.begin(), c.disturbed.end(), step) != c.disturbed.end();
    });
}

TrustCheck::Status TrustChecks::worst(const QList<TrustCheck>& checks)
{
    Status w = Status::Pass;
    for (const TrustCheck& c : checks) {
        if (c.status == Status::Fail)
            return Status::Fail;
        if (c.status == Status::Warn)
            w = Status::Warn;
    }
    return w;
}

} // namespace kp::core
