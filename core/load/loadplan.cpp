// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/loadplan.h"

#include <algorithm>
#include <cstddef>
#include <random>

namespace kp::core {

std::vector<std::int64_t> LoadPlan::arrivalOffsets(const LoadPlan& plan, int count)
{
    std::vector<std::int64_t> offsets;
    if (plan.arrival == Arrival::Trace) {
        // As recorded: no more requests than the trace holds.
        if (plan.traceOffsetsNs)
            offsets.assign(plan.traceOffsetsNs->begin(),
                plan.traceOffsetsNs->begin()
                    + std::ptrdiff_t(std::min(std::size_t(std::max(0, count)), plan.traceOffsetsNs->size())));
        return offsets;
    }
    offsets.reserve(std::size_t(std::max(0, count)));
    std::mt19937_64 rng(plan.seed);
    const double meanGapNs = 1e9 / plan.ratePerSecond;
    // As vllm bench serve: gaps drawn from a gamma distribution of shape `burstiness` and mean 1/rate; shape 1 is
    // the exponential gaps of a Poisson process.
    const double shape = plan.arrival == Arrival::Poisson ? 1.0 : plan.burstiness;
    std::gamma_distribution<double> gap(shape, meanGapNs / shape);
    double t = 0;
    for (int i = 0; i < count; ++i) {
        offsets.push_back(std::int64_t(t));
        t += plan.arrival == Arrival::Constant ? meanGapNs : gap(rng);
    }
    return offsets;
}

} // namespace kp::core
