// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

struct ReportContent;

/// The report as Markdown (GitHub's dialect: pipe tables, fenced code): every number, for diffs and for pasting
/// into an issue or an LLM. Charts appear as their data tables.
namespace MarkdownReport {
QString write(const ReportContent& content);
} // namespace MarkdownReport

} // namespace kp::core
