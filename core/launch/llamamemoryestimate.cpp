// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/llamamemoryestimate.h"

#include "core/launch/vramestimate.h"

#include <QFile>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace kp::core {

namespace {

constexpr double MiB = 1024.0 * 1024.0;
constexpr double GiB = 1024.0 * MiB;
constexpr double CpuReserveBytes = 0.25 * GiB;
constexpr double GpuReserveBytes = 0.75 * GiB;
// Q4_K_M's bits per weight, averaged over its mix of Q4_K and Q6_K tensors.
constexpr double FourBitBitsPerWeight = 4.85;

struct Parts
{
    double weights = 0;
    double kv = 0;
    double compute = 0;
    double reserve = 0;
    double hostCache = 0;
    bool gpu = false;
    /// In the estimated memory: on a CPU-only machine the host prompt cache shares it with everything else.
    double need() const { return weights + kv + compute + reserve + (gpu ? 0.0 : hostCache); }
};

/// llama-server's host prompt cache at its fullest: --cache-ram MiB, or with no byte limit (-1) its token limit,
/// the context of all slots, each token's state serialised at the KV cache's types.
double hostCacheBytes(qint64 cacheRamMiB, qint64 ctx, double kvPerToken)
{
    if (cacheRamMiB > 0)
        return double(cacheRamMiB) * MiB;
    return cacheRamMiB < 0 ? double(ctx) * kvPerToken : 0.0;
}

Parts partsOf(const LlamaMemoryEstimate::Inputs& in, qint64 ctx, double kvPerToken, double weightBytes, int gpuLayers)
{
    const GgufModel& m = in.model;
    Parts p;
    // On a GPU, --n-gpu-layers N places N of the block_count layers (and, at block_count + 1, the output layer).
    const double share
        = in.memory.gpu && gpuLayers >= 0 ? std::min(1.0, double(gpuLayers) / double(m.blockCount + 1)) : 1.0;
    p.weights = weightBytes * share;
    p.kv = double(ctx) * kvPerToken * (in.memory.gpu ? share : 1.0);
    p.compute = LlamaMemoryEstimate::computeBytesOf(in, ctx);
    p.reserve = in.memory.gpu ? GpuReserveBytes : CpuReserveBytes;
    p.hostCache = hostCacheBytes(in.cacheRamMiB, ctx, kvPerToken);
    p.gpu = in.memory.gpu;
    return p;
}

/// Everything within its memory: the estimated one, and on a GPU the host's for the prompt cache.
bool fitsIn(const LlamaMemoryEstimate::Inputs& in, const Parts& p)
{
    const bool hostFits = !in.memory.gpu || !in.host || p.hostCache <= in.host->bytes;
    return p.need() <= in.memory.bytes && hostFits;
}

/// "--cache-ram 8192, llama-server's default", "no byte limit (--cache-ram -1): at most 8,192 tokens of prompts".
QString describeCacheRam(qint64 cacheRamMiB, qint64 ctx)
{
    if (cacheRamMiB < 0)
        return QStringLiteral("--cache-ram -1, no byte limit: at most the %1 tokens of --ctx-size")
            .arg(QLocale::c().toString(ctx));
    if (cacheRamMiB == LlamaMemoryEstimate::DefaultCacheRamMiB)
        return QStringLiteral("--cache-ram %1, llama-server's default").arg(cacheRamMiB);
    return QStringLiteral("--cache-ram %1").arg(cacheRamMiB);
}

} // namespace

QString LlamaMemoryEstimate::size(double bytes)
{
    if (bytes < MiB)
        return QString::number(bytes / 1024.0, 'f', 1) + QStringLiteral(" KiB");
    if (bytes < GiB)
        return QString::number(bytes / MiB, 'f', 1) + QStringLiteral(" MiB");
    return QString::number(bytes / GiB, 'f', 1) + QStringLiteral(" GiB");
}

std::optional<LlamaMemoryEstimate::Memory> LlamaMemoryEstimate::hostMemory()
{
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (!meminfo.open(QIODevice::ReadOnly))
        return std::nullopt;
    static const QRegularExpression available(
        QStringLiteral("^MemAvailable:\\s+(\\d+)\\s+kB"), QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = available.match(QString::fromLatin1(meminfo.readAll()));
    if (!match.hasMatch())
        return std::nullopt;
    return Memory {
        QStringLiteral("this machine's available memory (MemAvailable)"), match.captured(1).toDouble() * 1024.0, false};
}

qint64 LlamaMemoryEstimate::contextOf(const Inputs& in)
{
    if (in.ctxSize > 0)
        return in.ctxSize;
    const bool autoSlots = in.parallel <= 0;
    const bool unified = in.kvUnified.value_or(autoSlots);
    return in.model.contextLength * (unified || autoSlots ? 1 : in.parallel);
}

double LlamaMemoryEstimate::computeBytesOf(const Inputs& in, qint64 ctx)
{
    const GgufModel& m = in.model;
    const bool autoSlots = in.parallel <= 0;
    const qint64 slotCount = autoSlots ? 4 : in.parallel;
    const bool unified = in.kvUnified.value_or(autoSlots);
    const double tokens = double(std::max<qint64>(1, std::min({ctx, in.batchSize, in.ubatchSize})));
    const double cells = double(unified ? ctx : std::max<qint64>(1, ctx / slotCount));
    const double embd = double(m.embeddingLength);
    // A mixture of experts runs its k routed experts' FFN for every token, side by side.
    const double ffn = double(std::max(m.feedForwardLength, m.expertFeedForwardLength * m.expertUsedCount));
    const double ffnPhase = tokens * (3 * ffn + 5 * embd + 10) * 4;
    if (in.flashAttention)
        return ffnPhase + tokens * cells * 2;
    const double layers = double(std::max<qint64>(1, m.blockCount));
    const double embdKv = double(m.keyLength) * double(m.kvHeadsAllLayers) / layers;
    const double attention = tokens * (6 * embd + 2 * embdKv + 5) * 4 + tokens * cells * (double(m.headCount) + 1) * 4;
    return std::max(ffnPhase + tokens * cells * 4, attention);
}

LlamaMemoryEstimate LlamaMemoryEstimate::of(const Inputs& in)
{
    LlamaMemoryEstimate e;
    e.inputs = in;
    const GgufModel& m = in.model;
    e.ctxSize = contextOf(in);
    const double kvPerToken = m.kvBytesPerToken(in.cacheTypeK, in.cacheTypeV);
    const Parts p = partsOf(in, e.ctxSize, kvPerToken, double(m.weightBytes), in.gpuLayers);
    e.weightBytes = p.weights;
    e.kvBytes = p.kv;
    e.computeBytes = p.compute;
    e.reserveBytes = p.reserve;
    e.hostCacheBytes = p.hostCache;
    e.needBytes = p.need();
    e.hostCacheFits = !in.memory.gpu || !in.host || p.hostCache <= in.host->bytes;
    e.fits = fitsIn(in, p);
    if (e.fits)
        return e;

    // The largest --ctx-size that fits, by bisection over multiples of 256: the KV cache grows with it, and so do the
    // host prompt cache without a byte limit and the compute buffer's attention mask.
    if (kvPerToken > 0 && e.hostCacheFits) {
        const auto fitsAt = [&](qint64 ctx) {
            Inputs at = in;
            at.ctxSize = ctx;
            return fitsIn(at, partsOf(at, ctx, kvPerToken, double(m.weightBytes), in.gpuLayers));
        };
        qint64 low = 0; // in units of 256 tokens: low fits (or is 0), high does not
        qint64 high = std::max<qint64>(1, e.ctxSize / 256);
        while (high - low > 1) {
            const qint64 mid = (low + high) / 2;
            (fitsAt(mid * 256) ? low : high) = mid;
        }
        const qint64 tokens = low * 256;
        const qint64 rounded = tokens >= 1024 ? tokens / 1024 * 1024 : tokens;
        if (rounded >= 256)
            e.fittingCtxSize = rounded;
    }
    if (in.cacheTypeK != u"q8_0" || in.cacheTypeV != u"q8_0") {
        const double q8 = m.kvBytesPerToken(QStringLiteral("q8_0"), QStringLiteral("q8_0"));
        e.q8CacheWouldFit = fitsIn(in, partsOf(in, e.ctxSize, q8, double(m.weightBytes), in.gpuLayers));
    }
    if (in.memory.gpu) {
        for (int layers = int(std::min<qint64>(m.blockCount, in.gpuLayers >= 0 ? in.gpuLayers : m.blockCount));
             layers >= 1; --layers) {
            if (fitsIn(in, partsOf(in, e.ctxSize, kvPerToken, double(m.weightBytes), layers))) {
                e.fittingGpuLayers = layers;
                break;
            }
        }
    }
    // A file whose weights average more bits than Q4_K_M's would shrink to that.
    const double fourBitBytes = double(m.weightElements) * FourBitBitsPerWeight / 8.0;
    if (fourBitBytes < double(m.weightBytes) * 0.9)
        e.fourBitWouldFit = fitsIn(in, partsOf(in, e.ctxSize, kvPerToken, fourBitBytes, in.gpuLayers));
    // A smaller host prompt cache, where it is what does not fit: the room the rest leaves it, in whole MiB (a
    // multiple of 256 above 1 GiB), 0 when there is none. Only a cache that takes room can give it back.
    if (p.hostCache > 0) {
        const double cacheRoom
            = in.memory.gpu ? (in.host ? in.host->bytes : 0.0) : in.memory.bytes - (p.need() - p.hostCache);
        const bool restFits = in.memory.gpu ? p.need() <= in.memory.bytes : cacheRoom >= 0;
        if (restFits && (!in.memory.gpu || in.host)) {
            const auto mib = qint64(std::max(0.0, cacheRoom) / MiB);
            e.fittingCacheRamMiB = mib >= 1024 ? mib / 256 * 256 : mib;
        }
    }
    return e;
}

QString LlamaMemoryEstimate::summary() const
{
    const GgufModel& m = inputs.model;
    const QLocale c = QLocale::c();
    const QString cache = describeCacheRam(inputs.cacheRamMiB, ctxSize);
    QString parts = QStringLiteral("weights %1, KV cache of %2 tokens (%3/%4) %5, compute buffers %6")
                        .arg(size(weightBytes), c.toString(ctxSize), inputs.cacheTypeK, inputs.cacheTypeV,
                            size(kvBytes), size(computeBytes));
    if (!inputs.memory.gpu && hostCacheBytes > 0)
        parts += QStringLiteral(", a host prompt cache of up to %1 (%2)").arg(size(hostCacheBytes), cache);
    QString text = QStringLiteral("%1 (%2) needs %3: %4 and a reserve of %5; %6 is %7")
                       .arg(m.name, m.describeTypes(), size(needBytes), parts, size(reserveBytes), inputs.memory.label,
                           size(inputs.memory.bytes));
    if (!inputs.memory.gpu && hostCacheBytes <= 0)
        text += QStringLiteral("; no host prompt cache (--cache-ram 0)");
    if (inputs.memory.gpu && hostCacheBytes > 0) {
        text += QStringLiteral("; besides, its host prompt cache takes up to %1 of this machine's memory (%2)")
                    .arg(size(hostCacheBytes), cache);
        if (inputs.host)
            text += QStringLiteral(", %1 is %2").arg(inputs.host->label, size(inputs.host->bytes));
    }
    return text;
}

QStringList LlamaMemoryEstimate::waysOut() const
{
    QStringList ways;
    if (fittingCtxSize)
        ways << QStringLiteral("`--ctx-size %1`").arg(*fittingCtxSize);
    if (q8CacheWouldFit)
        ways << QStringLiteral("`--engine-arg --cache-type-k=q8_0 --engine-arg --cache-type-v=q8_0`");
    if (fittingGpuLayers)
        ways << QStringLiteral("`--engine-arg --n-gpu-layers=%1` (the rest runs on the CPU)").arg(*fittingGpuLayers);
    if (fourBitWouldFit)
        ways << QStringLiteral("a 4-bit quantization (Q4_K_M) of the model");
    if (fittingCacheRamMiB)
        ways << (*fittingCacheRamMiB > 0
                ? QStringLiteral("`--engine-arg --cache-ram=%1` (a smaller host prompt cache, in MiB)")
                      .arg(*fittingCacheRamMiB)
                : QStringLiteral("`--engine-arg --cache-ram=0` (no host prompt cache)"));
    return ways;
}

QString LlamaMemoryEstimate::refusal() const
{
    return fitRefusal(summary(), waysOut(),
        QStringLiteral("No single change fits it here: use a machine with more memory or a smaller model."));
}

} // namespace kp::core
