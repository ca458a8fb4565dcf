// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/reportcontent.h"

#include <QJsonObject>

#include <optional>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// The report as JSON: every number, under a versioned schema ("schema": "kneepoint-report", "schema_version": 1)
/// documented in docs/analysis.md (Reports), with stable keys so that two reports diff with jq. Absent figures are
/// null.
namespace JsonReport {
constexpr int kSchemaVersion = 1;
/// The report of `run`: its raw figures ("run", "steps", "analysis") and the document every face renders
/// ("document", and "answer" at the top for scripts that read only it). `content` is that document as the caller
/// shows it (made under the settings on screen, its flags checked against the twin); without it, the run's own.
QJsonObject write(const RunData& run, const RunAnalysis& analysis, const ReportContent* content = nullptr);
/// The document as the report's "document" object: every sentence and table cell as the faces show them, the charts
/// left out (their numbers are in "analysis").
QJsonObject document(const ReportContent& content);
/// Which stored run a report file is of, when it is a report of ours ("schema": "kneepoint-report"): the window
/// shows that run from its store, whole, when it has it.
struct Source
{
    qint64 runId = -1;
    QString started; ///< the run's start, UTC, as stored: with the id, it tells one store's run 7 from another's
};
std::optional<Source> sourceOf(const QJsonObject& json);
/// The document of a report written by write(), read back: what the window shows of a report file opened from disk.
/// A file written before reports carried a document gets one made from the figures it holds, the way
/// ReportContent::of() makes it (without what such a file does not hold: the physics, the advice, the appendix).
ReportContent read(const QJsonObject& report);
/// The answer at a glance of a report written by write(), read back as the window and the PDF show it: from its
/// "answer" object, or, for a file written before there was one, made from its capacity, settings, walls and knee
/// the way ReportContent::answerOf() makes it. The window's opened file shows this, never sentences of its own.
ReportContent::Answer readAnswer(const QJsonObject& report);
} // namespace JsonReport

} // namespace kp::core
