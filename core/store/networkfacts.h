// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

#include <optional>

namespace kp::core {

/// The way to the server as a run measured it before any load (stored in the run's environment as "network"): a
/// TTFT target is about the server, so the round trip is taken off what the client saw.
struct NetworkFacts
{
    std::optional<double> tcpConnectMs; ///< the doctor's TCP connect
    std::optional<double> tlsHandshakeMs; ///< the doctor's TLS handshake, for an https:// server
    double healthRoundTripMedianMs = 0; ///< the median of 7 keep-alive GET /health; 0: not measured
    int healthRoundTrips = 0; ///< how many of them answered

    bool roundTripMeasured() const { return healthRoundTrips > 0 || healthRoundTripMedianMs > 0; }
    QJsonObject toJson() const;
    static NetworkFacts fromJson(const QJsonObject& json);
};

} // namespace kp::core
