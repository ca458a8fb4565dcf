// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/analysistext.h"

#include "core/analysis/requestestimate.h"
#include "core/analysis/runcomparison.h"
#include "core/common/textformat.h"

#include <QJsonArray>

#include <cmath>

namespace kp::core {

namespace {

QString cell(double v, int decimals)
{
    return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', decimals);
}

QJsonValue num(double v)
{
    return std::isnan(v) || std::isinf(v) ? QJsonValue() : QJsonValue(v);
}

} // namespace

QString AnalysisText::render(const RequestEstimate& e)
{
    if (!e.available)
        return QStringLiteral("No estimate for %1/%2 tokens: %3\n")
            .arg(e.inputTokens)
            .arg(e.outputTokens)
            .arg(e.whyNot);
    QString out = QStringLiteral("Estimate for %1 tokens in, %2 out (roofline calibrated on this run: %3 of "
                                 "bandwidth, %4 of FLOPS; an estimate, not a measurement)\n")
                      .arg(text::number(e.inputTokens, 0), text::number(e.outputTokens, 0),
                          text::percent(e.bandwidthEfficiency), text::percent(e.computeEfficiency));
    out += QStringLiteral("  one user: TTFT %1, TPOT %2, whole answer %3 (%4 tokens/s)\n")
               .arg(text::milliseconds(e.ttftMs), text::milliseconds(e.tpotMs), text::milliseconds(e.e2elMs),
                   text::number(e.outputTokensPerSecond));
    if (e.loadUsers > 0)
        out += QStringLiteral("  at %1: TTFT about %2, TPOT about %3\n")
                   .arg(text::users(e.loadUsers, false), text::milliseconds(e.ttftAtLoadMs),
                       text::milliseconds(e.tpotAtLoadMs));
    return out;
}

QJsonObject AnalysisText::toJson(const RequestEstimate& e)
{
    return {{QStringLiteral("estimate"), true}, {QStringLiteral("available"), e.available},
        {QStringLiteral("why_not"), e.whyNot}, {QStringLiteral("input_tokens"), e.inputTokens},
        {QStringLiteral("output_tokens"), e.outputTokens},
        {QStringLiteral("bandwidth_efficiency"), num(e.bandwidthEfficiency)},
        {QStringLiteral("compute_efficiency"), num(e.computeEfficiency)}, {QStringLiteral("ttft_ms"), num(e.ttftMs)},
        {QStringLiteral("tpot_ms"), num(e.tpotMs)}, {QStringLiteral("e2el_ms"), num(e.e2elMs)},
        {QStringLiteral("load_users"), e.loadUsers}, {QStringLiteral("ttft_at_load_ms"), num(e.ttftAtLoadMs)},
        {QStringLiteral("tpot_at_load_ms"), num(e.tpotAtLoadMs)}};
}

QString AnalysisText::render(const RunComparison& c)
{
    QString out = QStringLiteral("Run %1 against run %2\n  %3\n\n").arg(c.idA).arg(c.idB).arg(c.summary);
    // What changed comes before the rows: a table of latencies at shared loads reads wrong without it (a server
    // with 4 slots against one with 1,024 is "2 better, 2 worse" at the loads both measured).
    if (!c.changes.isEmpty()) {
        out += QStringLiteral("What changed\n");
        for (const RunComparison::Change& ch : c.changes)
            out += QStringLiteral("  %1: %2 → %3\n").arg(ch.what, ch.a, ch.b);
        out += u'\n';
    }
    out += QStringLiteral("%1 %2 %3 %4 %5 %6  %7\n")
               .arg(QStringLiteral("load"), -10)
               .arg(QStringLiteral("metric"), -16)
               .arg(QStringLiteral("run %1").arg(c.idA), 10)
               .arg(QStringLiteral("run %1").arg(c.idB), 10)
               .arg(QStringLiteral("change"), 8)
               .arg(QStringLiteral("95% interval"), 18)
               .arg(QStringLiteral("beyond noise?"));
    for (const RunComparison::Metric& m : c.metrics) {
        const QString verdict = !m.tested ? QStringLiteral("not tested")
            : m.significant               ? QStringLiteral("yes (%1)").arg(m.reason())
                                          : QStringLiteral("no (%1)").arg(m.why);
        out += QStringLiteral("%1 %2 %3 %4 %5 %6  %7\n")
                   .arg(m.load, -10)
                   .arg(m.metric, -16)
                   .arg(cell(m.a, 1), 10)
                   .arg(cell(m.b, 1), 10)
                   .arg(text::change(m.deltaPercent), 8)
                   .arg(text::changeInterval(m.deltaLowPercent, m.deltaHighPercent), 18)
                   .arg(verdict);
    }
    if (!c.pareto.frontier.empty()) {
        out += QStringLiteral("\nPareto frontier (output tokens/s per user against per GPU; kneepoint pareto %1 %2 "
                              "draws it)\n")
                   .arg(c.idA)
                   .arg(c.idB);
        for (const QString& sentence : c.pareto.dominance())
            out += QStringLiteral("  %1.\n").arg(sentence);
    }
    return out;
}

QJsonObject AnalysisText::toJson(const RunComparison& c)
{
    QJsonArray metrics;
    for (const RunComparison::Metric& m : c.metrics)
        metrics.append(QJsonObject {{QStringLiteral("load"), m.load}, {QStringLiteral("metric"), m.metric},
            {QStringLiteral("a"), num(m.a)}, {QStringLiteral("b"), num(m.b)},
            {QStringLiteral("delta_percent"), num(m.deltaPercent)}, {QStringLiteral("tested"), m.tested},
            {QStringLiteral("significant"), m.significant}, {QStringLiteral("p_value"), num(m.pValue)},
            {QStringLiteral("holm_adjusted_p"), num(m.adjustedP)},
            {QStringLiteral("delta_low_percent"), num(m.deltaLowPercent)},
            {QStringLiteral("delta_high_percent"), num(m.deltaHighPercent)}, {QStringLiteral("why_not"), m.why},
            {QStringLiteral("between_run_noise_percent"), num(m.betweenRunNoisePercent)}});
    QJsonArray changes;
    for (const RunComparison::Change& ch : c.changes)
        changes.append(
            QJsonObject {{QStringLiteral("what"), ch.what}, {QStringLiteral("a"), ch.a}, {QStringLiteral("b"), ch.b},
                {QStringLiteral("kind"),
                    ch.kind == RunComparison::Change::Kind::Server       ? QStringLiteral("server")
                        : ch.kind == RunComparison::Change::Kind::Option ? QStringLiteral("option")
                                                                         : QStringLiteral("other")}});
    return {{QStringLiteral("a"), c.idA}, {QStringLiteral("b"), c.idB}, {QStringLiteral("summary"), c.summary},
        {QStringLiteral("capacity_a"), c.capacityA}, {QStringLiteral("capacity_b"), c.capacityB},
        {QStringLiteral("capacity_delta"), num(c.capacityDelta)},
        {QStringLiteral("capacity_change_percent"), num(c.capacityChangePercent)},
        {QStringLiteral("capacity_range_a"), c.capacityRangeA}, {QStringLiteral("capacity_range_b"), c.capacityRangeB},
        {QStringLiteral("capacity_judged"), c.capacityJudged},
        {QStringLiteral("capacity_significant"), c.capacitySignificant},
        {QStringLiteral("capacity_why"), c.capacityWhy},
        {QStringLiteral("capacity_between_run_noise_percent"), num(c.capacityNoisePercent)},
        {QStringLiteral("min_effect_percent"), c.minEffectPercent}, {QStringLiteral("metrics"), metrics},
        {QStringLiteral("changes"), changes},
        {QStringLiteral("pareto_dominance"), QJsonArray::fromStringList(c.pareto.dominance())},
        {QStringLiteral("noise_runs"),
            c.noiseIdA < 0 ? QJsonValue() : QJsonValue(QJsonArray {c.noiseIdA, c.noiseIdB})}};
}

} // namespace kp::core
