// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/connectionpool.h"

#include "core/common/monotonicclock.h"

#include <algorithm>
#include <utility>

namespace kp::core {

namespace {

// How long the end of an HTTP body may lag [DONE] before the connection is given up (the request is complete).
constexpr int kAfterDoneMs = 1000;
// How long a request's user waits after [DONE] for the body's end before it is handed back and its connection left
// to drain: the end nearly always comes in the next read, and keeping the connection spares the user's next
// request a new connection (and over TLS a handshake, seen as 13% of requests through nginx); a server that holds
// the connection costs each request this much, where it cost the whole second.
constexpr int kDoneGraceMs = 10;

} // namespace

ConnectionPool::ConnectionPool(const ServerEndpoint& target)
    : m_target(target)
    , m_headerTemplate(target.postHeaders())
{
    m_readBuffer.resize(256 * 1024);
}

ConnectionPool::~ConnectionPool() = default;

QString ConnectionPool::where() const
{
    return QStringLiteral("%1:%2").arg(m_target.host()).arg(m_target.port());
}

int ConnectionPool::openConnections() const
{
    return int(std::count_if(
        m_connections.begin(), m_connections.end(), [](const auto& entry) { return entry.second->connected; }));
}

ConnectionPool::Connection* ConnectionPool::adopt(std::unique_ptr<Connection> c)
{
    Connection* raw = c.get();
    raw->id = m_nextConnectionId++;
    m_connections.emplace(raw->id, std::move(c));
    return raw;
}

ConnectionPool::Connection* ConnectionPool::find(std::uint64_t id) const
{
    const auto it = m_connections.find(id);
    return it == m_connections.end() ? nullptr : it->second.get();
}

void ConnectionPool::discard(Connection* c)
{
    close(c);
    m_idle.erase(std::remove(m_idle.begin(), m_idle.end(), c), m_idle.end());
    m_connections.erase(c->id);
}

void ConnectionPool::closeAll()
{
    for (auto& [id, c] : m_connections)
        close(c.get());
    m_idle.clear();
    m_connections.clear();
}

void ConnectionPool::prepare(int connections, std::function<void(const QString& error)> ready)
{
    m_ready = std::move(ready);
    m_prepareError.clear();
    if (const QString why = cannotOpen(); !why.isEmpty()) {
        std::exchange(m_ready, nullptr)(why);
        return;
    }
    const int missing = std::max(0, connections - openConnections());
    m_preparing = missing;
    if (missing == 0) {
        std::exchange(m_ready, nullptr)(QString());
        return;
    }
    openWarming(missing);
}

void ConnectionPool::openWarming(int missing)
{
    for (int i = 0; i < missing; ++i)
        open()->warming = true;
}

void ConnectionPool::abandonPreparing(const QString& error)
{
    if (m_preparing == 0)
        return;
    m_preparing = 0;
    if (m_ready)
        std::exchange(m_ready, nullptr)(error);
}

void ConnectionPool::warmingFailed(Connection* c, const QString& error)
{
    if (!c->warming)
        return;
    c->warming = false;
    if (m_prepareError.isEmpty())
        m_prepareError = error;
    if (--m_preparing == 0 && m_ready)
        std::exchange(m_ready, nullptr)(m_prepareError);
}

void ConnectionPool::opened(Connection* c)
{
    c->connected = true;
    disarm(c);
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

void ConnectionPool::send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished)
{
    ++m_inFlight;
    Pending p {ServerEndpoint::postRequest(m_headerTemplate, path, body), std::move(record), std::move(finished)};
    if (!m_idle.empty()) {
        Connection* c = m_idle.back();
        m_idle.pop_back();
        c->resendable = Pending {p.request, p.record, nullptr};
        startOn(c, std::move(p));
        return;
    }
    sendOnNewConnection(std::move(p));
}

void ConnectionPool::sendOnNewConnection(Pending&& p)
{
    open()->queued = std::move(p);
}

void ConnectionPool::endUnsent(Pending&& p, ErrorClass cls, const QString& why, std::int64_t now)
{
    StreamRecorder recorder(std::move(p.record));
    recorder.fail(cls, why, now);
    --m_inFlight;
    p.finished(recorder.take());
}

bool ConnectionPool::resendAfterStaleClose(Connection* c)
{
    // Nothing of the response came, so the server never took the request. Sent again once, on a fresh connection,
    // as browsers and curl do; a server that does this (llama.cpp closes after every streamed response while its
    // headers say keep-alive) is offered no more reuse.
    if (!c->resendable || c->responseStarted || !c->recorder)
        return false;
    Pending again = std::move(*c->resendable);
    again.record.resentAfterClose = true;
    again.finished = std::move(c->finished);
    c->finished = nullptr;
    c->recorder.reset();
    c->resendable.reset();
    discard(c);
    m_reuse = false;
    sendOnNewConnection(std::move(again));
    return true;
}

void ConnectionPool::startOn(Connection* c, Pending&& p)
{
    c->responseStarted = false;
    c->reader.reset();
    c->finished = std::move(p.finished);
    c->recorder.emplace(std::move(p.record));
    c->requestBytes = p.request.size();
    const std::int64_t now = monotonicNowNs();
    c->deadlineNs = now + std::int64_t(m_target.requestTimeoutMs) * 1'000'000;
    arm(c, m_target.firstByteTimeoutMs, now);
    c->recorder->sent(now);
    write(c, std::move(p.request));
}

void ConnectionPool::adoptQueued(Connection* c)
{
    if (!c->queued)
        return;
    c->recorder.emplace(std::move(c->queued->record));
    c->finished = std::move(c->queued->finished);
    c->queued.reset();
}

void ConnectionPool::received(Connection* c, QByteArrayView bytes, std::int64_t now)
{
    if (c->draining) {
        c->reader.feed(bytes, [](QByteArrayView) {});
        if (c->reader.state() == HttpResponseReader::State::Error) {
            discard(c);
        } else if (c->reader.done()) {
            c->draining = false;
            disarm(c);
            if (c->reader.keepAlive() && m_reuse)
                release(c);
            else
                discard(c);
        }
        return;
    }
    if (!c->recorder)
        return; // nothing asked for: bytes on an idle keep-alive connection are discarded
    c->responseStarted = true;
    const bool hadHeaders = c->reader.headersDone();
    // The first-byte timeout runs from the send to the end of the headers: headers that dribble in a byte at a time
    // do not restart it. Once they are done, each read restarts the stall timeout.
    if (hadHeaders)
        arm(c, m_target.stallTimeoutMs, now);
    // The recorder learns the status before the first body byte: an error's JSON body often comes in the same read as
    // its headers, and must be kept as the error's words, not parsed as a stream.
    c->reader.feed(bytes, [c, now](QByteArrayView body) {
        if (!c->recorder->sawHeaders())
            c->recorder->headers(
                c->reader.status(), now, c->reader.location(), c->reader.contentType(), c->reader.contentEncoding());
        c->recorder->body(body, now);
    });
    if (!hadHeaders && c->reader.headersDone()) {
        if (!c->recorder->sawHeaders())
            c->recorder->headers(
                c->reader.status(), now, c->reader.location(), c->reader.contentType(), c->reader.contentEncoding());
        arm(c, m_target.stallTimeoutMs, now);
    }
    if (c->recorder->overran()) {
        finish(c, false); // the server goes on past the request: its connection is not worth keeping
        return;
    }
    if (c->reader.state() == HttpResponseReader::State::Error) {
        c->recorder->fail(ErrorClass::Other,
            QStringLiteral("The response was not valid HTTP: %1.").arg(QString::fromLatin1(c->reader.error())), now);
        finish(c, false);
        return;
    }
    if (c->reader.done()) {
        c->recorder->complete(now);
        finish(c, c->reader.keepAlive());
        return;
    }
    // [DONE] came and the body has not ended: the request is over for its timings, and for its user after a short
    // grace for the body's end (onTimeout hands it back). A server that held the connection after [DONE] kept each
    // user waiting a second, so that one user measured 28 tokens/s where it got 180.
    // The grace runs from [DONE] itself: bytes that keep coming after it do not hold the user longer.
    if (c->recorder->sawDone())
        armAt(c, c->recorder->doneNs() + std::int64_t(std::min(m_target.stallTimeoutMs, kDoneGraceMs)) * 1'000'000);
}

ConnectionPool::Ended ConnectionPool::takeRequest(Connection* c)
{
    Ended ended {c->recorder->take(), std::move(c->finished)};
    c->recorder.reset();
    c->finished = nullptr;
    c->resendable.reset();
    c->deadlineNs = -1;
    --m_inFlight;
    return ended;
}

void ConnectionPool::handBackAtDone(Connection* c, std::int64_t now)
{
    c->recorder->complete(now);
    Ended ended = takeRequest(c);
    c->draining = true;
    arm(c, std::min(m_target.stallTimeoutMs, kAfterDoneMs), now);
    ended.finished(std::move(ended.record));
}

void ConnectionPool::arm(Connection* c, int ms, std::int64_t now)
{
    std::int64_t due = now + std::int64_t(ms) * 1'000'000;
    if (c->deadlineNs >= 0)
        due = std::min(due, c->deadlineNs);
    armAt(c, due);
}

void ConnectionPool::closedByServer(Connection* c)
{
    warmingFailed(c,
        QStringLiteral("Could not open a connection to the server: it closed the connection at once "
                       "(%1; a TLS server spoken to in plain HTTP, or the other way round?)")
            .arg(where()));
    c->connected = false;
    if (resendAfterStaleClose(c))
        return;
    if (!c->recorder) {
        discard(c); // an idle connection the server closed
        return;
    }
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
    else if (const qint64 left = unsent(c); left > 0)
        c->recorder->fail(
            ErrorClass::StreamCut, ServerEndpoint::cutRequestSentence(c->requestBytes - left, c->requestBytes), now);
    else
        c->recorder->fail(
            ErrorClass::StreamCut, QStringLiteral("The server closed the connection before answering."), now);
    finish(c, false);
}

void ConnectionPool::failed(Connection* c, const QString& message, ErrorClass cls, bool closeLike, bool connecting)
{
    const std::int64_t now = monotonicNowNs();
    warmingFailed(c, QStringLiteral("Could not open a connection to the server: %1").arg(message));
    adoptQueued(c);
    if (!c->recorder) {
        discard(c);
        return;
    }
    // Asked before closed(), which turns a cut body into a reader error.
    const bool headersDone = c->reader.headersDone();
    if (closeLike && headersDone) {
        c->reader.closed();
        if (c->reader.done() || c->recorder->sawDone()) {
            c->recorder->complete(now);
            finish(c, false);
            return;
        }
    }
    // A close in words that say when it came (the system's own, "Connection reset by peer", does not), and a server
    // that let go in the middle of the request, without a word, with how much had gone out.
    const qint64 left = unsent(c);
    const bool cut = closeLike && !connecting && !headersDone && left > 0;
    const QString why = !closeLike || connecting ? message
        : headersDone
        ? QStringLiteral("The server closed the connection in the middle of the response (%1).").arg(where())
        : cut ? ServerEndpoint::cutRequestSentence(c->requestBytes - left, c->requestBytes)
              : QStringLiteral("The server closed the connection before answering (%1).").arg(where());
    c->recorder->fail(cut ? ErrorClass::StreamCut : cls, why, now);
    finish(c, false);
}

void ConnectionPool::onTimeout(Connection* c)
{
    if (c->draining) {
        discard(c); // the body never ended after [DONE]: its state is unknown
        return;
    }
    const std::int64_t now = monotonicNowNs();
    if (!c->connected && !c->recorder && !c->queued) {
        warmingFailed(c,
            (c->handshaking ? QStringLiteral("No TLS handshake with %1 within %2 ms.")
                            : QStringLiteral("No connection to %1 within %2 ms."))
                .arg(where())
                .arg(m_target.connectTimeoutMs));
        discard(c);
        return;
    }
    adoptQueued(c);
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

void ConnectionPool::finish(Connection* c, bool reusable)
{
    disarm(c);
    Ended ended = takeRequest(c);
    if (reusable && m_reuse && unsent(c) == 0)
        release(c);
    else
        discard(c); // after a failure or a close its state is unknown: the next request gets a fresh one
    ended.finished(std::move(ended.record));
}

void ConnectionPool::release(Connection* c)
{
    if (c->connected && std::find(m_idle.begin(), m_idle.end(), c) == m_idle.end())
        m_idle.push_back(c);
}

void ConnectionPool::cancelAll()
{
    const std::int64_t now = monotonicNowNs();
    std::vector<std::uint64_t> busy;
    for (auto& [id, c] : m_connections) {
        if (c->recorder || c->queued)
            busy.push_back(id);
    }
    for (const std::uint64_t id : busy) {
        Connection* c = find(id);
        if (!c)
            continue;
        adoptQueued(c);
        c->recorder->fail(ErrorClass::Cancelled, QStringLiteral("Cancelled."), now);
        finish(c, false);
    }
}

} // namespace kp::core
