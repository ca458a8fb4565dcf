// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// The report as JSON: every number, under a versioned schema ("schema": "kneepoint-report", "schema_version": 1)
/// documented in docs/analysis.md (Reports), with stable keys so that two reports diff with jq. Absent figures are
/// null.
namespace JsonReport {
constexpr int kSchemaVersion = 1;
QJsonObject write(const RunData& run, const RunAnalysis& analysis);
} // namespace JsonReport

} // namespace kp::core
