// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/networkfacts.h"

namespace kp::core {

QJsonObject NetworkFacts::toJson() const
{
    QJsonObject o;
    if (tcpConnectMs)
        o[QStringLiteral("tcp_connect_ms")] = *tcpConnectMs;
    if (tlsHandshakeMs)
        o[QStringLiteral("tls_handshake_ms")] = *tlsHandshakeMs;
    if (roundTripMeasured()) {
        o[QStringLiteral("health_round_trip_median_ms")] = healthRoundTripMedianMs;
        o[QStringLiteral("health_round_trips")] = healthRoundTrips;
    }
    return o;
}

NetworkFacts NetworkFacts::fromJson(const QJsonObject& json)
{
    NetworkFacts n;
    if (json.contains(u"tcp_connect_ms"))
        n.tcpConnectMs = json.value(u"tcp_connect_ms").toDouble();
    if (json.contains(u"tls_handshake_ms"))
        n.tlsHandshakeMs = json.value(u"tls_handshake_ms").toDouble();
    n.healthRoundTripMedianMs = json.value(u"health_round_trip_median_ms").toDouble(0);
    n.healthRoundTrips = json.value(u"health_round_trips").toInt(0);
    return n;
}

} // namespace kp::core
