// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later

// Fidelity and capacity benchmark of the load engine, per transport: the client CPU each streamed chunk costs, how
// late a chunk is timed after the server sent it, how many concurrent streams one worker thread holds and in how much
// memory, and how closely an open-loop schedule is kept. `kneepoint sim` runs pinned to one core and the client to
// another, so that each figure belongs to one side. Run by hand (--help); it is no ctest test, needing two idle cores.

#include <cstdio>

#ifdef __linux__

#include "core/common/monotonicclock.h"
#include "core/load/loadengine.h"
#include "core/load/workload.h"
#include "floorclient.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <malloc.h>
#include <map>
#include <optional>
#include <sched.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

using namespace kp::core;

namespace {

using Kind = StreamTransport::Kind;

constexpr int kPacedStreams = 256;
constexpr int kPacedTokens = 400;
constexpr double kPacedStepMs = 5;
constexpr int kFullSpeedStreams = 256;
constexpr double kFullSpeed = 1000;
constexpr int kCapacityTokens = 50;
constexpr double kCapacityStepMs = 20;
constexpr double kOpenLoopRate = 500;
constexpr int kOpenLoopTokens = 8;
constexpr double kOpenLoopSpeed = 50;
constexpr double kScrapeIntervalMs = 30;

constexpr double kTargetCpuPerChunkUs = 8;
constexpr double kTargetDelayP99Ms = 0.5;
constexpr double kTargetRss4096MiB = 200;
constexpr double kTargetScheduleLagP99Ms = 1;

struct Options
{
    QString kneepoint = QStringLiteral(KNEEPOINT_BINARY_PATH);
    QString server = QStringLiteral(SSE_SERVER_PATH);
    bool quick = false;
    bool floorOnly = false;
    int streams = 0; ///< only the floor cases with this many streams; 0: all
    std::vector<Kind> transports {Kind::Readiness, Kind::Socket, Kind::Qnam};
    bool http = true; ///< the plain cases, and the part against the sim
    bool https = true; ///< the TLS cases against the TLS floor
};

// Issue 40's targets for HTTPS, each against the TLS floor measured in the same run.
constexpr double kTargetTlsCpuRatio = 1.3; // CPU per paced chunk
constexpr double kTargetTlsErrorP50Ratio = 2; // arrival error p50, paced
constexpr double kTargetTlsLoopLagP99Ms = 2; // the worker's loop lag p99 at 4,096 streams

std::string readSmallFile(const char* path)
{
    std::string text;
    FILE* f = std::fopen(path, "r");
    if (!f)
        return text;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
        text.append(buf, n);
    std::fclose(f);
    return text;
}

double selfCpuSeconds()
{
    rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    auto secs = [](const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; };
    return secs(ru.ru_utime) + secs(ru.ru_stime);
}

// utime + stime of a process, in seconds, from /proc/PID/stat; NAN once it is gone.
double processCpuSeconds(qint64 pid)
{
    const std::string text = readSmallFile(("/proc/" + std::to_string(pid) + "/stat").c_str());
    // The command name may hold spaces and parentheses; fields are only unambiguous after the last ')'.
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos)
        return NAN;
    const char* p = text.c_str() + close + 2;
    // p is at field 3 of proc(5); utime and stime are fields 14 and 15.
    for (int field = 3; field < 14 && *p; ++field) {
        while (*p && *p != ' ')
            ++p;
        while (*p == ' ')
            ++p;
    }
    char* end = nullptr;
    const long long utime = std::strtoll(p, &end, 10);
    const long long stime = std::strtoll(end, nullptr, 10);
    return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

// Seconds a CPU spent running tasks, from /proc/stat. Interrupt and softirq time is left out because most of it is the
// loopback traffic under test; steal counts, being time the pinned process could not get.
double cpuBusySeconds(int cpu)
{
    if (cpu < 0)
        return NAN;
    const std::string text = readSmallFile("/proc/stat");
    const std::string key = "\ncpu" + std::to_string(cpu) + ' ';
    const std::size_t at = text.find(key);
    if (at == std::string::npos)
        return NAN;
    long long v[8] = {};
    const char* p = text.c_str() + at + key.size();
    for (long long& x : v) {
        char* end = nullptr;
        x = std::strtoll(p, &end, 10);
        p = end;
    }
    // user nice system idle iowait irq softirq steal
    return double(v[0] + v[1] + v[2] + v[7]) / double(sysconf(_SC_CLK_TCK));
}

// The 1, 5 and 15 minute load averages: on a shared machine they say how far to trust a run's CPU figures.
std::string loadAverage()
{
    std::string text = readSmallFile("/proc/loadavg");
    std::size_t end = 0;
    for (int field = 0; field < 3 && end != std::string::npos; ++field)
        end = text.find(' ', end + (field > 0 ? 1 : 0));
    text.resize(std::min(end, text.size()));
    return text.empty() ? "n/a" : text + " (" + std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " CPUs)";
}

double selfStatusMiB(const char* key)
{
    const std::string text = readSmallFile("/proc/self/status");
    const std::size_t at = text.find(key);
    return at == std::string::npos ? NAN : double(std::atol(text.c_str() + at + std::strlen(key))) / 1024.0;
}

// VmHWM only grows; writing 5 to clear_refs (Linux 4.0+) restarts it from the current RSS, so that each concurrency
// level's peak is its own and not the largest one measured before it. Freed heap is handed back first for the same
// reason.
bool resetPeakRss()
{
    malloc_trim(0);
    FILE* f = std::fopen("/proc/self/clear_refs", "w");
    if (!f)
        return false;
    const bool ok = std::fputs("5", f) >= 0;
    return std::fclose(f) == 0 && ok;
}

double percentile(const std::vector<double>& sorted, double q)
{
    if (sorted.empty())
        return NAN;
    return sorted[std::min(sorted.size() - 1, std::size_t(q * double(sorted.size())))];
}

std::string number(double v, int decimals)
{
    if (std::isnan(v))
        return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

const char* transportName(Kind kind)
{
    return kind == Kind::Readiness ? "epoll" : kind == Kind::Socket ? "socket" : "qnam";
}

double metricValue(const QByteArray& text, QByteArrayView name)
{
    qsizetype pos = 0;
    while (pos < text.size()) {
        qsizetype eol = text.indexOf('\n', pos);
        if (eol < 0)
            eol = text.size();
        const QByteArrayView line(text.constData() + pos, eol - pos);
        if (line.startsWith(name) && line.size() > name.size()
            && (line[name.size()] == '{' || line[name.size()] == ' ')) {
            const qsizetype space = line.lastIndexOf(' ');
            // QByteArray is NUL-terminated, and strtod stops at the line's end anyway.
            return std::strtod(line.data() + space + 1, nullptr);
        }
        pos = eol + 1;
    }
    return NAN;
}

Workload completions(int count, int maxTokens)
{
    const WorkloadSpec spec;
    auto list = std::make_shared<std::vector<RequestTemplate>>();
    for (int i = 0; i < count; ++i) {
        RequestTemplate t;
        t.path = "/v1/completions";
        t.body = WorkloadBuilder::body(spec, QStringLiteral("request %1 of the load benchmark").arg(i), maxTokens);
        t.inputTokens = 8;
        t.outputTokens = maxTokens;
        list->push_back(t);
    }
    return list;
}

/// `kneepoint sim` as a child pinned to its own core, on a free port. Killed with the benchmark.
class Sim
{
public:
    Sim() = default;
    Sim(const Sim&) = delete;
    Sim& operator=(const Sim&) = delete;
    ~Sim() { stop(); }

    bool start(const QString& binary, const QStringList& args, int cpu, QString* error)
    {
        return launch(binary, QStringList {QStringLiteral("sim"), QStringLiteral("--port"), QStringLiteral("0")} + args,
            cpu, error);
    }

    /// Any server that prints "Listening on http://host:port" (or https://) once it listens.
    bool launch(const QString& binary, const QStringList& args, int cpu, QString* error)
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.setChildProcessModifier([cpu] {
            // A benchmark killed by Ctrl-C must not leave a sim spinning on a core.
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (cpu >= 0) {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET(cpu, &set);
                sched_setaffinity(0, sizeof set, &set);
            }
        });
        // The sim only writes when something is wrong; reading it as it comes keeps it from blocking on the pipe.
        QObject::connect(&m_process, &QProcess::readyRead, &m_process, [this] { m_output += m_process.readAll(); });
        m_process.start(binary, args);
        if (!m_process.waitForStarted(10'000)) {
            *error = m_process.errorString();
            return false;
        }
        static const QRegularExpression listening(QStringLiteral("Listening on https?://[^:\\s]+:(\\d+)"));
        const qint64 deadline = monotonicNowNs() + 20'000'000'000LL;
        while (monotonicNowNs() < deadline) {
            m_process.waitForReadyRead(100);
            m_output += m_process.readAll();
            const auto match = listening.match(QString::fromUtf8(m_output));
            if (match.hasMatch()) {
                m_port = quint16(match.captured(1).toUInt());
                m_output.clear();
                return true;
            }
            if (m_process.state() != QProcess::Running)
                break;
        }
        *error = QStringLiteral("it did not say where it listens (%1); it wrote: %2")
                     .arg(exitDescription(), QString::fromUtf8(m_output));
        return false;
    }

    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    double cpuSeconds() const { return processCpuSeconds(pid()); }
    bool running() const { return m_process.state() == QProcess::Running; }
    QByteArray takeOutput()
    {
        m_output += m_process.readAll();
        return std::exchange(m_output, {});
    }

    /// How the sim ended if that was anything but our SIGTERM; empty otherwise.
    QString stop()
    {
        if (m_stopped)
            return {};
        m_stopped = true;
        if (m_process.state() == QProcess::NotRunning)
            return QStringLiteral("had already %1").arg(exitDescription());
        m_process.terminate();
        if (!m_process.waitForFinished(5'000)) {
            m_process.kill();
            m_process.waitForFinished(5'000);
            return QStringLiteral("did not exit within 5 s of SIGTERM; killed");
        }
        const bool clean = m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() == 0
                                                                          : m_process.exitCode() == SIGTERM;
        return clean ? QString() : QStringLiteral("on SIGTERM %1").arg(exitDescription());
    }

private:
    QString exitDescription() const
    {
        if (m_process.state() != QProcess::NotRunning)
            return QStringLiteral("still running");
        // For a crash QProcess reports the signal as the exit code.
        return m_process.exitStatus() == QProcess::NormalExit
            ? QStringLiteral("exited with code %1").arg(m_process.exitCode())
            : QStringLiteral("was killed by signal %1 (%2)")
                  .arg(m_process.exitCode())
                  .arg(QString::fromLocal8Bit(strsignal(m_process.exitCode())));
    }

    QProcess m_process;
    QByteArray m_output;
    quint16 m_port = 0;
    bool m_stopped = false;
};

QNetworkRequest metricsRequest(quint16 port)
{
    QNetworkRequest r(QUrl(QStringLiteral("http://127.0.0.1:%1/metrics").arg(port)));
    r.setTransferTimeout(10'000);
    return r;
}

QByteArray fetchMetrics(QNetworkAccessManager* nam, quint16 port)
{
    QNetworkReply* reply = nam->get(metricsRequest(port));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    reply->deleteLater();
    return reply->error() == QNetworkReply::NoError ? reply->readAll() : QByteArray();
}

struct Pinning
{
    int simCpu = -1;
    int clientCpu = -1;
};

/// One step of the load engine against one sim, with both sides' CPU and the failures counted.
struct Measurement
{
    LoadEngine::Result result;
    QString failure; // the step could not run, or hung
    double wallS = 0; // start() to finished()
    double stepS = 0; // the engine's own step, after the connections were open
    double clientCpuS = 0;
    double simCpuS = 0;
    double othersOnClientCpu = 0; // cores' worth of the client's CPU that went to other processes
    double othersOnSimCpu = 0;
    double simLagMaxMs = NAN;
    double maxRunning = NAN;
    std::uint64_t chunks = 0;
    int ok = 0;
    int failed = 0;
    std::map<QString, int> errors; // message → count
    QByteArray simOutput;

    double clientCores() const { return wallS > 0 ? clientCpuS / wallS : NAN; }
    double simCores() const { return wallS > 0 ? simCpuS / wallS : NAN; }
    double cpuPerChunkUs() const { return chunks > 0 ? clientCpuS / double(chunks) * 1e6 : NAN; }
    QString firstError() const
    {
        if (!failure.isEmpty())
            return failure;
        if (!result.error.isEmpty())
            return result.error;
        if (errors.empty())
            return {};
        const auto worst = std::max_element(
            errors.begin(), errors.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        return QStringLiteral("%1 of %2 requests failed, %3 of them with: %4")
            .arg(failed)
            .arg(failed + ok)
            .arg(worst->second)
            .arg(worst->first);
    }
    /// What held the figure down, as far as the CPU accounting tells.
    std::vector<std::string> limits(const Pinning& pins) const
    {
        std::vector<std::string> out;
        char buf[200];
        if (clientCores() >= 0.85) {
            std::snprintf(buf, sizeof buf, "client CPU saturated (%.2f cores)", clientCores());
            out.emplace_back(buf);
        }
        if (simCores() >= 0.85) {
            std::snprintf(buf, sizeof buf, "sim CPU saturated (%.2f cores)", simCores());
            out.emplace_back(buf);
        }
        if (othersOnClientCpu > 0.1) {
            std::snprintf(
                buf, sizeof buf, "other processes took %.2f of the client's CPU %d", othersOnClientCpu, pins.clientCpu);
            out.emplace_back(buf);
        }
        if (othersOnSimCpu > 0.1) {
            std::snprintf(
                buf, sizeof buf, "other processes took %.2f of the sim's CPU %d", othersOnSimCpu, pins.simCpu);
            out.emplace_back(buf);
        }
        if (simLagMaxMs > 2) {
            std::snprintf(buf, sizeof buf, "the sim fell up to %.1f ms behind its schedule", simLagMaxMs);
            out.emplace_back(buf);
        }
        return out;
    }
};

class Bench
{
public:
    Bench(const Options& options, const Pinning& pins)
        : m_options(options)
        , m_pins(pins)
    { }

    bool startSim(Sim* sim, const QStringList& extra)
    {
        const QStringList args
            = QStringList {QStringLiteral("--model"), QStringLiteral("llama-3.2-1b"), QStringLiteral("--gpu"),
                  QStringLiteral("h200"), QStringLiteral("--max-num-seqs"), QStringLiteral("8192"),
                  QStringLiteral("--max-num-batched-tokens"), QStringLiteral("65536"),
                  QStringLiteral("--num-gpu-blocks-override"), QStringLiteral("1000000"),
                  QStringLiteral("--max-model-len"), QStringLiteral("8192")}
            + extra;
        QString error;
        if (sim->start(m_options.kneepoint, args, m_pins.simCpu, &error))
            return true;
        std::fprintf(stderr, "bench_load: the sim (%s %s) did not start: %s\n", qPrintable(m_options.kneepoint),
            qPrintable(args.join(u' ')), qPrintable(error));
        return false;
    }

    /// Runs one step to its end. With `scrapeRunning`, /metrics is read every 30 ms meanwhile for the most requests
    /// the sim saw running at once.
    Measurement measure(
        Sim* sim, Kind kind, const LoadPlan& plan, const Workload& workload, bool scrapeRunning, double timeoutS)
    {
        Measurement m;
        ServerEndpoint target;
        target.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(sim->port()));
        LoadEngine engine(target, kind);
        QEventLoop loop;
        bool finished = false;
        QObject::connect(&engine, &LoadEngine::finished, &loop, [&](const LoadEngine::Result& r) {
            m.result = r;
            finished = true;
            loop.quit();
        });

        std::function<void()> scrape = [&] {
            QNetworkReply* reply = m_nam.get(metricsRequest(sim->port()));
            QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply] {
                reply->deleteLater();
                const double running = metricValue(reply->readAll(), "vllm:num_requests_running");
                if (!std::isnan(running))
                    m.maxRunning = std::isnan(m.maxRunning) ? running : std::max(m.maxRunning, running);
                if (!finished)
                    QTimer::singleShot(int(kScrapeIntervalMs), &loop, scrape);
            });
        };
        bool cancelled = false;
        QTimer watchdog;
        watchdog.setSingleShot(true);
        QObject::connect(&watchdog, &QTimer::timeout, &loop, [&] {
            if (!cancelled) {
                cancelled = true;
                m.failure = QStringLiteral("the step did not end within %1 s; cancelled").arg(timeoutS);
                engine.cancel();
                watchdog.start(10'000);
                return;
            }
            // The engine's own promise is to stop within a second of cancel(); past that its destructor would block.
            std::fprintf(stderr,
                "bench_load: HANG: %s, %d streams: no finished() within 10 s of cancel(); %d records so far\n",
                transportName(kind), plan.users, int(m.result.records.size()));
            std::fflush(stdout);
            std::fflush(stderr);
            std::_Exit(3);
        });

        const double cpu0 = selfCpuSeconds();
        const double sim0 = sim->cpuSeconds();
        const double simBusy0 = cpuBusySeconds(m_pins.simCpu);
        const double clientBusy0 = cpuBusySeconds(m_pins.clientCpu);
        const std::int64_t t0 = monotonicNowNs();
        engine.start(plan, workload);
        if (scrapeRunning)
            scrape();
        watchdog.start(int(timeoutS * 1000));
        if (!finished)
            loop.exec();
        const std::int64_t t1 = monotonicNowNs();
        m.clientCpuS = selfCpuSeconds() - cpu0;
        m.simCpuS = sim->cpuSeconds() - sim0;
        const double simBusy1 = cpuBusySeconds(m_pins.simCpu);
        const double clientBusy1 = cpuBusySeconds(m_pins.clientCpu);
        watchdog.stop();
        m.wallS = double(t1 - t0) / 1e9;
        m.stepS = double(m.result.endNs - m.result.startNs) / 1e9;
        m.othersOnSimCpu = std::max(0.0, (simBusy1 - simBusy0 - m.simCpuS) / m.wallS);
        m.othersOnClientCpu = std::max(0.0, (clientBusy1 - clientBusy0 - m.clientCpuS) / m.wallS);

        for (const RequestRecord& r : m.result.records) {
            m.chunks += r.chunks.size();
            if (r.ok())
                ++m.ok;
            else {
                ++m.failed;
                ++m.errors[r.errorMessage.isEmpty() ? QStringLiteral("(no message)") : r.errorMessage];
            }
        }
        if (sim->running()) {
            const QByteArray metrics = fetchMetrics(&m_nam, sim->port());
            m.simLagMaxMs = metricValue(metrics, "kneepoint:sim_lag_max_seconds") * 1e3;
        }
        m.simOutput = sim->takeOutput();
        return m;
    }

    void report(const char* what, Kind kind, const Measurement& m, const std::string& figures)
    {
        std::printf("%-7s %-34s %s\n", transportName(kind), what, figures.c_str());
        std::printf("        %-34s client %.2f cores, sim %.2f cores, %.2f s, %llu chunks, %d ok, %d failed", "",
            m.clientCores(), m.simCores(), m.wallS, (unsigned long long)m.chunks, m.ok, m.failed);
        if (!std::isnan(m.simLagMaxMs))
            std::printf(", sim lag max %.2f ms", m.simLagMaxMs);
        std::printf("\n");
        const QString error = m.firstError();
        if (!error.isEmpty())
            std::printf("        %-34s ERROR: %s\n", "", qPrintable(error));
        for (const std::string& limit : m.limits(m_pins))
            std::printf("        %-34s limit: %s\n", "", limit.c_str());
        for (const QByteArray& line : m.simOutput.trimmed().split('\n'))
            if (!line.isEmpty())
                std::printf("        %-34s the sim wrote: %s\n", "", line.constData());
        std::fflush(stdout);
    }

    void noteSimStop(Sim* sim, Kind kind, const char* what)
    {
        const QString problem = sim->stop();
        if (!problem.isEmpty()) {
            std::printf("%-7s %-34s SIM PROBLEM: the sim %s\n", transportName(kind), what, qPrintable(problem));
            m_simProblems.push_back(QStringLiteral("%1, %2: the sim %3")
                                        .arg(QLatin1String(transportName(kind)), QLatin1String(what), problem));
        }
    }

    struct Column
    {
        double pacedCpuUs = NAN;
        double delayP50Ms = NAN;
        double delayP99Ms = NAN;
        double fullCpuUs = NAN;
        double fullChunksPerS = NAN;
        int held = 0;
        QString heldError;
        double rss1024MiB = NAN;
        double rss4096MiB = NAN;
        double lagP50Ms = NAN;
        double lagP99Ms = NAN;
        std::vector<std::string> limits;
    };

    Column runTransport(Kind kind)
    {
        Column col;
        paced(kind, &col);
        fullSpeed(kind, &col);
        capacity(kind, &col);
        openLoop(kind, &col);
        return col;
    }

    const std::vector<QString>& simProblems() const { return m_simProblems; }

private:
    // Every step the sim writes one chunk per stream back to back, so chunks leave in bursts and the client reads a
    // burst in some order: if the last quarter of a burst waits much longer than the first, the tail of the delay is
    // the client working through the burst, not the transport's latency.
    static void reportBursts(std::vector<std::pair<std::int64_t, double>> bySendTime)
    {
        std::sort(bySendTime.begin(), bySendTime.end());
        std::vector<double> burstMs;
        std::vector<double> burstSize;
        std::vector<double> firstQuarter;
        std::vector<double> lastQuarter;
        std::size_t begin = 0;
        const std::int64_t gapNs = std::int64_t(kPacedStepMs * 1e6 / 5);
        for (std::size_t i = 1; i <= bySendTime.size(); ++i) {
            if (i < bySendTime.size() && bySendTime[i].first - bySendTime[i - 1].first < gapNs)
                continue;
            const std::size_t n = i - begin;
            burstMs.push_back(double(bySendTime[i - 1].first - bySendTime[begin].first) / 1e6);
            burstSize.push_back(double(n));
            for (std::size_t k = begin; k < i; ++k) {
                if ((k - begin) * 4 < n)
                    firstQuarter.push_back(bySendTime[k].second);
                else if ((k - begin) * 4 >= 3 * n)
                    lastQuarter.push_back(bySendTime[k].second);
            }
            begin = i;
        }
        for (auto* v : {&burstMs, &burstSize, &firstQuarter, &lastQuarter})
            std::sort(v->begin(), v->end());
        std::printf(
            "        %-34s the sim wrote its chunks in %zu bursts of p50 %.0f chunks over %.3f ms; delay p99 in "
            "the first quarter of a burst %.3f ms, in the last quarter %.3f ms\n",
            "", burstMs.size(), percentile(burstSize, 0.5), percentile(burstMs, 0.5), percentile(firstQuarter, 0.99),
            percentile(lastQuarter, 0.99));
    }

    // Why a level is not held shows in the client's own records: when the last response began against when the
    // first one ended.
    static void reportOverlap(const LoadEngine::Result& result)
    {
        std::vector<std::pair<std::int64_t, int>> edges;
        std::int64_t firstSent = INT64_MAX;
        std::int64_t lastHeaders = INT64_MIN;
        std::int64_t firstEnd = INT64_MAX;
        for (const RequestRecord& r : result.records) {
            if (r.headersNs < 0 || r.endNs < 0)
                continue;
            edges.emplace_back(r.headersNs, 1);
            edges.emplace_back(r.endNs, -1);
            firstSent = std::min(firstSent, r.sentNs);
            lastHeaders = std::max(lastHeaders, r.headersNs);
            firstEnd = std::min(firstEnd, r.endNs);
        }
        if (edges.empty())
            return;
        std::sort(edges.begin(), edges.end()); // an end sorts before a start at the same instant
        int open = 0;
        int most = 0;
        for (const auto& [ns, delta] : edges)
            most = std::max(most, open += delta);
        std::printf("        %-34s client view: up to %d responses open at once; from the first send, the last "
                    "response began at %.0f ms and the first ended at %.0f ms\n",
            "", most, double(lastHeaders - firstSent) / 1e6, double(firstEnd - firstSent) / 1e6);
    }

    void addLimits(Column* col, const char* what, const Measurement& m)
    {
        for (const std::string& l : m.limits(m_pins))
            col->limits.push_back(std::string(what) + ": " + l);
    }

    void paced(Kind kind, Column* col)
    {
        const char* what = "paced, 256 streams, 5 ms steps";
        QTemporaryDir dir;
        const QString truthPath = dir.filePath(QStringLiteral("truth.jsonl"));
        Sim sim;
        if (!startSim(&sim,
                {QStringLiteral("--fixed-step-ms"), QString::number(kPacedStepMs), QStringLiteral("--speed"),
                    QStringLiteral("1"), QStringLiteral("--ground-truth"), truthPath}))
            return;
        LoadPlan plan;
        plan.users = kPacedStreams;
        plan.requestCount = kPacedStreams * (m_options.quick ? 1 : 2);
        plan.threads = 1;
        const Measurement m = measure(&sim, kind, plan, completions(plan.requestCount, kPacedTokens), false, 60);
        col->pacedCpuUs = m.cpuPerChunkUs();

        // The sim writes a request's line as it ends, which can be just after the client read the last chunk.
        std::map<QByteArray, const RequestRecord*> byId;
        for (const RequestRecord& r : m.result.records)
            if (r.ok())
                byId[r.responseId] = &r;
        QByteArray truth;
        const std::int64_t deadline = monotonicNowNs() + 5'000'000'000LL;
        do {
            QFile f(truthPath);
            if (f.open(QIODevice::ReadOnly))
                truth = f.readAll();
            if (truth.count('\n') >= qsizetype(byId.size()))
                break;
            QThread::msleep(50);
        } while (monotonicNowNs() < deadline);

        std::vector<double> delaysMs;
        std::vector<std::pair<std::int64_t, double>> bySendTime; // server ns, delay ms
        int matched = 0;
        int countMismatches = 0;
        int early = 0;
        QString mismatchExample;
        for (const QByteArray& line : truth.split('\n')) {
            const QJsonObject t = QJsonDocument::fromJson(line).object();
            const auto it = byId.find(t[u"request_id"].toString().toUtf8());
            if (it == byId.end())
                continue;
            ++matched;
            const QJsonArray sent = t[u"chunk_ns"].toArray();
            const std::vector<ChunkArrival> got = it->second->chunks.toVector();
            if (qsizetype(got.size()) != sent.size()) {
                if (countMismatches++ == 0)
                    mismatchExample = QStringLiteral("%1: the server sent %2 chunks, the client recorded %3")
                                          .arg(QString::fromUtf8(it->first))
                                          .arg(sent.size())
                                          .arg(got.size());
            }
            const qsizetype n = std::min(qsizetype(got.size()), sent.size());
            for (qsizetype i = 0; i < n; ++i) {
                const double delay = double(got[std::size_t(i)].ns - sent[i].toInteger()) / 1e6;
                early += delay < 0 ? 1 : 0;
                delaysMs.push_back(delay);
                bySendTime.emplace_back(sent[i].toInteger(), delay);
            }
        }
        std::sort(delaysMs.begin(), delaysMs.end());
        col->delayP50Ms = percentile(delaysMs, 0.5);
        col->delayP99Ms = percentile(delaysMs, 0.99);
        report(what, kind, m,
            "CPU/chunk " + number(col->pacedCpuUs, 2) + " us; delay p50 " + number(col->delayP50Ms, 3) + " ms, p99 "
                + number(col->delayP99Ms, 3) + " ms, max " + number(delaysMs.empty() ? NAN : delaysMs.back(), 3)
                + " ms over " + std::to_string(delaysMs.size()) + " chunks");
        if (matched != int(byId.size()))
            std::printf("        %-34s WRONG COUNT: %d of %d successful requests found in the ground truth\n", "",
                matched, int(byId.size()));
        if (countMismatches > 0)
            std::printf("        %-34s WRONG COUNT: %d requests' chunk counts differ, e.g. %s\n", "", countMismatches,
                qPrintable(mismatchExample));
        if (early > 0)
            std::printf("        %-34s WRONG TIME: %d chunks timed before the server wrote them\n", "", early);
        reportBursts(std::move(bySendTime));
        addLimits(col, "paced", m);
        noteSimStop(&sim, kind, what);
    }

    void fullSpeed(Kind kind, Column* col)
    {
        const char* what = "full speed, 256 streams, --speed 1000";
        Sim sim;
        if (!startSim(&sim, {QStringLiteral("--speed"), QString::number(kFullSpeed)}))
            return;
        LoadPlan plan;
        plan.users = kFullSpeedStreams;
        plan.durationSeconds = m_options.quick ? 1.5 : 3;
        plan.threads = 1;
        const Measurement m = measure(&sim, kind, plan, completions(4 * kFullSpeedStreams, kPacedTokens), false, 60);
        col->fullCpuUs = m.cpuPerChunkUs();
        col->fullChunksPerS = m.stepS > 0 ? double(m.chunks) / m.stepS : NAN;
        report(what, kind, m,
            "CPU/chunk " + number(col->fullCpuUs, 2) + " us; " + number(col->fullChunksPerS, 0) + " chunks/s");
        addLimits(col, "full speed", m);
        noteSimStop(&sim, kind, what);
    }

    void capacity(Kind kind, Column* col)
    {
        const std::vector<int> levels
            = m_options.quick ? std::vector<int> {1024, 4096} : std::vector<int> {1024, 2048, 4096};
        bool allHeld = true;
        for (int level : levels) {
            const std::string label = std::to_string(level) + " streams, 20 ms steps";
            Sim sim;
            if (!startSim(&sim,
                    {QStringLiteral("--fixed-step-ms"), QString::number(kCapacityStepMs), QStringLiteral("--speed"),
                        QStringLiteral("1")}))
                return;
            const bool reset = resetPeakRss();
            const double baseMiB = selfStatusMiB("VmRSS:");
            LoadPlan plan;
            plan.users = level;
            plan.requestCount = level;
            plan.threads = 1;
            const Measurement m = measure(&sim, kind, plan, completions(level, kCapacityTokens), true, 120);
            const double peakMiB = selfStatusMiB("VmHWM:");
            const bool held = m.firstError().isEmpty() && m.ok == level && m.maxRunning == double(level);
            std::string figures = std::string(held ? "held" : "NOT held") + "; sim saw up to " + number(m.maxRunning, 0)
                + " running; client peak RSS " + number(peakMiB, 1) + " MiB"
                + (reset ? " (from " + number(baseMiB, 1) + " MiB before)" : " (VmHWM not reset: peak since start)");
            report(label.c_str(), kind, m, figures);
            reportOverlap(m.result);
            if (!held && m.firstError().isEmpty())
                std::printf(
                    "        %-34s every request succeeded but the sim never had all %d running at once\n", "", level);
            if (held && allHeld)
                col->held = level;
            if (!held && allHeld) {
                allHeld = false;
                col->heldError = QStringLiteral("%1 streams: %2")
                                     .arg(level)
                                     .arg(m.firstError().isEmpty()
                                             ? QStringLiteral("the sim saw at most %1 running").arg(m.maxRunning)
                                             : m.firstError());
            }
            if (level == 1024)
                col->rss1024MiB = peakMiB;
            if (level == 4096)
                col->rss4096MiB = peakMiB;
            addLimits(col, label.c_str(), m);
            noteSimStop(&sim, kind, label.c_str());
        }
    }

    void openLoop(Kind kind, Column* col)
    {
        const char* what = "open loop, 500/s, --speed 50";
        Sim sim;
        if (!startSim(&sim, {QStringLiteral("--speed"), QString::number(kOpenLoopSpeed)}))
            return;
        LoadPlan plan;
        plan.pattern = LoadPlan::Pattern::OpenLoop;
        plan.arrival = LoadPlan::Arrival::Constant;
        plan.ratePerSecond = kOpenLoopRate;
        plan.requestCount = m_options.quick ? 1000 : 2000;
        plan.threads = 1;
        const Measurement m = measure(&sim, kind, plan, completions(256, kOpenLoopTokens), false, 60);
        std::vector<double> lagMs;
        int early = 0;
        for (const RequestRecord& r : m.result.records) {
            if (r.sentNs < 0 || r.scheduledNs < 0)
                continue;
            const double lag = double(r.sentNs - r.scheduledNs) / 1e6;
            early += lag < 0 ? 1 : 0;
            lagMs.push_back(lag);
        }
        std::sort(lagMs.begin(), lagMs.end());
        col->lagP50Ms = percentile(lagMs, 0.5);
        col->lagP99Ms = percentile(lagMs, 0.99);
        report(what, kind, m,
            "schedule lag p50 " + number(col->lagP50Ms, 3) + " ms, p99 " + number(col->lagP99Ms, 3) + " ms, max "
                + number(lagMs.empty() ? NAN : lagMs.back(), 3) + " ms over " + std::to_string(lagMs.size())
                + " requests");
        if (int(m.result.records.size()) != plan.requestCount)
            std::printf("        %-34s WRONG COUNT: %d records for %d scheduled requests\n", "",
                int(m.result.records.size()), plan.requestCount);
        if (early > 0)
            std::printf("        %-34s WRONG TIME: %d requests sent before their scheduled time\n", "", early);
        addLimits(col, "open loop", m);
        noteSimStop(&sim, kind, what);
    }

    const Options& m_options;
    Pinning m_pins;
    QNetworkAccessManager m_nam; // the benchmark's own /metrics reads, in the main thread
    std::vector<QString> m_simProblems;
};

/// The client against the floor, both against bench_sseserver (a server that costs next to nothing), in the same run:
/// every figure of the load engine is shown beside the floor's and as a ratio to it.
class FloorBench
{
public:
    struct Case
    {
        const char* name;
        int streams;
        int tokens;
        long periodUs; // 0: full speed
        int requestsPerStream;
    };
    struct Figures
    {
        double cpuPerChunkUs = NAN;
        double errorP50Ms = NAN; // chunks after each request's first
        double errorP99Ms = NAN;
        double firstP50Ms = NAN; // each request's first chunk, which its own send burst can delay
        double peakRssMiB = NAN;
        int concurrent = 0; // the most streams the server had open at once, from its own send times
        // CPU per chunk once the connections are open: a TLS handshake costs as much client CPU as dozens of
        // chunks, so the figure above, set-up included, is mostly handshakes at 16 chunks a stream. The floor's is
        // its thread's CPU after its handshakes; the engine's is its worker thread's, from the step's start.
        double stepCpuPerChunkUs = NAN;
        double loopLagP99Ms = NAN; // the engine's worker loop, late for its timers; the floor has no timers
        double setUpCpuS = NAN; // the floor's connecting and handshaking, part of its CPU
        std::optional<Kind> served; // the transport the engine made for the target: epoll falls back for https
        std::uint64_t chunks = 0;
        std::uint64_t expected = 0;
        QString error;
    };

    /// Each figure's median over runs of one case (the first run's error, if any, is kept).
    static Figures median(const std::vector<Figures>& runs)
    {
        Figures m = runs.front();
        const auto of = [&runs](auto get) {
            std::vector<double> v;
            for (const Figures& f : runs)
                v.push_back(double(get(f)));
            std::sort(v.begin(), v.end());
            return v[v.size() / 2];
        };
        m.cpuPerChunkUs = of([](const Figures& f) { return f.cpuPerChunkUs; });
        m.errorP50Ms = of([](const Figures& f) { return f.errorP50Ms; });
        m.errorP99Ms = of([](const Figures& f) { return f.errorP99Ms; });
        m.firstP50Ms = of([](const Figures& f) { return f.firstP50Ms; });
        m.peakRssMiB = of([](const Figures& f) { return f.peakRssMiB; });
        m.concurrent = int(of([](const Figures& f) { return f.concurrent; }));
        m.loopLagP99Ms = of([](const Figures& f) { return f.loopLagP99Ms; });
        m.stepCpuPerChunkUs = of([](const Figures& f) { return f.stepCpuPerChunkUs; });
        m.setUpCpuS = of([](const Figures& f) { return f.setUpCpuS; });
        for (const Figures& f : runs) {
            if (m.error.isEmpty() && !f.error.isEmpty())
                m.error = f.error;
        }
        return m;
    }

    FloorBench(const Options& options, const Pinning& pins)
        : m_options(options)
        , m_pins(pins)
    { }

    static std::vector<Case> cases(bool quick, bool tls)
    {
        if (tls) {
            // Issue 40's HTTPS cases: the paced levels up to 4,096 streams and full speed, the server's one core
            // writing ~50,000 records a second when paced, as in the plain cases.
            return {
                {"https paced, 256 streams, 5 ms", 256, 16, 5'000, 2},
                {"https paced, 1,024 streams, 20 ms", 1024, 16, 20'000, 1},
                {"https paced, 4,096 streams, 80 ms", 4096, 16, 80'000, 1},
                {"https full speed, 256 streams", 256, 256, 0, 8},
            };
        }
        // Paced at one chunk per stream per period, with the period grown with the streams so that the server's one
        // core writes ~50,000 chunks a second at every level: the client, not the server, is what is measured.
        std::vector<Case> c {
            {"paced, 256 streams, 5 ms", 256, 16, 5'000, 2},
            {"paced, 1,024 streams, 20 ms", 1024, 16, 20'000, 1},
            {"paced, 4,096 streams, 80 ms", 4096, 16, 80'000, 1},
            {"paced, 10,000 streams, 200 ms", 10'000, 16, 200'000, 1},
            {"full speed, 256 streams", 256, 256, 0, 8},
            {"full speed, 64 streams, K = 16", 64, 16, 0, 64},
            {"full speed, 64 streams, K = 256", 64, 256, 0, 8},
        };
        if (quick)
            c.erase(c.begin() + 3); // 10,000 streams take the longest to open and close
        return c;
    }

    /// A self-signed certificate (P-256, whose signature costs the server least per handshake) for 127.0.0.1, made
    /// for this run in a temporary folder with the `openssl` command, so that no key is ever committed.
    bool makeCertificate(QString* error)
    {
        if (!m_certDir.isValid()) {
            *error = QStringLiteral("no temporary folder for the certificate");
            return false;
        }
        QProcess openssl;
        openssl.setProcessChannelMode(QProcess::MergedChannels);
        openssl.start(QStringLiteral("openssl"),
            {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"),
                certPath(u"key.pem"), QStringLiteral("-out"), certPath(u"cert.pem")});
        if (!openssl.waitForFinished(30'000) || openssl.exitStatus() != QProcess::NormalExit
            || openssl.exitCode() != 0) {
            *error = QStringLiteral("openssl req failed (%1): %2")
                         .arg(openssl.errorString(), QString::fromLocal8Bit(openssl.readAll()).trimmed());
            return false;
        }
        return true;
    }

    /// Runs `c` with the floor (kind empty) or a transport of the load engine, over TLS with `tls`.
    Figures measure(const Case& c, std::optional<Kind> kind, bool tls)
    {
        Figures f;
        QTemporaryDir dir;
        const QString truthPath = dir.filePath(QStringLiteral("truth.txt"));
        Sim server;
        QString error;
        QStringList serverArgs {QStringLiteral("--tokens"), QString::number(c.tokens), QStringLiteral("--period-us"),
            QString::number(c.periodUs), QStringLiteral("--truth"), truthPath};
        if (tls)
            serverArgs << QStringLiteral("--tls") << certPath(u"cert.pem") << certPath(u"key.pem");
        if (!server.launch(m_options.server, serverArgs, m_pins.simCpu, &error)) {
            f.error = QStringLiteral("bench_sseserver did not start: %1").arg(error);
            return f;
        }
        const Workload workload = completions(c.streams, c.tokens);
        f.expected = std::uint64_t(c.streams) * std::uint64_t(c.requestsPerStream) * std::uint64_t(c.tokens);
        resetPeakRss();
        // id → the client's chunk times
        std::unordered_map<std::string, std::vector<std::int64_t>> got;
        if (!kind) {
            const QByteArray body = (*workload)[0].body;
            const std::string request = "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                                        "application/json\r\nContent-Length: "
                + std::to_string(body.size()) + "\r\n\r\n" + body.toStdString();
            FloorClient::Result r = FloorClient::run(server.port(), c.streams, c.requestsPerStream, request, 120, tls);
            f.peakRssMiB = selfStatusMiB("VmHWM:");
            f.cpuPerChunkUs = r.chunks ? r.cpuS / double(r.chunks) * 1e6 : NAN;
            f.setUpCpuS = r.setUpCpuS;
            f.stepCpuPerChunkUs = r.chunks ? (r.cpuS - r.setUpCpuS) / double(r.chunks) * 1e6 : NAN;
            f.chunks = r.chunks;
            f.error = QString::fromStdString(r.error);
            for (FloorClient::Request& q : r.requests)
                got[q.id] = std::move(q.chunkNs);
        } else {
            ServerEndpoint target;
            target.baseUrl = QUrl(QStringLiteral("%1://127.0.0.1:%2")
                                      .arg(tls ? QStringLiteral("https") : QStringLiteral("http"))
                                      .arg(server.port()));
            // `kneepoint run --insecure`: the certificate is this run's own, trusted by nobody.
            target.verifyTls = false;
            f.served = StreamTransport::effectiveKind(*kind, target);
            LoadPlan plan;
            plan.users = c.streams;
            plan.requestCount = c.streams * c.requestsPerStream;
            plan.threads = 1;
            const double cpu0 = selfCpuSeconds();
            const LoadEngine::Result r = LoadEngine::run(target, *kind, plan, workload);
            const double cpu = selfCpuSeconds() - cpu0;
            f.peakRssMiB = selfStatusMiB("VmHWM:");
            f.loopLagP99Ms = r.loopLagP99Ms >= 0 ? r.loopLagP99Ms : NAN;
            int failed = 0;
            for (const RequestRecord& q : r.records) {
                f.chunks += q.chunks.size();
                if (!q.ok() && failed++ == 0)
                    f.error = q.errorMessage;
                std::vector<std::int64_t>& times = got[q.responseId.toStdString()];
                for (const ChunkArrival& a : q.chunks)
                    times.push_back(a.ns);
            }
            if (!r.error.isEmpty())
                f.error = r.error;
            else if (failed > 0)
                f.error = QStringLiteral("%1 requests failed: %2").arg(failed).arg(f.error);
            f.cpuPerChunkUs = f.chunks ? cpu / double(f.chunks) * 1e6 : NAN;
            // The one worker reports its CPU as a share of its own wall time, which spans the step (the engine's
            // start and end lie a queued call either side of it, microseconds in a step of a second or more). QNAM
            // reads on Qt's HTTP threads, not the worker's: its worker alone would look cheaper than the floor.
            if (f.chunks && r.busiestThreadCpuShare >= 0 && f.served != Kind::Qnam)
                f.stepCpuPerChunkUs
                    = r.busiestThreadCpuShare * double(r.endNs - r.startNs) / 1e9 / double(f.chunks) * 1e6;
        }
        server.stop();
        // The server's send times, matched to the client's reads by response id and chunk index.
        QFile file(truthPath);
        std::vector<double> errors;
        std::vector<double> firsts;
        std::vector<std::pair<std::int64_t, int>> edges;
        if (file.open(QIODevice::ReadOnly)) {
            for (const QByteArray& line : file.readAll().split('\n')) {
                const QList<QByteArray> fields = line.split(' ');
                if (fields.size() < 2)
                    continue;
                edges.emplace_back(fields[1].toLongLong(), 1);
                edges.emplace_back(fields.last().toLongLong(), -1);
                const auto it = got.find(fields[0].toStdString());
                if (it == got.end())
                    continue;
                const std::size_t n = std::min<std::size_t>(it->second.size(), std::size_t(fields.size() - 1));
                for (std::size_t i = 0; i < n; ++i)
                    (i == 0 ? firsts : errors)
                        .push_back(double(it->second[i] - fields[qsizetype(i) + 1].toLongLong()) / 1e6);
            }
        }
        std::sort(edges.begin(), edges.end(),
            [](const auto& a, const auto& b) { return a.first != b.first ? a.first < b.first : a.second > b.second; });
        int open = 0;
        for (const auto& [at, delta] : edges) {
            open += delta;
            f.concurrent = std::max(f.concurrent, open);
        }
        std::sort(errors.begin(), errors.end());
        std::sort(firsts.begin(), firsts.end());
        f.errorP50Ms = percentile(errors, 0.5);
        f.errorP99Ms = percentile(errors, 0.99);
        f.firstP50Ms = percentile(firsts, 0.5);
        return f;
    }

    /// The plain cases, then the HTTPS ones, each with its own floor and table.
    void run()
    {
        if (m_options.http)
            run(false);
        if (!m_options.https)
            return;
        QString error;
        if (!makeCertificate(&error)) {
            std::printf("\nHTTPS cases not run: %s\n", qPrintable(error));
            return;
        }
        if (m_options.http)
            std::printf("\n");
        run(true);
    }

    /// Every case of one scheme, the floor first; prints each result as it comes and the table at the end.
    void run(bool tls)
    {
        std::vector<std::optional<Kind>> clients {std::nullopt};
        for (Kind k : m_options.transports)
            clients.emplace_back(k);
        std::vector<Case> all = cases(m_options.quick, tls);
        if (m_options.streams > 0)
            std::erase_if(all, [this](const Case& c) { return c.streams != m_options.streams; });
        if (all.empty())
            return;
        std::vector<std::vector<Figures>> results(all.size());
        std::printf("Against the %s: bench_sseserver%s pinned to CPU %d, each client pinned to CPU %d, one thread; "
                    "load average %s\n",
            tls ? "TLS floor (TLS 1.3, P-256 certificate, no verification, ALPN http/1.1)" : "floor",
            tls ? " --tls" : "", m_pins.simCpu, m_pins.clientCpu, loadAverage().c_str());
        for (std::size_t i = 0; i < all.size(); ++i) {
            // Each case is run three times, the clients taking turns, and the table has each figure's median: on a
            // shared machine one run's p99 can be another tenant's pause, which the floor suffers as much, and a
            // full-speed case lasts a fraction of a second, short enough for one such pause to move its CPU figure
            // (and so the per-request overhead fitted from two of them) by a tenth.
            const int repeats = 3;
            std::vector<std::vector<Figures>> runs(clients.size());
            for (int repeat = 0; repeat < repeats; ++repeat)
                for (std::size_t k = 0; k < clients.size(); ++k) {
                    const std::optional<Kind>& kind = clients[k];
                    // QNAM's HTTP threads take minutes to open thousands of connections; it was never meant for them.
                    if (kind == Kind::Qnam && all[i].streams > 1024) {
                        runs[k].push_back({});
                        runs[k].back().error = QStringLiteral("not tried");
                        continue;
                    }
                    const Figures f = measure(all[i], kind, tls);
                    runs[k].push_back(f);
                    std::string extra;
                    if (!std::isnan(f.setUpCpuS))
                        extra = "; set-up CPU " + number(f.setUpCpuS * 1e3, 1) + " ms";
                    if (!std::isnan(f.loopLagP99Ms))
                        extra += "; loop lag p99 " + number(f.loopLagP99Ms, 3) + " ms";
                    std::printf(
                        "%-13s %-34s CPU/chunk %s us; error p50 %s ms, p99 %s ms, first chunk p50 %s ms; peak RSS "
                        "%s MiB; %llu of %llu chunks; server saw %d streams at once%s%s%s\n",
                        columnName(kind, f.served).c_str(), all[i].name, number(f.cpuPerChunkUs, 2).c_str(),
                        number(f.errorP50Ms, 3).c_str(), number(f.errorP99Ms, 3).c_str(),
                        number(f.firstP50Ms, 3).c_str(), number(f.peakRssMiB, 1).c_str(), (unsigned long long)f.chunks,
                        (unsigned long long)f.expected, f.concurrent, extra.c_str(),
                        f.error.isEmpty() ? "" : "; ERROR: ", qPrintable(f.error));
                    std::fflush(stdout);
                }
            for (const std::vector<Figures>& r : runs)
                results[i].push_back(median(r));
        }
        std::printf(
            "\n%sclient CPU per chunk in us (ratio to the floor), connection set-up%s included, and (CPU step) once "
            "the connections are open, the engine's worker thread only (n/a for qnam); chunk arrival error after the "
            "server's send in "
            "ms, p50 and p99 over every chunk but a request's first, and p50 of the first "
            "chunks (their requests' sends come in one burst at the start); peak RSS in MiB; the most streams the "
            "server had open at once (at full speed it finishes one before the next asks); the engine's loop lag p99 "
            "in ms (the floor has no timers); each figure is the median of 3 runs; load average now %s\n",
            tls ? "HTTPS, against the TLS floor: " : "", tls ? " and TLS handshakes" : "", loadAverage().c_str());
        // Which transport served each column: the one asked for, or the one create() fell back to.
        std::vector<std::optional<Kind>> served(clients.size());
        for (std::size_t k = 1; k < clients.size(); ++k)
            for (std::size_t i = 0; i < all.size() && !served[k]; ++i)
                served[k] = results[i][k].served;
        std::printf("%-34s %-8s %14s", "case", "figure", tls ? "TLS floor" : "floor");
        for (std::size_t k = 1; k < clients.size(); ++k)
            std::printf(" %22s", columnName(clients[k], served[k]).c_str());
        std::printf("\n");
        for (std::size_t i = 0; i < all.size(); ++i) {
            const Figures& floor = results[i][0];
            auto line = [&](const char* figure, auto get, int decimals) {
                std::printf("%-34s %-8s %14s", figure == std::string("CPU") ? all[i].name : "", figure,
                    number(get(floor), decimals).c_str());
                for (std::size_t k = 1; k < clients.size(); ++k) {
                    const Figures& f = results[i][k];
                    if (f.error == u"not tried") {
                        std::printf(" %22s", "-");
                        continue;
                    }
                    const double v = get(f);
                    if (std::isnan(get(floor)) || std::isnan(v)) {
                        std::printf(" %22s", number(v, decimals).c_str());
                        continue;
                    }
                    const double ratio = v / get(floor);
                    std::printf(" %22s", (number(v, decimals) + " (" + number(ratio, 1) + "x)").c_str());
                }
                std::printf("\n");
            };
            line(
                "CPU", [](const Figures& f) { return f.cpuPerChunkUs; }, 2);
            line(
                "CPU step", [](const Figures& f) { return f.stepCpuPerChunkUs; }, 2);
            line(
                "err p50", [](const Figures& f) { return f.errorP50Ms; }, 3);
            line(
                "err p99", [](const Figures& f) { return f.errorP99Ms; }, 3);
            line(
                "first", [](const Figures& f) { return f.firstP50Ms; }, 3);
            line(
                "RSS", [](const Figures& f) { return f.peakRssMiB; }, 1);
            line(
                "streams", [](const Figures& f) { return double(f.concurrent); }, 0);
            line(
                "lag p99", [](const Figures& f) { return f.loopLagP99Ms; }, 3);
        }
        for (std::size_t k = 1; k < clients.size(); ++k)
            if (served[k] && served[k] != clients[k])
                std::printf("%s: Kneepoint's %s transport cannot serve this target; the engine used %s in its place\n",
                    columnName(clients[k], served[k]).c_str(), transportName(*clients[k]), transportName(*served[k]));
        if (tls)
            printTlsTargets(all, results, clients, served);
        // Per-request overhead: CPU per request is K x (CPU per chunk); a line through the two full-speed cases of
        // 64 streams (K = 16 and K = 256) parts it into a cost per chunk and a cost per request.
        std::size_t k16 = all.size(), k256 = all.size();
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (all[i].periodUs == 0 && all[i].streams == 64)
                (all[i].tokens == 16 ? k16 : k256) = i;
        }
        if (k16 < all.size() && k256 < all.size()) {
            auto overhead = [&](std::size_t client) {
                const double a = results[k16][client].cpuPerChunkUs * 16;
                const double b = results[k256][client].cpuPerChunkUs * 256;
                const double perChunk = (b - a) / (256 - 16);
                return a - 16 * perChunk;
            };
            const double floor = overhead(0);
            std::printf("%-34s %-8s %14s", "per-request overhead (us)", "", number(floor, 1).c_str());
            for (std::size_t k = 1; k < clients.size(); ++k) {
                const double v = overhead(k);
                std::printf(" %22s", (number(v, 1) + " (" + number(v / floor, 1) + "x)").c_str());
            }
            std::printf("\n");
        }
        std::fflush(stdout);
    }

private:
    QString certPath(QStringView name) const { return m_certDir.filePath(name.toString()); }

    static std::string columnName(const std::optional<Kind>& asked, const std::optional<Kind>& served)
    {
        if (!asked)
            return "floor";
        std::string name = transportName(*asked);
        if (served && *served != *asked)
            name += std::string("->") + transportName(*served);
        return name;
    }

    // Issue 40's HTTPS targets, per transport, each as met or missed with the worst case that decided it.
    static void printTlsTargets(const std::vector<Case>& all, const std::vector<std::vector<Figures>>& results,
        const std::vector<std::optional<Kind>>& clients, const std::vector<std::optional<Kind>>& served)
    {
        std::printf(
            "targets: CPU per paced chunk (CPU step) <= %.1fx the TLS floor; arrival error p50 (paced) <= %.0fx the "
            "TLS floor's; loop lag p99 <= %.0f ms at 4,096 streams\n",
            kTargetTlsCpuRatio, kTargetTlsErrorP50Ratio, kTargetTlsLoopLagP99Ms);
        for (std::size_t k = 1; k < clients.size(); ++k) {
            double cpu = NAN;
            double error = NAN;
            double lag = NAN;
            bool first = true;
            bool at4096 = false;
            // A figure missing in any case (NaN: the run failed, or qnam's CPU step) leaves its target not measured,
            // where std::max would drop the case silently.
            auto worst = [](double a, double b) { return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b); };
            for (std::size_t i = 0; i < all.size(); ++i) {
                const Figures& f = results[i][k];
                const Figures& floor = results[i][0];
                if (all[i].periodUs == 0 || f.error == u"not tried")
                    continue;
                const double c = f.stepCpuPerChunkUs / floor.stepCpuPerChunkUs;
                const double e = f.errorP50Ms / floor.errorP50Ms;
                cpu = first ? c : worst(cpu, c);
                error = first ? e : worst(error, e);
                first = false;
                if (all[i].streams == 4096) {
                    at4096 = true;
                    lag = f.loopLagP99Ms;
                }
            }
            if (first)
                continue;
            auto verdict = [](double v, double target) {
                return std::isnan(v) ? "not measured" : v <= target ? "met" : "MISSED";
            };
            auto worstText = [](double v) { return std::isnan(v) ? std::string() : " (worst " + number(v, 2) + "x)"; };
            std::printf("  %-22s CPU %s%s, error p50 %s%s, loop lag %s%s\n", columnName(clients[k], served[k]).c_str(),
                verdict(cpu, kTargetTlsCpuRatio), worstText(cpu).c_str(), verdict(error, kTargetTlsErrorP50Ratio),
                worstText(error).c_str(), at4096 ? verdict(lag, kTargetTlsLoopLagP99Ms) : "not measured",
                std::isnan(lag) ? "" : (" (" + number(lag, 3) + " ms at 4,096)").c_str());
        }
    }

    const Options& m_options;
    Pinning m_pins;
    QTemporaryDir m_certDir;
};

void printUsage()
{
    std::printf(
        "Usage: bench_load [--kneepoint PATH] [--quick] [--transport epoll|socket|qnam] [--floor-only] [--streams N]\n"
        "                  [--scheme http|https]\n"
        "First measures each transport against the floor, a minimal epoll client of the benchmark's own, both\n"
        "against bench_sseserver (paced at 256 to 10,000 streams, and at full speed): CPU per chunk, chunk arrival\n"
        "error after the server's send, peak RSS and the streams the server saw at once, each as a ratio to the\n"
        "floor measured in the same run, and the per-request overhead. Then (unless --floor-only) measures each\n"
        "transport against a fresh `kneepoint sim` per step: CPU per chunk, arrival delay, the most concurrent\n"
        "streams held and the memory for them, and open-loop schedule lag. The server is pinned to one CPU, the\n"
        "client to another. A few minutes on an idle machine; --quick about half. --streams N keeps the floor's\n"
        "cases of N streams only.\n"
        "The HTTPS cases (paced 256, 1,024, 4,096 streams; full speed) follow the plain ones, against a TLS floor\n"
        "(the same client over OpenSSL) and bench_sseserver --tls with a certificate made for the run, each\n"
        "transport run as with --insecure; a transport that cannot serve https shows the one used in its place\n"
        "(epoll->socket). --scheme http keeps the plain cases and the sim; --scheme https only the HTTPS cases.\n"
        "\n"
        "       bench_load --floor-at PORT [--tls] [--streams N] [--requests K] [--tokens T]\n"
        "The floor client alone against a server already listening on 127.0.0.1:PORT (a proxy, say), N streams of K\n"
        "requests of T tokens each; prints its TTFT p99 (ms), output tokens/s and CPU (s) on one line.\n");
}

bool parseOptions(const QStringList& args, Options* o)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == u"-h" || a == u"--help") {
            printUsage();
            std::exit(0);
        } else if (a == u"--quick") {
            o->quick = true;
        } else if (a == u"--kneepoint" && i + 1 < args.size()) {
            o->kneepoint = args[++i];
        } else if (a == u"--floor-only") {
            o->floorOnly = true;
        } else if (a == u"--scheme" && i + 1 < args.size()) {
            const QString scheme = args[++i];
            if (scheme != u"http" && scheme != u"https")
                return false;
            o->http = scheme == u"http";
            o->https = scheme == u"https";
        } else if (a == u"--streams" && i + 1 < args.size()) {
            o->streams = args[++i].toInt();
            if (o->streams <= 0)
                return false;
        } else if (a == u"--transport" && i + 1 < args.size()) {
            const std::optional<Kind> kind = StreamTransport::named(args[++i]);
            if (!kind)
                return false;
            o->transports = {*kind};
        } else {
            std::fprintf(stderr, "bench_load: unknown option or missing value: %s\n", qPrintable(a));
            return false;
        }
    }
    return true;
}

/// `--floor-at PORT [--tls] [--streams N] [--requests K] [--tokens T]`: the floor client alone, against a server that
/// is already listening on 127.0.0.1. nginx-pairs.sh runs it through the same proxy as `kneepoint run`, so that the
/// proxy's share of a latency is told from the client's. Not pinned, as `kneepoint run` is not. Prints one line:
/// TTFT p99 (ms, as the benchmark's other percentiles, from the request's write to the read that brought its first
/// event), output tokens/s (events over the time after set-up), the client's CPU (s); or an error on stderr and exit
/// status 1.
int floorAt(int argc, char** argv)
{
    int port = 0, streams = 256, requests = 1, tokens = 64;
    bool tls = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--floor-at" && hasValue)
            port = std::atoi(argv[++i]);
        else if (a == "--tls")
            tls = true;
        else if (a == "--streams" && hasValue)
            streams = std::atoi(argv[++i]);
        else if (a == "--requests" && hasValue)
            requests = std::atoi(argv[++i]);
        else if (a == "--tokens" && hasValue)
            tokens = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "bench_load --floor-at: unknown option or missing value: %s\n", a.c_str());
            return 2;
        }
    }
    if (port <= 0 || streams <= 0 || requests <= 0 || tokens <= 0) {
        std::fprintf(stderr, "bench_load --floor-at PORT [--tls] [--streams N] [--requests K] [--tokens T]\n");
        return 2;
    }
    const std::string body
        = "{\"model\":\"m\",\"prompt\":\"floor\",\"max_tokens\":" + std::to_string(tokens) + ",\"stream\":true}";
    const std::string request = "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                                "application/json\r\nContent-Length: "
        + std::to_string(body.size()) + "\r\n\r\n" + body;
    const FloorClient::Result r = FloorClient::run(port, streams, requests, request, 600, tls);
    if (!r.error.empty()) {
        std::fprintf(stderr, "bench_load --floor-at: %s\n", r.error.c_str());
        return 1;
    }
    std::vector<double> ttft;
    std::int64_t firstSent = INT64_MAX, lastChunk = 0;
    for (const FloorClient::Request& q : r.requests) {
        firstSent = std::min(firstSent, q.sentNs);
        if (q.chunkNs.empty())
            continue;
        ttft.push_back(double(q.chunkNs.front() - q.sentNs) / 1e6);
        lastChunk = std::max(lastChunk, q.chunkNs.back());
    }
    if (ttft.empty() || lastChunk <= firstSent) {
        std::fprintf(stderr, "bench_load --floor-at: no request brought an event\n");
        return 1;
    }
    std::sort(ttft.begin(), ttft.end());
    const double p99 = percentile(ttft, 0.99);
    // Over the time the streams ran, from the first request's write: connecting and handshaking are not a step's.
    const double tokensPerS = double(r.chunks) / (double(lastChunk - firstSent) / 1e9);
    std::printf("%.1f %.0f %.2f\n", p99, tokensPerS, r.cpuS);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--floor-at") == 0)
            return floorAt(argc, argv);
    // Pinned before QCoreApplication and the engine start any thread: threads inherit the creator's affinity, so the
    // main thread, the load worker and QNAM's HTTP threads all land on the client's CPU.
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    sched_getaffinity(0, sizeof allowed, &allowed);
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &allowed))
            cpus.push_back(c);
    Pinning pins;
    if (cpus.size() >= 2) {
        pins.simCpu = cpus[0];
        pins.clientCpu = cpus[1];
        cpu_set_t mine;
        CPU_ZERO(&mine);
        CPU_SET(pins.clientCpu, &mine);
        sched_setaffinity(0, sizeof mine, &mine);
    }

    QCoreApplication app(argc, argv);
    Options options;
    if (!parseOptions(QCoreApplication::arguments(), &options)) {
        printUsage();
        return 2;
    }
    if (access(options.kneepoint.toLocal8Bit().constData(), X_OK) != 0) {
        std::fprintf(stderr, "bench_load: cannot run %s: %s\n", qPrintable(options.kneepoint), std::strerror(errno));
        return 1;
    }
    if (pins.clientCpu >= 0)
        std::printf("sim pinned to CPU %d; client pinned to CPU %d (main thread, one load worker thread "
                    "(LoadPlan::threads = 1), and for qnam the managers' HTTP threads)\n",
            pins.simCpu, pins.clientCpu);
    else
        std::printf("warning: only one CPU available, sim and client share it; figures are pessimistic\n");
    std::printf("client CPU is getrusage(RUSAGE_SELF) from start() to finished(), connection set-up included%s\n\n",
        options.quick ? "; --quick" : "");
    std::fflush(stdout);

    FloorBench(options, pins).run();
    // The part against the sim is plain HTTP: --scheme https leaves it out.
    if (options.floorOnly || !options.http)
        return 0;
    std::printf("\n");

    Bench bench(options, pins);
    std::map<Kind, Bench::Column> columns;
    for (Kind kind : options.transports)
        columns[kind] = bench.runTransport(kind);

    auto row = [&](const char* metric, auto get, int decimals, const char* target) {
        std::printf("%-44s", metric);
        for (const auto& [kind, c] : columns)
            std::printf(" %12s", number(get(c), decimals).c_str());
        std::printf("   %s\n", target);
    };
    std::printf("\n%-44s", "metric");
    for (const auto& [kind, c] : columns)
        std::printf(" %12s", transportName(kind));
    std::printf("   target\n");
    using C = Bench::Column;
    row(
        "CPU per chunk, paced 256 streams (us)", [](const C& c) { return c.pacedCpuUs; }, 2, "<= 8");
    row(
        "arrival delay p50, paced (ms)", [](const C& c) { return c.delayP50Ms; }, 3, "");
    row(
        "arrival delay p99, paced (ms)", [](const C& c) { return c.delayP99Ms; }, 3, "<= 0.5");
    row(
        "CPU per chunk, full speed 256 streams (us)", [](const C& c) { return c.fullCpuUs; }, 2, "<= 8");
    row(
        "chunks/s, full speed 256 streams", [](const C& c) { return c.fullChunksPerS; }, 0, "");
    row(
        "most concurrent streams held", [](const C& c) { return double(c.held); }, 0, "4096 tried");
    row(
        "client peak RSS at 1024 streams (MiB)", [](const C& c) { return c.rss1024MiB; }, 1, "");
    row(
        "client peak RSS at 4096 streams (MiB)", [](const C& c) { return c.rss4096MiB; }, 1, "<= 200");
    row(
        "schedule lag p50, open loop 500/s (ms)", [](const C& c) { return c.lagP50Ms; }, 3, "");
    row(
        "schedule lag p99, open loop 500/s (ms)", [](const C& c) { return c.lagP99Ms; }, 3, "<= 1");

    bool allMet = true;
    for (const auto& [kind, c] : columns) {
        std::printf("\n%s:\n", transportName(kind));
        const bool met = c.pacedCpuUs <= kTargetCpuPerChunkUs && c.delayP99Ms <= kTargetDelayP99Ms
            && c.fullCpuUs <= kTargetCpuPerChunkUs && c.rss4096MiB <= kTargetRss4096MiB
            && c.lagP99Ms <= kTargetScheduleLagP99Ms && c.held >= 4096;
        allMet = allMet && met;
        std::printf("  targets: %s\n", met ? "all met" : "NOT all met");
        if (!c.heldError.isEmpty())
            std::printf("  first level not held: %s\n", qPrintable(c.heldError));
        for (const std::string& l : c.limits)
            std::printf("  limit: %s\n", l.c_str());
    }
    for (const QString& p : bench.simProblems())
        std::printf("sim problem: %s\n", qPrintable(p));
    // A missed target is a finding to read, not a failure of the benchmark: it ran, and says what it measured.
    std::printf("\n%s\n", allMet ? "every target met" : "some targets missed (see above)");
    return 0;
}

#else

int main()
{
    std::puts("bench_load: Linux only");
    return 0;
}

#endif
