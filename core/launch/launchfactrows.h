// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/launchfacts.h"

#include <QList>
#include <QString>

#include <utility>

namespace kp::core {

/// The facts a launch adds to its run (stored under the run's facts as "launch"), as label and value rows for the
/// sweep's summary and the report's environment table: runtime, image and whether it is pinned, model and revision,
/// start-up time, the KV cache vLLM reported, its peak use, and peak VRAM or why it was not measured. Empty for a
/// run of a server Kneepoint did not start.
QList<std::pair<QString, QString>> launchFactRows(const LaunchFacts& launch);

/// The rows as an indented block under "Server launched by Kneepoint:", for the command line.
QString describeLaunchFacts(const LaunchFacts& launch);

} // namespace kp::core
