// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/serverendpoint.h"
#include "core/net/httpclient.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <cstdint>

class QTimer;

namespace kp::core {

/// Tells a server that went away from one that is only busy, and waits for one that went away to come back.
///
/// Requests refused at the connection, or closed before any answer, can mean a dead server or one that shed a
/// connection; the server's own /health tells them apart. check() asks it once: any HTTP answer means the server is
/// there, busy or not. waitForReturn() asks again and again, with back-off (250 ms, doubling up to 4 s), until
/// /health answers below 500 (a server still loading its model says 503), or /v1/models answers 2xx on a server
/// without /health, or the deadline passes. Asynchronous, on its own HttpClient and a fresh connection each time: the
/// run's thread never blocks on a dead server, and the load engine keeps its connections.
class ServerWatch : public QObject
{
    Q_OBJECT
public:
    explicit ServerWatch(const ServerEndpoint& target, QObject* parent = nullptr);

    /// One /health probe; checked() follows. Ignored while a probe is out.
    void check();
    /// Probes with back-off until the server answers or `deadlineNs` (monotonic) passes; returned() or gaveUp()
    /// follows, once. A deadline already past gives up after one probe.
    void waitForReturn(std::int64_t deadlineNs);
    /// Drops a probe in flight and any wait; no signal follows.
    void stop();

    bool isChecking() const { return m_mode == Mode::Checking; }
    bool isWaiting() const { return m_mode == Mode::Waiting; }
    /// How long each probe may take, in ms.
    static constexpr int kProbeTimeoutMs = 3000;

Q_SIGNALS:
    /// `answered`: the server gave an HTTP answer to /health (any status); else `failure` says why not.
    void checked(bool answered, const QString& failure);
    /// The server answers again: `backNs` is when the answer came (monotonic), after `probes` probes.
    void returned(std::int64_t backNs, int probes);
    /// The deadline passed without an answer; `lastFailure` is the last probe's.
    void gaveUp(int probes, const QString& lastFailure);

private:
    enum class Mode { Idle, Checking, Waiting };
    void probe();
    void onAnswer(const HttpAnswer& answer);

    ServerEndpoint m_target;
    HttpClient m_client;
    QTimer* m_retry;
    QPointer<HttpExchange> m_inFlight;
    Mode m_mode = Mode::Idle;
    std::int64_t m_deadlineNs = 0;
    int m_delayMs = 0;
    int m_probes = 0;
    QString m_path;
    QString m_lastFailure;
};

} // namespace kp::core
