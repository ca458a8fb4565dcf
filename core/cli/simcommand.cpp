// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/simcommand.h"

#include "core/common/processlimits.h"
#include "core/quality/questionset.h"
#include "core/sim/simserver.h"
#include "core/sim/steptimemodel.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>
#include <QLocale>

namespace kp::cli {

namespace {

QCommandLineOption valueOption(
    const char* name, const QString& help, const QString& valueName, const QString& defaultValue = {})
{
    return QCommandLineOption(QString::fromLatin1(name), help, valueName, defaultValue);
}

} // namespace

QString SimCommand::summary() const
{
    return QStringLiteral("Run the built-in simulated vLLM server.");
}

QString SimCommand::description() const
{
    return QStringLiteral(
        "Serves vLLM v0.31's OpenAI-compatible API on a loopback port, from a model of continuous batching whose\n"
        "steps take as long as a roofline of the GPU and model says. Flags follow vLLM's names where vLLM has one.\n"
        "Fault rates are probabilities from 0 to 1 per generation request; faults exclude each other.\n");
}

QList<QCommandLineOption> SimCommand::options() const
{
    return {
        valueOption(
            "host", QStringLiteral("Address to listen on."), QStringLiteral("ADDR"), QStringLiteral("127.0.0.1")),
        valueOption("port", QStringLiteral("Port to listen on; 0 picks a free one and prints it."),
            QStringLiteral("PORT"), QStringLiteral("8000")),
        valueOption("gpu", QStringLiteral("GPU from the catalog (h100-sxm, h200, a100-80gb-sxm, l40s, l4, …)."),
            QStringLiteral("ID"), QStringLiteral("h100-sxm")),
        valueOption("model", QStringLiteral("Model from the catalog (llama-3.1-8b, llama-3.1-70b, qwen2.5-7b, …)."),
            QStringLiteral("ID"), QStringLiteral("llama-3.1-8b")),
        valueOption("served-model-name",
            QStringLiteral("Model name in the API and the metrics' labels (default: the Hugging Face id)."),
            QStringLiteral("NAME")),
        valueOption("max-num-seqs",
            QStringLiteral("Most sequences in one step (default as vLLM: 1024 on >= 70 GiB GPUs but the A100, else "
                           "256)."),
            QStringLiteral("N")),
        valueOption("max-num-batched-tokens",
            QStringLiteral("Token budget of one step; longer prompts are prefilled in chunks (default 8192 or 2048 "
                           "as above)."),
            QStringLiteral("N")),
        valueOption("max-model-len", QStringLiteral("Context length, prompt and output (default: the model's)."),
            QStringLiteral("N")),
        valueOption("num-gpu-blocks-override",
            QStringLiteral("KV cache blocks, instead of what the GPU's memory leaves."), QStringLiteral("N")),
        valueOption(
            "block-size", QStringLiteral("Tokens per KV cache block."), QStringLiteral("N"), QStringLiteral("16")),
        valueOption("gpu-memory-utilization", QStringLiteral("Fraction of GPU memory the engine may use."),
            QStringLiteral("F"), QString::number(VllmDefaultGpuMemoryUtilization)),
        valueOption("kv-cache-dtype", QStringLiteral("auto (the model's dtype) or fp8."), QStringLiteral("DTYPE"),
            QStringLiteral("auto")),
        QCommandLineOption(QStringLiteral("no-enable-prefix-caching"),
            QStringLiteral("Turn off automatic prefix caching (on by default, as in vLLM V1).")),
        QCommandLineOption(QStringLiteral("enable-prefix-caching"),
            QStringLiteral("Cache full KV blocks of prompts and reuse them for prompts that start the same way "
                           "(the default).")),
        QCommandLineOption(QStringLiteral("enable-prompt-tokens-details"),
            QStringLiteral("Report usage.prompt_tokens_details.cached_tokens, as vLLM's flag of that name.")),
        valueOption("activation-reserve-gib",
            QStringLiteral("Memory for activations and CUDA graphs, held back from the KV cache."),
            QStringLiteral("GIB"), QString::number(EngineActivationReserveGib)),
        valueOption("api-key",
            QStringLiteral("Require 'Authorization: Bearer KEY' on /v1 paths (repeatable; or set VLLM_API_KEY)."),
            QStringLiteral("KEY")),
        valueOption("speed",
            QStringLiteral("Run simulated time K times faster than real time. /version and /metrics report K."),
            QStringLiteral("K"), QStringLiteral("1")),
        valueOption("bandwidth-efficiency", QStringLiteral("Fraction of peak memory bandwidth a decode step reaches."),
            QStringLiteral("F"), QStringLiteral("0.8")),
        valueOption("compute-efficiency", QStringLiteral("Fraction of peak BF16 FLOPS a prefill reaches."),
            QStringLiteral("F"), QStringLiteral("0.5")),
        valueOption("step-overhead-ms", QStringLiteral("Fixed cost of every step: scheduling, sampling, detokenising."),
            QStringLiteral("MS"), QStringLiteral("0.4")),
        valueOption("fixed-step-ms",
            QStringLiteral("Make every engine step take this long instead of the roofline, for a steady pace in "
                           "benchmarks (0: the roofline)."),
            QStringLiteral("MS"), QStringLiteral("0")),
        valueOption("natural-output-tokens",
            QStringLiteral("Mean answer length when the end-of-text token is allowed (ignore_eos false)."),
            QStringLiteral("N"), QStringLiteral("128")),
        valueOption("reasoning-tokens",
            QStringLiteral("Think first, as a reasoning model served with a reasoning parser does: a chat stream's "
                           "first N output tokens come as reasoning_content (all but the last, for a shorter answer)."),
            QStringLiteral("N"), QStringLiteral("0")),
        valueOption("speculative",
            QStringLiteral("Decode speculatively, as vLLM with an n-gram drafter: K:P verifies K drafted tokens of "
                           "each request a step and accepts each with probability P until the first rejection "
                           "(default P 0.7). Streams carry a step's tokens in one chunk (llamacpp: one chunk each, "
                           "back to back); the spec_decode counters count drafts, drafted and accepted tokens."),
            QStringLiteral("K[:P]")),
        valueOption("lora",
            QStringLiteral(
                "Serve LoRA adapters beside the model, as vLLM's --lora-modules: NAME[:OVERHEAD],… Each is a "
                "model of its own in /v1/models and in requests, caches its prompts apart, and makes every "
                "step that runs one of its requests OVERHEAD of a step longer (default 0.1). With --dialect "
                "llamacpp, as llama-server's --lora: listed at /lora-adapters as NAME.gguf, picked by a "
                "request's \"lora\" field, and batched only with requests of the same adapter."),
            QStringLiteral("LIST")),
        valueOption("seed",
            QStringLiteral("Seed the sampling of requests that ask for neither temperature 0 nor a seed, so that a "
                           "run repeats (default: different every start)."),
            QStringLiteral("N")),
        valueOption("ssl-certfile",
            QStringLiteral("Serve HTTPS with this PEM certificate (with --ssl-keyfile), as vLLM's flag of that name."),
            QStringLiteral("FILE")),
        valueOption("ssl-keyfile", QStringLiteral("The PEM private key of --ssl-certfile."), QStringLiteral("FILE")),
        valueOption("ground-truth",
            QStringLiteral("Write one JSON line per request with the server's monotonic timestamps."),
            QStringLiteral("FILE")),
        valueOption("dialect",
            QStringLiteral("What the server looks like beyond the OpenAI API: vllm, or llamacpp (llama-server's "
                           "/props, /tokenize and llamacpp: metrics, no /version, and the connection closed after "
                           "each streamed response)."),
            QStringLiteral("NAME"), QStringLiteral("vllm")),
        valueOption("slot-save-path",
            QStringLiteral("With --dialect llamacpp: slot actions (POST /slots/ID?action=erase) are served, as "
                           "llama-server serves them only with a slot save path; without it they answer 501."),
            QStringLiteral("DIR")),
        valueOption(
            "fault-500", QStringLiteral("Rate of HTTP 500 answers."), QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption(
            "fault-503", QStringLiteral("Rate of HTTP 503 answers."), QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption(
            "fault-429", QStringLiteral("Rate of HTTP 429 answers."), QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption("fault-cut", QStringLiteral("Rate of responses cut mid-way (socket closed, no [DONE])."),
            QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption("fault-inband-error", QStringLiteral("Rate of streams that end with an error event, then [DONE]."),
            QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption("fault-stall", QStringLiteral("Rate of responses held back for --stall-ms first."),
            QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption("stall-ms", QStringLiteral("How long a stall lasts, in real milliseconds."), QStringLiteral("MS"),
            QStringLiteral("2000")),
        valueOption("fault-malformed", QStringLiteral("Rate of streams with one data: line of broken JSON."),
            QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption("fault-slow-headers",
            QStringLiteral("Rate of responses whose headers dribble out over --slow-headers-ms."),
            QStringLiteral("RATE"), QStringLiteral("0")),
        valueOption("slow-headers-ms", QStringLiteral("How long slow headers take, in real milliseconds."),
            QStringLiteral("MS"), QStringLiteral("1000")),
        valueOption("fault-seed", QStringLiteral("Seed of the fault draws, for reproducible runs."),
            QStringLiteral("N"), QStringLiteral("1")),
        valueOption("answer-accuracy",
            QStringLiteral("Answering mode: answer the quality questions right with this probability, drawn per "
                           "question (off unless given)."),
            QStringLiteral("P")),
        valueOption("answer-seed",
            QStringLiteral("Seed of the answering draws; servers with one seed miss nested sets of questions."),
            QStringLiteral("N"), QStringLiteral("1")),
        valueOption("answer-noise",
            QStringLiteral("Probability that a request redraws its question's answer, so repeats differ."),
            QStringLiteral("Q"), QStringLiteral("0")),
        valueOption("answer-set", QStringLiteral("The question set to answer (default: the bundled one)."),
            QStringLiteral("FILE")),
    };
}

SimConfig SimCommand::configFrom(const QCommandLineParser& p)
{
    SimConfig c;
    c.host = p.value(QStringLiteral("host"));
    if (QHostAddress(c.host).isNull() && c.host != u"localhost")
        throw UsageError {QStringLiteral("--host takes an IP address such as 127.0.0.1 or ::1, not '%1'.").arg(c.host)};
    c.port = option::integer(p, QStringLiteral("port"), 0, 65535);
    c.gpuId = p.value(QStringLiteral("gpu"));
    c.modelId = p.value(QStringLiteral("model"));
    c.servedModelName = p.value(QStringLiteral("served-model-name"));
    auto optionalInt = [&p](const char* name, int min, int max) -> std::optional<int> {
        const QString key = QString::fromLatin1(name);
        if (!p.isSet(key))
            return std::nullopt;
        return option::integer(p, key, min, max);
    };
    c.maxNumSeqs = optionalInt("max-num-seqs", 1, 1 << 20);
    c.maxNumBatchedTokens = optionalInt("max-num-batched-tokens", 1, 1 << 24);
    c.maxModelLen = optionalInt("max-model-len", 2, 1 << 24);
    c.numGpuBlocksOverride = optionalInt("num-gpu-blocks-override", 1, 1 << 30);
    c.blockSize = option::integer(p, QStringLiteral("block-size"), 1, 1024);
    c.gpuMemoryUtilization = option::number(p, QStringLiteral("gpu-memory-utilization"), 0.01, 1.0);
    c.kvCacheDtype = p.value(QStringLiteral("kv-cache-dtype"));
    c.activationReserveGib = option::number(p, QStringLiteral("activation-reserve-gib"), 0, 1024);
    if (p.isSet(QStringLiteral("no-enable-prefix-caching")) && p.isSet(QStringLiteral("enable-prefix-caching")))
        throw UsageError {
            QStringLiteral("--enable-prefix-caching and --no-enable-prefix-caching contradict each other.")};
    c.enablePrefixCaching = !p.isSet(QStringLiteral("no-enable-prefix-caching"));
    c.enablePromptTokensDetails = p.isSet(QStringLiteral("enable-prompt-tokens-details"));
    c.devMode = qEnvironmentVariable("VLLM_SERVER_DEV_MODE") == u"1";
    c.apiKeys = p.values(QStringLiteral("api-key"));
    if (c.apiKeys.isEmpty() && qEnvironmentVariableIsSet("VLLM_API_KEY"))
        c.apiKeys << qEnvironmentVariable("VLLM_API_KEY");
    c.speed = option::number(p, QStringLiteral("speed"), 0.001, 1e6);
    c.bandwidthEfficiency = option::number(p, QStringLiteral("bandwidth-efficiency"), 0.01, 1.0);
    c.computeEfficiency = option::number(p, QStringLiteral("compute-efficiency"), 0.01, 1.0);
    c.stepOverheadMs = option::number(p, QStringLiteral("step-overhead-ms"), 0, 10000);
    c.fixedStepMs = option::number(p, QStringLiteral("fixed-step-ms"), 0, 100000);
    c.naturalOutputTokens = option::integer(p, QStringLiteral("natural-output-tokens"), 1, 1 << 24);
    if (p.isSet(QStringLiteral("reasoning-tokens")))
        c.reasoningTokens = option::integer(p, QStringLiteral("reasoning-tokens"), 0, 1 << 24);
    if (const QString spec = p.value(QStringLiteral("speculative")); !spec.isEmpty()) {
        const QStringList parts = spec.split(u':');
        bool okTokens = false, okAcceptance = true;
        c.specTokens = parts.value(0).toInt(&okTokens);
        if (parts.size() > 1)
            c.specAcceptance = parts[1].toDouble(&okAcceptance);
        if (!okTokens || !okAcceptance || parts.size() > 2 || c.specTokens < 1 || c.specTokens > 16
            || c.specAcceptance < 0 || c.specAcceptance > 1)
            throw UsageError {QStringLiteral(
                "--speculative takes K[:P]: K drafted tokens a step, 1 to 16, each accepted with probability P, 0 "
                "to 1 (as in 4:0.7).")};
    }
    for (const QString& item : p.value(QStringLiteral("lora")).split(u',', Qt::SkipEmptyParts)) {
        SimConfig::LoraAdapter adapter {item.trimmed(), 0.1};
        if (const qsizetype colon = adapter.name.lastIndexOf(u':'); colon >= 0) {
            bool ok = false;
            adapter.overhead = adapter.name.sliced(colon + 1).toDouble(&ok);
            if (!ok || adapter.overhead < 0 || adapter.overhead > 100)
                throw UsageError {QStringLiteral("--lora: the overhead of \"%1\" must be a number from 0 to 100 (0.1: "
                                                 "a tenth of a step).")
                                      .arg(adapter.name.first(colon))};
            adapter.name.truncate(colon);
        }
        if (adapter.name.isEmpty() || adapter.name == c.servedModelName)
            throw UsageError {QStringLiteral("--lora takes NAME[:OVERHEAD],…, each name its own and not the model's.")};
        c.loraAdapters.push_back(adapter);
    }
    if (p.isSet(QStringLiteral("seed")))
        c.seed = std::uint64_t(option::integer(p, QStringLiteral("seed"), 0, std::numeric_limits<int>::max()));
    c.groundTruthPath = p.value(QStringLiteral("ground-truth"));
    c.tlsCertPath = p.value(QStringLiteral("ssl-certfile"));
    c.tlsKeyPath = p.value(QStringLiteral("ssl-keyfile"));
    c.slotSavePath = p.value(QStringLiteral("slot-save-path"));
    const QString dialect = p.value(QStringLiteral("dialect"));
    if (dialect == u"llamacpp")
        c.dialect = SimConfig::Dialect::LlamaCpp;
    else if (dialect != u"vllm")
        throw UsageError {QStringLiteral("--dialect takes vllm or llamacpp, not '%1'.").arg(dialect)};
    if (c.tlsCertPath.isEmpty() != c.tlsKeyPath.isEmpty())
        throw UsageError {QStringLiteral("--ssl-certfile and --ssl-keyfile go together: give both, or neither.")};
    FaultRates& f = c.faults;
    f.http500 = option::rate(p, QStringLiteral("fault-500"));
    f.http503 = option::rate(p, QStringLiteral("fault-503"));
    f.http429 = option::rate(p, QStringLiteral("fault-429"));
    f.cutStream = option::rate(p, QStringLiteral("fault-cut"));
    f.inBandError = option::rate(p, QStringLiteral("fault-inband-error"));
    f.stall = option::rate(p, QStringLiteral("fault-stall"));
    f.stallMs = option::integer(p, QStringLiteral("stall-ms"), 0, 3'600'000);
    f.malformedSse = option::rate(p, QStringLiteral("fault-malformed"));
    f.slowHeaders = option::rate(p, QStringLiteral("fault-slow-headers"));
    f.slowHeadersMs = option::integer(p, QStringLiteral("slow-headers-ms"), 0, 3'600'000);
    f.seed = std::uint64_t(option::integer(p, QStringLiteral("fault-seed"), 0, std::numeric_limits<int>::max()));
    if (p.isSet(QStringLiteral("answer-accuracy")))
        c.answerAccuracy = option::rate(p, QStringLiteral("answer-accuracy"));
    c.answerSeed = std::uint64_t(option::integer(p, QStringLiteral("answer-seed"), 0, std::numeric_limits<int>::max()));
    c.answerNoise = option::rate(p, QStringLiteral("answer-noise"));
    c.answerSetPath = p.value(QStringLiteral("answer-set"));
    if (!c.answerSetPath.isEmpty()) {
        QStringList problems;
        if (!QuestionSet::load(c.answerSetPath, &problems))
            throw UsageError {QStringLiteral("--answer-set %1 is not a clean question set: %2")
                                  .arg(c.answerSetPath, problems.join(QStringLiteral("; ")))};
    }
    return c;
}

QString SimCommand::describe(const ResolvedSimConfig& r)
{
    const QLocale c = QLocale::c();
    const StepTimeModel model = r.stepTimeModel();
    StepTimeModel::Step one;
    model.addSequence(&one, 1024, 1);
    const double floorMs = model.weightBytes() / r.gpu.bandwidthBytesPerSecond() * 1e3;
    const long long kvTokens = (long long)(r.engine.numGpuBlocks) * r.engine.blockSize;
    QString text;
    text += QStringLiteral("kneepoint sim: %1 on one %2, vLLM 0.31.0 API, speed %3x\n")
                .arg(r.model.name, r.gpu.name, QString::number(r.options.speed));
    text += QStringLiteral("  served model name %1, max_model_len %2\n")
                .arg(r.servedModelName, c.toString(r.engine.maxModelLen));
    text += QStringLiteral("  KV cache %1 blocks x %2 = %3 tokens (%4 GiB); max_num_seqs %5; "
                           "max_num_batched_tokens %6; prefix caching %7\n")
                .arg(c.toString(r.engine.numGpuBlocks), QString::number(r.engine.blockSize), c.toString(kvTokens),
                    QString::number(r.kvCacheBytes / (1024.0 * 1024 * 1024), 'f', 1), c.toString(r.engine.maxNumSeqs),
                    c.toString(r.engine.maxNumBatchedTokens),
                    r.engine.enablePrefixCaching ? QStringLiteral("on") : QStringLiteral("off"));
    text += QStringLiteral("  decode step at batch 1 (1,024 tokens of context): %1 ms; weight-read floor %2 ms\n")
                .arg(QString::number(double(model.stepNs(one)) / 1e6, 'f', 2), QString::number(floorMs, 'f', 2));
    if (const SimConfig& o = r.options; o.answerAccuracy)
        text += QStringLiteral("  answering mode: quality questions of %1 right with probability %2 (seed %3, redrawn "
                               "per request with probability %4)\n")
                    .arg(o.answerSetPath.isEmpty() ? QStringLiteral("the bundled set") : o.answerSetPath)
                    .arg(*o.answerAccuracy)
                    .arg(o.answerSeed)
                    .arg(o.answerNoise);
    return text;
}

int SimCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const SimConfig config = configFrom(parser);
    QString error;
    const auto resolved = ResolvedSimConfig::resolve(config, &error);
    if (!resolved)
        throw UsageError {error};
    raiseOpenFileLimit();

    SimServer server(*resolved);
    const QHostAddress address
        = config.host == u"localhost" ? QHostAddress(QHostAddress::LocalHost) : QHostAddress(config.host);
    if (!server.listen(address, quint16(config.port), &error)) {
        io.err << "kneepoint sim: " << error << '\n';
        return ExitFailure;
    }
    io.out << describe(*resolved);
    // The lines vLLM's start-up log has, with the simulator's own figures, so that a launcher reading the log of a
    // real server reads this one alike (kneepoint launch's tests run it in place of vLLM).
    const qint64 kvTokens = qint64(resolved->engine.numGpuBlocks) * resolved->engine.blockSize;
    io.out << "INFO Using max model len " << resolved->engine.maxModelLen << '\n'
           << "INFO GPU KV cache size: " << QLocale::c().toString(kvTokens) << " tokens\n"
           << "INFO Maximum concurrency for " << QLocale::c().toString(resolved->engine.maxModelLen)
           << " tokens per request: " << QString::number(double(kvTokens) / resolved->engine.maxModelLen, 'f', 2)
           << "x\n";
    const QString host
        = address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + address.toString() + u']' : address.toString();
    io.out << "Listening on " << (config.tlsCertPath.isEmpty() ? "http" : "https") << "://" << host << ':'
           << server.port() << '\n';
    io.out.flush();
    return QCoreApplication::exec();
}

} // namespace kp::cli
