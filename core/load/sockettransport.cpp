// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/sockettransport.h"

#include "core/common/monotonicclock.h"
#include "core/load/streamrecorder.h"
#include "core/net/httpresponsereader.h"

#include <QSslSocket>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <optional>

namespace kp::core {

struct SocketTransport::Connection
{
    std::uint64_t id = 0;
    QTcpSocket* socket = nullptr;
    QTimer* timer = nullptr;
    HttpResponseReader reader;
    std::optional<StreamRecorder> recorder;
    Finished finished;
    std::optional<Pending> queued; // a request waiting for this connection to open
    // A request sent on a connection that was idle (kept alive after an earlier response, or opened by prepare()),
    // kept so that it can be sent again on a fresh one if the server turns out to have closed this one.
    std::optional<Pending> resendable;
    bool responseStarted = false; // a byte of the current request's response has arrived
    qint64 requestBytes = 0; // the current request's size
    qint64 unsentAtError = 0; // of it, what was still unsent when the socket reported its error
    std::int64_t deadlineNs = -1; // when the current request has taken the longest a request may
    bool connected = false;
    bool busy = false;
    bool warming = false; // opened by prepare(), reported to it once
    // Its request was handed back at [DONE]; the rest of the body is read (briefly) so the connection can be kept.
    bool draining = false;
};

namespace {

// How long the end of an HTTP body may lag [DONE] before the connection is given up (the request is complete).
constexpr int kAfterDoneMs = 1000;
// How long a request's user waits after [DONE] for the body's end before it is handed back (as the lean transport).
constexpr int kDoneGraceMs = 10;

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

SocketTransport::SocketTransport(const LoadTarget& target, QObject* parent)
    : QObject(parent)
    , m_target(target)
{
    m_headerTemplate = target.postHeaders();
    m_readBuffer.resize(256 * 1024);
}

SocketTransport::~SocketTransport()
{
    for (auto& [id, c] : m_connections)
        c->socket->disconnect(this);
}

int SocketTransport::openConnections() const
{
    return int(std::count_if(
        m_connections.begin(), m_connections.end(), [](const auto& entry) { return entry.second->connected; }));
}

SocketTransport::Connection* SocketTransport::newConnection()
{
    auto c = std::make_unique<Connection>();
    Connection* raw = c.get();
    const std::uint64_t id = m_nextConnectionId++;
    raw->id = id;
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
    connect(raw->timer, &QTimer::timeout, this, on(&SocketTransport::onTimeout));
    m_connections.emplace(id, std::move(c));
    raw->timer->start(m_target.connectTimeoutMs);
    if (auto* ssl = qobject_cast<QSslSocket*>(raw->socket)) {
        m_target.applyTls(*ssl);
        ssl->connectToHostEncrypted(m_target.host(), m_target.port());
    } else
        raw->socket->connectToHost(m_target.host(), m_target.port());
    return raw;
}

SocketTransport::Connection* SocketTransport::find(std::uint64_t id) const
{
    const auto it = m_connections.find(id);
    return it == m_connections.end() ? nullptr : it->second.get();
}

void SocketTransport::discard(Connection* c)
{
    c->socket->disconnect(this);
    c->timer->disconnect(this);
    c->socket->abort();
    c->socket->deleteLater();
    c->timer->deleteLater();
    m_idle.erase(std::remove(m_idle.begin(), m_idle.end(), c), m_idle.end());
    m_connections.erase(c->id);
}

void SocketTransport::prepare(int connections, std::function<void(const QString& error)> ready)
{
    m_ready = std::move(ready);
    m_prepareError.clear();
    const int missing = std::max(0, connections - openConnections());
    m_preparing = missing;
    if (missing == 0) {
        m_ready(QString());
        return;
    }
    for (int i = 0; i < missing; ++i)
        newConnection()->warming = true;
}

void SocketTransport::onConnected(Connection* c)
{
    c->connected = true;
    c->timer->stop();
    if (c->warming) {
        c->warming = false;
        if (--m_preparing == 0 && m_ready)
            std::exchange(m_ready, nullptr)(m_prepareError);
    }
    if (c->queued) {
        Pending p = std::move(*c->queued);
        c->queued.reset();
        startOn(c, std::move(p));
    } else {
        release(c);
    }
}

void SocketTransport::send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished)
{
    ++m_inFlight;
    Pending p {LoadTarget::postRequest(m_headerTemplate, path, body), std::move(record), std::move(finished)};
    if (!m_idle.empty()) {
        Connection* c = m_idle.back();
        m_idle.pop_back();
        c->resendable = Pending {p.request, p.record, nullptr};
        startOn(c, std::move(p));
        return;
    }
    sendOnNewConnection(std::move(p));
}

void SocketTransport::sendOnNewConnection(Pending&& p)
{
    Connection* c = newConnection();
    c->busy = true;
    c->queued = std::move(p);
}

bool SocketTransport::resendAfterStaleClose(Connection* c)
{
    // An idle connection the server had already closed, found out by the request written on it: nothing of the
    // response came, so the server never took the request. Sent again once, on a fresh connection, as browsers
    // and curl do; a server that does this (llama.cpp closes after every streamed response while its headers
    // say keep-alive) is offered no more reuse.
    if (!c->resendable || c->responseStarted || !c->recorder)
        return false;
    Pending again = std::move(*c->resendable);
    again.record.resentAfterClose = true;
    again.finished = std::move(c->finished);
    c->finished = nullptr;
    c->recorder.reset();
    c->resendable.reset();
    c->busy = false;
    discard(c);
    m_reuse = false;
    sendOnNewConnection(std::move(again));
    return true;
}

void SocketTransport::startOn(Connection* c, Pending&& p)
{
    c->busy = true;
    c->responseStarted = false;
    c->reader.reset();
    c->finished = std::move(p.finished);
    c->recorder.emplace(std::move(p.record));
    const std::int64_t now = monotonicNowNs();
    c->deadlineNs = now + std::int64_t(m_target.requestTimeoutMs) * 1'000'000;
    arm(c, m_target.firstByteTimeoutMs);
    c->recorder->sent(now);
    c->requestBytes = p.request.size();
    c->unsentAtError = 0;
    c->socket->write(p.request);
    c->socket->flush();
}

void SocketTransport::onReadyRead(Connection* c)
{
    // The time the bytes were read: Qt moved them from the kernel just before emitting readyRead.
    const std::int64_t now = monotonicNowNs();
    if (c->draining) {
        c->reader.feed(c->socket->readAll(), [](QByteArrayView) {});
        if (c->reader.state() == HttpResponseReader::State::Error) {
            discard(c);
        } else if (c->reader.done()) {
            c->draining = false;
            c->timer->stop();
            if (c->reader.keepAlive() && m_reuse)
                release(c);
            else
                discard(c);
        }
        return;
    }
    if (!c->recorder) {
        c->socket->readAll(); // nothing asked for: bytes on an idle keep-alive connection are discarded
        return;
    }
    // The first-byte timeout runs from the send to the end of the headers: headers that dribble in a byte at a
    // time do not restart it. Once they are done, each read restarts the stall timeout.
    if (c->reader.headersDone())
        arm(c, m_target.stallTimeoutMs);
    while (c->recorder && c->socket->bytesAvailable() > 0) {
        const qint64 n = c->socket->read(m_readBuffer.data(), m_readBuffer.size());
        if (n <= 0)
            break;
        const QByteArrayView bytes(m_readBuffer.constData(), n);
        c->responseStarted = true;
        const bool hadHeaders = c->reader.headersDone();
        // The recorder learns the status before the first body byte: an error's JSON body often comes in the same
        // read as its headers, and must be kept as the error's words, not parsed as a stream.
        c->reader.feed(bytes, [c, now](QByteArrayView body) {
            if (!c->recorder->sawHeaders())
                c->recorder->headers(c->reader.status(), now, c->reader.location(), c->reader.contentType(),
                    c->reader.contentEncoding());
            c->recorder->body(body, now);
        });
        if (!hadHeaders && c->reader.headersDone()) {
            if (!c->recorder->sawHeaders())
                c->recorder->headers(c->reader.status(), now, c->reader.location(), c->reader.contentType(),
                    c->reader.contentEncoding());
            arm(c, m_target.stallTimeoutMs);
        }
        if (c->recorder->overran()) {
            finish(c, false); // the server goes on past the request: its connection is not worth keeping
            return;
        }
        if (c->reader.state() == HttpResponseReader::State::Error) {
            c->recorder->fail(ErrorClass::Other,
                QStringLiteral("The response was not valid HTTP: %1.").arg(QString::fromLatin1(c->reader.error())),
                now);
            finish(c, false);
            return;
        }
        if (c->reader.done()) {
            c->recorder->complete(now);
            finish(c, c->reader.keepAlive());
            return;
        }
    }
    // [DONE] came and the body has not ended: the request is over for its timings, and for its user after a short
    // grace for the body's end (onTimeout hands it back), so that its connection is kept for the next request.
    // The grace runs from [DONE] itself: bytes that keep coming after it do not hold the user longer.
    if (c->recorder && c->recorder->sawDone()) {
        const std::int64_t left = c->recorder->doneNs() + std::int64_t(kDoneGraceMs) * 1'000'000 - monotonicNowNs();
        c->timer->start(int(std::clamp<std::int64_t>((left + 999'999) / 1'000'000, 0, kDoneGraceMs)));
    }
}

void SocketTransport::handBackAtDone(Connection* c, std::int64_t now)
{
    c->recorder->complete(now);
    RequestRecord record = c->recorder->take();
    c->recorder.reset();
    Finished finished = std::move(c->finished);
    c->finished = nullptr;
    c->resendable.reset();
    c->draining = true;
    --m_inFlight;
    c->deadlineNs = now + std::int64_t(kAfterDoneMs) * 1'000'000;
    arm(c, std::min(m_target.stallTimeoutMs, kAfterDoneMs));
    finished(std::move(record));
}

void SocketTransport::arm(Connection* c, int ms)
{
    const std::int64_t left = (c->deadlineNs - monotonicNowNs() + 999'999) / 1'000'000;
    c->timer->start(int(std::clamp<std::int64_t>(left, 0, ms)));
}

void SocketTransport::warmingFailed(Connection* c, const QString& error)
{
    if (!c->warming)
        return;
    c->warming = false;
    if (m_prepareError.isEmpty())
        m_prepareError = error;
    if (--m_preparing == 0 && m_ready)
        std::exchange(m_ready, nullptr)(m_prepareError);
}

void SocketTransport::onDisconnected(Connection* c)
{
    warmingFailed(c,
        QStringLiteral("Could not open a connection to the server: it closed the connection at once "
                       "(%1:%2; a TLS server spoken to in plain HTTP, or the other way round?)")
            .arg(m_target.host())
            .arg(m_target.port()));
    c->connected = false;
    if (resendAfterStaleClose(c))
        return;
    if (c->recorder) {
        // Asked before closed(), which turns a cut body into a reader error.
        const bool headersDone = c->reader.headersDone();
        c->reader.closed();
        const std::int64_t now = monotonicNowNs();
        // A close after [DONE] ends a whole stream: the request ended at [DONE].
        if (c->reader.done() || c->recorder->sawDone())
            c->recorder->complete(now);
        else if (headersDone)
            c->recorder->fail(ErrorClass::StreamCut,
                QStringLiteral("The server closed the connection in the middle of the response."), now);
        else if (const qint64 unsent = std::max(c->socket->bytesToWrite(), c->unsentAtError); unsent > 0)
            c->recorder->fail(
                ErrorClass::StreamCut, LoadTarget::cutRequestSentence(c->requestBytes - unsent, c->requestBytes), now);
        else
            c->recorder->fail(
                ErrorClass::StreamCut, QStringLiteral("The server closed the connection before answering."), now);
        finish(c, false);
    } else {
        discard(c); // an idle connection the server closed
    }
}

void SocketTransport::onError(Connection* c)
{
    const QAbstractSocket::SocketError error = c->socket->error();
    if (error == QAbstractSocket::RemoteHostClosedError && c->connected && !c->recorder)
        return; // an idle keep-alive connection closed by the server: onDisconnected tidies up
    // A reset or broken pipe on the write says the same as a close: the server had let the connection go.
    if (error != QAbstractSocket::SocketTimeoutError && resendAfterStaleClose(c))
        return;
    const QString message
        = QStringLiteral("%1 (%2:%3)").arg(c->socket->errorString(), m_target.host()).arg(m_target.port());
    const std::int64_t now = monotonicNowNs();
    warmingFailed(c, QStringLiteral("Could not open a connection to the server: %1").arg(message));
    if (c->queued) {
        c->recorder.emplace(std::move(c->queued->record));
        c->finished = std::move(c->queued->finished);
        c->queued.reset();
    }
    if (c->recorder) {
        // Asked before closed(), which turns a cut body into a reader error.
        const bool headersDone = c->reader.headersDone();
        if (error == QAbstractSocket::RemoteHostClosedError && headersDone) {
            c->reader.closed();
            if (c->reader.done() || c->recorder->sawDone()) {
                c->recorder->complete(now);
                finish(c, false);
                return;
            }
        }
        // A server that let go in the middle of the request, without a word: said so, with how much had gone out.
        const bool cut = !headersDone && c->unsentAtError > 0 && error != QAbstractSocket::SocketTimeoutError;
        // A close in words that say when it came; Qt's own ("The remote host closed the connection") does not.
        const QString why = cut ? LoadTarget::cutRequestSentence(c->requestBytes - c->unsentAtError, c->requestBytes)
            : error != QAbstractSocket::RemoteHostClosedError ? message
            : headersDone ? QStringLiteral("The server closed the connection in the middle of the response (%1:%2).")
                                .arg(m_target.host())
                                .arg(m_target.port())
                          : QStringLiteral("The server closed the connection before answering (%1:%2).")
                                .arg(m_target.host())
                                .arg(m_target.port());
        c->recorder->fail(cut ? ErrorClass::StreamCut : classifySocketError(error, headersDone), why, now);
        finish(c, false);
    } else if (c->socket->state() != QAbstractSocket::ConnectedState) {
        discard(c);
    }
}

void SocketTransport::onTimeout(Connection* c)
{
    if (c->draining) {
        discard(c); // the body never ended after [DONE]: its state is unknown
        return;
    }
    const std::int64_t now = monotonicNowNs();
    if (!c->connected && !c->recorder && !c->queued) {
        warmingFailed(c,
            QStringLiteral("No connection to %1:%2 within %3 ms.")
                .arg(m_target.host())
                .arg(m_target.port())
                .arg(m_target.connectTimeoutMs));
        discard(c);
        return;
    }
    if (c->queued) {
        c->recorder.emplace(std::move(c->queued->record));
        c->finished = std::move(c->queued->finished);
        c->queued.reset();
    }
    if (!c->recorder)
        return;
    if (c->recorder->sawDone()) {
        handBackAtDone(c, now); // the body's end did not follow [DONE]: the user goes on, the connection drains
        return;
    }
    const QString what = m_target.timeoutSentence(c->connected, now >= c->deadlineNs, c->reader.headersDone());
    c->recorder->fail(ErrorClass::Timeout, what, now);
    finish(c, false);
}

void SocketTransport::finish(Connection* c, bool reusable)
{
    c->timer->stop();
    RequestRecord record = c->recorder->take();
    c->recorder.reset();
    Finished finished = std::move(c->finished);
    c->finished = nullptr;
    c->busy = false;
    c->resendable.reset();
    --m_inFlight;
    if (reusable && m_reuse)
        release(c);
    else
        discard(c); // after a failure or a close its state is unknown: the next request gets a fresh one
    finished(std::move(record));
}

void SocketTransport::release(Connection* c)
{
    c->busy = false;
    if (c->connected && std::find(m_idle.begin(), m_idle.end(), c) == m_idle.end())
        m_idle.push_back(c);
}

void SocketTransport::cancelAll()
{
    const std::int64_t now = monotonicNowNs();
    std::vector<Connection*> busy;
    for (auto& [id, c] : m_connections) {
        if (c->recorder || c->queued)
            busy.push_back(c.get());
    }
    for (Connection* c : busy) {
        if (c->queued) {
            c->recorder.emplace(std::move(c->queued->record));
            c->finished = std::move(c->queued->finished);
            c->queued.reset();
        }
        c->recorder->fail(ErrorClass::Cancelled, QStringLiteral("Cancelled."), now);
        finish(c, false);
    }
}

} // namespace kp::core
