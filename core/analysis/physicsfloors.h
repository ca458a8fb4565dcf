// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/catalog/roofline.h"

#include <QString>
#include <QStringList>

#include <limits>
#include <optional>

namespace kp::core {

struct StepData;

/// What the GPU physically allows for one request size, from the roofline (catalog/roofline.h, vllm-facts §D.4), and
/// how close the baseline came to it. The floors are hard limits at 100% of the datasheet's bandwidth and FLOPS: a
/// measurement below one means the inputs are wrong or the server skipped work (prefix cache, speculative decoding).
/// Each step's floor is the longer of its compute and its memory time, never their sum.
struct PhysicsFloors
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    bool available = false;
    QString whyNot; ///< a sentence when not available: which of GPU and model is unknown

    QString gpuName;
    QString modelName;
    int tensorParallel = 1; ///< GPUs assumed; more than one when the weights cannot fit on one
    bool tensorParallelAssumed = false; ///< the count was inferred from memory, not given
    int inputTokens = 0;
    int outputTokens = 0;
    double kvBytesPerElement = 2;

    double weightBytesRead = kNaN; ///< per decode step of one request, all GPUs together
    double kvBytesPerToken = kNaN;
    ComputePrecision precision = ComputePrecision::Bf16; ///< what the model's multiplications run in
    double peakTflops = kNaN; ///< the peak of that precision, all GPUs together
    bool gpuHasFp8 = false;
    bool modelQuantized = false; ///< weights already below 16 bits (a quantised checkpoint or an 8-bit dtype)
    double decodeStepFloorMs = kNaN; ///< one request, context at the middle of its answer
    /// The prompt's prefill in a step of its own, server side: the longer of its FLOPs at the peak and reading the
    /// weights once. vLLM samples the first token in that step, so this is the TTFT floor as well.
    double ttftFloorMs = kNaN;
    bool ttftComputeBound = false; ///< the TTFT floor is the FLOPs', not the bytes'
    double singleRequestTokensPerSecond = kNaN; ///< 1000 / decodeStepFloorMs

    // From the baseline (one user), in the server's time; NaN when there was none.
    double baselineTpotMs = kNaN; ///< median
    double baselineTtftMs = kNaN; ///< median, server side (the network round trip taken off)
    double baselineTpotFloorMs = kNaN; ///< the decode step floor at the baseline's own request size
    double baselineTtftFloorMs = kNaN; ///< the TTFT floor at the baseline's own prompt length
    double bandwidthEfficiency = kNaN; ///< baselineTpotFloorMs / baselineTpotMs: share of the bandwidth floor reached
    bool tpotFasterThanPhysics = false; ///< the baseline's TPOT beat the decode step floor
    bool ttftFasterThanPhysics = false; ///< the baseline's TTFT beat the TTFT floor
    /// The share of the baseline's prompt tokens the prefix cache served by the server's counters, when that left its
    /// TTFT unjudged (which requests they served is not known); NaN when it was judged.
    double ttftUnjudgedCacheShare = kNaN;
    bool fasterThanPhysics = false; ///< either
    QStringList fasterCauses; ///< the likely causes, when faster than physics

    /// The decode step floor for `batch` requests whose contexts average `context` tokens.
    double decodeStepFloorMsAt(double batch, double context) const;
    /// The precision's name as people write it (BF16, FP8, INT8, FP4).
    static QString precisionName(ComputePrecision precision);

    /// The floors for `input`/`output` tokens on `gpus` GPUs (0: the fewest that hold the weights at 90% of
    /// memory, a power of two), with the KV cache at `kvBytesPerElement` (2 for BF16, 1 for FP8), compared with the
    /// baseline when given (`roundTripMs` is taken off its TTFT).
    static PhysicsFloors of(const GpuSpec* gpu, const ModelSpec* model, int input, int output, int gpus,
        double kvBytesPerElement, const StepData* baseline, double roundTripMs);

private:
    std::optional<Roofline> m_roofline;
};

} // namespace kp::core
