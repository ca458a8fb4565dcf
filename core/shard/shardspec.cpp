// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/shard/shardspec.h"

#include <cmath>

namespace kp::core {

std::optional<ShardSpec> ShardSpec::parse(const QString& shard, QString* error)
{
    const QStringList parts = shard.split(u'/');
    bool okIndex = false;
    bool okCount = false;
    ShardSpec s;
    s.index = parts.value(0).toInt(&okIndex);
    s.count = parts.value(1).toInt(&okCount);
    if (parts.size() != 2 || !okIndex || !okCount || s.count < 1 || s.count > 10'000 || s.index < 0
        || s.index >= s.count) {
        *error = QStringLiteral("--shard takes I/N, this client's part I (from 0) of N, such as 0/4 or 3/4, not '%1'.")
                     .arg(shard);
        return std::nullopt;
    }
    return s;
}

QDateTime ShardSpec::parseTime(const QString& text)
{
    bool isNumber = false;
    const double seconds = text.toDouble(&isNumber);
    if (isNumber && std::isfinite(seconds) && seconds > 0)
        return QDateTime::fromMSecsSinceEpoch(qint64(std::llround(seconds * 1000)), Qt::UTC);
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    // A time without a zone would be read in each machine's own zone: refused rather than guessed.
    if (!t.isValid() || t.timeSpec() == Qt::LocalTime)
        return {};
    return t.toUTC();
}

int ShardSpec::share(int total) const
{
    return total / count + (index < total % count ? 1 : 0);
}

int ShardSpec::shareLike(int total, int whole) const
{
    if (whole <= 0)
        return share(total);
    // The running sum of every shard's part, rounded, differenced: the parts add up to `total` exactly.
    qint64 before = 0;
    for (int i = 0; i < index; ++i)
        before += whole / count + (i < whole % count ? 1 : 0);
    const qint64 mine = share(whole);
    const auto upTo = [&](qint64 users) { return qint64(std::llround(double(total) * double(users) / whole)); };
    return int(upTo(before + mine) - upTo(before));
}

QDateTime ShardSpec::stepStart(int k) const
{
    return startAt.addMSecs(qint64(std::llround(slotSeconds * 1000 * k)));
}

QJsonObject ShardSpec::toJson() const
{
    QJsonObject json {{QStringLiteral("index"), index}, {QStringLiteral("count"), count},
        {QStringLiteral("start_at"), startAt.toString(Qt::ISODateWithMs)}, {QStringLiteral("slot_s"), slotSeconds}};
    if (!clockServer.isEmpty())
        json[QStringLiteral("clock_server")] = clockServer.toString();
    return json;
}

std::optional<ShardSpec> ShardSpec::fromJson(const QJsonObject& json)
{
    if (!json.contains(u"count"))
        return std::nullopt;
    ShardSpec s;
    s.index = json.value(u"index").toInt();
    s.count = json.value(u"count").toInt(1);
    s.startAt = QDateTime::fromString(json.value(u"start_at").toString(), Qt::ISODateWithMs);
    s.slotSeconds = json.value(u"slot_s").toDouble();
    s.clockServer = QUrl(json.value(u"clock_server").toString());
    return s;
}

} // namespace kp::core
