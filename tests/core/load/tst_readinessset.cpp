// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The readiness set under the lean transport, on real loopback sockets: what it reports for a connect, a refusal,
// bytes, a close, a reset, and a descriptor reused after a close. Built twice on Linux: against epoll, and as
// tst_readinessset_kqueuemodel against the kqueue backend over tests/support/kqueuemodel. Both must say the same.
#include "core/load/readinessset.h"
#include "support/readinessbackend.h"

#include <QTest>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <set>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using namespace kp::core;

namespace {

// A descriptor closed when it goes out of scope, so that a failed check leaks nothing into the next case.
class Fd
{
public:
    explicit Fd(int fd = -1)
        : m_fd(fd)
    { }
    ~Fd() { reset(); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return m_fd; }
    void reset(int fd = -1)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd;
};

int listenOnLoopback(quint16* port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) < 0 || ::listen(fd, 16) < 0)
        return -1;
    socklen_t length = sizeof a;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &length);
    *port = ntohs(a.sin_port);
    return fd;
}

int connectTo(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    // A non-blocking connect to loopback is usually in progress; either way the set reports how it ends.
    const int rc = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    if (rc != 0 && errno != EINPROGRESS && errno != ECONNREFUSED)
        qWarning("connect: %s", std::strerror(errno));
    return fd;
}

// A port nothing listens on: bound, then closed.
quint16 closedPort()
{
    quint16 port = 0;
    Fd listener(listenOnLoopback(&port));
    return port;
}

// A loopback connection whose client end is watched for reading under `id`, and its accepted server end.
struct Watched
{
    Fd listener;
    Fd client;
    Fd server;
};

std::unique_ptr<Watched> watchedConnection(ReadinessSet& set, std::uint64_t id)
{
    auto w = std::make_unique<Watched>();
    quint16 port = 0;
    w->listener.reset(listenOnLoopback(&port));
    w->client.reset(connectTo(port));
    if (!set.watch(w->client.get(), id, ReadinessSet::None, ReadinessSet::Read))
        return nullptr;
    w->server.reset(::accept(w->listener.get(), nullptr, nullptr));
    return w;
}

// Everything the set reports within `ms`, merged per id (kqueue reports reading and writing as two entries). Waits
// on the set's one descriptor, as the transport's socket notifier does, so that descriptor is checked too.
std::map<std::uint64_t, ReadinessSet::Ready> waitForReady(ReadinessSet& set, int ms = 2000)
{
    std::map<std::uint64_t, ReadinessSet::Ready> merged;
    pollfd p {set.descriptor(), POLLIN, 0};
    if (::poll(&p, 1, ms) <= 0)
        return merged;
    ReadinessSet::Ready ready[16];
    const int n = set.poll(ready, 16);
    for (int i = 0; i < n; ++i) {
        ReadinessSet::Ready& m = merged[ready[i].id];
        m.id = ready[i].id;
        m.events |= ready[i].events;
        if (ready[i].error != 0)
            m.error = ready[i].error;
    }
    return merged;
}

// The error of a socket as the transport finds it: with the event (kqueue), else in SO_ERROR (epoll).
int errorOf(int fd, const ReadinessSet::Ready& ready)
{
    if (ready.error != 0)
        return ready.error;
    int error = 0;
    socklen_t length = sizeof error;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
    return error;
}

} // namespace

class TestReadinessSet : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { kp::test::verifyReadinessBackend(); }

    void aNewSetIsEmpty()
    {
        ReadinessSet set;
        QVERIFY2(set.isValid(), strerror(set.error()));
        // Nothing watched, nothing ready, and polling does not block.
        ReadinessSet::Ready ready[4];
        QCOMPARE(set.poll(ready, 4), 0);
    }

    void aConnectIsWritableThenBytesAreReadable()
    {
        quint16 port = 0;
        Fd listener(listenOnLoopback(&port));
        QVERIFY(listener.get() >= 0);
        ReadinessSet set;
        Fd client(connectTo(port));
        QVERIFY(set.watch(client.get(), 7, ReadinessSet::None, ReadinessSet::Write));
        auto ready = waitForReady(set);
        QCOMPARE(int(ready.size()), 1);
        QCOMPARE(ready.begin()->first, std::uint64_t(7));
        QVERIFY(ready[7].events & ReadinessSet::Writable);
        QCOMPARE(errorOf(client.get(), ready[7]), 0);
        Fd server(::accept(listener.get(), nullptr, nullptr));

        // Watched for reading only: quiet until the peer sends.
        QVERIFY(set.watch(client.get(), 7, ReadinessSet::Write, ReadinessSet::Read));
        QVERIFY(waitForReady(set, 50).empty());
        QCOMPARE(::send(server.get(), "data: x\n\n", 9, 0), ssize_t(9));
        ready = waitForReady(set);
        QCOMPARE(int(ready.size()), 1);
        QCOMPARE(ready[7].events & (ReadinessSet::Readable | ReadinessSet::Writable), int(ReadinessSet::Readable));
        // Level-triggered: unread bytes are reported again.
        ready = waitForReady(set);
        QVERIFY(ready[7].events & ReadinessSet::Readable);
        char buffer[64];
        QCOMPARE(::recv(client.get(), buffer, sizeof buffer, 0), ssize_t(9));
        QVERIFY(waitForReady(set, 50).empty());

        // Both ways at once: one id, reported readable and writable (as one entry or two).
        QVERIFY(set.watch(client.get(), 7, ReadinessSet::Read, ReadinessSet::Read | ReadinessSet::Write));
        QCOMPARE(::send(server.get(), "y", 1, 0), ssize_t(1));
        ready = waitForReady(set);
        QCOMPARE(int(ready.size()), 1);
        QCOMPARE(ready[7].events & (ReadinessSet::Readable | ReadinessSet::Writable),
            int(ReadinessSet::Readable | ReadinessSet::Writable));
        // Writing no longer wanted: only the byte is reported.
        QVERIFY(set.watch(client.get(), 7, ReadinessSet::Read | ReadinessSet::Write, ReadinessSet::Read));
        ready = waitForReady(set);
        QCOMPARE(ready[7].events & (ReadinessSet::Readable | ReadinessSet::Writable), int(ReadinessSet::Readable));
    }

    void aRefusedConnectIsAnError()
    {
        const quint16 port = closedPort();
        ReadinessSet set;
        Fd client(connectTo(port));
        QVERIFY(set.watch(client.get(), 3, ReadinessSet::None, ReadinessSet::Write));
        auto ready = waitForReady(set);
        QCOMPARE(int(ready.size()), 1);
        QCOMPARE(errorOf(client.get(), ready[3]), ECONNREFUSED);
    }

    void aCloseIsReadableWithTheEnd()
    {
        ReadinessSet set;
        const auto w = watchedConnection(set, 11);
        QVERIFY(w);
        QCOMPARE(::send(w->server.get(), "last", 4, 0), ssize_t(4));
        w->server.reset();
        // The last bytes, then the end: a peer's close never hides what it sent before it.
        std::uint8_t seen = 0;
        QTRY_VERIFY_WITH_TIMEOUT((seen |= waitForReady(set, 100)[11].events) & ReadinessSet::PeerClosed, 2000);
        QVERIFY(seen & ReadinessSet::Readable);
        char buffer[16];
        QCOMPARE(::recv(w->client.get(), buffer, sizeof buffer, 0), ssize_t(4));
        QCOMPARE(::recv(w->client.get(), buffer, sizeof buffer, 0), ssize_t(0));
    }

    void aResetSaysItsError()
    {
        ReadinessSet set;
        const auto w = watchedConnection(set, 5);
        QVERIFY(w);
        const linger abort {1, 0}; // close() sends a reset
        ::setsockopt(w->server.get(), SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
        w->server.reset();
        auto ready = waitForReady(set);
        QCOMPARE(int(ready.size()), 1);
        QVERIFY(ready[5].events & ReadinessSet::PeerClosed);
        // The transport reads when told Readable, else asks for the error: either way it learns of the reset.
        char buffer[16];
        const int error = errorOf(w->client.get(), ready[5]);
        const ssize_t n = ::recv(w->client.get(), buffer, sizeof buffer, 0);
        QVERIFY2(error == ECONNRESET || (n < 0 && errno == ECONNRESET),
            qPrintable(QStringLiteral("error %1, recv %2").arg(error).arg(n)));
    }

    void aClosedDescriptorLeavesTheSetAndItsNumberCanBeWatchedAgain()
    {
        quint16 port = 0;
        Fd listener(listenOnLoopback(&port));
        ReadinessSet set;
        Fd first(connectTo(port));
        const int number = first.get();
        QVERIFY(set.watch(number, 1, ReadinessSet::None, ReadinessSet::Read | ReadinessSet::Write));
        QVERIFY(waitForReady(set).count(1));
        first.reset();
        QVERIFY(waitForReady(set, 50).empty());
        // The kernel hands out the lowest free number: the same one, now another connection under another id.
        Fd second(connectTo(port));
        QCOMPARE(second.get(), number);
        QVERIFY(set.watch(second.get(), 2, ReadinessSet::None, ReadinessSet::Write));
        const auto ready = waitForReady(set);
        QCOMPARE(int(ready.size()), 1);
        QVERIFY(ready.count(2));
        QCOMPARE(ready.at(2).events & ReadinessSet::Writable, int(ReadinessSet::Writable));
    }

    void manySocketsAreReportedEachUnderItsId()
    {
        quint16 port = 0;
        Fd listener(listenOnLoopback(&port));
        ReadinessSet set;
        constexpr int kSockets = 600; // more than one poll() takes (512): the rest come at the next
        std::vector<std::unique_ptr<Fd>> clients;
        for (int i = 0; i < kSockets; ++i) {
            clients.push_back(std::make_unique<Fd>(connectTo(port)));
            QVERIFY(set.watch(clients.back()->get(), 1000 + i, ReadinessSet::None, ReadinessSet::Write));
            Fd accepted(::accept(listener.get(), nullptr, nullptr)); // the backlog is short
        }
        std::vector<ReadinessSet::Ready> ready(kSockets);
        QTRY_COMPARE_WITH_TIMEOUT(set.poll(ready.data(), kSockets) >= 512, true, 2000);
        std::set<std::uint64_t> ids;
        for (int round = 0; round < 3; ++round) {
            const int n = set.poll(ready.data(), kSockets);
            for (int i = 0; i < n; ++i)
                ids.insert(ready[std::size_t(i)].id);
        }
        QCOMPARE(int(ids.size()), kSockets);
        QCOMPARE(*ids.begin(), std::uint64_t(1000));
        QCOMPARE(*ids.rbegin(), std::uint64_t(1000 + kSockets - 1));
    }
};

QTEST_GUILESS_MAIN(TestReadinessSet)

#include "tst_readinessset.moc"
