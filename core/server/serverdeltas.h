// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/server/storedmetricssample.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace kp::core {

/// What the server's own counters say about one step: the difference between the first and the last /metrics
/// scrape taken during it, and the peaks of its gauges while the client held the step's load.
struct ServerDeltas
{
    double preemptions = -1; ///< -1: not visible
    double generationTokens = -1;
    double promptTokens = -1;
    double requestsSucceeded = -1;
    double prefixCacheQueries = -1; ///< prompt tokens looked up in the prefix cache during the step
    double prefixCacheHits = -1; ///< of which found there
    double specDrafts = -1; ///< speculative decoding: drafts proposed during the step
    double specDraftTokens = -1; ///< the tokens they held
    double specAcceptedTokens = -1; ///< of which the target model accepted
    /// The gauges' peaks (-1: not visible) are read from the scrapes asked while the step's full load was held only.
    /// One asked before the requests were sent or after they ended shows an idle server, and a step shorter than the
    /// scrape interval has no other: its peaks would say the server saw none of its users.
    double peakRunning = -1;
    double peakWaiting = -1;
    double peakKvUsage = -1;
    bool counterReset = false; ///< a counter went down: the server restarted during the step
    int samples = 0;
    int samplesUnderLoad = 0; ///< of which asked while the full load was held: the ones the peaks are of
    double loadHeldMs = -1; ///< how long the full load was held, when given

    /// prefixCacheHits / prefixCacheQueries, or -1 when the server does not count them or nothing was looked up.
    double prefixCacheHitRate() const
    {
        return prefixCacheQueries > 0 && prefixCacheHits >= 0 ? prefixCacheHits / prefixCacheQueries : -1;
    }

    /// specAcceptedTokens / specDraftTokens: the share of drafted tokens accepted, or -1 when the server counts no
    /// speculation or drafted nothing.
    double specAcceptanceRate() const
    {
        return specDraftTokens > 0 && specAcceptedTokens >= 0 ? specAcceptedTokens / specDraftTokens : -1;
    }
    /// Tokens one verification step of the target model made: the accepted drafted tokens and its own, 1 +
    /// accepted / drafts (vLLM's "mean acceptance length"); -1 when not counted.
    double specTokensPerStep() const
    {
        return specDrafts > 0 && specAcceptedTokens >= 0 ? 1 + specAcceptedTokens / specDrafts : -1;
    }

    /// From a step's stored samples (MetricsSample JSON), in time order. The full load was held from `heldFromNs` to
    /// `heldToNs` (StepStatistics' window); both negative: every scrape counts for the peaks.
    static ServerDeltas of(
        const std::vector<StoredMetricsSample>& stored, std::int64_t heldFromNs = -1, std::int64_t heldToNs = -1);
    QJsonObject toJson() const;
    /// One line for the summary, empty when there is nothing worth saying.
    QString note(const QString& load) const;
};

} // namespace kp::core
