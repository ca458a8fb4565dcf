// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/clockanchor.h"

#include <cmath>

namespace kp::core {

std::int64_t ClockAnchor::referenceMinusMonotonic() const
{
    return utcNs + std::llround(offsetMs * 1e6) - monotonicNs;
}

QJsonObject ClockAnchor::toJson() const
{
    QJsonObject o {{QStringLiteral("anchor_utc_ns"), QString::number(utcNs)},
        {QStringLiteral("anchor_monotonic_ns"), QString::number(monotonicNs)}, {QStringLiteral("reference"), reference},
        {QStringLiteral("offset_ms"), offsetMs}, {QStringLiteral("server_date"), serverDate}};
    if (!clockServer.isEmpty())
        o[QStringLiteral("clock_server")] = clockServer;
    return o;
}

std::optional<ClockAnchor> ClockAnchor::fromJson(const QJsonObject& json)
{
    ClockAnchor a;
    bool utcOk = false;
    bool monotonicOk = false;
    a.utcNs = json.value(u"anchor_utc_ns").toString().toLongLong(&utcOk);
    a.monotonicNs = json.value(u"anchor_monotonic_ns").toString().toLongLong(&monotonicOk);
    if (!utcOk || !monotonicOk)
        return std::nullopt;
    a.reference = json.value(u"reference").toString();
    a.offsetMs = json.value(u"offset_ms").toDouble();
    a.serverDate = json.value(u"server_date").toObject();
    a.clockServer = json.value(u"clock_server").toObject();
    return a;
}

} // namespace kp::core
