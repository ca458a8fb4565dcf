// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// A run's analysis as JSON for scripts: what `kneepoint show --json` prints and the "analysis" object of the JSON
/// report. Every figure with its raw value (null where it was not measured), beside the words every face shows
/// ("title" of a check is the doubt it raises when it did not pass).
namespace AnalysisJson {
QJsonObject of(const RunData& run, const RunAnalysis& analysis);
} // namespace AnalysisJson

} // namespace kp::core
