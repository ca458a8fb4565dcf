// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadtarget.h"
#include "core/server/serverfacts.h"
#include "core/store/runstore.h"

#include <QObject>
#include <QPointer>

#include <vector>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace kp::core {

/// Scrapes the server's /metrics every interval while a step runs, keeping each scrape as a time-series sample.
/// A scrape that fails is skipped and counted; the run never waits on it.
class MetricsScraper : public QObject
{
    Q_OBJECT
public:
    MetricsScraper(const LoadTarget& target, int intervalMs, QObject* parent = nullptr);

    void start();
    /// Stops, after one last scrape so the step's counters have an end point.
    std::vector<StoredMetricsSample> stop();
    int failures() const { return m_failures; }

Q_SIGNALS:
    /// Each scrape as it is kept, for live views; the step's series still comes from stop().
    void sampled(const kp::core::MetricsSample& sample);

private:
    void scrape(bool last);

    LoadTarget m_target;
    QNetworkAccessManager* m_manager;
    QTimer* m_timer;
    std::vector<StoredMetricsSample> m_samples;
    int m_failures = 0;
    QPointer<QNetworkReply> m_inFlight;
};

} // namespace kp::core
