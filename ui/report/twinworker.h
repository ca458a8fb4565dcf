// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/report/reportworker.h"

#include <QObject>

namespace kp::ui {

/// Fits a run's twin on a thread of its own, a second or more, so that a what-if asked meanwhile is answered at once
/// by the report's worker instead of waiting behind the fit. It reads the run (shared, never changed) and writes only
/// the job's own copy of the predictions, which it hands back whole.
class TwinWorker : public QObject
{
    Q_OBJECT

public Q_SLOTS:
    void fit(const kp::ui::TwinFitJob& job);

Q_SIGNALS:
    /// The job with `result` now carrying the predictions, and `predictions` the fitted twin and what it made.
    void fitted(const kp::ui::TwinFitJob& job);
};

} // namespace kp::ui
