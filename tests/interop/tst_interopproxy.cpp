// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// What users put in front of a real server (issue 40): Debian's nginx, started by this test on free ports with a
// configuration it writes, in front of Debian's llama-server in the chroot of tests/interop/setup.sh. One nginx serves
// every case, each on its own port:
//   - unbuffered (proxy_buffering off, HTTP/1.1 to the upstream with keep-alive): measured within 5% of direct;
//   - nginx's default buffering with llama.cpp's X-Accel-Buffering: no ignored: measured as it truly arrived;
//   - limit_req (429) and limit_conn (503): the gateway's refusals, counted as the gateway's, in its words, and the
//     cap named in the verdict;
//   - keepalive_timeout 1s with users who pause longer: no spurious failure;
//   - TLS terminated at nginx with a certificate the test makes with openssl: --insecure, and --ca-file.
//
// Needs root (chroot) and nginx (nginx-light). Without them it skips, unless KNEEPOINT_INTEROP_REQUIRED=1 (as .ci/run
// sets), when it fails instead.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/analysis/trustchecks.h"
#include "core/store/runstore.h"
#include "counterpoller.h"
#include "interopprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace kp::core;

using namespace interop;

namespace {

QString nginxBinary()
{
    for (const QString& path : {QStringLiteral("/usr/sbin/nginx"), QStringLiteral("/usr/bin/nginx")})
        if (QFile::exists(path))
            return path;
    return {};
}

/// What one run measured at one load: enough to compare a proxied run with a direct one.
struct Measured
{
    double tokensPerSecond = std::nan("");
    double ttftP50Ms = std::nan("");
    double e2elP50Ms = std::nan("");
    int requests = 0;
    int failed = 0;
};

} // namespace

class TestInteropProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void anUnbufferedProxyMeasuresAsDirect();
    void nginxsDefaultBufferingIsMeasuredAsItArrives();
    void aGatewaysRefusalsAreTheGatewaysAndItsCapIsNamed();
    void aShortKeepaliveTimeoutCostsNoRequest();
    void tlsTerminatedAtTheProxyWithInsecure();
    void tlsTerminatedAtTheProxyWithTheCaFile();
    void cleanupTestCase();

private:
    QString url(quint16 port, bool tls = false) const
    {
        return QStringLiteral("%1://127.0.0.1:%2")
            .arg(tls ? QStringLiteral("https") : QStringLiteral("http"))
            .arg(port);
    }
    /// Writes nginx.conf into the temporary folder and starts nginx in the foreground on it; waits until every port
    /// accepts a connection.
    void startNginx();
    qint64 lastRunId();
    std::optional<RunData> load(qint64 runId);
    /// The step at `users` of `runId`, as measured.
    Measured measured(qint64 runId, int users);
    /// `kneepoint run` of 128/32 at `concurrency` against `target`, with targets no CPU server misses; the new run's
    /// id.
    qint64 run(const QString& target, const QString& concurrency, int requests, const QStringList& extra = {});
    /// Every stored request of `runId`, warm-ups included.
    std::vector<RequestRecord> records(qint64 runId);

    QTemporaryDir m_dir;
    QString m_db;
    quint16 m_server = 0; ///< llama-server, direct
    quint16 m_unbuffered = 0;
    quint16 m_buffered = 0;
    quint16 m_limited = 0;
    quint16 m_connLimited = 0;
    quint16 m_shortKeepalive = 0;
    quint16 m_tls = 0;
    bool m_serverStarted = false;
    QProcess m_nginx;
};

void TestInteropProxy::initTestCase()
{
    const bool required = qEnvironmentVariableIntValue("KNEEPOINT_INTEROP_REQUIRED") == 1;
    const QString dir = chrootDir();
    const auto unavailable = [required](const QString& why) {
        if (required)
            QFAIL(qPrintable(why));
        QSKIP(qPrintable(why));
    };
    if (::geteuid() != 0)
        return unavailable(QStringLiteral("the interop suite needs root, for chroot"));
    if (!QFile::exists(dir + QStringLiteral("/usr/bin/llama-server")))
        return unavailable(QStringLiteral("no llama.cpp chroot at %1: run tests/interop/setup.sh").arg(dir));
    if (nginxBinary().isEmpty())
        return unavailable(QStringLiteral("no nginx: apt-get install nginx-light"));
    const Ran setup = runProgram(sourceDir() + QStringLiteral("/tests/interop/setup.sh"), {dir}, 600'000);
    QVERIFY2(setup.exitCode == 0, qPrintable(setup.err));
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("proxy.sqlite"));
    m_server = freePort();
    const Ran start = runProgram(sourceDir() + QStringLiteral("/tests/interop/llama-server.sh"),
        {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(m_server)},
        180'000);
    QVERIFY2(start.exitCode == 0, qPrintable(start.out + start.err));
    m_serverStarted = true;

    // A certificate for 127.0.0.1, its own CA: what a team puts on an internal proxy.
    const Ran cert = runProgram(QStringLiteral("openssl"),
        {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
            QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
            QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1"),
            QStringLiteral("-keyout"), m_dir.filePath(QStringLiteral("key.pem")), QStringLiteral("-out"),
            m_dir.filePath(QStringLiteral("cert.pem"))},
        60'000);
    QVERIFY2(cert.exitCode == 0, qPrintable(cert.out + cert.err));
    startNginx();
}

void TestInteropProxy::startNginx()
{
    const std::vector<quint16> ports = freePorts(6);
    m_unbuffered = ports[0];
    m_buffered = ports[1];
    m_limited = ports[2];
    m_connLimited = ports[3];
    m_shortKeepalive = ports[4];
    m_tls = ports[5];
    const QString d = m_dir.path();
    // Everything nginx writes stays in the test's folder. Its workers run as root: the folder is root's alone.
    QString conf = QStringLiteral(R"(user root;
worker_processes 1;
pid DIR/nginx.pid;
error_log DIR/error.log warn;
events { worker_connections 1024; }
http {
    access_log DIR/access.log;
    client_body_temp_path DIR/client_body;
    proxy_temp_path DIR/proxy;
    fastcgi_temp_path DIR/fastcgi;
    uwsgi_temp_path DIR/uwsgi;
    scgi_temp_path DIR/scgi;
    upstream llama {
        server 127.0.0.1:SERVER;
        keepalive 16;
    }
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_read_timeout 600s;
    # llama-server closes its connection after every streamed answer although its headers say Keep-Alive: a POST
    # that nginx writes on such a kept connection fails at once, and without this line came back as nginx's 502 (9
    # of 48 requests in a first try). Resending a request the server never read is safe.
    proxy_next_upstream error timeout non_idempotent;
    limit_req_zone $binary_remote_addr zone=perclient:1m rate=1r/s;
    limit_conn_zone $binary_remote_addr zone=perclientconn:1m;

    # What a streaming API wants: no buffering, HTTP/1.1 to the server.
    server {
        listen 127.0.0.1:UNBUFFERED;
        location / { proxy_pass http://llama; proxy_buffering off; }
    }
    # nginx's default, proxy_buffering on; llama-server asks for none (X-Accel-Buffering: no), and this proxy does
    # not listen, as a proxy configured for other APIs would not.
    server {
        listen 127.0.0.1:BUFFERED;
        location / { proxy_pass http://llama; proxy_ignore_headers X-Accel-Buffering; }
    }
    # A gateway that caps each client at 1 completion a second (a burst of 4), answering 429 past it.
    server {
        listen 127.0.0.1:LIMITED;
        location / { proxy_pass http://llama; proxy_buffering off; }
        location ~ ^/v1/(chat/)?completions$ {
            limit_req zone=perclient burst=4 nodelay;
            limit_req_status 429;
            proxy_pass http://llama;
            proxy_buffering off;
        }
    }
    # One that lets each client have 4 completions at once, answering its default 503 past them.
    server {
        listen 127.0.0.1:CONNLIMITED;
        location / { proxy_pass http://llama; proxy_buffering off; }
        location ~ ^/v1/(chat/)?completions$ {
            limit_conn perclientconn 4;
            proxy_pass http://llama;
            proxy_buffering off;
        }
    }
    # Idle client connections closed after a second.
    server {
        listen 127.0.0.1:SHORTKEEPALIVE;
        keepalive_timeout 1s;
        location / { proxy_pass http://llama; proxy_buffering off; }
    }
    # TLS ends here; plain HTTP to the server behind.
    server {
        listen 127.0.0.1:TLS ssl;
        ssl_certificate DIR/cert.pem;
        ssl_certificate_key DIR/key.pem;
        location / { proxy_pass http://llama; proxy_buffering off; }
    }
}
)");
    conf.replace(QStringLiteral("DIR"), d)
        .replace(QStringLiteral("SERVER"), QString::number(m_server))
        .replace(QStringLiteral("UNBUFFERED"), QString::number(m_unbuffered))
        .replace(QStringLiteral("BUFFERED"), QString::number(m_buffered))
        .replace(QStringLiteral("CONNLIMITED"), QString::number(m_connLimited))
        .replace(QStringLiteral("LIMITED"), QString::number(m_limited))
        .replace(QStringLiteral("SHORTKEEPALIVE"), QString::number(m_shortKeepalive))
        .replace(QStringLiteral("TLS"), QString::number(m_tls));
    QFile file(m_dir.filePath(QStringLiteral("nginx.conf")));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(conf.toUtf8()) == conf.toUtf8().size());
    file.close();
    // In the foreground, as this test's child: it ends with the test, and its error log says why it would not start.
    m_nginx.setProcessChannelMode(QProcess::MergedChannels);
    m_nginx.start(nginxBinary(),
        {QStringLiteral("-p"), d + u'/', QStringLiteral("-e"), m_dir.filePath(QStringLiteral("error.log")),
            QStringLiteral("-c"), file.fileName(), QStringLiteral("-g"), QStringLiteral("daemon off;")});
    QVERIFY2(m_nginx.waitForStarted(10'000), qPrintable(m_nginx.errorString()));
    for (const quint16 port : {m_unbuffered, m_buffered, m_limited, m_connLimited, m_shortKeepalive, m_tls}) {
        QElapsedTimer waited;
        waited.start();
        for (;;) {
            QTcpSocket probe;
            probe.connectToHost(QHostAddress::LocalHost, port);
            if (probe.waitForConnected(500))
                break;
            QVERIFY2(m_nginx.state() == QProcess::Running,
                qPrintable(QStringLiteral("nginx exited: ") + QString::fromUtf8(m_nginx.readAll())));
            QVERIFY2(waited.elapsed() < 20'000, qPrintable(QStringLiteral("nginx never listened on %1").arg(port)));
            QTest::qWait(100);
        }
    }
}

void TestInteropProxy::cleanupTestCase()
{
    if (m_nginx.state() != QProcess::NotRunning) {
        m_nginx.terminate(); // SIGTERM: nginx's fast shutdown
        if (!m_nginx.waitForFinished(15'000)) {
            m_nginx.kill();
            m_nginx.waitForFinished(5000);
        }
    }
    if (!m_serverStarted)
        return;
    const Ran stop = runProgram(sourceDir() + QStringLiteral("/tests/interop/llama-server.sh"),
        {QStringLiteral("stop"), chrootDir(), QString::number(m_server)}, 60'000);
    QVERIFY2(stop.exitCode == 0, qPrintable(stop.out + stop.err));
}

qint64 TestInteropProxy::lastRunId()
{
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("proxy-read"));
    if (!store)
        return -1;
    const QList<RunSummary> runs = store->runs(&error);
    return runs.isEmpty() ? -1 : runs.front().id;
}

std::optional<RunData> TestInteropProxy::load(qint64 runId)
{
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("proxy-load"));
    if (!store)
        return std::nullopt;
    return RunData::load(*store, runId, &error);
}

std::vector<RequestRecord> TestInteropProxy::records(qint64 runId)
{
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("proxy-records"));
    std::vector<RequestRecord> out;
    if (!store)
        return out;
    const std::optional<StoredRun> stored = store->run(runId, &error);
    if (!stored)
        return out;
    for (const StoredStep& step : stored->steps)
        for (RequestRecord& r : store->requests(step.id, &error))
            out.push_back(std::move(r));
    return out;
}

Measured TestInteropProxy::measured(qint64 runId, int users)
{
    Measured m;
    const std::optional<RunData> data = load(runId);
    if (!data)
        return m;
    for (const StepData& s : data->steps) {
        if (s.concurrency != users || s.phase == Phase::Baseline)
            continue;
        m.tokensPerSecond = s.outputTokensPerSecond(data->timeScale);
        m.ttftP50Ms = median(s.ttftSorted);
        m.e2elP50Ms = median(s.e2elSorted);
        m.requests = s.stats.total;
        m.failed = s.stats.failed;
    }
    return m;
}

qint64 TestInteropProxy::run(const QString& target, const QString& concurrency, int requests, const QStringList& extra)
{
    const Ran r = kneepoint(
        QStringList {QStringLiteral("run"), QStringLiteral("--url"), target, QStringLiteral("--db"), m_db,
            QStringLiteral("--shapes"), QStringLiteral("128/32"), QStringLiteral("--concurrency"), concurrency,
            QStringLiteral("--requests"), QString::number(requests), QStringLiteral("--slo-ttft-ms"),
            QStringLiteral("60000"), QStringLiteral("--slo-tpot-ms"), QStringLiteral("60000")}
        + extra);
    // A run that met refusals may end with a failing status; what it stored is what is checked.
    if (r.exitCode != 0)
        qInfo("kneepoint run %s exited %d: %s", qPrintable(target), r.exitCode,
            qPrintable(QString(r.out + r.err).right(1500)));
    return lastRunId();
}

void TestInteropProxy::anUnbufferedProxyMeasuresAsDirect()
{
    // A first run warms the server (its first requests after a start were the slowest), then direct, proxied,
    // proxied, direct: a drift of the machine's speed over the four runs weighs on both alike. On a 2-core machine
    // shared with other work the server's own speed moved threefold between runs a minute apart, so each run's rate is
    // also held to what llama-server's counters say it made over the same interval (as tst_interop does): through
    // nginx Kneepoint must measure that within 5%, as it does directly.
    QVERIFY(run(url(m_server), QStringLiteral("8"), 16) > 0);
    std::vector<Measured> direct, proxied;
    std::vector<double> directAgreement, proxiedAgreement;
    for (const bool throughProxy : {false, true, true, false}) {
        CounterPoller counters(m_server);
        const qint64 id = run(url(throughProxy ? m_unbuffered : m_server), QStringLiteral("1,8"), 32);
        const std::vector<CounterPoller::Sample> samples = counters.stop();
        QVERIFY(id > 0);
        const Measured one = measured(id, 1), eight = measured(id, 8);
        QCOMPARE(one.failed + eight.failed, 0);
        QVERIFY2(eight.requests >= 32, qPrintable(QString::number(eight.requests)));
        const std::optional<RunData> data = load(id);
        QVERIFY(data);
        double agreement = std::nan("");
        for (const StepData& step : data->steps) {
            if (step.concurrency != 8)
                continue;
            const bool steady = step.stats.window.usable;
            const std::int64_t from = steady ? step.stats.window.startNs : step.stats.startNs;
            const std::int64_t to = steady ? step.stats.window.endNs : step.stats.endNs;
            const CounterPoller::Made made = CounterPoller::made(samples, from, to);
            agreement = step.outputTokensPerSecond(data->timeScale) / (made.likely / (double(to - from) / 1e9));
        }
        QVERIFY2(!std::isnan(agreement), "llama-server's counters did not enclose the 8-user step");
        qInfo("%s: 1 user TTFT p50 %.1f ms, E2EL p50 %.1f ms; 8 users %.1f tokens/s, %.3f of what llama-server's "
              "counters say it made then",
            throughProxy ? "proxied" : "direct", one.ttftP50Ms, one.e2elP50Ms, eight.tokensPerSecond, agreement);
        (throughProxy ? proxied : direct).push_back(Measured {eight.tokensPerSecond, one.ttftP50Ms, one.e2elP50Ms});
        (throughProxy ? proxiedAgreement : directAgreement).push_back(agreement);
    }
    const auto mean = [](const std::vector<Measured>& v, double Measured::*field) {
        double sum = 0;
        for (const Measured& m : v)
            sum += m.*field;
        return sum / double(v.size());
    };
    const auto average = [](const std::vector<double>& v) { return (v.front() + v.back()) / 2; };
    const double directRate = mean(direct, &Measured::tokensPerSecond);
    const double proxiedRate = mean(proxied, &Measured::tokensPerSecond);
    const double directTtft = mean(direct, &Measured::ttftP50Ms);
    const double proxiedTtft = mean(proxied, &Measured::ttftP50Ms);
    const double proxiedE2el = mean(proxied, &Measured::e2elP50Ms);
    const double directAgrees = average(directAgreement), proxiedAgrees = average(proxiedAgreement);
    qInfo("throughput at 8 users: direct %.1f tokens/s, through nginx %.1f (%+.1f%%); against the server's counters: "
          "direct %.3f, through nginx %.3f (%+.1f%%); TTFT p50 at 1 user: direct %.1f ms, through nginx %.1f ms "
          "(%+.1f ms)",
        directRate, proxiedRate, 100 * (proxiedRate / directRate - 1), directAgrees, proxiedAgrees,
        100 * (proxiedAgrees / directAgrees - 1), directTtft, proxiedTtft, proxiedTtft - directTtft);
    QVERIFY2(std::abs(proxiedAgrees / directAgrees - 1) <= 0.05,
        qPrintable(
            QStringLiteral("through nginx %1 of the server's rate, direct %2").arg(proxiedAgrees).arg(directAgrees)));
    QVERIFY2(std::abs(directAgrees - 1) <= 0.05, qPrintable(QString::number(directAgrees)));
    // A proxy on loopback adds a fraction of a millisecond; the margin is for a busy 2-core machine.
    QVERIFY2(proxiedTtft <= directTtft * 1.1 + 10 && proxiedTtft >= directTtft * 0.9 - 10,
        qPrintable(QStringLiteral("TTFT through nginx %1 ms, direct %2 ms").arg(proxiedTtft).arg(directTtft)));
    // Streamed: the first token before the answer's end, as directly.
    QVERIFY2(proxiedTtft < 0.9 * proxiedE2el, qPrintable(QString::number(proxiedE2el)));
}

void TestInteropProxy::nginxsDefaultBufferingIsMeasuredAsItArrives()
{
    // nginx 1.22 with proxy_buffering on still passes each event on as it reads it from an upstream that makes
    // tokens one at a time: the stream arrives as a stream, and Kneepoint must say so, not cry "buffered".
    const Ran doctor = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), url(m_buffered),
                                     QStringLiteral("--shapes"), QStringLiteral("128/32")},
        120'000);
    qInfo("%s", qPrintable(doctor.out));
    QVERIFY2(doctor.exitCode == 0, qPrintable(doctor.out + doctor.err));
    const bool doctorSaysBuffered = doctor.out.contains(QStringLiteral("the stream came buffered"));

    const qint64 id = run(url(m_buffered), QStringLiteral("1,4"), 16);
    QVERIFY(id > 0);
    const std::optional<RunData> data = load(id);
    QVERIFY(data);
    const RunAnalysis analysis = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
    const TrustCheck* streaming = nullptr;
    for (const TrustCheck& c : analysis.trust)
        if (c.id == u"streaming")
            streaming = &c;
    QVERIFY(streaming);
    qInfo("streaming check: %s: %s", qPrintable(TrustCheck::statusName(streaming->status)),
        qPrintable(streaming->detail));
    // The check agrees with the arrivals themselves: the share of requests whose first token came at 90% of the
    // answer's time or later.
    int judged = 0, whole = 0;
    for (const StepData& s : data->steps)
        for (const RequestTimes& r : s.requests)
            if (!std::isnan(r.tpotMs)) {
                ++judged;
                whole += r.ttftMs >= 0.9 * r.e2elMs ? 1 : 0;
            }
    qInfo("%d of %d requests arrived whole through nginx's default buffering", whole, judged);
    QVERIFY(judged >= 16);
    const bool buffered = whole >= 0.9 * judged;
    QCOMPARE(streaming->status, buffered ? TrustCheck::Status::Fail : TrustCheck::Status::Pass);
    QCOMPARE(doctorSaysBuffered, buffered);
}

void TestInteropProxy::aGatewaysRefusalsAreTheGatewaysAndItsCapIsNamed()
{
    // limit_req's 429 at 8 users, then limit_conn's 503 at 8 users. A refused user asks again at once, so the first
    // refusal floods the step: one load each, where the cap certainly bites.
    for (const auto& [port, concurrency, words] :
        {std::tuple {m_limited, QStringLiteral("8"), QStringLiteral("\"429 Too Many Requests\"")},
            std::tuple {
                m_connLimited, QStringLiteral("8"), QStringLiteral("\"503 Service Temporarily Unavailable\"")}}) {
        QFile log(m_dir.filePath(QStringLiteral("access.log")));
        const qint64 logFrom = QFileInfo(log).size();
        const qint64 id = run(url(port), concurrency, 24);
        QVERIFY(id > 0);
        const std::vector<RequestRecord> all = records(id);
        int refused = 0, inItsWords = 0, serverFailures = 0;
        for (const RequestRecord& r : all) {
            if (r.error == ErrorClass::GatewayRejected) {
                ++refused;
                QVERIFY2(r.errorMessage.contains(QStringLiteral("from a gateway in front of the server (nginx/")),
                    qPrintable(r.errorMessage));
                inItsWords += r.errorMessage.contains(words) ? 1 : 0;
            } else if (!r.ok()) {
                ++serverFailures;
                qInfo("not the gateway's: %s %s", qPrintable(errorClassName(r.error)), qPrintable(r.errorMessage));
            }
        }
        // nginx's own count of what it refused on the completions path during the run, from its access log.
        QVERIFY(log.open(QIODevice::ReadOnly) && log.seek(logFrom));
        int logged = 0;
        static const QRegularExpression refusal(QStringLiteral(R"("POST /v1/completions HTTP/1.1" (429|50[234]) )"));
        for (const QByteArray& line : log.readAll().split('\n'))
            logged += refusal.match(QString::fromUtf8(line)).hasMatch() ? 1 : 0;
        qInfo("nginx port %d: %zu requests stored, %d refused by nginx (%d with %s; its log says %d), %d failed "
              "otherwise",
            port, all.size(), refused, inItsWords, qPrintable(words), logged, serverFailures);
        QVERIFY(refused > 0);
        QCOMPARE(refused, logged);
        QCOMPARE(inItsWords, refused);
        QCOMPARE(serverFailures, 0);

        Ran show = kneepoint({QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), m_db}, 60'000);
        QVERIFY2(show.exitCode == 0, qPrintable(show.out + show.err));
        qInfo("%s", qPrintable(show.out));
        show.out = show.out.simplified(); // the terminal's lines are wrapped
        // The verdict names the cap with the count of refusals and their rate, in nginx's words.
        static const QRegularExpression cap(QStringLiteral(
            R"(A gateway in front of the server capped the load: it refused (\d+) of (\d+) requests \(([0-9.]+)%\))"));
        const QRegularExpressionMatch m = cap.match(show.out);
        QVERIFY2(m.hasMatch(), qPrintable(show.out));
        // Of the measured requests from the first load refused at on (the baseline's single user too, when the
        // bucket was still empty from the warm-up), as those steps' failures count them.
        const std::optional<RunData> data = load(id);
        QVERIFY(data);
        int stepRefused = 0, stepTotal = 0;
        for (const StepData& step : data->steps) {
            const auto it = step.stats.failures.find(ErrorClass::GatewayRejected);
            const int here = it == step.stats.failures.end() ? 0 : it->second;
            if (stepRefused > 0 || here > 0)
                stepTotal += step.stats.total;
            stepRefused += here;
        }
        QCOMPARE(m.captured(1).toInt(), stepRefused);
        QCOMPARE(m.captured(2).toInt(), stepTotal);
        QVERIFY2(show.out.contains(QStringLiteral("so that limit is the gateway's, not the server's")),
            qPrintable(show.out));
        QVERIFY2(show.out.contains(words), qPrintable(show.out));
        // The trust check says whose refusals they were.
        QVERIFY2(
            show.out.contains(QStringLiteral("were refused by a gateway in front of the server, not by the server")),
            qPrintable(show.out));
    }
}

void TestInteropProxy::aShortKeepaliveTimeoutCostsNoRequest()
{
    // Each user pauses 1.2 s between requests: nginx has closed its idle connection by then, now and then just as the
    // next request goes out on it.
    const qint64 id = run(
        url(m_shortKeepalive), QStringLiteral("1,2"), 8, {QStringLiteral("--think-time-ms"), QStringLiteral("1200")});
    QVERIFY(id > 0);
    const std::optional<RunData> data = load(id);
    QVERIFY(data);
    int resent = 0, total = 0;
    for (const StepData& s : data->steps) {
        resent += s.resentAfterClose;
        total += s.stats.total;
        QVERIFY2(
            s.stats.failed == 0, qPrintable(QStringLiteral("%1 failed at %2").arg(s.stats.failed).arg(s.loadText())));
    }
    for (const RequestRecord& r : records(id))
        QVERIFY2(r.ok(), qPrintable(r.errorMessage));
    qInfo("keepalive_timeout 1s: %d requests, none failed, %d sent again after nginx closed their connection", total,
        resent);
}

void TestInteropProxy::tlsTerminatedAtTheProxyWithInsecure()
{
    const Ran doctor
        = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), url(m_tls, true), QStringLiteral("--insecure"),
                        QStringLiteral("--shapes"), QStringLiteral("128/32")},
            120'000);
    QVERIFY2(doctor.exitCode == 0, qPrintable(doctor.out + doctor.err));
    const qint64 id = run(url(m_tls, true), QStringLiteral("2"), 8, {QStringLiteral("--insecure")});
    QVERIFY(id > 0);
    const std::vector<RequestRecord> all = records(id);
    QVERIFY(all.size() >= 8);
    for (const RequestRecord& r : all)
        QVERIFY2(r.ok() && r.completionTokens == 32, qPrintable(r.errorMessage));
    // Without --insecure the self-signed certificate is refused, with a sentence.
    const Ran refused = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), url(m_tls, true),
                                      QStringLiteral("--shapes"), QStringLiteral("128/32")},
        120'000);
    QVERIFY2(refused.exitCode != 0, qPrintable(refused.out));
    QVERIFY2(refused.out.contains(QStringLiteral("certificate"), Qt::CaseInsensitive), qPrintable(refused.out));
}

void TestInteropProxy::tlsTerminatedAtTheProxyWithTheCaFile()
{
    // The certificate is self-signed: trusted as its own CA, it is checked (name, dates) and accepted.
    const QString ca = m_dir.filePath(QStringLiteral("cert.pem"));
    const Ran doctor
        = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), url(m_tls, true), QStringLiteral("--ca-file"),
                        ca, QStringLiteral("--shapes"), QStringLiteral("128/32")},
            120'000);
    QVERIFY2(doctor.exitCode == 0, qPrintable(doctor.out + doctor.err));
    const qint64 id = run(url(m_tls, true), QStringLiteral("2"), 8, {QStringLiteral("--ca-file"), ca});
    QVERIFY(id > 0);
    for (const RequestRecord& r : records(id))
        QVERIFY2(r.ok() && r.completionTokens == 32, qPrintable(r.errorMessage));
}

QTEST_GUILESS_MAIN(TestInteropProxy)
#include "tst_interopproxy.moc"
