// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportcontent.h"

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
/// The answer at a glance of a report written by write(), read back as the window and the PDF show it: from its
/// "answer" object, or, for a file written before there was one, made from its capacity, settings, walls and knee
/// the way ReportContent::answerOf() makes it. The window's opened file shows this, never sentences of its own.
ReportContent::Answer readAnswer(const QJsonObject& report);
} // namespace JsonReport

} // namespace kp::core
