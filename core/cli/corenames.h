// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kp::core { }

/// The command line is a layer of its own, in a namespace of its own, over the core it drives: kp::cli names core's
/// types as core does, so that a command reads as the window's code reads with its `using namespace kp::core`, while
/// nothing in core can name a command (the layering test, and kneepoint_core, which does not link kneepoint_cli).
namespace kp::cli {
using namespace kp::core;
} // namespace kp::cli
