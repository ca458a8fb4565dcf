// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/analysissettings.h"
#include "core/analysis/capacityconfidence.h"
#include "core/analysis/finding.h"
#include "core/analysis/loadcurve.h"
#include "core/analysis/physicsfloors.h"
#include "core/analysis/trustchecks.h"
#include "core/analysis/walls.h"

#include <QList>
#include <QString>

#include <vector>

namespace kp::core {

struct RunData;

/// Everything Kneepoint concludes from one run under one set of settings: the load curve with its capacity, knee
/// and goodput capacity, the physics floors, the three walls, the trust checks, the findings and the verdict.
///
/// A pure function of a RunData and AnalysisSettings: it reads no database and no server, so a what-if slider
/// calls it again with changed settings (it takes a few milliseconds for tens of thousands of requests; see
/// tests/bench/bench_whatif). The result points into the RunData it was made from, which must outlive it.
struct RunAnalysis
{
    AnalysisSettings settings;
    /// The concurrency sweep (with the baseline in front when the sweep has no single user); a run without one (a
    /// trace's replay, rate steps alone) has its rate steps here, and byRate set.
    LoadCurve curve;
    LoadCurve rateCurve; ///< the rate sweep beside a concurrency sweep; empty when there was none
    std::vector<CurvePoint> shapes; ///< the shape steps, judged under the same targets
    PhysicsFloors physics;
    Walls walls;
    /// Doubts first (failures, then warnings). TrustChecks::disturbed(trust) lists the steps the measurement itself
    /// disturbed (the client fell behind, the simulator lagged its clock), for weighing the verdict's confidence.
    QList<TrustCheck> trust;
    CapacityConfidence confidence; ///< how far the capacity can be believed, shown beside it in every face
    QList<Finding> findings; ///< problems first, then background, then healthy checks
    QString verdict;

    /// The analysis under `asked`; a target the run cannot be judged on (a first answer token it did not record) is
    /// left out of `settings`, and the verdict says so.
    static RunAnalysis of(const RunData& run, const AnalysisSettings& asked);
};

} // namespace kp::core
