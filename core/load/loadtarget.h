// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QUrl>

namespace kp::core {

/// Where the load goes and how long to wait: what every request of a step shares.
struct LoadTarget
{
    QUrl baseUrl; ///< scheme, host and port of the server (http://127.0.0.1:8000)
    QByteArray apiKey; ///< sent as a bearer token; never logged, stored or shown
    int connectTimeoutMs = 10'000;
    int firstByteTimeoutMs = 120'000; ///< from send to the response headers
    int stallTimeoutMs = 60'000; ///< the longest silence allowed mid-response

    QString host() const { return baseUrl.host(); }
    quint16 port() const { return quint16(baseUrl.port(baseUrl.scheme() == u"https" ? 443 : 80)); }
};

} // namespace kp::core
