// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/loadcurve.h"

#include <QString>

#include <optional>
#include <vector>

namespace kp::core {

struct RunData;

/// One of the three things that stop a server taking more users.
struct Wall
{
    enum class Kind {
        Saturation, ///< throughput stops growing: the GPU or a scheduler cap is busy all the time
        Latency, ///< a latency target is crossed at the chosen percentile
        Memory, ///< the KV cache is full: preemptions, or a queue while it is full
    };
    Kind kind = Kind::Latency;
    bool visible = true; ///< false when the run could not see it (no /metrics for memory)
    bool reached = false; ///< within the measured loads
    double load = 0; ///< where it was reached: users (or req/s)
    int point = -1; ///< the curve point it was reached at
    QString evidence; ///< a sentence with the numbers: why it is (or is not) reached
    /// Saturation: the server's own counters showing requests waiting for a place while it ran fewer than the users
    /// ("at 16 users the server ran at most 8 … (llamacpp:requests_deferred)"); empty when they show no queue.
    QString queueEvidence;
    /// Saturation: a pair of steps where throughput barely grew but that later steps or missing confirmation leave
    /// in doubt, with its numbers; empty when there was none. A doubt is never a wall.
    QString doubt;

    /// The evidence, and the server's queue where it showed one that the evidence does not already name: a
    /// throughput plateau at 1 user and 8 slots full at 16 users are two facts, and the user wants both.
    QString evidenceWithQueue() const;

    static QString name(Kind kind); ///< "saturation", "latency", "memory"
    static QString title(Kind kind); ///< the name for people, translated: "Saturation", "Latency", "Memory"
};

inline Wall wallOf(Wall::Kind kind)
{
    Wall w;
    w.kind = kind;
    return w;
}

/// The three walls of a curve and which one limits it.
///
/// Saturation: the first step whose load increase bought less than 15% of its proportional throughput gain (doubling
/// the users and getting under 15% more tokens per second); the wall is at the step before it. Latency: the
/// capacity's crossing. Memory: the first step where the server's KV cache peaked at 95% or more, or preempted
/// requests, or queued requests while the cache was at 90% or more; not visible without /metrics.
/// The limiting wall is the lowest reached; on a tie memory, then saturation, then latency, since a full cache
/// stalls throughput and stalled throughput grows latency: the earlier cause is named, not its symptom.
struct Walls
{
    Wall saturation = wallOf(Wall::Kind::Saturation);
    Wall latency = wallOf(Wall::Kind::Latency);
    Wall memory = wallOf(Wall::Kind::Memory);
    std::optional<Wall::Kind> limiting; ///< unset when no wall was reached in the measured range

    const Wall& wall(Wall::Kind kind) const;
    /// The walls reached within the measured loads, lowest first (ties in the order saturation, latency, memory).
    std::vector<const Wall*> reachedInOrder() const;
    /// Which wall is lowest and by how much, with the loads: "Lowest wall: Latency, at 11 users; next: Saturation,
    /// at 16 users (1.5× the load)." `highestLoad` is the highest load measured, for the walls not
    /// reached below it; `byRate` says the loads are requests per second.
    QString lowestSentence(double highestLoad, bool byRate) const;
    static Walls of(const RunData& run, const LoadCurve& curve);
};

} // namespace kp::core
