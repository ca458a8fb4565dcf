// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace kp::core {

/// One shard of a run that several clients drive together: which part this client takes, and the wall-clock schedule
/// every shard keeps so that their steps load the server at the same moments (kneepoint run --shard I/N).
struct ShardSpec
{
    int index = 0; ///< 0-based
    int count = 1;
    QDateTime startAt; ///< UTC: when the first step begins on every shard
    double slotSeconds = 0; ///< step k begins at startAt + k × slotSeconds
    QUrl clockServer; ///< kneepoint clock-server to measure this clock against; empty: the server's Date header

    /// "I/N" as given to --shard; std::nullopt with `error` set when it is not 0 <= I < N.
    static std::optional<ShardSpec> parse(const QString& shard, QString* error);
    /// --start-at: ISO 8601 with a zone (2026-11-30T12:00:00Z) or Unix seconds; invalid when it is neither.
    static QDateTime parseTime(const QString& text);

    /// This shard's part of `total` when it is split evenly: the first total % count shards take one more.
    int share(int total) const;
    /// This shard's part of `total`, in proportion to its part of `whole` (requests follow users), such that the
    /// parts of every shard add up to `total`.
    int shareLike(int total, int whole) const;
    /// When step `k` begins, in UTC.
    QDateTime stepStart(int k) const;

    QJsonObject toJson() const;
    /// Reads what toJson() wrote; nullopt when `json` holds no shard.
    static std::optional<ShardSpec> fromJson(const QJsonObject& json);
};

} // namespace kp::core
