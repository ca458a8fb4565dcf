// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload.h"

#include "common/boundedfile.h"
#include "server/tokenizedialect.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <random>

namespace kp::core {

namespace {

// Plain English words: one token each in the tokenizers of the common open models (and in the simulator's).
QList<QByteArray> fillerWords()
{
    QFile file(QStringLiteral(":/sim/vocabulary.txt"));
    QList<QByteArray> words;
    if (file.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (const QByteArray& line : lines) {
            if (!line.trimmed().isEmpty() && !line.startsWith('#'))
                words << line.trimmed();
        }
    }
    return words;
}

const QList<QByteArray>& words()
{
    static const QList<QByteArray> list = fillerWords();
    return list;
}

// Stands where each request's own block goes while the prompt is built; not a word, so never in a prompt.
const QString kUniqueMarker = QStringLiteral("\u00a7KNEEPOINT-UNIQUE\u00a7");

QJsonValue promptValue(const WorkloadSpec& spec, const QString& text)
{
    if (spec.api == WorkloadSpec::Api::Completions)
        return text;
    return QJsonArray {
        QJsonObject {{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), text}}};
}

/// Counts tokens with the server's /tokenize in any dialect it speaks (server/tokenizedialect.h): -1 when it has
/// none or its answer carries no count, -2 on another failure.
class Tokenizer
{
public:
    explicit Tokenizer(const LoadTarget& target)
        : m_target(target)
        , m_client(settings(target))
    { }

    int count(const WorkloadSpec& spec, const QString& text, QString* error)
    {
        return count(spec, promptValue(spec, text), text, error);
    }

    /// `prompt` as the request sends it: a string (completions) or a messages array (chat); `text` its words.
    int count(const WorkloadSpec& spec, const QJsonValue& prompt, const QString& text, QString* error)
    {
        if (spec.api == WorkloadSpec::Api::Completions)
            return countIn(post("/tokenize", tokenize::completionRequest(spec.model, text), error), text, error);
        if (!m_chatByTemplate) {
            const Answer a = post("/tokenize", tokenize::chatRequest(spec.model, prompt), error);
            if (a.status < 0 || a.status >= 300 || tokenize::count(a.body))
                return countIn(a, text, error);
            // llama.cpp counts no messages: its own /apply-template makes the text its chat completions tokenize.
            m_chatByTemplate = true;
        }
        const Answer templated = post("/apply-template", QJsonObject {{QStringLiteral("messages"), prompt}}, error);
        if (templated.status < 0)
            return -2;
        const std::optional<QString> applied = tokenize::appliedTemplate(templated.body);
        if (!applied)
            return -1;
        return countIn(post("/tokenize", tokenize::completionRequest(spec.model, *applied), error), *applied, error);
    }

private:
    struct Answer
    {
        int status = -1; ///< -1: no answer
        QByteArray body;
    };

    static HttpClient::Settings settings(const LoadTarget& target)
    {
        HttpClient::Settings s = target.httpSettings(target.connectTimeoutMs);
        s.maxBytes = 1 << 20; // a count fits in far less; a larger answer is not one
        return s;
    }

    Answer post(const char* path, const QJsonObject& body, QString* error)
    {
        const HttpAnswer reply = m_client.post(m_target.endpoint(QLatin1String(path)), body);
        Answer a;
        if (!reply.answered()) {
            *error = QStringLiteral("%1 failed: %2").arg(QLatin1String(path), reply.failure);
            return a;
        }
        a.status = reply.status;
        a.body = reply.body;
        return a;
    }

    static int countIn(const Answer& a, const QString& text, QString* error)
    {
        if (a.status < 0)
            return -2;
        if (a.status == 404 || a.status == 405 || a.status == 501)
            return -1;
        if (a.status >= 300) {
            *error = QStringLiteral("/tokenize answered HTTP %1.").arg(a.status);
            return -2;
        }
        const std::optional<int> n = tokenize::count(a.body, text.isEmpty());
        return n ? *n : -1;
    }

    bool m_chatByTemplate = false;
    LoadTarget m_target;
    HttpClient m_client;
};

} // namespace

// RequestTemplate's (loadplan.h) live here, beside the word list they draw from.
QByteArray RequestTemplate::uniqueBlock(std::uint64_t n, int count)
{
    const QList<QByteArray>& list = words();
    const auto base = std::uint64_t(std::max<qsizetype>(1, list.size()));
    QByteArray block;
    for (int i = 0; i < count; ++i, n /= base)
        block += ' ' + list.value(qsizetype(n % base), QByteArrayLiteral("the"));
    return block;
}

QByteArray RequestTemplate::bodyFor(std::uint64_t n, std::uint64_t offset) const
{
    if (uniqueAt < 0 || uniqueAt > body.size())
        return body;
    // Modulo the number of blocks there are, the offset shifts every number alike: distinct stay distinct.
    const auto base = std::uint64_t(std::max<qsizetype>(1, words().size()));
    std::uint64_t blocks = 1;
    for (int i = 0; i < uniqueWords; ++i)
        blocks *= base;
    QByteArray out;
    const QByteArray block = uniqueBlock((n % blocks + offset % blocks) % blocks, uniqueWords);
    out.reserve(body.size() + block.size());
    out += QByteArrayView(body).first(uniqueAt);
    out += block;
    out += QByteArrayView(body).sliced(uniqueAt);
    return out;
}

QByteArray WorkloadBuilder::body(const WorkloadSpec& spec, const QJsonValue& prompt, int outputTokens)
{
    QJsonObject body;
    if (!spec.model.isEmpty())
        body[QStringLiteral("model")] = spec.model;
    body[spec.api == WorkloadSpec::Api::Completions ? QStringLiteral("prompt") : QStringLiteral("messages")] = prompt;
    // The output length is forced, so that every request asks the server for the same work.
    body[QStringLiteral("max_tokens")] = outputTokens;
    body[QStringLiteral("min_tokens")] = outputTokens;
    body[QStringLiteral("ignore_eos")] = true;
    body[QStringLiteral("temperature")] = 0;
    body[QStringLiteral("stream")] = true;
    body[QStringLiteral("stream_options")]
        = QJsonObject {{QStringLiteral("include_usage"), true}, {QStringLiteral("continuous_usage_stats"), true}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

std::pair<int, int> WorkloadSpec::spreadRange(int length, double spread, int floor)
{
    const double r = std::clamp(spread, 0.0, 0.99);
    const int low = std::max(floor, int(std::ceil(length * (1 - r))));
    return {low, std::max(low, int(std::floor(length * (1 + r))))};
}

WorkloadBuilder::Result WorkloadBuilder::synthetic(const LoadTarget& target, const WorkloadSpec& spec)
{
    Result result;
    const QList<QByteArray>& words = kp::core::words();
    if (words.isEmpty() || spec.inputTokens < 1 || spec.count < 1) {
        result.error = QStringLiteral("Cannot build prompts: the input length and the count must be at least 1.");
        return result;
    }
    std::mt19937_64 rng(spec.seed);
    auto randomWords = [&](int n) {
        QString text;
        for (int i = 0; i < n; ++i)
            text += u' ' + QString::fromLatin1(words.at(int(rng() % std::uint64_t(words.size()))));
        return text;
    };
    // The shared part is the same for every prompt; each request then starts its own part with its own block of
    // words (RequestTemplate::bodyFor: a number unique in the run, fastest-changing word first), so no two
    // requests share more than the shared part and a prefix cache can reuse exactly that much. The block is
    // counted with a stand-in of as many one-token words while the length is fitted.
    const int sharedTokens = std::clamp(spec.sharedPrefixTokens, 0, spec.inputTokens);
    const QString shared = sharedTokens > 1 ? randomWords(sharedTokens - 1) : QString();
    // Lengths come from a generator of their own, so that spreading them leaves the words of every prompt alone.
    std::mt19937_64 lengthRng(spec.seed ^ 0x6c656e67746873ULL);
    const auto [inLow, inHigh] = WorkloadSpec::spreadRange(spec.inputTokens, spec.lengthSpread,
        std::min(spec.inputTokens, sharedTokens + RequestTemplate::kUniqueWords + 2));
    const auto [outLow, outHigh] = WorkloadSpec::spreadRange(spec.outputTokens, spec.lengthSpread);

    Tokenizer tokenizer(target);
    bool estimated = false;
    for (int i = 0; i < spec.count; ++i) {
        const int inputTokens = std::uniform_int_distribution<int>(inLow, inHigh)(lengthRng);
        const int outputTokens = std::uniform_int_distribution<int>(outLow, outHigh)(lengthRng);
        // A prompt too short for the whole block (a handful of tokens) gets what fits beside its BOS and one word.
        const int uniqueWords
            = std::clamp(inputTokens - std::max(sharedTokens, 1) - 2, 0, RequestTemplate::kUniqueWords);
        const QString standIn = QString::fromLatin1(RequestTemplate::uniqueBlock(0, uniqueWords));
        const QString head = shared + standIn;
        const int fill = std::max(0, inputTokens - std::max(sharedTokens, 1) - uniqueWords);
        QString tail = randomWords(fill);
        int tokens = -1;
        // Adjust the filler until the server counts exactly the input length: most words are one token, so this
        // converges in two or three rounds.
        for (int round = 0; round < 12 && !estimated; ++round) {
            QString error;
            tokens = tokenizer.count(spec, head + tail, &error);
            if (tokens == -1) {
                estimated = true;
                result.notes << QStringLiteral(
                    "The server's /tokenize gave no count: input lengths are estimated at one "
                    "token per word, and each request's usage.prompt_tokens is taken as "
                    "its true length.");
                break;
            }
            if (tokens == -2) {
                result.error = error;
                return result;
            }
            const int diff = inputTokens - tokens;
            if (diff == 0)
                break;
            if (diff > 0) {
                tail += randomWords(round < 4 ? diff : 1);
            } else {
                // Drop words from the end, fewer as it gets close, in case one word is several tokens.
                const int drop = round < 4 ? -diff : 1;
                for (int d = 0; d < drop && tail.contains(u' '); ++d)
                    tail.truncate(tail.lastIndexOf(u' '));
            }
        }
        if (!estimated && tokens != inputTokens) {
            result.error = QStringLiteral("Could not make a prompt of exactly %1 tokens (the closest was %2): the "
                                          "input length may be below what the chat template alone takes.")
                               .arg(inputTokens)
                               .arg(tokens);
            return result;
        }
        RequestTemplate t;
        t.path = target.rootPath().toUtf8()
            + (spec.api == WorkloadSpec::Api::Completions ? "/v1/completions" : "/v1/chat/completions");
        t.body = body(spec, promptValue(spec, shared + kUniqueMarker + tail), outputTokens);
        const QByteArray marker = kUniqueMarker.toUtf8();
        t.uniqueAt = t.body.indexOf(marker);
        if (t.uniqueAt >= 0)
            t.body.remove(t.uniqueAt, marker.size());
        t.uniqueWords = uniqueWords;
        t.inputTokens = inputTokens;
        t.outputTokens = outputTokens;
        result.requests.push_back(t);

        // The conversation's later turns: what was sent, an answer as long as asked for, and a new question. The
        // answer is filler, not the server's own words, so a prefix cache can reuse the history's prompts but not
        // its answers, as with a client that trims or rewrites replies. Each turn is counted by the server; only
        // the first is fitted.
        QString history = shared + kUniqueMarker + tail;
        QJsonArray messages = promptValue(spec, history).toArray();
        auto counted = [&](const QJsonValue& prompt, const QString& text) {
            QString error;
            const QString standInText = QString(text).replace(kUniqueMarker, standIn);
            QJsonValue standInPrompt = prompt;
            if (spec.api == WorkloadSpec::Api::Chat)
                standInPrompt = QJsonDocument::fromJson(
                    QJsonDocument(prompt.toArray()).toJson().replace(kUniqueMarker.toUtf8(), standIn.toUtf8()))
                                    .array();
            const int n = estimated ? -1 : tokenizer.count(spec, standInPrompt, standInText, &error);
            return n >= 0 ? n : int(standInText.count(u' ')) + 1; // one token a word, and BOS
        };
        for (int turn = 1; turn < std::max(1, spec.turns); ++turn) {
            const QString answer = randomWords(outputTokens);
            const QString question = randomWords(inputTokens);
            QJsonValue prompt;
            if (spec.api == WorkloadSpec::Api::Chat) {
                messages.append(QJsonObject {
                    {QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), answer}});
                messages.append(QJsonObject {
                    {QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), question}});
                prompt = messages;
            }
            history += answer + question;
            if (spec.api == WorkloadSpec::Api::Completions)
                prompt = history;
            RequestTemplate next = t;
            next.body = body(spec, prompt, outputTokens);
            next.uniqueAt = next.body.indexOf(marker);
            if (next.uniqueAt >= 0)
                next.body.remove(next.uniqueAt, marker.size());
            next.inputTokens = counted(prompt, history);
            result.requests.push_back(std::move(next));
        }
    }
    return result;
}

WorkloadBuilder::Result WorkloadBuilder::fromJsonl(const QString& path, const WorkloadSpec& spec)
{
    Result result;
    BoundedFile file;
    QString problem;
    if (!file.open(path, maxDatasetBytes, &problem)) {
        result.error = QStringLiteral("Cannot read the data set %1: %2.").arg(path, problem);
        return result;
    }
    int lineNumber = 0;
    QByteArray raw;
    while (!file.atEnd()) {
        if (!file.readLine(maxDatasetLineBytes, &raw, &problem)) {
            result.requests.clear();
            result.error = QStringLiteral("Cannot read the data set %1: %2.").arg(path, problem);
            return result;
        }
        const QByteArray line = raw.trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonObject o = QJsonDocument::fromJson(line, &parseError).object();
        if (parseError.error != QJsonParseError::NoError) {
            result.error
                = QStringLiteral("%1, line %2: not JSON (%3).").arg(path).arg(lineNumber).arg(parseError.errorString());
            return result;
        }
        const int outputTokens = o.value(u"max_tokens").toInt(spec.outputTokens);
        RequestTemplate t;
        WorkloadSpec lineSpec = spec;
        if (o.value(u"prompt").isString()) {
            lineSpec.api = WorkloadSpec::Api::Completions;
            t.body = body(lineSpec, o.value(u"prompt"), outputTokens);
        } else if (o.value(u"messages").isArray() && !o.value(u"messages").toArray().isEmpty()) {
            lineSpec.api = WorkloadSpec::Api::Chat;
            t.body = body(lineSpec, o.value(u"messages"), outputTokens);
        } else {
            result.requests.clear();
            result.error = QStringLiteral("%1, line %2: needs \"prompt\" (a string) or \"messages\" (a list).")
                               .arg(path)
                               .arg(lineNumber);
            return result;
        }
        t.path = lineSpec.api == WorkloadSpec::Api::Completions ? "/v1/completions" : "/v1/chat/completions";
        t.inputTokens = o.value(u"input_tokens").toInt(0); // known only if the data set says; usage tells later
        t.outputTokens = outputTokens;
        result.requests.push_back(std::move(t));
    }
    if (result.requests.empty())
        result.error = QStringLiteral("The data set %1 has no requests.").arg(path);
    return result;
}

} // namespace kp::core
