// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

#include <vector>

namespace kp::core {

struct RunData;
struct StepData;
struct LoadCurve;
struct PhysicsFloors;
struct AnalysisSettings;

/// One reason to trust, or doubt, the numbers of a run.
///
/// Each check has two titles: the claim it checks, as a pass reads ("The client was not the bottleneck"), and the
/// doubt it raises when it does not pass ("The client may have fallen behind"). `title` is the one to show: the
/// doubt for a warning or a failure, the claim otherwise, so that no face shows a failure under a passing claim.
struct TrustCheck
{
    enum class Status { Pass, Warn, Fail, NotMeasured };
    QString id; ///< steady-state, client, sim-lag, output-length, samples, errors, streaming, server-cap,
                ///< network, versions,
                ///< physics, prefix-cache, imported
    QString title; ///< what every face shows: doubt when the check warned or failed, else claim
    Status status = Status::Pass;
    QString detail; ///< the numbers behind the status
    QString claim; ///< what is checked, as a passing claim: "The client was not the bottleneck"
    QString doubt; ///< the same as a doubt, for a warning or a failure: "The client may have fallen behind"
    /// The steps this check found disturbed by the measurement itself, in the run's order: where the client fell behind
    /// (the "client" check) or the simulator's engine loop lagged its own clock (the "sim-lag" check). Their
    /// figures may be the measurement's, not the server's; TrustChecks::disturbed() gathers them over all checks.
    std::vector<const StepData*> disturbed;

    struct Titles
    {
        QString claim;
        QString doubt;
    };

    /// Whether the check raises a doubt: it warned or failed. Doubts come before the verdict in every face.
    bool isDoubt() const { return status == Status::Warn || status == Status::Fail; }

    static QString statusName(Status status); ///< pass, warn, fail, not measured
    static QString statusText(Status status); ///< the status for people, translated: "pass", "warn", …
};

/// The checks that say whether a run's numbers can be trusted, each with its numbers. The doubts come first
/// (failures, then warnings), then the rest in a fixed order, so that every face that lists them leads with them.
namespace TrustChecks {
/// The simulator warns once its engine loop is this far behind its own clock (kneepoint:sim_lag_seconds, real ms):
/// past it a step is disturbed, and the live view says so as it happens.
inline constexpr double kSimulatorLagWarnMs = 5;
QList<TrustCheck> of(
    const RunData& run, const LoadCurve& curve, const PhysicsFloors& floors, const AnalysisSettings& settings);
/// The claim and the doubt of the check `id` (the samples check names `percentile`); empty for an unknown id. A
/// report read back from a file (whose JSON holds the title as it was shown) finds the doubt here by id.
TrustCheck::Titles titles(const QString& id, double percentile);
/// The worst status among `checks`.
TrustCheck::Status worst(const QList<TrustCheck>& checks);
/// The checks that raise a doubt (warn or fail), failures first: what every face shows above the verdict.
QList<TrustCheck> doubts(const QList<TrustCheck>& checks);
/// Every step some check found disturbed (TrustCheck::disturbed), each once, in the run's order: the steps where the
/// client fell behind or the simulator lagged. A verdict resting on one of them is less certain than its numbers;
/// RunAnalysis::trust holds the checks, so `TrustChecks::disturbed(analysis.trust)` is the list.
std::vector<const StepData*> disturbed(const QList<TrustCheck>& checks);
/// Whether `step` is among the disturbed steps of `checks`.
bool isDisturbed(const QList<TrustCheck>& checks, const StepData* step);
} // namespace TrustChecks

} // namespace kp::core
