// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace kp::core {

/// One line of a Prometheus exposition: a metric name, its labels and its value. Histograms arrive as their
/// `_bucket`, `_sum` and `_count` samples, counters under their exposed `_total` name.
struct PrometheusSample
{
    QByteArray name; ///< e.g. `vllm:num_requests_running`, `vllm:time_to_first_token_seconds_bucket`
    std::vector<std::pair<QByteArray, QByteArray>> labels; ///< in the order written; values unescaped
    double value = 0; ///< NaN, +Inf and -Inf as written

    /// The value of label `key`; empty when the sample has no such label (Prometheus treats both alike).
    QByteArray label(QByteArrayView key) const;
};

/// A scrape of /metrics: the Prometheus text exposition format 0.0.4 (what vLLM's prometheus_client serves), read
/// tolerantly enough to take OpenMetrics text as well.
struct PrometheusText
{
    std::vector<PrometheusSample> samples; ///< in the order of the text
    /// From `# TYPE` lines: family name → counter, gauge, histogram, summary, untyped (or an OpenMetrics type).
    std::map<QByteArray, QByteArray> types;

    /// Reads `text`: comments, `# HELP` and blank lines are skipped, CRLF line ends accepted, timestamps and
    /// OpenMetrics exemplars ignored, and reading stops at OpenMetrics' `# EOF`. A line that cannot be read is skipped
    /// and counted, so that one odd metric does not hide the rest; `error` then says how many there were and what was
    /// wrong with the first (it is cleared when every line was read).
    static PrometheusText parse(QByteArrayView text, QString* error = nullptr);

    /// The sum of every sample named `name` whose labels include all of `match` (an empty value matches an absent
    /// label): with data parallelism vLLM exposes one sample per engine, and a server-wide figure is their sum.
    /// nullopt when no sample matched.
    std::optional<double> sum(
        QByteArrayView name, const std::vector<std::pair<QByteArray, QByteArray>>& match = {}) const;

    /// The first sample named `name`, or nullptr.
    const PrometheusSample* first(QByteArrayView name) const;
};

} // namespace kp::core
