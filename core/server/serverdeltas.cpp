// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/server/serverdeltas.h"

#include "core/server/serverfacts.h"

#include <algorithm>

namespace kp::core {

ServerDeltas ServerDeltas::of(
    const std::vector<StoredMetricsSample>& stored, std::int64_t heldFromNs, std::int64_t heldToNs)
{
    ServerDeltas d;
    d.samples = int(stored.size());
    const bool held = heldFromNs >= 0 && heldToNs >= heldFromNs;
    if (held)
        d.loadHeldMs = double(heldToNs - heldFromNs) / 1e6;
    if (stored.empty())
        return d;
    std::vector<MetricsSample> samples;
    samples.reserve(stored.size());
    for (const StoredMetricsSample& s : stored)
        samples.push_back(MetricsSample::fromJson(s.values));
    // Summed pairwise, so that a restart in the middle costs only the interval it happened in.
    auto total = [&d, &samples](double MetricsSample::*field) {
        double sum = 0;
        bool seen = false;
        for (std::size_t i = 1; i < samples.size(); ++i) {
            const double before = samples[i - 1].*field;
            const double after = samples[i].*field;
            if (before < 0 || after < 0)
                continue;
            const CounterDelta delta = counterDelta(before, after);
            d.counterReset = d.counterReset || delta.reset;
            sum += delta.value;
            seen = true;
        }
        return seen ? sum : -1.0;
    };
    d.preemptions = total(&MetricsSample::preemptions);
    d.generationTokens = total(&MetricsSample::generationTokens);
    d.promptTokens = total(&MetricsSample::promptTokens);
    d.requestsSucceeded = total(&MetricsSample::requestsSucceeded);
    d.prefixCacheQueries = total(&MetricsSample::prefixCacheQueries);
    d.prefixCacheHits = total(&MetricsSample::prefixCacheHits);
    d.specDrafts = total(&MetricsSample::specDrafts);
    d.specDraftTokens = total(&MetricsSample::specDraftTokens);
    d.specAcceptedTokens = total(&MetricsSample::specAcceptedTokens);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (held && (stored[i].ns < heldFromNs || stored[i].ns > heldToNs))
            continue;
        ++d.samplesUnderLoad;
        const MetricsSample& s = samples[i];
        d.peakRunning = std::max(d.peakRunning, s.running);
        d.peakWaiting = std::max(d.peakWaiting, s.waiting);
        d.peakKvUsage = std::max(d.peakKvUsage, s.kvUsage);
    }
    return d;
}

QJsonObject ServerDeltas::toJson() const
{
    QJsonObject o {{QStringLiteral("samples"), samples}, {QStringLiteral("samples_under_load"), samplesUnderLoad},
        {QStringLiteral("counter_reset"), counterReset}};
    auto put = [&o](const char* key, double v) {
        if (v >= 0)
            o.insert(QLatin1String(key), v);
    };
    put("preemptions", preemptions);
    put("generation_tokens", generationTokens);
    put("prompt_tokens", promptTokens);
    put("requests_succeeded", requestsSucceeded);
    put("prefix_cache_queries", prefixCacheQueries);
    put("prefix_cache_hits", prefixCacheHits);
    put("spec_drafts", specDrafts);
    put("spec_draft_tokens", specDraftTokens);
    put("spec_accepted_tokens", specAcceptedTokens);
    put("spec_acceptance_rate", specAcceptanceRate());
    put("spec_tokens_per_step", specTokensPerStep());
    put("peak_running", peakRunning);
    put("peak_waiting", peakWaiting);
    put("peak_kv_usage", peakKvUsage);
    return o;
}

QString ServerDeltas::note(const QString& load) const
{
    QStringList parts;
    if (counterReset)
        parts << QStringLiteral("the server's counters went back to zero: it restarted during the step");
    if (preemptions > 0 && peakKvUsage >= 0)
        parts << (preemptions == 1 ? QStringLiteral("%1 preemption (KV cache full, peak %2%)")
                                   : QStringLiteral("%1 preemptions (KV cache full, peak %2%)"))
                     .arg(preemptions)
                     .arg(100 * peakKvUsage, 0, 'f', 0);
    else if (preemptions > 0)
        parts << (preemptions == 1 ? QStringLiteral("1 preemption (KV cache full)")
                                   : QStringLiteral("%1 preemptions (KV cache full)").arg(preemptions));
    if (specAcceptanceRate() >= 0) {
        QString spec = QStringLiteral("%1% of %2 drafted tokens accepted")
                           .arg(100 * specAcceptanceRate(), 0, 'f', 0)
                           .arg(specDraftTokens, 0, 'f', 0);
        if (specTokensPerStep() >= 0)
            spec += QStringLiteral(" (%1 tokens per step)").arg(specTokensPerStep(), 0, 'f', 1);
        parts << spec;
    }
    if (peakWaiting > 0)
        parts << (peakWaiting == 1 ? QStringLiteral("up to 1 request queued")
                                   : QStringLiteral("up to %1 requests queued").arg(peakWaiting));
    if (parts.isEmpty())
        return {};
    return QStringLiteral("At %1 the server reports %2.").arg(load, parts.join(QStringLiteral("; ")));
}

} // namespace kp::core
