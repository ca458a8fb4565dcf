// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

struct ReportContent;

/// The report as plain text for a terminal: what `kneepoint show` prints, and (its summary) what a finished `run`
/// prints. One more face of the one document, ReportContent, in the order every face keeps: the doubts, the verdict,
/// the answer at a glance, the scorecard, then the evidence and the advice. It formats nothing of its own: each
/// figure is the document's, so that the terminal and the reports never say a number two ways.
namespace TextReport {
QString write(const ReportContent& content);
/// The part write() a finished `run` prints: the doubts, the verdict, the answer and the scorecard.
QString summary(const ReportContent& content);
} // namespace TextReport

} // namespace kp::core
