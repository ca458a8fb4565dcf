// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simconnection.h"

#include "core/common/monotonicclock.h"
#include "core/sim/simserver.h"

#include <QDateTime>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

namespace kp::core {

namespace {

const char* reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return "Continue";
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 413:
        return "Request Entity Too Large";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return "Unknown";
    }
}

// The Date header changes once a second; formatting it for every response would cost more than the response.
QByteArray httpDate()
{
    static qint64 cachedSecond = -1;
    static QByteArray cached;
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (now != cachedSecond) {
        cachedSecond = now;
        cached = QLocale::c()
                     .toString(QDateTime::fromSecsSinceEpoch(now, Qt::UTC), u"ddd, dd MMM yyyy hh:mm:ss 'GMT'")
                     .toLatin1();
    }
    return cached;
}

} // namespace

SimConnection::SimConnection(QTcpSocket* socket, SimServer* server)
    : QObject(server)
    , m_socket(socket)
    , m_plainSocket(!socket->inherits("QSslSocket"))
    , m_server(server)
{
    m_socket->setParent(this);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(m_socket, &QTcpSocket::readyRead, this, &SimConnection::onReadyRead);
    // Queued: a write to a peer that has gone emits disconnected() from inside flush(), and the server must not
    // lose the request it is writing for in the middle of writing it.
    connect(
        m_socket, &QTcpSocket::disconnected, this,
        [this] {
            m_server->connectionClosed(this);
            deleteLater();
        },
        Qt::QueuedConnection);
}

SimConnection::~SimConnection() = default;

bool SimConnection::isOpen() const
{
    return m_socket->state() == QAbstractSocket::ConnectedState;
}

QByteArray SimConnection::statusLine(int status)
{
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
}

QByteArray SimConnection::commonHeaders() const
{
    QByteArray h = "date: " + httpDate() + "\r\nserver: uvicorn\r\n";
    if (!m_keepAlive)
        h += "connection: close\r\n";
    return h;
}

void SimConnection::appendChunk(QByteArray* out, QByteArrayView payload)
{
    *out += QByteArray::number(payload.size(), 16);
    *out += "\r\n";
    *out += payload;
    *out += "\r\n";
}

void SimConnection::onReadyRead()
{
    m_in += m_socket->readAll();
    processBuffer();
}

void SimConnection::processBuffer()
{
    if (m_processing)
        return;
    m_processing = true;
    QPointer<SimConnection> self(this);
    while (!m_busy && self && isOpen()) {
        HttpRequest request;
        const auto result = m_parser.parse(&m_in, &request);
        if (result == HttpRequestParser::Result::NeedMore) {
            if (m_parser.expectsContinue() && !m_continueSent) {
                writeRaw(statusLine(100) + "\r\n");
                m_continueSent = true;
            }
            break;
        }
        if (result == HttpRequestParser::Result::Error) {
            m_keepAlive = false;
            m_busy = true;
            respond(m_parser.errorStatus(), "application/json", "{\"detail\":\"" + m_parser.errorMessage() + "\"}");
            break;
        }
        m_continueSent = false;
        m_busy = true;
        m_keepAlive = request.keepAlive;
        m_server->handle(this, std::move(request));
    }
    if (self)
        m_processing = false;
}

void SimConnection::writeRaw(const QByteArray& bytes)
{
    if (m_holding) {
        m_held += bytes;
        return;
    }
    if (!isOpen())
        return; // the peer left; disconnected() is on its way
    qsizetype sent = 0;
#ifdef Q_OS_UNIX
    // Straight to the kernel when Qt holds nothing back: QTcpSocket's buffer and its write notifier, switched on and
    // off for every chunk, cost more than the send itself with thousands of streams. Whatever the kernel does not
    // take, and any error, goes through QTcpSocket as usual, which buffers it or reports the failure. Never over
    // TLS, where the bytes must go through the socket's encryption.
    if (m_plainSocket && m_socket->bytesToWrite() == 0) {
        const ssize_t n = ::send(
            int(m_socket->socketDescriptor()), bytes.constData(), size_t(bytes.size()), MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n == bytes.size())
            return;
        sent = n > 0 ? n : 0;
    }
#endif
    m_socket->write(bytes.constData() + sent, bytes.size() - sent);
    m_socket->flush();
}

void SimConnection::respond(
    int status, const QByteArray& contentType, const QByteArray& body, const QByteArray& extraHeaders)
{
    QByteArray out = statusLine(status) + commonHeaders() + "content-length: " + QByteArray::number(body.size())
        + "\r\ncontent-type: " + contentType + "\r\n" + extraHeaders + "\r\n" + body;
    writeRaw(out);
    finishExchange();
}

void SimConnection::beginEventStream(int headerDelayMs)
{
    const QByteArray head = statusLine(200) + commonHeaders()
        + "content-type: text/event-stream; charset=utf-8\r\ntransfer-encoding: chunked\r\n\r\n";
    if (headerDelayMs <= 0) {
        writeRaw(head);
        return;
    }
    // Four pieces, evenly spread: a client must not take the status line for the whole header block.
    constexpr int Pieces = 4;
    const qsizetype pieceSize = (head.size() + Pieces - 1) / Pieces;
    writeRaw(head.first(pieceSize));
    m_holding = true;
    for (int i = 1; i < Pieces; ++i) {
        QTimer::singleShot(headerDelayMs * i / (Pieces - 1), this, [this, head, i, pieceSize] {
            m_socket->write(head.mid(i * pieceSize, pieceSize));
            if (i == Pieces - 1) {
                m_holding = false;
                m_socket->write(m_held);
                m_held.clear();
            }
            m_socket->flush();
            if (i == Pieces - 1 && m_closeWhenReleased)
                m_socket->disconnectFromHost();
        });
    }
}

std::int64_t SimConnection::writeFramed(const QByteArray& bytes)
{
    // Taken just before the send: a reader on another core can have the bytes before a send() returns, and the
    // ground truth must never be later than what a client could observe.
    const std::int64_t now = monotonicNowNs();
    writeRaw(bytes);
    return now;
}

void SimConnection::endEventStream()
{
    // llama-server (cpp-httplib) closes the connection after every streamed response, although its headers said
    // keep-alive: a client must find that out on its next request.
    if (m_server->config().options.dialect == SimConfig::Dialect::LlamaCpp)
        m_keepAlive = false;
    finishExchange();
}

void SimConnection::finishExchange()
{
    m_busy = false;
    m_activeRequest = 0;
    if (!m_keepAlive) {
        if (m_holding)
            m_closeWhenReleased = true;
        else
            m_socket->disconnectFromHost();
        return;
    }
    if (!m_in.isEmpty())
        QTimer::singleShot(0, this, &SimConnection::processBuffer);
}

void SimConnection::cut()
{
    m_activeRequest = 0;
    m_held.clear();
    m_holding = false;
    m_socket->abort();
}

} // namespace kp::core
