// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/plan/runoptions.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace kp::core {

/// A rough forecast of how long a run will take, before it starts (the wizard's plan page, kneepoint run --dry-run):
/// never a promise, and said so. Once the baseline has measured a request, the run sizes itself (StepBudget).
struct DurationEstimate
{
    Q_DECLARE_TR_FUNCTIONS(DurationEstimate)

public:
    double seconds = 0; ///< on the user's clock
    bool fromPhysics = false; ///< the roofline gave the request times; otherwise the targets did
    QString basis; ///< what it was estimated from, as a sentence: the GPU and the model, or the targets

    /// Everything the forecast is made from. `options` is taken through resolved().
    struct Inputs
    {
        RunOptions options;
        std::optional<GpuSpec> gpu;
        std::optional<ModelSpec> model;
        int gpuCount = 1;
        double timeScale = 1; ///< a simulated server's speed: its requests take 1/timeScale of the time
    };

    /// Walks the plan the run pipeline makes (RunPlan::of) and times each step as the engine is sent it
    /// (RunPlan::sent: its ramp, think time and rate on the user's clock). With the GPU and the model known, a request
    /// takes what the roofline allows at half the datasheet bandwidth, a typical share for vLLM; without them, as
    /// long as the targets allow, which makes the figure an upper bound for every load the server can take.
    static DurationEstimate of(const Inputs& inputs);

    /// "About 40 seconds", "About 6 minutes", "About 1.5 hours".
    static QString format(double seconds);
};

} // namespace kp::core
