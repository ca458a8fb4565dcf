// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/serverwatch.h"

#include "core/common/monotonicclock.h"

#include <QTimer>

#include <algorithm>

namespace kp::core {

namespace {

constexpr int kFirstDelayMs = 250;
constexpr int kLongestDelayMs = 4000;
// A health answer or a model list: a few KB.
constexpr qint64 kMaxProbeBytes = qint64(1) << 20;

HttpClient::Settings probeSettings(const ServerEndpoint& target)
{
    HttpClient::Settings s = target.httpSettings(ServerWatch::kProbeTimeoutMs, nullptr);
    s.maxBytes = kMaxProbeBytes;
    return s;
}

} // namespace

ServerWatch::ServerWatch(const ServerEndpoint& target, QObject* parent)
    : QObject(parent)
    , m_target(target)
    , m_client(probeSettings(target))
    , m_retry(new QTimer(this))
    , m_path(QStringLiteral("/health"))
{
    m_retry->setSingleShot(true);
    // Never early: the probe due at the deadline must come at or after it, or one more would follow.
    m_retry->setTimerType(Qt::PreciseTimer);
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
    if (m_inFlight)
        m_inFlight->abort();
    m_inFlight = nullptr;
    m_mode = Mode::Idle;
}

void ServerWatch::probe()
{
    HttpClient::Request request = HttpClient::Request::get(m_target.endpoint(m_path));
    // A fresh connection each time: a kept-alive one to the server that died would only fail again.
    request.freshConnection = true;
    m_inFlight = m_client.start(request);
    ++m_probes;
    connect(m_inFlight, &HttpExchange::answered, this, &ServerWatch::onAnswer);
}

void ServerWatch::onAnswer(const HttpAnswer& answer)
{
    m_inFlight = nullptr;
    // A redirect to another origin is not followed (the key stays with the server), but it is an answer: the server
    // is there, as any 3xx says.
    const int status = answer.answered() ? answer.status : answer.redirectedAway ? 300 : 0;
    const QString failure
        = answer.answered() ? QStringLiteral("%1 answered HTTP %2").arg(m_path).arg(status) : answer.failure;
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
