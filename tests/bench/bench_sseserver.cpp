// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later

// The load benchmark's server: a single-threaded epoll server that answers every POST with a completion stream shaped
// like vLLM's (chunked HTTP/1.1, one `data: {...}` event per token, then `data: [DONE]`), as cheaply as it can, so that
// the client is what is measured. Paced, it writes one chunk to every open stream at each tick; with no period it
// writes as fast as each socket takes them. Every chunk's send time (CLOCK_MONOTONIC, before the write) goes to a
// ground-truth file, one line per request: "<response id> <ns> <ns> ...". Not a product: no Qt, no parser beyond
// what the benchmark's clients send. With --tls it speaks TLS 1.3 (OpenSSL, non-blocking on the same loop, one record
// per chunk) for the HTTPS cases; the send times are still taken before the write, now before the encryption too.

#include <cstdio>

#ifdef __linux__

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
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
    SSL* ssl = nullptr; // with --tls
    bool handshaking = false;
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
    const char* cert = nullptr; // PEM files; both set for TLS
    const char* key = nullptr;
};

// ALPN: http/1.1 when the client offers it, and no ALPN at all when it offers something else only, as a server that
// speaks nothing but HTTP/1.1 would answer.
int selectAlpn(
    SSL*, const unsigned char** out, unsigned char* outLength, const unsigned char* in, unsigned int inLength, void*)
{
    static const unsigned char http11[] = "\x08http/1.1";
    unsigned char* selected = nullptr;
    if (SSL_select_next_proto(&selected, outLength, http11, sizeof http11 - 1, in, inLength) != OPENSSL_NPN_NEGOTIATED)
        return SSL_TLSEXT_ERR_NOACK;
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

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
        if (m_o.cert && !setUpTls())
            return 1;
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
        std::printf("Listening on %s://127.0.0.1:%d\n", m_tls ? "https" : "http", ntohs(a.sin_port));
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
    bool setUpTls()
    {
        m_tls = SSL_CTX_new(TLS_server_method());
        if (!m_tls || !SSL_CTX_set_min_proto_version(m_tls, TLS1_3_VERSION)
            || SSL_CTX_use_certificate_chain_file(m_tls, m_o.cert) != 1
            || SSL_CTX_use_PrivateKey_file(m_tls, m_o.key, SSL_FILETYPE_PEM) != 1
            || SSL_CTX_check_private_key(m_tls) != 1) {
            char why[256];
            ERR_error_string_n(ERR_get_error(), why, sizeof why);
            std::fprintf(stderr, "bench_sseserver: cannot use %s and %s: %s\n", m_o.cert, m_o.key, why);
            return false;
        }
        // Partial writes and a moving buffer: a stream's queue is a std::string that grows (and may move) while a
        // record waits for the socket, and what was taken is erased from its front.
        SSL_CTX_set_mode(m_tls, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
        // Read-ahead: a request that comes in several records costs one recv, not one per record header and body.
        SSL_CTX_set_read_ahead(m_tls, 1);
        // One ticket, not the default two: enough for a client that resumes its sessions when it reconnects, and
        // half the per-handshake work the server would do for tickets nobody uses.
        SSL_CTX_set_num_tickets(m_tls, 1);
        SSL_CTX_set_alpn_select_cb(m_tls, selectAlpn, nullptr);
        return true;
    }

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
            Stream& s = m_streams[fd];
            s.fd = fd;
            if (m_tls) {
                s.ssl = SSL_new(m_tls);
                SSL_set_fd(s.ssl, fd);
                SSL_set_accept_state(s.ssl);
                s.handshaking = true;
            }
            add(fd, EPOLLIN, std::uint64_t(fd) + 2);
        }
    }

    void close(Stream& s)
    {
        SSL_free(s.ssl); // no close_notify: the benchmark ends its connections by closing them, and so does this
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
        if (s.handshaking) {
            const int done = SSL_do_handshake(s.ssl);
            if (done != 1) {
                const int why = SSL_get_error(s.ssl, done);
                if (why == SSL_ERROR_WANT_READ)
                    modify(fd, EPOLLIN);
                else if (why == SSL_ERROR_WANT_WRITE)
                    modify(fd, EPOLLIN | EPOLLOUT);
                else
                    close(s);
                return;
            }
            s.handshaking = false;
            modify(fd, EPOLLIN);
            events |= EPOLLIN; // the request may have come with the client's Finished
        }
        if (events & EPOLLIN) {
            if (!receive(s))
                return;
            startIfAsked(s);
            if (!flush(s)) // the headers go at once, paced or not
                return;
        }
        if ((events & EPOLLOUT) && !flush(s))
            return;
        if (m_o.periodUs == 0 && s.response != 0)
            fullSpeed(s);
    }

    // Appends what the socket has to the stream's request bytes; false when the stream was closed.
    bool receive(Stream& s)
    {
        char buf[65536];
        if (!s.ssl) {
            const ssize_t n = recv(s.fd, buf, sizeof buf, 0);
            if (n == 0 || (n < 0 && errno != EAGAIN)) {
                close(s);
                return false;
            }
            if (n > 0)
                s.in.append(buf, std::size_t(n));
            return true;
        }
        // Records already read ahead into OpenSSL's buffer raise no readiness of their own: drain them here.
        do {
            const int n = SSL_read(s.ssl, buf, sizeof buf);
            if (n > 0) {
                s.in.append(buf, std::size_t(n));
                continue;
            }
            const int why = SSL_get_error(s.ssl, n);
            if (why == SSL_ERROR_WANT_READ || why == SSL_ERROR_WANT_WRITE)
                return true;
            ERR_clear_error();
            close(s);
            return false;
        } while (SSL_has_pending(s.ssl));
        return true;
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
        if (s.in.compare(0, 4, "GET ") == 0) {
            // Enough of an OpenAI-compatible server for `kneepoint run` to be pointed at it (the nginx pairs of
            // tests/bench/nginx-pairs.sh): the model list and health; anything else is not here.
            const std::string path = s.in.substr(4, s.in.find(' ', 4) - 4);
            s.in.erase(0, end + 4 + length);
            std::string body;
            const char* status = "200 OK";
            if (path.find("/v1/models") != std::string::npos)
                body = "{\"object\":\"list\",\"data\":[{\"id\":\"m\",\"object\":\"model\",\"max_model_len\":4096}]}";
            else if (path.find("/health") == std::string::npos)
                status = "404 Not Found";
            s.out += std::string("HTTP/1.1 ") + status + "\r\ncontent-type: application/json\r\ncontent-length: "
                + std::to_string(body.size()) + "\r\n\r\n" + body;
            modify(s.fd, EPOLLIN | EPOLLOUT);
            return;
        }
        if (s.in.find("\"stream\"", end) == std::string::npos) {
            // A whole answer where no stream was asked for (the doctor's one-token check).
            s.in.erase(0, end + 4 + length);
            const std::string body = "{\"id\":\"cmpl-0\",\"object\":\"text_completion\",\"model\":\"m\",\"choices\":[{"
                                     "\"index\":0,\"text\":\" w\",\"finish_reason\":\"length\"}],\"usage\":{"
                                     "\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":2}}";
            s.out += "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: "
                + std::to_string(body.size()) + "\r\n\r\n" + body;
            modify(s.fd, EPOLLIN | EPOLLOUT);
            return;
        }
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
            ssize_t n;
            bool full;
            if (s.ssl) {
                // Each write is one record (or a few, past 16 KiB): one chunk per record when paced, as a server
                // that flushes each token does.
                const int w = SSL_write(s.ssl, s.out.data(), int(std::min<std::size_t>(s.out.size(), INT_MAX)));
                const int why = w > 0 ? SSL_ERROR_NONE : SSL_get_error(s.ssl, w);
                n = w > 0 ? w : -1;
                full = why == SSL_ERROR_WANT_WRITE || why == SSL_ERROR_WANT_READ;
                if (n < 0 && !full)
                    ERR_clear_error();
            } else {
                n = send(s.fd, s.out.data(), s.out.size(), MSG_NOSIGNAL);
                full = n < 0 && errno == EAGAIN;
            }
            if (n < 0) {
                if (full) {
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
    SSL_CTX* m_tls = nullptr;
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
        else if (a == "--tls" && i + 2 < argc) {
            o.cert = argv[++i];
            o.key = argv[++i];
        } else {
            std::fprintf(stderr,
                "Usage: bench_sseserver [--port N] [--tokens K] [--period-us US (0: full speed)] [--truth FILE]\n"
                "                       [--tls CERT.pem KEY.pem]\n");
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
