// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/sim/httprequest.h"

#include <QByteArray>
#include <QObject>

#include <cstdint>

class QTcpSocket;

namespace kp::core {

class SimServer;

/// One client connection of the simulated server: reads HTTP/1.1 requests one at a time (pipelined ones wait their
/// turn), hands them to the server, and writes what the server answers. Streamed bytes go to the kernel the moment
/// they are written, so the time taken after a write is the time the client could first read them.
class SimConnection : public QObject
{
    Q_OBJECT
public:
    SimConnection(QTcpSocket* socket, SimServer* server);
    ~SimConnection() override;

    /// A complete response. Ends the exchange: the next pipelined request, if any, is read after it.
    void respond(
        int status, const QByteArray& contentType, const QByteArray& body, const QByteArray& extraHeaders = {});
    /// The status line and headers of a chunked text/event-stream response. With `headerDelayMs` > 0 they leave in
    /// pieces over that many milliseconds, and whatever is written meanwhile waits behind them.
    void beginEventStream(int headerDelayMs = 0);
    /// Bytes already framed as HTTP chunks; returns the monotonic time at which they were handed to the kernel.
    std::int64_t writeFramed(const QByteArray& bytes);
    /// Ends the exchange of an event stream whose terminating chunk has been written.
    void endEventStream();
    /// Closes the socket at once, mid-response, as a crashed server or a proxy would.
    void cut();

    /// The engine request this connection is waiting on, or 0.
    std::uint64_t activeRequest() const { return m_activeRequest; }
    void setActiveRequest(std::uint64_t id) { m_activeRequest = id; }
    bool isOpen() const;

    /// Appends `payload` as one HTTP/1.1 chunk to `out`.
    static void appendChunk(QByteArray* out, QByteArrayView payload);
    static QByteArray statusLine(int status);

private:
    void onReadyRead();
    void processBuffer();
    void finishExchange();
    void writeRaw(const QByteArray& bytes);
    QByteArray commonHeaders() const;

    QTcpSocket* m_socket;
    bool m_plainSocket; // not TLS: bytes may go to the kernel directly
    SimServer* m_server;
    QByteArray m_in;
    HttpRequestParser m_parser;
    std::uint64_t m_activeRequest = 0;
    bool m_busy = false; // an exchange is in progress
    bool m_processing = false; // inside processBuffer(): don't recurse into it
    bool m_keepAlive = true;
    bool m_continueSent = false;
    bool m_holding = false; // slow headers still leaving
    bool m_closeWhenReleased = false;
    QByteArray m_held;
};

} // namespace kp::core
