// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "llamamemoryestimate.h"

#include "launch/vramestimate.h"

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
    p.compute = double(in.ubatchSize) * double(m.vocabSize + 2 * m.embeddingLength + 3 * m.feedForwardLength) * 4.0;
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

LlamaMemoryEstimate LlamaMemoryEstimate::of(const Inputs& in)
{
    LlamaMemoryEstimate e;
    e.inputs = in;
    const GgufModel& m = in.model;
    e.ctxSize = in.ctxSize > 0 ? in.ctxSize : m.contextLength;
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

    // Without a byte limit the host cache grows with the context too: on a CPU-only machine a token costs twice.
    const bool cacheFollowsCtx = in.cacheRamMiB < 0 && !in.memory.gpu;
    const double fixedCache = in.memory.gpu || cacheFollowsCtx ? 0.0 : p.hostCache;
    const double room = in.memory.bytes - p.weights - p.compute - p.reserve - fixedCache;
    const double kvShare = p.kv / std::max(1.0, double(e.ctxSize) * kvPerToken);
    const double perToken = kvPerToken * (kvShare + (cacheFollowsCtx ? 1.0 : 0.0));
    if (room > 0 && kvPerToken > 0 && e.hostCacheFits) {
        const auto tokens = qint64(room / perToken);
        const qint64 step = tokens >= 1024 ? 1024 : 256;
        const qint64 rounded = std::min(tokens, e.ctxSize) / step * step;
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
