// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/analysissettings.h"

#include <QList>
#include <QString>

#include <optional>

namespace kp::core {

/// A what-if the user named, to ask again of any run: "our 30 ms SLO on an H200". It holds the judgement, not a
/// run: the targets (an absent one is no target), the percentile, and a GPU (empty: the run's own).
///
/// Kept in the user's settings (QSettings, group "whatIfScenarios"), so that the window's what-if panel and
/// `kneepoint show|report --scenario NAME` read the same list, and `show --save-scenario NAME` adds to it.
struct WhatIfScenario
{
    QString name;
    SloTargets slo;
    double percentile = 99;
    QString gpu; ///< a catalog id; empty: the run's

    /// `settings` judged as this scenario says: its targets and percentile, and its GPU where it names one.
    AnalysisSettings applied(AnalysisSettings settings) const;
    /// The scenario that `settings` ask, under `name`. Its GPU is the one `settings` name where it differs from
    /// `run`'s own, else none: a scenario saved on an H100 run asks nothing of another run's GPU unless it was asked.
    static WhatIfScenario of(const QString& name, const AnalysisSettings& settings, const AnalysisSettings& run);
    /// One line for a list or a menu: "30 ms TTFT, 40 ms TPOT, p99 on the H200".
    QString description() const;

    /// Every saved scenario, by name (case-insensitive order).
    static QList<WhatIfScenario> saved();
    static std::optional<WhatIfScenario> find(const QString& name);
    /// Saves `scenario`, replacing one of the same name. False for an empty name.
    static bool save(const WhatIfScenario& scenario);
    static void remove(const QString& name);
};

} // namespace kp::core
