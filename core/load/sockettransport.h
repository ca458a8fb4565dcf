// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadtarget.h"
#include "core/load/streamtransport.h"

#include <QObject>

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

class QTcpSocket;
class QTimer;

namespace kp::core {

/// The lean transport: HTTP/1.1 over QTcpSockets owned by the worker thread itself, with the request written, the
/// status, headers and chunked framing read, and keep-alive kept in user space. Each read takes what the socket
/// holds in one call, and its time is taken where the bytes are read, before anything is parsed.
class SocketTransport : public QObject, public StreamTransport
{
    Q_OBJECT
public:
    explicit SocketTransport(const LoadTarget& target, QObject* parent = nullptr);
    ~SocketTransport() override;

    void prepare(int connections, std::function<void(const QString& error)> ready) override;
    void send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished) override;
    void cancelAll() override;
    int inFlight() const override { return m_inFlight; }
    int openConnections() const override;

private:
    struct Connection;
    struct Pending
    {
        QByteArray request;
        RequestRecord record;
        Finished finished;
    };

    Connection* newConnection();
    void sendOnNewConnection(Pending&& p);
    bool resendAfterStaleClose(Connection* c);
    Connection* find(std::uint64_t id) const;
    void discard(Connection* c);
    void startOn(Connection* c, Pending&& pending);
    void onConnected(Connection* c);
    void onReadyRead(Connection* c);
    void onDisconnected(Connection* c);
    void onError(Connection* c);
    void onTimeout(Connection* c);
    /// Starts the connection's timer for `ms`, or for what is left of the request's deadline when that is less.
    void arm(Connection* c, int ms);
    void warmingFailed(Connection* c, const QString& error);
    /// Hands the request back at [DONE] and keeps reading the connection to the end of its body.
    void handBackAtDone(Connection* c, std::int64_t now);
    void finish(Connection* c, bool reusable);
    void release(Connection* c);

    LoadTarget m_target;
    QByteArray m_headerTemplate; // LoadTarget::postHeaders(), once
    // By id: a queued signal can outlive its connection, and must then find nothing rather than freed memory.
    std::unordered_map<std::uint64_t, std::unique_ptr<Connection>> m_connections;
    std::uint64_t m_nextConnectionId = 1;
    std::vector<Connection*> m_idle;
    int m_inFlight = 0;
    bool m_reuse = true; // false once the server closed a kept-alive connection under a request
    int m_preparing = 0;
    QString m_prepareError;
    std::function<void(const QString&)> m_ready;
    QByteArray m_readBuffer;
};

} // namespace kp::core
