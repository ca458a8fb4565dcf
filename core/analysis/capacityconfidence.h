// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kp::core {

struct LoadCurve;
struct TrustCheck;

/// How far the capacity can be believed, shown beside the number wherever it is: one noisy step decided "breaks at
/// about 7.2 users" on a busy machine while 16 and 32 users met the targets, beside a client that fell behind and a
/// simulator that lagged its own clock, and the verdict read as sure as any other.
///
/// Low: the capacity rests on a disturbed step (one of the two that bracket it, or a miss at the lowest load, where
/// the client fell behind, the simulator lagged or another process slowed the server: TrustChecks::disturbed()), or the
/// curve is not monotone (a higher load met the targets again after the first miss). Medium: a step below the crossing
/// was disturbed. High otherwise. Each reason carries the loads it rests on. (Too few requests to bound the percentile
/// is said beside the number already, in its interval.)
struct CapacityConfidence
{
    enum class Level { High, Medium, Low };
    Level level = Level::High;
    QStringList reasons;

    static CapacityConfidence of(const LoadCurve& curve, const QList<TrustCheck>& trust);
    /// "high", "medium", "low": for JSON.
    static QString name(Level level);
    /// The level for people, translated.
    static QString text(Level level);
    /// " Confidence in this number: low: the client fell behind at 8 users, which the capacity rests on." Empty when
    /// high, so that a sure verdict stays short.
    QString sentence() const;
    /// The same for the capacity's line in `kneepoint show`: " Confidence: low (…)."; empty when high.
    QString line() const;
};

} // namespace kp::core
