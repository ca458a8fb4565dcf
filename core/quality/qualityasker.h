// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualitystore.h"
#include "core/quality/questionset.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace kp::core {

class HttpClient;
struct HttpAnswer;

/// How a pass is asked.
struct QualityAskOptions
{
    QUrl url; ///< the server's base URL; a trailing /v1 is allowed
    QString model; ///< empty: the first model /v1/models lists
    QByteArray apiKey; ///< sent as a Bearer token, never stored
    bool verifyTls = true; ///< false: --insecure, the server's certificate is not checked
    QString caFile; ///< CA certificates (PEM) trusted besides the system's, for an https:// server
    int repeat = 2;
    int concurrency = 16;
    int maxTokens = 256; ///< per question unless the question sets its own
    qint64 seed = 1234;
    int timeoutMs = 120'000; ///< per request
    bool completions = false; ///< send prompt questions to /v1/completions; chat otherwise
};

/// Asks every question of a set, `repeat` times over, at temperature 0 with a fixed seed, `concurrency` at a time,
/// non-streaming, and checks each answer.
///
/// First it reads /v1/models (the model, and whether the server is there at all) and /version (kept as facts).
/// Repetitions run one after another, so the second is a true second pass over the same questions. A request that
/// fails (HTTP error, timeout, a reply that is not a completion) is recorded with its error and never as a wrong
/// answer. Lives on the thread that calls start(), which needs an event loop; every request goes as the run's own do
/// (HttpClient: the key, the TLS settings, same-origin redirects, bounded bodies), one client per six requests in
/// flight, since Qt 6.4 opens at most six connections per host for one network manager.
class QualityAsker : public QObject
{
    Q_OBJECT
public:
    QualityAsker(const QuestionSet& set, QualityAskOptions options, QObject* parent = nullptr);
    ~QualityAsker() override;

    /// Begins; finished() follows.
    void start();

    /// Every answer, by repetition then in the set's order, once finished(true).
    const std::vector<QualityAnswer>& answers() const { return m_answers; }
    /// The model that was asked.
    QString model() const { return m_model; }
    /// What the server said about itself: {"vllm_version": …} and the simulator's block when there is one.
    QJsonObject facts() const { return m_facts; }
    /// The base URL questions went to (without a trailing /v1).
    QUrl baseUrl() const { return m_base; }
    /// The pass to store once finished: what was asked, of whom and how. `allowedDropPp` is the rule, given with a
    /// "before" pass only. Never the API key.
    QualityPassInfo passInfo(QualityRole role, std::optional<double> allowedDropPp) const;
    /// Stores the pass once finished(true), as every caller must: its id, or -1 with `error` a sentence when every
    /// request failed (nothing is stored then: a pass of failures would read as a server that knows nothing) or the
    /// store refused it.
    qint64 store(QualityRole role, std::optional<double> allowedDropPp, RunStore& store, QString* error) const;
    /// A sentence when stored pass `passId` was answered but got no answer right, else empty. Such a pass is kept (it
    /// is what was measured), and said at once: as a before pass it would make any after pass look no worse.
    static QString noneRight(qint64 passId, const std::vector<QualityAnswer>& answers);

    /// Asks `set` of the server as `options` say and stores the pass in `store`, waiting for it on the calling
    /// thread's event loop: what kneepoint quality ask and an experiment do. The pass id, or -1 with `error` a
    /// sentence when the server could not be used or every request failed (nothing is stored then). `progress`
    /// hears each answer (done, total).
    static qint64 askAndStore(const QuestionSet& set, const QualityAskOptions& options, QualityRole role,
        std::optional<double> allowedDropPp, RunStore& store, QString* error,
        const std::function<void(int done, int total)>& progress = {});

signals:
    void progress(int done, int total);
    /// `ok` false: the server could not be used at all (`error` says why) and nothing was asked.
    void finished(bool ok, const QString& error);

private:
    QUrl endpoint(const QString& path) const;
    void modelsArrived(const HttpAnswer& reply);
    void versionArrived(const HttpAnswer& reply);
    void beginRepetition();
    void launchMore();
    void answerArrived(const HttpAnswer& reply, std::size_t slot, std::size_t index);

    const QuestionSet& m_set;
    QualityAskOptions m_options;
    QUrl m_base;
    QString m_model;
    QJsonObject m_facts;
    std::vector<std::unique_ptr<HttpClient>> m_clients;
    std::vector<bool> m_slotBusy;
    std::vector<QualityAnswer> m_answers; ///< preallocated: repetition r, question i at r·n + i
    int m_repetition = 0;
    std::size_t m_next = 0;
    int m_inFlight = 0;
    int m_done = 0;
};

} // namespace kp::core
