// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

/// CPU time this process has used so far, user and system, in seconds, over all its threads; -1 where the
/// platform does not say. A step's difference against its wall time shows whether the client kept up.
double processCpuSeconds();

/// The CPU's model name ("AMD EPYC 7B13"), or empty where it cannot be read.
QString cpuModelName();

} // namespace kp::core
