// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/durationestimate.h"

#include "core/analysis/physicsfloors.h"
#include "core/plan/runplan.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

/// vLLM's decode steps reach roughly this share of the datasheet bandwidth on a well-configured server.
constexpr double BandwidthShare = 0.5;
/// Per step: metrics scrapes, the settling between steps, the prompts' set-up.
constexpr double StepOverheadSeconds = 1;

} // namespace

DurationEstimate DurationEstimate::of(const Inputs& in)
{
    const RunOptions o = in.options.resolved();
    DurationEstimate e;
    const double scale = in.timeScale > 0 ? in.timeScale : 1;

    // Seconds one request of `shape` takes with `users` in flight, on the user's clock.
    auto requestSeconds = [&](const Shape& shape, int users) {
        if (in.gpu && in.model) {
            const PhysicsFloors f = PhysicsFloors::of(
                &*in.gpu, &*in.model, shape.input, shape.output, std::max(1, in.gpuCount), 2, nullptr, 0);
            if (f.available && std::isfinite(f.ttftFloorMs)) {
                e.fromPhysics = true;
                const double step = f.decodeStepFloorMsAt(users, shape.input + shape.output / 2.0);
                return (f.ttftFloorMs * users + step * shape.output) / BandwidthShare / 1e3 / scale;
            }
        }
        const SloTargets defaults = RunOptions::defaultTargets(o.product);
        const double ttft = o.slo.ttftMs.value_or(defaults.ttftMs.value_or(0));
        const double tpot = o.slo.tpotMs.value_or(defaults.tpotMs.value_or(0));
        const double allowed = ttft + tpot * std::max(0, shape.output - 1);
        return std::min(allowed, o.slo.e2elMs.value_or(allowed)) / 1e3;
    };
    // The users ramp in over the baseline's lifetime, which is the first shape's request at one user.
    RunPlan::StepContext context;
    context.timeScale = scale;
    context.lifetimeMs = requestSeconds(o.shapes.value(0, Shape {}), 1) * 1e3 * scale;
    const std::vector<PlannedStep> steps = RunPlan::of(o).steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const PlannedStep& step = steps[i];
        if (step.idle())
            continue; // another shard's
        // The step as the engine is sent it: think time, ramp, duration and rate on the user's clock.
        const LoadPlan p = RunPlan::sent(step, i, o, context);
        const Shape shape = o.shapes.value(step.shape < o.shapes.size() ? step.shape : 0);
        const double ramp = double(p.rampNs) / 1e9;
        if (p.pattern == LoadPlan::Pattern::OpenLoop) {
            const double sending = p.durationSeconds > 0 ? p.durationSeconds : p.requestCount / p.ratePerSecond;
            e.seconds += sending + requestSeconds(shape, 1) + StepOverheadSeconds;
        } else if (p.durationSeconds > 0) {
            e.seconds += p.durationSeconds + ramp + StepOverheadSeconds;
        } else {
            const double rounds = std::ceil(double(p.requestCount + p.warmupRequests) / std::max(1, p.users));
            e.seconds += rounds * (requestSeconds(shape, p.users) + p.thinkTimeMs / 1e3) + ramp + StepOverheadSeconds;
        }
    }
    const QString gpuName = in.gpu ? in.gpu->name : QString();
    e.basis = !e.fromPhysics
        ? tr("Estimated as if every request took as long as the targets allow: a real server under its capacity is "
             "faster.")
        : scale != 1 ? tr("Estimated from what the %1 can physically do with this model, at a typical half of its "
                          "bandwidth and the simulated server's %2× speed.")
                           .arg(gpuName, QLocale().toString(scale))
                     : tr("Estimated from what the %1 can physically do with this model, at a typical half of its "
                          "bandwidth.")
                           .arg(gpuName);
    return e;
}

QString DurationEstimate::format(double seconds)
{
    const QLocale locale;
    if (seconds < 90)
        return tr("About %1 seconds").arg(locale.toString(std::max(1.0, std::round(seconds))));
    if (seconds < 90 * 60)
        return tr("About %1 minutes").arg(locale.toString(std::round(seconds / 60)));
    return tr("About %1 hours").arg(locale.toString(std::round(seconds / 360) / 10));
}

} // namespace kp::core
