// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualityasker.h"

#include "core/load/serverendpoint.h"
#include "core/net/httpclient.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <algorithm>

namespace kp::core {

namespace {

// Qt 6.4 opens at most this many connections to one host:port per QNetworkAccessManager.
constexpr int ConnectionsPerManager = 6;
// A model list or one answer of at most max_tokens: a server that sends more is not answering, and the client's
// memory must not follow it.
constexpr qint64 kMaxAnswerBytes = 8 * 1024 * 1024;

// The message of vLLM's error envelope, or the start of the body.
QString errorMessage(const QByteArray& body)
{
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    const QJsonValue error = o.value(u"error");
    if (error.isObject() && error.toObject().value(u"message").isString())
        return error.toObject().value(u"message").toString();
    if (o.value(u"detail").isString())
        return o.value(u"detail").toString();
    return QString::fromUtf8(body.left(200)).simplified();
}

} // namespace

QualityAsker::QualityAsker(const QuestionSet& set, QualityAskOptions options, QObject* parent)
    : QObject(parent)
    , m_set(set)
    , m_options(std::move(options))
{
    m_base = m_options.url.adjusted(QUrl::StripTrailingSlash);
    QString path = m_base.path();
    if (path.endsWith(u"/v1"))
        path.chop(3);
    m_base.setPath(path);
    m_model = m_options.model;
}

QualityAsker::~QualityAsker() = default;

QUrl QualityAsker::endpoint(const QString& path) const
{
    QUrl url = m_base;
    url.setPath(m_base.path() + path);
    return url;
}

void QualityAsker::start()
{
    HttpClient::Settings settings = ServerEndpoint::forChecks(
        m_base, m_options.apiKey, m_options.verifyTls, m_options.caFile, m_options.timeoutMs)
                                        .httpSettings(m_options.timeoutMs);
    settings.maxBytes = kMaxAnswerBytes;
    const int clients = (m_options.concurrency + ConnectionsPerManager - 1) / ConnectionsPerManager;
    for (int i = 0; i < clients; ++i)
        m_clients.push_back(std::make_unique<HttpClient>(settings));
    m_slotBusy.assign(std::size_t(m_options.concurrency), false);
    connect(m_clients.front()->start(HttpClient::Request::get(
                endpoint(QStringLiteral("/v1/models")), std::min(m_options.timeoutMs, 30'000))),
        &HttpExchange::answered, this, &QualityAsker::modelsArrived);
}

void QualityAsker::modelsArrived(const HttpAnswer& reply)
{
    const QUrl url = endpoint(QStringLiteral("/v1/models"));
    const int status = reply.status;
    if (!reply.answered()) {
        emit finished(false,
            reply.failure.startsWith(u"the answer was larger")
                ? QStringLiteral("/v1/models at %1: %2. Nothing was asked.").arg(m_base.toString(), reply.failure)
                : QStringLiteral("The server at %1 cannot be reached: %2. Nothing was asked.")
                      .arg(m_base.toString(), reply.failure));
        return;
    }
    const QByteArray& body = reply.body;
    if (status == 401 || status == 403) {
        emit finished(false,
            QStringLiteral("The server refused the API key (HTTP %1). Set %2 or pass --api-key-file "
                           "with the server's key. Nothing was asked.")
                .arg(status)
                .arg(QStringLiteral("KNEEPOINT_API_KEY")));
        return;
    }
    const QJsonArray data = QJsonDocument::fromJson(body).object().value(u"data").toArray();
    if (status != 200 || data.isEmpty()) {
        emit finished(false,
            QStringLiteral("%1 answered HTTP %2 without a list of models: it does not look like an "
                           "OpenAI-compatible server. Nothing was asked.")
                .arg(url.toString())
                .arg(status));
        return;
    }
    QStringList served;
    for (const QJsonValue card : data)
        served << card.toObject().value(u"id").toString();
    if (m_model.isEmpty()) {
        m_model = served.first();
    } else if (!served.contains(m_model)) {
        emit finished(false,
            QStringLiteral("The server serves %1, not '%2'. Pass one of those with --model. Nothing "
                           "was asked.")
                .arg(served.join(u", "), m_model));
        return;
    }
    connect(m_clients.front()->start(
                HttpClient::Request::get(endpoint(QStringLiteral("/version")), std::min(m_options.timeoutMs, 30'000))),
        &HttpExchange::answered, this, &QualityAsker::versionArrived);
}

void QualityAsker::versionArrived(const HttpAnswer& reply)
{
    // /version is a nicety: a proxy in front of vLLM may not pass it, and the pass is worth asking without it.
    const QJsonObject o = reply.ok() ? reply.json() : QJsonObject();
    if (o.value(u"version").isString())
        m_facts.insert(QStringLiteral("vllm_version"), o.value(u"version").toString());
    if (o.value(u"kneepoint_sim").isObject())
        m_facts.insert(QStringLiteral("kneepoint_sim"), o.value(u"kneepoint_sim"));
    const std::size_t n = m_set.questions().size();
    m_answers.assign(n * std::size_t(m_options.repeat), QualityAnswer());
    beginRepetition();
}

void QualityAsker::beginRepetition()
{
    ++m_repetition;
    m_next = 0;
    launchMore();
}

void QualityAsker::launchMore()
{
    const std::vector<Question>& questions = m_set.questions();
    const std::size_t n = questions.size();
    while (m_inFlight < m_options.concurrency && m_next < n) {
        const Question& q = questions[m_next];
        const std::size_t index = std::size_t(m_repetition - 1) * n + m_next;
        ++m_next;
        std::size_t slot = 0;
        while (m_slotBusy[slot])
            ++slot;
        m_slotBusy[slot] = true;
        ++m_inFlight;

        const bool completions = m_options.completions && q.messages.isEmpty();
        QJsonObject body {{QStringLiteral("model"), m_model}, {QStringLiteral("temperature"), 0},
            {QStringLiteral("seed"), m_options.seed},
            {QStringLiteral("max_tokens"), q.maxTokens > 0 ? q.maxTokens : m_options.maxTokens},
            {QStringLiteral("stream"), false}};
        if (completions)
            body.insert(QStringLiteral("prompt"), q.prompt);
        else
            body.insert(QStringLiteral("messages"), q.chatMessages());
        const QUrl url
            = endpoint(completions ? QStringLiteral("/v1/completions") : QStringLiteral("/v1/chat/completions"));

        QualityAnswer& answer = m_answers[index];
        answer.questionId = q.id;
        answer.category = q.category;
        answer.repetition = m_repetition;
        answer.question = q.lastUserText();
        answer.expected = q.answer;

        connect(m_clients[slot / ConnectionsPerManager]->start(HttpClient::Request::post(url, body)),
            &HttpExchange::answered, this,
            [this, slot, index](const HttpAnswer& reply) { answerArrived(reply, slot, index); });
    }
}

void QualityAsker::answerArrived(const HttpAnswer& reply, std::size_t slot, std::size_t index)
{
    QualityAnswer& answer = m_answers[index];
    answer.latencyMs = reply.ms;
    answer.httpStatus = reply.status;
    if (!reply.answered()) {
        answer.error = reply.failure;
    } else if (answer.httpStatus != 200) {
        answer.error = QStringLiteral("HTTP %1: %2").arg(answer.httpStatus).arg(errorMessage(reply.body));
    } else {
        const QJsonObject choice
            = QJsonDocument::fromJson(reply.body).object().value(u"choices").toArray().at(0).toObject();
        const QJsonValue text = choice.contains(u"message") ? choice.value(u"message").toObject().value(u"content")
                                                            : choice.value(u"text");
        if (!text.isString() && !text.isNull()) {
            answer.error = QStringLiteral("the server's answer is not a completion (no choices[0] text)");
        } else {
            answer.reply = text.toString();
            const std::vector<Question>& questions = m_set.questions();
            answer.correct = questions[index % questions.size()].check(answer.reply);
        }
    }
    m_slotBusy[slot] = false;
    --m_inFlight;
    ++m_done;
    emit progress(m_done, int(m_answers.size()));
    const std::size_t n = m_set.questions().size();
    if (m_next < n) {
        launchMore();
    } else if (m_inFlight == 0) {
        if (m_repetition < m_options.repeat)
            beginRepetition();
        else
            emit finished(true, {});
    }
}

qint64 QualityAsker::askAndStore(const QuestionSet& set, const QualityAskOptions& options, QualityRole role,
    std::optional<double> allowedDropPp, RunStore& store, QString* error,
    const std::function<void(int done, int total)>& progress)
{
    QualityAsker asker(set, options);
    if (progress)
        QObject::connect(&asker, &QualityAsker::progress, &asker, progress);
    bool ok = false;
    QString failure;
    QEventLoop loop;
    QObject::connect(&asker, &QualityAsker::finished, &loop, [&](bool success, const QString& why) {
        ok = success;
        failure = why;
        loop.quit();
    });
    QTimer::singleShot(0, &asker, &QualityAsker::start);
    loop.exec();
    if (!ok) {
        *error = failure;
        return -1;
    }
    return asker.store(role, allowedDropPp, store, error);
}

qint64 QualityAsker::store(QualityRole role, std::optional<double> allowedDropPp, RunStore& store, QString* error) const
{
    if (std::none_of(m_answers.begin(), m_answers.end(), [](const QualityAnswer& a) { return a.answered(); })) {
        *error = QCoreApplication::translate("QualityAsker",
            "Every one of the %1 requests failed (the first: %2). Nothing was stored; check the server and ask again.")
                     .arg(m_answers.size())
                     .arg(m_answers.empty() ? QString() : m_answers.front().error);
        return -1;
    }
    QString why;
    const qint64 id = QualityStore(store).savePass(passInfo(role, allowedDropPp), m_answers, &why);
    if (id < 0)
        *error = QCoreApplication::translate("QualityAsker", "The answers could not be stored: %1").arg(why);
    return id;
}

QString QualityAsker::noneRight(qint64 passId, const std::vector<QualityAnswer>& answers)
{
    const auto answered
        = std::count_if(answers.begin(), answers.end(), [](const QualityAnswer& a) { return a.answered(); });
    if (answered == 0 || std::any_of(answers.begin(), answers.end(), [](const QualityAnswer& a) {
            return a.answered() && a.correct;
        }))
        return {};
    return QCoreApplication::translate("QualityAsker",
        "Stored as pass %1, but none of its %2 answers was right. The server answers, but not these questions: check "
        "the model it serves, its chat template and the question set before you compare against this pass.")
        .arg(passId)
        .arg(answered);
}

QualityPassInfo QualityAsker::passInfo(QualityRole role, std::optional<double> allowedDropPp) const
{
    QualityPassInfo info;
    info.url = m_base.toString();
    info.model = m_model;
    info.setName = m_set.name();
    info.setSha256 = m_set.sha256();
    info.questionCount = int(m_set.questions().size());
    info.role = role;
    info.allowedDropPp = allowedDropPp;
    info.seed = m_options.seed;
    info.repeat = m_options.repeat;
    info.options = QJsonObject {{QStringLiteral("concurrency"), m_options.concurrency},
        {QStringLiteral("max_tokens"), m_options.maxTokens},
        {QStringLiteral("timeout_s"), m_options.timeoutMs / 1000.0},
        {QStringLiteral("api"), m_options.completions ? QStringLiteral("completions") : QStringLiteral("chat")},
        {QStringLiteral("temperature"), 0}};
    info.facts = m_facts;
    return info;
}

} // namespace kp::core
