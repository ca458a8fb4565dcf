// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPair>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QNetworkReply;
class QNetworkRequest;
class QSslSocket;
class QTimer;

namespace kp::core {

class HttpResponseReader;

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
    /// Why the answer is not a success, in words: the failure, or "HTTP 404"; empty when ok().
    QString why() const;
};

class HttpExchange;

/// The client for every request that is not the load engine's hot path: the doctor's checks, /tokenize, the round
/// trips to /health, the clock's Date, the hub's config.json, the /metrics scrapes, the watch on a server that went
/// away, the DCGM exporter, a launched server's start-up probes and the quality check's questions. Each request is
/// whole (its body read, at most `maxBytes`) and bounded in time; start() answers on the calling thread's event loop,
/// send() waits for it there. One client reuses its connections, as a run would.
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
        std::function<void(QNetworkRequest&)> tls; ///< the server's TLS settings (ServerEndpoint::applyTls)
        const Cancellation* cancellation = nullptr; ///< outlives the client
    };

    /// One request: a GET, or a POST when it has a body. What it leaves at zero is the client's setting.
    struct Request
    {
        QUrl url;
        std::optional<QByteArray> body;
        QByteArray contentType = QByteArrayLiteral("application/json");
        int timeoutMs = 0;
        qint64 maxBytes = 0;
        /// Connection: close, and never a kept-alive connection: a probe of a server that may have gone away, where
        /// an old connection would only fail again.
        bool freshConnection = false;

        static Request get(const QUrl& url, int timeoutMs = 0);
        static Request post(const QUrl& url, const QJsonObject& json, int timeoutMs = 0);
    };

    explicit HttpClient(Settings settings);
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    /// Sends `request` and returns at once. The exchange's answered() comes once, on this thread's event loop and
    /// never before start() returns; the exchange then deletes itself. It belongs to the client: destroying the
    /// client ends the exchanges still out, without an answer.
    HttpExchange* start(const Request& request);
    /// `request`, waited for on the calling thread's event loop.
    HttpAnswer send(const Request& request);
    HttpAnswer get(const QUrl& url);
    HttpAnswer post(
        const QUrl& url, const QByteArray& body, const QByteArray& contentType = QByteArrayLiteral("application/json"));
    HttpAnswer post(const QUrl& url, const QJsonObject& json);

    const Settings& settings() const { return m_settings; }

private:
    friend class HttpExchange;
    /// Qt's kept-alive connections are dropped once no exchange is out: one of them holds the rest of an answer
    /// read past (an interim answer's).
    void dropConnectionsWhenIdle();
    void exchangeEnded();

    Settings m_settings;
    QNetworkAccessManager m_manager;
    int m_out = 0; ///< exchanges begun and not yet ended
    bool m_dropWhenIdle = false;
};

/// One request in flight on an HttpClient (HttpClient::start).
class HttpExchange : public QObject
{
    Q_OBJECT
public:
    ~HttpExchange() override;
    /// Ends the exchange without an answer: answered() does not follow, and the exchange deletes itself.
    void abort();

Q_SIGNALS:
    void answered(const kp::core::HttpAnswer& answer);

private:
    friend class HttpClient;
    HttpExchange(HttpClient& client, HttpClient::Request request);

    void begin();
    void replyFinished();
    /// The request again, on a connection of its own read by HttpResponseReader: Qt's HTTP client takes an interim
    /// answer (103 Early Hints) for the answer itself, where HTTP says the real one follows, and the load engine reads
    /// past it. It has what is left of the request's time.
    void askPastInterim();
    void interimRetryEnded(const QString& socketError);
    /// Ends the wait early: the deadline passed, or the client's Cancellation was cancelled.
    void endEarly(bool cancelled);
    /// Stops the timers and drops the connection: nothing more of this exchange arrives.
    void halt();
    void answer();

    HttpClient& m_client;
    HttpClient::Request m_request;
    HttpAnswer m_answer;
    QElapsedTimer m_clock;
    QNetworkReply* m_reply = nullptr; ///< a child: Qt's request, until it ends
    QTimer* m_deadline;
    QTimer* m_watch = nullptr; ///< polls the Cancellation every 50 ms
    QSslSocket* m_socket = nullptr; ///< a child: the request asked again past an interim answer
    std::unique_ptr<HttpResponseReader> m_reader;
    bool m_pastInterim = false;
    bool m_tooLarge = false;
    bool m_ended = false;
    bool m_counted = false; ///< in the client's count of exchanges out
};

} // namespace kp::core
