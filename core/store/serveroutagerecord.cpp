// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/serveroutagerecord.h"

#include <QJsonArray>

namespace kp::core {

ServerOutageRecord ServerOutageRecord::fromJson(const QJsonObject& o)
{
    ServerOutageRecord s;
    const QString kind = o.value(u"kind").toString();
    s.kind = kind == u"restart"            ? Kind::Restart
        : kind == u"restart_between_steps" ? Kind::RestartBetweenSteps
                                           : Kind::Connection;
    s.step = o.value(u"step").toInt(-1);
    const QJsonObject load = o.value(u"load").toObject();
    s.users = load.value(u"concurrency").toInt();
    s.rate = load.value(u"rate").toDouble();
    s.refused = o.value(u"refused").toInt();
    s.closed = o.value(u"closed").toInt();
    s.downSeconds = o.value(u"down_s").toDouble();
    s.cameBack = o.value(u"came_back").toBool();
    s.waitSeconds = o.value(u"wait_s").toInt();
    s.counter = o.value(u"counter").toString();
    s.counterBefore = o.value(u"counter_before").toDouble(-1);
    s.counterAfter = o.value(u"counter_after").toDouble(-1);
    return s;
}

std::vector<ServerOutageRecord> ServerOutageRecord::of(const QJsonObject& runFacts)
{
    std::vector<ServerOutageRecord> list;
    for (const QJsonValue v : runFacts.value(u"server_outages").toArray())
        list.push_back(fromJson(v.toObject()));
    return list;
}

} // namespace kp::core
