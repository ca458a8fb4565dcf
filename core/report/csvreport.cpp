// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/csvreport.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/store/runstore.h"

#include <cmath>

namespace kp::core {

namespace {

QString field(const QString& s)
{
    if (!s.contains(u',') && !s.contains(u'"') && !s.contains(u'\n') && !s.contains(u'\r'))
        return s;
    QString quoted = s;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

// A string the server chose (its response id, finish_reason): a spreadsheet would run one that starts with =, +, -,
// @, a tab or a CR as a formula, so it gets a leading apostrophe (OWASP's CSV injection advice); row() quotes it.
QString serverText(const QString& s)
{
    static const QString formulaStarts = QStringLiteral("=+-@\t\r");
    return !s.isEmpty() && formulaStarts.contains(s.front()) ? u'\'' + s : s;
}

QString number(double v, int decimals = 3)
{
    return std::isnan(v) || std::isinf(v) ? QString() : QString::number(v, 'f', decimals);
}

QString row(const QStringList& fields)
{
    QStringList out;
    out.reserve(fields.size());
    for (const QString& f : fields)
        out << field(f);
    return out.join(u',') + QStringLiteral("\r\n");
}

} // namespace

QString CsvReport::steps(const RunData& run, const RunAnalysis& analysis)
{
    QStringList header {QStringLiteral("step"), QStringLiteral("phase"), QStringLiteral("concurrency"),
        QStringLiteral("rate_per_s"), QStringLiteral("input_tokens"), QStringLiteral("output_tokens"),
        QStringLiteral("succeeded"), QStringLiteral("failed")};
    for (const char* metric : {"ttft", "tpot", "e2el"})
        for (const char* p : {"mean", "p50", "p90", "p95", "p99", "p99_9", "max"})
            header << QStringLiteral("%1_%2_ms").arg(QLatin1String(metric), QLatin1String(p));
    header << QStringLiteral("output_tokens_per_s") << QStringLiteral("requests_per_s")
           << QStringLiteral("slo_attainment") << QStringLiteral("goodput_per_s") << QStringLiteral("gpu_power_w")
           << QStringLiteral("joules_per_output_token") << QStringLiteral("goodput_per_kw");
    // A reasoning model's first answer token and its thinking, after the columns older readers know.
    for (const char* p : {"mean", "p50", "p90", "p95", "p99", "p99_9", "max"})
        header << QStringLiteral("ttfo_%1_ms").arg(QLatin1String(p));
    header << QStringLiteral("thinking_tokens_p50") << QStringLiteral("answer_tokens_p50");
    QString out = row(header);
    for (const StepData& s : run.steps) {
        QStringList r {QString::number(s.index), phaseName(s.phase), QString::number(s.concurrency), number(s.rate),
            QString::number(s.inputTokens), QString::number(s.outputTokens), QString::number(s.stats.succeeded),
            QString::number(s.stats.failed)};
        const auto percentiles = [&r](const std::vector<double>& sorted) {
            const Distribution d = Distribution::of(sorted);
            r << number(d.mean) << number(d.p50.value) << number(d.p90.value) << number(d.p95.value)
              << number(d.p99.value) << number(d.p999.value) << number(d.max);
        };
        for (const std::vector<double>* sorted : {&s.ttftSorted, &s.tpotSorted, &s.e2elSorted})
            percentiles(*sorted);
        const CurvePoint judged = LoadCurve::judge(run, s, analysis.settings);
        r << number(judged.outputTokensPerSecond, 1) << number(judged.requestsPerSecond) << number(judged.attainment, 4)
          << number(judged.goodput) << number(judged.powerW, 1) << number(judged.joulesPerOutputToken, 5)
          << number(judged.goodputPerKw);
        percentiles(s.ttfoSorted);
        r << number(s.stats.thinkingTokens.p50.value) << number(s.stats.answerTokens.p50.value);
        out += row(r);
    }
    return out;
}

QString CsvReport::requests(const RunStore& store, const RunData& run, QString* error)
{
    QString out = row({QStringLiteral("step"), QStringLiteral("phase"), QStringLiteral("load"),
        QStringLiteral("request"), QStringLiteral("response_id"), QStringLiteral("user"), QStringLiteral("warmup"),
        QStringLiteral("ok"), QStringLiteral("error"), QStringLiteral("http_status"), QStringLiteral("sent_ms"),
        QStringLiteral("ttft_ms"), QStringLiteral("e2el_ms"), QStringLiteral("tpot_ms"),
        QStringLiteral("prompt_tokens"), QStringLiteral("completion_tokens"), QStringLiteral("finish_reason"),
        QStringLiteral("ttfo_ms"), QStringLiteral("reasoning_tokens"), QStringLiteral("model")});
    // Times on the client's clock are put in the server's: latencies × the simulator's speed (1 for a real server).
    const double k = run.timeScale;
    auto scaled = [k](const std::optional<double>& v) { return v ? *v * k : NAN; };
    // Send times count from the first step's start, in real time: a timeline, not a latency.
    const std::int64_t t0 = run.steps.empty() ? 0 : run.steps.front().startNs;
    for (const StepData& s : run.steps) {
        QString readError;
        // One request at a time: the table is a row a request, not the step's chunks.
        const bool read = store.forEachRequest(
            s.id,
            [&](const RequestRecord& r) {
                const RequestLatencies l = RequestLatencies::of(r);
                const double ttft = scaled(l.ttftMs);
                const double e2el = r.ok() ? scaled(l.e2elMs) : NAN;
                const double tpot = r.ok() ? scaled(l.tpotMs) : NAN;
                out += row({QString::number(s.index), phaseName(s.phase), s.loadText(), QString::number(r.id),
                    serverText(QString::fromUtf8(r.responseId)), QString::number(r.user),
                    r.warmup ? QStringLiteral("1") : QStringLiteral("0"),
                    r.ok() ? QStringLiteral("1") : QStringLiteral("0"), errorClassName(r.error),
                    QString::number(r.httpStatus), number(double(r.sentNs - t0) / 1e6), number(ttft), number(e2el),
                    number(tpot), QString::number(r.promptTokens), QString::number(r.completionTokens),
                    serverText(r.finishReason), number(scaled(l.ttfoMs)),
                    r.reasoningTokens >= 0 ? QString::number(r.reasoningTokens) : QString(), serverText(r.model)});
            },
            &readError);
        if (!read) {
            if (error)
                *error = readError;
            return {};
        }
    }
    return out;
}

} // namespace kp::core
