// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/doctor/connectionchecks.h"

#include "core/common/processlimits.h"
#include "core/server/tokenizedialect.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHostAddress>
#include <QHostInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QSslSocket>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <map>
#include <memory>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace kp::core::doctorchecks {

namespace {

const QString urlFix = QStringLiteral("give the server's address as http://HOST:PORT, for example "
                                      "http://127.0.0.1:8000 (vLLM's default port is 8000)");

} // namespace

DoctorCheck urlCheck(const QUrl& url)
{
    DoctorCheck c = begin("url");
    if (url.isEmpty())
        return finish(c, Result::Fail, QStringLiteral("no URL was given"), urlFix);
    if (!url.isValid())
        return finish(c, Result::Fail,
            QStringLiteral("'%1' is not a URL: %2").arg(url.toString(QUrl::RemoveUserInfo), url.errorString()), urlFix);
    const QString scheme = url.scheme();
    if (scheme != u"http" && scheme != u"https")
        return finish(c, Result::Fail,
            QStringLiteral("the scheme '%1' in %2 is neither http nor https").arg(scheme, shown(url)), urlFix);
    if (url.host().isEmpty())
        return finish(c, Result::Fail, QStringLiteral("'%1' names no host").arg(shown(url)), urlFix);
    const quint16 port = quint16(url.port(scheme == u"https" ? 443 : 80));
    QString detail = QStringLiteral("%1://%2").arg(scheme, hostPort(url.host(), port));
    if (url.port() < 0)
        detail += QStringLiteral(" (no port given: %1 is the %2 default)").arg(port).arg(scheme);
    // People paste the OpenAI client's base URL, which ends in /v1, and gateways mount servers under a path: the
    // endpoints are asked for under that path, /v1 or not.
    ServerEndpoint mounted;
    mounted.baseUrl = url;
    if (const QString root = mounted.rootPath(); !root.isEmpty())
        detail += QStringLiteral(", endpoints under %1").arg(root);
    if (url.hasQuery() || url.hasFragment())
        return finish(c, Result::Warn,
            detail
                + QStringLiteral("; the query or fragment ('%1') is ignored")
                      .arg(url.toString(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemovePath)),
            QStringLiteral("give scheme, host, port and, behind a gateway, its path: Kneepoint adds /health, "
                           "/v1/models and the other paths itself"));
    return finish(c, Result::Pass, detail);
}

DoctorCheck tcpCheck(const QUrl& url, int timeoutMs, QHostAddress* connected)
{
    DoctorCheck c = begin("tcp");
    const QString host = url.host();
    const quint16 port = quint16(url.port(url.scheme() == u"https" ? 443 : 80));
    QList<QHostAddress> addresses;
    QString lookedUp;
    if (QHostAddress literal; literal.setAddress(host)) {
        addresses << literal;
    } else {
        QEventLoop loop;
        std::optional<QHostInfo> info;
        QElapsedTimer clock;
        clock.start();
        const int id = QHostInfo::lookupHost(host, &loop, [&](const QHostInfo& answer) {
            info = answer;
            loop.quit();
        });
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        if (!info)
            loop.exec();
        if (!info) {
            QHostInfo::abortHostLookup(id);
            return finish(c, Result::Fail,
                QStringLiteral("the DNS lookup of '%1' gave no answer within %2").arg(host, formatMs(timeoutMs)),
                QStringLiteral("check this machine's DNS settings, or give the server's IP address instead"));
        }
        addresses = info->addresses();
        if (info->error() != QHostInfo::NoError || addresses.isEmpty())
            return finish(c, Result::Fail,
                QStringLiteral("the name '%1' does not resolve (DNS: %2)")
                    .arg(host,
                        info->error() != QHostInfo::NoError ? info->errorString() : QStringLiteral("no addresses")),
                QStringLiteral("check the spelling of the host name, or give the server's IP address instead"));
        lookedUp = QStringLiteral(" (%1 resolved in %2)").arg(host, formatMs(elapsedMs(clock)));
    }

    // Try each address in turn, as a client library would: "localhost" is often ::1 first, and vLLM listens on
    // 0.0.0.0 by default.
    QElapsedTimer total;
    total.start();
    QStringList refused;
    QString otherError;
    bool timedOut = false;
    for (const QHostAddress& address : std::as_const(addresses)) {
        const int left = timeoutMs - int(total.elapsed());
        if (left <= 0) {
            timedOut = true;
            break;
        }
        QTcpSocket socket;
        QElapsedTimer clock;
        clock.start();
        socket.connectToHost(address, port);
        if (socket.waitForConnected(left)) {
            const double ms = elapsedMs(clock);
            socket.abort();
            *connected = address;
            return finish(c, Result::Pass,
                QStringLiteral("%1 to %2").arg(formatMs(ms), hostPort(address.toString(), port)) + lookedUp, {}, ms);
        }
        if (socket.error() == QAbstractSocket::ConnectionRefusedError)
            refused << address.toString();
        else if (socket.error() == QAbstractSocket::SocketTimeoutError)
            timedOut = true;
        else
            otherError = socket.errorString();
    }
    const QString where = hostPort(host, port);
    if (!otherError.isEmpty())
        return finish(c, Result::Fail, QStringLiteral("cannot connect to %1: %2").arg(where, otherError),
            QStringLiteral("check the address and this machine's network route to it"));
    if (timedOut)
        return finish(c, Result::Fail, QStringLiteral("no answer from %1 within %2").arg(where, formatMs(timeoutMs)),
            QStringLiteral("the host may be down, or a firewall drops the packets: check the address, and that "
                           "the port is open to this machine"));
    QString detail = QStringLiteral("nothing is listening at %1").arg(where);
    if (addresses.size() > 1 || addresses.first().toString() != host)
        detail += QStringLiteral(" (%1)").arg(refused.join(QStringLiteral(", ")));
    QString fix = QStringLiteral("is the server running? Start it, or wait: vLLM accepts connections only once it "
                                 "has loaded the model and its log says 'Application startup complete.'");
    if (url.port() < 0)
        fix += QStringLiteral(" The URL gives no port, so %1 was tried; vLLM listens on 8000 by default.").arg(port);
    else
        fix += QStringLiteral(" Check the port, too.");
    return finish(c, Result::Fail, detail, fix);
}

static QString protocolName(QSsl::SslProtocol protocol)
{
    switch (protocol) {
    case QSsl::TlsV1_2:
        return QStringLiteral("TLS 1.2");
    case QSsl::TlsV1_3:
        return QStringLiteral("TLS 1.3");
    default:
        return QStringLiteral("TLS");
    }
}

DoctorCheck tlsCheck(const ServerEndpoint& target, const QHostAddress& address, int timeoutMs)
{
    const QUrl& url = target.baseUrl;
    DoctorCheck c = begin("tls");
    if (url.scheme() != u"https")
        return finish(c, Result::Skipped, QStringLiteral("plain http: no TLS to check"));
    if (!QSslSocket::supportsSsl())
        return finish(c, Result::Fail, QStringLiteral("this Qt has no working TLS backend"),
            QStringLiteral("install OpenSSL 3 (libssl3), or reach the server over http:// on a trusted network"));
    const quint16 port = quint16(url.port(443));
    const QString where = hostPort(url.host(), port);
    QSslSocket socket;
    socket.setPeerVerifyName(url.host());
    target.applyTls(socket);
    socket.connectToHost(address, port);
    if (!socket.waitForConnected(timeoutMs))
        return finish(c, Result::Fail,
            QStringLiteral("cannot connect again to %1: %2").arg(where, socket.errorString()),
            QStringLiteral("the server stopped accepting connections; check that it is still running"));
    // Time the handshake alone: the TCP connect was timed above.
    QElapsedTimer clock;
    clock.start();
    socket.startClientEncryption();
    if (socket.waitForEncrypted(timeoutMs)) {
        const double ms = elapsedMs(clock);
        const QStringList names = socket.peerCertificate().subjectInfo(QSslCertificate::CommonName);
        const QString detail = QStringLiteral("%1, %2").arg(formatMs(ms), protocolName(socket.sessionProtocol()))
            + (names.isEmpty() ? QString() : QStringLiteral(", certificate for %1").arg(names.join(u", ")));
        socket.abort();
        if (!target.verifyTls)
            return finish(c, Result::Warn, detail + QStringLiteral(" — the certificate was not checked (--insecure)"),
                QStringLiteral("anyone between this machine and the server could read the API key and the answers; "
                               "drop --insecure once the server's certificate is trusted"),
                ms);
        return finish(c, Result::Pass, detail, {}, ms);
    }
    const QList<QSslError> errors = socket.sslHandshakeErrors();
    if (!errors.isEmpty()) {
        QStringList texts;
        for (const QSslError& e : errors)
            texts << e.errorString();
        return finish(c, Result::Fail,
            QStringLiteral("the certificate of %1 is not accepted: %2").arg(where, texts.join(QStringLiteral("; "))),
            QStringLiteral("pass the CA that signed the server's certificate with --ca-file FILE (or add it to the "
                           "system store), or fix the name in it; only on a network you trust, --insecure skips the "
                           "check (and the report says so)"));
    }
    if (socket.error() == QAbstractSocket::SocketTimeoutError)
        return finish(c, Result::Fail,
            QStringLiteral("no TLS answer from %1 within %2").arg(where, formatMs(timeoutMs)),
            QStringLiteral("if the server speaks plain HTTP (vLLM does unless started with --ssl-keyfile), use "
                           "http://"));
    return finish(c, Result::Fail,
        QStringLiteral("the TLS handshake with %1 failed: %2").arg(where, socket.errorString()),
        QStringLiteral("if the server speaks plain HTTP (vLLM does unless started with --ssl-keyfile), use http://"));
}

} // namespace kp::core::doctorchecks
