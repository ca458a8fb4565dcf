// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/sim/batchengine.h"
#include "core/sim/faultinjector.h"
#include "core/sim/groundtruthlog.h"
#include "core/sim/simconfig.h"
#include "core/sim/simmetrics.h"

#include <QHostAddress>
#include <QObject>

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <unordered_map>
#include <vector>

class QSslServer;
class QTcpServer;

namespace kp::core {

class PreciseTimer;
class SimAnswerBook;
class SimConnection;
class SimTokenizer;
struct HttpRequest;

/// The simulated vLLM server: vLLM v0.31's OpenAI-compatible HTTP API on a loopback port, in front of a
/// continuous-batching engine whose steps take as long as a roofline of the named GPU and model says, run `speed`
/// times faster than real time. Single-threaded: the engine, every connection and every write share one event loop,
/// so the whole server costs one core.
class SimServer : public QObject
{
    Q_OBJECT
public:
    explicit SimServer(const ResolvedSimConfig& config, QObject* parent = nullptr);
    ~SimServer() override;

    /// Listens on `address`:`port` (0 picks a free port); on failure `error` says why in words.
    bool listen(const QHostAddress& address, quint16 port, QString* error);
    quint16 port() const;
    const ResolvedSimConfig& config() const { return m_config; }
    const BatchEngine& engine() const { return *m_engine; }
    const SimMetrics& metrics() const { return m_metrics; }

private:
    friend class SimConnection;
    struct ActiveRequest;

    /// --ssl-certfile/--ssl-keyfile loaded into `server`; false with `error` set when they cannot be used.
    bool configureTls(QSslServer* server, QString* error) const;
    void acceptConnections();
    void handle(SimConnection* connection, HttpRequest&& request);
    void connectionClosed(SimConnection* connection);

    /// 0 for the base model's served name, n for the nth LoRA adapter's (sim --lora), -1 for a model not served;
    /// 0 for any name in the llamacpp dialect, as llama-server answers every name with its one model.
    int adapterOf(const QString& model) const;
    void handleModels(SimConnection* connection);
    void handleLoraAdapters(SimConnection* connection);
    void handleVersion(SimConnection* connection);
    void handleMetrics(SimConnection* connection);
    void handleProps(SimConnection* connection);
    /// llama-server's GET /slots: one entry per slot.
    void handleSlots(SimConnection* connection);
    void handleTokenize(SimConnection* connection, const QByteArray& body);
    void handleDetokenize(SimConnection* connection, const QByteArray& body);
    void handleGeneration(SimConnection* connection, const HttpRequest& request, bool chat);
    /// Why a generation request is refused, as the server answers it.
    struct Refusal
    {
        int status = 400;
        QString message;
        const char* param = nullptr; ///< the field vLLM's error names, if any
    };
    /// The adapter a generation request runs (0: the base model): by its "model" and, in the llamacpp dialect, its
    /// "lora" list of ids and scales (the first at a scale other than 0; the simulator runs one at a time). -1 with
    /// `refusal` set for a model not served, or a "lora" that is not a list of adapters loaded.
    int requestAdapter(const nlohmann::ordered_json& json, Refusal* refusal) const;
    /// What a generation request asks of the sampler, as its fields give it.
    struct Sampling
    {
        std::optional<long long> maxTokens; ///< max_completion_tokens (chat) or max_tokens
        std::optional<long long> minTokens;
        std::optional<long long> seed;
        bool stream = false;
        bool ignoreEos = false;
        std::optional<double> temperature;
    };
    /// The sampling fields, checked as vLLM checks them (n = 1 only); false with `refusal` set for a bad one.
    static bool readSampling(const nlohmann::ordered_json& json, bool chat, Sampling* out, Refusal* refusal);
    /// The prompt's token ids (chat: through the template) and, answering, the reply its last user message gets;
    /// false with `refusal` set for a prompt the server would refuse.
    bool readPrompt(const nlohmann::ordered_json& json, bool chat, std::vector<int>* ids,
        std::optional<QString>* answer, Refusal* refusal) const;
    void startGeneration(
        SimConnection* connection, std::unique_ptr<ActiveRequest> active, const BatchEngine::Request& engineRequest);

    void kickEngine();
    void startStep(std::int64_t simStartNs);
    void onStepTimer();
    /// `more`: the step made another token of the same request after this one (speculative decoding).
    void deliver(const BatchEngine::Token& token, bool more);
    void streamToken(ActiveRequest& active, const BatchEngine::Token& token, bool more);
    void completeNonStreaming(ActiveRequest& active, const BatchEngine::Token& token);
    void endRequest(std::uint64_t id, std::int64_t endNs);

    std::int64_t simNowNs(std::int64_t realNs) const;
    std::int64_t realAtSimNs(std::int64_t simNs) const;
    QByteArray newResponseId(const char* prefix);
    /// The JSON-escaped text of a token, cached: every streamed chunk needs one.
    const QByteArray& escapedPiece(int tokenId);
    /// Answering mode: the escaped text of the answer token the request has reached.
    const QByteArray& answerPiece(const ActiveRequest& active);
    static BatchEngine::Finish answerFinish(const ActiveRequest& active, const BatchEngine::Token& token);

    ResolvedSimConfig m_config;
    const SimTokenizer& m_tokenizer;
    QTcpServer* m_tcpServer;
    SimMetrics m_metrics;
    std::unique_ptr<BatchEngine> m_engine;
    FaultInjector m_faults;
    GroundTruthLog m_groundTruth;
    PreciseTimer* m_stepTimer;
    std::unordered_map<std::uint64_t, std::unique_ptr<ActiveRequest>> m_active;
    std::unordered_map<std::uint64_t, std::unique_ptr<ActiveRequest>> m_stalled;
    std::unique_ptr<SimAnswerBook> m_answerBook; ///< answering mode; null when off
    std::uint64_t m_nextRequestId = 1;
    std::uint64_t m_idState;
    std::uint64_t m_samplingState;
    QByteArray m_modelJson; // the served model name, JSON-escaped
    std::vector<QByteArray> m_pieceCache;
    QByteArray m_eventScratch;
    QByteArray m_outScratch;
    std::int64_t m_startedSecs;

    // The simulated clock: simulated ns = (real ns - m_epochNs) x speed while idle; while busy it moves from step
    // end to step end, and falls behind real time only if the loop cannot keep up, which the lag gauges expose.
    std::int64_t m_epochNs;
    std::int64_t m_simClockNs = 0;
    std::int64_t m_stepEndSimNs = 0;
    std::int64_t m_stepDeadlineNs = 0;
    double m_lagSeconds = 0;
    double m_maxLagSeconds = 0;
    std::uint64_t m_lateSteps = 0;
    std::int64_t m_lastLagWarningNs = 0;

    // The simulated GPU's power as a DCGM exporter reports it (/dcgm/metrics): the energy counter integrates the
    // modelled draw over real time, as the board's counter does over its own, at every step of the engine.
    double powerW() const;
    void accrueEnergy(std::int64_t nowNs);
    void handleDcgm(SimConnection* connection);
    double m_energyJ = 0;
    double m_lastPowerW = -1;
    std::int64_t m_lastPowerNs = 0;
};

} // namespace kp::core
