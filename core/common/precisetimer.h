// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <cstdint>

class QSocketNotifier;
class QTimer;

namespace kp::core {

/// A single-shot timer to an absolute monotonic deadline in nanoseconds. QTimer rounds to milliseconds, which is
/// the size of a whole decode step; on Linux this arms a timerfd watched by the event loop instead, so the
/// simulated engine keeps its schedule to the microsecond. Elsewhere it falls back to a precise QTimer.
class PreciseTimer : public QObject
{
    Q_OBJECT
public:
    explicit PreciseTimer(QObject* parent = nullptr);
    ~PreciseTimer() override;

    /// Fires timeout() once at `deadlineNs` (monotonicNowNs() clock), or at once if it has passed.
    void startAt(std::int64_t deadlineNs);
    void stop();
    bool isActive() const { return m_active; }

Q_SIGNALS:
    void timeout();

private:
    void fire();

    bool m_active = false;
    int m_fd = -1;
    QSocketNotifier* m_notifier = nullptr;
    QTimer* m_fallback = nullptr;
};

} // namespace kp::core
