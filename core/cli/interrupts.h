// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <memory>

class QSocketNotifier;

namespace kp::core {

/// Ctrl-C and SIGTERM as a Qt signal, for a command that must stop what it started (a launched server, an
/// experiment) before it ends: the handler only writes to a socket, the event loop of the constructing thread does
/// the rest. One at a time.
class Interrupts
{
public:
    Interrupts();
    /// Restores the default handlers.
    ~Interrupts();
    Interrupts(const Interrupts&) = delete;
    Interrupts& operator=(const Interrupts&) = delete;

    /// Puts the handlers back after something else (a run's own) replaced them.
    static void install();
    /// What to do on each interrupt, on the event loop's thread.
    void onInterrupt(std::function<void()> f) { m_onInterrupt = std::move(f); }
    /// Interrupts received so far.
    int count() const { return m_count; }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    std::function<void()> m_onInterrupt;
    int m_count = 0;
};

} // namespace kp::core
