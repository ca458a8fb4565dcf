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

QString formatMs(double ms)
{
    return QString::number(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0) + QStringLiteral(" ms");
}

QString origin(const QUrl& url)
{
    const QString host = url.host();
    const int port = url.port(url.scheme() == u"https" ? 443 : 80);
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
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
    case QNetworkReply::SslHandshakeFailedError:
        return QStringLiteral("the TLS handshake failed (%1)").arg(text);
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

HttpClient::HttpClient(Settings settings)
    : m_settings(std::move(settings))
{ }

HttpAnswer HttpClient::get(const QUrl& url)
{
    return send(url, nullptr, {});
}

HttpAnswer HttpClient::post(const QUrl& url, const QByteArray& body, const QByteArray& contentType)
{
    return send(url, &body, contentType);
}

HttpAnswer HttpClient::post(const QUrl& url, const QJsonObject& json)
{
    return post(url, QJsonDocument(json).toJson(QJsonDocument::Compact));
}

HttpAnswer HttpClient::send(const QUrl& url, const QByteArray* body, const QByteArray& contentType)
{
    HttpAnswer a;
    const Cancellation* cancellation = m_settings.cancellation;
    if (cancellation && cancellation->isCancelled()) {
        a.cancelled = true;
        a.failure = QStringLiteral("cancelled");
        return a;
    }
    QNetworkRequest request(url);
    // HTTP/1.1, as the load engine speaks it.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    // The token goes with every request: a redirect is followed only to the same scheme, host and port, so that it
    // never reaches another origin. One elsewhere is reported with where it pointed.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    if (!m_settings.bearerToken.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_settings.bearerToken);
    // Uncompressed, as the load engine asks: set, it also turns Qt's own gzip off, so that an answer compressed
    // anyway keeps its Content-Encoding and is named as such rather than passing here and failing in a run.
    request.setRawHeader("Accept-Encoding", "identity");
    if (!m_settings.userAgent.isEmpty())
        request.setHeader(QNetworkRequest::UserAgentHeader, m_settings.userAgent);
    if (m_settings.tls)
        m_settings.tls(request);
    if (body)
        request.setHeader(QNetworkRequest::ContentTypeHeader, contentType);

    const qint64 maxBytes = m_settings.maxBytes;
    QElapsedTimer clock;
    clock.start();
    std::unique_ptr<QNetworkReply> reply(body ? m_manager.post(request, *body) : m_manager.get(request));
    // A server that sends more than any answer asked for here is not answering the question, and memory must not
    // follow it: the reply is aborted at the cap, which ends the wait below.
    replylimit::apply(reply.get(), maxBytes);
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::readyRead, &loop, [&] {
        if (a.firstByteMs < 0)
            a.firstByteMs = elapsedMs(clock);
        a.body += reply->read(std::max<qint64>(0, maxBytes + 1 - a.body.size()));
    });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        a.timedOut = true;
        reply->abort();
        loop.quit();
    });
    // Another thread's cancel() is seen within 50 ms.
    QTimer watch;
    if (cancellation) {
        QObject::connect(&watch, &QTimer::timeout, &loop, [&] {
            if (!cancellation->isCancelled())
                return;
            a.cancelled = true;
            reply->abort();
            loop.quit();
        });
        watch.start(50);
    }
    deadline.start(m_settings.timeoutMs);
    if (!reply->isFinished())
        loop.exec();
    a.ms = elapsedMs(clock);
    const bool tooLarge = replylimit::wasCut(reply.get()) || a.body.size() > maxBytes;
    if (!tooLarge)
        a.body += reply->read(maxBytes - a.body.size() + 1);
    a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    a.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toString().toUtf8();
    a.headers = reply->rawHeaderPairs();
    if (a.cancelled) {
        a.status = 0;
        a.body.clear();
        a.failure = QStringLiteral("cancelled");
    } else if (tooLarge) {
        a.status = 0;
        a.body.clear();
        a.failure = QStringLiteral("the answer was larger than %1 MiB and was cut off").arg(maxBytes >> 20);
    } else if (a.timedOut) {
        a.status = 0;
        a.failure = QStringLiteral("no answer within %1").arg(formatMs(m_settings.timeoutMs));
    } else if (reply->error() == QNetworkReply::InsecureRedirectError || (a.status >= 300 && a.status < 400)) {
        QUrl target = reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
        if (target.isEmpty())
            target = QUrl::fromEncoded(reply->rawHeader("Location"));
        const QUrl to = url.resolved(target);
        a.failure = QStringLiteral("HTTP %1: a redirect to %2, another origin, not followed so that the API key "
                                   "stays with %3")
                        .arg(a.status)
                        .arg(to.toString(QUrl::RemoveUserInfo), origin(url));
        a.status = 0;
        a.redirectedAway = true;
    } else if (!a.answered()) {
        a.failure = transportFailure(reply->error(), reply->errorString());
    } else if (a.status >= 100 && a.status < 200 && a.status != 101) {
        // The real answer's bytes are still on Qt's connection: it must not be reused for the next request.
        reply.reset();
        m_manager.clearConnectionCache();
        return sendPastInterim(url, body, contentType, m_settings.timeoutMs - int(a.ms));
    }
    return a;
}

HttpAnswer HttpClient::sendPastInterim(
    const QUrl& url, const QByteArray* body, const QByteArray& contentType, int budgetMs)
{
    HttpAnswer a;
    QElapsedTimer clock;
    clock.start();
    const auto left = [&clock, budgetMs] { return std::max(1, budgetMs - int(clock.elapsed())); };
    const bool tls = url.scheme() == u"https";
    QSslSocket socket;
    if (tls) {
        // The TLS settings as the caller gave them for Qt's client: the same trust, the same --insecure.
        QNetworkRequest settings(url);
        if (m_settings.tls)
            m_settings.tls(settings);
        socket.setSslConfiguration(settings.sslConfiguration());
        if (settings.sslConfiguration().peerVerifyMode() == QSslSocket::VerifyNone)
            socket.setPeerVerifyMode(QSslSocket::VerifyNone);
    }
    // Driven by an event loop, as the request through Qt's client was: a server in this thread still answers.
    const QString host = url.host().contains(u':') ? u'[' + url.host() + u']' : url.host();
    QByteArray request = (body ? "POST " : "GET ") + url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority)
        + " HTTP/1.1\r\nHost: " + host.toUtf8() + ':' + QByteArray::number(url.port(tls ? 443 : 80))
        + "\r\nAccept-Encoding: identity\r\nConnection: close\r\n";
    if (!m_settings.bearerToken.isEmpty())
        request += "Authorization: Bearer " + m_settings.bearerToken + "\r\n";
    if (!m_settings.userAgent.isEmpty())
        request += "User-Agent: " + m_settings.userAgent + "\r\n";
    if (body)
        request += "Content-Type: " + contentType + "\r\nContent-Length: " + QByteArray::number(body->size()) + "\r\n";
    request += "\r\n";
    if (body)
        request += *body;
    HttpResponseReader reader;
    bool tooLarge = false;
    QString socketError;
    QEventLoop loop;
    const auto read = [&] {
        reader.feed(socket.readAll(), [&](QByteArrayView piece) {
            if (a.firstByteMs < 0)
                a.firstByteMs = elapsedMs(clock);
            a.body += piece;
            tooLarge = tooLarge || a.body.size() > m_settings.maxBytes;
        });
        if (reader.done() || reader.state() == HttpResponseReader::State::Error || tooLarge)
            loop.quit();
    };
    QObject::connect(&socket, tls ? &QSslSocket::encrypted : &QSslSocket::connected, &loop,
        [&socket, &request] { socket.write(request); });
    QObject::connect(&socket, &QSslSocket::readyRead, &loop, read);
    QObject::connect(&socket, &QSslSocket::disconnected, &loop, [&] {
        read();
        reader.closed();
        loop.quit();
    });
    QObject::connect(&socket, &QSslSocket::errorOccurred, &loop, [&](QAbstractSocket::SocketError error) {
        if (error == QAbstractSocket::RemoteHostClosedError)
            return; // disconnected() follows
        socketError = socket.errorString();
        loop.quit();
    });
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        a.timedOut = true;
        loop.quit();
    });
    deadline.start(left());
    if (tls)
        socket.connectToHostEncrypted(url.host(), quint16(url.port(443)));
    else
        socket.connectToHost(url.host(), quint16(url.port(80)));
    loop.exec();
    socket.disconnect(&loop);
    socket.abort();
    if (!socketError.isEmpty() && !reader.done()) {
        a.ms = elapsedMs(clock);
        a.failure = QStringLiteral("after an interim answer, asked again: %1").arg(socketError);
        return a;
    }
    a.ms = elapsedMs(clock);
    if (tooLarge) {
        a.body.clear();
        a.failure = QStringLiteral("the answer was larger than %1 MiB and was cut off").arg(m_settings.maxBytes >> 20);
    } else if (a.timedOut) {
        a.body.clear();
        a.failure = QStringLiteral("no answer within %1").arg(formatMs(budgetMs));
    } else if (!reader.done()) {
        a.body.clear();
        a.failure = QStringLiteral("after an interim answer, asked again: %1").arg(QString::fromUtf8(reader.error()));
    } else if (reader.status() >= 300 && reader.status() < 400) {
        a.failure = QStringLiteral("HTTP %1: a redirect, not followed so that the API key stays with %2")
                        .arg(reader.status())
                        .arg(origin(url));
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
    return a;
}

} // namespace kp::core
