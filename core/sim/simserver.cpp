// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simserver.h"

#include "core/common/monotonicclock.h"
#include "core/common/precisetimer.h"
#include "core/common/splitmix.h"
#include "core/common/version.h"
#include "core/sim/httprequest.h"
#include "core/sim/simanswerbook.h"
#include "core/sim/simconnection.h"
#include "core/sim/simtokenizer.h"

#include <QDateTime>
#include <QFile>
#include <QRandomGenerator>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

namespace kp::core {

using Json = nlohmann::ordered_json;

/// The vLLM version whose API the simulator speaks.
static constexpr const char* ServedVllmVersion = "0.31.0";

struct SimServer::ActiveRequest
{
    std::uint64_t id = 0;
    SimConnection* connection = nullptr;
    bool chat = false;
    bool stream = false;
    bool includeUsage = false;
    bool continuousUsage = false;
    int maxTokens = 0;
    int completionTokens = 0;
    int cachedTokens = -1; ///< prompt tokens from the prefix cache, when the server reports them
    FaultInjector::Fault fault = FaultInjector::Fault::None;
    int strikeAfter = 0;
    QByteArray responseId;
    QByteArray created;
    QString modelName; // the name the request asked for: the base's or an adapter's, as vLLM answers with it
    QByteArray model; // the same, JSON-escaped
    QByteArray text; // non-streaming: the whole answer
    QByteArray pendingText; // streaming: the escaped text of a step's earlier tokens, sent with its last (vLLM)
    QByteArray chunkPrefix; // data: {…"choices":[{"index":0,"text":"   (or "delta":{"content":")
    QByteArray thinkingPrefix; // the same with "delta":{"reasoning_content":", for a reasoning model's thinking
    BatchEngine::Request engineRequest; // kept while a stall fault holds the request back
    std::vector<int> answerTokens; // answering mode: the reply's tokens, sent in place of sampled ones
    GroundTruthRecord truth;
};

namespace {

QByteArray jsonEscape(QByteArrayView text)
{
    QByteArray out;
    out.reserve(text.size() + 8);
    for (char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[(c >> 4) & 0xf];
                out += hex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    return out;
}

QByteArray toBytes(const Json& json)
{
    return QByteArray::fromStdString(json.dump());
}

// vLLM's error envelope since v0.10.1.
QByteArray errorBody(const QString& message, const char* type, const char* param, int code)
{
    Json error = {{"message", message.toStdString()}, {"type", type}, {"param", nullptr}, {"code", code}};
    if (param)
        error["param"] = param;
    return toBytes(Json {{"error", error}});
}

void respondError(SimConnection* connection, int status, const QString& message, const char* param = nullptr,
    const QByteArray& extraHeaders = {})
{
    const char* type = "BadRequestError";
    switch (status) {
    case 404:
        type = "NotFoundError";
        break;
    case 429:
        type = "RateLimitError";
        break;
    case 500:
        type = "InternalServerError";
        break;
    case 503:
        type = "ServiceUnavailableError";
        break;
    default:
        break;
    }
    connection->respond(status, "application/json", errorBody(message, type, param, status), extraHeaders);
}

bool requiresApiKey(const QByteArray& path)
{
    return path.startsWith("/v1") || path.startsWith("/v2") || path.startsWith("/inference")
        || path.startsWith("/cohere");
}

// FNV-1a over the prompt's token ids: greedy decoding must give the same text for the same prompt.
std::uint64_t hashTokens(const std::vector<int>& ids)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (int id : ids) {
        h ^= std::uint64_t(std::uint32_t(id));
        h *= 1099511628211ULL;
    }
    return h;
}

// `cached` >= 0: the prompt tokens the prefix cache served, reported as vLLM does with
// --enable-prompt-tokens-details; else the details are null (where `withDetails`) or left out.
QByteArray usageJson(int prompt, int completion, bool withDetails, int cached = -1)
{
    QByteArray u = "{\"prompt_tokens\":" + QByteArray::number(prompt) + ",\"total_tokens\":"
        + QByteArray::number(prompt + completion) + ",\"completion_tokens\":" + QByteArray::number(completion);
    if (cached >= 0)
        u += ",\"prompt_tokens_details\":{\"cached_tokens\":" + QByteArray::number(cached) + '}';
    else if (withDetails)
        u += ",\"prompt_tokens_details\":null";
    u += '}';
    return u;
}

const char* finishName(BatchEngine::Finish finish)
{
    switch (finish) {
    case BatchEngine::Finish::Stop:
        return "stop";
    case BatchEngine::Finish::Length:
        return "length";
    case BatchEngine::Finish::None:
        break;
    }
    return nullptr;
}

// Reads an optional integer field; false (with `error` set) when it is there but not a whole number.
bool optionalInt(const Json& body, const char* key, std::optional<long long>* out, QString* error)
{
    const auto it = body.find(key);
    if (it == body.end() || it->is_null())
        return true;
    if (!it->is_number_integer()) {
        *error = QStringLiteral("'%1' must be an integer.").arg(QLatin1String(key));
        return false;
    }
    *out = it->get<long long>();
    return true;
}

bool optionalBool(const Json& body, const char* key, bool* out, QString* error)
{
    const auto it = body.find(key);
    if (it == body.end() || it->is_null())
        return true;
    if (!it->is_boolean()) {
        *error = QStringLiteral("'%1' must be true or false.").arg(QLatin1String(key));
        return false;
    }
    *out = it->get<bool>();
    return true;
}

QString messageText(const Json& content)
{
    if (content.is_string())
        return QString::fromStdString(content.get<std::string>());
    QString text;
    if (content.is_array()) {
        for (const Json& part : content) {
            if (part.is_object() && part.value("type", "") == "text" && part.contains("text")
                && part["text"].is_string())
                text += QString::fromStdString(part["text"].get<std::string>());
        }
    }
    return text;
}

// Messages of a chat request or a chat /tokenize request; false with `error` set when they are malformed.
bool readMessages(const Json& body, QList<SimTokenizer::ChatMessage>* out, QString* error)
{
    const auto it = body.find("messages");
    if (it == body.end() || !it->is_array() || it->empty()) {
        *error = QStringLiteral("'messages' must be a non-empty list of {role, content} objects.");
        return false;
    }
    for (const Json& m : *it) {
        if (!m.is_object() || !m.contains("role") || !m["role"].is_string()) {
            *error = QStringLiteral("Every message needs a 'role' string.");
            return false;
        }
        out->append({QString::fromStdString(m["role"].get<std::string>()),
            m.contains("content") ? messageText(m["content"]) : QString()});
    }
    return true;
}

} // namespace

SimServer::SimServer(const ResolvedSimConfig& config, QObject* parent)
    : QObject(parent)
    , m_config(config)
    , m_tokenizer(SimTokenizer::builtIn())
    , m_tcpServer(config.options.tlsCertPath.isEmpty() ? new QTcpServer(this) : new QSslServer(this))
    , m_metrics(config.servedModelName)
    , m_faults(config.options.faults)
    , m_stepTimer(new PreciseTimer(this))
    , m_idState(QRandomGenerator::global()->generate64())
    , m_samplingState(config.options.seed.value_or(QRandomGenerator::global()->generate64()))
    , m_modelJson(jsonEscape(config.servedModelName.toUtf8()))
    , m_startedSecs(QDateTime::currentSecsSinceEpoch())
    , m_epochNs(monotonicNowNs())
{
    m_engine = std::make_unique<BatchEngine>(config.engine, config.stepTimeModel(), &m_metrics);
    if (const SimConfig& o = config.options; o.answerAccuracy) {
        QStringList problems;
        const std::optional<QuestionSet> own
            = o.answerSetPath.isEmpty() ? std::nullopt : QuestionSet::load(o.answerSetPath, &problems);
        if (!o.answerSetPath.isEmpty() && !own)
            qWarning("kneepoint sim: %s", qUtf8Printable(problems.join(u"; ")));
        m_answerBook = std::make_unique<SimAnswerBook>(
            own ? *own : QuestionSet::bundled(), *o.answerAccuracy, o.answerSeed, o.answerNoise);
    }
    m_tcpServer->setMaxPendingConnections(4096);
    m_tcpServer->setListenBacklogSize(4096);
    // Not newConnection: over TLS that comes at accept(), before the handshake has made the socket pending.
    connect(m_tcpServer, &QTcpServer::pendingConnectionAvailable, this, &SimServer::acceptConnections);
    connect(m_stepTimer, &PreciseTimer::timeout, this, &SimServer::onStepTimer);
}

SimServer::~SimServer() = default;

bool SimServer::listen(const QHostAddress& address, quint16 port, QString* error)
{
    if (!m_config.options.groundTruthPath.isEmpty() && !m_groundTruth.isOpen()
        && !m_groundTruth.open(m_config.options.groundTruthPath, error))
        return false;
    if (auto* tls = qobject_cast<QSslServer*>(m_tcpServer); tls && !configureTls(tls, error))
        return false;
    if (m_tcpServer->listen(address, port))
        return true;
    if (m_tcpServer->serverError() == QAbstractSocket::AddressInUseError)
        *error = QStringLiteral("Port %1 on %2 is already in use. Stop what is using it, or pick another with "
                                "--port (--port 0 picks a free one).")
                     .arg(port)
                     .arg(address.toString());
    else
        *error = QStringLiteral("Cannot listen on %1:%2: %3")
                     .arg(address.toString())
                     .arg(port)
                     .arg(m_tcpServer->errorString());
    return false;
}

bool SimServer::configureTls(QSslServer* server, QString* error) const
{
    const SimConfig& o = m_config.options;
    if (!QSslSocket::supportsSsl()) {
        *error
            = QStringLiteral("This Qt has no working TLS backend: install OpenSSL 3 (libssl3), or serve plain HTTP.");
        return false;
    }
    const QList<QSslCertificate> chain = QSslCertificate::fromPath(o.tlsCertPath, QSsl::Pem);
    QFile keyFile(o.tlsKeyPath);
    if (chain.isEmpty()) {
        *error = QStringLiteral("No PEM certificate could be read from %1.").arg(o.tlsCertPath);
        return false;
    }
    if (!keyFile.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("Cannot read the key %1: %2").arg(o.tlsKeyPath, keyFile.errorString());
        return false;
    }
    const QByteArray pem = keyFile.readAll();
    QSslKey key(pem, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(pem, QSsl::Ec, QSsl::Pem);
    if (key.isNull()) {
        *error = QStringLiteral("%1 holds no unencrypted PEM RSA or EC private key.").arg(o.tlsKeyPath);
        return false;
    }
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificateChain(chain);
    config.setPrivateKey(key);
    config.setPeerVerifyMode(QSslSocket::VerifyNone); // a server: clients have no certificates
    server->setSslConfiguration(config);
    return true;
}

quint16 SimServer::port() const
{
    return m_tcpServer->serverPort();
}

void SimServer::acceptConnections()
{
    while (QTcpSocket* socket = m_tcpServer->nextPendingConnection())
        new SimConnection(socket, this);
}

void SimServer::connectionClosed(SimConnection* connection)
{
    // The client went away mid-request: like vLLM, abort the request so it stops holding a batch slot and KV blocks.
    const std::uint64_t id = connection->activeRequest();
    if (id == 0)
        return;
    connection->setActiveRequest(0);
    if (auto stalled = m_stalled.find(id); stalled != m_stalled.end()) {
        stalled->second->truth.status = 499;
        stalled->second->truth.endNs = monotonicNowNs();
        m_groundTruth.write(stalled->second->truth);
        m_stalled.erase(stalled);
        return;
    }
    auto it = m_active.find(id);
    if (it == m_active.end())
        return;
    it->second->connection = nullptr;
    it->second->truth.status = 499; // nginx's "client closed request": the log must not call it a success
    m_engine->abort(id);
    endRequest(id, monotonicNowNs());
}

std::int64_t SimServer::simNowNs(std::int64_t realNs) const
{
    return std::int64_t(double(realNs - m_epochNs) * m_config.options.speed);
}

std::int64_t SimServer::realAtSimNs(std::int64_t simNs) const
{
    return m_epochNs + std::int64_t(double(simNs) / m_config.options.speed);
}

QByteArray SimServer::newResponseId(const char* prefix)
{
    // Request ids only have to be unique and look like vLLM's (prefix + 32 hex digits).
    return prefix + QByteArray::number(splitMix64(&m_idState), 16).rightJustified(16, '0')
        + QByteArray::number(splitMix64(&m_idState), 16).rightJustified(16, '0');
}

const QByteArray& SimServer::answerPiece(const ActiveRequest& a)
{
    return escapedPiece(a.answerTokens[std::size_t(std::max(0, a.completionTokens - 1))]);
}

BatchEngine::Finish SimServer::answerFinish(const ActiveRequest& a, const BatchEngine::Token& token)
{
    // A whole answer ends as the model chose to stop, not at the length limit the engine was given for it.
    if (!a.answerTokens.empty() && token.finish != BatchEngine::Finish::None
        && a.completionTokens >= int(a.answerTokens.size()))
        return BatchEngine::Finish::Stop;
    return token.finish;
}

const QByteArray& SimServer::escapedPiece(int tokenId)
{
    static const QByteArray none;
    if (tokenId == SimTokenizer::EndOfText || tokenId < 0)
        return none; // end of text streams as "", as vLLM skips special tokens
    if (std::size_t(tokenId) >= m_pieceCache.size())
        m_pieceCache.resize(std::size_t(tokenId) + 1);
    QByteArray& cached = m_pieceCache[std::size_t(tokenId)];
    if (cached.isNull())
        cached = jsonEscape(m_tokenizer.piece(tokenId));
    return cached;
}

void SimServer::handle(SimConnection* connection, HttpRequest&& request)
{
    const QByteArray& path = request.path;
    const QByteArray& method = request.method;

    if (!m_config.options.apiKeys.isEmpty() && requiresApiKey(path) && method != "OPTIONS") {
        const QByteArray auth = request.header("authorization");
        bool ok = false;
        if (auth.size() > 7 && auth.first(7).toLower() == "bearer ") {
            const QString presented = QString::fromUtf8(auth.sliced(7).trimmed());
            ok = m_config.options.apiKeys.contains(presented);
        }
        if (!ok) {
            connection->respond(401, "application/json", "{\"error\":\"Unauthorized\"}");
            return;
        }
    }

    const bool llamaCpp = m_config.options.dialect == SimConfig::Dialect::LlamaCpp;
    auto expect = [&](const char* wanted) {
        if (method == wanted)
            return true;
        connection->respond(405, "application/json", "{\"detail\":\"Method Not Allowed\"}");
        return false;
    };

    if (path == "/health") {
        if (expect("GET"))
            connection->respond(200, "application/json", QByteArray());
    } else if (path == "/ping") {
        if (method == "GET" || method == "POST")
            connection->respond(200, "application/json", QByteArray());
        else
            expect("GET");
    } else if (path == "/version" && !llamaCpp) {
        if (expect("GET"))
            handleVersion(connection);
    } else if (path == "/props" && llamaCpp) {
        if (expect("GET"))
            handleProps(connection);

    } else if (path == "/reset_prefix_cache" && !llamaCpp && m_config.options.devMode) {
        // vLLM answers 200 either way; a reset that could not free every block says so in its log only.
        if (expect("POST")) {
            m_engine->resetPrefixCache();
            connection->respond(200, "application/json", QByteArray());
        }
    } else if (path == "/lora-adapters" && llamaCpp) {
        if (expect("GET"))
            handleLoraAdapters(connection);
    } else if (path == "/slots" && llamaCpp) {
        if (expect("GET"))
            handleSlots(connection);
    } else if (path.startsWith("/slots/") && llamaCpp) {
        // POST /slots/ID?action=erase: the slot's cached prompt is dropped. The simulator's cache is one pool.
        bool ok = false;
        const int slot = path.sliced(7).toInt(&ok);
        if (!expect("POST"))
            return;
        if (m_config.options.slotSavePath.isEmpty()) {
            connection->respond(501, "application/json",
                "{\"error\":{\"code\":501,\"message\":\"This server does not support slots action. Start it with "
                "`--slot-save-path`\",\"type\":\"not_supported_error\"}}");
            return;
        }
        if (!ok || slot < 0 || slot >= m_config.engine.maxNumSeqs || request.query != "action=erase") {
            connection->respond(400, "application/json",
                "{\"error\":{\"code\":400,\"message\":\"Invalid slot action\",\"type\":\"invalid_request_error\"}}");
            return;
        }
        m_engine->resetPrefixCache();
        connection->respond(
            200, "application/json", QByteArray("{\"id_slot\":") + QByteArray::number(slot) + ",\"n_erased\":0}");
    } else if (path == "/metrics") {
        if (expect("GET"))
            handleMetrics(connection);
    } else if (path == "/dcgm/metrics") {
        if (expect("GET"))
            handleDcgm(connection);
    } else if (path == "/v1/models") {
        if (expect("GET"))
            handleModels(connection);
    } else if (path == "/tokenize") {
        if (expect("POST"))
            handleTokenize(connection, request.body);
    } else if (path == "/detokenize") {
        if (expect("POST"))
            handleDetokenize(connection, request.body);
    } else if (path == "/v1/completions") {
        if (expect("POST"))
            handleGeneration(connection, request, false);
    } else if (path == "/v1/chat/completions") {
        if (expect("POST"))
            handleGeneration(connection, request, true);
    } else {
        connection->respond(404, "application/json", "{\"detail\":\"Not Found\"}");
    }
}

void SimServer::handleSlots(SimConnection* connection)
{
    Json list = Json::array();
    for (int i = 0; i < m_config.engine.maxNumSeqs; ++i)
        list.push_back({{"id", i}, {"n_ctx", m_config.engine.maxModelLen}, {"is_processing", false}});
    connection->respond(200, "application/json", QByteArray::fromStdString(list.dump()));
}

void SimServer::handleVersion(SimConnection* connection)
{
    const SimConfig& o = m_config.options;
    const Json body = {{"version", ServedVllmVersion},
        {"kneepoint_sim",
            {{"version", kneepointVersion().toStdString()}, {"speed", o.speed}, {"gpu", m_config.gpu.id.toStdString()},
                {"model", m_config.model.id.toStdString()},
                // What vLLM keeps to itself, so that a run records the engine it measured and predict and compare
                // read it rather than assume it.
                {"max_num_seqs", m_config.engine.maxNumSeqs},
                {"max_num_batched_tokens", m_config.engine.maxNumBatchedTokens}}}};
    connection->respond(200, "application/json", toBytes(body));
}

void SimServer::handleModels(SimConnection* connection)
{
    const std::string created = std::to_string(m_startedSecs);
    const Json permission = {{"id", "modelperm-" + newResponseId("").toStdString()}, {"object", "model_permission"},
        {"created", m_startedSecs}, {"allow_create_engine", false}, {"allow_sampling", true}, {"allow_logprobs", true},
        {"allow_search_indices", false}, {"allow_view", true}, {"allow_fine_tuning", false}, {"organization", "*"},
        {"group", nullptr}, {"is_blocking", false}};
    const Json card = {{"id", m_config.servedModelName.toStdString()}, {"object", "model"}, {"created", m_startedSecs},
        {"owned_by", m_config.options.dialect == SimConfig::Dialect::LlamaCpp ? "llamacpp" : "vllm"},
        {"root", m_config.model.hfId.toStdString()}, {"parent", nullptr},
        {"max_model_len", m_config.engine.maxModelLen}, {"permission", Json::array({permission})}};
    // vLLM lists each LoRA adapter after the base, its parent the base's served name and its root the adapter's path;
    // llama-server lists its one model (its adapters are at /lora-adapters).
    Json cards = Json::array({card});
    if (m_config.options.dialect != SimConfig::Dialect::LlamaCpp) {
        for (const SimConfig::LoraAdapter& adapter : m_config.options.loraAdapters)
            cards.push_back({{"id", adapter.name.toStdString()}, {"object", "model"}, {"created", m_startedSecs},
                {"owned_by", "vllm"}, {"root", "/adapters/" + adapter.name.toStdString()},
                {"parent", m_config.servedModelName.toStdString()}, {"max_model_len", nullptr},
                {"permission", Json::array({permission})}});
    }
    connection->respond(200, "application/json", toBytes(Json {{"object", "list"}, {"data", cards}}));
}

void SimServer::handleLoraAdapters(SimConnection* connection)
{
    // As llama-server lists what --lora loaded: an id by load order, the file, the scale a request without "lora"
    // runs it at.
    Json list = Json::array();
    int id = 0;
    for (const SimConfig::LoraAdapter& adapter : m_config.options.loraAdapters)
        list.push_back({{"id", id++}, {"path", "/adapters/" + adapter.name.toStdString() + ".gguf"}, {"scale", 0.0}});
    connection->respond(200, "application/json", toBytes(list));
}

int SimServer::adapterOf(const QString& model) const
{
    // llama-server answers any name with its one model.
    if (model == m_config.servedModelName || m_config.options.dialect == SimConfig::Dialect::LlamaCpp)
        return 0;
    const std::vector<SimConfig::LoraAdapter>& adapters = m_config.options.loraAdapters;
    for (std::size_t i = 0; i < adapters.size(); ++i) {
        if (adapters[i].name == model)
            return int(i) + 1;
    }
    return -1;
}

void SimServer::handleProps(SimConnection* connection)
{
    const Json body = {{"total_slots", m_config.engine.maxNumSeqs}, {"build_info", "kneepoint-sim"},
        {"model_path", m_config.servedModelName.toStdString()},
        {"default_generation_settings", {{"n_ctx", m_config.engine.maxModelLen}}}};
    connection->respond(200, "application/json", toBytes(body));
}

void SimServer::handleMetrics(SimConnection* connection)
{
    if (m_config.options.dialect == SimConfig::Dialect::LlamaCpp) {
        // llama-server's names (Debian's b11669 build): slots processing and deferred, token counters.
        QByteArray out;
        const auto line = [&out](const char* type, const char* name, double value) {
            out += QByteArray("# TYPE llamacpp:") + name + ' ' + type + "\nllamacpp:" + name + ' '
                + QByteArray::number(value, 'g', 12) + '\n';
        };
        line("counter", "prompt_tokens_total", double(m_metrics.promptTokens()));
        line("counter", "prompt_tokens_cached_total", double(m_metrics.prefixCacheHits()));
        line("counter", "tokens_predicted_total", double(m_metrics.generationTokens()));
        if (m_config.options.specTokens > 0) {
            line("counter", "spec_decode_num_drafts_total", double(m_metrics.specDrafts()));
            line("counter", "spec_decode_num_draft_tokens_total", double(m_metrics.specDraftTokens()));
            line("counter", "spec_decode_num_accepted_tokens_total", double(m_metrics.specAcceptedTokens()));
        }
        line("gauge", "requests_processing", m_engine->running());
        line("gauge", "requests_deferred", m_engine->waiting());
        connection->respond(200, "text/plain; version=0.0.4", out);
        return;
    }
    SimMetrics::Gauges g;
    g.running = m_engine->running();
    g.waiting = m_engine->waiting();
    g.kvCacheUsage = m_engine->kvCacheUsage();
    g.speed = m_config.options.speed;
    g.lagSeconds = m_lagSeconds;
    g.maxLagSeconds = m_maxLagSeconds;
    g.lateSteps = m_lateSteps;
    SimMetrics::CacheConfig cache;
    cache.blockSize = m_config.engine.blockSize;
    cache.numGpuBlocks = m_config.engine.numGpuBlocks;
    cache.numGpuBlocksOverride = m_config.options.numGpuBlocksOverride
        ? QString::number(*m_config.options.numGpuBlocksOverride)
        : QStringLiteral("None");
    cache.gpuMemoryUtilization = m_config.options.gpuMemoryUtilization;
    cache.cacheDtype = m_config.options.kvCacheDtype;
    cache.enablePrefixCaching = m_config.engine.enablePrefixCaching;
    connection->respond(200, "text/plain; version=0.0.4; charset=utf-8", m_metrics.render(g, cache));
}

double SimServer::powerW() const
{
    // A model, not a measurement: a tenth of the board's rated power idle; busy, from 45% of it with one sequence
    // (decode is memory-bound and leaves most of the SMs waiting) towards 95% as the batch fills, where the
    // matrix units work on every step.
    const double tdp = *m_config.gpu.tdpW;
    const int running = m_engine->running();
    if (running == 0)
        return 0.1 * tdp;
    const double fill = std::min(1.0, double(running) / double(std::max(1, m_config.engine.maxNumSeqs)));
    return tdp * (0.45 + 0.5 * std::sqrt(fill));
}

void SimServer::accrueEnergy(std::int64_t nowNs)
{
    if (!m_config.gpu.tdpW)
        return;
    // The draw is held from one change of the batch to the next, so the counter is exact for the model.
    if (m_lastPowerW >= 0)
        m_energyJ += m_lastPowerW * double(nowNs - m_lastPowerNs) / 1e9;
    m_lastPowerW = powerW();
    m_lastPowerNs = nowNs;
}

void SimServer::handleDcgm(SimConnection* connection)
{
    if (!m_config.gpu.tdpW) {
        connection->respond(404, "text/plain",
            QStringLiteral("The simulated GPU %1 has no rated power in the catalog, so no power is modelled.\n")
                .arg(m_config.gpu.name)
                .toUtf8());
        return;
    }
    accrueEnergy(monotonicNowNs());
    const double power = m_lastPowerW;
    const QByteArray labels
        = "{gpu=\"0\",UUID=\"GPU-kneepoint-sim-0\",modelName=\"" + m_config.gpu.name.toUtf8() + "\"}";
    QByteArray out;
    const auto line = [&out, &labels](const char* type, const char* name, const char* help, double value) {
        out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n' + name + labels + ' '
            + QByteArray::number(value, 'f', 3) + '\n';
    };
    line("gauge", "DCGM_FI_DEV_POWER_USAGE", "Power draw (in W).", power);
    line("counter", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "Total energy consumption since boot (in mJ).",
        std::floor(m_energyJ * 1000));
    line("gauge", "DCGM_FI_DEV_GPU_UTIL", "GPU utilization (in %).", m_engine->running() > 0 ? 100 : 0);
    line("gauge", "DCGM_FI_DEV_FB_USED", "Framebuffer memory used (in MiB).",
        std::round(m_config.gpu.memoryGib * 1024 * m_config.options.gpuMemoryUtilization));
    connection->respond(200, "text/plain; version=0.0.4", out);
}

void SimServer::handleTokenize(SimConnection* connection, const QByteArray& body)
{
    const Json json = Json::parse(body.toStdString(), nullptr, false);
    if (json.is_discarded() || !json.is_object()) {
        respondError(connection, 400, QStringLiteral("The request body is not a JSON object."));
        return;
    }
    QString error;
    if (json.contains("model") && json["model"].is_string()
        && adapterOf(QString::fromStdString(json["model"].get<std::string>())) < 0) {
        respondError(connection, 404,
            QStringLiteral("The model `%1` does not exist.")
                .arg(QString::fromStdString(json["model"].get<std::string>())),
            "model");
        return;
    }
    std::vector<int> ids;
    if (m_config.options.dialect == SimConfig::Dialect::LlamaCpp) {
        // llama.cpp reads `content` only, and answers a body without it with no tokens and 200.
        if (json.contains("content") && json["content"].is_string()) {
            bool addSpecial = false;
            optionalBool(json, "add_special", &addSpecial, &error);
            ids = m_tokenizer.encode(QByteArray::fromStdString(json["content"].get<std::string>()), addSpecial);
        }
        connection->respond(200, "application/json", toBytes(Json {{"tokens", ids}}));
        return;
    }
    if (json.contains("messages")) {
        QList<SimTokenizer::ChatMessage> messages;
        bool addGenerationPrompt = true;
        if (!readMessages(json, &messages, &error)
            || !optionalBool(json, "add_generation_prompt", &addGenerationPrompt, &error)) {
            respondError(connection, 400, error);
            return;
        }
        ids = m_tokenizer.encodeChat(messages, addGenerationPrompt, &error);
        if (!error.isEmpty()) {
            respondError(connection, 400, error);
            return;
        }
    } else if (json.contains("prompt") && json["prompt"].is_string()) {
        bool addSpecial = true;
        if (!optionalBool(json, "add_special_tokens", &addSpecial, &error)) {
            respondError(connection, 400, error);
            return;
        }
        ids = m_tokenizer.encode(QByteArray::fromStdString(json["prompt"].get<std::string>()), addSpecial);
    } else {
        respondError(connection, 400, QStringLiteral("Send either 'prompt' (a string) or 'messages'."));
        return;
    }
    bool returnStrs = false;
    optionalBool(json, "return_token_strs", &returnStrs, &error);
    Json strs = nullptr;
    if (returnStrs) {
        strs = Json::array();
        for (int id : ids)
            strs.push_back(m_tokenizer.piece(id).toStdString());
    }
    const Json response = {
        {"count", ids.size()}, {"max_model_len", m_config.engine.maxModelLen}, {"tokens", ids}, {"token_strs", strs}};
    connection->respond(200, "application/json", toBytes(response));
}

void SimServer::handleDetokenize(SimConnection* connection, const QByteArray& body)
{
    const Json json = Json::parse(body.toStdString(), nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("tokens") || !json["tokens"].is_array()) {
        respondError(connection, 400, QStringLiteral("Send {\"tokens\": [ids…]}."), "tokens");
        return;
    }
    std::vector<int> ids;
    for (const Json& t : json["tokens"]) {
        if (!t.is_number_integer() || !m_tokenizer.isValid(t.get<int>())) {
            respondError(connection, 400,
                QStringLiteral("Token id %1 is out of vocabulary.").arg(QString::fromStdString(t.dump())), "tokens");
            return;
        }
        ids.push_back(t.get<int>());
    }
    connection->respond(200, "application/json", toBytes(Json {{"prompt", m_tokenizer.decode(ids).toStdString()}}));
}

int SimServer::requestAdapter(const Json& json, Refusal* refusal) const
{
    const auto refuse = [refusal](const QString& message) {
        *refusal = {400, message, nullptr};
        return -1;
    };
    int adapter = 0;
    if (json.contains("model") && !json["model"].is_null()) {
        const QString model
            = json["model"].is_string() ? QString::fromStdString(json["model"].get<std::string>()) : QString();
        adapter = adapterOf(model);
        if (adapter < 0) {
            *refusal = {404, QStringLiteral("The model `%1` does not exist.").arg(model), "model"};
            return -1;
        }
    }

    // llama-server's adapters come by the "lora" field, a list of {id, scale}: the first listed at a scale other than
    // 0 is the request's (the simulator runs one adapter at a time). An id it did not load is an error, as there.
    if (m_config.options.dialect == SimConfig::Dialect::LlamaCpp && json.contains("lora")) {
        const Json& lora = json["lora"];
        if (!lora.is_array())
            return refuse(QStringLiteral("Error: 'lora' must be an array of objects with 'id' and 'scale' fields"));
        for (const Json& entry : lora) {
            const int id = entry.is_object() && entry.contains("id") && entry["id"].is_number_integer()
                ? entry["id"].get<int>()
                : -1;
            const double scale = entry.is_object() && entry.contains("scale") && entry["scale"].is_number()
                ? entry["scale"].get<double>()
                : 0.0;
            if (id < 0 || std::size_t(id) >= m_config.options.loraAdapters.size())
                return refuse(QStringLiteral("invalid adapter id"));
            if (scale != 0 && adapter == 0)
                adapter = id + 1;
        }
    }

    return adapter;
}

bool SimServer::readPrompt(
    const Json& json, bool chat, std::vector<int>* ids, std::optional<QString>* answer, Refusal* refusal) const
{
    QString error;
    const auto refuse = [refusal](const QString& message, const char* param) {
        *refusal = {400, message, param};
        return false;
    };
    if (chat) {
        QList<SimTokenizer::ChatMessage> messages;
        if (!readMessages(json, &messages, &error))
            return refuse(error, "messages");
        if (m_answerBook) {
            const auto user = std::find_if(messages.crbegin(), messages.crend(),
                [](const SimTokenizer::ChatMessage& m) { return m.role == u"user"; });
            if (user != messages.crend())
                *answer = m_answerBook->reply(user->content);
        }
        *ids = m_tokenizer.encodeChat(messages, true, &error);
        if (!error.isEmpty())
            return refuse(error, "messages");
    } else {
        const auto it = json.find("prompt");
        if (it == json.end())
            return refuse(QStringLiteral("'prompt' is required."), "prompt");
        const Json* prompt = &*it;
        if (prompt->is_array() && prompt->size() == 1 && (*prompt)[0].is_string())
            prompt = &(*prompt)[0];
        if (prompt->is_string()) {
            bool addSpecial = true;
            if (!optionalBool(json, "add_special_tokens", &addSpecial, &error))
                return refuse(error, "add_special_tokens");
            *ids = m_tokenizer.encode(QByteArray::fromStdString(prompt->get<std::string>()), addSpecial);
            if (m_answerBook)
                *answer = m_answerBook->reply(QString::fromStdString(prompt->get<std::string>()));
        } else if (prompt->is_array() && !prompt->empty() && (*prompt)[0].is_number_integer()) {
            for (const Json& t : *prompt) {
                if (!t.is_number_integer() || !m_tokenizer.isValid(t.get<int>()))
                    return refuse(QStringLiteral("'prompt' holds a token id out of vocabulary."), "prompt");
                ids->push_back(t.get<int>());
            }
        } else {
            return refuse(QStringLiteral("'prompt' must be a string or a list of token ids; the simulator serves one "
                                         "prompt per request."),
                "prompt");
        }
    }
    return true;
}

bool SimServer::readSampling(const Json& json, bool chat, Sampling* out, Refusal* refusal)
{
    const auto refuse = [refusal](const QString& message, const char* param) {
        *refusal = {400, message, param};
        return false;
    };
    std::optional<long long> n;
    QString error;
    if (chat && !optionalInt(json, "max_completion_tokens", &out->maxTokens, &error))
        return refuse(error, "max_completion_tokens");
    if (!out->maxTokens && !optionalInt(json, "max_tokens", &out->maxTokens, &error))
        return refuse(error, "max_tokens");
    if (!optionalInt(json, "min_tokens", &out->minTokens, &error))
        return refuse(error, "min_tokens");
    if (!optionalInt(json, "seed", &out->seed, &error))
        return refuse(error, "seed");
    if (!optionalInt(json, "n", &n, &error))
        return refuse(error, "n");
    if (!optionalBool(json, "stream", &out->stream, &error))
        return refuse(error, "stream");
    if (!optionalBool(json, "ignore_eos", &out->ignoreEos, &error))
        return refuse(error, "ignore_eos");
    if (n && *n != 1)
        return refuse(QStringLiteral("The simulator serves n = 1 only."), "n");
    if (out->maxTokens && *out->maxTokens < 1)
        return refuse(QStringLiteral("max_tokens must be at least 1, got %1.").arg(*out->maxTokens), "max_tokens");
    if (out->minTokens && *out->minTokens < 0)
        return refuse(QStringLiteral("min_tokens must be greater than or equal to 0, got %1.").arg(*out->minTokens),
            "min_tokens");
    if (out->minTokens && out->maxTokens && *out->minTokens > *out->maxTokens)
        return refuse(QStringLiteral("min_tokens must be less than or equal to max_tokens=%1, got %2.")
                          .arg(*out->maxTokens)
                          .arg(*out->minTokens),
            "min_tokens");
    if (json.contains("temperature") && !json["temperature"].is_null()) {
        if (!json["temperature"].is_number() || json["temperature"].get<double>() < 0)
            return refuse(QStringLiteral("temperature must be a number of at least 0."), "temperature");
        out->temperature = json["temperature"].get<double>();
    }
    return true;
}

void SimServer::handleGeneration(SimConnection* connection, const HttpRequest& request, bool chat)
{
    const std::int64_t arrivalNs = monotonicNowNs();
    const Json json = Json::parse(request.body.toStdString(), nullptr, false);
    if (json.is_discarded() || !json.is_object()) {
        respondError(connection, 400, QStringLiteral("The request body is not valid JSON."));
        return;
    }
    QString error;
    auto bad
        = [&](const QString& message, const char* param = nullptr) { respondError(connection, 400, message, param); };

    Refusal refusal;
    const int adapter = requestAdapter(json, &refusal);
    std::vector<int> promptIds;
    std::optional<QString> answer;
    if (adapter < 0 || !readPrompt(json, chat, &promptIds, &answer, &refusal))
        return respondError(connection, refusal.status, refusal.message, refusal.param);
    const int promptTokens = int(promptIds.size());
    const int maxModelLen = m_config.engine.maxModelLen;
    if (promptTokens >= maxModelLen) {
        return bad(QStringLiteral("Input length (%1) exceeds model's maximum context length (%2).")
                       .arg(promptTokens)
                       .arg(maxModelLen),
            chat ? "messages" : "prompt");
    }

    Sampling sampling;
    if (!readSampling(json, chat, &sampling, &refusal))
        return respondError(connection, refusal.status, refusal.message, refusal.param);
    const auto& [maxTokens, minTokens, seed, stream, ignoreEos, temperature] = sampling;

    auto active = std::make_unique<ActiveRequest>();
    active->chat = chat;
    active->stream = stream;
    // vLLM answers with the adapter's name; llama-server with its model's, whatever the adapter.
    const bool namedAdapter = adapter > 0 && m_config.options.dialect != SimConfig::Dialect::LlamaCpp;
    active->modelName
        = namedAdapter ? m_config.options.loraAdapters[std::size_t(adapter - 1)].name : m_config.servedModelName;
    active->model = namedAdapter ? jsonEscape(active->modelName.toUtf8()) : m_modelJson;
    if (json.contains("stream_options") && !json["stream_options"].is_null()) {
        if (!stream)
            return bad(QStringLiteral("Stream options can only be defined when `stream=True`."), "stream_options");
        const Json& options = json["stream_options"];
        if (!options.is_object())
            return bad(QStringLiteral("'stream_options' must be an object."), "stream_options");
        bool includeUsage = true; // StreamOptions.include_usage defaults to True in vLLM
        bool continuous = false;
        if (!optionalBool(options, "include_usage", &includeUsage, &error)
            || !optionalBool(options, "continuous_usage_stats", &continuous, &error))
            return bad(error, "stream_options");
        active->includeUsage = includeUsage;
        active->continuousUsage = includeUsage && continuous;
    }

    // Completions default to 16 tokens; chat to whatever room the context leaves; both are clamped to that room.
    const int room = maxModelLen - promptTokens;
    const int wanted = maxTokens ? int(std::min<long long>(*maxTokens, room)) : (chat ? room : std::min(16, room));
    active->maxTokens = wanted;
    active->id = m_nextRequestId++;
    active->responseId = newResponseId(chat ? "chatcmpl-" : "cmpl-");
    active->created = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    active->truth.requestId = active->responseId;
    active->truth.path = request.path;
    active->truth.stream = stream;
    active->truth.promptTokens = promptTokens;
    active->truth.arrivalNs = arrivalNs;
    active->fault = m_faults.draw();
    active->truth.fault = FaultInjector::name(active->fault);
    active->strikeAfter = m_faults.strikeAfter(wanted);

    BatchEngine::Request engineRequest;
    engineRequest.id = active->id;
    engineRequest.promptTokens = promptTokens;
    engineRequest.maxTokens = wanted;
    engineRequest.minTokens = int(std::min<long long>(minTokens.value_or(0), wanted));
    engineRequest.ignoreEos = ignoreEos;
    engineRequest.adapter = adapter;
    if (m_config.engine.enablePrefixCaching) {
        engineRequest.blockHashes = BatchEngine::blockHashesOf(promptIds, m_config.engine.blockSize);
        // As vLLM's block hashes carry the LoRA id: an adapter's KV differs from the base's for the same tokens.
        for (std::uint64_t& h : engineRequest.blockHashes)
            h ^= std::uint64_t(adapter) * 0x9e3779b97f4a7c15ULL;
    }
    if (temperature && *temperature < 1e-5)
        engineRequest.samplerSeed = hashTokens(promptIds); // greedy: a function of the prompt alone
    else if (seed)
        engineRequest.samplerSeed = hashTokens(promptIds) ^ (std::uint64_t(*seed) * 0x9e3779b97f4a7c15ULL);
    else
        engineRequest.samplerSeed = splitMix64(&m_samplingState);
    if (answer) {
        // The engine still paces the reply, one token per step, but its tokens are the answer's.
        active->answerTokens = m_tokenizer.encode(answer->toUtf8(), false);
        engineRequest.maxTokens = std::clamp(int(active->answerTokens.size()), 1, wanted);
        engineRequest.minTokens = 0;
        engineRequest.ignoreEos = true;
    }

    using Fault = FaultInjector::Fault;
    // A request refused with an error status never reaches the engine; the ground truth still counts it.
    const auto refused = [this, &active](int status) {
        active->truth.status = status;
        active->truth.endNs = monotonicNowNs();
        m_groundTruth.write(active->truth);
    };
    switch (active->fault) {
    case Fault::Http500:
        refused(500);
        respondError(connection, 500, QStringLiteral("Simulated internal server error (--fault-500)."));
        return;
    case Fault::Http503:
        refused(503);
        respondError(connection, 503, QStringLiteral("Simulated overload: the server is not ready (--fault-503)."));
        return;
    case Fault::Http429:
        refused(429);
        respondError(connection, 429, QStringLiteral("Simulated rate limit: too many requests (--fault-429)."), nullptr,
            "retry-after: 1\r\n");
        return;
    case Fault::Stall: {
        // Nothing at all for a while, then the normal answer: a client's first-byte timeout should fire first.
        const std::uint64_t id = active->id;
        active->connection = connection;
        active->engineRequest = engineRequest;
        connection->setActiveRequest(id);
        m_stalled.emplace(id, std::move(active));
        QTimer::singleShot(m_config.options.faults.stallMs, this, [this, id] {
            auto it = m_stalled.find(id);
            if (it == m_stalled.end())
                return; // the client left during the stall
            std::unique_ptr<ActiveRequest> stalled = std::move(it->second);
            m_stalled.erase(it);
            SimConnection* c = stalled->connection;
            const BatchEngine::Request r = stalled->engineRequest;
            startGeneration(c, std::move(stalled), r);
        });
        return;
    }
    default:
        break;
    }
    startGeneration(connection, std::move(active), engineRequest);
}

void SimServer::startGeneration(
    SimConnection* connection, std::unique_ptr<ActiveRequest> active, const BatchEngine::Request& engineRequest)
{
    active->connection = connection;
    if (!connection->isOpen())
        return;
    ActiveRequest& a = *active;
    if (a.stream) {
        a.chunkPrefix = "data: {\"id\":\"" + a.responseId + "\",\"object\":\""
            + (a.chat ? "chat.completion.chunk" : "text_completion") + "\",\"created\":" + a.created + ",\"model\":\""
            + a.model + "\",\"choices\":[{\"index\":0," + (a.chat ? "\"delta\":{\"content\":\"" : "\"text\":\"");
        if (a.chat && m_config.options.reasoningTokens > 0)
            a.thinkingPrefix = a.chunkPrefix.chopped(int(std::strlen("content\":\""))) + "reasoning_content\":\"";
        connection->beginEventStream(
            a.fault == FaultInjector::Fault::SlowHeaders ? m_config.options.faults.slowHeadersMs : 0);
    }
    connection->setActiveRequest(a.id);
    BatchEngine::Request r = engineRequest;
    const std::int64_t now = monotonicNowNs();
    // A request that arrives while a step runs joins the next step, which starts when this one ends.
    r.arrivalNs
        = m_engine->stepInFlight() ? std::min(simNowNs(now), m_stepEndSimNs) : std::max(simNowNs(now), m_simClockNs);
    m_engine->add(r);
    m_active.emplace(a.id, std::move(active));
    kickEngine();
}

void SimServer::kickEngine()
{
    if (m_engine->stepInFlight())
        return;
    startStep(std::max(simNowNs(monotonicNowNs()), m_simClockNs));
}

void SimServer::startStep(std::int64_t simStartNs)
{
    const auto duration = m_engine->beginStep(simStartNs);
    accrueEnergy(monotonicNowNs());
    if (!duration) {
        m_simClockNs = simStartNs;
        m_lagSeconds = 0; // idle: nothing is behind
        return;
    }
    m_stepEndSimNs = simStartNs + *duration;
    m_stepDeadlineNs = realAtSimNs(m_stepEndSimNs);
    m_stepTimer->startAt(m_stepDeadlineNs);
}

void SimServer::onStepTimer()
{
    const std::int64_t now = monotonicNowNs();
    const std::int64_t lagNs = std::max<std::int64_t>(0, now - m_stepDeadlineNs);
    m_lagSeconds = double(lagNs) / 1e9;
    m_maxLagSeconds = std::max(m_maxLagSeconds, m_lagSeconds);
    if (lagNs > 1'000'000)
        ++m_lateSteps;
    if (lagNs > 5'000'000 && now - m_lastLagWarningNs > 10'000'000'000LL) {
        m_lastLagWarningNs = now;
        qWarning("kneepoint sim: the engine loop is %.1f ms behind its simulated clock at --speed %g; figures "
                 "measured now are distorted (see kneepoint:sim_lag_seconds). Lower --speed or the load.",
            double(lagNs) / 1e6, m_config.options.speed);
    }
    const BatchEngine::StepResult result = m_engine->completeStep();
    m_simClockNs = result.endNs;
    for (std::size_t i = 0; i < result.tokens.size(); ++i)
        deliver(result.tokens[i],
            i + 1 < result.tokens.size() && result.tokens[i + 1].requestId == result.tokens[i].requestId);
    startStep(m_simClockNs);
}

void SimServer::deliver(const BatchEngine::Token& token, bool more)
{
    auto it = m_active.find(token.requestId);
    if (it == m_active.end())
        return;
    ActiveRequest& a = *it->second;
    a.completionTokens = token.outputTokens;
    a.truth.completionTokens = token.outputTokens;
    if (m_config.options.enablePromptTokensDetails)
        a.cachedTokens = token.cachedTokens;
    if (!a.connection) {
        m_engine->abort(a.id);
        m_active.erase(it);
        return;
    }
    if (a.stream)
        streamToken(a, token, more);
    else
        completeNonStreaming(a, token);
}

void SimServer::streamToken(ActiveRequest& a, const BatchEngine::Token& token, bool more)
{
    using Fault = FaultInjector::Fault;
    const bool last = token.finish != BatchEngine::Finish::None;
    const bool strike = a.completionTokens >= a.strikeAfter || last;
    SimConnection* connection = a.connection;

    if (a.fault == Fault::CutStream && strike) {
        // Gone without a terminating chunk or [DONE]: the client must see a stream cut in half.
        const std::uint64_t id = a.id;
        a.truth.status = 0;
        m_engine->abort(id);
        connection->setActiveRequest(0);
        endRequest(id, monotonicNowNs());
        connection->cut();
        return;
    }
    QByteArray& out = m_outScratch;
    out.resize(0);
    if (a.fault == Fault::InBandError && strike) {
        // HTTP said 200 long ago; a failure now can only travel in the stream, as vLLM sends it.
        const QByteArray event = "data: "
            + errorBody(QStringLiteral("Simulated engine failure mid-stream (--fault-inband-error)."),
                "InternalServerError", nullptr, 500)
            + "\n\n";
        SimConnection::appendChunk(&out, event);
        SimConnection::appendChunk(&out, "data: [DONE]\n\n");
        out += "0\r\n\r\n";
        connection->writeFramed(out);
        a.truth.status = 500;
        const std::uint64_t id = a.id;
        m_engine->abort(id);
        connection->setActiveRequest(0);
        endRequest(id, monotonicNowNs());
        connection->endEventStream();
        return;
    }

    const QByteArray& text = a.answerTokens.empty() ? escapedPiece(token.tokenId) : answerPiece(a);
    // vLLM sends the tokens one step made for a request (several, decoding speculatively) as one chunk;
    // llama-server sends each as its own, back to back.
    if (more && !last && m_config.options.dialect != SimConfig::Dialect::LlamaCpp) {
        a.pendingText += text;
        return;
    }

    const bool first = a.truth.firstTokenNs < 0;
    const QByteArray& model = a.model;
    if (first && a.chat) {
        QByteArray role = "data: {\"id\":\"" + a.responseId
            + "\",\"object\":\"chat.completion.chunk\",\"created\":" + a.created + ",\"model\":\"" + model
            + "\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
              "\"finish_reason\":null}]";
        if (a.continuousUsage)
            role += ",\"usage\":" + usageJson(a.truth.promptTokens, 0, false);
        role += "}\n\n";
        SimConnection::appendChunk(&out, role);
    }
    // The hot path: one event per token per stream, built in a reused buffer.
    QByteArray& event = m_eventScratch;
    event.resize(0);
    // A reasoning model thinks first: its first tokens, all but the last when the answer is shorter, are thinking.
    const bool thinking
        = !a.thinkingPrefix.isEmpty() && !last && a.completionTokens <= m_config.options.reasoningTokens;
    event += thinking ? a.thinkingPrefix : a.chunkPrefix;
    event += a.pendingText;
    event += text;
    a.pendingText.resize(0);
    if (a.fault == Fault::MalformedSse && a.completionTokens == a.strikeAfter && !last) {
        event += "\",\"logprobs\":nul\n\n"; // cut off mid-object: not JSON
    } else {
        event += a.chat ? "\"},\"logprobs\":null,\"finish_reason\":" : "\",\"logprobs\":null,\"finish_reason\":";
        if (const char* finish = finishName(answerFinish(a, token))) {
            event += '"';
            event += finish;
            event += '"';
        } else {
            event += "null";
        }
        if (!a.chat || last)
            event += ",\"stop_reason\":null";
        event += "}]";
        if (a.continuousUsage) {
            event += ",\"usage\":";
            event += usageJson(a.truth.promptTokens, a.completionTokens, !a.chat, a.cachedTokens);
        } else if (!a.chat) {
            event += ",\"usage\":null"; // completions dump every field, chat only those that were set
        }
        event += "}\n\n";
    }
    SimConnection::appendChunk(&out, event);
    if (last) {
        if (a.includeUsage) {
            const QByteArray usage = "data: {\"id\":\"" + a.responseId + "\",\"object\":\""
                + (a.chat ? "chat.completion.chunk" : "text_completion") + "\",\"created\":" + a.created
                + ",\"model\":\"" + model + "\",\"choices\":[],\"usage\":"
                + usageJson(a.truth.promptTokens, a.completionTokens, false, a.cachedTokens) + "}\n\n";
            SimConnection::appendChunk(&out, usage);
        }
        SimConnection::appendChunk(&out, "data: [DONE]\n\n");
        out += "0\r\n\r\n";
    }
    const std::int64_t written = connection->writeFramed(out);
    if (first)
        a.truth.firstTokenNs = written;
    a.truth.chunkNs.push_back(written);
    if (last) {
        const std::uint64_t id = a.id;
        connection->setActiveRequest(0);
        endRequest(id, written);
        connection->endEventStream();
    }
}

void SimServer::completeNonStreaming(ActiveRequest& a, const BatchEngine::Token& token)
{
    using Fault = FaultInjector::Fault;
    if (!a.answerTokens.empty())
        a.text += m_tokenizer.piece(a.answerTokens[std::size_t(std::max(0, a.completionTokens - 1))]);
    else if (token.tokenId != SimTokenizer::EndOfText)
        a.text += m_tokenizer.piece(token.tokenId);
    const bool last = token.finish != BatchEngine::Finish::None;
    const bool strike = a.completionTokens >= a.strikeAfter || last;
    SimConnection* connection = a.connection;
    const std::uint64_t id = a.id;
    if (a.fault == Fault::CutStream && strike) {
        a.truth.status = 0;
        m_engine->abort(id);
        connection->setActiveRequest(0);
        endRequest(id, monotonicNowNs());
        connection->cut();
        return;
    }
    if (a.fault == Fault::InBandError && strike) {
        a.truth.status = 500;
        m_engine->abort(id);
        connection->setActiveRequest(0);
        endRequest(id, monotonicNowNs());
        respondError(connection, 500, QStringLiteral("Simulated engine failure (--fault-inband-error)."));
        return;
    }
    if (!last)
        return;

    const std::string text = a.text.toStdString();
    const Json usage = {{"prompt_tokens", a.truth.promptTokens},
        {"total_tokens", a.truth.promptTokens + a.completionTokens}, {"completion_tokens", a.completionTokens},
        {"prompt_tokens_details", a.cachedTokens >= 0 ? Json {{"cached_tokens", a.cachedTokens}} : Json()}};
    Json choice;
    if (a.chat) {
        choice = {{"index", 0},
            {"message",
                {{"role", "assistant"}, {"content", text}, {"refusal", nullptr}, {"tool_calls", Json::array()}}},
            {"logprobs", nullptr}, {"finish_reason", finishName(answerFinish(a, token))}, {"stop_reason", nullptr}};
    } else {
        choice = {{"index", 0}, {"text", text}, {"logprobs", nullptr},
            {"finish_reason", finishName(answerFinish(a, token))}, {"stop_reason", nullptr},
            {"prompt_logprobs", nullptr}};
    }
    const Json body = {{"id", a.responseId.toStdString()}, {"object", a.chat ? "chat.completion" : "text_completion"},
        {"created", a.created.toLongLong()}, {"model", a.modelName.toStdString()}, {"choices", Json::array({choice})},
        {"usage", usage}};
    QByteArray bytes = toBytes(body);
    if (a.fault == Fault::MalformedSse)
        bytes.chop(bytes.size() / 2); // a body cut in half: not JSON
    connection->setActiveRequest(0);
    endRequest(id, monotonicNowNs());
    connection->respond(200, "application/json", bytes);
}

void SimServer::endRequest(std::uint64_t id, std::int64_t endNs)
{
    auto it = m_active.find(id);
    if (it == m_active.end())
        return;
    it->second->truth.endNs = endNs;
    m_groundTruth.write(it->second->truth);
    m_active.erase(it);
}

} // namespace kp::core
