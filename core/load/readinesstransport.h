// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/connectionpool.h"
#include "core/load/readinessset.h"

#include <QHostAddress>
#include <QObject>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

class QSocketNotifier;

namespace kp::core {

class PreciseTimer;
class TlsContext;

/// The read path of the floor, for HTTP and HTTPS: non-blocking sockets of its own in one readiness set (epoll on
/// Linux, kqueue on macOS and the BSDs), which the worker thread's Qt event loop watches as a single descriptor. Qt's
/// dispatcher polls every socket notifier at every wake-up, so with QTcpSockets the client's CPU went mostly into
/// ppoll() over hundreds of sockets for a few chunks each; here a wake-up costs one epoll_wait() (or kevent()) and one
/// recv() per ready connection, timed right after the recv. Timeouts share one PreciseTimer (a timerfd on Linux)
/// through a heap instead of a timer per connection. The pool, the HTTP, chunked and SSE parsing are the
/// ConnectionPool's, as for the socket transport, so they measure alike. Over TLS the same path holds: OpenSSL on the
/// same non-blocking socket (TlsSession), the handshake done while connections warm, sessions resumed, and what has
/// arrived decrypted in one read.
class ReadinessTransport : public QObject, public ConnectionPool
{
    Q_OBJECT
public:
    explicit ReadinessTransport(const ServerEndpoint& target, QObject* parent = nullptr);
    ~ReadinessTransport() override;

    /// Whether this transport can reach `target`: plain HTTP, and HTTPS where it was built with OpenSSL.
    static bool supports(const ServerEndpoint& target);

private:
    struct Connection;

    ConnectionPool::Connection* open() override;
    void write(ConnectionPool::Connection* pooled, QByteArray request) override;
    void armAt(ConnectionPool::Connection* pooled, std::int64_t dueNs) override;
    void disarm(ConnectionPool::Connection* c) override;
    qint64 unsent(const ConnectionPool::Connection* pooled) const override;
    void close(ConnectionPool::Connection* pooled) override;
    void sendOnNewConnection(Pending&& p) override;
    void openWarming(int missing) override;
    QString cannotOpen() const override;
    void cancelAll() override;

    Connection* find(std::uint64_t id) const;
    void lookUp();
    void resolved(const QList<QHostAddress>& addresses, const QString& error);
    void watch(Connection* c, std::uint8_t interest);
    void writeSome(Connection* c);
    void drain();
    void onEvent(Connection* c, const ReadinessSet::Ready& ready);
    void onTcpConnected(Connection* c);
    void onConnected(Connection* c);
    void continueHandshake(Connection* c);
    void onRead(Connection* c);
    void readTls(Connection* c);
    /// Ends `c` for a TLS failure: its socket's error when the socket failed, else TLS's own words.
    void onTlsFailed(Connection* c, bool connecting);
    void onSocketError(Connection* c, int error, bool connecting);
    void onTimer();

    // Deleted where TlsContext is whole, and only made where OpenSSL was built in.
    struct TlsContextDeleter
    {
        void operator()(TlsContext* context) const;
    };
    std::unique_ptr<TlsContext, TlsContextDeleter> m_tls; // for https: outlives the connections' sessions
    ReadinessSet m_set;
    QSocketNotifier* m_notifier = nullptr;
    PreciseTimer* m_timer = nullptr;
    std::int64_t m_timerAtNs = -1; // when m_timer is set to fire, or -1
    // (due, connection id), earliest on top; an entry is live only while the connection's heapNs equals its due.
    std::vector<std::pair<std::int64_t, std::uint64_t>> m_heap;
    QHostAddress m_address;
    bool m_resolving = false;
    QString m_resolveError;
    std::vector<Pending> m_unresolved; // sends that came before the host's address
    int m_toOpen = 0; // connections prepare() asked for, waiting for the address
};

} // namespace kp::core
