// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace kp::core {

struct RequestEstimate;
struct RunComparison;

/// An estimate for an unmeasured request size and a comparison of two runs, as plain text for a terminal and as JSON
/// for scripts: what `kneepoint show --estimate` adds and `kneepoint compare` prints. A run itself is put into words
/// in one place only, core/report (ReportContent and its faces: TextReport for the terminal, AnalysisJson and
/// JsonReport for scripts).
namespace AnalysisText {
QString render(const RequestEstimate& estimate);
QString render(const RunComparison& comparison);
QJsonObject toJson(const RequestEstimate& estimate);
QJsonObject toJson(const RunComparison& comparison);
} // namespace AnalysisText

} // namespace kp::core
