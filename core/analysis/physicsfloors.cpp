// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/physicsfloors.h"

#include "core/analysis/rundata.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// Datasheet figures are rounded and clocks vary: a result this close to a floor is not "faster than physics".
constexpr double kPhysicsTolerance = 0.97;
// A median prefill this far below the size asked for is the prompt the server did: lengths that vary, or a cache.
constexpr double kPrefilledShare = 0.95;
// The share of one GPU's memory weights may take and still leave room for activations and a KV cache.
constexpr double kWeightShareOfMemory = 0.8;

double median(const std::vector<double>& sorted)
{
    if (sorted.empty())
        return PhysicsFloors::kNaN;
    const std::size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

} // namespace

double PhysicsFloors::decodeStepFloorMsAt(double batch, double context) const
{
    if (!m_roofline || batch <= 0)
        return kNaN;
    return m_roofline->decodeSeconds(int(std::lround(batch)), context) * 1e3;
}

QString PhysicsFloors::precisionName(ComputePrecision precision)
{
    switch (precision) {
    case ComputePrecision::Int8:
        return QStringLiteral("INT8");
    case ComputePrecision::Fp8:
        return QStringLiteral("FP8");
    case ComputePrecision::Fp4:
        return QStringLiteral("FP4");
    case ComputePrecision::Bf16:
        break;
    }
    return QStringLiteral("BF16");
}

PhysicsFloors PhysicsFloors::of(const GpuSpec* gpu, const ModelSpec* model, int input, int output, int gpus,
    double kvBytesPerElement, const StepData* baseline, double roundTripMs)
{
    PhysicsFloors f;
    f.inputTokens = input;
    f.outputTokens = output;
    f.kvBytesPerElement = kvBytesPerElement;
    if (!gpu && !model)
        f.whyNot = QCoreApplication::translate("PhysicsFloors",
            "Neither the GPU nor the model is known: pass --gpu, and serve a model from the "
            "catalog or give its config.json.");
    else if (!gpu)
        f.whyNot = QCoreApplication::translate(
            "PhysicsFloors", "The GPU is not known: pass --gpu (kneepoint gpus lists them).");
    else if (!model)
        f.whyNot = QCoreApplication::translate("PhysicsFloors",
            "The model's geometry is not known: it is not in the catalog and no config.json "
            "was found for it.");
    if (!gpu || !model || input <= 0)
        return f;
    f.available = true;
    f.gpuName = gpu->name;
    f.modelName = model->name;

    const double weightBytes = model->weightBytes();
    if (gpus > 0) {
        f.tensorParallel = gpus;
    } else {
        // The fewest GPUs, in the powers of two tensor parallelism allows, that hold the weights.
        f.tensorParallel = 1;
        while (weightBytes / f.tensorParallel > kWeightShareOfMemory * gpu->memoryBytes() && f.tensorParallel < 64)
            f.tensorParallel *= 2;
        f.tensorParallelAssumed = f.tensorParallel > 1;
    }
    f.m_roofline.emplace(*gpu, *model, f.tensorParallel, kvBytesPerElement);
    const Roofline& r = *f.m_roofline;
    f.weightBytesRead = model->weightBytesReadPerStep(1);
    f.kvBytesPerToken = r.kvBytesPerToken();
    f.precision = r.precision();
    f.peakTflops = r.peakFlopsPerSecond() / 1e12;
    f.gpuHasFp8 = gpu->hasFp8();
    f.modelQuantized = !model->quantMethod.isEmpty() || model->bytesPerParameter() < 2;

    const double context = input + output / 2.0;
    f.decodeStepFloorMs = f.decodeStepFloorMsAt(1, context);
    f.singleRequestTokensPerSecond = 1e3 / f.decodeStepFloorMs;
    Roofline::Step prefill;
    r.addSequence(&prefill, 0, input, true);
    f.ttftFloorMs = r.seconds(prefill) * 1e3;
    f.ttftComputeBound = r.computeSeconds(prefill) >= r.memorySeconds(prefill);

    if (baseline) {
        f.baselineTpotMs = median(baseline->tpotSorted);
        const double ttft = median(baseline->ttftSorted);
        f.baselineTtftMs = std::isnan(ttft) ? kNaN : std::max(0.0, ttft - std::max(0.0, roundTripMs));
        // The baseline's own context: its requests may differ from the run's main size.
        const double baseContext = baseline->inputTokens + baseline->outputTokens / 2.0;
        const double floor = f.decodeStepFloorMsAt(1, baseContext > 0 ? baseContext : context);
        f.baselineTpotFloorMs = floor;
        if (f.baselineTpotMs > 0)
            f.bandwidthEfficiency = floor / f.baselineTpotMs;
        if (f.baselineTpotMs > 0 && f.baselineTpotMs < kPhysicsTolerance * floor) {
            f.tpotFasterThanPhysics = true;
            f.fasterCauses << QCoreApplication::translate("PhysicsFloors",
                "the GPU named for the run is slower than the one serving it (check which GPU the run was given)")
                           << QCoreApplication::translate("PhysicsFloors",
                                  "the served model is smaller or more heavily quantized than the one "
                                  "assumed")
                           << QCoreApplication::translate(
                                  "PhysicsFloors", "speculative decoding produces several tokens per step");
        }
        // The baseline's TTFT against the floor of its own prompt length: the median request's tokens that the server
        // had to prefill where that is well below the size asked for (a trace's or a data set's lengths vary about
        // their mean; blocks they share came from the prefix cache), else the size.
        int baseInput = baseline->inputTokens > 0 ? baseline->inputTokens : input;
        if (baseline->prefilledTokensMedian > 0 && baseline->prefilledTokensMedian < kPrefilledShare * baseInput)
            baseInput = baseline->prefilledTokensMedian;
        // A server that counts its cache hits only over the step (vLLM without --enable-prompt-tokens-details, the
        // simulator) does not say which request they served: a request's prefill is then unknown, and its TTFT is
        // not judged against a floor it may rightly have beaten.
        const StepData::CacheServed served = baseline->cacheServed();
        const bool prefillUnknown = served.fromMetrics && served.share() > 1 - kPrefilledShare;
        if (prefillUnknown)
            f.ttftUnjudgedCacheShare = served.share();
        Roofline::Step basePrefill;
        r.addSequence(&basePrefill, 0, baseInput, true);
        const double ttftFloor = r.seconds(basePrefill) * 1e3;
        f.baselineTtftFloorMs = ttftFloor;
        // A TTFT no longer than the network's round trip says nothing of the server's prefill (it shows as 0 once
        // the round trip is off): it is not judged against the floor, where it would read as faster than physics.
        const bool withinRoundTrip = !std::isnan(ttft) && roundTripMs > 0 && ttft <= roundTripMs;
        if (!withinRoundTrip && !prefillUnknown && f.baselineTtftMs >= 0
            && f.baselineTtftMs < kPhysicsTolerance * ttftFloor) {
            f.ttftFasterThanPhysics = true;
            f.fasterCauses << QCoreApplication::translate(
                "PhysicsFloors", "prefix caching served part of the prompt from memory")
                           << QCoreApplication::translate("PhysicsFloors",
                                  "the GPU named for the run is slower than the one serving it (check which GPU the "
                                  "run was given)");
        }
        f.fasterThanPhysics = f.tpotFasterThanPhysics || f.ttftFasterThanPhysics;
        f.fasterCauses.removeDuplicates();
    }
    return f;
}

} // namespace kp::core
