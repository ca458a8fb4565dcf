// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/findings.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

using Severity = Finding::Severity;

// One request's KV cache footprint, to say how many fit.
struct Footprint
{
    double bytesPerToken = -1;
    double tokensPerRequest = 0;
};

class Rules
{
public:
    Rules(const RunData& run, const RunAnalysis& a)
        : m_run(run)
        , m_a(a)
        , m_version(run.facts.vllmVersion)
    { }

    QList<Finding> all()
    {
        memoryWall();
        saturation();
        latencyWall();
        notMonotone();
        remeasured();
        traceReplayed();
        thinking();
        speculation();
        modelMix();
        fanOutJoins();
        errors();
        physics();
        knee();
        tail();
        goodput();
        prefixCaching();
        prefixSaving();
        healthy();
        adaptToFamily();
        return m_out;
    }

private:
    FlagSuggestion flag(const QString& name, const QString& value, const QString& why) const
    {
        FlagSuggestion s = VllmFlags::suggest(name, value, why, m_version);
        // The version's default says nothing when the server reports the feature off: someone turned it off.
        if (name == u"--enable-prefix-caching" && m_run.facts.prefixCaching == false)
            s.versionNote = QCoreApplication::translate(
                "Findings", "the server reports it off, so it was switched off at launch");
        return s;
    }

    void add(Finding f) { m_out.append(std::move(f)); }

    /// FP8 weights halve the bytes read only where the GPU has FP8 (Hopper, Ada, Blackwell, MI300) and the checkpoint
    /// is still in 16 bits; an unknown GPU or model gets no such advice.
    bool fp8WeightsHelp() const
    {
        const PhysicsFloors& p = m_a.physics;
        return p.available && p.gpuHasFp8 && !p.modelQuantized;
    }

    /// Why throughput stopped growing, from the step past the wall compared with the decode floor of its batch: the
    /// GPU's limit only when the steps ran near it.
    QString saturationWhy(const CurvePoint* at) const
    {
        const PhysicsFloors& p = m_a.physics;
        if (!p.available)
            return QCoreApplication::translate("Findings",
                "A bigger batch made every step longer by as much as it added. Whether that is the GPU's limit "
                "cannot be said: %1")
                .arg(p.whyNot);
        const StepData* s = at ? at->step : nullptr;
        if (!s || s->tpotSorted.empty() || s->concurrency <= 0)
            return QCoreApplication::translate(
                "Findings", "A bigger batch made every step longer by as much as it added.");
        const double batch = s->server.peakRunning > 0 ? std::min(double(s->concurrency), s->server.peakRunning)
                                                       : double(s->concurrency);
        const double floor = p.decodeStepFloorMsAt(batch, s->inputTokens + s->outputTokens / 2.0);
        const double tpot = Distribution::percentile(s->tpotSorted, 0.5).value;
        const double share = tpot > 0 ? floor / tpot : 0;
        if (share >= 0.5)
            return QCoreApplication::translate("Findings",
                "At %1 a decode step took %2 (median TPOT) against a floor of %3 for a batch of %4 on %5: the "
                "steps run at %6 of what the bandwidth allows, so a bigger batch makes each step longer.")
                .arg(s->loadPhrase(), text::milliseconds(tpot), text::milliseconds(floor), text::number(batch),
                    p.gpuName, text::percent(share));
        return QCoreApplication::translate("Findings",
            "At %1 a decode step took %2 (median TPOT) against a floor of %3 for a batch of %4 on %5, only %6 "
            "of what the bandwidth allows: the GPU is not what stops growth. Look at the scheduler's caps, the "
            "server's CPU, and prefills interrupting decoding.")
            .arg(s->loadPhrase(), text::milliseconds(tpot), text::milliseconds(floor), text::number(batch), p.gpuName,
                text::percent(share));
    }

    /// vLLM's flags go to vLLM only. llama.cpp gets llama-server's own knob for the same remedy where it has one;
    /// any other server keeps the finding without flags, and the finding says why.
    void adaptToFamily()
    {
        const ServerFamily family = m_run.facts.family;
        if (family == ServerFamily::Vllm)
            return;
        for (Finding& f : m_out) {
            if (f.tryNext.isEmpty())
                continue;
            QList<FlagSuggestion> kept;
            if (family == ServerFamily::LlamaCpp) {
                for (const FlagSuggestion& s : std::as_const(f.tryNext)) {
                    if (std::optional<FlagSuggestion> knob = llamaCppKnob(s); knob
                        && std::none_of(kept.begin(), kept.end(),
                            [&](const FlagSuggestion& k) { return k.commandLine == knob->commandLine; }))
                        kept << *knob;
                }
            }
            if (kept.isEmpty())
                f.meaning += u' '
                    + (family == ServerFamily::Unknown
                            ? QCoreApplication::translate("Findings",
                                "The remedies Kneepoint knows for this are vLLM's flags, and this server did not say "
                                "it is vLLM, so none is suggested.")
                            : QCoreApplication::translate("Findings",
                                "The remedies Kneepoint knows for this are vLLM's flags, and this server is %1, so "
                                "none is suggested.")
                                  .arg(serverFamilyName(family)));
            f.tryNext = kept;
        }
    }

    /// llama-server's flag for the remedy a vLLM flag stands for (tools/server/README.md), or nullopt where it has
    /// none (memory utilisation, tensor or data parallelism, FP8 weights: a differently quantised GGUF instead).
    std::optional<FlagSuggestion> llamaCppKnob(const FlagSuggestion& vllm) const
    {
        FlagSuggestion s;
        s.why = vllm.why;
        const QString build = m_run.facts.serverVersion;
        s.versionNote = build.isEmpty()
            ? QCoreApplication::translate("Findings", "a llama-server flag; the server's build is unknown")
            : QCoreApplication::translate("Findings",
                "a llama-server flag; Kneepoint keeps no facts of which "
                "builds accept it, so check it against build %1")
                  .arg(build);
        if (vllm.flag == u"--max-num-seqs") {
            s.flag = QStringLiteral("--parallel");
            s.value = vllm.value;
            s.why = QCoreApplication::translate(
                "Findings", "sets the number of slots, llama.cpp's limit on requests decoded together");
        } else if (vllm.flag == u"--max-num-batched-tokens") {
            s.flag = QStringLiteral("--batch-size");
            s.value = vllm.value;
        } else if (vllm.flag == u"--max-model-len") {
            s.flag = QStringLiteral("--ctx-size");
            s.value = vllm.value;
            s.why = QCoreApplication::translate(
                "Findings", "the context of all slots together: each slot gets --ctx-size divided by --parallel");
        } else if (vllm.flag == u"--kv-cache-dtype") {
            s.flag = QStringLiteral("--cache-type-k");
            s.value = QStringLiteral("q8_0");
            s.commandLine = QStringLiteral("--cache-type-k q8_0 --cache-type-v q8_0 --flash-attn on");
        } else if (vllm.flag == u"--enable-prefix-caching") {
            s.flag = QStringLiteral("--cache-reuse");
            s.value = QStringLiteral("256");
            s.why = QCoreApplication::translate("Findings",
                "reuses cached chunks of a slot's earlier prompts by shifting them (each slot already keeps its last "
                "prompt)");
        } else {
            return std::nullopt;
        }
        if (s.commandLine.isEmpty())
            s.commandLine = s.value.isEmpty() ? s.flag : s.flag + u' ' + s.value;
        return s;
    }

    const CurvePoint* point(int i) const
    {
        return i >= 0 && i < int(m_a.curve.points.size()) ? &m_a.curve.points[std::size_t(i)] : nullptr;
    }

    void memoryWall()
    {
        const Wall& w = m_a.walls.memory;
        if (!w.reached)
            return;
        // A cache that fills where the targets already fail still needs fixing: the fix for the latency would
        // run straight into it.
        const Capacity& c = m_a.curve.capacity;
        const bool inRange = c.bound == Capacity::Bound::AtLeast || c.firstFail < 0 || w.point <= c.firstFail;
        Finding f;
        f.id = QStringLiteral("memory-wall");
        f.severity = inRange ? Severity::Problem : Severity::Background;
        f.title = QCoreApplication::translate("Findings", "The KV cache fills up at %1")
                      .arg(text::load(w.load, m_a.curve.byRate));
        // The evidence starts with where it was reached ("at 16 users …"): made a sentence of its own.
        f.measured = w.evidence;
        if (!f.measured.isEmpty())
            f.measured[0] = f.measured[0].toUpper();
        f.measured += u'.';
        QString capacity;
        if (m_run.facts.kvCapacityTokens && m_run.inputTokens > 0) {
            const double perRequest = m_run.inputTokens + m_run.outputTokens;
            capacity = QCoreApplication::translate("Findings",
                " The cache holds %1 tokens: about %2 requests of %3 tokens each at their "
                "longest.")
                           .arg(text::number(double(*m_run.facts.kvCapacityTokens)),
                               text::number(std::floor(double(*m_run.facts.kvCapacityTokens) / perRequest)),
                               text::number(perRequest));
        }
        f.meaning = QCoreApplication::translate("Findings",
                        "Requests beyond what the cache holds wait for space or are preempted and "
                        "recomputed, so their latency jumps.")
            + capacity;
        f.why = QCoreApplication::translate("Findings",
            "Every token of every running request keeps its keys and values in GPU memory until "
            "the request ends; vLLM's V1 engine preempts by dropping a request's cache and "
            "recomputing it later.");
        f.lessonId = QStringLiteral("kv-cache-and-preemption");
        const double util = m_run.facts.gpuMemoryUtilization.value_or(0.9);
        if (util < 0.95)
            f.tryNext << flag(QStringLiteral("--gpu-memory-utilization"), QStringLiteral("0.95"),
                QCoreApplication::translate("Findings", "gives the KV cache the memory vLLM holds back (now %1)")
                    .arg(text::number(util, 2)));
        if (!m_run.facts.cacheDtype.startsWith(u"fp8"))
            f.tryNext << flag(QStringLiteral("--kv-cache-dtype"), QStringLiteral("fp8"),
                QCoreApplication::translate(
                    "Findings", "halves the bytes per cached token, so about twice the requests fit"));
        // A server that already admits no more than that (its reported max_num_seqs) gains nothing from the flag.
        if (!m_run.facts.maxNumSeqs || *m_run.facts.maxNumSeqs > std::max(1, int(w.load)))
            f.tryNext << flag(QStringLiteral("--max-num-seqs"), QString::number(std::max(1, int(w.load))),
                QCoreApplication::translate(
                    "Findings", "admits no more requests than fit, so they queue instead of being preempted"));
        f.tryNext << flag(QStringLiteral("--tensor-parallel-size"), QStringLiteral("2"),
            QCoreApplication::translate(
                "Findings", "splits the model over two GPUs, roughly doubling the memory left for the cache"));
        add(f);
    }

    void saturation()
    {
        const Wall& w = m_a.walls.saturation;
        if (!w.reached)
            return;
        const bool limiting = m_a.walls.limiting == Wall::Kind::Saturation;
        const CurvePoint* after = point(w.point + 1);
        const ServerDeltas* s = after ? &after->step->server : nullptr;
        const bool schedulerCap = s && s->peakRunning > 0 && after->step->concurrency > 0
            && s->peakRunning < 0.9 * after->step->concurrency && s->peakWaiting > 0
            && (s->peakKvUsage < 0 || s->peakKvUsage < 0.9);
        // A full cache stops the batch before the GPU does: at the wall or past it, the KV cache near full or
        // requests preempted. Then the cause is memory, and weight quantization or a replica is not the next step.
        const CurvePoint* at = point(w.point);
        auto fullCache = [](const CurvePoint* p) {
            return p && (p->step->server.peakKvUsage >= 0.9 || p->step->server.preemptions > 0);
        };
        const CurvePoint* full = fullCache(after) ? after : fullCache(at) ? at : nullptr;
        Finding f;
        f.severity = limiting ? Severity::Problem : Severity::Background;
        f.lessonId = QStringLiteral("continuous-batching");
        if (full && !schedulerCap) {
            const ServerDeltas& d = full->step->server;
            f.id = QStringLiteral("kv-cache-caps-batch");
            f.title = QCoreApplication::translate("Findings", "The KV cache stops the batch from growing at %1")
                          .arg(text::load(w.load, m_a.curve.byRate));
            QStringList where;
            if (d.peakKvUsage >= 0)
                where << QCoreApplication::translate("Findings", "the KV cache reached %1")
                             .arg(text::percent(d.peakKvUsage));
            if (d.preemptions > 0)
                where << QCoreApplication::translate("Findings", "%1 requests were preempted")
                             .arg(text::number(d.preemptions));
            if (d.peakRunning > 0)
                where << QCoreApplication::translate("Findings", "the server ran at most %1 at once")
                             .arg(text::number(d.peakRunning));
            f.measured = QCoreApplication::translate("Findings", "Throughput stopped growing: %1. At %2 %3.")
                             .arg(w.evidenceWithQueue(), full->step->loadPhrase(),
                                 where.join(QCoreApplication::translate("Findings", ", ")));
            f.meaning = QCoreApplication::translate("Findings",
                "The GPU is not what stops growth: the cache holds no more requests, so extra users wait for "
                "space or are preempted and recomputed.");
            f.why = QCoreApplication::translate("Findings",
                "Every running request keeps its keys and values in GPU memory until it ends; once the cache is "
                "full the scheduler admits no more, and vLLM's V1 engine preempts by dropping a request's cache.");
            f.lessonId = QStringLiteral("kv-cache-and-preemption");
            if (!m_run.facts.cacheDtype.startsWith(u"fp8"))
                f.tryNext << flag(QStringLiteral("--kv-cache-dtype"), QStringLiteral("fp8"),
                    QCoreApplication::translate(
                        "Findings", "halves the bytes per cached token, so about twice the requests fit"));
            const double util = m_run.facts.gpuMemoryUtilization.value_or(0.9);
            if (util < 0.95)
                f.tryNext << flag(QStringLiteral("--gpu-memory-utilization"), QStringLiteral("0.95"),
                    QCoreApplication::translate("Findings", "gives the KV cache the memory vLLM holds back (now %1)")
                        .arg(text::number(util, 2)));
        } else if (schedulerCap) {
            f.id = QStringLiteral("scheduler-cap");
            f.title = QCoreApplication::translate("Findings", "The scheduler caps the batch at %1 requests")
                          .arg(text::number(s->peakRunning));
            // The cache's share only where the server showed one: llama.cpp's /metrics have no KV gauge, and "0%
            // used" would be a figure nobody measured.
            f.measured = s->peakKvUsage >= 0
                ? QCoreApplication::translate("Findings",
                    "Throughput stopped growing at %1: %2. At %3 the server ran at most %4 "
                    "requests while up to %5 waited, with the KV cache only %6 used.")
                      .arg(text::load(w.load, m_a.curve.byRate), w.evidence, after->step->loadPhrase(),
                          text::number(s->peakRunning), text::number(s->peakWaiting), text::percent(s->peakKvUsage))
                : QCoreApplication::translate("Findings",
                    "Throughput stopped growing at %1: %2. At %3 the server ran at most %4 "
                    "requests while up to %5 waited.")
                      .arg(text::load(w.load, m_a.curve.byRate), w.evidence, after->step->loadPhrase(),
                          text::number(s->peakRunning), text::number(s->peakWaiting));
            f.meaning = s->peakKvUsage >= 0
                ? QCoreApplication::translate("Findings",
                    "The GPU has room for more requests, but the server will not batch them: the "
                    "extra users only queue.")
                : QCoreApplication::translate(
                    "Findings", "The server will not run more requests at once than this: the extra users only queue.");
            // Each server's own cap, in its own words.
            switch (m_run.facts.family) {
            case ServerFamily::LlamaCpp:
                f.why = QCoreApplication::translate("Findings",
                    "llama.cpp decodes at most one request per slot (--parallel); requests beyond its slots wait "
                    "for one to free up.");
                break;
            case ServerFamily::Vllm:
                f.why = QCoreApplication::translate("Findings",
                    "vLLM runs at most --max-num-seqs sequences per step; requests beyond it wait "
                    "even when memory is free.");
                break;
            default:
                f.why = QCoreApplication::translate("Findings",
                    "The server runs at most a fixed number of requests at once, a setting of its scheduler; "
                    "requests beyond it wait.");
                break;
            }
            f.tryNext << flag(QStringLiteral("--max-num-seqs"), QString::number(int(s->peakRunning) * 4),
                QCoreApplication::translate("Findings", "lets the batch grow into the free KV cache"));
            // Four times the batch, decoding beside the longest prompt sent there, sized from what was measured.
            if (auto more = largerBatchTokens(after, s->peakRunning * 4,
                    QCoreApplication::translate("Findings", "lets each step take more tokens when the batch grows")))
                f.tryNext << *more;
        } else {
            f.id = QStringLiteral("gpu-saturated");
            // "The GPU" only where one is known: a CPU-bound llama.cpp saturates too.
            f.title
                = (m_a.physics.available ? QCoreApplication::translate("Findings", "The GPU is saturated from %1")
                                         : QCoreApplication::translate("Findings", "The server is saturated from %1"))
                      .arg(text::load(w.load, m_a.curve.byRate));
            f.measured
                = QCoreApplication::translate("Findings", "Throughput stopped growing: %1.").arg(w.evidenceWithQueue());
            f.meaning = QCoreApplication::translate(
                "Findings", "Beyond this load every extra user adds waiting time, not throughput.");
            f.why = saturationWhy(after);
            f.lessonId = QStringLiteral("queueing-and-littles-law");
            if (fp8WeightsHelp())
                f.tryNext << flag(QStringLiteral("--quantization"), QStringLiteral("fp8"),
                    QCoreApplication::translate("Findings", "halves the weight bytes each step reads (%1 has FP8)")
                        .arg(m_a.physics.gpuName));
            f.tryNext << flag(QStringLiteral("--data-parallel-size"), QStringLiteral("2"),
                QCoreApplication::translate(
                    "Findings", "a second replica doubles throughput for a model that fits one GPU"));
        }
        add(f);
    }

    /// The longest prompt the server counted at a step (usage.prompt_tokens), else the size the run asked for; 0
    /// when neither is known. Advice on tokens per step is sized to what was sent, not to a default.
    double longestPromptAt(const CurvePoint* at) const
    {
        const Distribution& in = at && at->step ? at->step->stats.inputTokens : Distribution {};
        if (in.count > 0 && std::isfinite(in.max))
            return in.max;
        return m_run.inputTokens;
    }

    /// The most tokens one engine step takes on this server, and where that figure comes from: the server's own
    /// report, the launch's argument, or the default of its family (llama-server's --batch-size 2048; vLLM's for its
    /// version and GPU). Unset: not known.
    struct BatchTokens
    {
        int tokens = 0;
        QString source;
        bool atLeast = false; ///< a floor, not the setting: vLLM's default on a GPU that is not known
    };
    std::optional<BatchTokens> batchTokensSetting() const
    {
        if (m_run.facts.maxNumBatchedTokens && *m_run.facts.maxNumBatchedTokens > 0)
            return BatchTokens {
                *m_run.facts.maxNumBatchedTokens, QCoreApplication::translate("Findings", "as the server reports")};
        const bool llama = m_run.facts.family == ServerFamily::LlamaCpp;
        const QString name = llama ? QStringLiteral("--batch-size") : QStringLiteral("--max-num-batched-tokens");
        for (const QString& arg : m_run.launch.engineArgs) {
            if (arg.startsWith(name + u'='))
                if (const int n = arg.mid(name.size() + 1).toInt(); n > 0)
                    return BatchTokens {n, QCoreApplication::translate("Findings", "as launched")};
        }
        if (llama)
            return BatchTokens {
                kLlamaServerBatchSize, QCoreApplication::translate("Findings", "llama-server's default")};
        if (m_run.facts.family != ServerFamily::Vllm)
            return std::nullopt;
        const std::optional<GpuSpec>& gpu = m_a.settings.gpu;
        if (gpu) {
            const int n = VllmFlags::defaultFor(name, m_version, gpu->memoryGib, gpu->id.startsWith(u"a100")).toInt();
            if (n > 0)
                return BatchTokens {n, QCoreApplication::translate("Findings", "vLLM's default on %1").arg(gpu->name)};
            return std::nullopt;
        }
        // Without the GPU, V1's default is 2,048 or, on the largest GPUs, 8,192: the smaller one is a floor.
        if (const int n = VllmFlags::defaultFor(name, m_version, 1, false).toInt(); n > 0)
            return BatchTokens {
                n, QCoreApplication::translate("Findings", "at least, vLLM's default on any GPU"), true};
        return std::nullopt;
    }
    static constexpr int kLlamaServerBatchSize = 2048; // llama-server --help: "logical maximum batch size"

    /// A larger --max-num-batched-tokens only where it would hold what one step had to take at `at` and the
    /// setting does not: the longest prompt sent there plus a token for each of `decoding` running requests,
    /// rounded up to a power of two. Nothing when the setting already holds it, or nothing was measured.
    std::optional<FlagSuggestion> largerBatchTokens(const CurvePoint* at, double decoding, const QString& purpose) const
    {
        const double prompt = longestPromptAt(at);
        if (prompt <= 0 || !at || !at->step)
            return std::nullopt;
        decoding = std::max(0.0, std::round(decoding));
        const double need = prompt + decoding;
        const std::optional<BatchTokens> now = batchTokensSetting();
        if (now && now->tokens >= need)
            return std::nullopt;
        const auto value = qint64(std::exp2(std::ceil(std::log2(std::max(need, 256.0)))));
        const QString setting = now
            ? QCoreApplication::translate("Findings", "now %1, %2").arg(text::number(now->tokens), now->source)
            : QCoreApplication::translate("Findings", "the setting now is not known");
        const QString held = decoding >= 1
            ? QCoreApplication::translate("Findings",
                "one step then holds the longest prompt sent at %1 (%2 tokens) and the %3 requests "
                "decoding beside it")
                  .arg(at->step->loadPhrase(), text::number(prompt), text::number(decoding))
            : QCoreApplication::translate("Findings", "one step then holds the longest prompt sent at %1 (%2 tokens)")
                  .arg(at->step->loadPhrase(), text::number(prompt));
        return flag(QStringLiteral("--max-num-batched-tokens"), QString::number(value),
            QStringLiteral("%1: %2 (%3)").arg(purpose, held, setting));
    }

    /// A smaller --max-num-batched-tokens only where it would split the prompts sent at `at`: a prompt that fits one
    /// step interrupts decoding once whatever the setting, so the value is the largest power of two up to half the
    /// longest prompt, and only below the setting now (known, not a floor). It stays at or above llama-server's
    /// physical batch (512), and vLLM's 2,048, below which its default --max-num-seqs would refuse to start.
    std::optional<FlagSuggestion> smallerBatchTokens(const CurvePoint* at, const QString& purpose) const
    {
        const double prompt = longestPromptAt(at);
        const std::optional<BatchTokens> now = batchTokensSetting();
        if (prompt <= 0 || !now || now->atLeast || !at || !at->step)
            return std::nullopt;
        const auto value = qint64(std::exp2(std::floor(std::log2(std::max(1.0, prompt / 2)))));
        const qint64 least = m_run.facts.family == ServerFamily::LlamaCpp ? 512 : 2048;
        if (value < least || value >= now->tokens)
            return std::nullopt;
        return flag(QStringLiteral("--max-num-batched-tokens"), QString::number(value),
            QCoreApplication::translate("Findings",
                "%1: the longest prompt sent at %2 (%3 tokens) is then prefilled over several steps, not in one "
                "(the setting now is %4, %5)")
                .arg(purpose, at->step->loadPhrase(), text::number(prompt), text::number(now->tokens), now->source));
    }

    void latencyWall()
    {
        const Capacity& c = m_a.curve.capacity;
        if (c.bound != Capacity::Bound::Between && c.bound != Capacity::Bound::Below)
            return;
        const bool limiting = m_a.walls.limiting == Wall::Kind::Latency;
        const double rtt = CurvePoint::carriesRoundTrip(c.metric) ? std::max(0.0, m_run.roundTripMs) : 0;
        Finding f;
        f.severity = limiting ? Severity::Problem : Severity::Background;
        // The wall's evidence names the metric and starts in lower case (the verdict quotes it mid-sentence).
        f.measured = QCoreApplication::translate("Findings", "At p%1, %2.")
                         .arg(text::number(m_a.settings.percentile), m_a.walls.latency.evidence);
        if (c.metric == u"TTFT") {
            f.id = QStringLiteral("ttft-target");
            f.title = c.bound == Capacity::Bound::Below
                ? QCoreApplication::translate("Findings", "Time to first token misses the target even at %1")
                      .arg(text::load(c.shown(), m_a.curve.byRate))
                : QCoreApplication::translate("Findings", "Time to first token crosses the target at %1")
                      .arg(text::load(c.shown(), m_a.curve.byRate, true));
            f.meaning = QCoreApplication::translate("Findings", "Users wait longer than %1 for the answer to start.")
                            .arg(text::milliseconds(c.target - rtt));
            f.why = QCoreApplication::translate("Findings",
                "A new request's prompt is processed (prefill) in steps shared with everyone "
                "else's decoding; under load it also waits for a place in the batch.");
            f.lessonId = QStringLiteral("prefill-vs-decode");
            // Where it missed: the prompts sent there and the other users decoding beside one.
            const CurvePoint* missed = point(c.bound == Capacity::Bound::Below ? 0 : c.firstFail);
            const double others = missed && missed->step ? std::max(0, missed->step->stats.peakInFlight - 1) : 0;
            if (auto more = largerBatchTokens(missed, others,
                    QCoreApplication::translate(
                        "Findings", "prefills more prompt tokens per step, so first tokens come sooner")))
                f.tryNext << *more;
            f.tryNext << flag(QStringLiteral("--max-num-partial-prefills"), QStringLiteral("4"),
                QCoreApplication::translate(
                    "Findings", "lets short prompts start while a long one is still prefilling"));
            if (m_run.facts.prefixCaching == false)
                f.tryNext << flag(QStringLiteral("--enable-prefix-caching"), QString(),
                    QCoreApplication::translate("Findings", "skips prefill for prompt prefixes seen before"));
        } else if (c.metric == u"TPOT") {
            f.id = QStringLiteral("tpot-target");
            f.title = c.bound == Capacity::Bound::Below
                ? QCoreApplication::translate("Findings", "Time per output token misses the target even at %1")
                      .arg(text::load(c.shown(), m_a.curve.byRate))
                : QCoreApplication::translate("Findings", "Time per output token crosses the target at %1")
                      .arg(text::load(c.shown(), m_a.curve.byRate, true));
            f.meaning = QCoreApplication::translate("Findings", "Answers stream slower than %1 per token.")
                            .arg(text::milliseconds(c.target));
            f.why = QCoreApplication::translate("Findings",
                "Every decode step reads all the weights and every running request's KV cache; "
                "more requests and long prefills sharing a step make each step longer.");
            f.lessonId = QStringLiteral("roofline");
            if (auto fewer = smallerBatchTokens(point(c.bound == Capacity::Bound::Below ? 0 : c.firstFail),
                    QCoreApplication::translate("Findings", "smaller prefill chunks interrupt decoding less")))
                f.tryNext << *fewer;
            if (!m_run.facts.cacheDtype.startsWith(u"fp8"))
                f.tryNext << flag(QStringLiteral("--kv-cache-dtype"), QStringLiteral("fp8"),
                    QCoreApplication::translate("Findings", "halves the KV bytes each decode step reads"));
            if (fp8WeightsHelp())
                f.tryNext << flag(QStringLiteral("--quantization"), QStringLiteral("fp8"),
                    QCoreApplication::translate("Findings", "halves the weight bytes each decode step reads"));
        } else if (c.metric == u"TTFO") {
            f.id = QStringLiteral("ttfo-target");
            f.title = c.bound == Capacity::Bound::Below
                ? QCoreApplication::translate("Findings", "The first answer token misses the target even at %1")
                      .arg(text::load(c.shown(), m_a.curve.byRate))
                : QCoreApplication::translate("Findings", "The first answer token crosses the target at %1")
                      .arg(text::load(c.shown(), m_a.curve.byRate, true));
            f.meaning = QCoreApplication::translate(
                "Findings", "Users wait longer than %1 for the answer to begin after the model's thinking.")
                            .arg(text::milliseconds(c.target - rtt));
            f.why = QCoreApplication::translate("Findings",
                "A reasoning model's answer begins after its prompt is processed and every thinking token is "
                "decoded: the wait grows with the thinking's length and with the time per token under load.");
            f.lessonId = QStringLiteral("roofline");
            if (!m_run.facts.cacheDtype.startsWith(u"fp8"))
                f.tryNext << flag(QStringLiteral("--kv-cache-dtype"), QStringLiteral("fp8"),
                    QCoreApplication::translate("Findings", "halves the KV bytes each thinking token's step reads"));
        } else if (c.metric == u"E2EL") {
            f.id = QStringLiteral("e2el-target");
            f.title = QCoreApplication::translate("Findings", "End-to-end latency crosses the target at %1")
                          .arg(text::load(c.shown(), m_a.curve.byRate, true));
            f.meaning = QCoreApplication::translate("Findings", "Whole answers take longer than %1.")
                            .arg(text::milliseconds(c.target));
            f.why = QCoreApplication::translate("Findings",
                "An answer's time is its first token plus every later token; both grow with "
                "load.");
            f.lessonId = QStringLiteral("tail-latency");
        } else {
            return; // failures: the errors rule speaks for them
        }
        add(f);
    }

    void errors()
    {
        int failed = 0, total = 0;
        std::map<ErrorClass, int> byClass;
        std::map<ErrorClass, QString> words;
        QString firstAt;
        for (const CurvePoint& p : m_a.curve.points) {
            failed += p.failed;
            total += p.step->stats.total;
            if (p.failed > 0 && firstAt.isEmpty())
                firstAt = p.step->loadPhrase();
            for (const auto& [cls, n] : p.step->stats.failures)
                byClass[cls] += n;
            for (const auto& [cls, message] : p.step->stats.failureMessages)
                words.emplace(cls, message);
        }
        if (failed == 0)
            return;
        Finding f;
        f.id = QStringLiteral("errors");
        f.severity = Severity::Problem;
        f.title = QCoreApplication::translate("Findings", "%1 of %2 requests failed").arg(failed).arg(total);
        QStringList kinds;
        for (const auto& [cls, n] : byClass) {
            kinds << QStringLiteral("%1 %2").arg(n).arg(errorClassWords(cls));
            if (const auto w = words.find(cls); w != words.end())
                kinds.back()
                    += QCoreApplication::translate("Findings", " (the first said: \u201c%1\u201d)").arg(w->second);
        }
        f.measured = QCoreApplication::translate("Findings", "Failures from %1: %2.").arg(firstAt, text::list(kinds));
        f.meaning = QCoreApplication::translate("Findings",
            "Failed requests count against every target: a user who got an error was not "
            "served.");
        f.why = byClass.count(ErrorClass::GatewayRejected)
            ? QCoreApplication::translate("Findings",
                "A gateway in front of the server answered with its own page (a rate limit, or no server to pass the "
                "request to): these are the gateway's refusals, not the server's failures.")
            : byClass.count(ErrorClass::RateLimited)
            ? QCoreApplication::translate(
                "Findings", "429 answers come from a rate limit in a gateway or the server, not from the GPU.")
            : QCoreApplication::translate("Findings",
                "Errors under load usually mean timeouts in a proxy, the server running out of memory, "
                "or the server restarting.");
        f.lessonId = QStringLiteral("measuring-honestly");
        add(f);
    }

    static QString errorClassWords(ErrorClass c)
    {
        switch (c) {
        case ErrorClass::RateLimited:
            return QCoreApplication::translate("Findings", "rate limited (429)");
        case ErrorClass::ServerError:
            return QCoreApplication::translate("Findings", "server errors (5xx)");
        case ErrorClass::GatewayRejected:
            return QCoreApplication::translate("Findings", "refused by a gateway in front of the server");
        case ErrorClass::Timeout:
            return QCoreApplication::translate("Findings", "timed out");
        case ErrorClass::StreamCut:
            return QCoreApplication::translate("Findings", "cut off mid-stream");
        case ErrorClass::InBandError:
            return QCoreApplication::translate("Findings", "ended with an error event");
        case ErrorClass::MalformedEvent:
            return QCoreApplication::translate("Findings", "with an event that was not valid JSON");
        case ErrorClass::ConnectionRefused:
            return QCoreApplication::translate("Findings", "refused connections");
        case ErrorClass::HostNotFound:
            return QCoreApplication::translate("Findings", "with the server's name not found");
        case ErrorClass::Tls:
            return QCoreApplication::translate("Findings", "failed TLS handshakes");
        case ErrorClass::Unauthorized:
            return QCoreApplication::translate("Findings", "refused as unauthorized (401/403)");
        case ErrorClass::NotFound:
            return QCoreApplication::translate("Findings", "not found (404)");
        case ErrorClass::HttpError:
            return QCoreApplication::translate("Findings", "other HTTP errors");
        case ErrorClass::Cancelled:
            return QCoreApplication::translate("Findings", "cancelled");
        case ErrorClass::None:
        case ErrorClass::Other:
            break;
        }
        return QCoreApplication::translate("Findings", "other failures");
    }

    void physics()
    {
        const PhysicsFloors& p = m_a.physics;
        if (!p.available || std::isnan(p.bandwidthEfficiency))
            return;
        Finding f;
        f.lessonId = QStringLiteral("roofline");
        if (p.fasterThanPhysics) {
            f.id = QStringLiteral("faster-than-physics");
            f.severity = Severity::Problem;
            f.title = QCoreApplication::translate("Findings", "Faster than %1 allows").arg(p.gpuName);
            QStringList measured;
            if (p.tpotFasterThanPhysics)
                measured << QCoreApplication::translate("Findings",
                    "One request took %1 per token; reading %2 of weights at %3's bandwidth "
                    "takes at least %4.")
                                .arg(text::milliseconds(p.baselineTpotMs), bytes(p.weightBytesRead), p.gpuName,
                                    text::milliseconds(p.baselineTpotFloorMs));
            if (p.ttftFasterThanPhysics)
                measured << QCoreApplication::translate("Findings",
                    "One request's first token came %1 after the server had its prompt; prefilling "
                    "it on %2 takes at least %3.")
                                .arg(text::milliseconds(p.baselineTtftMs), p.gpuName,
                                    text::milliseconds(p.baselineTtftFloorMs));
            f.measured = measured.join(u' ');
            f.meaning = QCoreApplication::translate(
                "Findings", "The physics check cannot vouch for these numbers until the cause is known.");
            f.why = QCoreApplication::translate("Findings", "Likely: %1.").arg(text::list(p.fasterCauses));
            add(f);
            return;
        }
        f.id = QStringLiteral("bandwidth-efficiency");
        f.title = QCoreApplication::translate("Findings", "One request reaches %1 of what %2 allows")
                      .arg(text::percent(p.bandwidthEfficiency), p.gpuName);
        f.measured
            = QCoreApplication::translate("Findings",
                "TPOT of one request %1; the bandwidth floor for %2 is %3 (%4 per step at %5); "
                "at best %6 tokens per second for one user.")
                  .arg(text::milliseconds(p.baselineTpotMs), p.modelName, text::milliseconds(p.baselineTpotFloorMs),
                      bytes(p.weightBytesRead), bandwidth(p), text::number(p.singleRequestTokensPerSecond));
        if (p.tensorParallelAssumed)
            f.measured += QCoreApplication::translate("Findings", " Assumed %1 GPUs, the fewest that hold the weights.")
                              .arg(p.tensorParallel);
        if (p.bandwidthEfficiency >= 0.6) {
            f.severity = Severity::Healthy;
            f.meaning = QCoreApplication::translate("Findings",
                "Single-request decoding is close to the hardware's limit: well-tuned stacks "
                "reach 70–85%.");
        } else {
            f.severity = p.bandwidthEfficiency < 0.4 ? Severity::Problem : Severity::Background;
            f.meaning = QCoreApplication::translate("Findings",
                "Single-request decoding is well below the hardware's limit (well-tuned "
                "stacks reach 70–85%): something besides reading the weights costs time.");
            f.why = QCoreApplication::translate("Findings",
                "Common causes: CUDA graphs off (--enforce-eager), a CPU-bound server, "
                "a slower GPU than entered, or network time inside each token.");
        }
        add(f);
    }

    static QString bytes(double b) { return text::number(b / 1e9, 1) + QStringLiteral(" GB"); }
    static QString bandwidth(const PhysicsFloors& p)
    {
        if (p.tensorParallel > 1)
            return QCoreApplication::translate("Findings", "the bandwidth of %1 × %2")
                .arg(p.tensorParallel)
                .arg(p.gpuName);
        return QCoreApplication::translate("Findings", "the bandwidth of one %1").arg(p.gpuName);
    }

    /// A step that missed below steps that met every target again: the capacity rests on it, so its figures and
    /// theirs are shown side by side, for the verdict's "not monotone" and for the reader to judge.
    void notMonotone()
    {
        const Capacity& c = m_a.curve.capacity;
        if (c.laterPass < 0 || c.firstFail < 0)
            return;
        const CurvePoint& fail = m_a.curve.points[std::size_t(c.firstFail)];
        auto figure = [&](const CurvePoint& p) { return c.figure(p.value(c.metric), m_run.roundTripMs); };
        QStringList passed, steps;
        for (int i = c.firstFail; i <= c.laterPass; ++i) {
            const CurvePoint& p = m_a.curve.points[std::size_t(i)];
            if (i > c.firstFail && p.meetsTargets)
                passed << p.step->loadPhrase();
            steps << QCoreApplication::translate("Findings", "%1: %2 (%3)")
                         .arg(p.step->loadPhrase(), figure(p),
                             p.meetsTargets ? QCoreApplication::translate("Findings", "met")
                                            : QCoreApplication::translate("Findings", "missed"));
        }
        Finding f;
        f.id = QStringLiteral("not-monotone");
        f.severity = Severity::Problem;
        f.title = QCoreApplication::translate("Findings", "%1 missed a target that %2 met")
                      .arg(fail.step->loadPhrase(), text::list(passed));
        f.measured = QCoreApplication::translate("Findings", "%1 at p%2, against a target of %3: %4.")
                         .arg(text::metricName(c.metric), text::number(m_a.settings.percentile),
                             c.figure(c.target, m_run.roundTripMs), steps.join(QStringLiteral(", ")));
        f.meaning = QCoreApplication::translate("Findings",
            "More users cannot make a server faster, so one of these steps was disturbed (another process on the "
            "server or the client, a warm-up, a noisy window): the capacity, taken at the first miss, is uncertain.");
        f.why = QCoreApplication::translate("Findings",
            "A step is a sample of a few seconds; anything else that ran on the machines in that time is in it.");
        add(f);
    }

    /// A step that missed below a higher load that met every target was measured again before it could set the
    /// capacity: both measurements side by side, and which one the curve takes (the second).
    void remeasured()
    {
        for (const auto& [first, again] : m_run.remeasured()) {
            const CurvePoint a = LoadCurve::judge(m_run, *first, m_a.settings);
            const CurvePoint b = LoadCurve::judge(m_run, *again, m_a.settings);
            const QString metric = a.missed.value(0, QStringLiteral("TTFT"));
            const bool latency = metric != u"errors";
            auto figure = [&](const CurvePoint& p) {
                return latency ? text::milliseconds(p.shown(metric)) : text::percent(p.value(metric));
            };
            Finding f;
            f.id = QStringLiteral("remeasured");
            f.severity = b.meetsTargets ? Severity::Background : Severity::Problem;
            f.title = b.meetsTargets
                ? QCoreApplication::translate("Findings", "%1 missed at first and met every target when measured again")
                      .arg(first->loadPhrase())
                : QCoreApplication::translate("Findings", "%1 missed again when measured again")
                      .arg(first->loadPhrase());
            f.measured = QCoreApplication::translate(
                "Findings", "%1 at p%2: %3 the first time (%4), %5 the second (%6). The curve takes the second.")
                             .arg(text::metricName(metric), text::number(m_a.settings.percentile), figure(a),
                                 a.meetsTargets ? QCoreApplication::translate("Findings", "met")
                                                : QCoreApplication::translate("Findings", "missed"),
                                 figure(b),
                                 b.meetsTargets ? QCoreApplication::translate("Findings", "met")
                                                : QCoreApplication::translate("Findings", "missed"));
            f.meaning = b.meetsTargets
                ? QCoreApplication::translate("Findings",
                    "The first measurement was disturbed (another process, a warm-up, a noisy window); a higher load "
                    "had met every target, so the step was measured again before it could set the capacity.")
                : QCoreApplication::translate("Findings",
                    "The miss held when measured again, while a higher load met every target: the curve is not "
                    "monotone, and the capacity is uncertain.");
            add(f);
        }
    }

    /// A trace's replay: what was replayed, and how closely the sends kept its times (the schedule lag, in the
    /// server's time as the trace is).
    void traceReplayed()
    {
        for (const StepData& s : m_run.steps) {
            if (!s.trace || s.cancelled)
                continue;
            const StepData::TraceReplay& t = *s.trace;
            const Distribution& lag = s.stats.scheduleLagMs;
            Finding f;
            f.id = QStringLiteral("trace-replay");
            f.severity = Severity::Background;
            f.title = QCoreApplication::translate("Findings", "%1 replayed at its recorded times").arg(t.file);
            f.measured = QCoreApplication::translate("Findings",
                "%1 requests of %2 (%3) from %4 s into it, at %5× the recorded speed: %6 s of arrivals, %7 on average.")
                             .arg(t.requests)
                             .arg(t.file, t.format, text::number(t.startSeconds), text::number(t.speed),
                                 text::number(t.spanSeconds), text::load(s.rate, true));
            if (lag.count > 0)
                f.measured += u' '
                    + QCoreApplication::translate("Findings",
                        "Each request left within %1 of its time in the trace at p50 and %2 at p99 (%3 at most).")
                          .arg(text::milliseconds(lag.p50.value * m_run.timeScale),
                              text::milliseconds(lag.p99.value * m_run.timeScale),
                              text::milliseconds(lag.max * m_run.timeScale));
            f.meaning = QCoreApplication::translate("Findings",
                "The server met the trace's bursts and lulls as recorded, not an even or Poisson rate; the step is "
                "judged as an open-loop step at its mean rate, and its lengths are the trace's own.");
            add(f);
        }
    }

    // A reasoning model's thinking, told apart from its answer: how much of the output it was, and how long a
    // person waited for the answer to begin, at the lowest and the highest load measured.
    void thinking()
    {
        std::vector<const CurvePoint*> thought;
        for (const CurvePoint& p : m_a.curve.points) {
            if (p.step && p.step->thoughtRequests > 0 && p.step->stats.thinkingTokens.count > 0)
                thought.push_back(&p);
        }
        if (thought.empty())
            return;
        const QString q = text::number(m_a.settings.percentile);
        const auto waits = [&q](const CurvePoint& p) {
            return QCoreApplication::translate("Findings", "first token %1, first answer token %2 (p%3)")
                .arg(text::milliseconds(p.shown(QStringLiteral("TTFT"))),
                    std::isnan(p.ttfo.value) ? QCoreApplication::translate("Findings", "never")
                                             : text::milliseconds(p.shown(QStringLiteral("TTFO"))),
                    q);
        };
        const CurvePoint& low = *thought.front();
        const StepStatistics& s = low.step->stats;
        const double thinking = s.thinkingTokens.p50.value, answer = s.answerTokens.p50.value;
        Finding f;
        f.id = QStringLiteral("thinking");
        f.severity = Severity::Background;
        f.title = QCoreApplication::translate("Findings", "The model thinks before it answers");
        f.measured = QCoreApplication::translate("Findings",
            "At %1, %2 of %3 requests thought: %4 thinking tokens and %5 answer tokens at the median (%6 of the "
            "output was thinking); %7.")
                         .arg(low.step->loadPhrase())
                         .arg(low.step->thoughtRequests)
                         .arg(low.samples)
                         .arg(text::number(thinking, 0), text::number(answer, 0),
                             text::percent(thinking + answer > 0 ? thinking / (thinking + answer) : 0), waits(low));
        if (thought.size() > 1) {
            const CurvePoint& high = *thought.back();
            f.measured += u' '
                + QCoreApplication::translate("Findings", "At %1: %2.").arg(high.step->loadPhrase(), waits(high));
        }
        f.meaning = QCoreApplication::translate("Findings",
            "A person sees the answer begin at the first answer token (TTFO), not at the first token: the thinking "
            "streams first, or is hidden.");
        if (m_a.settings.slo.ttfoMs)
            f.meaning += u' '
                + QCoreApplication::translate("Findings", "Your target of %1 is on the first answer token.")
                      .arg(text::milliseconds(*m_a.settings.slo.ttfoMs));
        else if (m_a.settings.slo.ttftMs)
            f.meaning += u' '
                + QCoreApplication::translate("Findings",
                    "Your target of %1 is on the first token, a thinking one; set a target on the first answer "
                    "token (--slo-ttfo-ms) to judge the wait a person sees.")
                      .arg(text::milliseconds(*m_a.settings.slo.ttftMs));
        f.lessonId = QStringLiteral("prefill-vs-decode");
        add(f);
    }

    // The server's own speculative-decoding counters, per load: how much of what the draft proposed the target model
    // kept, and so how many tokens one of its steps made. What it bought is a comparison with a run without the
    // draft; the acceptance as load grows is what this run can say.
    void speculation()
    {
        std::vector<const CurvePoint*> drafted;
        for (const CurvePoint& p : m_a.curve.points) {
            if (p.step && p.step->server.specAcceptanceRate() >= 0)
                drafted.push_back(&p);
        }
        if (drafted.empty())
            return;
        const auto accepted = [](const CurvePoint& p) {
            const ServerDeltas& s = p.step->server;
            QString clause = QCoreApplication::translate("Findings", "%1 of %2 drafted tokens accepted at %3")
                                 .arg(text::percent(s.specAcceptanceRate()), text::number(s.specDraftTokens, 0),
                                     p.step->loadPhrase());
            if (s.specTokensPerStep() >= 0)
                clause += u' '
                    + QCoreApplication::translate("Findings", "(%1 tokens per step of the target model)")
                          .arg(text::number(s.specTokensPerStep(), 1));
            return clause;
        };
        // In the server's time, as every figure is shown (a simulated run's client ran at its speed).
        const auto medianTpot
            = [](const CurvePoint& p) { return Distribution::percentile(p.step->tpotSorted, 0.5).value; };
        const CurvePoint& low = *drafted.front();
        Finding f;
        f.id = QStringLiteral("speculation");
        f.severity = Severity::Background;
        f.title = QCoreApplication::translate(
            "Findings", "The server decodes speculatively: %1 of drafted tokens accepted at %2")
                      .arg(text::percent(low.step->server.specAcceptanceRate()), low.step->loadPhrase());
        f.measured = QCoreApplication::translate("Findings", "By the server's counters: %1.").arg(accepted(low));
        if (drafted.size() > 1) {
            const CurvePoint& high = *drafted.back();
            f.measured += u' '
                + QCoreApplication::translate("Findings", "%1; the median TPOT went from %2 to %3.")
                      .arg(accepted(high), text::milliseconds(medianTpot(low)), text::milliseconds(medianTpot(high)));
        }
        // A server may send a step's accepted tokens as chunks of one token each, back to back (llama.cpp does):
        // then the gaps between chunks say how the tokens were sent, not how fast they were made.
        const double gap = low.step->stats.itlMs.p50.value * m_run.timeScale;
        if (gap < 0.25 * medianTpot(low))
            f.measured += u' '
                + QCoreApplication::translate("Findings",
                    "Tokens arrived in bursts: at %1 the median gap between chunks was %2 while TPOT was %3.")
                      .arg(low.step->loadPhrase(), text::milliseconds(gap), text::milliseconds(medianTpot(low)));
        f.meaning = QCoreApplication::translate("Findings",
            "A small draft model proposes tokens and the target model checks them in one step, so a step can make "
            "more than one token. It helps most at low load, where a step is bound by memory bandwidth; under load "
            "the checking competes with other users' tokens, so what helps one user can cost throughput at many. "
            "Measure the same load without the draft model and compare the runs (kneepoint compare).");
        f.lessonId = QStringLiteral("roofline");
        add(f);
    }

    // A run sent to several models or adapters (--models): which was slowest, at the lightest load (where a request
    // is alone or nearly so in its batch, and an adapter's cost shows as its own) and at the heaviest.
    struct ModelSplit
    {
        const StepData* step = nullptr;
        const StepData::ModelRequests* slowest = nullptr;
        const StepData::ModelRequests* fastest = nullptr;
        PercentileEstimate slow;
        PercentileEstimate fast;
        QString each; ///< "base: 38 requests, median TTFT …; sql: …"
        /// The two medians' 95% intervals do not overlap: in one batch the models' TPOTs differ by little, and a
        /// difference within the noise names no model.
        bool distinct() const { return slow.low > fast.high; }
    };

    std::optional<ModelSplit> modelSplit(const StepData& step) const
    {
        ModelSplit split;
        split.step = &step;
        // NaN for an empty sample.
        const auto median
            = [](const std::vector<double>& sorted) { return Distribution::percentile(sorted, 0.5).value; };
        QStringList each;
        for (const StepData::ModelRequests& m : step.byModel) {
            const double tpot = median(m.tpotSorted);
            if (std::isnan(tpot))
                continue;
            if (!split.slowest || tpot > median(split.slowest->tpotSorted))
                split.slowest = &m;
            if (!split.fastest || tpot <= median(split.fastest->tpotSorted)) // of equals the last: not the slowest
                split.fastest = &m;
            each << QCoreApplication::translate(
                "Findings", "%1: %2 requests, median TTFT %3, TPOT %4, %5 output tokens/s")
                        .arg(m.model, QString::number(m.succeeded), text::milliseconds(median(m.ttftSorted)),
                            text::milliseconds(tpot), text::number(step.outputTokensPerSecond(m, m_run.timeScale), 0));
        }
        if (!split.slowest || split.slowest == split.fastest)
            return std::nullopt;
        split.slow = Distribution::percentile(split.slowest->tpotSorted, 0.5);
        split.fast = Distribution::percentile(split.fastest->tpotSorted, 0.5);
        split.each = each.join(QStringLiteral("; "));
        return split;
    }

    /// Agents (--fan-out, a data set's "parallel" stages): a turn waits for every sub-call of its fan-out, so the
    /// slowest sets its pace. Said at the lightest and the heaviest load that sent fan-outs, with the sub-calls' own
    /// median beside the join's.
    void fanOutJoins()
    {
        std::vector<const StepData*> steps;
        if (const StepData* b = m_run.baseline(); b && !b->fanOutJoinMsSorted.empty())
            steps.push_back(b);
        for (const CurvePoint& p : m_a.curve.points) {
            if (p.step && !p.step->fanOutJoinMsSorted.empty() && p.step != m_run.baseline())
                steps.push_back(p.step);
        }
        if (steps.empty())
            return;
        const auto at = [](const StepData& s) {
            const double join = Distribution::percentile(s.fanOutJoinMsSorted, 0.5).value;
            const double call = Distribution::percentile(s.subCallE2elMsSorted, 0.5).value;
            // A p99 of a few fan-outs is their slowest: it is given from 20 on.
            const auto n = qsizetype(s.fanOutJoinMsSorted.size());
            const QString count = n == 1 ? QCoreApplication::translate("Findings", "1 fan-out")
                : n < 20                 ? QCoreApplication::translate("Findings", "%1 fan-outs").arg(n)
                                         : QCoreApplication::translate("Findings", "%1 fan-outs, p99 %2 ms")
                               .arg(text::number(double(n), 0),
                                   text::number(Distribution::percentile(s.fanOutJoinMsSorted, 0.99).value, 0));
            return QCoreApplication::translate(
                "Findings", "%1 ms at %2 (%3), while a sub-call took %4 ms at the median")
                .arg(text::number(join, 0), s.loadPhrase(), count, text::number(call, 0));
        };
        const StepData& light = *steps.front();
        const StepData& heavy = *steps.back();
        const double join = Distribution::percentile(heavy.fanOutJoinMsSorted, 0.5).value;
        const double call = Distribution::percentile(heavy.subCallE2elMsSorted, 0.5).value;
        Finding f;
        f.id = QStringLiteral("fan-out-join");
        f.severity = Severity::Background;
        f.title = QCoreApplication::translate(
            "Findings", "An agent's turn waited %1 ms for its sub-calls at %2, %3× a sub-call's median")
                      .arg(text::number(join, 0), heavy.loadPhrase(), text::number(join / std::max(call, 1e-9), 2));
        f.measured = QCoreApplication::translate("Findings",
            "Median time from a fan-out of up to %1 sub-calls to its "
            "last answer: %2.")
                         .arg(text::number(heavy.widestFanOut), at(light));
        if (&heavy != &light)
            f.measured += u' ' + QCoreApplication::translate("Findings", "At the heaviest load: %1.").arg(at(heavy));
        f.meaning = QCoreApplication::translate("Findings",
            "An agent's next turn starts only when every sub-call of its fan-out has answered, so the slowest of them "
            "sets the pace: a turn's latency is the tail of its sub-calls, not their median, and grows with the "
            "fan-out's width and with the load.");
        add(f);
    }

    void modelMix()
    {
        std::vector<ModelSplit> splits; // by load, ascending
        for (const CurvePoint& p : m_a.curve.points) {
            if (p.step && p.step->byModel.size() > 1) {
                if (std::optional<ModelSplit> split = modelSplit(*p.step))
                    splits.push_back(*split);
            }
        }
        if (splits.empty())
            return;
        const ModelSplit& light = splits.front();
        const ModelSplit& heavy = splits.back();
        const bool llama = m_run.facts.family == ServerFamily::LlamaCpp;
        const ModelSplit& named = light.distinct() || !heavy.distinct() ? light : heavy;
        Finding f;
        f.id = QStringLiteral("model-mix");
        f.severity = Severity::Background;
        if (named.distinct())
            f.title = QCoreApplication::translate(
                "Findings", "Requests to %1 were the slowest at %2: median TPOT %3 against %4 for %5")
                          .arg(named.slowest->model, named.step->loadPhrase(), text::milliseconds(named.slow.value),
                              text::milliseconds(named.fast.value), named.fastest->model);
        else
            f.title = QCoreApplication::translate(
                "Findings", "Every model was served alike at %1: median TPOT from %2 (%3) to %4 (%5), within the noise")
                          .arg(heavy.step->loadPhrase(), text::milliseconds(heavy.fast.value), heavy.fastest->model,
                              text::milliseconds(heavy.slow.value), heavy.slowest->model);
        f.measured
            = QCoreApplication::translate("Findings", "At %1, by model: %2.").arg(light.step->loadPhrase(), light.each);
        if (&heavy != &light) {
            f.measured += u' '
                + QCoreApplication::translate("Findings", "At %1: %2.").arg(heavy.step->loadPhrase(), heavy.each);
            // An adapter slower on its own and not under load: its extra work is everyone's there, in one batch
            // (vLLM) or in the steps every other model's requests wait out (llama-server).
            if (light.distinct() && !heavy.distinct())
                f.measured += u' '
                    + (llama ? QCoreApplication::translate("Findings",
                           "At %1 the models' median TPOTs were within the noise of each other (%2 and %3): "
                           "llama-server runs one adapter's requests a step, so each model's requests wait "
                           "out the other models' steps.")
                             : QCoreApplication::translate("Findings",
                                 "At %1 the models' median TPOTs were within the noise of each other (%2 and %3): "
                                 "in one batch an adapter's extra work slows every request beside it."))
                          .arg(heavy.step->loadPhrase(), text::milliseconds(heavy.fast.value),
                              text::milliseconds(heavy.slow.value));
        }
        f.meaning = llama
            ? QCoreApplication::translate("Findings",
                "llama-server batches a request only with requests of the same LoRA adapters and scales, so in a mix "
                "each step makes tokens for one model's requests while the others wait: under load every model's "
                "TPOT holds the other models' steps, and the batches are smaller than the slots allow. What the mix "
                "costs against the base model alone is a comparison: measure the same load without --models and "
                "compare the runs (kneepoint compare).")
            : QCoreApplication::translate("Findings",
                "Requests to several models or LoRA adapters share the server's steps: a step makes a token for every "
                "request in it, so an adapter's extra work slows the whole batch, and what differs between models is "
                "their prefill and the batches their requests ran in. What the mix costs against the base model alone "
                "is a comparison: measure the same load with --model BASE and compare the runs (kneepoint compare).");
        f.lessonId = QStringLiteral("continuous-batching");
        add(f);
    }

    void knee()
    {
        const KneePoint& k = m_a.curve.knee;
        if (!k.found)
            return;
        Finding f;
        f.id = QStringLiteral("knee");
        f.severity = Severity::Background;
        f.title = QCoreApplication::translate("Findings", "The knee is at %1")
                      .arg(m_a.curve.points[std::size_t(k.point)].step->loadPhrase());
        // The pair of steps the knee rests on, and its definition, so the reader can check it on the chart.
        f.measured = QCoreApplication::translate("Findings",
            "Up to %1 added load bought throughput (%2 tokens/s "
            "there); beyond it, mostly latency: %3. The knee is %4.")
                         .arg(m_a.curve.points[std::size_t(k.point)].step->loadPhrase(),
                             text::number(k.outputTokensPerSecond), k.evidence, k.method);
        f.meaning = QCoreApplication::translate("Findings",
            "The most efficient operating point: run near it when cost matters more than "
            "latency.");
        f.lessonId = QStringLiteral("queueing-and-littles-law");
        add(f);
    }

    void tail()
    {
        const Capacity& c = m_a.curve.capacity;
        const CurvePoint* p = point(c.lastPass >= 0 ? c.lastPass : c.firstFail);
        if (!p || p->samples < 20)
            return;
        // The figures the scorecard shows: the round trip taken out of both.
        const double p50 = Distribution::percentile(p->step->ttftSorted, 0.5).value - p->roundTripMs;
        const double tailValue = p->shown(QStringLiteral("TTFT"));
        if (!(p50 > 0) || tailValue / p50 < 3)
            return;
        Finding f;
        f.id = QStringLiteral("tail-latency");
        f.severity = Severity::Background;
        f.title = QCoreApplication::translate("Findings", "A long tail at %1").arg(p->step->loadPhrase());
        f.measured = QCoreApplication::translate("Findings", "TTFT p%1 %2 is %3 times the median %4.")
                         .arg(text::number(m_a.settings.percentile), text::milliseconds(tailValue),
                             text::number(tailValue / p50, 1), text::milliseconds(p50));
        f.meaning = QCoreApplication::translate("Findings",
            "Most users are served much faster than the target's percentile suggests; a few "
            "wait far longer.");
        f.why = QCoreApplication::translate("Findings",
            "Requests that arrive while a batch is full, or behind a long prefill, wait a whole "
            "step or more.");
        f.lessonId = QStringLiteral("tail-latency");
        add(f);
    }

    void goodput()
    {
        const Capacity& g = m_a.curve.goodputCapacity;
        if (g.bound == Capacity::Bound::None)
            return;
        Finding f;
        f.id = QStringLiteral("goodput");
        f.severity = Severity::Background;
        const QString share = text::percent(m_a.settings.attainmentTarget);
        switch (g.bound) {
        case Capacity::Bound::Between:
            f.title = QCoreApplication::translate(
                "Findings", "Goodput capacity: %1 of requests met every target at once up to %2")
                          .arg(share, text::load(g.shown(), m_a.curve.byRate, true));
            break;
        case Capacity::Bound::AtLeast:
            f.title = QCoreApplication::translate(
                "Findings", "Goodput holds %1 of requests within targets at every load measured")
                          .arg(share);
            break;
        default:
            f.title = QCoreApplication::translate(
                "Findings", "Fewer than %1 of requests meet every target even at the lowest load")
                          .arg(share);
            break;
        }
        QStringList steps;
        for (const CurvePoint& p : m_a.curve.points)
            steps << QCoreApplication::translate("Findings", "%1: %2 (%3 req/s)")
                         .arg(p.step->loadPhrase(), text::percent(p.attainment), text::number(p.goodput, 2));
        f.measured = QCoreApplication::translate(
            "Findings", "Share of requests meeting every target, failures counted against it: %1.")
                         .arg(steps.join(QStringLiteral(", ")));
        // Two numbers answer "how many users" differently; the one the verdict and the card give is the capacity,
        // and this one is shown as what it is, with both definitions side by side.
        const Capacity& c = m_a.curve.capacity;
        const QString capacity = c.bound == Capacity::Bound::Between ? text::load(c.shown(), m_a.curve.byRate, true)
            : c.bound == Capacity::Bound::AtLeast
            ? QCoreApplication::translate("Findings", "at least %1").arg(text::load(c.shown(), m_a.curve.byRate))
            : QCoreApplication::translate("Findings", "below %1").arg(text::load(c.shown(), m_a.curve.byRate));
        f.meaning = QCoreApplication::translate("Findings",
            "A second measure, not the capacity: DistServe's goodput capacity is the most users at which at least "
            "%1 of requests meet every target at once. The capacity (%2, the number the verdict gives) is the most "
            "users at which each figure, judged on its own at p%3, meets its target.")
                        .arg(share, capacity, text::number(m_a.settings.percentile));
        f.lessonId = QStringLiteral("goodput-and-slos");
        add(f);
    }

    void prefixCaching()
    {
        if (m_run.facts.prefixCaching != false)
            return;
        Finding f;
        f.id = QStringLiteral("prefix-caching-off");
        f.severity = Severity::Background;
        f.title = QCoreApplication::translate("Findings", "Prefix caching is off");
        f.measured = QCoreApplication::translate("Findings", "The server reports prefix caching disabled.");
        f.meaning = QCoreApplication::translate(
            "Findings", "Requests that share a system prompt or a document prefill it again every time.");
        f.lessonId = QStringLiteral("prefix-caching");
        f.tryNext << flag(QStringLiteral("--enable-prefix-caching"), QString(),
            QCoreApplication::translate("Findings", "reuses the KV cache of shared prompt prefixes"));
        add(f);
    }

    /// With --shared-prefix or --turns the baseline ran twice at 1 user: once as asked, once with nothing shared
    /// ("uncached": every prompt its own from the first token, every turn starting afresh). The difference of their
    /// median TTFT is what the sharing saved; it is named only when the medians' intervals do not overlap.
    void prefixSaving()
    {
        const int shared = m_run.options.sharedPrefixTokens;
        const StepData* warm = m_run.baseline();
        const std::vector<const StepData*> cold = m_run.phase(Phase::Uncached);
        if ((shared <= 0 && m_run.turns <= 1) || !warm || cold.empty() || warm->ttftSorted.empty()
            || cold.front()->ttftSorted.empty())
            return;
        // What was shared, as the subject of the sentences below.
        const QString subject = shared > 0 && m_run.turns > 1
            ? QCoreApplication::translate("Findings", "The shared %1-token prefix and the conversations' history")
                  .arg(text::number(shared))
            : shared > 0
            ? QCoreApplication::translate("Findings", "The shared %1-token prefix").arg(text::number(shared))
            : m_run.fanOut > 0
            ? QCoreApplication::translate("Findings", "The history the agents' turns and sub-calls share")
            : QCoreApplication::translate("Findings", "The conversations' history");
        const PercentileEstimate with = Distribution::percentile(warm->ttftSorted, 0.5);
        const PercentileEstimate without = Distribution::percentile(cold.front()->ttftSorted, 0.5);
        const double saved = without.value - with.value;
        const StepData::CacheServed cache = warm->cacheServed();
        const QString served = !cache.measured() ? QString()
            : cache.fromMetrics
            ? QCoreApplication::translate("Findings", ", %1 of its prompt tokens served from the cache (/metrics)")
                  .arg(text::percent(cache.share()))
            : QCoreApplication::translate("Findings", ", %1 of its prompt tokens served from the cache")
                  .arg(text::percent(cache.share()));
        Finding f;
        f.id = QStringLiteral("prefix-saving");
        f.severity = Severity::Background;
        f.measured = QCoreApplication::translate("Findings",
            "Median TTFT at 1 user: %1 as the workload shares its prompts%2; %3 with the same lengths and nothing "
            "shared (the uncached step).")
                         .arg(text::milliseconds(with.value), served, text::milliseconds(without.value));
        // Overlapping intervals (or none, from a handful of requests): the difference may be noise.
        const bool beyondNoise = !std::isnan(with.high) && !std::isnan(without.low) && with.high < without.low;
        if (beyondNoise) {
            f.title = QCoreApplication::translate("Findings", "%1 saved %2 of TTFT (%3)")
                          .arg(subject, text::milliseconds(saved), text::percent(saved / without.value));
            f.meaning = QCoreApplication::translate("Findings",
                "The server kept the shared part's KV cache and prefilled only what each request added: such "
                "requests answer %1 sooner at 1 user, and under load the prefill time saved goes to other "
                "requests.")
                            .arg(text::milliseconds(saved));
        } else if (std::isnan(with.low) || std::isnan(with.high) || std::isnan(without.low)
            || std::isnan(without.high)) {
            f.title = QCoreApplication::translate("Findings", "%1: what it saved is unknown").arg(subject);
            f.meaning = QCoreApplication::translate("Findings",
                "The baselines had %1 and %2 requests: too few for the medians' 95% intervals, so the difference "
                "cannot be told from noise. More baseline requests would say.")
                            .arg(warm->ttftSorted.size())
                            .arg(cold.front()->ttftSorted.size());
        } else {
            // The medians may differ a lot and still not beyond noise (a few requests of mixed lengths): the title
            // says by how much, so that it never reads against the figures beside it.
            f.title = saved > 0
                ? QCoreApplication::translate("Findings", "%1 saved %2 of median TTFT, not beyond noise")
                      .arg(subject, text::milliseconds(saved))
                : QCoreApplication::translate("Findings", "%1 saved no TTFT beyond noise").arg(subject);
            f.meaning = QCoreApplication::translate("Findings",
                "The two medians' 95% intervals (%1 to %2, and %3 to %4) overlap: sharing saved less than the "
                "spread of the requests, or the server did not reuse what was shared.")
                            .arg(text::milliseconds(with.low), text::milliseconds(with.high),
                                text::milliseconds(without.low), text::milliseconds(without.high));
        }
        f.lessonId = QStringLiteral("prefix-caching");
        add(f);
    }

    void healthy()
    {
        for (const TrustCheck& c : m_a.trust) {
            if (c.status != TrustCheck::Status::Pass || c.id == u"physics")
                continue;
            Finding f;
            f.id = QStringLiteral("check-") + c.id;
            f.severity = Severity::Healthy;
            f.title = c.title;
            f.measured = c.detail;
            add(f);
        }
        if (m_a.walls.memory.visible && !m_a.walls.memory.reached) {
            Finding f;
            f.id = QStringLiteral("memory-headroom");
            f.severity = Severity::Healthy;
            f.title = QCoreApplication::translate("Findings", "Memory has headroom");
            f.measured = m_a.walls.memory.evidence;
            f.measured[0] = f.measured[0].toUpper();
            f.measured += u'.';
            f.lessonId = QStringLiteral("kv-cache-and-preemption");
            add(f);
        }
    }

    const RunData& m_run;
    const RunAnalysis& m_a;
    QString m_version;
    QList<Finding> m_out;
};

// The rank of a problem for a product: lower leads.
int productRank(const QString& product, const QString& id)
{
    static const QStringList chat {QStringLiteral("errors"), QStringLiteral("faster-than-physics"),
        QStringLiteral("ttft-target"), QStringLiteral("scheduler-cap"), QStringLiteral("memory-wall"),
        QStringLiteral("kv-cache-caps-batch"), QStringLiteral("gpu-saturated"), QStringLiteral("tpot-target"),
        QStringLiteral("ttfo-target"), QStringLiteral("e2el-target")};
    static const QStringList reasoning {QStringLiteral("errors"), QStringLiteral("faster-than-physics"),
        QStringLiteral("memory-wall"), QStringLiteral("kv-cache-caps-batch"), QStringLiteral("ttfo-target"),
        QStringLiteral("tpot-target"), QStringLiteral("scheduler-cap"), QStringLiteral("gpu-saturated"),
        QStringLiteral("e2el-target"), QStringLiteral("ttft-target")};
    static const QStringList batch {QStringLiteral("errors"), QStringLiteral("faster-than-physics"),
        QStringLiteral("gpu-saturated"), QStringLiteral("kv-cache-caps-batch"), QStringLiteral("scheduler-cap"),
        QStringLiteral("memory-wall"), QStringLiteral("e2el-target"), QStringLiteral("ttfo-target"),
        QStringLiteral("tpot-target"), QStringLiteral("ttft-target")};
    const QStringList& order = product == u"reasoning" ? reasoning : product == u"batch" ? batch : chat;
    const qsizetype i = order.indexOf(id);
    return i < 0 ? int(order.size()) : int(i);
}

} // namespace

QString Finding::severityName(Severity severity)
{
    switch (severity) {
    case Severity::Problem:
        return QStringLiteral("problem");
    case Severity::Background:
        return QStringLiteral("background");
    case Severity::Healthy:
        return QStringLiteral("healthy");
    }
    return {};
}

QList<Finding> Findings::of(const RunData& run, const RunAnalysis& analysis)
{
    QList<Finding> out = Rules(run, analysis).all();
    const QString product = run.summary.product;
    std::stable_sort(out.begin(), out.end(), [&product](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return int(a.severity) < int(b.severity);
        return productRank(product, a.id) < productRank(product, b.id);
    });
    return out;
}

} // namespace kp::core
