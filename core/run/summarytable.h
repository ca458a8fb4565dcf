// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/server/serverdeltas.h"
#include "core/stats/stepstatistics.h"
#include "core/store/phase.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace kp::core {

/// One step as the summary shows it: what load, and what came of it.
struct SummaryRow
{
    Phase phase = Phase::Baseline;
    QString load; ///< "c=8", "4.0/s"
    StepStatistics stats;
    ServerDeltas server;
};

/// The end-of-run table and its JSON of `run`, and so of `demo` and `launch --then-run`, which end through
/// RunCommand::execute (`show` prints the report instead). Figures are shown in the server's time:
/// client measurements × `timeScale` (1 for a real server, the simulator's speed otherwise).
namespace SummaryTable {
QString table(const std::vector<SummaryRow>& rows, double timeScale, double percentile);
QJsonObject stepJson(const SummaryRow& row, double timeScale);
} // namespace SummaryTable

} // namespace kp::core
