// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

/// The kneepoint executable to run for this process's own children (the simulator, a launch's simulated server):
/// $KNEEPOINT_BINARY when set (tests, whose program is a test), else this very program.
QString kneepointBinary();

} // namespace kp::core
