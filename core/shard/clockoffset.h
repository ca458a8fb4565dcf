// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/serverendpoint.h"

#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <cstdint>

namespace kp::core {

/// How far this machine's UTC clock is from a reference clock, measured over the network.
struct ClockOffset
{
    QString source; ///< "clock-server" or "server-date"
    bool measured = false;
    double offsetMs = 0; ///< reference minus this machine: add it to a local UTC time to get the reference's
    double uncertaintyMs = 0; ///< half the window the reference's time was read in
    int samples = 0;
    QString error; ///< why it was not measured

    QJsonObject toJson() const;

    /// NTP's exchange with `kneepoint clock-server` at `url`: eight round trips, the one with the least delay
    /// counts (a queue on the way lengthens the delay and skews the offset).
    static ClockOffset againstClockServer(const QUrl& url, int timeoutMs = 5000);
    /// Against the server's HTTP Date header, which has whole seconds only: /health is asked every 10 ms until the
    /// second changes, which pins the server's second boundary to within a round trip. Up to 2.5 s.
    static ClockOffset againstServerDate(const ServerEndpoint& target);

    /// This machine's UTC time in nanoseconds since the epoch.
    static std::int64_t utcNowNs();
};

} // namespace kp::core
