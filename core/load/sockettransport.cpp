// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/sockettransport.h"

#include "core/common/monotonicclock.h"

#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace kp::core {

struct SocketTransport::Connection : ConnectionPool::Connection
{
    QTcpSocket* socket = nullptr;
    QTimer* timer = nullptr;
    qint64 unsentAtError = 0; // of the current request, what was still unsent when the socket reported its error
};

namespace {

ErrorClass classifySocketError(QAbstractSocket::SocketError error, bool headersDone)
{
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        return ErrorClass::ConnectionRefused;
    case QAbstractSocket::HostNotFoundError:
        return ErrorClass::HostNotFound;
    case QAbstractSocket::SslHandshakeFailedError:
    case QAbstractSocket::SslInternalError:
    case QAbstractSocket::SslInvalidUserDataError:
        return ErrorClass::Tls;
    case QAbstractSocket::SocketTimeoutError:
        return ErrorClass::Timeout;
    case QAbstractSocket::RemoteHostClosedError:
        return ErrorClass::StreamCut;
    default:
        return headersDone ? ErrorClass::StreamCut : ErrorClass::Other;
    }
}

} // namespace

SocketTransport::SocketTransport(const ServerEndpoint& target, QObject* parent)
    : QObject(parent)
    , ConnectionPool(target)
{ }

SocketTransport::~SocketTransport()
{
    closeAll();
}

SocketTransport::Connection* SocketTransport::find(std::uint64_t id) const
{
    return static_cast<Connection*>(ConnectionPool::find(id));
}

ConnectionPool::Connection* SocketTransport::open()
{
    auto* raw = static_cast<Connection*>(adopt(std::make_unique<Connection>()));
    const std::uint64_t id = raw->id;
    const bool tls = m_target.baseUrl.scheme() == u"https";
    raw->socket = tls ? new QSslSocket(this) : new QTcpSocket(this);
    raw->socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    raw->timer = new QTimer(this);
    raw->timer->setSingleShot(true);
    // A coarse timer may fire 5% early: the deadline is a promise to the user, kept to the millisecond.
    raw->timer->setTimerType(Qt::PreciseTimer);
    auto on = [this, id](void (SocketTransport::*handler)(Connection*)) {
        return [this, id, handler] {
            if (Connection* found = find(id))
                (this->*handler)(found);
        };
    };
    // Over TLS a connection is ready once encrypted; a certificate the system does not trust fails the request.
    if (auto* ssl = qobject_cast<QSslSocket*>(raw->socket))
        connect(ssl, &QSslSocket::encrypted, this, on(&SocketTransport::onConnected));
    else
        connect(raw->socket, &QTcpSocket::connected, this, on(&SocketTransport::onConnected));
    connect(raw->socket, &QTcpSocket::readyRead, this, on(&SocketTransport::onReadyRead));
    // Queued: a socket can report its end from inside a write, and the request must not end mid-send.
    connect(raw->socket, &QTcpSocket::disconnected, this, on(&SocketTransport::onDisconnected), Qt::QueuedConnection);
    connect(raw->socket, &QTcpSocket::errorOccurred, this, on(&SocketTransport::onError), Qt::QueuedConnection);
    // Direct: Qt empties its write buffer right after it reports an error, and what was still unsent then says
    // whether the server let go in the middle of the request.
    connect(raw->socket, &QTcpSocket::errorOccurred, this, [this, id] {
        if (Connection* found = find(id))
            found->unsentAtError = found->socket->bytesToWrite();
    });
    connect(raw->timer, &QTimer::timeout, this, [this, id] {
        if (Connection* found = find(id))
            onTimeout(found);
    });
    armAt(raw, monotonicNowNs() + std::int64_t(m_target.connectTimeoutMs) * 1'000'000);
    if (auto* ssl = qobject_cast<QSslSocket*>(raw->socket)) {
        m_target.applyTls(*ssl);
        ssl->connectToHostEncrypted(m_target.host(), m_target.port());
    } else
        raw->socket->connectToHost(m_target.host(), m_target.port());
    return raw;
}

void SocketTransport::close(ConnectionPool::Connection* pooled)
{
    auto* c = static_cast<Connection*>(pooled);
    c->socket->disconnect(this);
    c->timer->disconnect(this);
    c->socket->abort();
    c->socket->deleteLater();
    c->timer->deleteLater();
}

void SocketTransport::write(ConnectionPool::Connection* pooled, QByteArray request)
{
    auto* c = static_cast<Connection*>(pooled);
    c->unsentAtError = 0;
    c->socket->write(request);
    c->socket->flush();
}

qint64 SocketTransport::unsent(const ConnectionPool::Connection* pooled) const
{
    const auto* c = static_cast<const Connection*>(pooled);
    return std::max(c->socket->bytesToWrite(), c->unsentAtError);
}

void SocketTransport::armAt(ConnectionPool::Connection* pooled, std::int64_t dueNs)
{
    const std::int64_t left = (dueNs - monotonicNowNs() + 999'999) / 1'000'000;
    static_cast<Connection*>(pooled)->timer->start(int(std::clamp<std::int64_t>(left, 0, INT_MAX)));
}

void SocketTransport::disarm(ConnectionPool::Connection* c)
{
    static_cast<Connection*>(c)->timer->stop();
}

void SocketTransport::onConnected(Connection* c)
{
    opened(c);
}

void SocketTransport::onReadyRead(Connection* c)
{
    // The time the bytes were read: Qt moved them from the kernel just before emitting readyRead.
    const std::int64_t now = monotonicNowNs();
    const std::uint64_t id = c->id;
    QByteArray& buffer = readBuffer();
    while (c->socket->bytesAvailable() > 0) {
        const qint64 n = c->socket->read(buffer.data(), buffer.size());
        if (n <= 0)
            break;
        received(c, QByteArrayView(buffer.constData(), n), now);
        c = find(id);
        if (!c)
            return;
    }
}

void SocketTransport::onDisconnected(Connection* c)
{
    closedByServer(c);
}

void SocketTransport::onError(Connection* c)
{
    const QAbstractSocket::SocketError error = c->socket->error();
    if (error == QAbstractSocket::RemoteHostClosedError && c->connected && !c->recorder)
        return; // an idle keep-alive connection closed by the server: onDisconnected tidies up
    // A reset or broken pipe on the write says the same as a close: the server had let the connection go.
    if (error != QAbstractSocket::SocketTimeoutError && resendAfterStaleClose(c))
        return;
    const bool headersDone = c->reader.headersDone();
    // A close said as one, and so is any other failure while the request was still going out.
    const bool closeLike = error == QAbstractSocket::RemoteHostClosedError
        || (error != QAbstractSocket::SocketTimeoutError && !headersDone && c->unsentAtError > 0);
    failed(c, QStringLiteral("%1 (%2)").arg(c->socket->errorString(), where()), classifySocketError(error, headersDone),
        closeLike, false);
}

} // namespace kp::core
