// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/gpuspec.h"
#include "catalog/modelspec.h"

#include <QString>
#include <QStringList>

#include <limits>

namespace kp::core {

struct StepData;

/// What the GPU physically allows for one request size, from the roofline (vllm-facts §D.4), and how close the
/// baseline came to it. The floors are hard limits at 100% of the datasheet's bandwidth and FLOPS: a measurement
/// below one means the inputs are wrong or the server skipped work (prefix cache, speculative decoding).
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

    double weightBytesRead = kNaN; ///< per decode step, all GPUs together
    double kvBytesPerToken = kNaN;
    double decodeStepFloorMs = kNaN; ///< one request, context at the middle of its answer
    double prefillFloorMs = kNaN; ///< the whole prompt at peak FLOPS
    double ttftFloorMs = kNaN; ///< prefill plus one decode step, server side
    double singleRequestTokensPerSecond = kNaN; ///< 1000 / decodeStepFloorMs

    // From the baseline (one user), in the server's time; NaN when there was none.
    double baselineTpotMs = kNaN; ///< median
    double baselineTtftMs = kNaN; ///< median, server side (the network round trip taken off)
    double bandwidthEfficiency = kNaN; ///< decodeStepFloorMs / baselineTpotMs: share of the bandwidth floor reached
    bool fasterThanPhysics = false;
    QStringList fasterCauses; ///< the likely causes, when faster than physics

    /// The decode step floor for `batch` requests whose contexts average `context` tokens.
    double decodeStepFloorMsAt(double batch, double context) const;

    /// The floors for `input`/`output` tokens on `gpus` GPUs (0: the fewest that hold the weights at 90% of
    /// memory, a power of two), with the KV cache at `kvBytesPerElement` (2 for BF16, 1 for FP8), compared with the
    /// baseline when given (`roundTripMs` is taken off its TTFT).
    static PhysicsFloors of(const GpuSpec* gpu, const ModelSpec* model, int input, int output, int gpus,
        double kvBytesPerElement, const StepData* baseline, double roundTripMs);

private:
    double m_bandwidth = 0; ///< bytes per second, all GPUs together
    double m_weightBytes = 0;
};

} // namespace kp::core
