// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <optional>

namespace kp::core {

/// A shard's clock (stored in its run's environment as "clock"): one instant read on this machine's UTC and
/// monotonic clocks, and the offset measured to the reference clock every shard of the run measured against, so that
/// the merge can put each shard's monotonic times on one line.
struct ClockAnchor
{
    std::int64_t utcNs = 0; ///< stored as a string: a double holds no nanoseconds since 1970
    std::int64_t monotonicNs = 0;
    QString reference; ///< "clock server", "server's Date header" (ClockOffset::source) or "local"
    double offsetMs = 0; ///< the reference's time minus this machine's
    QJsonObject serverDate; ///< the offset measured against the server's Date header (ClockOffset::toJson)
    QJsonObject clockServer; ///< the offset measured against the coordinator's clock server; empty without one

    /// UTC on the reference clock minus this monotonic clock at the anchor: what turns one into the other.
    std::int64_t referenceMinusMonotonic() const;
    QJsonObject toJson() const;
    /// Nullopt when either instant is missing or not a number: the run was not made by kneepoint run --shard.
    static std::optional<ClockAnchor> fromJson(const QJsonObject& json);
};

} // namespace kp::core
