// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchplan.h"

#include <QString>

namespace kp::core {

/// Whether the runtime a launch needs answers. The memory estimate says a model fits the GPU; whether it can start
/// depends on a Docker or Podman daemon that answers (and lets this user in), or a vllm on PATH. Asked before a
/// dry run says "can start" and before a launch starts anything, so that "exit 125" never is the first sign.
struct RuntimeCheck
{
    bool ok = false;
    /// "Docker 27.1.1 answers." or what is wrong and what to do about it.
    QString sentence;

    /// Asks `docker version` (or podman's) for the daemon's version, bounded by `timeoutMs`; for the local runtime,
    /// looks for `plan.engineProgram` on PATH.
    static RuntimeCheck of(const LaunchPlan& plan, int timeoutMs = 15'000);
};

} // namespace kp::core
