// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/shard/clockserver.h"

#include "core/shard/clockoffset.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace kp::core {

namespace {

// A request is at most a few hundred bytes; anything longer is not a shard asking the time.
constexpr qsizetype MaxRequestBytes = 8192;

QByteArray response(int status, const QByteArray& reason, const QByteArray& body)
{
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason
        + "\r\ncontent-type: application/json\r\ncontent-length: " + QByteArray::number(body.size()) + "\r\n\r\n"
        + body;
}

} // namespace

ClockServer::ClockServer(QObject* parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, [this] {
        while (QTcpSocket* socket = m_server->nextPendingConnection())
            serve(socket);
    });
}

bool ClockServer::listen(const QHostAddress& address, quint16 port, QString* error)
{
    if (m_server->listen(address, port))
        return true;
    *error
        = QStringLiteral("Cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(m_server->errorString());
    return false;
}

quint16 ClockServer::port() const
{
    return m_server->serverPort();
}

void ClockServer::serve(QTcpSocket* socket)
{
    socket->setParent(this);
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QTcpSocket::readyRead, socket, [socket] {
        // The receive time is taken first, before any parsing: it is the moment the request arrived.
        const std::int64_t received = ClockOffset::utcNowNs();
        QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
        for (qsizetype end = buffer.indexOf("\r\n\r\n"); end >= 0; end = buffer.indexOf("\r\n\r\n")) {
            const QByteArray line = buffer.left(buffer.indexOf("\r\n"));
            buffer.remove(0, end + 4);
            if (!line.startsWith("GET /time ")) {
                socket->write(response(404, "Not Found", R"({"error": "only GET /time is served here"})"));
                continue;
            }
            const std::int64_t sent = ClockOffset::utcNowNs();
            socket->write(response(200, "OK",
                "{\"receive_ns\": " + QByteArray::number(qint64(received))
                    + ", \"send_ns\": " + QByteArray::number(qint64(sent)) + '}'));
        }
        if (buffer.size() > MaxRequestBytes) {
            socket->abort();
            return;
        }
        socket->setProperty("buffer", buffer);
    });
}

} // namespace kp::core
