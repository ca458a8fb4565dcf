// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>

class QNetworkRequest;

namespace kp::core {

/// Asks work on another thread to stop: cancel() from any thread, and the HttpClient waiting there, or the job
/// between its steps, sees it within 50 ms.
class Cancellation
{
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled {false};
};

/// One HTTP exchange, whole: either a status with its body or, when no HTTP answer came, a sentence why.
struct HttpAnswer
{
    int status = 0; ///< 0: no HTTP answer (see failure)
    QByteArray body;
    QByteArray contentType;
    QList<QPair<QByteArray, QByteArray>> headers; ///< every response header, as sent
    QString failure; ///< why there is no answer, in words: refused, timed out, too large, redirected away, …
    double ms = -1; ///< from the request to the end of the answer
    double firstByteMs = -1; ///< to the answer's first body byte
    bool timedOut = false;
    bool cancelled = false;
    bool redirectedAway = false; ///< a redirect to another origin, not followed

    bool answered() const { return status > 0; }
    bool ok() const { return status >= 200 && status < 300; }
    QJsonObject json() const;
    /// A response header by its name (any case), empty when absent.
    QByteArray header(const QByteArray& name) const;
};

/// The client for every request that is not the load engine's hot path: the doctor's checks, /tokenize, the round
/// trips to /health, the clock's Date, the hub's config.json. Each request is whole (its body read, at most
/// `maxBytes`) and waited for on the calling thread, within `timeoutMs`; one client reuses its connections, as a
/// run would.
///
/// The rules live here once: HTTP/1.1 as the load engine speaks it; the bearer token on every request, and a
/// redirect followed only to the same scheme, host and port, so that the token never reaches another origin (one
/// elsewhere is a failure that names where it pointed); TLS as the caller sets it; a body past `maxBytes` aborted,
/// not held; and a Cancellation that ends the wait.
class HttpClient
{
public:
    struct Settings
    {
        QByteArray bearerToken; ///< sent as Authorization: Bearer, when not empty
        int timeoutMs = 10'000; ///< for each request, to its last byte
        qint64 maxBytes = qint64(16) << 20;
        QByteArray userAgent; ///< empty: Qt's
        std::function<void(QNetworkRequest&)> tls; ///< the server's TLS settings (LoadTarget::applyTls)
        const Cancellation* cancellation = nullptr; ///< outlives the client
    };

    explicit HttpClient(Settings settings);
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    HttpAnswer get(const QUrl& url);
    HttpAnswer post(
        const QUrl& url, const QByteArray& body, const QByteArray& contentType = QByteArrayLiteral("application/json"));
    HttpAnswer post(const QUrl& url, const QJsonObject& json);

    const Settings& settings() const { return m_settings; }

private:
    HttpAnswer send(const QUrl& url, const QByteArray* body, const QByteArray& contentType);
    /// The request again, on a connection of its own read by HttpResponseReader: Qt's HTTP client takes an interim
    /// answer (103 Early Hints) for the answer itself, where HTTP says the real one follows, and the load engine reads
    /// past it. `budgetMs` is what is left of the request's timeout.
    HttpAnswer sendPastInterim(const QUrl& url, const QByteArray* body, const QByteArray& contentType, int budgetMs);

    Settings m_settings;
    QNetworkAccessManager m_manager;
};

} // namespace kp::core
