// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/doctor/endpointchecks.h"

#include "core/common/processlimits.h"
#include "core/load/bufferedstream.h"
#include "core/load/loadengine.h"
#include "core/load/loadplan.h"
#include "core/load/workload.h"
#include "core/net/notastream.h"
#include "core/server/tokenizedialect.h"

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
#include <optional>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace kp::core::doctorchecks {

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
    // A gateway's own page: its refusal, in its words, signed with its name (the page's, else its Server header).
    if (std::optional<NotAStream::GatewayPage> gateway = NotAStream::gatewayPage(a.status, a.contentType, a.body)) {
        if (gateway->product.isEmpty())
            gateway->product = NotAStream::firstLine(a.header("Server"), 60);
        return NotAStream::gatewaySentence(a.status, *gateway);
    }
    const QString message = errorMessage(a.body);
    return QStringLiteral("HTTP %1").arg(a.status) + (message.isEmpty() ? QString() : QStringLiteral(": ") + message);
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

DoctorCheck modelsCheck(
    Http& http, const ServerEndpoint& target, const QByteArray& propsBody, QByteArray* body, QString* modelId)
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
    // A captive portal or a proxy's page answers 200 too: what came, not "no model".
    if (const QByteArray encoding = a.header("Content-Encoding");
        NotAStream::isCompressed(encoding) || !QJsonDocument::fromJson(a.body).isObject())
        return finish(c, Result::Fail, NotAStream::describe(a.status, a.contentType, encoding, a.body),
            NotAStream::advice(NotAStream::kindOf(a.contentType, encoding, a.body)), a.ms);
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
    // llama.cpp: each slot has --ctx-size / --parallel tokens, which /props tells, and the card does not.
    const QJsonObject props = QJsonDocument::fromJson(propsBody).object();
    const QJsonValue slotContext = props.value(u"default_generation_settings").toObject().value(u"n_ctx");
    if (!maxLen.isDouble() && slotContext.isDouble() && slotContext.toInt() > 0)
        return finish(c, Result::Pass,
            detail
                + QStringLiteral("; %1 tokens of context per slot (/props n_ctx)")
                      .arg(QLocale::c().toString(slotContext.toInt())),
            {}, a.ms);
    if (!maxLen.isDouble())
        return finish(c, Result::Warn, detail + QStringLiteral("; no max_model_len"),
            QStringLiteral("without the context length Kneepoint cannot check request shapes against it; vLLM "
                           "reports it (llama.cpp its per-slot n_ctx at /props), so another server may be answering"),
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

/// One streamed request, sent and read by the load engine itself (its default transport, HTTP reader, SSE parser and
/// recorder), so that the doctor passes what a run can measure and fails what a run would fail, in the same words.
/// `error` gets why the engine could not run it at all.
static RequestRecord streamedByTheEngine(
    const ServerEndpoint& target, int timeoutMs, const QJsonObject& request, QString* error)
{
    ServerEndpoint t = target;
    t.waitAtMost(timeoutMs);
    RequestTemplate one;
    one.path = target.rootPath().toUtf8() + "/v1/completions";
    one.body = QJsonDocument(request).toJson(QJsonDocument::Compact);
    one.inputTokens = 1;
    one.outputTokens = request.value(u"max_tokens").toInt(1);
    LoadPlan plan;
    plan.users = 1;
    plan.requestCount = 1;
    plan.threads = 1;
    // A server that refuses the connection is a failure of this check, not a server to wait for.
    plan.serverAwayLimitSeconds = std::max(0.1, timeoutMs / 1000.0);
    LoadEngine::Result result = LoadEngine::run(t, StreamTransport::effectiveKind(StreamTransport::defaultKind(), t),
        plan, std::make_shared<const std::vector<RequestTemplate>>(std::vector {one}));
    if (result.records.empty()) {
        *error = result.error.isEmpty() ? QStringLiteral("the request was not made") : result.error;
        return {};
    }
    return std::move(result.records.front());
}

static QString completionFix(int status)
{
    if (status == 401 || status == 403)
        return QStringLiteral("set KNEEPOINT_API_KEY (or --api-key-file) to the server's key");
    if (status == 404)
        return QStringLiteral("the server does not serve this model at /v1/completions; check --served-model-name");
    if (status == 505 || status == 426)
        return QStringLiteral("the server refuses HTTP/1.1 (HTTP %1): it serves HTTP/2 only, and Kneepoint speaks "
                              "HTTP/1.1; serve HTTP/1.1 beside HTTP/2, or put a proxy in front that speaks it")
            .arg(status);
    if (status == 429 || status == 503)
        return QStringLiteral("the server is overloaded or rate-limited; try again when it is idle");
    if (status >= 400 && status < 500)
        return QStringLiteral("the server rejects a minimal request; its message says why");
    return QStringLiteral("the server fails even a one-token request: read its log");
}

static QString gatewayFix()
{
    return QStringLiteral("a gateway in front of the server refused the request in its own words, above: ask whoever "
                          "runs it to raise its limit for this client while you measure, or point --url at the server "
                          "itself");
}

/// One try of the completion check. `transient` says whether a failure is of the kind a busy or flaky server
/// shows now and then (429, 5xx, no answer, a broken stream) rather than one that will repeat (401, 404, 400).
static DoctorCheck completionAttempt(Http& http, const QString& modelId, bool* transient)
{
    constexpr int kStreamedTokens = 16;
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
        return finish(c, Result::Fail, statusLine(plain),
            NotAStream::gatewayPage(plain.status, plain.contentType, plain.body) ? gatewayFix()
                                                                                 : completionFix(plain.status),
            plain.ms);
    const QJsonObject answer = plain.json();
    if (const QByteArray encoding = plain.header("Content-Encoding");
        NotAStream::isCompressed(encoding) || !QJsonDocument::fromJson(plain.body).isObject()) {
        const NotAStream::Kind kind = NotAStream::kindOf(plain.contentType, encoding, plain.body);
        *transient = kind == NotAStream::Kind::Empty;
        if (kind == NotAStream::Kind::Stream)
            return finish(c, Result::Fail,
                QStringLiteral("HTTP %1 with an event stream where a whole answer was asked for (no \"stream\": "
                               "true), first line \"%2\"")
                    .arg(plain.status)
                    .arg(NotAStream::firstLine(plain.body)),
                QStringLiteral("is this an OpenAI-compatible server? It must answer without a stream when not asked "
                               "for one"),
                plain.ms);
        return finish(c, Result::Fail, NotAStream::describe(plain.status, plain.contentType, encoding, plain.body),
            NotAStream::advice(kind), plain.ms);
    }
    if (answer.value(u"choices").toArray().isEmpty())
        return finish(c, Result::Fail, QStringLiteral("HTTP %1, but the answer has no choices").arg(plain.status),
            QStringLiteral("is this an OpenAI-compatible server?"), plain.ms);
    const int tokens = answer.value(u"usage").toObject().value(u"completion_tokens").toInt(-1);
    QString detail = QStringLiteral("%1 in %2")
                         .arg(tokens < 0 ? QStringLiteral("an answer") : QStringLiteral("%1 token").arg(tokens),
                             formatMs(plain.ms));

    request.insert(QStringLiteral("stream"), true);
    // Enough tokens that their arrival times tell a stream from a buffered one: a proxy that holds the answer sends
    // them all at its end.
    request.insert(QStringLiteral("max_tokens"), kStreamedTokens);
    request.insert(QStringLiteral("stream_options"), QJsonObject {{QStringLiteral("include_usage"), true}});
    const QString streamFix = QStringLiteral("Kneepoint times tokens from a stream; ");
    QString engineError;
    const RequestRecord record = streamedByTheEngine(http.target(), http.timeoutMs(), request, &engineError);
    if (!engineError.isEmpty()) {
        *transient = true;
        return finish(c, Result::Fail, detail + QStringLiteral("; streamed: %1").arg(engineError),
            streamFix + completionFix(0), plain.ms);
    }
    const int status = record.httpStatus;
    if (record.error != ErrorClass::None && (status == 0 || status >= 300)) {
        // No answer, or an error status: as the plain request's, in the engine's words.
        *transient = status == 0 || status == 429 || status >= 500;
        return finish(c, Result::Fail, detail + QStringLiteral("; streamed: %1").arg(record.errorMessage),
            record.error == ErrorClass::GatewayRejected ? gatewayFix() : streamFix + completionFix(status), plain.ms);
    }
    // An error event or a stream that stops short can be a one-off; a proxy that buffers every stream repeats.
    *transient = true;
    if (record.error != ErrorClass::None) {
        QString fix;
        switch (record.error) {
        case ErrorClass::InBandError:
            fix = completionFix(500);
            break;
        case ErrorClass::MalformedEvent:
            *transient = false;
            fix = streamFix
                + QStringLiteral("a run reads every event as JSON and would count each request as failed: the "
                                 "server or a proxy in front sends events that are not JSON");
            break;
        case ErrorClass::HttpError:
            // Not a stream at all: the sentence says what came instead and what that kind usually is.
            *transient = false;
            fix = streamFix
                + QStringLiteral("point --url at the model server's OpenAI-compatible API, past whatever answered "
                                 "instead; curl the URL to see it whole");
            break;
        default:
            fix = streamFix + QStringLiteral("a proxy between here and the server may buffer or cut streams");
            break;
        }
        return finish(
            c, Result::Fail, detail + QStringLiteral("; streamed: %1").arg(record.errorMessage), fix, plain.ms);
    }
    if (record.chunks.empty())
        return finish(c, Result::Fail, detail + QStringLiteral("; the stream carried no token"),
            streamFix + QStringLiteral("a stream of only [DONE] is no answer; read the server's log"), plain.ms);
    // Timed as a run times it: the request ends at [DONE], whatever the server does with the connection after.
    const auto msSinceSent = [&record](std::int64_t ns) { return double(ns - record.sentNs) / 1e6; };
    *transient = false;
    detail += QStringLiteral("; streamed: first bytes after %1, [DONE] after %2")
                  .arg(formatMs(msSinceSent(record.headersNs)), formatMs(msSinceSent(record.endNs)));
    // The first and the last token arriving together: the stream was held and sent whole. A run would time the
    // buffer, so the doctor says so instead of passing a latency it cannot vouch for.
    const double ttftMs = msSinceSent(record.firstTokenNs), e2elMs = msSinceSent(record.endNs);
    // What the further tokens cost beyond the one-token answer is what a stream spreads its chunks over. A server
    // that makes them faster than a read takes sends them together with no proxy in between (llama-server with a
    // tiny model behind nginx: 16 tokens 0.4 ms after a one-token answer of 39.5 ms, all in one read): not judged.
    const double decodeMs = e2elMs - plain.ms;
    if (record.chunks.size() >= 2 && BufferedStream::arrivedWhole(ttftMs, e2elMs)
        && decodeMs < BufferedStream::kMinE2elMs) {
        return finish(c, Result::Pass,
            detail
                + QStringLiteral("; its %1 token chunks came %2 after a one-token answer's time, too fast to tell a "
                                 "stream from a buffer: a run judges that on every request")
                      .arg(record.chunks.size())
                      .arg(formatMs(std::max(0.0, decodeMs))),
            {}, plain.ms);
    }
    if (record.chunks.size() >= 2 && BufferedStream::arrivedWhole(ttftMs, e2elMs)) {
        const double spreadMs = double(record.chunks.back().ns - record.chunks.front().ns) / 1e6;
        return finish(c, Result::Warn,
            detail
                + QStringLiteral("; the stream came buffered: its %1 token chunks arrived within %2 of each other, "
                                 "the first after %3 of the answer's %4 (%5), so a run would time the buffer, not "
                                 "the server")
                      .arg(record.chunks.size())
                      .arg(formatMs(spreadMs), formatMs(ttftMs), formatMs(e2elMs),
                          QStringLiteral("%1%").arg(qRound(100 * ttftMs / e2elMs))),
            QStringLiteral("a proxy or gateway in front holds each stream until it ends: turn buffering off for "
                           "the API (nginx: proxy_buffering off), or point --url at the server itself"),
            plain.ms);
    }
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

} // namespace kp::core::doctorchecks
