// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/stats/stepstatistics.h"

#include <optional>

namespace kp::core {

struct RunData;

/// What an analysis is asked: the targets, the percentile they hold at, and the hardware to check against. Every
/// what-if is a changed copy of this, analysed again from the same RunData.
struct AnalysisSettings
{
    SloTargets slo; ///< in the server's time, milliseconds
    double percentile = 99; ///< the targets hold for this share of requests, in percent
    double attainmentTarget = 0.99; ///< DistServe's capacity: the share of requests meeting every target
    std::optional<GpuSpec> gpu; ///< the server's GPU; unset: the physics check is skipped, and says so
    std::optional<ModelSpec> model; ///< the served model's geometry; unset: likewise
    int tensorParallel = 0; ///< GPUs the model is split over; 0: the fewest that hold its weights

    /// The run's own targets and percentile, with the GPU and model found in the built-in catalog by the run's
    /// --gpu and the server's model root (the caller may resolve the model elsewhere and replace it).
    static AnalysisSettings ofRun(const RunData& run);
    /// The GGUF file a run launched on llama.cpp was started from, when this machine still has it
    /// (GgufModel::recall on its launch facts): its geometry and weight bits are the served model's. Else empty.
    static QString launchedModelFile(const RunData& run);
    /// ofRun() with the model found as the window finds it, never over the network: the launched GGUF file, the
    /// catalog, a config.json fetched before, or nothing.
    static AnalysisSettings ofRunOffline(const RunData& run);
};

} // namespace kp::core
