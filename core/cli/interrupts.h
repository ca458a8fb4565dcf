// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/corenames.h"

#include <functional>

namespace kp::cli {

/// Ctrl-C and SIGTERM as a Qt signal, for a command that must stop what it started (a sweep, a launched server, an
/// experiment) before it ends: the handler only writes to a socket, and the event loop of the thread that made the
/// first one reads it and tells the innermost Interrupts alive. They nest: `launch --then-run` holds one for its
/// server while the sweep holds its own, which alone hears Ctrl-C until it ends; when the outermost ends, the default
/// handlers are back. The command line's main thread only.
class Interrupts
{
public:
    Interrupts();
    ~Interrupts();
    Interrupts(const Interrupts&) = delete;
    Interrupts& operator=(const Interrupts&) = delete;

    /// What to do on each interrupt, on the event loop's thread.
    void onInterrupt(std::function<void()> f) { m_onInterrupt = std::move(f); }
    /// Interrupts received while this one was the innermost.
    int count() const { return m_count; }

private:
    static void deliver();

    Interrupts* m_outer = nullptr;
    std::function<void()> m_onInterrupt;
    int m_count = 0;
};

} // namespace kp::cli
