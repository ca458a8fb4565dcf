// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/metricsscraper.h"

#include "core/common/monotonicclock.h"
#include "core/net/prometheustext.h"
#include "core/server/serverfacts.h"

#include <QTimer>

#include <algorithm>

namespace kp::core {

namespace {

// A busy vLLM's /metrics is a few hundred KB; a scrape past this is no exposition the analysis can use, and the
// client's memory must not follow the server's.
constexpr qint64 kMaxScrapeBytes = qint64(16) << 20;
// The closing scrape is waited for this long, so that a step ends with its counters read.
constexpr int kLastScrapeMs = 2000;

HttpClient::Settings scrapeSettings(const ServerEndpoint& target, int intervalMs)
{
    // Bounded by the interval: a scrape later than the next one is due would say nothing about its moment.
    HttpClient::Settings s = target.httpSettings(std::max(1000, 2 * intervalMs), nullptr);
    s.maxBytes = kMaxScrapeBytes;
    return s;
}

} // namespace

MetricsScraper::MetricsScraper(const ServerEndpoint& target, int intervalMs, QObject* parent)
    : QObject(parent)
    , m_target(target)
    , m_client(scrapeSettings(target, std::max(100, intervalMs)))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(std::max(100, intervalMs));
    connect(m_timer, &QTimer::timeout, this, [this] { scrape(false); });
}

void MetricsScraper::start()
{
    m_samples.clear();
    m_failures = 0;
    scrape(false);
    m_timer->start();
}

std::vector<StoredMetricsSample> MetricsScraper::stop()
{
    m_timer->stop();
    if (m_inFlight)
        m_inFlight->abort(); // its answer would land in the next step's series
    m_inFlight = nullptr;
    scrape(true);
    return std::exchange(m_samples, {});
}

void MetricsScraper::scrape(bool last)
{
    if (m_inFlight && !last)
        return; // the previous scrape is still out: a slow server is not asked twice
    QUrl url = m_target.baseUrl;
    url.setPath(m_target.rootPath() + QStringLiteral("/metrics"));
    // The sample is dated when it was asked, not answered: the server's state is of a moment after it, so a scrape
    // asked before a step's load was held cannot pass for one taken under it (ServerDeltas' peaks).
    const std::int64_t askedNs = monotonicNowNs();
    if (last) {
        take(m_client.send(HttpClient::Request::get(url, kLastScrapeMs)), askedNs);
        return;
    }
    m_inFlight = m_client.start(HttpClient::Request::get(url));
    connect(m_inFlight, &HttpExchange::answered, this, [this, askedNs](const HttpAnswer& answer) {
        m_inFlight = nullptr;
        take(answer, askedNs);
    });
}

void MetricsScraper::take(const HttpAnswer& answer, std::int64_t askedNs)
{
    if (!answer.ok()) {
        ++m_failures;
        return;
    }
    const MetricsSample sample = MetricsSample::from(PrometheusText::parse(answer.body), askedNs);
    m_samples.push_back({askedNs, sample.toJson()});
    Q_EMIT sampled(sample);
}

} // namespace kp::core
