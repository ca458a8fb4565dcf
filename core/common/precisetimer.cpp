// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/precisetimer.h"

#include "core/common/monotonicclock.h"

#include <QSocketNotifier>
#include <QTimer>

#include <algorithm>
#include <chrono>

#ifdef Q_OS_LINUX
#include <sys/timerfd.h>
#include <unistd.h>
#endif

namespace kp::core {

PreciseTimer::PreciseTimer(QObject* parent)
    : QObject(parent)
{
#ifdef Q_OS_LINUX
    m_fd = ::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (m_fd >= 0) {
        m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, [this] {
            std::uint64_t expirations = 0;
            const auto n = ::read(m_fd, &expirations, sizeof expirations); // drain, or it stays readable
            Q_UNUSED(n)
            fire();
        });
        return;
    }
#endif
    m_fallback = new QTimer(this);
    m_fallback->setSingleShot(true);
    m_fallback->setTimerType(Qt::PreciseTimer);
    connect(m_fallback, &QTimer::timeout, this, &PreciseTimer::fire);
}

PreciseTimer::~PreciseTimer()
{
#ifdef Q_OS_LINUX
    if (m_fd >= 0)
        ::close(m_fd);
#endif
}

void PreciseTimer::startAt(std::int64_t deadlineNs)
{
    m_active = true;
#ifdef Q_OS_LINUX
    if (m_fd >= 0) {
        // steady_clock is CLOCK_MONOTONIC on Linux, so the deadline can be handed to the kernel as it is. A zero
        // it_value would disarm the timer, so a deadline already passed becomes 1 ns.
        itimerspec spec {};
        const std::int64_t ns = std::max<std::int64_t>(deadlineNs, 1);
        spec.it_value.tv_sec = ns / 1'000'000'000;
        spec.it_value.tv_nsec = ns % 1'000'000'000;
        ::timerfd_settime(m_fd, TFD_TIMER_ABSTIME, &spec, nullptr);
        return;
    }
#endif
    const std::int64_t waitNs = std::max<std::int64_t>(0, deadlineNs - monotonicNowNs());
    m_fallback->start(std::chrono::milliseconds((waitNs + 999'999) / 1'000'000));
}

void PreciseTimer::stop()
{
    m_active = false;
#ifdef Q_OS_LINUX
    if (m_fd >= 0) {
        itimerspec spec {};
        ::timerfd_settime(m_fd, TFD_TIMER_ABSTIME, &spec, nullptr);
        return;
    }
#endif
    m_fallback->stop();
}

void PreciseTimer::fire()
{
    if (!m_active)
        return;
    m_active = false;
    Q_EMIT timeout();
}

} // namespace kp::core
