// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "physicsfloors.h"

#include "analysis/rundata.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// Datasheet figures are rounded and clocks vary: a result this close to a floor is not "faster than physics".
constexpr double kPhysicsTolerance = 0.97;
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
    if (!available)
        return kNaN;
    return (m_weightBytes + batch * context * kvBytesPerToken) / m_bandwidth * 1e3;
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
    f.m_bandwidth = gpu->bandwidthBytesPerSecond() * f.tensorParallel;
    f.m_weightBytes = model->weightBytesReadPerStep(1);
    f.weightBytesRead = f.m_weightBytes;
    f.kvBytesPerToken = model->kvBytesPerToken(kvBytesPerElement);

    const double context = input + output / 2.0;
    f.decodeStepFloorMs = f.decodeStepFloorMsAt(1, context);
    f.singleRequestTokensPerSecond = 1e3 / f.decodeStepFloorMs;
    // 2 FLOPs per active parameter per token, plus attention over the causal prompt (on average half of it).
    const double flops = 2 * model->activeParameters() * input + model->attentionFlopsPerToken(input / 2.0) * input;
    const bool fp8 = model->bytesPerParameter() <= 1 && gpu->fp8Tflops;
    const double peak = (fp8 ? *gpu->fp8Tflops : gpu->bf16Tflops) * 1e12 * f.tensorParallel;
    f.prefillFloorMs = flops / peak * 1e3;
    f.ttftFloorMs = f.prefillFloorMs + f.decodeStepFloorMsAt(1, input);

    if (baseline) {
        f.baselineTpotMs = median(baseline->tpotSorted);
        const double ttft = median(baseline->ttftSorted);
        f.baselineTtftMs = std::isnan(ttft) ? kNaN : std::max(0.0, ttft - std::max(0.0, roundTripMs));
        // The baseline's own context: its requests may differ from the run's main size.
        const double baseContext = baseline->inputTokens + baseline->outputTokens / 2.0;
        const double floor = f.decodeStepFloorMsAt(1, baseContext > 0 ? baseContext : context);
        if (f.baselineTpotMs > 0)
            f.bandwidthEfficiency = floor / f.baselineTpotMs;
        if (f.baselineTpotMs > 0 && f.baselineTpotMs < kPhysicsTolerance * floor) {
            f.fasterThanPhysics = true;
            f.fasterCauses << QCoreApplication::translate(
                "PhysicsFloors", "the GPU entered is slower than the one serving (check --gpu)")
                           << QCoreApplication::translate("PhysicsFloors",
                                  "the served model is smaller or more heavily quantized than the one "
                                  "assumed")
                           << QCoreApplication::translate(
                                  "PhysicsFloors", "speculative decoding produces several tokens per step");
        }
        if (f.baselineTtftMs >= 0 && f.baselineTtftMs < kPhysicsTolerance * f.prefillFloorMs) {
            f.fasterThanPhysics = true;
            f.fasterCauses << QCoreApplication::translate(
                "PhysicsFloors", "prefix caching served part of the prompt from memory")
                           << QCoreApplication::translate(
                                  "PhysicsFloors", "the GPU entered has fewer FLOPS than the one serving");
        }
        f.fasterCauses.removeDuplicates();
    }
    return f;
}

} // namespace kp::core
