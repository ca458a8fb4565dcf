// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kp::core {

/// Raises the soft limit on open files to the hard limit: thousands of streams need thousands of sockets, and the
/// default soft limit is 1024. Returns the limit now in force (or -1 where it cannot be read).
long raiseOpenFileLimit();

/// Called once a secret (an API key, an HF token) is in memory: a crash then leaves no core file that holds it, and
/// no other process of the same user can attach and read it (Linux: PR_SET_DUMPABLE 0; every Unix: RLIMIT_CORE 0).
/// For the rest of the process's life; idempotent.
void keepSecretsOutOfCoreDumps();

} // namespace kp::core
