// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "floorclient.h"

#include "core/common/monotonicclock.h"

#ifdef __linux__

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

double threadCpuS()
{
    rusage ru {};
    getrusage(RUSAGE_THREAD, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

constexpr char kData[] = "data: ";
constexpr int kDataLength = 6;

struct Conn
{
    int fd = -1;
    SSL* ssl = nullptr; // with TLS
    int matched = 0; // bytes of "data: " matched so far, across reads
    bool reading = false; // reading the response id of the current event
    bool afterData = false; // the byte after "data: " decides what the event is
    int left = 0; // requests still to send, this one included
    std::size_t current = 0; // index of its Request in the result
};

// The TLS floor's context: TLS 1.3 only, as a current server offers, and no verification (the certificate is the
// benchmark's own, made for the run).
SSL_CTX* clientContext()
{
    SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx)
        return nullptr;
    SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
    SSL_CTX_set_read_ahead(ctx, 1);
    static const unsigned char http11[] = "\x08http/1.1";
    SSL_CTX_set_alpn_protos(ctx, http11, sizeof http11 - 1);
    return ctx;
}

std::string sslError(const char* what)
{
    char why[256] = {};
    ERR_error_string_n(ERR_get_error(), why, sizeof why);
    ERR_clear_error();
    return std::string(what) + ": " + why;
}

} // namespace

FloorClient::Result FloorClient::run(
    int port, int streams, int requestsPerStream, const std::string& request, double timeoutS, bool tls)
{
    Result r;
    r.requests.reserve(std::size_t(streams) * std::size_t(requestsPerStream));
    const double cpu0 = threadCpuS();
    const std::int64_t t0 = kp::core::monotonicNowNs();
    const int ep = epoll_create1(EPOLL_CLOEXEC);
    SSL_CTX* ctx = tls ? clientContext() : nullptr;
    if (tls && !ctx)
        r.error = sslError("SSL_CTX_new");
    std::vector<Conn> conns(static_cast<std::size_t>(streams));
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(std::uint16_t(port));
    auto startRequest = [&](Conn& c) {
        r.requests.emplace_back();
        c.current = r.requests.size() - 1;
        c.matched = 0;
        c.afterData = false;
        c.reading = false;
        --c.left;
        // Small: one send takes it all on a fresh or drained socket.
        const bool sent = c.ssl ? SSL_write(c.ssl, request.data(), int(request.size())) == int(request.size())
                                : send(c.fd, request.data(), request.size(), MSG_NOSIGNAL) == ssize_t(request.size());
        r.requests[c.current].sentNs = kp::core::monotonicNowNs();
        return sent;
    };
    // One step of a connection's handshake: 1 when done, 0 while it waits for the socket, -1 on failure.
    int handshaking = 0;
    auto handshake = [&](Conn& c, std::uint32_t index) {
        const int done = SSL_do_handshake(c.ssl);
        const int why = done == 1 ? SSL_ERROR_NONE : SSL_get_error(c.ssl, done);
        if (why != SSL_ERROR_NONE && why != SSL_ERROR_WANT_READ && why != SSL_ERROR_WANT_WRITE)
            return -1;
        epoll_event e {};
        e.events = why == SSL_ERROR_WANT_WRITE ? EPOLLIN | EPOLLOUT : EPOLLIN;
        e.data.u32 = index;
        epoll_ctl(ep, EPOLL_CTL_MOD, c.fd, &e);
        return done == 1 ? 1 : 0;
    };
    int open = 0;
    for (int i = 0; i < streams && r.error.empty(); ++i) {
        Conn& c = conns[std::size_t(i)];
        c.fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0); // blocking connect: set-up is not what is measured
        const int one = 1;
        setsockopt(c.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (c.fd < 0 || connect(c.fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            r.error = std::string("connect: ") + std::strerror(errno);
            break;
        }
        c.left = requestsPerStream;
        epoll_event e {};
        e.events = EPOLLIN;
        e.data.u32 = std::uint32_t(i);
        epoll_ctl(ep, EPOLL_CTL_ADD, c.fd, &e);
        ++open;
        if (ctx) {
            // Non-blocking from here on; the ClientHello leaves now, so the server handshakes while the next
            // connection is opened.
            fcntl(c.fd, F_SETFL, fcntl(c.fd, F_GETFL) | O_NONBLOCK);
            c.ssl = SSL_new(ctx);
            SSL_set_fd(c.ssl, c.fd);
            SSL_set_connect_state(c.ssl);
            const int step = handshake(c, std::uint32_t(i));
            if (step < 0)
                r.error = sslError("TLS handshake");
            handshaking += step == 0 ? 1 : 0;
        }
    }
    static char buffer[256 * 1024];
    epoll_event events[512];
    const std::int64_t deadline = t0 + std::int64_t(timeoutS * 1e9);
    while (handshaking > 0 && r.error.empty()) {
        const int n = epoll_wait(ep, events, 512, 100);
        if (kp::core::monotonicNowNs() > deadline) {
            r.error = "timed out with " + std::to_string(handshaking) + " TLS handshakes unfinished";
            break;
        }
        for (int k = 0; k < n && r.error.empty(); ++k) {
            Conn& c = conns[events[k].data.u32];
            if (SSL_is_init_finished(c.ssl)) {
                // The server's session ticket, which follows a TLS 1.3 handshake: taken now, or the descriptor stays
                // readable and this loop spins until every handshake is done.
                if (SSL_read(c.ssl, buffer, sizeof buffer) > 0)
                    r.error = "the server sent data before any request";
                ERR_clear_error();
                continue;
            }
            const int step = handshake(c, events[k].data.u32);
            if (step < 0)
                r.error = sslError("TLS handshake");
            handshaking -= step == 1 ? 1 : 0;
        }
    }
    r.setUpCpuS = threadCpuS() - cpu0;
    int active = 0;
    for (int i = 0; i < open && r.error.empty(); ++i) {
        if (!startRequest(conns[std::size_t(i)]))
            r.error = "a request could not be sent in one write";
        ++active;
    }
    while (active > 0 && r.error.empty()) {
        const int n = epoll_wait(ep, events, 512, 100);
        if (kp::core::monotonicNowNs() > deadline) {
            r.error = "timed out with " + std::to_string(active) + " streams still open";
            break;
        }
        for (int k = 0; k < n && r.error.empty(); ++k) {
            Conn& c = conns[events[k].data.u32];
            // Plain: one recv. TLS: one SSL_read per record, the first of which does the recv; the others come out
            // of what read-ahead brought with it.
            bool more = true;
            while (more && r.error.empty()) {
                ssize_t got;
                if (c.ssl) {
                    const int read = SSL_read(c.ssl, buffer, sizeof buffer);
                    got = read;
                    if (read <= 0) {
                        const int why = SSL_get_error(c.ssl, read);
                        if (why != SSL_ERROR_WANT_READ && why != SSL_ERROR_WANT_WRITE)
                            r.error = sslError("the server closed a connection (TLS)");
                        break; // WANT_READ: a record's tail, or a session ticket, and nothing more yet
                    }
                } else {
                    got = recv(c.fd, buffer, sizeof buffer, MSG_DONTWAIT);
                    more = false;
                    if (got <= 0) {
                        if (got < 0 && errno == EAGAIN)
                            break;
                        r.error = "the server closed a connection";
                        break;
                    }
                }
                const std::int64_t at = kp::core::monotonicNowNs();
                if (c.ssl)
                    more = SSL_has_pending(c.ssl) == 1;
                Request* req = &r.requests[c.current];
                const char* p = buffer;
                const char* end = buffer + got;
                while (p < end) {
                    if (c.reading) {
                        // The id runs to the next quote, perhaps in the next read.
                        const char* q = static_cast<const char*>(std::memchr(p, '"', std::size_t(end - p)));
                        const char* stop = q ? q : end;
                        req->id.append(p, std::size_t(stop - p));
                        p = stop;
                        if (q) {
                            c.reading = false;
                            ++p;
                        }
                        continue;
                    }
                    if (c.afterData) {
                        c.afterData = false;
                        if (*p == '[') {
                            // data: [DONE]
                            if (c.left > 0) {
                                if (!startRequest(c))
                                    r.error = "a request could not be sent in one write";
                                req = &r.requests[c.current];
                            } else {
                                --active;
                            }
                        } else {
                            req->chunkNs.push_back(at);
                            ++r.chunks;
                            // An event that starts {"id":" names the response: the first one's id is kept.
                            if (req->id.empty() && end - p >= 7 && std::memcmp(p, "{\"id\":\"", 7) == 0) {
                                p += 7;
                                c.reading = true;
                            }
                        }
                        continue;
                    }
                    if (c.matched == 0) {
                        const char* d = static_cast<const char*>(std::memchr(p, 'd', std::size_t(end - p)));
                        if (!d)
                            break;
                        p = d;
                    }
                    if (*p == kData[c.matched]) {
                        ++p;
                        if (++c.matched == kDataLength) {
                            c.matched = 0;
                            c.afterData = true;
                        }
                    } else {
                        c.matched = 0; // "data: " has no prefix that is also its suffix: restart at this byte
                        if (*p != 'd')
                            ++p;
                    }
                }
            }
        }
    }
    for (Conn& c : conns) {
        SSL_free(c.ssl);
        if (c.fd >= 0)
            close(c.fd);
    }
    SSL_CTX_free(ctx);
    close(ep);
    r.cpuS = threadCpuS() - cpu0;
    r.wallS = double(kp::core::monotonicNowNs() - t0) / 1e9;
    return r;
}

#endif
