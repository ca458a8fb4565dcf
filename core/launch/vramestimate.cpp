// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/vramestimate.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
// vLLM's usual ceiling advice: above this the allocator and other processes on the GPU start to fail.
constexpr double HighestSensibleUtilization = 0.95;

double kvBytesPerElement(const ModelSpec& model, const QString& dtype)
{
    if (dtype.startsWith(u"fp8") || dtype == u"int8")
        return 1;
    return model.bytesPerParameter();
}

/// The model as vLLM would hold it after --quantization.
ModelSpec quantized(ModelSpec model, const QString& quantization)
{
    const QString q = quantization.toLower();
    if (q.isEmpty() || q == u"none")
        return model;
    if (q == u"fp8" || q == u"fbgemm_fp8" || q == u"ptpc_fp8" || q == u"experts_int8") {
        model.quantMethod = q;
        model.quantBits = 8;
    } else {
        // awq, gptq, bitsandbytes, marlin variants, mxfp4, nvfp4…: 4-bit weights with per-group scales.
        model.quantMethod = q;
        model.quantBits = 4;
    }
    return model;
}

struct PerGpu
{
    double weights = 0;
    double kv = 0;
    double overhead = 0;
    double usable = 0;
    double need() const { return weights + kv + overhead; }
    bool fits() const { return need() <= usable; }
};

PerGpu perGpu(const ModelSpec& model, const GpuSpec& gpu, int tp, int context, double kvBytes, double utilization,
    double overheadGib)
{
    PerGpu p;
    p.weights = model.weightBytes() / tp;
    // Each GPU keeps the KV heads it computes: n_kv / TP of them, or a replica when there are fewer heads than GPUs.
    const int kvShards = model.isMla() ? 1 : std::max(1, std::min(tp, model.numKeyValueHeads));
    p.kv = model.kvBytesForContext(context, kvBytes) / kvShards;
    p.overhead = overheadGib * GiB;
    p.usable = gpu.memoryBytes() * utilization;
    return p;
}

QString gib(double bytes)
{
    return QString::number(bytes / GiB, 'f', 1) + QStringLiteral(" GiB");
}

} // namespace

VramEstimate VramEstimate::of(const Inputs& in)
{
    VramEstimate e;
    e.inputs = in;
    const int tp = std::max(1, in.tensorParallel);
    const ModelSpec model = quantized(in.model, in.quantization);
    e.maxModelLen = in.maxModelLen > 0 ? in.maxModelLen : in.model.maxPositionEmbeddings;
    const double kvBytes = kvBytesPerElement(model, in.kvCacheDtype);
    const PerGpu p = perGpu(model, in.gpu, tp, e.maxModelLen, kvBytes, in.gpuMemoryUtilization, in.overheadGib);
    e.weightsGib = p.weights / GiB;
    e.kvGib = p.kv / GiB;
    e.overheadGib = p.overhead / GiB;
    e.needGib = p.need() / GiB;
    e.usableGib = p.usable / GiB;
    e.fits = p.fits();
    if (e.fits)
        return e;

    // The longest context whose one sequence fits what the weights and the reserve leave; found by bisection because
    // sliding-window layers make the KV size grow slower than linearly.
    const double room = p.usable - p.weights - p.overhead;
    if (room > 0) {
        const int kvShards = model.isMla() ? 1 : std::max(1, std::min(tp, model.numKeyValueHeads));
        auto fitsContext = [&](int tokens) { return model.kvBytesForContext(tokens, kvBytes) / kvShards <= room; };
        int lo = 0;
        int hi = e.maxModelLen;
        while (lo < hi) {
            const int mid = lo + (hi - lo + 1) / 2;
            if (fitsContext(mid))
                lo = mid;
            else
                hi = mid - 1;
        }
        const int step = lo >= 1024 ? 1024 : 256;
        const int rounded = lo / step * step;
        if (rounded >= 256)
            e.fittingMaxModelLen = rounded;
    }
    if (kvBytes > 1)
        e.fp8KvWouldFit = perGpu(model, in.gpu, tp, e.maxModelLen, 1, in.gpuMemoryUtilization, in.overheadGib).fits();
    const int bits = model.quantBits > 0 ? model.quantBits : (model.quantMethod.isEmpty() ? 16 : 8);
    if (bits > 4) {
        ModelSpec fourBit = in.model;
        fourBit.quantMethod = QStringLiteral("awq");
        fourBit.quantBits = 4;
        fourBit.quantGroupSize = 128;
        e.fourBitWouldFit
            = perGpu(fourBit, in.gpu, tp, e.maxModelLen, kvBytes, in.gpuMemoryUtilization, in.overheadGib).fits();
    }
    for (int more = tp * 2; more <= 8; more *= 2) {
        // Tensor parallelism splits attention heads: the count must divide them.
        if (model.numAttentionHeads > 0 && model.numAttentionHeads % more != 0)
            continue;
        if (perGpu(model, in.gpu, more, e.maxModelLen, kvBytes, in.gpuMemoryUtilization, in.overheadGib).fits()) {
            e.fittingTensorParallel = more;
            break;
        }
    }
    if (in.gpuMemoryUtilization < HighestSensibleUtilization
        && perGpu(model, in.gpu, tp, e.maxModelLen, kvBytes, HighestSensibleUtilization, in.overheadGib).fits())
        e.fittingUtilization = HighestSensibleUtilization;
    return e;
}

QString VramEstimate::summary() const
{
    const QLocale c = QLocale::c();
    const QString gpus = inputs.tensorParallel > 1
        ? QStringLiteral("%1 x %2").arg(inputs.tensorParallel).arg(inputs.gpu.name)
        : QStringLiteral("one %1").arg(inputs.gpu.name);
    return QStringLiteral("%1 needs %2 per GPU (weights %3, KV cache for one %4-token sequence %5, activations and "
                          "CUDA graphs %6); %7 gives %8 usable per GPU at %9")
        .arg(inputs.model.name, gib(needGib * GiB), gib(weightsGib * GiB), c.toString(maxModelLen), gib(kvGib * GiB),
            gib(overheadGib * GiB), gpus, gib(usableGib * GiB), QString::number(inputs.gpuMemoryUtilization, 'f', 2));
}

QStringList VramEstimate::waysOut() const
{
    QStringList ways;
    if (fittingMaxModelLen)
        ways << QStringLiteral("`--max-model-len %1`").arg(*fittingMaxModelLen);
    if (fp8KvWouldFit)
        ways << QStringLiteral("`--kv-cache-dtype fp8`");
    if (fourBitWouldFit)
        ways << QStringLiteral("a 4-bit checkpoint (AWQ or GPTQ) of the model");
    if (fittingTensorParallel)
        ways << QStringLiteral("`--gpus %1`").arg(*fittingTensorParallel);
    if (fittingUtilization)
        ways << QStringLiteral("`--gpu-memory-utilization %1`").arg(QString::number(*fittingUtilization, 'f', 2));
    return ways;
}

QString fitRefusal(const QString& summary, const QStringList& waysOut, const QString& whenNone)
{
    QString text = QStringLiteral("It cannot fit: ") + summary + u'.';
    if (waysOut.isEmpty())
        return text + u' ' + whenNone;
    QString list = waysOut.first();
    for (int i = 1; i < waysOut.size(); ++i)
        list += (i + 1 == waysOut.size() ? QStringLiteral(" or ") : QStringLiteral(", ")) + waysOut.at(i);
    return text + QStringLiteral(" Try ") + list + u'.';
}

QString VramEstimate::refusal() const
{
    return fitRefusal(summary(), waysOut(),
        QStringLiteral("No single change fits it on this GPU: use a bigger GPU or a smaller model."));
}

} // namespace kp::core
