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
    double need() const { return weights + kv + compute + reserve; }
};

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
    return p;
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
    e.needBytes = p.need();
    e.fits = e.needBytes <= in.memory.bytes;
    if (e.fits)
        return e;

    const double room = in.memory.bytes - p.weights - p.compute - p.reserve;
    const double kvShare = p.kv / std::max(1.0, double(e.ctxSize) * kvPerToken);
    if (room > 0 && kvPerToken > 0) {
        const auto tokens = qint64(room / (kvPerToken * kvShare));
        const qint64 step = tokens >= 1024 ? 1024 : 256;
        const qint64 rounded = std::min(tokens, e.ctxSize) / step * step;
        if (rounded >= 256)
            e.fittingCtxSize = rounded;
    }
    if (in.cacheTypeK != u"q8_0" || in.cacheTypeV != u"q8_0") {
        const double q8 = m.kvBytesPerToken(QStringLiteral("q8_0"), QStringLiteral("q8_0"));
        e.q8CacheWouldFit = partsOf(in, e.ctxSize, q8, double(m.weightBytes), in.gpuLayers).need() <= in.memory.bytes;
    }
    if (in.memory.gpu) {
        for (int layers = int(std::min<qint64>(m.blockCount, in.gpuLayers >= 0 ? in.gpuLayers : m.blockCount));
             layers >= 1; --layers) {
            if (partsOf(in, e.ctxSize, kvPerToken, double(m.weightBytes), layers).need() <= in.memory.bytes) {
                e.fittingGpuLayers = layers;
                break;
            }
        }
    }
    // A file whose weights average more bits than Q4_K_M's would shrink to that.
    const double fourBitBytes = double(m.weightElements) * FourBitBitsPerWeight / 8.0;
    if (fourBitBytes < double(m.weightBytes) * 0.9)
        e.fourBitWouldFit = partsOf(in, e.ctxSize, kvPerToken, fourBitBytes, in.gpuLayers).need() <= in.memory.bytes;
    return e;
}

QString LlamaMemoryEstimate::summary() const
{
    const GgufModel& m = inputs.model;
    const QLocale c = QLocale::c();
    return QStringLiteral("%1 (%2) needs %3: weights %4, KV cache of %5 tokens (%6/%7) %8, compute buffers %9 and "
                          "a reserve of %10; %11 is %12")
        .arg(m.name, m.describeTypes(), size(needBytes), size(weightBytes), c.toString(ctxSize), inputs.cacheTypeK,
            inputs.cacheTypeV, size(kvBytes), size(computeBytes), size(reserveBytes), inputs.memory.label,
            size(inputs.memory.bytes));
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
    return ways;
}

QString LlamaMemoryEstimate::refusal() const
{
    return fitRefusal(summary(), waysOut(),
        QStringLiteral("No single change fits it here: use a machine with more memory or a smaller model."));
}

} // namespace kp::core
