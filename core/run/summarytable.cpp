// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/summarytable.h"

#include <cmath>

namespace kp::core {

namespace {

QString cell(double v, int decimals)
{
    return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', decimals);
}

} // namespace

QString SummaryTable::table(const std::vector<SummaryRow>& rows, double scale, double percentile)
{
    const QString p = QStringLiteral("p%1").arg(percentile);
    QString out = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                      .arg(QStringLiteral("phase"), -12)
                      .arg(QStringLiteral("load"), -8)
                      .arg(QStringLiteral("ok/failed"), 10)
                      .arg(QStringLiteral("TTFT p50"), 10)
                      .arg(QStringLiteral("TTFT ") + p, 10)
                      .arg(QStringLiteral("TPOT p50"), 9)
                      .arg(QStringLiteral("TPOT ") + p, 9)
                      .arg(QStringLiteral("out tok/s"), 10)
                      .arg(QStringLiteral("SLO met"), 8);
    for (const SummaryRow& r : rows) {
        const StepStatistics& s = r.stats;
        const double tokensPerSecond
            = (s.steady.outputTokensPerSecond >= 0 ? s.steady.outputTokensPerSecond : s.whole.outputTokensPerSecond)
            / scale;
        out += QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                   .arg(phaseName(r.phase), -12)
                   .arg(r.load, -8)
                   .arg(QStringLiteral("%1/%2").arg(s.succeeded).arg(s.failed), 10)
                   .arg(cell(s.ttftMs.p50.value * scale, 1), 10)
                   .arg(cell(s.ttftMs.at(percentile).value * scale, 1), 10)
                   .arg(cell(s.tpotMs.p50.value * scale, 2), 9)
                   .arg(cell(s.tpotMs.at(percentile).value * scale, 2), 9)
                   .arg(cell(tokensPerSecond, 0), 10)
                   .arg(std::isnan(s.sloAttainment) ? QStringLiteral("-")
                                                    : QString::number(100 * s.sloAttainment, 'f', 0) + u'%',
                       8);
    }
    for (const SummaryRow& r : rows) {
        const QString note = r.server.note(r.load);
        if (!note.isEmpty())
            out += note + u'\n';
    }
    out += QStringLiteral("Times in ms, throughput in output tokens per second over the steady window");
    if (scale != 1)
        out += QStringLiteral("; the server was simulated at %1x speed and every figure is in its time").arg(scale);
    out += QStringLiteral(".\n");
    return out;
}

QJsonObject SummaryTable::stepJson(const SummaryRow& r, double scale)
{
    const StepStatistics& s = r.stats;
    auto dist = [scale](const Distribution& d) {
        auto v = [](double x) { return std::isnan(x) ? QJsonValue() : QJsonValue(x); };
        return QJsonObject {{QStringLiteral("count"), qint64(d.count)}, {QStringLiteral("mean"), v(d.mean * scale)},
            {QStringLiteral("p50"), v(d.p50.value * scale)}, {QStringLiteral("p90"), v(d.p90.value * scale)},
            {QStringLiteral("p95"), v(d.p95.value * scale)}, {QStringLiteral("p99"), v(d.p99.value * scale)},
            {QStringLiteral("max"), v(d.max * scale)}};
    };
    auto num = [](double x) { return std::isnan(x) ? QJsonValue() : QJsonValue(x); };
    return {
        {QStringLiteral("phase"), phaseName(r.phase)},
        {QStringLiteral("load"), r.load},
        {QStringLiteral("requests"), s.total},
        {QStringLiteral("succeeded"), s.succeeded},
        {QStringLiteral("failed"), s.failed},
        {QStringLiteral("ttft_ms"), dist(s.ttftMs)},
        {QStringLiteral("tpot_ms"), dist(s.tpotMs)},
        {QStringLiteral("itl_ms"), dist(s.itlMs)},
        {QStringLiteral("e2el_ms"), dist(s.e2elMs)},
        {QStringLiteral("ttfo_ms"), dist(s.ttfoMs)},
        {QStringLiteral("output_tokens_per_s"), num(s.whole.outputTokensPerSecond / scale)},
        {QStringLiteral("steady_output_tokens_per_s"), num(s.steady.outputTokensPerSecond / scale)},
        {QStringLiteral("slo_attainment"), num(s.sloAttainment)},
        {QStringLiteral("time_scale"), scale},
        {QStringLiteral("server"), r.server.toJson()},
    };
}

} // namespace kp::core
