// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

struct RunData;
struct AnalysisSettings;
struct LoadCurve;
struct Walls;

/// The verdict in plain words, with the user's own numbers: how many users the server takes at the targets, where
/// it breaks, which wall stops it, and which walls it is not (with the numbers that rule them out).
namespace Verdict {
QString of(const RunData& run, const AnalysisSettings& settings, const LoadCurve& curve, const Walls& walls);
/// "99 of 100 requests", "half of the requests": the percentile in words.
QString share(double percentile);
/// "your target of 50 ms per token and 500 ms to the first token".
QString targets(const AnalysisSettings& settings);
} // namespace Verdict

} // namespace kp::core
