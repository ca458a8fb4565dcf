// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kp::core {

/// Raises the soft limit on open files to the hard limit: thousands of streams need thousands of sockets, and the
/// default soft limit is 1024. Returns the limit now in force (or -1 where it cannot be read).
long raiseOpenFileLimit();

} // namespace kp::core
