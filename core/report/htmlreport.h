// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

struct ReportContent;

/// The report as one self-contained HTML page: inline CSS and SVG charts, no script and no network, readable on a
/// phone. Written as well-formed XHTML-style markup, so that an XML parser reads it to the end.
namespace HtmlReport {
QString write(const ReportContent& content);
} // namespace HtmlReport

} // namespace kp::core
