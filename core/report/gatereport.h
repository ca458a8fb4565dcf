// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace kp::core {

struct RunComparison;
struct RunGate;

/// A gate's answer (RunGate) as a CI job shows it: Markdown for a pull-request comment or a job summary, and JUnit
/// XML, which GitHub Actions, GitLab CI and Jenkins read into their test views.
namespace GateReport {

/// The answer first (PASS, FAIL or INCONCLUSIVE, in a sentence with its figures), then the figures that decided it,
/// the figures within noise folded under a <details>, what changed between the runs, and how "beyond noise" is
/// judged.
QString markdown(const RunComparison& comparison, const RunGate& gate);

/// One test suite, one test case per figure: a figure worse beyond noise is a failure, one not judged is skipped,
/// and the new run's completion is a case of its own.
QByteArray junit(const RunGate& gate);

} // namespace GateReport

} // namespace kp::core
