// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadtarget.h"
#include "core/load/readinessset.h"
#include "core/load/streamtransport.h"

#include <QHostAddress>
#include <QObject>

#include <cstdint>
#include <memory>
#include <unordered_map>
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
/// through a heap instead of a timer per connection. The HTTP, chunked and SSE parsing is the other transports', so
/// they measure alike. Over TLS the same path holds: OpenSSL on the same non-blocking socket (TlsSession), the
/// handshake done while connections warm, sessions resumed, and what has arrived decrypted in one read.
class EpollTransport : public QObject, public StreamTransport
{
    Q_OBJECT
public:
    explicit EpollTransport(const LoadTarget& target, QObject* parent = nullptr);
    ~EpollTransport() override;

    /// Whether this transport can reach `target`: plain HTTP, and HTTPS where it was built with OpenSSL.
    static bool supports(const LoadTarget& target);

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

    void resolved(const QList<QHostAddress>& addresses, const QString& error);
    Connection* newConnection();
    void sendOnNewConnection(Pending&& p);
    bool resendAfterStaleClose(Connection* c);
    Connection* find(std::uint64_t id) const;
    void discard(Connection* c);
    void watch(Connection* c, std::uint8_t interest);
    void startOn(Connection* c, Pending&& pending);
    void writeSome(Connection* c);
    void drain();
    void onEvent(Connection* c, const ReadinessSet::Ready& ready);
    void onConnected(Connection* c);
    void onTcpConnected(Connection* c);
    void continueHandshake(Connection* c);
    void onRead(Connection* c);
    void readTls(Connection* c);
    void onBytes(Connection* c, QByteArrayView bytes, std::int64_t now);
    /// Ends `c` for a TLS failure: its socket's error when the socket failed, else TLS's own words.
    void onTlsFailed(Connection* c, bool connecting);
    /// The request waiting for `c` to open becomes its current one, to be ended with the connection's failure.
    void adoptQueued(Connection* c);
    /// Hands the request back at [DONE] and keeps reading the connection to the end of its body.
    void handBackAtDone(Connection* c, std::int64_t now);
    void onClosed(Connection* c);
    void onSocketError(Connection* c, int error, bool connecting);
    void onTimeout(Connection* c);
    void onTimer();
    /// The connection's timeout fires `ms` after `now` (read from the clock when -1), or at the request's deadline
    /// when that comes first.
    void arm(Connection* c, int ms, std::int64_t now = -1);
    void armAt(Connection* c, std::int64_t dueNs);
    void warmingFailed(Connection* c, const QString& error);
    void finish(Connection* c, bool reusable);
    void release(Connection* c);
    QString where() const;

    LoadTarget m_target;
    QByteArray m_headerTemplate; // LoadTarget::postHeaders(), once
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
    // By id: an event or a timer can name a connection that a callback before it has discarded.
    std::unordered_map<std::uint64_t, std::unique_ptr<Connection>> m_connections;
    std::uint64_t m_nextConnectionId = 1;
    std::vector<Connection*> m_idle;
    int m_inFlight = 0;
    bool m_reuse = true; // false once the server closed a kept-alive connection under a request
    int m_preparing = 0;
    int m_toOpen = 0; // connections prepare() asked for, waiting for the address
    QString m_prepareError;
    std::function<void(const QString&)> m_ready;
    QByteArray m_readBuffer;
};

} // namespace kp::core
