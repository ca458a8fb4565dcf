// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace kp::core {

struct RunData;
struct RunAnalysis;
struct RequestEstimate;
struct RunComparison;

/// An analysis as plain text for a terminal, and as JSON for scripts: what `kneepoint show` and `kneepoint compare`
/// print. Trust checks that did not pass come above the verdict, so that nobody reads a verdict without its doubts.
namespace AnalysisText {
QString render(const RunData& run, const RunAnalysis& analysis);
/// The part of render() a finished `run` prints: the doubts, the verdict, the scorecard, capacity and knee, the
/// same figures `show` gives, from the same analysis.
QString summary(const RunData& run, const RunAnalysis& analysis);
QString render(const RequestEstimate& estimate);
QString render(const RunComparison& comparison);
QJsonObject toJson(const RunData& run, const RunAnalysis& analysis);
QJsonObject toJson(const RequestEstimate& estimate);
QJsonObject toJson(const RunComparison& comparison);
} // namespace AnalysisText

} // namespace kp::core
