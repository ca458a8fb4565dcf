// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/net/httpclient.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

class QNetworkRequest;
class QSslSocket;

namespace kp::core {

/// The server a run or a check talks to and how: its address, key and TLS trust, and how long each wait may last;
/// what every request of a step shares.
struct ServerEndpoint
{
    QUrl baseUrl; ///< the server: scheme, host, port, and the path a gateway mounts it at (http://gw/llm/v1)
    QByteArray apiKey; ///< sent as a bearer token; never logged, stored or shown
    int connectTimeoutMs = 10'000;
    int firstByteTimeoutMs = 120'000; ///< from send to the response headers
    int stallTimeoutMs = 60'000; ///< the longest silence allowed mid-response
    /// The longest a request may take from send to its end, however steadily bytes arrive: a body at one byte a
    /// second never trips the stall timeout, and this ends it.
    int requestTimeoutMs = 1'800'000;
    /// Off only when the user said --insecure: a certificate the system does not trust then passes, and the run's
    /// report says so.
    bool verifyTls = true;
    /// --ca-file: PEM certificates trusted beside the system's, for a server whose certificate a private CA signed.
    QString caFile;

    /// Every wait bounded by `ms`: connecting, the headers, a silence and the whole request, as a check (the doctor,
    /// the wizard's Detect) waits, where one bound is the whole promise.
    void waitAtMost(int ms);
    /// The server as the checks before a run reach it (kneepoint doctor, the wizard's Detect): its key and the TLS
    /// trust the user gave, every wait bounded by `ms`. A run's target is RunOptions::target.
    static ServerEndpoint forChecks(
        const QUrl& url, const QByteArray& apiKey, bool verifyTls, const QString& caFile, int ms);

    QString host() const { return baseUrl.host(); }
    quint16 port() const { return quint16(baseUrl.port(baseUrl.scheme() == u"https" ? 443 : 80)); }
    /// The path the server's endpoints hang under, without a trailing slash or /v1: empty for
    /// http://host:8000 and http://host:8000/v1, "/llm" for http://gw/llm/v1. Every request path starts with it.
    QString rootPath() const;
    /// The URL of the endpoint `path` ("/health", "/v1/models") under rootPath(), without a query or fragment.
    QUrl endpoint(const QString& path) const;
    /// The settings of an HttpClient for this server: its key as the bearer token, its TLS, `timeoutMs` a request.
    HttpClient::Settings httpSettings(int timeoutMs, const Cancellation* cancellation = nullptr) const;

    /// Why `key` cannot be sent as a bearer token, or an empty string when it can: a CR or LF would end the header
    /// and start another of the key's choosing (header injection), and no key holds other control bytes. The
    /// sentence names the byte, never the key.
    static QString apiKeyProblem(const QByteArray& key);

    /// The headers every streamed POST to this target carries but its length: Host, content types, the user agent and
    /// the bearer key. Built once per transport.
    QByteArray postHeaders() const;
    /// A whole HTTP/1.1 POST of `body` to `path`, with `headers` from postHeaders().
    static QByteArray postRequest(const QByteArray& headers, const QByteArray& path, const QByteArray& body);

    /// Why a request timed out, naming the timeout that ended it: the connect timeout when it never connected, the
    /// request timeout past its deadline, the stall timeout once headers had come, else the first-byte timeout.
    /// Every transport says it in these words.
    QString timeoutSentence(bool connected, bool pastDeadline, bool headersDone) const;
    /// Why a request ended when the server let go before it had the whole request, and no answer was read: `sent` of
    /// its `size` bytes had gone out. Most often a body over a size limit, the server's or a proxy's in front of it.
    static QString cutRequestSentence(qint64 sent, qint64 size);

    /// Why `path` cannot serve as --ca-file (not a readable file of at most 1 MiB, no PEM certificate in it), or
    /// empty when it can. The clause follows the file's name.
    static QString caFileProblem(const QString& path);

    /// Turns certificate checks off for this request when, and only when, verifyTls is off; trusts caFile's
    /// certificates beside the system's.
    void applyTls(QNetworkRequest& request) const;
    void applyTls(QSslSocket& socket) const;
};

} // namespace kp::core
