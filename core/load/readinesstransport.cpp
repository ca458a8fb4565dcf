// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/readinesstransport.h"

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

struct ReadinessTransport::Connection : ConnectionPool::Connection
{
    int fd = -1;
    std::uint8_t watched = ReadinessSet::None; // what the set watches it for
    QByteArray out; // the request being written
    qsizetype written = 0;
    std::int64_t dueNs = -1; // when the current timeout fires, or -1
    std::int64_t heapNs = -1; // the due time of this connection's live entry in the heap, or -1
#ifdef KNEEPOINT_LEAN_TLS
    std::unique_ptr<TlsSession> tls; // over https, from the TCP connect on
#endif
    bool readWantsWrite = false; // TLS must write (a key update) before it can read on
    bool writeWantsRead = false; // TLS must read before the request can go on out
};

namespace {

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

bool ReadinessTransport::supports(const ServerEndpoint& target)
{
#ifdef KNEEPOINT_LEAN_TLS
    Q_UNUSED(target)
    return true;
#else
    return target.baseUrl.scheme() != u"https";
#endif
}

ReadinessTransport::ReadinessTransport(const ServerEndpoint& target, QObject* parent)
    : QObject(parent)
    , ConnectionPool(target)
{
    if (m_set.isValid()) {
        m_notifier = new QSocketNotifier(m_set.descriptor(), QSocketNotifier::Read, this);
        connect(m_notifier, &QSocketNotifier::activated, this, &ReadinessTransport::drain);
    }
    m_timer = new PreciseTimer(this);
    connect(m_timer, &PreciseTimer::timeout, this, &ReadinessTransport::onTimer);
    // An address written as one needs no lookup; a name is looked up once, by prepare().
    m_address = QHostAddress(target.host());
#ifdef KNEEPOINT_LEAN_TLS
    // Made here, before anything is timed: the system's trust store takes milliseconds to read.
    if (target.baseUrl.scheme() == u"https")
        m_tls.reset(new TlsContext(TlsContext::Settings {target.host(), target.verifyTls, target.caFile}));
#endif
}

void ReadinessTransport::TlsContextDeleter::operator()(TlsContext* context) const
{
#ifdef KNEEPOINT_LEAN_TLS
    delete context;
#else
    Q_UNUSED(context) // never made without OpenSSL
#endif
}

ReadinessTransport::~ReadinessTransport()
{
    delete m_notifier; // before its descriptor closes
    m_notifier = nullptr;
    closeAll(); // while the TLS context their sessions were made from still lives
}

QString ReadinessTransport::cannotOpen() const
{
    if (m_set.isValid())
        return {};
    return QStringLiteral("Could not open a connection to the server: %1 failed (%2).")
        .arg(QLatin1String(ReadinessSet::backend()), qt_error_string(m_set.error()));
}

void ReadinessTransport::openWarming(int missing)
{
    if (!m_address.isNull()) {
        ConnectionPool::openWarming(missing);
        return;
    }
    m_toOpen = missing;
    lookUp();
}

void ReadinessTransport::lookUp()
{
    if (m_resolving)
        return;
    // Looked up on Qt's pool, never blocking this thread: a slow resolver must not stall the streams it serves.
    m_resolving = true;
    QHostInfo::lookupHost(m_target.host(), this, [this](const QHostInfo& info) {
        resolved(info.addresses(), info.error() == QHostInfo::NoError ? QString() : info.errorString());
    });
}

void ReadinessTransport::resolved(const QList<QHostAddress>& addresses, const QString& error)
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
        m_toOpen = 0;
        abandonPreparing(QStringLiteral("Could not open a connection to the server: %1").arg(m_resolveError));
        const std::int64_t now = monotonicNowNs();
        for (Pending& p : std::exchange(m_unresolved, {}))
            endUnsent(std::move(p), ErrorClass::HostNotFound, m_resolveError, now);
        return;
    }
    ConnectionPool::openWarming(std::exchange(m_toOpen, 0));
    for (Pending& p : std::exchange(m_unresolved, {}))
        ConnectionPool::sendOnNewConnection(std::move(p));
}

ConnectionPool::Connection* ReadinessTransport::open()
{
    auto* raw = static_cast<Connection*>(adopt(std::make_unique<Connection>()));
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
    armAt(raw, monotonicNowNs() + std::int64_t(m_target.connectTimeoutMs) * 1'000'000);
    if (::connect(raw->fd, reinterpret_cast<sockaddr*>(&address), length) < 0 && errno != EINPROGRESS)
        return failLater(errno);
    // Writable once connected; a refusal shows as an error on the same wake-up.
    watch(raw, ReadinessSet::Write);
    return raw;
}

void ReadinessTransport::watch(Connection* c, std::uint8_t interest)
{
    if (c->fd < 0 || c->watched == interest)
        return;
    // A refusal (out of kernel memory) leaves the connection to its timeout, which ends its request with a sentence.
    if (m_set.watch(c->fd, c->id, c->watched, interest))
        c->watched = interest;
}

ReadinessTransport::Connection* ReadinessTransport::find(std::uint64_t id) const
{
    return static_cast<Connection*>(ConnectionPool::find(id));
}

void ReadinessTransport::close(ConnectionPool::Connection* pooled)
{
    auto* c = static_cast<Connection*>(pooled);
    if (c->fd >= 0)
        ::close(c->fd); // closing takes it out of the readiness set
    c->fd = -1;
}

void ReadinessTransport::drain()
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

void ReadinessTransport::onEvent(Connection* c, const ReadinessSet::Ready& ready)
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

void ReadinessTransport::onTcpConnected(Connection* c)
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

void ReadinessTransport::continueHandshake(Connection* c)
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

void ReadinessTransport::onTlsFailed(Connection* c, bool connecting)
{
#ifdef KNEEPOINT_LEAN_TLS
    // A failure of the socket under TLS (a reset, a broken pipe) is said as over plain HTTP.
    if (c->tls && c->tls->socketError() != 0) {
        onSocketError(c, c->tls->socketError(), connecting);
        return;
    }
    failed(c, !m_tls->error().isEmpty() ? m_tls->error() : c->tls->error(where()), ErrorClass::Tls, false, connecting);
#else
    Q_UNUSED(c)
    Q_UNUSED(connecting)
#endif
}

void ReadinessTransport::onConnected(Connection* c)
{
    watch(c, ReadinessSet::Read);
    opened(c);
}

void ReadinessTransport::sendOnNewConnection(Pending&& p)
{
    if (!m_address.isNull()) {
        ConnectionPool::sendOnNewConnection(std::move(p));
        return;
    }
    if (!m_resolveError.isEmpty()) {
        endUnsent(std::move(p), ErrorClass::HostNotFound, m_resolveError, monotonicNowNs());
        return;
    }
    m_unresolved.push_back(std::move(p));
    lookUp();
}

void ReadinessTransport::write(ConnectionPool::Connection* pooled, QByteArray request)
{
    auto* c = static_cast<Connection*>(pooled);
    c->out = std::move(request);
    c->written = 0;
    writeSome(c);
}

qint64 ReadinessTransport::unsent(const ConnectionPool::Connection* pooled) const
{
    const auto* c = static_cast<const Connection*>(pooled);
    return c->out.size() - c->written;
}

void ReadinessTransport::writeSome(Connection* c)
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

void ReadinessTransport::onRead(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    if (c->tls) {
        readTls(c);
        return;
    }
#endif
    // One recv per readiness, timed right after it returns: the bytes' arrival, before anything is parsed.
    const ssize_t n = ::recv(c->fd, readBuffer().data(), std::size_t(readBuffer().size()), MSG_DONTWAIT);
    const std::int64_t now = monotonicNowNs();
    if (n == 0) {
        closedByServer(c);
        return;
    }
    if (n < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            onSocketError(c, errno, false);
        return;
    }
    received(c, QByteArrayView(readBuffer().constData(), n), now);
}

void ReadinessTransport::readTls(Connection* c)
{
#ifdef KNEEPOINT_LEAN_TLS
    const std::uint64_t id = c->id;
    for (;;) {
        // Everything that has arrived, decrypted in one call, timed right after it as the plain read is.
        std::size_t n = 0;
        const TlsSession::Status s = c->tls->read(readBuffer().data(), std::size_t(readBuffer().size()), n);
        const std::int64_t now = monotonicNowNs();
        if (n > 0) {
            received(c, QByteArrayView(readBuffer().constData(), qsizetype(n)), now);
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
            closedByServer(c);
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

void ReadinessTransport::armAt(ConnectionPool::Connection* pooled, std::int64_t dueNs)
{
    auto* c = static_cast<Connection*>(pooled);
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

void ReadinessTransport::onTimer()
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

void ReadinessTransport::disarm(ConnectionPool::Connection* c)
{
    static_cast<Connection*>(c)->dueNs = -1;
}

void ReadinessTransport::onSocketError(Connection* c, int error, bool connecting)
{
    const bool reset = error == ECONNRESET || error == EPIPE;
    if (reset && c->connected && !c->recorder) {
        discard(c); // an idle keep-alive connection the server let go
        return;
    }
    // A reset or broken pipe on the write says the same as a close: the server had let the connection go.
    if (reset && resendAfterStaleClose(c))
        return;
    failed(c, QStringLiteral("%1 (%2)").arg(qt_error_string(error), where()),
        classifyErrno(error, connecting, c->reader.headersDone()), reset, connecting);
}

void ReadinessTransport::cancelAll()
{
    ConnectionPool::cancelAll();
    const std::int64_t now = monotonicNowNs();
    for (Pending& p : std::exchange(m_unresolved, {}))
        endUnsent(std::move(p), ErrorClass::Cancelled, QStringLiteral("Cancelled."), now);
}
} // namespace kp::core
