// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later

// The load benchmark's server: a single-threaded epoll server that answers every POST with a completion stream shaped
// like vLLM's (chunked HTTP/1.1, one `data: {...}` event per token, then `data: [DONE]`), as cheaply as it can, so that
// the client is what is measured. Paced, it writes one chunk to every open stream at each tick; with no period it
// writes as fast as each socket takes them. Every chunk's send time (CLOCK_MONOTONIC, before the write) goes to a
// ground-truth file, one line per request: "<response id> <ns> <ns> ...". Not a product: no Qt, no parser beyond
// what the benchmark's clients send.

#include <cstdio>

#ifdef __linux__

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace {

std::int64_t nowNs()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

struct Stream
{
    int fd = -1;
    std::string in; // request bytes not yet answered
    std::string out; // bytes the socket did not take yet
    std::uint64_t response = 0; // the current response's number, 0 when none
    int sent = 0; // token chunks written for it
    std::vector<std::int64_t> times;
};

struct Options
{
    int port = 0;
    int tokens = 16;
    long periodUs = 0; // 0: full speed
    const char* truth = nullptr;
};

class Server
{
public:
    explicit Server(const Options& o)
        : m_o(o)
    { }

    int run()
    {
        rlimit limit {};
        if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
            limit.rlim_cur = limit.rlim_max;
            setrlimit(RLIMIT_NOFILE, &limit);
        }
        m_listen = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        const int one = 1;
        setsockopt(m_listen, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(std::uint16_t(m_o.port));
        if (bind(m_listen, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || listen(m_listen, 65535) != 0) {
            std::fprintf(stderr, "bench_sseserver: cannot listen: %s\n", std::strerror(errno));
            return 1;
        }
        socklen_t len = sizeof a;
        getsockname(m_listen, reinterpret_cast<sockaddr*>(&a), &len);
        if (m_o.truth) {
            m_truth = std::fopen(m_o.truth, "w");
            if (!m_truth) {
                std::fprintf(stderr, "bench_sseserver: cannot write %s\n", m_o.truth);
                return 1;
            }
        }
        m_epoll = epoll_create1(EPOLL_CLOEXEC);
        add(m_listen, EPOLLIN, 0);
        if (m_o.periodUs > 0) {
            m_timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
            itimerspec spec {};
            spec.it_interval.tv_sec = m_o.periodUs / 1'000'000;
            spec.it_interval.tv_nsec = (m_o.periodUs % 1'000'000) * 1000;
            spec.it_value = spec.it_interval;
            timerfd_settime(m_timer, 0, &spec, nullptr);
            add(m_timer, EPOLLIN, 1);
        }
        std::printf("Listening on http://127.0.0.1:%d\n", ntohs(a.sin_port));
        std::fflush(stdout);
        epoll_event events[1024];
        for (;;) {
            const int n = epoll_wait(m_epoll, events, 1024, -1);
            for (int i = 0; i < n; ++i) {
                const std::uint64_t key = events[i].data.u64;
                if (key == 0)
                    accept();
                else if (key == 1)
                    tick();
                else
                    event(int(key - 2), events[i].events);
            }
        }
    }

private:
    void add(int fd, std::uint32_t events, std::uint64_t key)
    {
        epoll_event e {};
        e.events = events;
        e.data.u64 = key;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &e);
    }
    void modify(int fd, std::uint32_t events)
    {
        epoll_event e {};
        e.events = events;
        e.data.u64 = std::uint64_t(fd) + 2;
        epoll_ctl(m_epoll, EPOLL_CTL_MOD, fd, &e);
    }

    void accept()
    {
        for (;;) {
            const int fd = accept4(m_listen, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0)
                return;
            const int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            m_streams[fd].fd = fd;
            add(fd, EPOLLIN, std::uint64_t(fd) + 2);
        }
    }

    void close(Stream& s)
    {
        ::close(s.fd);
        m_streaming.erase(std::remove(m_streaming.begin(), m_streaming.end(), s.fd), m_streaming.end());
        m_streams.erase(s.fd);
    }

    void event(int fd, std::uint32_t events)
    {
        auto it = m_streams.find(fd);
        if (it == m_streams.end())
            return;
        Stream& s = it->second;
        if (events & EPOLLIN) {
            char buf[65536];
            const ssize_t n = recv(fd, buf, sizeof buf, 0);
            if (n == 0 || (n < 0 && errno != EAGAIN)) {
                close(s);
                return;
            }
            if (n > 0)
                s.in.append(buf, std::size_t(n));
            startIfAsked(s);
            if (!flush(s)) // the headers go at once, paced or not
                return;
        }
        if ((events & EPOLLOUT) && !flush(s))
            return;
        if (m_o.periodUs == 0 && s.response != 0)
            fullSpeed(s);
    }

    // A whole request (head and Content-Length body) starts a response, unless one is under way.
    void startIfAsked(Stream& s)
    {
        if (s.response != 0)
            return;
        const std::size_t end = s.in.find("\r\n\r\n");
        if (end == std::string::npos)
            return;
        std::size_t length = 0;
        const char* cl = strcasestr(s.in.c_str(), "content-length:");
        if (cl && std::size_t(cl - s.in.c_str()) < end)
            length = std::strtoul(cl + 15, nullptr, 10);
        if (s.in.size() < end + 4 + length)
            return;
        s.in.erase(0, end + 4 + length);
        s.response = ++m_responses;
        s.sent = 0;
        s.times.clear();
        s.times.reserve(std::size_t(m_o.tokens));
        s.out += "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n";
        if (m_o.periodUs > 0)
            m_streaming.push_back(s.fd);
        else
            modify(s.fd, EPOLLIN | EPOLLOUT);
    }

    void appendChunk(Stream& s)
    {
        const bool last = s.sent + 1 == m_o.tokens;
        char event[256];
        const int n = std::snprintf(event, sizeof event,
            "data: {\"id\":\"cmpl-%llu\",\"object\":\"text_completion\",\"created\":0,\"model\":\"m\",\"choices\":"
            "[{\"index\":0,\"text\":\" w\",\"logprobs\":null,\"finish_reason\":%s}]}\n\n",
            static_cast<unsigned long long>(s.response), last ? "\"length\"" : "null");
        char head[16];
        const int h = std::snprintf(head, sizeof head, "%x\r\n", n);
        s.out.append(head, std::size_t(h));
        s.out.append(event, std::size_t(n));
        s.out += "\r\n";
        ++s.sent;
        if (last) {
            s.out += "e\r\ndata: [DONE]\n\n\r\n0\r\n\r\n";
            if (m_truth) {
                std::fprintf(m_truth, "cmpl-%llu", static_cast<unsigned long long>(s.response));
                for (std::int64_t t : s.times)
                    std::fprintf(m_truth, " %lld", static_cast<long long>(t));
                std::fputc('\n', m_truth);
                std::fflush(m_truth);
            }
            s.response = 0;
        }
    }

    // Writes what is queued; false when the stream was closed.
    bool flush(Stream& s)
    {
        while (!s.out.empty()) {
            const ssize_t n = send(s.fd, s.out.data(), s.out.size(), MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EAGAIN) {
                    modify(s.fd, EPOLLIN | EPOLLOUT);
                    return true;
                }
                close(s);
                return false;
            }
            s.out.erase(0, std::size_t(n));
        }
        if (s.response == 0 || m_o.periodUs > 0)
            modify(s.fd, EPOLLIN);
        return true;
    }

    // Full speed: as many chunks as the socket takes, each timed at the write that carries it.
    void fullSpeed(Stream& s)
    {
        while (s.response != 0 && s.out.empty()) {
            const std::int64_t t = nowNs();
            const std::uint64_t response = s.response;
            for (int k = 0; k < 16 && s.response == response; ++k) {
                s.times.push_back(t);
                appendChunk(s);
            }
            if (!flush(s))
                return;
            if (s.response == 0)
                startIfAsked(s);
        }
    }

    void tick()
    {
        std::uint64_t expirations = 0;
        if (read(m_timer, &expirations, sizeof expirations) < 0)
            return;
        const std::vector<int> streaming = m_streaming;
        for (int fd : streaming) {
            auto it = m_streams.find(fd);
            if (it == m_streams.end() || it->second.response == 0)
                continue;
            Stream& s = it->second;
            if (!s.out.empty() && (!flush(s) || !s.out.empty()))
                continue; // the client has not taken the last one: it is behind, and this tick is skipped for it
            s.times.push_back(nowNs());
            appendChunk(s);
            if (s.response == 0)
                m_streaming.erase(std::find(m_streaming.begin(), m_streaming.end(), fd));
            if (!flush(s))
                continue;
            startIfAsked(s);
            flush(s);
        }
    }

    Options m_o;
    int m_listen = -1;
    int m_epoll = -1;
    int m_timer = -1;
    FILE* m_truth = nullptr;
    std::uint64_t m_responses = 0;
    std::unordered_map<int, Stream> m_streams;
    std::vector<int> m_streaming;
};

} // namespace

int main(int argc, char** argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--port" && more)
            o.port = std::atoi(argv[++i]);
        else if (a == "--tokens" && more)
            o.tokens = std::max(1, std::atoi(argv[++i]));
        else if (a == "--period-us" && more)
            o.periodUs = std::atol(argv[++i]);
        else if (a == "--truth" && more)
            o.truth = argv[++i];
        else {
            std::fprintf(stderr,
                "Usage: bench_sseserver [--port N] [--tokens K] [--period-us US (0: full speed)] [--truth FILE]\n");
            return 2;
        }
    }
    std::signal(SIGPIPE, SIG_IGN);
    return Server(o).run();
}

#else

int main()
{
    std::puts("bench_sseserver: Linux only");
    return 0;
}

#endif
