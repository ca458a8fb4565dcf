// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/serverwatch.h"

#include "core/common/monotonicclock.h"
#include "core/net/replylimit.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

#include <algorithm>

namespace kp::core {

namespace {

constexpr int kFirstDelayMs = 250;
constexpr int kLongestDelayMs = 4000;

QString whyNoAnswer(QNetworkReply::NetworkError error, const QString& text)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("connection refused");
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("the connection was closed without an answer");
    case QNetworkReply::HostNotFoundError:
        return QStringLiteral("the host name does not resolve");
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError:
        return QStringLiteral("no answer within %1 s").arg(ServerWatch::kProbeTimeoutMs / 1000);
    default:
        return text;
    }
}

} // namespace

ServerWatch::ServerWatch(const LoadTarget& target, QObject* parent)
    : QObject(parent)
    , m_target(target)
    , m_manager(new QNetworkAccessManager(this))
    , m_retry(new QTimer(this))
    , m_path(QStringLiteral("/health"))
{
    m_retry->setSingleShot(true);
    // Never early: the probe due at the deadline must come at or after it, or one more would follow.
    m_retry->setTimerType(Qt::PreciseTimer);
    // The bearer token rides on /v1/models: a redirect is followed to the same origin only.
    m_manager->setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
    connect(m_retry, &QTimer::timeout, this, &ServerWatch::probe);
}

void ServerWatch::check()
{
    if (m_mode != Mode::Idle)
        return;
    m_mode = Mode::Checking;
    probe();
}

void ServerWatch::waitForReturn(std::int64_t deadlineNs)
{
    stop();
    m_mode = Mode::Waiting;
    m_deadlineNs = deadlineNs;
    m_delayMs = kFirstDelayMs;
    m_probes = 0;
    m_lastFailure.clear();
    probe();
}

void ServerWatch::stop()
{
    m_retry->stop();
    if (m_inFlight) {
        m_inFlight->disconnect(this);
        m_inFlight->abort();
        m_inFlight->deleteLater();
    }
    m_inFlight = nullptr;
    m_mode = Mode::Idle;
}

void ServerWatch::probe()
{
    QNetworkRequest request(m_target.endpoint(m_path));
    request.setTransferTimeout(kProbeTimeoutMs);
    // A fresh connection each time: a kept-alive one to the server that died would only fail again.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setRawHeader("Connection", "close");
    if (!m_target.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_target.apiKey);
    m_target.applyTls(request);
    QNetworkReply* reply = m_manager->get(request);
    replylimit::apply(reply, 1 << 20);
    m_inFlight = reply;
    ++m_probes;
    connect(reply, &QNetworkReply::finished, this, [this, reply] { onAnswer(reply); });
}

void ServerWatch::onAnswer(QNetworkReply* reply)
{
    m_inFlight = nullptr;
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString failure = status > 0 ? QStringLiteral("%1 answered HTTP %2").arg(m_path).arg(status)
                                       : whyNoAnswer(reply->error(), reply->errorString());
    if (m_mode == Mode::Checking) {
        m_mode = Mode::Idle;
        Q_EMIT checked(status > 0, status > 0 ? QString() : failure);
        return;
    }
    if (m_mode != Mode::Waiting)
        return;
    // A server without /health answers 404 there; /v1/models, which every OpenAI-compatible server has, says then.
    if (status == 404 && m_path == u"/health") {
        m_path = QStringLiteral("/v1/models");
        probe();
        return;
    }
    const bool back = m_path == u"/health" ? status > 0 && status < 500 : status >= 200 && status < 300;
    if (back) {
        m_mode = Mode::Idle;
        Q_EMIT returned(monotonicNowNs(), m_probes);
        return;
    }
    m_lastFailure = failure;
    const std::int64_t now = monotonicNowNs();
    if (now >= m_deadlineNs) {
        m_mode = Mode::Idle;
        Q_EMIT gaveUp(m_probes, m_lastFailure);
        return;
    }
    // Never past the deadline: one last probe at it, so that a server back just in time is seen.
    const std::int64_t leftMs = (m_deadlineNs - now + 999'999) / 1'000'000;
    m_retry->start(int(std::clamp<std::int64_t>(std::min<std::int64_t>(m_delayMs, leftMs), 0, kLongestDelayMs)));
    m_delayMs = std::min(kLongestDelayMs, m_delayMs * 2);
}

} // namespace kp::core
