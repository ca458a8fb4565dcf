// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/serverendpoint.h"
#include "core/net/httpclient.h"
#include "core/server/serverfacts.h"
#include "core/store/runstore.h"

#include <QObject>
#include <QPointer>

#include <vector>

class QTimer;

namespace kp::core {

/// Scrapes the server's /metrics every interval while a step runs, keeping each scrape as a time-series sample.
/// A scrape that fails is skipped and counted; the run never waits on it. Each goes as every other request to the
/// server does (HttpClient): with its API key, which a gateway in front of /metrics may ask for, and its TLS settings.
class MetricsScraper : public QObject
{
    Q_OBJECT
public:
    MetricsScraper(const ServerEndpoint& target, int intervalMs, QObject* parent = nullptr);

    void start();
    /// Stops, after one last scrape so the step's counters have an end point.
    std::vector<StoredMetricsSample> stop();
    int failures() const { return m_failures; }

Q_SIGNALS:
    /// Each scrape as it is kept, for live views; the step's series still comes from stop().
    void sampled(const kp::core::MetricsSample& sample);

private:
    void scrape(bool last);
    void take(const HttpAnswer& answer, std::int64_t askedNs);

    ServerEndpoint m_target;
    HttpClient m_client;
    QTimer* m_timer;
    std::vector<StoredMetricsSample> m_samples;
    int m_failures = 0;
    QPointer<HttpExchange> m_inFlight;
};

} // namespace kp::core
