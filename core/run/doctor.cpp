// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor.h"

#include "common/processlimits.h"
#include "server/tokenizedialect.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHostAddress>
#include <QHostInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSslCertificate>
#include <QSslSocket>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <map>
#include <memory>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace kp::core {

namespace {

using Result = DoctorCheck::Result;

/// Below this many open files a large sweep runs out of sockets.
constexpr long MinOpenFiles = 4096;
/// Above this share of the machine busy elsewhere, client-side timings stop being trustworthy.
constexpr double MaxBusyFraction = 0.5;

DoctorCheck begin(const char* id)
{
    static const std::map<QString, QString> titles {
        {QStringLiteral("url"), QStringLiteral("URL")},
        {QStringLiteral("tcp"), QStringLiteral("TCP connect")},
        {QStringLiteral("tls"), QStringLiteral("TLS handshake")},
        {QStringLiteral("health"), QStringLiteral("GET /health")},
        {QStringLiteral("version"), QStringLiteral("GET /version")},
        {QStringLiteral("models"), QStringLiteral("GET /v1/models")},
        {QStringLiteral("metrics"), QStringLiteral("GET /metrics")},
        {QStringLiteral("tokenize"), QStringLiteral("POST /tokenize")},
        {QStringLiteral("completion"), QStringLiteral("One-token completion")},
        {QStringLiteral("open-files"), QStringLiteral("Open-files limit")},
        {QStringLiteral("governor"), QStringLiteral("CPU governor")},
        {QStringLiteral("cpu-busy"), QStringLiteral("Other CPU load")},
    };
    DoctorCheck c;
    c.id = QString::fromLatin1(id);
    c.title = titles.at(c.id);
    return c;
}

DoctorCheck finish(DoctorCheck c, Result result, const QString& detail, const QString& fix = {}, double ms = -1)
{
    c.result = result;
    c.detail = detail;
    c.fix = fix;
    c.ms = ms;
    return c;
}

DoctorCheck skipped(const char* id, const QString& why)
{
    return finish(begin(id), Result::Skipped, QStringLiteral("not checked: %1").arg(why));
}

QString formatMs(double ms)
{
    return QString::number(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0) + QStringLiteral(" ms");
}

double elapsedMs(const QElapsedTimer& clock)
{
    return double(clock.nsecsElapsed()) / 1e6;
}

QString hostPort(const QString& host, quint16 port)
{
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

QString shown(const QUrl& url)
{
    return url.toString(QUrl::RemoveUserInfo);
}

// ---- HTTP -------------------------------------------------------------------------------------------------------

/// The message of an error answer, from vLLM's envelopes ({"error": {"message"}}, {"message"}, {"detail"}) or a
/// short plain body.
QString errorMessage(const QByteArray& body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    QString message;
    if (doc.isObject()) {
        const QJsonObject o = doc.object();
        const QJsonValue error = o.value(u"error");
        if (error.isObject())
            message = error.toObject().value(u"message").toString();
        else if (error.isString())
            message = error.toString();
        if (message.isEmpty())
            message = o.value(u"message").toString();
        if (message.isEmpty())
            message = o.value(u"detail").toString();
    } else if (!body.trimmed().isEmpty() && !body.trimmed().startsWith('<')) {
        message = QString::fromUtf8(body.trimmed());
    }
    message = message.simplified();
    if (message.size() > 200)
        message = message.left(200) + QStringLiteral("…");
    return message;
}

QString statusLine(const HttpAnswer& a)
{
    const QString message = errorMessage(a.body);
    return QStringLiteral("HTTP %1").arg(a.status) + (message.isEmpty() ? QString() : QStringLiteral(": ") + message);
}

/// The doctor's requests: the server's endpoints, on one client, so that the checks reuse a connection as a run
/// would (HttpClient holds the rules: the key, redirects, TLS, the size cap, the deadline, cancellation).
class Http
{
public:
    Http(const LoadTarget& target, int timeoutMs, const Cancellation* cancellation)
        : m_target(target)
        , m_client(target.httpSettings(timeoutMs, cancellation))
    { }

    HttpAnswer get(const QString& path) { return m_client.get(m_target.endpoint(path)); }
    HttpAnswer post(const QString& path, const QJsonObject& json) { return m_client.post(m_target.endpoint(path), json); }

private:
    const LoadTarget& m_target;
    HttpClient m_client;
};

// ---- the checks -------------------------------------------------------------------------------------------------

const QString urlFix = QStringLiteral("give the server's address as http://HOST:PORT, for example "
                                      "http://127.0.0.1:8000 (vLLM's default port is 8000)");

DoctorCheck urlCheck(const QUrl& url)
{
    DoctorCheck c = begin("url");
    if (url.isEmpty())
        return finish(c, Result::Fail, QStringLiteral("no URL was given"), urlFix);
    if (!url.isValid())
        return finish(c, Result::Fail,
            QStringLiteral("'%1' is not a URL: %2").arg(url.toString(QUrl::RemoveUserInfo), url.errorString()), urlFix);
    const QString scheme = url.scheme();
    if (scheme != u"http" && scheme != u"https")
        return finish(c, Result::Fail,
            QStringLiteral("the scheme '%1' in %2 is neither http nor https").arg(scheme, shown(url)), urlFix);
    if (url.host().isEmpty())
        return finish(c, Result::Fail, QStringLiteral("'%1' names no host").arg(shown(url)), urlFix);
    const quint16 port = quint16(url.port(scheme == u"https" ? 443 : 80));
    QString detail = QStringLiteral("%1://%2").arg(scheme, hostPort(url.host(), port));
    if (url.port() < 0)
        detail += QStringLiteral(" (no port given: %1 is the %2 default)").arg(port).arg(scheme);
    // People paste the OpenAI client's base URL, which ends in /v1, and gateways mount servers under a path: the
    // endpoints are asked for under that path, /v1 or not.
    LoadTarget mounted;
    mounted.baseUrl = url;
    if (const QString root = mounted.rootPath(); !root.isEmpty())
        detail += QStringLiteral(", endpoints under %1").arg(root);
    if (url.hasQuery() || url.hasFragment())
        return finish(c, Result::Warn,
            detail
                + QStringLiteral("; the query or fragment ('%1') is ignored")
                      .arg(url.toString(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemovePath)),
            QStringLiteral("give scheme, host, port and, behind a gateway, its path: Kneepoint adds /health, "
                           "/v1/models and the other paths itself"));
    return finish(c, Result::Pass, detail);
}

DoctorCheck tcpCheck(const QUrl& url, int timeoutMs, QHostAddress* connected)
{
    DoctorCheck c = begin("tcp");
    const QString host = url.host();
    const quint16 port = quint16(url.port(url.scheme() == u"https" ? 443 : 80));
    QList<QHostAddress> addresses;
    QString lookedUp;
    if (QHostAddress literal; literal.setAddress(host)) {
        addresses << literal;
    } else {
        QEventLoop loop;
        std::optional<QHostInfo> info;
        QElapsedTimer clock;
        clock.start();
        const int id = QHostInfo::lookupHost(host, &loop, [&](const QHostInfo& answer) {
            info = answer;
            loop.quit();
        });
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        if (!info)
            loop.exec();
        if (!info) {
            QHostInfo::abortHostLookup(id);
            return finish(c, Result::Fail,
                QStringLiteral("the DNS lookup of '%1' gave no answer within %2").arg(host, formatMs(timeoutMs)),
                QStringLiteral("check this machine's DNS settings, or give the server's IP address instead"));
        }
        addresses = info->addresses();
        if (info->error() != QHostInfo::NoError || addresses.isEmpty())
            return finish(c, Result::Fail,
                QStringLiteral("the name '%1' does not resolve (DNS: %2)")
                    .arg(host,
                        info->error() != QHostInfo::NoError ? info->errorString() : QStringLiteral("no addresses")),
                QStringLiteral("check the spelling of the host name, or give the server's IP address instead"));
        lookedUp = QStringLiteral(" (%1 resolved in %2)").arg(host, formatMs(elapsedMs(clock)));
    }

    // Try each address in turn, as a client library would: "localhost" is often ::1 first, and vLLM listens on
    // 0.0.0.0 by default.
    QElapsedTimer total;
    total.start();
    QStringList refused;
    QString otherError;
    bool timedOut = false;
    for (const QHostAddress& address : std::as_const(addresses)) {
        const int left = timeoutMs - int(total.elapsed());
        if (left <= 0) {
            timedOut = true;
            break;
        }
        QTcpSocket socket;
        QElapsedTimer clock;
        clock.start();
        socket.connectToHost(address, port);
        if (socket.waitForConnected(left)) {
            const double ms = elapsedMs(clock);
            socket.abort();
            *connected = address;
            return finish(c, Result::Pass,
                QStringLiteral("%1 to %2").arg(formatMs(ms), hostPort(address.toString(), port)) + lookedUp, {}, ms);
        }
        if (socket.error() == QAbstractSocket::ConnectionRefusedError)
            refused << address.toString();
        else if (socket.error() == QAbstractSocket::SocketTimeoutError)
            timedOut = true;
        else
            otherError = socket.errorString();
    }
    const QString where = hostPort(host, port);
    if (!otherError.isEmpty())
        return finish(c, Result::Fail, QStringLiteral("cannot connect to %1: %2").arg(where, otherError),
            QStringLiteral("check the address and this machine's network route to it"));
    if (timedOut)
        return finish(c, Result::Fail, QStringLiteral("no answer from %1 within %2").arg(where, formatMs(timeoutMs)),
            QStringLiteral("the host may be down, or a firewall drops the packets: check the address, and that "
                           "the port is open to this machine"));
    QString detail = QStringLiteral("nothing is listening at %1").arg(where);
    if (addresses.size() > 1 || addresses.first().toString() != host)
        detail += QStringLiteral(" (%1)").arg(refused.join(QStringLiteral(", ")));
    QString fix = QStringLiteral("is the server running? Start it, or wait: vLLM accepts connections only once it "
                                 "has loaded the model and its log says 'Application startup complete.'");
    if (url.port() < 0)
        fix += QStringLiteral(" The URL gives no port, so %1 was tried; vLLM listens on 8000 by default.").arg(port);
    else
        fix += QStringLiteral(" Check the port, too.");
    return finish(c, Result::Fail, detail, fix);
}

QString protocolName(QSsl::SslProtocol protocol)
{
    switch (protocol) {
    case QSsl::TlsV1_2:
        return QStringLiteral("TLS 1.2");
    case QSsl::TlsV1_3:
        return QStringLiteral("TLS 1.3");
    default:
        return QStringLiteral("TLS");
    }
}

DoctorCheck tlsCheck(const LoadTarget& target, const QHostAddress& address, int timeoutMs)
{
    const QUrl& url = target.baseUrl;
    DoctorCheck c = begin("tls");
    if (url.scheme() != u"https")
        return finish(c, Result::Skipped, QStringLiteral("plain http: no TLS to check"));
    if (!QSslSocket::supportsSsl())
        return finish(c, Result::Fail, QStringLiteral("this Qt has no working TLS backend"),
            QStringLiteral("install OpenSSL 3 (libssl3), or reach the server over http:// on a trusted network"));
    const quint16 port = quint16(url.port(443));
    const QString where = hostPort(url.host(), port);
    QSslSocket socket;
    socket.setPeerVerifyName(url.host());
    target.applyTls(socket);
    socket.connectToHost(address, port);
    if (!socket.waitForConnected(timeoutMs))
        return finish(c, Result::Fail,
            QStringLiteral("cannot connect again to %1: %2").arg(where, socket.errorString()),
            QStringLiteral("the server stopped accepting connections; check that it is still running"));
    // Time the handshake alone: the TCP connect was timed above.
    QElapsedTimer clock;
    clock.start();
    socket.startClientEncryption();
    if (socket.waitForEncrypted(timeoutMs)) {
        const double ms = elapsedMs(clock);
        const QStringList names = socket.peerCertificate().subjectInfo(QSslCertificate::CommonName);
        const QString detail = QStringLiteral("%1, %2").arg(formatMs(ms), protocolName(socket.sessionProtocol()))
            + (names.isEmpty() ? QString() : QStringLiteral(", certificate for %1").arg(names.join(u", ")));
        socket.abort();
        if (!target.verifyTls)
            return finish(c, Result::Warn, detail + QStringLiteral(" — the certificate was not checked (--insecure)"),
                QStringLiteral("anyone between this machine and the server could read the API key and the answers; "
                               "drop --insecure once the server's certificate is trusted"),
                ms);
        return finish(c, Result::Pass, detail, {}, ms);
    }
    const QList<QSslError> errors = socket.sslHandshakeErrors();
    if (!errors.isEmpty()) {
        QStringList texts;
        for (const QSslError& e : errors)
            texts << e.errorString();
        return finish(c, Result::Fail,
            QStringLiteral("the certificate of %1 is not accepted: %2").arg(where, texts.join(QStringLiteral("; "))),
            QStringLiteral("make this machine trust the server's certificate (add its CA to the system store) or fix "
                           "the name in it; only on a network you trust, --insecure skips the check (and the report "
                           "says so)"));
    }
    if (socket.error() == QAbstractSocket::SocketTimeoutError)
        return finish(c, Result::Fail,
            QStringLiteral("no TLS answer from %1 within %2").arg(where, formatMs(timeoutMs)),
            QStringLiteral("if the server speaks plain HTTP (vLLM does unless started with --ssl-keyfile), use "
                           "http://"));
    return finish(c, Result::Fail,
        QStringLiteral("the TLS handshake with %1 failed: %2").arg(where, socket.errorString()),
        QStringLiteral("if the server speaks plain HTTP (vLLM does unless started with --ssl-keyfile), use http://"));
}

const QString loadingHint = QStringLiteral(
    "if vLLM runs in a container it may still be loading the model: wait until its log says 'Application startup "
    "complete.'");

DoctorCheck healthCheck(Http& http, bool* answered)
{
    DoctorCheck c = begin("health");
    const HttpAnswer a = http.get(QStringLiteral("/health"));
    *answered = a.answered();
    if (!a.answered())
        return finish(c, Result::Fail, a.failure, loadingHint, a.ms);
    if (a.ok())
        return finish(c, Result::Pass, QStringLiteral("HTTP %1 in %2").arg(a.status).arg(formatMs(a.ms)), {}, a.ms);
    if (a.status == 404)
        return finish(c, Result::Warn, QStringLiteral("HTTP 404: no /health here"),
            QStringLiteral("vLLM always serves /health; if a proxy sits in front, let it through so that runs can "
                           "tell a dead engine from a slow one"),
            a.ms);
    if (a.status == 503)
        return finish(c, Result::Fail, statusLine(a) + QStringLiteral(" — the engine is not healthy"),
            QStringLiteral("vLLM answers 503 when its engine has died: read the server's log and restart it"), a.ms);
    return finish(c, Result::Fail, statusLine(a), QStringLiteral("read the server's log: it is not healthy"), a.ms);
}

DoctorCheck versionCheck(Http& http, DoctorReport* report)
{
    DoctorCheck c = begin("version");
    const HttpAnswer a = http.get(QStringLiteral("/version"));
    report->serverHeader = a.header("Server");
    if (a.ok()) {
        report->versionBody = a.body;
        const QJsonObject o = a.json();
        const QString version = o.value(u"version").toString();
        if (!version.isEmpty()) {
            QString detail = QStringLiteral("vLLM %1").arg(version);
            const QJsonObject sim = o.value(u"kneepoint_sim").toObject();
            if (!sim.isEmpty())
                detail += QStringLiteral(" (the Kneepoint simulator, %1 on %2, speed %3x)")
                              .arg(sim.value(u"model").toString(), sim.value(u"gpu").toString(),
                                  QString::number(sim.value(u"speed").toDouble()));
            return finish(c, Result::Pass, detail, {}, a.ms);
        }
    }
    // Not vLLM's /version: llama.cpp says what it is at /props (its build and slots).
    const HttpAnswer props = http.get(QStringLiteral("/props"));
    if (props.ok()) {
        const QJsonObject o = props.json();
        if (o.contains(u"total_slots") || o.contains(u"build_info")) {
            report->propsBody = props.body;
            QString detail = QStringLiteral("llama.cpp");
            if (const QString build = o.value(u"build_info").toString(); !build.isEmpty())
                detail += QStringLiteral(" %1").arg(build);
            if (const QJsonValue slotCount = o.value(u"total_slots"); slotCount.isDouble())
                detail += QStringLiteral(", %1 slots").arg(slotCount.toInt());
            return finish(c, Result::Pass, detail, {}, a.ms + props.ms);
        }
    }
    const QString unknownFix = QStringLiteral("the server's family is then told from /v1/models and /metrics; "
                                              "advice that depends on its version is given without one");
    if (!a.answered())
        return finish(c, Result::Warn, a.failure, unknownFix, a.ms);
    if (!a.ok())
        return finish(c, Result::Warn, statusLine(a) + QStringLiteral(" — no vLLM /version, no llama.cpp /props"),
            unknownFix, a.ms);
    return finish(c, Result::Warn, QStringLiteral("the answer is not vLLM's {\"version\": …}"), unknownFix, a.ms);
}

DoctorCheck modelsCheck(Http& http, const LoadTarget& target, QByteArray* body, QString* modelId)
{
    DoctorCheck c = begin("models");
    const HttpAnswer a = http.get(QStringLiteral("/v1/models"));
    if (!a.answered())
        return finish(c, Result::Fail, a.failure, loadingHint, a.ms);
    if (a.status == 401 || a.status == 403) {
        if (target.apiKey.isEmpty())
            return finish(c, Result::Fail, statusLine(a) + QStringLiteral(" — the server wants an API key"),
                QStringLiteral("set KNEEPOINT_API_KEY (or --api-key-file) to the server's key"), a.ms);
        return finish(c, Result::Fail, statusLine(a) + QStringLiteral(" — the server refused the API key"),
            QStringLiteral("set KNEEPOINT_API_KEY (or --api-key-file) to the key the server was started with "
                           "(its --api-key or VLLM_API_KEY)"),
            a.ms);
    }
    if (!a.ok())
        return finish(c, Result::Fail, statusLine(a),
            QStringLiteral("the server must serve the OpenAI-compatible API at /v1; is this vLLM's API server?"), a.ms);
    *body = a.body;
    const QJsonArray cards = a.json().value(u"data").toArray();
    if (cards.isEmpty())
        return finish(c, Result::Fail, QStringLiteral("the answer lists no model"),
            QStringLiteral("start the server with a model (vllm serve MODEL)"), a.ms);
    // LoRA adapters are listed beside their base model with a parent; benchmark the base model.
    QJsonObject chosen = cards.first().toObject();
    for (const auto& v : cards) {
        if (v.toObject().value(u"parent").isNull()) {
            chosen = v.toObject();
            break;
        }
    }
    *modelId = chosen.value(u"id").toString();
    if (modelId->isEmpty())
        return finish(c, Result::Fail, QStringLiteral("the model list has no model id"),
            QStringLiteral("is this an OpenAI-compatible server?"), a.ms);
    QString detail = QStringLiteral("model %1").arg(*modelId);
    const QString root = chosen.value(u"root").toString();
    if (!root.isEmpty() && root != *modelId)
        detail += QStringLiteral(" (root %1)").arg(root);
    const QJsonValue maxLen = chosen.value(u"max_model_len");
    if (maxLen.isDouble())
        detail += QStringLiteral(", max_model_len %1").arg(QLocale::c().toString(qint64(maxLen.toDouble())));
    if (cards.size() > 1)
        detail += QStringLiteral("; %1 more served").arg(cards.size() - 1);
    if (!maxLen.isDouble())
        return finish(c, Result::Warn, detail + QStringLiteral("; no max_model_len"),
            QStringLiteral("without the context length Kneepoint cannot check request shapes against it; vLLM "
                           "reports it, so another server may be answering"),
            a.ms);
    return finish(c, Result::Pass, detail, {}, a.ms);
}

const QString notVisible = QStringLiteral("memory and queue findings will be marked \"not visible\"");

DoctorCheck metricsCheck(Http& http, QByteArray* body)
{
    DoctorCheck c = begin("metrics");
    const HttpAnswer a = http.get(QStringLiteral("/metrics"));
    const QString fix = notVisible
        + QStringLiteral(". vLLM serves /metrics by default, llama.cpp with --metrics, SGLang with --enable-metrics; "
                         "if a proxy sits in front, let /metrics through");
    if (!a.answered())
        return finish(c, Result::Warn, a.failure, fix, a.ms);
    if (!a.ok())
        return finish(c, Result::Warn, statusLine(a), fix, a.ms);
    *body = a.body;
    // The families Kneepoint reads, each with the gauges the knee analysis needs (their names differ, their
    // meanings do not: running, waiting, KV cache use).
    struct Family
    {
        const char* prefix;
        const char* name;
        std::vector<std::vector<const char*>> needed; ///< each entry: one of these names
    };
    static const Family families[] = {
        {"vllm:", "vLLM",
            {{"vllm:num_requests_running"}, {"vllm:num_requests_waiting"},
                {"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"}}},
        {"llamacpp:", "llama.cpp",
            {{"llamacpp:requests_processing"}, {"llamacpp:requests_deferred"}, {"llamacpp:kv_cache_usage_ratio"}}},
        {"sglang:", "SGLang", {{"sglang:num_running_reqs"}, {"sglang:num_queue_reqs"}, {"sglang:token_usage"}}},
        {"tgi_", "TGI", {{"tgi_batch_current_size"}, {"tgi_queue_size"}}},
    };
    for (const Family& family : families) {
        int series = 0;
        for (const QByteArray& line : body->split('\n')) {
            if (line.startsWith(family.prefix))
                ++series;
        }
        if (series == 0)
            continue;
        QStringList missing;
        for (const auto& alternatives : family.needed) {
            if (std::none_of(alternatives.begin(), alternatives.end(), [&](const char* name) {
                    return body->contains(QByteArray(QByteArray(name) + ' '))
                        || body->contains(QByteArray(QByteArray(name) + '{'));
                }))
                missing << QString::fromLatin1(alternatives.front());
        }
        const QString detail = QStringLiteral("%1 %2 samples, %3 KB in %4")
                                   .arg(series)
                                   .arg(QString::fromLatin1(family.prefix),
                                       QString::number(double(a.body.size()) / 1024, 'f', 1), formatMs(a.ms));
        if (!missing.isEmpty())
            return finish(c, Result::Warn,
                detail
                    + QStringLiteral("; this %1 build has no %2").arg(QLatin1String(family.name), missing.join(u", ")),
                QStringLiteral("findings that need those gauges will say they were not visible"), a.ms);
        return finish(c, Result::Pass, detail, {}, a.ms);
    }
    return finish(c, Result::Warn,
        QStringLiteral("HTTP %1, but no vllm:, llamacpp:, sglang: or tgi_ metrics in it").arg(a.status), fix, a.ms);
}

DoctorCheck tokenizeCheck(Http& http, const QString& modelId)
{
    DoctorCheck c = begin("tokenize");
    const QString prompt = QStringLiteral("How many users can this server take?");
    const HttpAnswer a = http.post(QStringLiteral("/tokenize"), tokenize::completionRequest(modelId, prompt));
    // The same words `kneepoint run` says when it builds its prompts (WorkloadBuilder::synthetic).
    const QString fix = QStringLiteral("prompt lengths will be estimated at one token per word, and each request's "
                                       "usage.prompt_tokens taken as its true length");
    if (!a.answered())
        return finish(c, Result::Warn, a.failure, fix, a.ms);
    if (!a.ok())
        return finish(c, Result::Warn, statusLine(a), fix, a.ms);
    const std::optional<int> count = tokenize::count(a.body);
    if (!count)
        return finish(c, Result::Warn, QStringLiteral("the answer carries no token count"), fix, a.ms);
    return finish(c, Result::Pass,
        QStringLiteral("a %1-character prompt is %2 tokens (%3)").arg(prompt.size()).arg(*count).arg(formatMs(a.ms)),
        {}, a.ms);
}

QString completionFix(int status)
{
    if (status == 401 || status == 403)
        return QStringLiteral("set KNEEPOINT_API_KEY (or --api-key-file) to the server's key");
    if (status == 404)
        return QStringLiteral("the server does not serve this model at /v1/completions; check --served-model-name");
    if (status == 429 || status == 503)
        return QStringLiteral("the server is overloaded or rate-limited; try again when it is idle");
    if (status >= 400 && status < 500)
        return QStringLiteral("the server rejects a minimal request; its message says why");
    return QStringLiteral("the server fails even a one-token request: read its log");
}

/// One try of the completion check. `transient` says whether a failure is of the kind a busy or flaky server
/// shows now and then (429, 5xx, no answer, a broken stream) rather than one that will repeat (401, 404, 400).
DoctorCheck completionAttempt(Http& http, const QString& modelId, bool* transient)
{
    *transient = false;
    DoctorCheck c = begin("completion");
    // temperature 0 explicitly: vLLM otherwise takes the model's sampling defaults from generation_config.json.
    QJsonObject request {{QStringLiteral("model"), modelId}, {QStringLiteral("prompt"), QStringLiteral("Hello")},
        {QStringLiteral("max_tokens"), 1}, {QStringLiteral("temperature"), 0}};
    const HttpAnswer plain = http.post(QStringLiteral("/v1/completions"), request);
    const auto flaky = [](const HttpAnswer& a) { return !a.answered() || a.status == 429 || a.status >= 500; };
    if (!plain.ok())
        *transient = flaky(plain);
    if (!plain.answered())
        return finish(c, Result::Fail, plain.failure, completionFix(0), plain.ms);
    if (!plain.ok())
        return finish(c, Result::Fail, statusLine(plain), completionFix(plain.status), plain.ms);
    const QJsonObject answer = plain.json();
    if (answer.value(u"choices").toArray().isEmpty())
        return finish(c, Result::Fail, QStringLiteral("HTTP %1, but the answer has no choices").arg(plain.status),
            QStringLiteral("is this an OpenAI-compatible server?"), plain.ms);
    const int tokens = answer.value(u"usage").toObject().value(u"completion_tokens").toInt(-1);
    QString detail = QStringLiteral("%1 in %2")
                         .arg(tokens < 0 ? QStringLiteral("an answer") : QStringLiteral("%1 token").arg(tokens),
                             formatMs(plain.ms));

    request.insert(QStringLiteral("stream"), true);
    request.insert(QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}});
    const HttpAnswer streamed = http.post(QStringLiteral("/v1/completions"), request);
    const QString streamFix = QStringLiteral("Kneepoint times tokens from a stream; ");
    if (!streamed.ok())
        *transient = flaky(streamed);
    if (!streamed.answered())
        return finish(c, Result::Fail, detail + QStringLiteral("; streamed: %1").arg(streamed.failure),
            streamFix + completionFix(0), plain.ms);
    if (!streamed.ok())
        return finish(c, Result::Fail, detail + QStringLiteral("; streamed: %1").arg(statusLine(streamed)),
            streamFix + completionFix(streamed.status), plain.ms);
    int events = 0;
    bool done = false;
    QString inBandError;
    for (const QByteArray& raw : streamed.body.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (!line.startsWith("data:"))
            continue;
        const QByteArray data = line.mid(5).trimmed();
        if (data == "[DONE]") {
            done = true;
            continue;
        }
        const QJsonObject chunk = QJsonDocument::fromJson(data).object();
        if (chunk.contains(u"error"))
            inBandError = errorMessage(data);
        else if (!chunk.value(u"choices").toArray().isEmpty())
            ++events;
    }
    // An error event or a stream that stops short can be a one-off; a proxy that buffers every stream repeats.
    *transient = true;
    if (!inBandError.isEmpty())
        return finish(c, Result::Fail, detail + QStringLiteral("; the stream carried an error: %1").arg(inBandError),
            completionFix(500), plain.ms);
    if (events == 0 || !done)
        return finish(c, Result::Fail,
            detail
                + QStringLiteral("; the stream %1")
                      .arg(
                          events == 0 ? QStringLiteral("carried no token") : QStringLiteral("did not end with [DONE]")),
            streamFix
                + QStringLiteral("a proxy between here and the server may buffer or cut streams (Content-Type was "
                                 "'%1')")
                      .arg(QString::fromUtf8(streamed.contentType)),
            plain.ms);
    *transient = false;
    detail += QStringLiteral("; streamed: first bytes after %1, [DONE] after %2")
                  .arg(formatMs(streamed.firstByteMs), formatMs(streamed.ms));
    return finish(c, Result::Pass, detail, {}, plain.ms);
}

DoctorCheck completionCheck(Http& http, const QString& modelId)
{
    // A server that fails the odd request can still be benchmarked (each step counts its failures); one that fails
    // three tries in a row, or fails in a way that repeats, cannot.
    constexpr int Tries = 3;
    QStringList earlier;
    for (int attempt = 1;; ++attempt) {
        bool transient = false;
        DoctorCheck c = completionAttempt(http, modelId, &transient);
        if (c.result == Result::Pass && !earlier.isEmpty()) {
            c.result = Result::Warn;
            c.detail
                += QStringLiteral(" — on try %1 of %2; before: %3").arg(attempt).arg(Tries).arg(earlier.join(u"; "));
            c.fix = QStringLiteral("the server fails some requests even when idle; each step of a run counts such "
                                   "failures by kind, so read them in the report");
        }
        if (c.result != Result::Fail || !transient || attempt == Tries) {
            if (c.result == Result::Fail && attempt > 1)
                c.detail += QStringLiteral(" (%1 tries)").arg(attempt);
            return c;
        }
        earlier << c.detail;
    }
}

#ifdef Q_OS_LINUX
double ownCpuSeconds()
{
    rusage usage {};
    if (::getrusage(RUSAGE_SELF, &usage) != 0)
        return 0;
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

QByteArray readProcStat()
{
    QFile file(QStringLiteral("/proc/stat"));
    // /proc files report size 0: read until the end rather than by size.
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}
#endif

} // namespace

QString DoctorCheck::resultName(Result result)
{
    switch (result) {
    case Result::Pass:
        return QStringLiteral("pass");
    case Result::Warn:
        return QStringLiteral("warn");
    case Result::Fail:
        return QStringLiteral("fail");
    case Result::Skipped:
        break;
    }
    return QStringLiteral("skip");
}

bool DoctorReport::canBenchmark() const
{
    return std::none_of(checks.begin(), checks.end(), [](const DoctorCheck& c) { return c.result == Result::Fail; });
}

const DoctorCheck* DoctorReport::find(const QString& id) const
{
    for (const DoctorCheck& c : checks) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

QJsonArray DoctorReport::toJson() const
{
    QJsonArray array;
    for (const DoctorCheck& c : checks) {
        array.append(QJsonObject {
            {QStringLiteral("id"), c.id},
            {QStringLiteral("title"), c.title},
            {QStringLiteral("result"), DoctorCheck::resultName(c.result)},
            {QStringLiteral("detail"), c.detail},
            {QStringLiteral("fix"), c.fix},
            {QStringLiteral("ms"), c.ms >= 0 ? QJsonValue(c.ms) : QJsonValue(QJsonValue::Null)},
        });
    }
    return array;
}

QUrl Doctor::normalizeUrl(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (!trimmed.isEmpty() && !trimmed.contains(QStringLiteral("://")))
        return QUrl(QStringLiteral("http://") + trimmed, QUrl::StrictMode);
    return QUrl(trimmed, QUrl::StrictMode);
}

DoctorReport Doctor::run(
    const LoadTarget& target, int timeoutMs, const Progress& onCheck, const Cancellation* cancellation)
{
    DoctorReport report;
    auto add = [&](DoctorCheck c) {
        report.checks.push_back(std::move(c));
        if (onCheck)
            onCheck(report.checks.back());
    };
    // Looked at between checks; a request under way ends within 50 ms of it (HttpClient).
    const auto stopped = [&] {
        report.cancelled = cancellation && cancellation->isCancelled();
        return report.cancelled;
    };
    // Once a step fails that the later ones stand on, they are skipped with the reason rather than failed again.
    QString stop;
    const QUrl url = target.baseUrl;
    add(urlCheck(url));
    if (report.checks.back().result == Result::Fail)
        stop = QStringLiteral("the URL is not usable");

    QHostAddress address;
    if (stop.isEmpty()) {
        add(tcpCheck(url, timeoutMs, &address));
        if (stopped())
            return report;
        if (report.checks.back().result == Result::Fail)
            stop = QStringLiteral("no TCP connection to the server");
    } else {
        add(skipped("tcp", stop));
    }
    if (stop.isEmpty()) {
        add(tlsCheck(target, address, timeoutMs));
        if (stopped())
            return report;
        if (report.checks.back().result == Result::Fail)
            stop = QStringLiteral("no TLS session with the server");
    } else {
        add(skipped("tls", stop));
    }

    if (!stop.isEmpty()) {
        for (const char* id : {"health", "version", "models", "metrics", "tokenize", "completion"})
            add(skipped(id, stop));
    } else {
        Http http(target, timeoutMs, cancellation);
        bool answered = false;
        add(healthCheck(http, &answered));
        if (stopped())
            return report;
        if (!answered) {
            stop = QStringLiteral("no HTTP answer from /health");
            for (const char* id : {"version", "models", "metrics", "tokenize", "completion"})
                add(skipped(id, stop));
        } else {
            add(versionCheck(http, &report));
            if (stopped())
                return report;
            add(modelsCheck(http, target, &report.modelsBody, &report.modelId));
            if (stopped())
                return report;
            add(metricsCheck(http, &report.metricsBody));
            if (stopped())
                return report;
            add(tokenizeCheck(http, report.modelId));
            if (stopped())
                return report;
            if (report.modelId.isEmpty())
                add(skipped("completion", QStringLiteral("no model id from /v1/models")));
            else
                add(completionCheck(http, report.modelId));
            if (stopped())
                return report;
        }
    }

    add(openFilesCheck());
    add(governorCheck());
    add(cpuBusyCheck());
    return report;
}

DoctorCheck Doctor::openFilesCheck()
{
    DoctorCheck c = begin("open-files");
#ifdef Q_OS_UNIX
    rlimit before {};
    const bool known = ::getrlimit(RLIMIT_NOFILE, &before) == 0;
    const long now = raiseOpenFileLimit();
    if (now < 0)
        return finish(c, Result::Skipped, QStringLiteral("not checked: the limit cannot be read"));
    QString detail = QStringLiteral("%1 open files allowed").arg(QLocale::c().toString(qint64(now)));
    if (known && before.rlim_cur < rlim_t(now))
        detail += QStringLiteral(" (raised from %1)").arg(QLocale::c().toString(qint64(before.rlim_cur)));
    if (now < MinOpenFiles)
        return finish(c, Result::Warn, detail,
            QStringLiteral("every concurrent stream needs a socket, so a sweep stops short near %1 users: raise the "
                           "hard limit (ulimit -Hn, LimitNOFILE= in a systemd unit, or /etc/security/limits.conf) "
                           "to at least %2")
                .arg(now)
                .arg(MinOpenFiles));
    return finish(c, Result::Pass, detail);
#else
    return finish(c, Result::Skipped, QStringLiteral("not checked on this system"));
#endif
}

DoctorCheck Doctor::governorCheck(const QString& cpuDir)
{
    DoctorCheck c = begin("governor");
    static const QRegularExpression cpuName(QStringLiteral("^cpu\\d+$"));
    std::map<QString, int> governors;
    int cpus = 0;
    const QDir dir(cpuDir);
    for (const QString& name : dir.entryList({QStringLiteral("cpu*")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!cpuName.match(name).hasMatch())
            continue;
        QFile file(dir.filePath(name + QStringLiteral("/cpufreq/scaling_governor")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString governor = QString::fromUtf8(file.readAll().trimmed());
        if (governor.isEmpty())
            continue;
        ++governors[governor];
        ++cpus;
    }
    if (cpus == 0)
        return finish(c, Result::Skipped,
            QStringLiteral("not checked: no CPU frequency governor to read (usual in virtual machines and "
                           "containers)"));
    QString detail;
    if (governors.size() == 1) {
        detail = QStringLiteral("%1 on all %2 CPUs").arg(governors.begin()->first).arg(cpus);
    } else {
        QStringList parts;
        for (const auto& [governor, count] : governors)
            parts << QStringLiteral("%1 on %2").arg(governor).arg(count);
        detail = parts.join(QStringLiteral(", ")) + QStringLiteral(" of %1 CPUs").arg(cpus);
    }
    if (governors.contains(QStringLiteral("powersave")))
        return finish(c, Result::Warn, detail,
            QStringLiteral("the powersave governor roughly doubles the time to first token this client measures; "
                           "switch to performance while benchmarking (sudo cpupower frequency-set -g performance)"));
    return finish(c, Result::Pass, detail);
}

std::optional<double> Doctor::busyFraction(
    const QByteArray& procStatBefore, const QByteArray& procStatAfter, double ownTicks)
{
    // The first line sums all CPUs: user nice system idle iowait irq softirq steal (guest time is inside user).
    auto read = [](const QByteArray& stat, double* total, double* idle) {
        const QByteArray first = stat.left(stat.indexOf('\n'));
        const QList<QByteArray> fields = first.simplified().split(' ');
        if (fields.size() < 5 || fields.first() != "cpu")
            return false;
        *total = 0;
        for (qsizetype i = 1; i < fields.size() && i <= 8; ++i) {
            bool ok = false;
            const double v = fields.at(i).toDouble(&ok);
            if (!ok)
                return false;
            *total += v;
        }
        *idle = fields.at(4).toDouble() + (fields.size() > 5 ? fields.at(5).toDouble() : 0);
        return true;
    };
    double totalBefore = 0, idleBefore = 0, totalAfter = 0, idleAfter = 0;
    if (!read(procStatBefore, &totalBefore, &idleBefore) || !read(procStatAfter, &totalAfter, &idleAfter))
        return std::nullopt;
    const double total = totalAfter - totalBefore;
    if (total <= 0)
        return std::nullopt;
    const double busy = total - (idleAfter - idleBefore) - ownTicks;
    return std::clamp(busy / total, 0.0, 1.0);
}

DoctorCheck Doctor::cpuBusyCheck(int sampleMs)
{
    DoctorCheck c = begin("cpu-busy");
#ifdef Q_OS_LINUX
    const QByteArray before = readProcStat();
    const double ownBefore = ownCpuSeconds();
    QThread::msleep(ulong(sampleMs));
    const QByteArray after = readProcStat();
    const double ownTicks = (ownCpuSeconds() - ownBefore) * double(::sysconf(_SC_CLK_TCK));
    const std::optional<double> busy = busyFraction(before, after, ownTicks);
    if (!busy)
        return finish(c, Result::Skipped, QStringLiteral("not checked: /proc/stat cannot be read"));
    const QString detail = QStringLiteral("the machine was %1% busy with other processes over %2 ms (%3 CPUs)")
                               .arg(qRound(*busy * 100))
                               .arg(sampleMs)
                               .arg(QThread::idealThreadCount());
    if (*busy > MaxBusyFraction)
        return finish(c, Result::Warn, detail,
            QStringLiteral("other work competes with the threads that timestamp tokens and can distort client "
                           "timings (time to first token, inter-token times); stop it, or run Kneepoint elsewhere. "
                           "A server on this same machine counts, too"));
    return finish(c, Result::Pass, detail);
#else
    Q_UNUSED(sampleMs)
    return finish(c, Result::Skipped, QStringLiteral("not checked: only measured on Linux"));
#endif
}

} // namespace kp::core
