// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "floorclient.h"

#include "common/monotonicclock.h"

#ifdef __linux__

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <netinet/in.h>
#include <netinet/tcp.h>
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
    int matched = 0; // bytes of "data: " matched so far, across reads
    bool reading = false; // reading the response id of the current event
    bool afterData = false; // the byte after "data: " decides what the event is
    int left = 0; // requests still to send, this one included
    std::size_t current = 0; // index of its Request in the result
};

} // namespace

FloorClient::Result FloorClient::run(
    int port, int streams, int requestsPerStream, const std::string& request, double timeoutS)
{
    Result r;
    r.requests.reserve(std::size_t(streams) * std::size_t(requestsPerStream));
    const double cpu0 = threadCpuS();
    const std::int64_t t0 = kp::core::monotonicNowNs();
    const int ep = epoll_create1(EPOLL_CLOEXEC);
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
        return send(c.fd, request.data(), request.size(), MSG_NOSIGNAL) == ssize_t(request.size());
    };
    int open = 0;
    for (int i = 0; i < streams; ++i) {
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
    }
    int active = 0;
    for (int i = 0; i < open && r.error.empty(); ++i) {
        if (!startRequest(conns[std::size_t(i)]))
            r.error = "a request could not be sent in one write";
        ++active;
    }
    static char buffer[256 * 1024];
    epoll_event events[512];
    const std::int64_t deadline = t0 + std::int64_t(timeoutS * 1e9);
    while (active > 0 && r.error.empty()) {
        const int n = epoll_wait(ep, events, 512, 100);
        if (kp::core::monotonicNowNs() > deadline) {
            r.error = "timed out with " + std::to_string(active) + " streams still open";
            break;
        }
        for (int k = 0; k < n; ++k) {
            Conn& c = conns[events[k].data.u32];
            const ssize_t got = recv(c.fd, buffer, sizeof buffer, MSG_DONTWAIT);
            const std::int64_t at = kp::core::monotonicNowNs();
            if (got <= 0) {
                if (got < 0 && errno == EAGAIN)
                    continue;
                r.error = "the server closed a connection";
                break;
            }
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
    for (Conn& c : conns)
        if (c.fd >= 0)
            close(c.fd);
    close(ep);
    r.cpuS = threadCpuS() - cpu0;
    r.wallS = double(kp::core::monotonicNowNs() - t0) / 1e9;
    return r;
}

#endif
