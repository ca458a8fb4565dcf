// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/finding.h"

#include <QList>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// The rule engine over an analysis: each rule looks at the curve, the walls, the physics and the server's facts
/// and, when it applies, says what it found and which flags to try, checked against the detected vLLM version.
///
/// Order: problems first, then background, then healthy checks. Among problems the product decides what leads:
/// chat and RAG users feel the first token, so TTFT leads; reasoning answers are long and fill the KV cache, so
/// memory leads; batch jobs want throughput, so saturation leads.
namespace Findings {
QList<Finding> of(const RunData& run, const RunAnalysis& analysis);
} // namespace Findings

} // namespace kp::core
