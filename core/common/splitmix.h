// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace kp::core {

/// splitmix64: a tiny random sequence that is the same on every platform and standard library, which seeded
/// sampling and reproducible runs need (std's distributions are not).
inline std::uint64_t splitMix64(std::uint64_t* state)
{
    std::uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace kp::core
