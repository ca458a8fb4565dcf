// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>

namespace kp::core {

/// The one clock every Kneepoint timestamp comes from: std::chrono::steady_clock, which is CLOCK_MONOTONIC on
/// Linux. The simulator's ground truth uses it too, so client and server times on one machine can be compared.
inline std::int64_t monotonicNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace kp::core
