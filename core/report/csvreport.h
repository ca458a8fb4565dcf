// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

class RunStore;
struct RunData;
struct RunAnalysis;

/// Spreadsheet files (RFC 4180: comma-separated, CRLF line ends, quoted where needed), times in the server's
/// milliseconds and rates in its seconds.
namespace CsvReport {
/// One row per step: load, counts, every percentile of TTFT, TPOT and E2EL, throughput, attainment.
QString steps(const RunData& run, const RunAnalysis& analysis);
/// One row per request of run `run` as stored, failures and warm-ups included; empty with `error` set on failure.
QString requests(const RunStore& store, const RunData& run, QString* error);
} // namespace CsvReport

} // namespace kp::core
