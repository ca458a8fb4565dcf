// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/metricsscraper.h"

#include "core/common/monotonicclock.h"
#include "core/net/prometheustext.h"
#include "core/net/replylimit.h"
#include "core/server/serverfacts.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace kp::core {

MetricsScraper::MetricsScraper(const LoadTarget& target, int intervalMs, QObject* parent)
    : QObject(parent)
    , m_target(target)
    , m_manager(new QNetworkAccessManager(this))
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(std::max(100, intervalMs));
    // The API key rides on every scrape: a redirect is followed to the same origin only.
    m_manager->setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
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
    if (m_inFlight) {
        m_inFlight->disconnect(this); // its answer would land in the next step's series
        m_inFlight->abort();
    }
    scrape(true);
    return std::exchange(m_samples, {});
}

void MetricsScraper::scrape(bool last)
{
    if (m_inFlight && !last)
        return; // the previous scrape is still out: a slow server is not asked twice
    QUrl url = m_target.baseUrl;
    url.setPath(m_target.rootPath() + QStringLiteral("/metrics"));
    QNetworkRequest request(url);
    request.setTransferTimeout(std::max(1000, int(m_timer->interval()) * 2));
    m_target.applyTls(request);
    // The sample is dated when it was asked, not answered: the server's state is of a moment after it, so a scrape
    // asked before a step's load was held cannot pass for one taken under it (ServerDeltas' peaks).
    const std::int64_t askedNs = monotonicNowNs();
    QNetworkReply* reply = m_manager->get(request);
    // A busy vLLM's /metrics is a few hundred KB; a scrape past this is no exposition the analysis can use, and
    // the client's memory must not follow the server's.
    replylimit::apply(reply, 16 * 1024 * 1024);
    m_inFlight = reply;
    auto done = [this, reply, askedNs] {
        m_inFlight = nullptr;
        reply->deleteLater();
        if (reply->error() != QNetworkReply::NoError) {
            ++m_failures;
            return;
        }
        const MetricsSample sample = MetricsSample::from(PrometheusText::parse(reply->readAll()), askedNs);
        m_samples.push_back({askedNs, sample.toJson()});
        Q_EMIT sampled(sample);
    };
    if (!last) {
        connect(reply, &QNetworkReply::finished, this, done);
        return;
    }
    // The closing scrape is waited for, briefly, so that the step ends with its counters read.
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(2000, &loop, &QEventLoop::quit);
    loop.exec();
    if (reply->isFinished())
        done();
    else {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
        m_inFlight = nullptr;
        ++m_failures;
    }
}

} // namespace kp::core
