// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/serverendpoint.h"

#include "core/common/boundedfile.h"

#include <QLocale>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>

#include <algorithm>

namespace kp::core {

QString ServerEndpoint::rootPath() const
{
    QString path = baseUrl.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (path.endsWith(QLatin1String("/v1")))
        path.chop(3);
    return path;
}

QByteArray ServerEndpoint::postHeaders() const
{
    QByteArray h = host().toUtf8();
    if (h.contains(':'))
        h = '[' + h + ']';
    QByteArray out = "Host: " + h + ':' + QByteArray::number(port())
        + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nAccept-Encoding: "
          "identity\r\nUser-Agent: kneepoint\r\n";
    if (!apiKey.isEmpty())
        out += "Authorization: Bearer " + apiKey + "\r\n";
    return out;
}

QByteArray ServerEndpoint::postRequest(const QByteArray& headers, const QByteArray& path, const QByteArray& body)
{
    QByteArray r;
    r.reserve(path.size() + body.size() + headers.size() + 64);
    r += "POST " + path + " HTTP/1.1\r\n";
    r += headers;
    r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n";
    r += body;
    return r;
}

QString ServerEndpoint::timeoutSentence(bool connected, bool pastDeadline, bool headersDone) const
{
    if (!connected)
        return QStringLiteral("No connection to the server within %1 ms.").arg(connectTimeoutMs);
    if (pastDeadline)
        return QStringLiteral("The request took longer than %1 ms, the longest a request may take.")
            .arg(requestTimeoutMs);
    if (headersDone)
        return QStringLiteral("The stream stalled for more than %1 ms.").arg(stallTimeoutMs);
    return QStringLiteral("No answer within %1 ms.").arg(firstByteTimeoutMs);
}

QString ServerEndpoint::cutRequestSentence(qint64 sent, qint64 size)
{
    const QLocale c = QLocale::c();
    // "No answer was read", not "none came": Qt's sockets drop what is unread when a write fails.
    return QStringLiteral("The server closed the connection before it had the whole request (%1 of %2 sent), and no "
                          "answer was read: a body over the size limit of the server, or of a proxy in front of it?")
        .arg(c.formattedDataSize(sent, 1, QLocale::DataSizeSIFormat),
            c.formattedDataSize(size, 1, QLocale::DataSizeSIFormat));
}

QString ServerEndpoint::apiKeyProblem(const QByteArray& key)
{
    for (const char c : key) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f)
            return QStringLiteral("holds a control character (byte 0x%1), which no key has and which would break the "
                                  "HTTP header it is sent in. Check how it was pasted.")
                .arg(QString::number(byte, 16).rightJustified(2, u'0'));
    }
    return {};
}

QUrl ServerEndpoint::endpoint(const QString& path) const
{
    QUrl url = baseUrl;
    url.setPath(rootPath() + path);
    url.setQuery(QString());
    url.setFragment(QString());
    return url;
}

void ServerEndpoint::waitAtMost(int ms)
{
    connectTimeoutMs = std::min(connectTimeoutMs, ms);
    firstByteTimeoutMs = ms;
    stallTimeoutMs = ms;
    requestTimeoutMs = ms;
}

ServerEndpoint ServerEndpoint::forChecks(
    const QUrl& url, const QByteArray& apiKey, bool verifyTls, const QString& caFile, int ms)
{
    ServerEndpoint t;
    t.baseUrl = url;
    t.apiKey = apiKey;
    t.connectTimeoutMs = ms;
    t.waitAtMost(ms);
    t.verifyTls = verifyTls;
    t.caFile = caFile;
    return t;
}

HttpClient::Settings ServerEndpoint::httpSettings(int timeoutMs, const Cancellation* cancellation) const
{
    HttpClient::Settings s;
    s.bearerToken = apiKey;
    s.timeoutMs = timeoutMs;
    s.cancellation = cancellation;
    s.tls = [verify = verifyTls, caFile = caFile](QNetworkRequest& request) {
        ServerEndpoint t;
        t.verifyTls = verify;
        t.caFile = caFile;
        t.applyTls(request);
    };
    return s;
}

namespace {

constexpr qint64 kMaxCaFileBytes = 1024 * 1024;

QList<QSslCertificate> certificatesOf(const QString& caFile)
{
    if (caFile.isEmpty())
        return {};
    QString ignored; // said by caFileProblem() when the option was given
    const std::optional<QByteArray> pem = BoundedFile::read(caFile, kMaxCaFileBytes, &ignored);
    return pem ? QSslCertificate::fromData(*pem, QSsl::Pem) : QList<QSslCertificate>();
}

} // namespace

QString ServerEndpoint::caFileProblem(const QString& path)
{
    QString error;
    const std::optional<QByteArray> pem = BoundedFile::read(path, kMaxCaFileBytes, &error);
    if (!pem)
        return error;
    if (QSslCertificate::fromData(*pem, QSsl::Pem).isEmpty())
        return QStringLiteral("holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the CA certificate that "
                              "signed the server's, in PEM");
    return {};
}

void ServerEndpoint::applyTls(QNetworkRequest& request) const
{
    if (request.url().scheme() != u"https" || (verifyTls && caFile.isEmpty()))
        return;
    QSslConfiguration config = request.sslConfiguration();
    if (!verifyTls)
        config.setPeerVerifyMode(QSslSocket::VerifyNone);
    else
        config.addCaCertificates(certificatesOf(caFile));
    request.setSslConfiguration(config);
}

void ServerEndpoint::applyTls(QSslSocket& socket) const
{
    if (!verifyTls) {
        socket.setPeerVerifyMode(QSslSocket::VerifyNone);
        return;
    }
    if (const QList<QSslCertificate> extra = certificatesOf(caFile); !extra.isEmpty()) {
        QSslConfiguration config = socket.sslConfiguration();
        config.addCaCertificates(extra);
        socket.setSslConfiguration(config);
    }
}

} // namespace kp::core
