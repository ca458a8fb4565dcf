// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later

// Capacity benchmark of `kneepoint sim`: how many concurrent SSE streams and streamed chunks per second it sustains
// on one core. The client is plain epoll rather than Qt so that it costs far less CPU than the server it measures,
// and the two are pinned to different cores so that neither steals the other's time. Run by hand, see
// docs/load-engine.md, Benchmarks.

#include <cstdio>

#ifdef __linux__

#include <algorithm>
#include <arpa/inet.h>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <string>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr std::size_t kReadSize = 64 * 1024;
// The longest pattern looked for is 12 bytes; keeping the last 11 bytes of a connection's previous read finds a
// pattern split across two reads exactly once.
constexpr std::size_t kCarry = 11;
// The sim's accept queue is deep, but connecting thousands of sockets at once would measure the kernel's SYN
// handling rather than the sim; a bounded ramp also keeps the first prefill batches realistic.
constexpr int kMaxPendingConnects = 128;
constexpr double kStartTimeoutS = 20;
constexpr double kRampTimeoutS = 60;
constexpr double kScrapeTimeoutS = 15;

struct Options
{
    std::string kneepoint = KNEEPOINT_BINARY_PATH;
    std::vector<int> streams;
    std::vector<double> speeds;
    double seconds = 10;
    double warmup = 2;
    int maxTokens = 1024;
    std::vector<std::string> simArgs;
};

struct RowSpec
{
    int streams;
    double speed;
};

struct Counters
{
    std::uint64_t chunks = 0;
    std::uint64_t done = 0;
    std::uint64_t responses = 0;
    std::uint64_t httpErrors = 0;
    std::uint64_t disconnects = 0;
    std::uint64_t connectErrors = 0;
    std::uint64_t sendErrors = 0;

    std::uint64_t errors() const { return httpErrors + disconnects + connectErrors + sendErrors; }
};

struct RowResult
{
    RowSpec spec {};
    bool ok = false;
    std::string failure;
    double window = 0;
    double chunksPerSecond = 0;
    double simCores = 0;
    double chunksPerSimCpuSecond = 0;
    double clientCores = 0;
    double othersOnSimCpu = 0; // cores' worth of the sim's CPU that went to other processes
    double othersOnClientCpu = 0;
    double lagMax = NAN;
    double serverTokens = NAN;
    double scrapeMs = NAN;
    double rampSeconds = 0;
    double minStreamRate = 0;
    double maxStreamRate = 0;
    std::uint64_t clientChunksAtScrape = 0;
    long simThreads = 0;
    long simPeakRssKiB = 0;
    Counters counters;
    std::vector<std::string> notes;
};

double monotonicSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double selfCpuSeconds()
{
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    auto secs = [](const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; };
    return secs(ru.ru_utime) + secs(ru.ru_stime);
}

std::string readSmallFile(const std::string& path)
{
    std::string text;
    FILE* f = std::fopen(path.c_str(), "r");
    if (!f)
        return text;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
        text.append(buf, n);
    std::fclose(f);
    return text;
}

struct ProcStat
{
    long long cpuTicks = -1;
    long threads = 0;
};

ProcStat readProcStat(pid_t pid)
{
    ProcStat st;
    const std::string text = readSmallFile("/proc/" + std::to_string(pid) + "/stat");
    // The command name may hold spaces and parentheses; fields are only unambiguous after the last ')'.
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos)
        return st;
    std::vector<std::string> fields;
    std::size_t i = close + 1;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ')
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\n')
            ++i;
        if (i > start)
            fields.push_back(text.substr(start, i - start));
        if (i < text.size() && text[i] == '\n')
            break;
    }
    // fields[0] is field 3 of proc(5): utime is 14, stime 15, num_threads 20.
    if (fields.size() < 18)
        return st;
    st.cpuTicks = std::atoll(fields[11].c_str()) + std::atoll(fields[12].c_str());
    st.threads = std::atol(fields[17].c_str());
    return st;
}

// Ticks a CPU spent running tasks, from /proc/stat. Interrupt and softirq time is left out because most of it is the
// loopback traffic under test; steal counts, being time the pinned process could not get.
long long readCpuBusyTicks(int cpu)
{
    const std::string text = readSmallFile("/proc/stat");
    const std::string key = "\ncpu" + std::to_string(cpu) + ' ';
    const std::size_t at = text.find(key);
    if (cpu < 0 || at == std::string::npos)
        return -1;
    long long v[8] = {};
    char* p = const_cast<char*>(text.c_str()) + at + key.size();
    for (long long& x : v)
        x = std::strtoll(p, &p, 10);
    // user nice system idle iowait irq softirq steal
    return v[0] + v[1] + v[2] + v[7];
}

long readPeakRssKiB(pid_t pid)
{
    const std::string text = readSmallFile("/proc/" + std::to_string(pid) + "/status");
    const std::size_t at = text.find("VmHWM:");
    return at == std::string::npos ? 0 : std::atol(text.c_str() + at + 6);
}

std::string describeWaitStatus(int status)
{
    if (WIFEXITED(status))
        return "exited with code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")"
            + (WCOREDUMP(status) ? ", core dumped" : "");
    return "stopped, status " + std::to_string(status);
}

std::string formatNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

class SimProcess
{
public:
    SimProcess() = default;
    SimProcess(const SimProcess&) = delete;
    SimProcess& operator=(const SimProcess&) = delete;
    ~SimProcess() { stop(); }

    bool start(const std::string& binary, const std::vector<std::string>& args, int cpu, std::string* error)
    {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) {
            *error = std::string("pipe: ") + std::strerror(errno);
            return false;
        }
        // Everything the child needs is built before fork: only async-signal-safe calls may follow it.
        std::vector<std::string> argStorage;
        argStorage.push_back(binary);
        argStorage.insert(argStorage.end(), args.begin(), args.end());
        std::vector<char*> argv;
        argv.reserve(argStorage.size() + 1);
        for (std::string& a : argStorage)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        cpu_set_t set;
        CPU_ZERO(&set);
        if (cpu >= 0)
            CPU_SET(cpu, &set);
        const pid_t parent = getpid();

        m_pid = fork();
        if (m_pid < 0) {
            *error = std::string("fork: ") + std::strerror(errno);
            ::close(fds[0]);
            ::close(fds[1]);
            return false;
        }
        if (m_pid == 0) {
            // A benchmark killed by Ctrl-C must not leave a sim spinning on a core.
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent)
                _exit(127);
            dup2(fds[1], STDOUT_FILENO);
            dup2(fds[1], STDERR_FILENO);
            if (cpu >= 0)
                sched_setaffinity(0, sizeof set, &set);
            execv(argv[0], argv.data());
            static const char msg[] = "exec failed\n";
            [[maybe_unused]] const ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
            _exit(127);
        }
        ::close(fds[1]);
        m_outFd = fds[0];
        return waitForPort(error);
    }

    // The sim's later output (warnings, errors) is forwarded rather than hidden, and draining it keeps the sim from
    // blocking on a full pipe.
    void drainOutput(bool forward)
    {
        char buf[4096];
        for (;;) {
            const ssize_t n = read(m_outFd, buf, sizeof buf);
            if (n <= 0)
                return;
            if (forward)
                std::fprintf(stderr, "[sim] %.*s", int(n), buf);
        }
    }

    // Returns the exit description if the sim has died, or an empty string.
    std::string checkExited()
    {
        if (m_pid <= 0)
            return m_exitDescription;
        int status = 0;
        if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            m_exitDescription = describeWaitStatus(status);
        }
        return m_exitDescription;
    }

    // Returns a description of how the sim ended if that was anything but our SIGTERM.
    std::string stop()
    {
        std::string problem;
        if (m_pid > 0) {
            kill(m_pid, SIGTERM);
            int status = 0;
            bool reaped = false;
            for (int i = 0; i < 100 && !reaped; ++i) {
                if (waitpid(m_pid, &status, WNOHANG) == m_pid)
                    reaped = true;
                else
                    usleep(50'000);
            }
            if (!reaped) {
                kill(m_pid, SIGKILL);
                waitpid(m_pid, &status, 0);
                problem = "did not exit within 5 s of SIGTERM; killed";
            } else if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM)
                && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
                problem = "on SIGTERM " + describeWaitStatus(status);
            }
            m_pid = -1;
        } else if (!m_exitDescription.empty()) {
            problem = m_exitDescription;
        }
        if (m_outFd >= 0) {
            ::close(m_outFd);
            m_outFd = -1;
        }
        return problem;
    }

    pid_t pid() const { return m_pid; }
    int outFd() const { return m_outFd; }
    int port() const { return m_port; }

private:
    bool waitForPort(std::string* error)
    {
        const std::string marker = "Listening on http://";
        std::string output;
        const double deadline = monotonicSeconds() + kStartTimeoutS;
        for (;;) {
            const std::size_t at = output.find(marker);
            const std::size_t eol = at == std::string::npos ? at : output.find('\n', at);
            if (eol != std::string::npos) {
                const std::size_t colon = output.rfind(':', eol);
                m_port = std::atoi(output.c_str() + colon + 1);
                if (m_port <= 0) {
                    *error = "could not parse the port from: " + output.substr(at, eol - at);
                    return false;
                }
                fcntl(m_outFd, F_SETFL, fcntl(m_outFd, F_GETFL) | O_NONBLOCK);
                return true;
            }
            const double left = deadline - monotonicSeconds();
            if (left <= 0) {
                *error = "no 'Listening on' line within " + formatNumber(kStartTimeoutS) + " s";
                break;
            }
            pollfd pfd {m_outFd, POLLIN, 0};
            if (poll(&pfd, 1, int(left * 1000) + 1) < 0 && errno != EINTR) {
                *error = std::string("poll: ") + std::strerror(errno);
                break;
            }
            char buf[4096];
            const ssize_t n = read(m_outFd, buf, sizeof buf);
            if (n > 0) {
                output.append(buf, std::size_t(n));
            } else if (n == 0) {
                int status = 0;
                waitpid(m_pid, &status, 0);
                m_pid = -1;
                *error = "it " + describeWaitStatus(status) + " before listening";
                break;
            }
        }
        if (!output.empty())
            *error += "\n--- sim output ---\n" + output + (output.back() == '\n' ? "" : "\n") + "------------------";
        return false;
    }

    pid_t m_pid = -1;
    int m_outFd = -1;
    int m_port = 0;
    std::string m_exitDescription;
};

struct Conn
{
    int fd = -1;
    bool connecting = false;
    bool started = false; // a status line arrived since this socket connected
    bool everStarted = false;
    unsigned char carryLen = 0;
    char carry[kCarry] {};
    std::uint64_t chunks = 0;
};

// What one read contained, found without parsing HTTP or JSON: the sim writes each SSE event as its own HTTP chunk,
// so "data: {" starts a token event, "data: [DONE]" ends a stream and the zero-size chunk ends the response.
struct ScanResult
{
    std::uint64_t chunks = 0;
    std::uint64_t done = 0;
    bool responseEnd = false;
    int status = 0;
};

void scan(const char* p, std::size_t total, std::size_t carryLen, ScanResult* r)
{
    // A match is counted only when it ends in the new bytes: one ending in the carry was counted last time.
    auto at = [&](std::size_t i, const char* pattern, std::size_t len) {
        return i + len <= total && i + len > carryLen && std::memcmp(p + i, pattern, len) == 0;
    };
    for (std::size_t i = 0; i < total; ++i) {
        switch (p[i]) {
        case 'd':
            if (at(i, "data: {", 7))
                ++r->chunks;
            else if (at(i, "data: [DONE]", 12))
                ++r->done;
            break;
        case '\r':
            // A chunk size never has a leading zero and JSON escapes CR/LF, so only the last chunk looks like this.
            if (at(i, "\r\n0\r\n\r\n", 7))
                r->responseEnd = true;
            break;
        case 'H':
            if (i + 12 <= total && i + 12 > carryLen && std::memcmp(p + i, "HTTP/1.1 ", 9) == 0)
                r->status = (p[i + 9] - '0') * 100 + (p[i + 10] - '0') * 10 + (p[i + 11] - '0');
            break;
        default:
            break;
        }
    }
}

bool parseMetric(const std::string& text, const std::string& name, double* value)
{
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t eol = text.find('\n', pos);
        if (eol == std::string::npos)
            eol = text.size();
        if (text.compare(pos, name.size(), name) == 0 && pos + name.size() < eol
            && (text[pos + name.size()] == '{' || text[pos + name.size()] == ' ')) {
            const std::size_t space = text.rfind(' ', eol);
            if (space != std::string::npos && space > pos) {
                *value = std::strtod(text.c_str() + space + 1, nullptr);
                return true;
            }
        }
        pos = eol + 1;
    }
    return false;
}

class LoadRun
{
public:
    LoadRun(const RowSpec& spec, const Options& options, SimProcess* sim, int simCpu, int clientCpu)
        : m_spec(spec)
        , m_options(options)
        , m_sim(sim)
        , m_simCpu(simCpu)
        , m_clientCpu(clientCpu)
        , m_conns(std::size_t(spec.streams))
        , m_buffer(kCarry + kReadSize)
    {
        const std::string body = "{\"prompt\":\"hello\",\"max_tokens\":" + std::to_string(options.maxTokens)
            + ",\"ignore_eos\":true,\"stream\":true}";
        m_request = "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(sim->port())
            + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: "
            + std::to_string(body.size()) + "\r\n\r\n" + body;
        m_addr.sin_family = AF_INET;
        m_addr.sin_port = htons(std::uint16_t(sim->port()));
        m_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        m_metricsTag = m_conns.size();
        m_simTag = m_conns.size() + 1;
    }
    LoadRun(const LoadRun&) = delete;
    LoadRun& operator=(const LoadRun&) = delete;

    ~LoadRun()
    {
        closeAll();
        if (m_epoll >= 0)
            ::close(m_epoll);
    }

    RowResult run()
    {
        RowResult r;
        r.spec = m_spec;
        m_epoll = epoll_create1(EPOLL_CLOEXEC);
        if (m_epoll < 0) {
            r.failure = std::string("epoll_create1: ") + std::strerror(errno);
            return r;
        }
        epoll_event ev {};
        ev.events = EPOLLIN;
        ev.data.u64 = m_simTag;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_sim->outFd(), &ev);
        for (std::size_t i = 0; i < m_conns.size(); ++i)
            m_idle.push_back(i);

        enum class Stage { Ramp, Warmup, Measure, Scrape, Done } stage = Stage::Ramp;
        const double t0 = monotonicSeconds();
        double deadline = t0 + kRampTimeoutS;
        double lastAliveCheck = t0;
        double w0 = 0, w1 = 0, cpu0 = 0, cpu1 = 0;
        long long ticks0 = 0, ticks1 = 0, simBusy0 = 0, simBusy1 = 0, clientBusy0 = 0, clientBusy1 = 0;
        std::uint64_t chunks0 = 0, chunks1 = 0;
        std::vector<std::uint64_t> perConn0;
        std::vector<epoll_event> events(1024);

        while (stage != Stage::Done) {
            const double now = monotonicSeconds();
            if (now - lastAliveCheck > 0.1) {
                lastAliveCheck = now;
                const std::string exited = m_sim->checkExited();
                if (!exited.empty()) {
                    r.failure = "the sim " + exited + " during the run";
                    break;
                }
            }
            if (stage == Stage::Ramp && m_everStarted == m_conns.size()) {
                r.rampSeconds = now - t0;
                stage = Stage::Warmup;
                deadline = now + m_options.warmup;
            } else if (stage == Stage::Ramp && now >= deadline) {
                r.failure = "only " + std::to_string(m_everStarted) + " of " + std::to_string(m_conns.size())
                    + " streams got a response within " + formatNumber(kRampTimeoutS) + " s";
                break;
            } else if (stage == Stage::Warmup && now >= deadline) {
                w0 = now;
                cpu0 = selfCpuSeconds();
                ticks0 = readProcStat(m_sim->pid()).cpuTicks;
                simBusy0 = readCpuBusyTicks(m_simCpu);
                clientBusy0 = readCpuBusyTicks(m_clientCpu);
                chunks0 = m_counters.chunks;
                perConn0.clear();
                for (const Conn& c : m_conns)
                    perConn0.push_back(c.chunks);
                stage = Stage::Measure;
                deadline = now + m_options.seconds;
            } else if (stage == Stage::Measure && now >= deadline) {
                w1 = now;
                cpu1 = selfCpuSeconds();
                const ProcStat st = readProcStat(m_sim->pid());
                ticks1 = st.cpuTicks;
                simBusy1 = readCpuBusyTicks(m_simCpu);
                clientBusy1 = readCpuBusyTicks(m_clientCpu);
                r.simThreads = st.threads;
                chunks1 = m_counters.chunks;
                double lo = INFINITY, hi = 0;
                for (std::size_t i = 0; i < m_conns.size(); ++i) {
                    const double rate = double(m_conns[i].chunks - perConn0[i]) / (w1 - w0);
                    lo = std::min(lo, rate);
                    hi = std::max(hi, rate);
                }
                r.minStreamRate = lo;
                r.maxStreamRate = hi;
                // Scraped under full load on purpose: how long it takes shows how responsive the event loop stays.
                m_metricsStart = now;
                r.clientChunksAtScrape = m_counters.chunks;
                if (!openMetrics()) {
                    r.notes.push_back("could not connect for /metrics");
                    stage = Stage::Done;
                    continue;
                }
                stage = Stage::Scrape;
                deadline = now + kScrapeTimeoutS;
            } else if (stage == Stage::Scrape && (m_metricsDone || now >= deadline)) {
                if (!m_metricsDone)
                    r.notes.push_back("GET /metrics got no complete answer within " + formatNumber(kScrapeTimeoutS)
                        + " s under load");
                stage = Stage::Done;
                continue;
            }

            openIdle();
            const double wait = std::clamp(std::min(deadline, lastAliveCheck + 0.1) - monotonicSeconds(), 0.0, 0.1);
            const int n = epoll_wait(m_epoll, events.data(), int(events.size()), int(std::ceil(wait * 1000)));
            if (n < 0 && errno != EINTR) {
                r.failure = std::string("epoll_wait: ") + std::strerror(errno);
                break;
            }
            for (int k = 0; k < n; ++k)
                dispatch(events[std::size_t(k)]);
        }

        r.counters = m_counters;
        if (m_metricsDone) {
            r.scrapeMs = (m_metricsEnd - m_metricsStart) * 1e3;
            const std::size_t bodyAt = m_metricsResponse.find("\r\n\r\n");
            if (m_metricsResponse.compare(0, 12, "HTTP/1.1 200") != 0 || bodyAt == std::string::npos) {
                r.notes.push_back("GET /metrics answered: " + m_metricsResponse.substr(0, 80));
            } else {
                const std::string body = m_metricsResponse.substr(bodyAt + 4);
                if (!parseMetric(body, "kneepoint:sim_lag_max_seconds", &r.lagMax))
                    r.notes.push_back("no kneepoint:sim_lag_max_seconds in /metrics");
                if (!parseMetric(body, "vllm:generation_tokens_total", &r.serverTokens))
                    r.notes.push_back("no vllm:generation_tokens_total in /metrics");
            }
        }
        if (r.failure.empty() && w1 > w0) {
            const double tick = double(sysconf(_SC_CLK_TCK));
            const double simCpu = double(ticks1 - ticks0) / tick;
            r.window = w1 - w0;
            r.chunksPerSecond = double(chunks1 - chunks0) / r.window;
            r.simCores = simCpu / r.window;
            r.chunksPerSimCpuSecond = simCpu > 0 ? double(chunks1 - chunks0) / simCpu : 0;
            r.clientCores = (cpu1 - cpu0) / r.window;
            // Another build or test on the same core starves the sim and makes chunks/s meaningless; say so.
            if (simBusy0 >= 0 && simBusy1 >= 0)
                r.othersOnSimCpu = std::max(0.0, double(simBusy1 - simBusy0) / tick / r.window - r.simCores);
            if (clientBusy0 >= 0 && clientBusy1 >= 0)
                r.othersOnClientCpu
                    = std::max(0.0, double(clientBusy1 - clientBusy0) / tick / r.window - r.clientCores);
            r.ok = true;
        }
        r.simPeakRssKiB = m_sim->pid() > 0 ? readPeakRssKiB(m_sim->pid()) : 0;
        return r;
    }

    // Closing every stream at once is the harshest disconnect the sim sees; give it a moment to show a crash.
    std::string closeAllAndWatch()
    {
        closeAll();
        for (int i = 0; i < 10; ++i) {
            usleep(50'000);
            m_sim->drainOutput(true);
            const std::string exited = m_sim->checkExited();
            if (!exited.empty())
                return "the sim " + exited + " after the client closed its connections";
        }
        return {};
    }

private:
    void closeAll()
    {
        m_stopping = true;
        for (Conn& c : m_conns) {
            if (c.fd >= 0)
                ::close(c.fd);
            c.fd = -1;
        }
        if (m_metricsFd >= 0)
            ::close(m_metricsFd);
        m_metricsFd = -1;
    }

    void openIdle()
    {
        while (!m_idle.empty() && m_pending < kMaxPendingConnects && !m_stopping) {
            const std::size_t i = m_idle.back();
            m_idle.pop_back();
            openConn(i);
        }
    }

    void openConn(std::size_t i)
    {
        Conn& c = m_conns[i];
        c.fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (c.fd < 0) {
            std::fprintf(stderr, "socket: %s\n", std::strerror(errno));
            ++m_counters.connectErrors;
            m_idle.push_back(i);
            return;
        }
        c.connecting = true;
        c.started = false;
        c.carryLen = 0;
        ++m_pending;
        epoll_event ev {};
        ev.events = EPOLLOUT;
        ev.data.u64 = i;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, c.fd, &ev);
        if (connect(c.fd, reinterpret_cast<const sockaddr*>(&m_addr), sizeof m_addr) != 0 && errno != EINPROGRESS) {
            ++m_counters.connectErrors;
            reset(i);
        }
    }

    void reset(std::size_t i)
    {
        Conn& c = m_conns[i];
        if (!c.started && c.fd >= 0)
            --m_pending;
        if (c.fd >= 0)
            ::close(c.fd);
        c.fd = -1;
        c.connecting = false;
        c.started = false;
        c.carryLen = 0;
        if (!m_stopping)
            m_idle.push_back(i);
    }

    bool sendRequest(std::size_t i)
    {
        const ssize_t n = send(m_conns[i].fd, m_request.data(), m_request.size(), MSG_NOSIGNAL);
        if (n == ssize_t(m_request.size()))
            return true;
        // The request is far smaller than an empty socket buffer, so a short write means a broken connection.
        ++m_counters.sendErrors;
        reset(i);
        return false;
    }

    void dispatch(const epoll_event& ev)
    {
        const std::uint64_t tag = ev.data.u64;
        if (tag == m_simTag) {
            m_sim->drainOutput(true);
            return;
        }
        if (tag == m_metricsTag) {
            onMetrics(ev.events);
            return;
        }
        const std::size_t i = std::size_t(tag);
        Conn& c = m_conns[i];
        if (c.fd < 0)
            return;
        if (c.connecting) {
            int err = 0;
            socklen_t len = sizeof err;
            getsockopt(c.fd, SOL_SOCKET, SO_ERROR, &err, &len);
            if (err != 0) {
                if (m_counters.connectErrors++ == 0)
                    std::fprintf(stderr, "connect: %s\n", std::strerror(err));
                reset(i);
                return;
            }
            c.connecting = false;
            epoll_event in {};
            in.events = EPOLLIN;
            in.data.u64 = i;
            epoll_ctl(m_epoll, EPOLL_CTL_MOD, c.fd, &in);
            sendRequest(i);
            return;
        }
        onReadable(i);
    }

    void onReadable(std::size_t i)
    {
        Conn& c = m_conns[i];
        char* const fresh = m_buffer.data() + kCarry;
        const ssize_t n = read(c.fd, fresh, kReadSize);
        if (n <= 0) {
            if (n < 0 && (errno == EAGAIN || errno == EINTR))
                return;
            ++m_counters.disconnects;
            if (m_counters.disconnects <= 3)
                std::fprintf(stderr, "stream %zu: %s\n", i, n == 0 ? "closed by the sim" : std::strerror(errno));
            reset(i);
            return;
        }
        char* const start = fresh - c.carryLen;
        std::memcpy(start, c.carry, c.carryLen);
        const std::size_t total = c.carryLen + std::size_t(n);
        ScanResult s;
        scan(start, total, c.carryLen, &s);
        c.carryLen = static_cast<unsigned char>(std::min(total, kCarry));
        std::memcpy(c.carry, start + total - c.carryLen, c.carryLen);
        c.chunks += s.chunks;
        m_counters.chunks += s.chunks;
        m_counters.done += s.done;

        if (s.status != 0) {
            if (!c.started) {
                c.started = true;
                --m_pending;
                if (!c.everStarted) {
                    c.everStarted = true;
                    ++m_everStarted;
                }
            }
            if (s.status != 200) {
                // An error's body is not chunked like a stream; a fresh connection is simpler than reframing.
                if (m_counters.httpErrors++ < 3)
                    std::fprintf(stderr, "stream %zu: HTTP %d\n", i, s.status);
                reset(i);
                return;
            }
        }
        if (s.responseEnd) {
            ++m_counters.responses;
            // Keep concurrency at N: the next request goes out on the same keep-alive connection at once.
            sendRequest(i);
        }
    }

    bool openMetrics()
    {
        m_metricsFd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (m_metricsFd < 0)
            return false;
        epoll_event ev {};
        ev.events = EPOLLOUT;
        ev.data.u64 = m_metricsTag;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_metricsFd, &ev);
        return connect(m_metricsFd, reinterpret_cast<const sockaddr*>(&m_addr), sizeof m_addr) == 0
            || errno == EINPROGRESS;
    }

    void onMetrics(std::uint32_t events)
    {
        if (m_metricsFd < 0 || m_metricsDone)
            return;
        if (!m_metricsSent && (events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
            int err = 0;
            socklen_t len = sizeof err;
            getsockopt(m_metricsFd, SOL_SOCKET, SO_ERROR, &err, &len);
            static const char request[] = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
            if (err != 0
                || send(m_metricsFd, request, sizeof request - 1, MSG_NOSIGNAL) != ssize_t(sizeof request - 1)) {
                finishMetrics();
                return;
            }
            m_metricsSent = true;
            epoll_event in {};
            in.events = EPOLLIN;
            in.data.u64 = m_metricsTag;
            epoll_ctl(m_epoll, EPOLL_CTL_MOD, m_metricsFd, &in);
            return;
        }
        char buf[16384];
        const ssize_t n = read(m_metricsFd, buf, sizeof buf);
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return;
        if (n <= 0) {
            finishMetrics();
            return;
        }
        m_metricsResponse.append(buf, std::size_t(n));
        if (metricsComplete())
            finishMetrics();
    }

    // Connection: close should end the answer, but completeness is checked too in case the sim keeps it open.
    bool metricsComplete() const
    {
        const std::size_t headerEnd = m_metricsResponse.find("\r\n\r\n");
        if (headerEnd == std::string::npos)
            return false;
        std::string headers = m_metricsResponse.substr(0, headerEnd);
        std::transform(headers.begin(), headers.end(), headers.begin(),
            [](char ch) { return char(std::tolower(static_cast<unsigned char>(ch))); });
        const std::size_t cl = headers.find("\r\ncontent-length:");
        if (cl != std::string::npos)
            return m_metricsResponse.size() - headerEnd - 4 >= std::size_t(std::atoll(headers.c_str() + cl + 17));
        if (headers.find("chunked") != std::string::npos)
            return m_metricsResponse.find("\r\n0\r\n\r\n", headerEnd) != std::string::npos;
        return false;
    }

    void finishMetrics()
    {
        m_metricsDone = true;
        m_metricsEnd = monotonicSeconds();
        ::close(m_metricsFd);
        m_metricsFd = -1;
    }

    RowSpec m_spec;
    const Options& m_options;
    SimProcess* m_sim;
    int m_simCpu;
    int m_clientCpu;
    std::vector<Conn> m_conns;
    std::vector<char> m_buffer;
    std::vector<std::size_t> m_idle;
    std::string m_request;
    sockaddr_in m_addr {};
    int m_epoll = -1;
    int m_pending = 0;
    std::size_t m_everStarted = 0;
    bool m_stopping = false;
    Counters m_counters;
    std::uint64_t m_metricsTag = 0;
    std::uint64_t m_simTag = 0;
    int m_metricsFd = -1;
    bool m_metricsSent = false;
    bool m_metricsDone = false;
    double m_metricsStart = 0;
    double m_metricsEnd = 0;
    std::string m_metricsResponse;
};

void printUsage()
{
    std::printf("Usage: bench_sim [--kneepoint PATH] [--streams N[,N...]] [--speed K[,K...]] [--seconds S]\n"
                "                 [--warmup S] [--max-tokens N] [-- SIM-ARGS...]\n"
                "Runs every streams x speed combination against a fresh `kneepoint sim` pinned to one core.\n"
                "Without --streams and --speed: 2000 streams at speeds 200 and 2000, then 256 streams at 2000.\n"
                "SIM-ARGS are appended to the sim's command line and override its defaults here:\n"
                "  --model llama-3.2-1b --gpu h200 --step-overhead-ms 0 --max-num-seqs max(4096, N)\n"
                "  --max-num-batched-tokens 65536\n"
                "The sim inherits the environment, so e.g. QT_NO_GLIB=1 bench_sim compares Qt's event dispatchers.\n");
}

template<typename T, typename Parse> bool parseList(const char* text, std::vector<T>* out, Parse parse)
{
    out->clear();
    std::string s(text);
    std::size_t pos = 0;
    while (pos <= s.size()) {
        std::size_t comma = s.find(',', pos);
        if (comma == std::string::npos)
            comma = s.size();
        const std::string item = s.substr(pos, comma - pos);
        char* end = nullptr;
        const T v = parse(item.c_str(), &end);
        if (item.empty() || *end != '\0' || !(v > 0))
            return false;
        out->push_back(v);
        pos = comma + 1;
    }
    return !out->empty();
}

bool parseOptions(int argc, char** argv, Options* o)
{
    auto toInt = [](const char* s, char** end) { return int(std::strtol(s, end, 10)); };
    auto toDouble = [](const char* s, char** end) { return std::strtod(s, end); };
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--") {
            o->simArgs.assign(argv + i + 1, argv + argc);
            break;
        }
        if (a == "-h" || a == "--help") {
            printUsage();
            std::exit(0);
        }
        if (i + 1 >= argc) {
            std::fprintf(stderr, "bench_sim: unknown option or missing value: %s\n", a.c_str());
            return false;
        }
        const char* v = argv[++i];
        std::vector<double> one;
        bool ok = true;
        if (a == "--kneepoint")
            o->kneepoint = v;
        else if (a == "--streams")
            ok = parseList(v, &o->streams, toInt);
        else if (a == "--speed")
            ok = parseList(v, &o->speeds, toDouble);
        else if (a == "--seconds" && (ok = parseList(v, &one, toDouble)) && one.size() == 1)
            o->seconds = one[0];
        else if (a == "--warmup" && (ok = parseList(v, &one, toDouble)) && one.size() == 1)
            o->warmup = one[0];
        else if (a == "--max-tokens")
            ok = (o->maxTokens = std::atoi(v)) > 0;
        else
            ok = false;
        if (!ok) {
            std::fprintf(stderr, "bench_sim: bad option %s %s\n", a.c_str(), v);
            return false;
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    Options options;
    if (!parseOptions(argc, argv, &options)) {
        printUsage();
        return 2;
    }
    std::vector<RowSpec> rows;
    if (options.streams.empty() && options.speeds.empty()) {
        rows = {{2000, 200}, {2000, 2000}, {256, 2000}};
    } else {
        if (options.streams.empty())
            options.streams = {2000};
        if (options.speeds.empty())
            options.speeds = {200, 2000};
        for (int s : options.streams)
            for (double k : options.speeds)
                rows.push_back({s, k});
    }
    if (access(options.kneepoint.c_str(), X_OK) != 0) {
        std::fprintf(stderr, "bench_sim: cannot run %s: %s\n", options.kneepoint.c_str(), std::strerror(errno));
        return 1;
    }

    rlimit limit {};
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    int maxStreams = 0;
    for (const RowSpec& r : rows)
        maxStreams = std::max(maxStreams, r.streams);
    if (limit.rlim_cur < rlim_t(maxStreams) + 64) {
        std::fprintf(stderr, "bench_sim: the open-file limit %llu is too low for %d streams\n",
            (unsigned long long)limit.rlim_cur, maxStreams);
        return 1;
    }

    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    sched_getaffinity(0, sizeof allowed, &allowed);
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &allowed))
            cpus.push_back(c);
    int simCpu = -1;
    int clientCpu = -1;
    if (cpus.size() >= 2) {
        simCpu = cpus[0];
        clientCpu = cpus[1];
        cpu_set_t mine;
        CPU_ZERO(&mine);
        CPU_SET(cpus[1], &mine);
        sched_setaffinity(0, sizeof mine, &mine);
        std::printf("sim pinned to CPU %d, client to CPU %d; %g s warm-up, max_tokens %d\n", cpus[0], cpus[1],
            options.warmup, options.maxTokens);
    } else {
        std::printf("warning: only one CPU available, sim and client share it; numbers will be low\n");
    }
    std::printf("\n%-8s %-7s %-8s %-9s %-16s %-26s %-19s %-10s %-11s %s\n", "streams", "speed", "seconds", "chunks/s",
        "sim CPU (cores)", "chunks per sim CPU-second", "client CPU (cores)", "lag max s", "metrics ms", "errors");
    std::fflush(stdout);

    std::vector<RowResult> results;
    bool failed = false;
    for (const RowSpec& spec : rows) {
        std::vector<std::string> args = {"sim", "--port", "0", "--speed", formatNumber(spec.speed), "--model",
            "llama-3.2-1b", "--gpu", "h200", "--step-overhead-ms", "0", "--max-num-seqs",
            std::to_string(std::max(4096, spec.streams)), "--max-num-batched-tokens", "65536"};
        args.insert(args.end(), options.simArgs.begin(), options.simArgs.end());
        SimProcess sim;
        std::string error;
        if (!sim.start(options.kneepoint, args, simCpu, &error)) {
            std::fprintf(
                stderr, "bench_sim: the sim did not start (%s): %s\n", options.kneepoint.c_str(), error.c_str());
            return 1;
        }
        RowResult r;
        std::string crash;
        {
            LoadRun load(spec, options, &sim, simCpu, clientCpu);
            r = load.run();
            crash = load.closeAllAndWatch();
        }
        // After a crash stop() would only report the same exit again.
        const std::string stopProblem = sim.stop();
        if (!crash.empty())
            r.notes.push_back(crash);
        else if (!stopProblem.empty())
            r.notes.push_back("the sim " + stopProblem);

        if (r.ok) {
            std::printf("%-8d %-7g %-8.1f %-9.0f %-16.2f %-26.0f %-19.2f %-10.3f %-11.0f %llu\n", spec.streams,
                spec.speed, r.window, r.chunksPerSecond, r.simCores, r.chunksPerSimCpuSecond, r.clientCores, r.lagMax,
                r.scrapeMs, (unsigned long long)r.counters.errors());
        } else {
            std::printf("%-8d %-7g FAILED: %s\n", spec.streams, spec.speed, r.failure.c_str());
            failed = true;
        }
        std::fflush(stdout);
        results.push_back(std::move(r));
    }

    std::printf("\n");
    bool met = false;
    for (const RowResult& r : results) {
        std::printf("%d streams at %gx: ramp %.2f s; per stream %.0f..%.0f chunks/s; %llu responses completed; "
                    "sim %ld thread(s), peak RSS %.0f MiB",
            r.spec.streams, r.spec.speed, r.rampSeconds, r.minStreamRate, r.maxStreamRate,
            (unsigned long long)r.counters.responses, r.simThreads, double(r.simPeakRssKiB) / 1024.0);
        if (!std::isnan(r.serverTokens))
            std::printf("; server generated %.0f tokens, client had %llu chunks when it asked", r.serverTokens,
                (unsigned long long)r.clientChunksAtScrape);
        std::printf("\n");
        const Counters& c = r.counters;
        if (c.errors() != 0)
            std::printf("  errors: %llu HTTP, %llu disconnects, %llu connect, %llu send\n",
                (unsigned long long)c.httpErrors, (unsigned long long)c.disconnects,
                (unsigned long long)c.connectErrors, (unsigned long long)c.sendErrors);
        // The server cannot have generated fewer tokens than the client already received.
        if (!std::isnan(r.serverTokens) && r.serverTokens < double(r.clientChunksAtScrape))
            std::printf("  warning: the client counted more chunks than the server reports generating\n");
        if (r.ok && (r.othersOnSimCpu > 0.1 || r.othersOnClientCpu > 0.1))
            std::printf("  warning: other processes took %.2f of the sim's core and %.2f of the client's; the figures "
                        "are low, rerun on an idle machine\n",
                r.othersOnSimCpu, r.othersOnClientCpu);
        if (r.ok && r.clientCores > 0.9)
            std::printf("  warning: the client used %.2f cores; the result may be client-bound\n", r.clientCores);
        for (const std::string& note : r.notes)
            std::printf("  %s\n", note.c_str());
        if (r.ok && r.spec.streams >= 2000 && r.chunksPerSecond >= 100000 && c.errors() == 0)
            met = true;
    }
    std::printf("\nrequirement (>= 2,000 concurrent streams and >= 100,000 chunks/s on one core): %s\n",
        met ? "met" : "NOT met");
    return failed ? 1 : 0;
}

#else

int main()
{
    std::puts("bench_sim: Linux only");
    return 0;
}

#endif
