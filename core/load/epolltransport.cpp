// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/epolltransport.h"

#include "core/common/monotonicclock.h"
#include "core/common/precisetimer.h"
#include "core/load/streamrecorder.h"
#include "core/net/httpresponsereader.h"
#ifdef KNEEPOINT_LEAN_TLS
#include "core/net/tlssession.h"
#endif

#include <QHostInfo>
#include <QSocketNotifier>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <sys/socket.h>
#include <unistd.h>

namespace kp::core {

struct EpollTransport::Connection
{
    std::uint64_t id = 0;
    int fd = -1;
    std::uint8_t watched = ReadinessSet::None; // what the set watches it for
    HttpResponseReader reader;
    std::optional<StreamRecorder> recorder;
    Finished finished;
    std::optional<Pending> queued; // a request waiting for this connection to open
    // A request sent on a connection that was idle, kept so that it can be sent again on a fresh one if the server
    // turns out to have closed this one (as the socket transport does).
    std::optional<Pending> resendable;
    QByteArray out; // the request being written
    qsizetype written = 0;
    bool responseStarted = false;
    std::int64_t deadlineNs = -1; // when the current request has taken the longest a request may
    std::int64_t dueNs = -1; // when the current timeout fires, or -1
    std::int64_t heapNs = -1; // the due time of this connection's live entry in the heap, or -1
#ifdef KNEEPOINT_LEAN_TLS
    std::unique_ptr<TlsSession> tls; // over https, from the TCP connect on
#endif
    bool handshaking = false; // TCP is up, TLS is not yet
    bool readWantsWrite = false; // TLS must write (a key update) before it can read on
    // Its request was handed back at [DONE]; the rest of the body is read (briefly) so the connection can be kept.
    bool draining = false;
    bool writeWantsRead = false; // TLS must read before the request can go on out
    bool connected = false; // ready for requests: TCP, and TLS over https
    bool warming = false; // opened by prepare(), reported to it once
};

namespace {

// How long the end of an HTTP body may lag [DONE] before the connection is given up (the request is complete).
constexpr int kAfterDoneMs = 1000;
// How long a request's user waits after [DONE] for the body's end before it is handed back and its connection left
// to drain: the end nearly always comes in the next read, and keeping the connection spares the user's next
// request a new connection (and over TLS a handshake, seen as 13% of requests through nginx); a server that holds
// the connection costs each request this much, where it cost the whole second.
constexpr int kDoneGraceMs = 10;
// Events taken from the kernel per wake-up. Level-triggered: what is left is reported at the next one, after Qt has
// had a turn.
constexpr int kMaxEvents = 512;

#ifndef MSG_NOSIGNAL
// macOS has no MSG_NOSIGNAL: SO_NOSIGPIPE, set on each socket, keeps a write to a closed connection from killing us.
constexpr int MSG_NOSIGNAL = 0;
#endif

// The error the socket holds, cleared by the asking.
int pendingError(int fd)
{
    int error = 0;
    socklen_t length = sizeof error;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
    return error;
}

// A non-blocking, close-on-exec TCP socket with Nagle off: requests go out whole, at once.
int openSocket(int family)
{
#ifdef SOCK_NONBLOCK
    const int fd = ::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return fd;
#else
    // macOS: two more calls. A socket left blocking would stall the worker thread in connect(), so a refusal is an
    // error; so is one of close-on-exec, which a server Kneepoint launches must not inherit.
    const int fd = ::socket(family, SOCK_STREAM, 0);
    if (fd < 0)
        return fd;
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 || ::fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
        const int error = errno;
        ::close(fd);
        errno = error;
        return -1;
    }
#endif
#ifdef SO_NOSIGPIPE
    const int on = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

ErrorClass classifyErrno(int error, bool connecting, bool headersDone)
{
    switch (error) {
    case ECONNREFUSED:
        return ErrorClass::ConnectionRefused;
    case ETIMEDOUT:
        return ErrorClass::Timeout;
    case ECONNRESET:
    case EPIPE:
        return connecting ? ErrorClass::Other : ErrorClass::StreamCut;
    default:
        return headersDone ? ErrorClass::StreamCut : ErrorClass::Other;
    }
}

} // namespace

bool EpollTransport::supports(const LoadTarget& target)
{
#ifdef KNEEPOINT_LEAN_TLS
    Q_UNUSED(target)
    return true;
#else
    return target.baseUrl.scheme() != u"https";
#endif
}

EpollTransport::EpollTransport(const LoadTarget& target, QObject* parent)
    : QObject(parent)
    , m_target(target)
{
    m_headerTemplate = target.postHeaders();
    m_readBuffer.resize(256 * 1024);
    if (m_set.isValid()) {
        m_notifier = new QSocketNotifier(m_set.descriptor(), QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &EpollTransport::drain);
    }
    m_timer = new PreciseTimer(this);
    connect(m_timer, &PreciseTimer::timeout, this, &EpollTransport::onTimer);
    // An address written as one needs no lookup; a name is looked up once, by prepare().
    m_address = QHostAddress(target.host());
#ifdef KNEEPOINT_LEAN_TLS
    // Made here, before anything is timed: the system's trust store takes milliseconds to read.
    if (target.baseUrl.scheme() == u"https")
        m_tls.reset(new TlsContext(TlsContext::Settings {target.host(), target.verifyTls, target.caFile}));
#endif
}

void EpollTransport::TlsContextDeleter::operator()(TlsContext* context) const
{
#ifdef KNEEPOINT_LEAN_TLS
    delete context;
#else
    Q_UNUSED(context) // never made without OpenSSL
#endif
}

EpollTransport::~EpollTransport()
{
    delete m_notifier; // before its descriptor closes
    m_notifier = nullptr;
    for (auto& [id, c] : m_connections)
        ::close(c->fd);
}

QString EpollTransport::where() const
{
    return QStringLiteral("%1:%2").arg(m_target.host()).arg(m_target.port());
}

int EpollTransport::openConnections() const
{
    return int(std::count_if(
        m_connections.begin(), m_connections.end(), [](const auto& entry) { return entry.second->connected; }));
}

void EpollTransport::prepare(int connections, std::function<void(const QString& error)> ready)
{
    m_ready = std::move(ready);
    m_prepareError.clear();
    if (!m_set.isValid()) {
        std::exchange(m_ready, nullptr)(
            QStringLiteral("Could not open a connection to the server: %1 failed (%2).")
                .arg(QLatin1String(ReadinessSet::backend()), qt_error_string(m_set.error())));
        return;
    }
    const int missing = std::max(0, connections - openConnections());
    m_preparing = missing;
    if (missing == 0) {
        std::exchange(m_ready, nullptr)(QString());
        return;
    }
    if (m_address.isNull()) {
        // Looked up on Qt's pool, never blocking this thread: a slow resolver must not stall the streams it serves.
        m_toOpen = missing;
        if (!m_resolving) {
            m_resolving = true;
            QHostInfo::lookupHost(m_target.host(), this, [this](const QHostInfo& info) {
                resolved(info.addresses(), info.error() == QHostInfo::NoError ? QString() : info.errorString());
            });
        }
        return;
    }
    for (int i = 0; i < missing; ++i)
        newConnection()->warming = true;
}

void EpollTransport::resolved(const QList<QHostAddress>& addresses, const QString& error)
{
    m_resolving = false;
    // IPv4 first: a server bound to 0.0.0.0 (vLLM's default) does not answer on ::1, and "localhost" lists both.
    for (const QHostAddress& a : addresses) {
        if (a.protocol() == QAbstractSocket::IPv4Protocol) {
            m_address = a;
            break;
        }
    }
    if (m_address.isNull() && !addresses.isEmpty())
        m_address = addresses.first();
    if (m_address.isNull()) {
        m_resolveError = QStringLiteral("Host not found (%1%2)")
                             .arg(where(), error.isEmpty() ? QString() : QStringLiteral(": ") + error);
        if (m_preparing > 0) {
            m_preparing = 0;
            if (m_ready)
                std::exchange(m_ready, nullptr)(
                    QStringLiteral("Could not open a connection to the server: %1").arg(m_resolveError));
        }
        const std::int64_t now = monotonicNowNs();
        for (Pending& p : std::exchange(m_unresolved, {})) {
            StreamRecorder recorder(std::move(p.record));
            recorder.fail(ErrorClass::HostNotFound, m_resolveError, now);
            --m_inFlight;
            p.finished(recorder.take());
        }
        return;
    }
    const int toOpen = std::exchange(m_toOpen, 0);
    for (int i = 0; i < toOpen; ++i)
        newConnection()->warming = true;
    for (Pending& p : std::exchange(m_unresolved, {}))
        sendOnNewConnection(std::move(p));
}

EpollTransport::Connection* EpollTransport::newConnection()
{
    auto c = std::make_unique<Connection>();
    Connection* raw = c.get();
    raw->id = m_nextConnectionId++;
    m_connections.emplace(raw->id, std::move(c));
    const bool v6 = m_address.protocol() == QAbstractSocket::IPv6Protocol;
    raw->fd = openSocket(v6 ? AF_INET6 : AF_INET);
    // A connect that fails at once (out of descriptors, most likely) is said from the event loop, like any other.
    auto failLater = [this, raw](int error) {
        QMetaObject::invokeMethod(
            this,
            [this, id = raw->id, error] {
                if (Connection* found = find(id))
                    onSocketError(found, error, true);
            },
            Qt::QueuedConnection);
        return raw;
    };
    if (raw->fd < 0)
        return failLater(errno);
    sockaddr_storage address {};
    socklen_t length = 0;
    if (v6) {
        auto* a = reinterpret_cast<sockaddr_in6*>(&address);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(m_target.port());
        const Q_IPV6ADDR bytes = m_address.toIPv6Address();
        std::memcpy(&a->sin6_addr, bytes.c, sizeof bytes.c);
        a->sin6_scope_id = m_address.scopeId().toUInt();
        length = sizeof *a;
    } else {
        auto* a = reinterpret_cast<sockaddr_in*>(&address);
        a->sin_family = AF_INET;
        a->sin_port = htons(m_target.port());
        a->sin_addr.s_addr = htonl(m_address.toIPv4Address());
        length = sizeof *a;
    }
    arm(raw, m_target.connectTimeoutMs);
    if (::connect(raw->fd, reinterpret_cast<sockaddr*>(&address), length) < 0 && errno != EINPROGRESS)
        return failLater(errno);
    // Writable once connected; a refusal shows as an error on the same wake-up.
    watch(raw, ReadinessSet::Write);
    return raw;
}

void EpollTransport::watch(Connection* c, std::uint8_t interest)
{
    if (c->fd < 0 || c->watched == interest)
        return;
    // A refusal (out of kernel memory) leaves the connection to its timeout, which ends its request with a sentence.
    if (m_set.watch(c->fd, c->id, c->watched, interest))
        c->watched = interest;
}

EpollTransport::Connection* EpollTransport::find(std::uint64_t id) const
{
    const auto it = m_connections.find(id);
    return it == m_connections.end() ? nullptr : it->second.get();
}

void EpollTransport::discard(Connection* c)
{
    if (c->fd >= 0)
        ::close(c->fd); // closing takes it out of the readiness set
    m_idle.erase(std::remove(m_idle.begin(), m_idle.end(), c), m_idle.end());
    m_connections.erase(c->id);
}

void EpollTransport::drain()
{
    // A burst (thousands of paced streams, each sent a chunk in the same server tick) is read in one wake-up: epoll
    // is asked again while it has something ready, instead of going back to Qt's loop, which polls its own
    // descriptors before it wakes this notifier again. That poll per handful of chunks was the client's cost over
    // the floor's at 4,096 streams. Bounded, so that the send schedule's timers and the deadlines still run on time.
    constexpr std::int64_t kBudgetNs = 1'000'000;
    const std::int64_t until = monotonicNowNs() + kBudgetNs;
    ReadinessSet::Ready ready[kMaxEvents];
    for (;;) {
        const int n = m_set.poll(ready, kMaxEvents);
        for (int i = 0; i < n; ++i) {
            // Looked up again for each event: a callback of an earlier one may have discarded this connection.
            if (Connection* c = find(ready[i].id))
                onEvent(c, ready[i]);
            // The budget holds within a batch too: 512 TLS handshakes or first reads take far longer than 512 plain
            // reads. The events left are still ready, level-triggered, and come back at the next wake-up.
            if (monotonicNowNs() >= until)
                return;
        }
        if (n <= 0)
            return;
    }
}

void EpollTransport::onEvent(Connection* c, const ReadinessSet::Ready& ready)
{
    const std::uint8_t events = ready.events;
    if (c->handshaking) {
        continueHandshake(c); // whichever readiness it waited for; a reset is found by OpenSSL's own read
        return;
    }
    if (!c->connected) {
        // epoll leaves the connect's outcome in SO_ERROR; kqueue says it with the event.
        const int error = ready.error != 0 ? ready.error : pendingError(c->fd);
        if (error != 0 || (events & ReadinessSet::Failed))
            onSocketError(c, error != 0 ? error : ECONNREFUSED, true);
        else if (events & ReadinessSet::Writable)
            onTcpConnected(c); // a server that closes at once is found by the first read, and said as such
        return;
    }
    if (c->readWantsWrite && (events & ReadinessSet::Writable)) {
        c->readWantsWrite = false;
        watch(c, ReadinessSet::Read);
        onRead(c);
        return;
    }
    if (c->written < c->out.size()) {
        // Whatever the server says while the request is still going out is its answer, most often a refusal and a
        // close (a proxy's 413 for a body over its limit). It is read first: a write to the closed connection would
        // fail and lose it. After a close nothing more is sent; the reads go on to the answer's end or the reset.
        const std::uint64_t id = c->id;
        if (events & (ReadinessSet::Readable | ReadinessSet::PeerClosed | ReadinessSet::Failed)) {
            onRead(c);
            if (!find(id))
                return;
            if (events & (ReadinessSet::PeerClosed | ReadinessSet::Failed)) {
                watch(c, ReadinessSet::Read);
                return;
            }
        }
        if ((events & ReadinessSet::Writable) || std::exchange(c->writeWantsRead, false))
            writeSome(c);
        return;
    }
    // Bytes first: a reset that follows the last of them is reported at the next wake-up, level-triggered.
    if (events & ReadinessSet::Readable) {
        onRead(c);
        return;
    }
    if (events & ReadinessSet::Failed) {
        // A reset with nothing left to read: recv() could say "try again" for ever, so the error is asked for.
        const int error = ready.error != 0 ? ready.error : pendingError(c->fd);
        if (error != 0) {
            onSocketError(c, error, false);
            return;
        }
    }
    if (events & (ReadinessSet::PeerClosed | ReadinessSet::Failed))
        onRead(c);
}

void EpollTransport::onTcpConnected(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    if (m_tls) {
        c->tls = std::make_unique<TlsSession>(*m_tls, c->fd);
        c->handshaking = true;
        continueHandshake(c);
        return;
    }
#endif
    onConnected(c);
}

void EpollTransport::continueHandshake(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    if (!m_tls->error().isEmpty()) {
        onTlsFailed(c, true);
        return;
    }
    switch (c->tls->handshake()) {
    case TlsSession::Status::Done:
        c->handshaking = false;
        onConnected(c);
        return;
    case TlsSession::Status::WantRead:
        watch(c, ReadinessSet::Read);
        return;
    case TlsSession::Status::WantWrite:
        watch(c, ReadinessSet::Write);
        return;
    case TlsSession::Status::Closed:
    case TlsSession::Status::Failed:
        onTlsFailed(c, true);
        return;
    }
#else
    onConnected(c);
#endif
}

void EpollTransport::adoptQueued(Connection* c)
{
    if (!c->queued)
        return;
    c->recorder.emplace(std::move(c->queued->record));
    c->finished = std::move(c->queued->finished);
    c->queued.reset();
}

void EpollTransport::onTlsFailed(Connection* c, bool connecting)
{
#ifdef KNEEPOINT_LEAN_TLS
    // A failure of the socket under TLS (a reset, a broken pipe) is said as over plain HTTP.
    if (c->tls && c->tls->socketError() != 0) {
        onSocketError(c, c->tls->socketError(), connecting);
        return;
    }
    const QString why = !m_tls->error().isEmpty() ? m_tls->error() : c->tls->error(where());
    const std::int64_t now = monotonicNowNs();
    warmingFailed(c, QStringLiteral("Could not open a connection to the server: %1").arg(why));
    adoptQueued(c);
    if (!c->recorder) {
        discard(c);
        return;
    }
    c->recorder->fail(ErrorClass::Tls, why, now);
    finish(c, false);
#else
    Q_UNUSED(c)
    Q_UNUSED(connecting)
#endif
}

void EpollTransport::onConnected(Connection* c)
{
    c->connected = true;
    c->dueNs = -1;
    watch(c, ReadinessSet::Read);
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

void EpollTransport::send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished)
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
    if (m_address.isNull()) {
        if (!m_resolveError.isEmpty()) {
            StreamRecorder recorder(std::move(p.record));
            recorder.fail(ErrorClass::HostNotFound, m_resolveError, monotonicNowNs());
            --m_inFlight;
            p.finished(recorder.take());
            return;
        }
        m_unresolved.push_back(std::move(p));
        if (!m_resolving) {
            m_resolving = true;
            QHostInfo::lookupHost(m_target.host(), this, [this](const QHostInfo& info) {
                resolved(info.addresses(), info.error() == QHostInfo::NoError ? QString() : info.errorString());
            });
        }
        return;
    }
    sendOnNewConnection(std::move(p));
}

void EpollTransport::sendOnNewConnection(Pending&& p)
{
    Connection* c = newConnection();
    c->queued = std::move(p);
}

bool EpollTransport::resendAfterStaleClose(Connection* c)
{
    // An idle connection the server had already closed, found out by the request written on it: nothing of the
    // response came, so the server never took the request. Sent again once, on a fresh connection.
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

void EpollTransport::startOn(Connection* c, Pending&& p)
{
    c->responseStarted = false;
    c->reader.reset();
    c->finished = std::move(p.finished);
    c->recorder.emplace(std::move(p.record));
    c->out = std::move(p.request);
    c->written = 0;
    const std::int64_t now = monotonicNowNs();
    c->deadlineNs = now + std::int64_t(m_target.requestTimeoutMs) * 1'000'000;
    arm(c, m_target.firstByteTimeoutMs);
    c->recorder->sent(now);
    writeSome(c);
}

void EpollTransport::writeSome(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    while (c->tls && c->written < c->out.size()) {
        std::size_t n = 0;
        const TlsSession::Status s
            = c->tls->write(c->out.constData() + c->written, std::size_t(c->out.size() - c->written), n);
        c->written += qsizetype(n);
        if (s == TlsSession::Status::Done)
            continue;
        if (s == TlsSession::Status::WantWrite) {
            watch(c, ReadinessSet::Read | ReadinessSet::Write);
            return;
        }
        if (s == TlsSession::Status::WantRead) {
            c->writeWantsRead = true; // the next readable event reads, then writes on
            watch(c, ReadinessSet::Read);
            return;
        }
        const int error = c->tls->socketError();
        if (s == TlsSession::Status::Closed || error == EPIPE || error == ECONNRESET) {
            watch(c, ReadinessSet::Read); // as below: an answer sent before the close is still to be read
            onRead(c);
            return;
        }
        onTlsFailed(c, false);
        return;
    }
#endif
    while (c->written < c->out.size()) {
        const ssize_t n = ::send(c->fd, c->out.constData() + c->written, std::size_t(c->out.size() - c->written),
            MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            c->written += n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            watch(c, ReadinessSet::Read | ReadinessSet::Write); // the rest when the kernel has room
            return;
        }
        if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) {
            // The server let go: an answer it sent first is still to be read (see onEvent), and a stale keep-alive
            // connection is found so by the read as well (a close or a reset with nothing before it).
            watch(c, ReadinessSet::Read);
            onRead(c);
            return;
        }
        onSocketError(c, n < 0 ? errno : EPIPE, false);
        return;
    }
    c->out = QByteArray();
    c->written = 0;
    watch(c, ReadinessSet::Read);
}

void EpollTransport::onRead(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    if (c->tls) {
        readTls(c);
        return;
    }
#endif
    // One recv per readiness, timed right after it returns: the bytes' arrival, before anything is parsed.
    const ssize_t n = ::recv(c->fd, m_readBuffer.data(), std::size_t(m_readBuffer.size()), MSG_DONTWAIT);
    const std::int64_t now = monotonicNowNs();
    if (n == 0) {
        onClosed(c);
        return;
    }
    if (n < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            onSocketError(c, errno, false);
        return;
    }
    onBytes(c, QByteArrayView(m_readBuffer.constData(), n), now);
}

void EpollTransport::readTls(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    const std::uint64_t id = c->id;
    for (;;) {
        // Everything that has arrived, decrypted in one call, timed right after it as the plain read is.
        std::size_t n = 0;
        const TlsSession::Status s = c->tls->read(m_readBuffer.data(), std::size_t(m_readBuffer.size()), n);
        const std::int64_t now = monotonicNowNs();
        if (n > 0) {
            onBytes(c, QByteArrayView(m_readBuffer.constData(), qsizetype(n)), now);
            c = find(id);
            if (!c)
                return;
        }
        switch (s) {
        case TlsSession::Status::Done:
            // A full buffer can leave decrypted bytes in OpenSSL that no readiness will announce.
            if (c->tls->pending())
                continue;
            return;
        case TlsSession::Status::WantRead:
            return;
        case TlsSession::Status::WantWrite:
            c->readWantsWrite = true;
            watch(c, ReadinessSet::Read | ReadinessSet::Write);
            return;
        case TlsSession::Status::Closed:
            onClosed(c);
            return;
        case TlsSession::Status::Failed:
            onTlsFailed(c, false);
            return;
        }
    }
#else
    Q_UNUSED(c)
#endif
}

void EpollTransport::onBytes(Connection* c, QByteArrayView bytes, std::int64_t now)
{
    if (c->draining) {
        c->reader.feed(bytes, [](QByteArrayView) {});
        if (c->reader.state() == HttpResponseReader::State::Error) {
            discard(c);
        } else if (c->reader.done()) {
            c->draining = false;
            c->dueNs = -1;
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

void EpollTransport::handBackAtDone(Connection* c, std::int64_t now)
{
    c->recorder->complete(now);
    RequestRecord record = c->recorder->take();
    c->recorder.reset();
    Finished finished = std::move(c->finished);
    c->finished = nullptr;
    c->resendable.reset();
    c->deadlineNs = -1;
    c->draining = true;
    --m_inFlight;
    arm(c, std::min(m_target.stallTimeoutMs, kAfterDoneMs), now);
    finished(std::move(record));
}

void EpollTransport::arm(Connection* c, int ms, std::int64_t now)
{
    std::int64_t due = (now >= 0 ? now : monotonicNowNs()) + std::int64_t(ms) * 1'000'000;
    if (c->deadlineNs >= 0)
        due = std::min(due, c->deadlineNs);
    armAt(c, due);
}

void EpollTransport::armAt(Connection* c, std::int64_t dueNs)
{
    c->dueNs = dueNs;
    // A later due leaves the connection's entry where it is: when it comes up, it is moved on (a stream pushes its
    // stall timeout forward at every read, and the heap must not grow with the reads).
    if (c->heapNs >= 0 && c->heapNs <= dueNs)
        return;
    m_heap.emplace_back(dueNs, c->id);
    std::push_heap(m_heap.begin(), m_heap.end(), std::greater<>());
    c->heapNs = dueNs;
    if (m_timerAtNs < 0 || dueNs < m_timerAtNs) {
        m_timerAtNs = dueNs;
        m_timer->startAt(dueNs);
    }
}

void EpollTransport::onTimer()
{
    m_timerAtNs = -1;
    const std::int64_t now = monotonicNowNs();
    while (!m_heap.empty() && m_heap.front().first <= now) {
        std::pop_heap(m_heap.begin(), m_heap.end(), std::greater<>());
        const auto [due, id] = m_heap.back();
        m_heap.pop_back();
        Connection* c = find(id);
        if (!c || c->heapNs != due)
            continue; // gone, or moved earlier under a newer entry
        c->heapNs = -1;
        if (c->dueNs < 0)
            continue;
        if (c->dueNs > now) {
            armAt(c, c->dueNs);
            continue;
        }
        c->dueNs = -1;
        onTimeout(c);
    }
    if (!m_heap.empty() && (m_timerAtNs < 0 || m_heap.front().first < m_timerAtNs)) {
        m_timerAtNs = m_heap.front().first;
        m_timer->startAt(m_timerAtNs);
    }
}

void EpollTransport::warmingFailed(Connection* c, const QString& error)
{
    if (!c->warming)
        return;
    c->warming = false;
    if (m_prepareError.isEmpty())
        m_prepareError = error;
    if (--m_preparing == 0 && m_ready)
        std::exchange(m_ready, nullptr)(m_prepareError);
}

void EpollTransport::onClosed(Connection* c)
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
    else if (c->written < c->out.size())
        c->recorder->fail(ErrorClass::StreamCut, LoadTarget::cutRequestSentence(c->written, c->out.size()), now);
    else
        c->recorder->fail(
            ErrorClass::StreamCut, QStringLiteral("The server closed the connection before answering."), now);
    finish(c, false);
}

void EpollTransport::onSocketError(Connection* c, int error, bool connecting)
{
    const bool reset = error == ECONNRESET || error == EPIPE;
    if (reset && c->connected && !c->recorder) {
        discard(c); // an idle keep-alive connection the server let go
        return;
    }
    // A reset or broken pipe on the write says the same as a close: the server had let the connection go.
    if (reset && resendAfterStaleClose(c))
        return;
    const QString message = QStringLiteral("%1 (%2)").arg(qt_error_string(error), where());
    const std::int64_t now = monotonicNowNs();
    warmingFailed(c, QStringLiteral("Could not open a connection to the server: %1").arg(message));
    adoptQueued(c);
    if (!c->recorder) {
        discard(c);
        return;
    }
    const bool headersDone = c->reader.headersDone();
    if (reset && headersDone) {
        c->reader.closed();
        if (c->reader.done() || c->recorder->sawDone()) {
            c->recorder->complete(now);
            finish(c, false);
            return;
        }
    }
    const QString why = !reset || connecting ? message
        : headersDone
        ? QStringLiteral("The server closed the connection in the middle of the response (%1).").arg(where())
        : c->written < c->out.size()
        ? LoadTarget::cutRequestSentence(c->written, c->out.size())
        : QStringLiteral("The server closed the connection before answering (%1).").arg(where());
    c->recorder->fail(classifyErrno(error, connecting, headersDone), why, now);
    finish(c, false);
}

void EpollTransport::onTimeout(Connection* c)
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

void EpollTransport::finish(Connection* c, bool reusable)
{
    c->dueNs = -1;
    RequestRecord record = c->recorder->take();
    c->recorder.reset();
    Finished finished = std::move(c->finished);
    c->finished = nullptr;
    c->resendable.reset();
    c->deadlineNs = -1;
    --m_inFlight;
    if (reusable && m_reuse && c->written >= c->out.size())
        release(c);
    else
        discard(c); // after a failure or a close its state is unknown: the next request gets a fresh one
    finished(std::move(record));
}

void EpollTransport::release(Connection* c)
{
    if (c->connected && std::find(m_idle.begin(), m_idle.end(), c) == m_idle.end())
        m_idle.push_back(c);
}

void EpollTransport::cancelAll()
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
    const std::int64_t cancelled = monotonicNowNs();
    for (Pending& p : std::exchange(m_unresolved, {})) {
        StreamRecorder recorder(std::move(p.record));
        recorder.fail(ErrorClass::Cancelled, QStringLiteral("Cancelled."), cancelled);
        --m_inFlight;
        p.finished(recorder.take());
    }
}

} // namespace kp::core
