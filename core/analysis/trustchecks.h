// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace kp::core {

struct RunData;
struct LoadCurve;
struct PhysicsFloors;
struct AnalysisSettings;

/// One reason to trust, or doubt, the numbers of a run.
struct TrustCheck
{
    enum class Status { Pass, Warn, Fail, NotMeasured };
    QString id; ///< steady-state, client, output-length, samples, errors, server-cap, network, versions, physics,
                ///< prefix-cache
    QString title; ///< what is checked, as a claim: "The client was not the bottleneck"
    Status status = Status::Pass;
    QString detail; ///< the numbers behind the status

    static QString statusName(Status status); ///< pass, warn, fail, not measured
    static QString statusText(Status status); ///< the status for people, translated: "pass", "warn", …
};

/// The checks that say whether a run's numbers can be trusted, each with its numbers.
namespace TrustChecks {
QList<TrustCheck> of(
    const RunData& run, const LoadCurve& curve, const PhysicsFloors& floors, const AnalysisSettings& settings);
/// The worst status among `checks`.
TrustCheck::Status worst(const QList<TrustCheck>& checks);
} // namespace TrustChecks

} // namespace kp::core
