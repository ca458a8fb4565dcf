// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/startuplog.h"

#include <QRegularExpression>

namespace kp::core {

namespace {

constexpr int RelevantLinesKept = 60;

QRegularExpression re(const char* pattern)
{
    return QRegularExpression(QString::fromLatin1(pattern), QRegularExpression::CaseInsensitiveOption);
}

const QRegularExpression& errorish()
{
    static const QRegularExpression r = re(R"(\b(Error|Exception|Traceback|FATAL|CRITICAL)\b)");
    return r;
}

/// The sentence a line that ends the start says: what failed and what to do, from vLLM's, the hub's, the container
/// runtime's and llama-server's own words.
std::optional<QString> fatalSentence(const QString& line)
{
    const auto sentence = [](const QString& s) { return std::optional<QString>(s); };
    static const QRegularExpression tooLong = re(
        R"(max seq len \((\d+)\).*?([\d.]+)\s*GiB KV cache is needed.*?available KV cache memory \(([\d.]+)\s*GiB\)(?:.*?estimated maximum model length is\s*(\d+))?)");
    static const QRegularExpression freeMemory = re(
        R"(Free memory on device (\S+) \(([\d.]+)/([\d.]+) GiB\) on startup is less than desired GPU memory utilization \(([\d.]+), ([\d.]+) GiB\))");
    static const QRegularExpression noCache = re(R"(No available memory for the cache blocks)");
    static const QRegularExpression oom = re(R"(CUDA out of memory|torch\.OutOfMemoryError)");
    static const QRegularExpression gated
        = re(R"(GatedRepoError|Access to model .* is restricted|401 Client Error|Cannot access gated repo)");
    static const QRegularExpression notFound = re(R"(RepositoryNotFoundError|Repository Not Found)");
    static const QRegularExpression badRevision = re(R"(RevisionNotFoundError|Revision Not Found|Invalid rev id)");
    static const QRegularExpression noGpu = re(
        R"(could not select device driver .* with capabilities: \[\[gpu\]\]|nvidia-container-cli: initialization error)");
    static const QRegularExpression pullDenied = re(R"(pull access denied|manifest unknown|manifest for .* not found)");
    static const QRegularExpression remoteCode = re(R"(trust_remote_code|--trust-remote-code)");

    static const QRegularExpression llamaFailed
        = re(R"(failed to load model|error loading model|unable to load model|failed to allocate)");

    if (auto m = tooLong.match(line); m.hasMatch()) {
        const QString fits = m.captured(4);
        return sentence(
            QStringLiteral("vLLM refused to start: one sequence of max_model_len %1 needs %2 GiB of KV cache "
                           "and only %3 GiB is available%4.")
                .arg(m.captured(1), m.captured(2), m.captured(3),
                    fits.isEmpty() ? QString()
                                   : QStringLiteral("; the largest max_model_len that fits is %1: try "
                                                    "--max-model-len %1, --kv-cache-dtype fp8 or a higher "
                                                    "--gpu-memory-utilization")
                                         .arg(fits)));
    }
    if (auto m = freeMemory.match(line); m.hasMatch())
        return sentence(QStringLiteral("Another process holds GPU memory: %1 has %2 of %3 GiB free, but "
                                       "--gpu-memory-utilization %4 asks for %5 GiB. Stop the other process or lower "
                                       "--gpu-memory-utilization.")
                            .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4), m.captured(5)));
    if (noCache.match(line).hasMatch())
        return sentence(QStringLiteral("After the weights and activations no memory was left for the KV cache: raise "
                                       "--gpu-memory-utilization, use more GPUs or a quantized checkpoint."));
    if (oom.match(line).hasMatch())
        return sentence(QStringLiteral("The GPU ran out of memory while vLLM started: lower --max-model-len or "
                                       "--max-num-seqs, or use more GPUs or a quantized checkpoint."));
    if (gated.match(line).hasMatch())
        return sentence(QStringLiteral("The model is gated or private: accept its licence on Hugging Face and set "
                                       "HF_TOKEN in the environment."));
    if (notFound.match(line).hasMatch())
        return sentence(QStringLiteral("The Hugging Face hub has no such model: check --model."));
    if (badRevision.match(line).hasMatch())
        return sentence(QStringLiteral("The model has no such revision: check --revision."));
    if (noGpu.match(line).hasMatch())
        return sentence(QStringLiteral("The container runtime cannot reach the GPU: install and configure the NVIDIA "
                                       "Container Toolkit."));
    if (pullDenied.match(line).hasMatch())
        return sentence(QStringLiteral("The image could not be pulled: check --image and its digest."));
    if (remoteCode.match(line).hasMatch() && errorish().match(line).hasMatch())
        return sentence(QStringLiteral("The model needs --trust-remote-code, which Kneepoint refuses: it would run "
                                       "Python from the model repository on this machine."));

    if (llamaFailed.match(line).hasMatch())
        return sentence(QStringLiteral("llama-server could not load the model (\"%1\"): check that the GGUF file is "
                                       "whole and that this llama.cpp knows its architecture, and that the memory "
                                       "estimate fits.")
                            .arg(line.right(160)));
    return std::nullopt;
}

} // namespace

std::optional<double> StartupLog::number(const QString& text)
{
    QString t = text;
    t.remove(u',').remove(u'_');
    bool ok = false;
    const double v = t.trimmed().toDouble(&ok);
    if (!ok)
        return std::nullopt;
    return v;
}

StartupLog::Kind StartupLog::feed(const QString& rawLine)
{
    const QString line = rawLine.trimmed();
    if (line.isEmpty())
        return Kind::Other;
    if (const std::optional<QString> fatal = fatalSentence(line)) {
        if (!m_fatal.contains(*fatal))
            m_fatal << *fatal;
        keep(line);
        return Kind::Fatal;
    }
    if (const std::optional<Kind> kind = readFact(line))
        return *kind;
    if (errorish().match(line).hasMatch())
        keep(line);
    return Kind::Other;
}

void StartupLog::keep(const QString& line)
{
    m_relevant << line;
    while (m_relevant.size() > RelevantLinesKept)
        m_relevant.removeFirst();
}

std::optional<StartupLog::Kind> StartupLog::readFact(const QString& line)
{
    static const QRegularExpression kvSize = re(R"(GPU KV cache size:\s*([\d,]+)\s*tokens)");
    static const QRegularExpression concurrency
        = re(R"(Maximum concurrency for\s*([\d,]+)\s*tokens per request:\s*([\d.,]+)\s*x)");
    static const QRegularExpression maxLen = re(R"(Using max model len\s*(\d+))");
    static const QRegularExpression available = re(R"(Available KV cache memory:\s*([\d.]+)\s*GiB)");
    static const QRegularExpression loading = re(R"(Model loading took\s*([\d.]+)\s*GiB)");
    static const QRegularExpression blocks = re(R"(# GPU blocks:\s*(\d+))");

    static const QRegularExpression shards = re(R"(Loading safetensors checkpoint shards:\s*(\d+)%.*?(\d+)/(\d+))");
    static const QRegularExpression pulling
        = re(R"(Pulling from|Pulling fs layer|Download complete|Unable to find image)");
    static const QRegularExpression graphs = re(R"(Capturing CUDA graph|Graph capturing finished)");
    static const QRegularExpression engineInit = re(R"(init engine .* took\s*([\d.]+)\s*seconds)");
    static const QRegularExpression apiUp = re(R"(Starting vLLM API server|Application startup complete)");
    static const QRegularExpression downloading = re(R"(Downloading|Fetching \d+ files)");

    // llama-server (its buffer lines come at --log-verbosity 4 and above).
    static const QRegularExpression llamaWeights = re(R"(\bmodel buffer size\s*=\s*([\d.]+)\s*MiB)");
    static const QRegularExpression llamaKv = re(R"(\bKV buffer size\s*=\s*([\d.]+)\s*MiB)");
    static const QRegularExpression llamaCompute = re(R"(\bcompute buffer size\s*=\s*([\d.]+)\s*MiB)");
    static const QRegularExpression llamaLoading = re(R"(load_model: loading model)");
    static const QRegularExpression llamaLoaded = re(R"(model loaded|server is listening|listening on http)");

    // A model split over devices logs a buffer line for each: the sums are what it took.
    if (auto m = llamaWeights.match(line); m.hasMatch()) {
        m_llamaWeightsMib = m_llamaWeightsMib.value_or(0) + m.captured(1).toDouble();
        return Kind::Fact;
    }
    if (auto m = llamaKv.match(line); m.hasMatch()) {
        m_llamaKvMib = m_llamaKvMib.value_or(0) + m.captured(1).toDouble();
        return Kind::Fact;
    }
    if (auto m = llamaCompute.match(line); m.hasMatch()) {
        m_llamaComputeMib = m_llamaComputeMib.value_or(0) + m.captured(1).toDouble();
        return Kind::Fact;
    }
    if (llamaLoading.match(line).hasMatch()) {
        m_progress = QStringLiteral("loading the model");
        return Kind::Progress;
    }
    if (llamaLoaded.match(line).hasMatch()) {
        m_progress = QStringLiteral("model loaded, server listening");
        return Kind::Progress;
    }
    if (auto m = kvSize.match(line); m.hasMatch()) {
        if (const auto v = number(m.captured(1)))
            m_kvCacheTokens = qint64(*v);
        keep(line);
        return Kind::Fact;
    }
    if (auto m = concurrency.match(line); m.hasMatch()) {
        const auto tokens = number(m.captured(1));
        const auto x = number(m.captured(2));
        if (tokens && x) {
            m_maxConcurrencyTokens = int(*tokens);
            m_maxConcurrency = *x;
        }
        keep(line);
        return Kind::Fact;
    }
    if (auto m = maxLen.match(line); m.hasMatch()) {
        m_maxModelLen = m.captured(1).toInt();
        return Kind::Fact;
    }
    if (auto m = available.match(line); m.hasMatch()) {
        m_availableKvGib = m.captured(1).toDouble();
        return Kind::Fact;
    }
    if (auto m = loading.match(line); m.hasMatch()) {
        m_modelLoadGib = m.captured(1).toDouble();
        m_progress = QStringLiteral("weights loaded (%1 GiB)").arg(m.captured(1));
        return Kind::Progress;
    }
    if (auto m = blocks.match(line); m.hasMatch()) {
        m_gpuBlocks = m.captured(1).toLongLong();
        return Kind::Fact;
    }
    if (auto m = shards.match(line); m.hasMatch()) {
        m_progress = QStringLiteral("loading weights: %1/%2 shards").arg(m.captured(2), m.captured(3));
        return Kind::Progress;
    }
    if (pulling.match(line).hasMatch()) {
        m_progress = QStringLiteral("pulling the image");
        return Kind::Progress;
    }
    if (downloading.match(line).hasMatch()) {
        m_progress = QStringLiteral("downloading the model");
        return Kind::Progress;
    }
    if (graphs.match(line).hasMatch()) {
        m_progress = QStringLiteral("capturing CUDA graphs");
        return Kind::Progress;
    }
    if (auto m = engineInit.match(line); m.hasMatch()) {
        m_progress = QStringLiteral("engine ready after %1 s").arg(m.captured(1));
        return Kind::Progress;
    }
    if (apiUp.match(line).hasMatch()) {
        m_progress = QStringLiteral("API server starting");
        return Kind::Progress;
    }
    return std::nullopt;
}

QStringList StartupLog::relevantLines(int count) const
{
    return m_relevant.mid(std::max<qsizetype>(0, m_relevant.size() - count));
}

QJsonObject StartupLog::toJson() const
{
    QJsonObject o;
    if (m_kvCacheTokens)
        o[QStringLiteral("kv_cache_tokens")] = double(*m_kvCacheTokens);
    if (m_maxConcurrency)
        o[QStringLiteral("max_concurrency")] = *m_maxConcurrency;
    if (m_maxConcurrencyTokens)
        o[QStringLiteral("max_concurrency_tokens")] = *m_maxConcurrencyTokens;
    if (m_maxModelLen)
        o[QStringLiteral("log_max_model_len")] = *m_maxModelLen;
    if (m_availableKvGib)
        o[QStringLiteral("available_kv_cache_gib")] = *m_availableKvGib;
    if (m_modelLoadGib)
        o[QStringLiteral("model_load_gib")] = *m_modelLoadGib;
    if (m_gpuBlocks)
        o[QStringLiteral("gpu_blocks")] = double(*m_gpuBlocks);
    if (m_llamaWeightsMib)
        o[QStringLiteral("reported_weights_mib")] = *m_llamaWeightsMib;
    if (m_llamaKvMib)
        o[QStringLiteral("reported_kv_cache_mib")] = *m_llamaKvMib;
    if (m_llamaComputeMib)
        o[QStringLiteral("reported_compute_mib")] = *m_llamaComputeMib;
    return o;
}

} // namespace kp::core
