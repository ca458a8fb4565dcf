// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/interrupts.h"

#include <QSocketNotifier>

#include <csignal>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace kp::cli {

namespace {

Interrupts* g_innermost = nullptr;

#ifdef Q_OS_UNIX
int g_signalPipe[2] = {-1, -1};
QSocketNotifier* g_notifier = nullptr; // made once, on the first Interrupts' thread, kept for the process

void onSignal(int)
{
    const char c = 1;
    const auto n = ::write(g_signalPipe[1], &c, 1);
    (void)n;
}
#endif

} // namespace

Interrupts::Interrupts()
    : m_outer(g_innermost)
{
    g_innermost = this;
#ifdef Q_OS_UNIX
    if (!g_notifier) {
        if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
            return;
        g_notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read);
        QObject::connect(g_notifier, &QSocketNotifier::activated, g_notifier, [] {
            char c = 0;
            const auto n = ::read(g_signalPipe[0], &c, 1);
            (void)n;
            deliver();
        });
    }
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
#endif
}

Interrupts::~Interrupts()
{
    g_innermost = m_outer;
#ifdef Q_OS_UNIX
    if (!m_outer) {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
    }
#endif
}

void Interrupts::deliver()
{
    Interrupts* current = g_innermost;
    if (!current)
        return;
    current->m_count++;
    if (current->m_onInterrupt)
        current->m_onInterrupt();
}

} // namespace kp::cli
