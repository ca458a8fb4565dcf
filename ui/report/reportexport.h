// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/report/reportworker.h"

#include <QString>

class QWidget;

namespace kp::core {
class RunStore;
}

namespace kp::ui {

/// Export and print of the report shown: the same writers as `kneepoint report`, the same page layout as its PDF.
namespace ReportExport {
/// File dialog filters for every format.
QString fileFilters();
/// The name a saved or printed report is offered under, without a suffix: "kneepoint-run-7". Never the report's
/// title, whose colons and slashes (a URL, a model id) no file system takes well.
QString suggestedName(const ReportResult& result);
/// Writes `result` in the format named by `path`'s ending (core::ReportFormat: .pdf, .html, .md, .json, .csv,
/// .requests.csv, which reads every request from `store`). False with a sentence in `error` when it could not; the
/// file is written whole or not at all.
bool save(const ReportResult& result, const QString& path, const kp::core::RunStore* store, QString* error);
/// Prints through the system's print dialog; false when the user cancelled.
bool print(const ReportResult& result, QWidget* parent);
} // namespace ReportExport

} // namespace kp::ui
