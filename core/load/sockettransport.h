// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/connectionpool.h"

#include <QObject>

class QTcpSocket;
class QTimer;

namespace kp::core {

/// HTTP/1.1 over QTcpSockets (QSslSockets for https) owned by the worker thread itself, for a system with neither
/// epoll nor kqueue or a build without OpenSSL. The pool, the request written, the status, headers and chunked
/// framing read and keep-alive are the ConnectionPool's, as for the readiness-set transport; each read takes what the
/// socket holds in one call, and its time is taken where the bytes are read, before anything is parsed.
class SocketTransport : public QObject, public ConnectionPool
{
    Q_OBJECT
public:
    explicit SocketTransport(const ServerEndpoint& target, QObject* parent = nullptr);
    ~SocketTransport() override;

private:
    struct Connection;

    ConnectionPool::Connection* open() override;
    void write(ConnectionPool::Connection* pooled, QByteArray request) override;
    void armAt(ConnectionPool::Connection* pooled, std::int64_t dueNs) override;
    void disarm(ConnectionPool::Connection* c) override;
    qint64 unsent(const ConnectionPool::Connection* pooled) const override;
    void close(ConnectionPool::Connection* pooled) override;

    Connection* find(std::uint64_t id) const;
    void onConnected(Connection* c);
    void onReadyRead(Connection* c);
    void onDisconnected(Connection* c);
    void onError(Connection* c);
};

} // namespace kp::core
