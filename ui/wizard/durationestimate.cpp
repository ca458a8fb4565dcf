// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "durationestimate.h"

#include "analysis/physicsfloors.h"

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
        const double ttft = o.slo.ttftMs.value_or(500);
        const double tpot = o.slo.tpotMs.value_or(50);
        const double allowed = ttft + tpot * std::max(0, shape.output - 1);
        return std::min(allowed, o.slo.e2elMs.value_or(allowed)) / 1e3;
    };
    const core::Shape main = o.shapes.value(0);
    // A user's think time comes between its requests, and users ramp in over a lifetime unless told otherwise; both
    // are in the server's time. The baseline's one user neither thinks nor ramps.
    auto closedStep = [&](const core::Shape& shape, int users, int requests, int warmup, bool baseline = false) {
        const double rounds = std::ceil(double(requests + warmup) / std::max(1, users));
        const double think = baseline ? 0 : o.thinkTimeMs / 1e3 / scale;
        const double ramp = baseline || users <= 1 ? 0
            : o.rampMs >= 0                        ? o.rampMs / 1e3 / scale
                                                   : requestSeconds(shape, 1);
        return rounds * (requestSeconds(shape, users) + think) + ramp + StepOverheadSeconds;
    };

    e.seconds += closedStep(main, 1, o.baselineRequests, 1, true);
    if ((o.sharedPrefixTokens > 0 || o.turns > 1) && o.dataset.isEmpty()) // the uncached twin of the baseline
        e.seconds += closedStep(main, 1, o.baselineRequests, 1, true);
    for (int users : o.concurrency) {
        const int requests = o.requestsFor(users);
        const int warmup = o.warmupPerStep > 0 ? o.warmupPerStep : std::min(users, 32);
        e.seconds += closedStep(main, users, requests, warmup);
    }
    for (double rate : o.rates) {
        const int requests = o.requestsFor(rate);
        e.seconds += requests / rate + requestSeconds(main, 1) + StepOverheadSeconds;
    }
    const int shapeUsers = std::min(8, o.concurrency.isEmpty() ? 8 : o.concurrency.last());
    for (qsizetype s = 1; s < o.shapes.size(); ++s) {
        const int requests = o.requestsFor(shapeUsers);
        e.seconds += closedStep(o.shapes[s], shapeUsers, requests, std::min(shapeUsers, 32));
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
