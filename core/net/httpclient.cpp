// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/httpclient.h"

#include "core/net/httpresponsereader.h"
#include "core/net/replylimit.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QSslSocket>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace kp::core {

namespace {

double elapsedMs(const QElapsedTimer& clock)
{
    return double(clock.nsecsElapsed()) / 1e6;
}

// What has arrived, at most `room` bytes: QIODevice::read(n) allocates n bytes first, and an 8 MiB buffer for each
// answer of a few hundred bytes cost the sanitized build 20 ms a request.
QByteArray readBounded(QIODevice& device, qint64 room)
{
    return device.read(std::clamp<qint64>(device.bytesAvailable(), 0, std::max<qint64>(0, room)));
}

// A time limit as a person reads it: "300 ms", "3 s", "120 s".
QString formatMs(double ms)
{
    if (ms >= 1000)
        return QString::number(ms / 1000, 'g', 4) + QStringLiteral(" s");
    return QString::number(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0) + QStringLiteral(" ms");
}

QString origin(const QUrl& url)
{
    const QString host = url.host();
    const int port = url.port(url.scheme() == u"https" ? 443 : 80);
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

QString sizeText(qint64 bytes)
{
    return bytes >= qint64(1) << 20 ? QStringLiteral("%1 MiB").arg(bytes >> 20)
                                    : QStringLiteral("%1 KiB").arg(bytes >> 10);
}

QString transportFailure(QNetworkReply::NetworkError error, const QString& text)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return QStringLiteral("the connection was refused");
    case QNetworkReply::RemoteHostClosedError:
        return QStringLiteral("the server closed the connection without answering");
    case QNetworkReply::HostNotFoundError:
        return QStringLiteral("the host name does not resolve");
    case QNetworkReply::TimeoutError:
        return QStringLiteral("the connection timed out");
    case QNetworkReply::SslHandshakeFailedError: {
        // Qt's text starts with what the sentence already says.
        const qsizetype colon = text.indexOf(u':');
        const QString why
            = text.startsWith(u"SSL handshake failed") && colon > 0 ? text.mid(colon + 1).trimmed() : text;
        return QStringLiteral("the TLS handshake failed (%1): if the server's certificate is the reason, pass the CA "
                              "that signed it with --ca-file, or, only on a network you trust, --insecure")
            .arg(why);
    }
    default:
        return text;
    }
}

} // namespace

QJsonObject HttpAnswer::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray HttpAnswer::header(const QByteArray& name) const
{
    for (const auto& [key, value] : headers)
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

QString HttpAnswer::why() const
{
    if (ok())
        return {};
    return answered() ? QStringLiteral("HTTP %1").arg(status) : failure;
}

HttpClient::Request HttpClient::Request::get(const QUrl& url, int timeoutMs)
{
    Request r;
    r.url = url;
    r.timeoutMs = timeoutMs;
    return r;
}

HttpClient::Request HttpClient::Request::post(const QUrl& url, const QJsonObject& json, int timeoutMs)
{
    Request r = get(url, timeoutMs);
    r.body = QJsonDocument(json).toJson(QJsonDocument::Compact);
    return r;
}

HttpClient::HttpClient(Settings settings)
    : m_settings(std::move(settings))
{ }

HttpClient::~HttpClient() = default;

HttpExchange* HttpClient::start(const Request& request)
{
    auto* exchange = new HttpExchange(*this, request);
    // Begun from the event loop, so that whoever connects to answered() after start() returns hears it.
    QMetaObject::invokeMethod(exchange, &HttpExchange::begin, Qt::QueuedConnection);
    return exchange;
}

HttpAnswer HttpClient::send(const Request& request)
{
    std::optional<HttpAnswer> answer;
    QEventLoop loop;
    const QPointer<HttpExchange> exchange = start(request);
    QObject::connect(exchange, &HttpExchange::answered, &loop, [&](const HttpAnswer& a) {
        answer = a;
        loop.quit();
    });
    loop.exec();
    if (answer)
        return *answer;
    // The loop ended without the answer: the thread is quitting (QThread::quit ends every loop on it, and each one
    // after at once), as when the window closes during a run. The request is dropped and said cancelled.
    if (exchange)
        exchange->abort();
    HttpAnswer cancelled;
    cancelled.cancelled = true;
    cancelled.failure = QStringLiteral("cancelled");
    return cancelled;
}

void HttpClient::dropConnectionsWhenIdle()
{
    m_dropWhenIdle = true;
    // Clearing Qt's connection cache stops its HTTP thread, and every request still on it with the thread: with
    // others out, the connections go once the last of them ends (a request begun meanwhile may meet the spoilt one,
    // and fails as any closed connection does).
    if (m_out == 0)
        exchangeEnded();
}

void HttpClient::exchangeEnded()
{
    if (m_out > 0)
        --m_out;
    if (m_out == 0 && m_dropWhenIdle) {
        m_dropWhenIdle = false;
        // From the event loop, not from inside the signal of the reply that just ended.
        QTimer::singleShot(0, &m_manager, [manager = &m_manager] { manager->clearConnectionCache(); });
    }
}

HttpAnswer HttpClient::get(const QUrl& url)
{
    return send(Request::get(url));
}

HttpAnswer HttpClient::post(const QUrl& url, const QByteArray& body, const QByteArray& contentType)
{
    Request r = Request::get(url);
    r.body = body;
    r.contentType = contentType;
    return send(r);
}

HttpAnswer HttpClient::post(const QUrl& url, const QJsonObject& json)
{
    return send(Request::post(url, json));
}

HttpExchange::HttpExchange(HttpClient& client, HttpClient::Request request)
    : QObject(&client.m_manager)
    , m_client(client)
    , m_request(std::move(request))
    , m_deadline(new QTimer(this))
{
    if (m_request.timeoutMs <= 0)
        m_request.timeoutMs = client.m_settings.timeoutMs;
    if (m_request.maxBytes <= 0)
        m_request.maxBytes = client.m_settings.maxBytes;
    m_deadline->setSingleShot(true);
    connect(m_deadline, &QTimer::timeout, this, [this] { endEarly(false); });
}

HttpExchange::~HttpExchange() = default;

void HttpExchange::abort()
{
    m_ended = true;
    halt();
    deleteLater();
}

void HttpExchange::halt()
{
    if (m_counted) {
        m_counted = false;
        m_client.exchangeEnded();
    }
    m_deadline->stop();
    if (m_watch)
        m_watch->stop();
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

void HttpExchange::begin()
{
    if (m_ended)
        return;
    ++m_client.m_out;
    m_counted = true;
    const HttpClient::Settings& settings = m_client.m_settings;
    m_clock.start();
    if (settings.cancellation && settings.cancellation->isCancelled()) {
        endEarly(true);
        return;
    }
    QNetworkRequest request(m_request.url);
    // HTTP/1.1, as the load engine speaks it.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    // The token goes with every request: a redirect is followed only to the same scheme, host and port, so that it
    // never reaches another origin. One elsewhere is reported with where it pointed.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    if (!settings.bearerToken.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + settings.bearerToken);
    // Uncompressed, as the load engine asks: set, it also turns Qt's own gzip off, so that an answer compressed
    // anyway keeps its Content-Encoding and is named as such rather than passing here and failing in a run.
    request.setRawHeader("Accept-Encoding", "identity");
    if (m_request.freshConnection)
        request.setRawHeader("Connection", "close");
    if (!settings.userAgent.isEmpty())
        request.setHeader(QNetworkRequest::UserAgentHeader, settings.userAgent);
    if (settings.tls)
        settings.tls(request);
    if (m_request.body)
        request.setHeader(QNetworkRequest::ContentTypeHeader, m_request.contentType);

    QNetworkAccessManager& manager = m_client.m_manager;
    // Timed from here, as the blocking client was: the round trips to /health are a run's measure of the network,
    // and building the request is not part of it.
    m_clock.restart();
    m_reply = m_request.body ? manager.post(request, *m_request.body) : manager.get(request);
    m_reply->setParent(this);
    // A server that sends more than any answer asked for here is not answering the question, and memory must not
    // follow it: the reply is aborted at the cap, which ends the exchange.
    replylimit::apply(m_reply, m_request.maxBytes);
    connect(m_reply, &QNetworkReply::readyRead, this, [this] {
        if (m_ended)
            return; // cut at the cap just now, and answered
        if (m_answer.firstByteMs < 0)
            m_answer.firstByteMs = elapsedMs(m_clock);
        m_answer.body += readBounded(*m_reply, m_request.maxBytes + 1 - m_answer.body.size());
    });
    connect(m_reply, &QNetworkReply::finished, this, &HttpExchange::replyFinished);
    // Another thread's cancel() is seen within 50 ms.
    if (settings.cancellation) {
        m_watch = new QTimer(this);
        connect(m_watch, &QTimer::timeout, this, [this] {
            if (m_client.m_settings.cancellation->isCancelled())
                endEarly(true);
        });
        m_watch->start(50);
    }
    m_deadline->start(m_request.timeoutMs);
}

void HttpExchange::endEarly(bool cancelled)
{
    if (m_ended)
        return;
    m_answer.status = 0;
    m_answer.body.clear();
    if (cancelled) {
        m_answer.cancelled = true;
        m_answer.failure = QStringLiteral("cancelled");
    } else {
        m_answer.timedOut = true;
        m_answer.failure = QStringLiteral("no answer within %1").arg(formatMs(m_request.timeoutMs));
    }
    answer();
}

void HttpExchange::replyFinished()
{
    m_answer.ms = elapsedMs(m_clock); // the answer's end, before any of the work below
    QNetworkReply* reply = m_reply;
    HttpAnswer& a = m_answer;
    const qint64 maxBytes = m_request.maxBytes;
    const bool tooLarge = replylimit::wasCut(reply) || a.body.size() > maxBytes;
    if (!tooLarge)
        a.body += readBounded(*reply, maxBytes + 1 - a.body.size());
    a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    a.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toString().toUtf8();
    a.headers = reply->rawHeaderPairs();
    if (tooLarge) {
        a.status = 0;
        a.body.clear();
        a.failure = QStringLiteral("the answer was larger than %1 and was cut off").arg(sizeText(maxBytes));
    } else if (reply->error() == QNetworkReply::InsecureRedirectError || (a.status >= 300 && a.status < 400)) {
        QUrl target = reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
        if (target.isEmpty())
            target = QUrl::fromEncoded(reply->rawHeader("Location"));
        const QUrl to = m_request.url.resolved(target);
        a.failure = QStringLiteral("HTTP %1: a redirect to %2, another origin, not followed so that the API key "
                                   "stays with %3")
                        .arg(a.status)
                        .arg(to.toString(QUrl::RemoveUserInfo), origin(m_request.url));
        a.status = 0;
        a.redirectedAway = true;
    } else if (!a.answered()) {
        a.failure = transportFailure(reply->error(), reply->errorString());
    } else if (a.status >= 100 && a.status < 200 && a.status != 101) {
        // The real answer's bytes are still on Qt's connection: it must not be reused for the next request.
        reply->disconnect(this);
        reply->deleteLater();
        m_reply = nullptr;
        m_client.dropConnectionsWhenIdle();
        askPastInterim();
        return;
    }
    answer();
}

void HttpExchange::askPastInterim()
{
    m_pastInterim = true;
    m_answer = HttpAnswer();
    const QUrl& url = m_request.url;
    const HttpClient::Settings& settings = m_client.m_settings;
    const bool tls = url.scheme() == u"https";
    m_socket = new QSslSocket(this);
    if (tls) {
        // The TLS settings as the caller gave them for Qt's client: the same trust, the same --insecure.
        QNetworkRequest asQt(url);
        if (settings.tls)
            settings.tls(asQt);
        m_socket->setSslConfiguration(asQt.sslConfiguration());
        if (asQt.sslConfiguration().peerVerifyMode() == QSslSocket::VerifyNone)
            m_socket->setPeerVerifyMode(QSslSocket::VerifyNone);
    }
    const QString host = url.host().contains(u':') ? u'[' + url.host() + u']' : url.host();
    QByteArray head = (m_request.body ? "POST " : "GET ") + url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority)
        + " HTTP/1.1\r\nHost: " + host.toUtf8() + ':' + QByteArray::number(url.port(tls ? 443 : 80))
        + "\r\nAccept-Encoding: identity\r\nConnection: close\r\n";
    if (!settings.bearerToken.isEmpty())
        head += "Authorization: Bearer " + settings.bearerToken + "\r\n";
    if (!settings.userAgent.isEmpty())
        head += "User-Agent: " + settings.userAgent + "\r\n";
    if (m_request.body)
        head += "Content-Type: " + m_request.contentType
            + "\r\nContent-Length: " + QByteArray::number(m_request.body->size()) + "\r\n";
    head += "\r\n";
    if (m_request.body)
        head += *m_request.body;
    m_reader = std::make_unique<HttpResponseReader>();
    const auto read = [this] {
        m_reader->feed(m_socket->readAll(), [this](QByteArrayView piece) {
            if (m_answer.firstByteMs < 0)
                m_answer.firstByteMs = elapsedMs(m_clock);
            m_answer.body += piece;
            m_tooLarge = m_tooLarge || m_answer.body.size() > m_request.maxBytes;
        });
        if (m_reader->done() || m_reader->state() == HttpResponseReader::State::Error || m_tooLarge)
            interimRetryEnded({});
    };
    connect(
        m_socket, tls ? &QSslSocket::encrypted : &QSslSocket::connected, this, [this, head] { m_socket->write(head); });
    connect(m_socket, &QSslSocket::readyRead, this, read);
    connect(m_socket, &QSslSocket::disconnected, this, [this, read] {
        read();
        if (m_ended)
            return;
        m_reader->closed();
        interimRetryEnded({});
    });
    connect(m_socket, &QSslSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        if (error == QAbstractSocket::RemoteHostClosedError)
            return; // disconnected() follows
        interimRetryEnded(m_socket->errorString());
    });
    if (tls)
        m_socket->connectToHostEncrypted(url.host(), quint16(url.port(443)));
    else
        m_socket->connectToHost(url.host(), quint16(url.port(80)));
}

void HttpExchange::interimRetryEnded(const QString& socketError)
{
    if (m_ended)
        return;
    halt();
    HttpAnswer& a = m_answer;
    const HttpResponseReader& reader = *m_reader;
    if (!socketError.isEmpty() && !reader.done()) {
        a.body.clear();
        a.failure = QStringLiteral("after an interim answer, asked again: %1").arg(socketError);
    } else if (m_tooLarge) {
        a.body.clear();
        a.failure = QStringLiteral("the answer was larger than %1 and was cut off").arg(sizeText(m_request.maxBytes));
    } else if (!reader.done()) {
        a.body.clear();
        a.failure = QStringLiteral("after an interim answer, asked again: %1").arg(QString::fromUtf8(reader.error()));
    } else if (reader.status() >= 300 && reader.status() < 400) {
        a.failure = QStringLiteral("HTTP %1: a redirect, not followed so that the API key stays with %2")
                        .arg(reader.status())
                        .arg(origin(m_request.url));
        a.redirectedAway = true;
    } else {
        a.status = reader.status();
        a.contentType = reader.contentType();
        for (const auto& [name, value] : {std::pair {QByteArrayLiteral("Content-Type"), reader.contentType()},
                 std::pair {QByteArrayLiteral("Content-Encoding"), reader.contentEncoding()},
                 std::pair {QByteArrayLiteral("Location"), reader.location()}}) {
            if (!value.isEmpty())
                a.headers.append({name, value});
        }
    }
    answer();
}

void HttpExchange::answer()
{
    if (m_ended)
        return;
    m_ended = true;
    if (m_answer.ms < 0 || m_pastInterim || m_answer.timedOut || m_answer.cancelled)
        m_answer.ms = elapsedMs(m_clock);
    halt();
    deleteLater();
    Q_EMIT answered(m_answer);
}

} // namespace kp::core
