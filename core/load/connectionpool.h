// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/serverendpoint.h"
#include "core/load/streamrecorder.h"
#include "core/load/streamtransport.h"
#include "core/net/httpresponsereader.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace kp::core {

/// The keep-alive connection pool the readiness-set and socket transports share: connections warmed before anything is
/// measured, a request sent on an idle connection or queued on a new one, sent again once on a fresh one when the
/// server had closed the idle one under it, its response read into its recorder (status, headers, chunked body,
/// [DONE]), its timeouts, and its connection kept or closed when it ends. A transport supplies how a connection is
/// opened, written to, timed and closed, and calls received() with each read's bytes and the time they were read.
///
/// Everything here runs on the transport's worker thread.
class ConnectionPool : public StreamTransport
{
public:
    ~ConnectionPool() override;

    void prepare(int connections, std::function<void(const QString& error)> ready) override;
    void send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished) override;
    void cancelAll() override;
    int inFlight() const override { return m_inFlight; }
    int openConnections() const override;

protected:
    struct Pending
    {
        QByteArray request;
        RequestRecord record;
        Finished finished;
    };
    /// One connection's share of the pool: the request it carries and how far its response has come. A transport's
    /// own connection derives from it and adds its socket.
    struct Connection
    {
        virtual ~Connection() = default;

        std::uint64_t id = 0;
        HttpResponseReader reader;
        std::optional<StreamRecorder> recorder;
        Finished finished;
        std::optional<Pending> queued; // a request waiting for this connection to open
        // A request sent on a connection that was idle (kept alive after an earlier response, or opened by
        // prepare()), kept so that it can be sent again on a fresh one if the server turns out to have closed it.
        std::optional<Pending> resendable;
        qint64 requestBytes = 0; // the current request's size
        bool responseStarted = false; // a byte of the current request's response has arrived
        std::int64_t deadlineNs = -1; // when the current request has taken the longest a request may
        bool connected = false; // ready for requests: TCP, and TLS over https
        bool handshaking = false; // TCP is up, TLS is not yet
        bool warming = false; // opened by prepare(), reported to it once
        // Its request was handed back at [DONE]; the rest of the body is read (briefly) so the connection can be kept.
        bool draining = false;
    };

    explicit ConnectionPool(const ServerEndpoint& target);

    // What a transport supplies.
    /// Starts opening a connection, registered with adopt(); it reports opened() or a failure later, never at once.
    virtual Connection* open() = 0;
    /// Writes the current request (as much as the socket takes now; the rest as it drains).
    virtual void write(Connection* c, QByteArray request) = 0;
    /// The connection's timeout fires at `dueNs` on the monotonic clock (onTimeout()), replacing the one set before.
    virtual void armAt(Connection* c, std::int64_t dueNs) = 0;
    virtual void disarm(Connection* c) = 0;
    /// Of the current request, the bytes not yet written (0 once it is all out).
    virtual qint64 unsent(const Connection* c) const = 0;
    /// Closes the connection's socket; discard() forgets the connection after it.
    virtual void close(Connection* c) = 0;
    /// Sends a request that found no idle connection: on a new one, unless the transport must first wait for
    /// something (the host's address).
    virtual void sendOnNewConnection(Pending&& p);
    /// Opens `missing` connections for prepare(), each marked warming.
    virtual void openWarming(int missing);
    /// Why prepare() cannot open anything at all (empty: it can).
    virtual QString cannotOpen() const { return {}; }

    // What the pool does, called by the transport.
    Connection* adopt(std::unique_ptr<Connection> c);
    Connection* find(std::uint64_t id) const;
    /// Closes and forgets the connection: `c` dangles after it.
    void discard(Connection* c);
    /// The connection is ready for requests: warming reported, its queued request sent, or it waits idle.
    void opened(Connection* c);
    /// The bytes one read returned, read at `now`.
    void received(Connection* c, QByteArrayView bytes, std::int64_t now);
    /// The server closed the connection (a read returned its end).
    void closedByServer(Connection* c);
    /// The connection failed: `message` says how, with where; `cls` classes it. `closeLike`: a close, a reset or a
    /// broken pipe, whose sentence says when in the exchange it came; `connecting`: before the connection was up.
    void failed(Connection* c, const QString& message, ErrorClass cls, bool closeLike, bool connecting);
    /// An idle connection the server had already closed, found out by the request written on it: sent again once on
    /// a fresh one. False when it is not that case.
    bool resendAfterStaleClose(Connection* c);
    /// The connection's timeout fired.
    void onTimeout(Connection* c);
    /// Tells prepare() that a warming connection could not open.
    void warmingFailed(Connection* c, const QString& error);
    /// The request waiting for `c` to open becomes its current one, to be ended with the connection's failure.
    void adoptQueued(Connection* c);
    /// Ends a request that never reached a connection.
    void endUnsent(Pending&& p, ErrorClass cls, const QString& why, std::int64_t now);
    /// prepare() cannot go on (the host's address was not found): it is told `error` now.
    void abandonPreparing(const QString& error);
    /// Closes and forgets every connection: a transport's destructor calls it while what its sockets use still lives.
    void closeAll();
    /// "host:port", as every sentence names the server.
    QString where() const;
    QByteArray& readBuffer() { return m_readBuffer; }

    const ServerEndpoint m_target;

private:
    /// A request taken off its connection, to be handed to its user once the connection is seen to.
    struct Ended
    {
        RequestRecord record;
        Finished finished;
    };

    void startOn(Connection* c, Pending&& p);
    /// Takes the current request off `c`: no longer in flight, and nothing of it left on the connection.
    Ended takeRequest(Connection* c);
    /// The connection's timeout fires `ms` after `now`, or at the request's deadline when that comes first.
    void arm(Connection* c, int ms, std::int64_t now);
    /// Hands the request back at [DONE] and keeps reading the connection to the end of its body.
    void handBackAtDone(Connection* c, std::int64_t now);
    void finish(Connection* c, bool reusable);
    void release(Connection* c);

    QByteArray m_headerTemplate; // ServerEndpoint::postHeaders(), once
    // By id: an event, a queued signal or a timer can name a connection that a callback before it has discarded, and
    // must then find nothing rather than freed memory.
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
