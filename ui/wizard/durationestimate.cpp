// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/durationestimate.h"

#include "core/analysis/physicsfloors.h"
#include "core/plan/runplan.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace kp::ui {

namespace {

/// vLLM's decode steps reach roughly this share of the datasheet bandwidth on a well-configured server.
constexpr double BandwidthShare = 0.5;
/// Per step: metrics scrapes, the settling between steps, the prompts' set-up.
constexpr double StepOverheadSeconds = 1;

} // namespace

DurationEstimate DurationEstimate::of(const Inputs& in)
{
    const core::RunOptions o = in.options.resolved();
    DurationEstimate e;
    const double scale = in.timeScale > 0 ? in.timeScale : 1;

    // Seconds one request of `shape` takes with `users` in flight.
    auto requestSeconds = [&](const core::Shape& shape, int users) {
        if (in.gpu && in.model) {
            const core::PhysicsFloors f = core::PhysicsFloors::of(
                &*in.gpu, &*in.model, shape.input, shape.output, std::max(1, in.gpuCount), 2, nullptr, 0);
            if (f.available && std::isfinite(f.ttftFloorMs)) {
                e.fromPhysics = true;
                const double step = f.decodeStepFloorMsAt(users, shape.input + shape.output / 2.0);
                return (f.ttftFloorMs * users + step * shape.output) / BandwidthShare / 1e3 / scale;
            }
        }
        const core::SloTargets defaults = core::RunOptions::defaultTargets(o.product);
        const double ttft = o.slo.ttftMs.value_or(defaults.ttftMs.value_or(0));
        const double tpot = o.slo.tpotMs.value_or(defaults.tpotMs.value_or(0));
        const double allowed = ttft + tpot * std::max(0, shape.output - 1);
        return std::min(allowed, o.slo.e2elMs.value_or(allowed)) / 1e3;
    };
    // A user's think time comes between its requests, and users ramp in over a lifetime unless told otherwise; both
    // are in the server's time. The baseline's one user (and its uncached twin) neither thinks nor ramps.
    auto closedStep = [&](const core::Shape& shape, const core::LoadPlan& p, bool baseline) {
        const double request = requestSeconds(shape, p.users);
        const double think = baseline ? 0 : p.thinkTimeMs / 1e3 / scale;
        const double ramp = baseline || p.users <= 1 ? 0
            : o.rampMs >= 0                          ? o.rampMs / 1e3 / scale
                                                     : requestSeconds(shape, 1);
        if (p.durationSeconds > 0)
            return p.durationSeconds + ramp + StepOverheadSeconds; // the engine times it on the client clock
        const double rounds = std::ceil(double(p.requestCount + p.warmupRequests) / std::max(1, p.users));
        return rounds * (request + think) + ramp + StepOverheadSeconds;
    };
    // The steps the pipeline will run, from the one plan it runs.
    for (const core::PlannedStep& step : core::RunPlan::of(o).steps) {
        const core::Shape shape = o.shapes.value(step.shape < o.shapes.size() ? step.shape : 0);
        if (step.plan.pattern == core::LoadPlan::Pattern::OpenLoop) {
            const double seconds = step.plan.durationSeconds > 0 ? step.plan.durationSeconds
                                                                 : step.plan.requestCount / step.plan.ratePerSecond;
            e.seconds += seconds + requestSeconds(shape, 1) + StepOverheadSeconds;
        } else {
            e.seconds += closedStep(shape, step.plan, step.phase == u"baseline" || step.phase == u"uncached");
        }
    }
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

} // namespace kp::ui
