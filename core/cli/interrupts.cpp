// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/interrupts.h"

#include <QSocketNotifier>

#include <csignal>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace kp::core {

namespace {

#ifdef Q_OS_UNIX
int g_signalPipe[2] = {-1, -1};
void onSignal(int)
{
    const char c = 1;
    const auto n = ::write(g_signalPipe[1], &c, 1);
    (void)n;
}
#endif

} // namespace

Interrupts::Interrupts()
{
#ifdef Q_OS_UNIX
    if (g_signalPipe[0] < 0 && ::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return;
    m_notifier = std::make_unique<QSocketNotifier>(g_signalPipe[0], QSocketNotifier::Read);
    QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [this] {
        char c = 0;
        const auto n = ::read(g_signalPipe[0], &c, 1);
        (void)n;
        m_count++;
        if (m_onInterrupt)
            m_onInterrupt();
    });
    install();
#endif
}

Interrupts::~Interrupts()
{
#ifdef Q_OS_UNIX
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
#endif
}

void Interrupts::install()
{
#ifdef Q_OS_UNIX
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
#endif
}

} // namespace kp::core
