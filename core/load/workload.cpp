// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/workload.h"

#include "core/common/boundedfile.h"
#include "core/server/tokenizedialect.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <iterator>
#include <map>
#include <optional>
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
    explicit Tokenizer(const ServerEndpoint& target)
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

    static HttpClient::Settings settings(const ServerEndpoint& target)
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
    ServerEndpoint m_target;
    HttpClient m_client;
};

QString randomWords(std::mt19937_64& rng, int n)
{
    const QList<QByteArray>& list = words();
    QString text;
    for (int i = 0; i < n; ++i)
        text += u' ' + QString::fromLatin1(list.at(int(rng() % std::uint64_t(list.size()))));
    return text;
}

/// Makes prompts of an exact token count by the server's count: a head (what the prompt shares with others, and a
/// stand-in for its own block of words), then filler adjusted until /tokenize counts the length asked for. Most words
/// are one token, so it converges in two or three rounds. Without /tokenize a word is taken as a token, once said.
class PromptFitter
{
public:
    PromptFitter(const ServerEndpoint& target, std::mt19937_64& rng)
        : m_tokenizer(target)
        , m_rng(rng)
    { }

    /// The filler after `head` (`headTokens` tokens by design) for `inputTokens` in all, or nothing and `error`.
    std::optional<QString> tail(
        const WorkloadSpec& spec, const QString& head, int headTokens, int inputTokens, QString* error)
    {
        QString tail = randomWords(m_rng, std::max(0, inputTokens - headTokens));
        int tokens = -1;
        for (int round = 0; round < 12 && !m_estimated; ++round) {
            tokens = m_tokenizer.count(spec, head + tail, error);
            if (tokens == -1) {
                m_estimated = true;
                m_notes << QStringLiteral("The server's /tokenize gave no count: input lengths are estimated at one "
                                          "token per word, and each request's usage.prompt_tokens is taken as "
                                          "its true length.");
                break;
            }
            if (tokens == -2)
                return std::nullopt;
            const int diff = inputTokens - tokens;
            if (diff == 0)
                break;
            if (diff > 0) {
                tail += randomWords(m_rng, round < 4 ? diff : 1);
            } else {
                // Drop words from the end, fewer as it gets close, in case one word is several tokens.
                const int drop = round < 4 ? -diff : 1;
                for (int d = 0; d < drop && tail.contains(u' '); ++d)
                    tail.truncate(tail.lastIndexOf(u' '));
            }
        }
        if (!m_estimated && tokens != inputTokens) {
            *error = QStringLiteral("Could not make a prompt of exactly %1 tokens (the closest was %2): the "
                                    "input length may be below what the chat template alone takes.")
                         .arg(inputTokens)
                         .arg(tokens);
            return std::nullopt;
        }
        return tail;
    }

    bool estimated() const { return m_estimated; }
    const QStringList& notes() const { return m_notes; }
    Tokenizer& tokenizer() { return m_tokenizer; }

private:
    Tokenizer m_tokenizer;
    std::mt19937_64& m_rng;
    bool m_estimated = false;
    QStringList m_notes;
};

/// A request's template around `prompt`, its own block of words where kUniqueMarker stands.
RequestTemplate templateOf(const ServerEndpoint& target, const WorkloadSpec& spec, const QString& prompt,
    int inputTokens, int outputTokens, int uniqueWords)
{
    RequestTemplate t;
    t.path = target.rootPath().toUtf8()
        + (spec.api == WorkloadSpec::Api::Completions ? "/v1/completions" : "/v1/chat/completions");
    t.body = WorkloadBuilder::body(spec, promptValue(spec, prompt), outputTokens);
    const QByteArray marker = kUniqueMarker.toUtf8();
    t.uniqueAt = t.body.indexOf(marker);
    if (t.uniqueAt >= 0)
        t.body.remove(t.uniqueAt, marker.size());
    t.uniqueWords = uniqueWords;
    t.inputTokens = inputTokens;
    t.outputTokens = outputTokens;
    if (!spec.models.empty())
        t.model = spec.model;
    return t;
}

/// The spec of group `group` of `groups` (a prompt with its turns, a trace's request): its model drawn from the mix,
/// or the spec as it is without one.
class MixedSpecs
{
public:
    MixedSpecs(const WorkloadSpec& spec, int groups)
        : m_spec(spec)
        , m_assigned(spec.models.assign(groups, spec.seed))
    { }
    WorkloadSpec of(int group) const
    {
        WorkloadSpec s = m_spec;
        if (std::size_t(group) < m_assigned.size())
            s.model = m_spec.models.shares[std::size_t(m_assigned[std::size_t(group)])].model;
        return s;
    }

private:
    const WorkloadSpec& m_spec;
    std::vector<int> m_assigned;
};

/// The requests of one synthetic conversation after its first: each later turn is what was sent, an answer as long as
/// asked for, and a new question; an agent's turn is followed by its sub-calls (WorkloadSpec::fanOut), each the turn's
/// prompt, its answer and a task of its own, whose answers the next turn carries before its question. An answer is
/// filler, not the server's own words, so a prefix cache can reuse the history's prompts but not its answers, as with
/// a client that trims or rewrites replies. Each request is counted by the server; only the first is fitted.
class ConversationWriter
{
public:
    ConversationWriter(const WorkloadSpec& spec, PromptFitter& fitter, QString standIn)
        : m_spec(spec)
        , m_fitter(fitter)
        , m_estimated(fitter.estimated())
        , m_standIn(std::move(standIn))
    { }

    /// Appends `first` (whose text is `text`) and the conversation's later requests to `out`.
    void write(RequestTemplate first, const QString& text, std::mt19937_64& rng, std::vector<RequestTemplate>* out)
    {
        const int turns = std::max(1, m_spec.turns);
        const int fanOut = turns > 1 ? std::max(0, m_spec.fanOut) : 0;
        first.conversationLength = turns > 1 ? turns + (turns - 1) * fanOut : 0;
        out->push_back(first);
        first.conversationLength = 0;
        QString history = text;
        QJsonArray messages = promptValue(m_spec, history).toArray();
        int sent = first.inputTokens; // the turn before's prompt, the start of every later request
        for (int turn = 1; turn < turns; ++turn) {
            const QString answer = randomWords(rng, first.outputTokens);
            QString question;
            if (fanOut > 0) {
                // The sub-calls share the turn's prompt and answer, and each asks its own task; their answers come
                // back as the tool results the next turn reads.
                QJsonArray asked = messages;
                asked.append(message(QStringLiteral("assistant"), answer));
                for (int k = 0; k < fanOut; ++k) {
                    const QString task = randomWords(rng, first.inputTokens);
                    QJsonArray subMessages = asked;
                    subMessages.append(message(QStringLiteral("user"), task));
                    RequestTemplate sub = request(first, subMessages, history + answer + task);
                    sub.fanOut = k == 0 ? fanOut : 1;
                    // The first sub-call sends the turn's answer after its prompt; the others resend that too.
                    sub.resentTokens = std::min(sub.inputTokens, sent + (k > 0 ? first.outputTokens : 0));
                    out->push_back(std::move(sub));
                    question += randomWords(rng, first.outputTokens);
                }
            }
            question += randomWords(rng, first.inputTokens);
            messages.append(message(QStringLiteral("assistant"), answer));
            messages.append(message(QStringLiteral("user"), question));
            history += answer + question;
            RequestTemplate next = request(first, messages, history);
            next.resentTokens = std::min(next.inputTokens, sent + (fanOut > 0 ? first.outputTokens : 0));
            sent = next.inputTokens;
            out->push_back(std::move(next));
        }
    }

private:
    static QJsonObject message(const QString& role, const QString& content)
    {
        return QJsonObject {{QStringLiteral("role"), role}, {QStringLiteral("content"), content}};
    }

    /// A request like `first` sending `messages` (chat) or `text` (completions), its input counted.
    RequestTemplate request(const RequestTemplate& first, const QJsonArray& messages, const QString& text)
    {
        const QJsonValue prompt = m_spec.api == WorkloadSpec::Api::Chat ? QJsonValue(messages) : QJsonValue(text);
        RequestTemplate next = first;
        next.body = WorkloadBuilder::body(m_spec, prompt, first.outputTokens);
        const QByteArray marker = kUniqueMarker.toUtf8();
        next.uniqueAt = next.body.indexOf(marker);
        if (next.uniqueAt >= 0)
            next.body.remove(next.uniqueAt, marker.size());
        next.inputTokens = counted(prompt, text);
        return next;
    }

    int counted(const QJsonValue& prompt, const QString& text)
    {
        QString error;
        const QString standInText = QString(text).replace(kUniqueMarker, m_standIn);
        QJsonValue standInPrompt = prompt;
        if (m_spec.api == WorkloadSpec::Api::Chat)
            standInPrompt = QJsonDocument::fromJson(
                QJsonDocument(prompt.toArray()).toJson().replace(kUniqueMarker.toUtf8(), m_standIn.toUtf8()))
                                .array();
        const int n = m_estimated ? -1 : m_fitter.tokenizer().count(m_spec, standInPrompt, standInText, &error);
        return n >= 0 ? n : int(standInText.count(u' ')) + 1; // one token a word, and BOS
    }

    const WorkloadSpec& m_spec;
    PromptFitter& m_fitter;
    bool m_estimated;
    QString m_standIn;
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

void WorkloadBuilder::nameModel(QJsonObject* body, const WorkloadSpec& spec, const QString& model)
{
    const auto route = spec.routes.find(model);
    const QString named = route == spec.routes.end() ? model : route->second.model;
    if (!named.isEmpty())
        (*body)[QStringLiteral("model")] = named;
    if (route != spec.routes.end() && !route->second.lora.isEmpty())
        (*body)[QStringLiteral("lora")] = route->second.lora;
}

QByteArray WorkloadBuilder::body(const WorkloadSpec& spec, const QJsonValue& prompt, int outputTokens)
{
    QJsonObject body;
    nameModel(&body, spec, spec.model);
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

WorkloadBuilder::Result WorkloadBuilder::synthetic(const ServerEndpoint& target, const WorkloadSpec& spec)
{
    Result result;
    const QList<QByteArray>& words = kp::core::words();
    if (words.isEmpty() || spec.inputTokens < 1 || spec.count < 1) {
        result.error = QStringLiteral("Cannot build prompts: the input length and the count must be at least 1.");
        return result;
    }
    std::mt19937_64 rng(spec.seed);
    // The shared part is the same for every prompt; each request then starts its own part with its own block of
    // words (RequestTemplate::bodyFor: a number unique in the run, fastest-changing word first), so no two
    // requests share more than the shared part and a prefix cache can reuse exactly that much. The block is
    // counted with a stand-in of as many one-token words while the length is fitted.
    const int sharedTokens = std::clamp(spec.sharedPrefixTokens, 0, spec.inputTokens);
    const QString shared = sharedTokens > 1 ? randomWords(rng, sharedTokens - 1) : QString();
    // Lengths come from a generator of their own, so that spreading them leaves the words of every prompt alone.
    std::mt19937_64 lengthRng(spec.seed ^ 0x6c656e67746873ULL);
    const auto [inLow, inHigh] = WorkloadSpec::spreadRange(spec.inputTokens, spec.lengthSpread,
        std::min(spec.inputTokens, sharedTokens + RequestTemplate::kUniqueWords + 2));
    const auto [outLow, outHigh] = WorkloadSpec::spreadRange(spec.outputTokens, spec.lengthSpread);

    PromptFitter fitter(target, rng);
    const MixedSpecs mixed(spec, spec.count);
    for (int i = 0; i < spec.count; ++i) {
        // Every turn of a conversation goes to the prompt's model: another model's cache holds none of its history.
        const WorkloadSpec mixedSpec = mixed.of(i);
        const int inputTokens = std::uniform_int_distribution<int>(inLow, inHigh)(lengthRng);
        const int outputTokens = std::uniform_int_distribution<int>(outLow, outHigh)(lengthRng);
        // A prompt too short for the whole block (a handful of tokens) gets what fits beside its BOS and one word.
        const int uniqueWords
            = std::clamp(inputTokens - std::max(sharedTokens, 1) - 2, 0, RequestTemplate::kUniqueWords);
        const QString standIn = QString::fromLatin1(RequestTemplate::uniqueBlock(0, uniqueWords));
        const std::optional<QString> fitted = fitter.tail(
            mixedSpec, shared + standIn, std::max(sharedTokens, 1) + uniqueWords, inputTokens, &result.error);
        if (!fitted)
            return result;
        const QString& tail = *fitted;
        const RequestTemplate t
            = templateOf(target, mixedSpec, shared + kUniqueMarker + tail, inputTokens, outputTokens, uniqueWords);
        ConversationWriter conversation(mixedSpec, fitter, standIn);
        conversation.write(t, shared + kUniqueMarker + tail, rng, &result.requests);
    }
    result.notes += fitter.notes();
    return result;
}

WorkloadBuilder::Result WorkloadBuilder::fromTrace(
    const ServerEndpoint& target, const WorkloadSpec& spec, const Trace& trace)
{
    Result result;
    if (words().isEmpty()) {
        result.error = QStringLiteral("Cannot build prompts: the word list is missing.");
        return result;
    }
    std::mt19937_64 rng(spec.seed);
    PromptFitter fitter(target, rng);
    // A hash id is the same block of words wherever it appears, drawn from a generator seeded by the id: requests
    // whose leading ids agree share those tokens, as they did in the trace, and a prefix cache can reuse them. A
    // prompt's last block is its own (usually partial, and where the trace's own request began to differ).
    std::map<std::uint64_t, QString> blocks;
    qint64 reused = 0; // blocks an earlier prompt sent too
    qint64 inputTokens = 0;
    const auto block = [&](std::uint64_t id) -> const QString& {
        auto it = blocks.find(id);
        reused += it != blocks.end() ? 1 : 0;
        if (it == blocks.end()) {
            std::mt19937_64 idRng(id ^ (spec.seed * 0x9e3779b97f4a7c15ULL) ^ 0x626c6f636bULL);
            it = blocks.emplace(id, randomWords(idRng, trace.blockTokens)).first;
        }
        return it->second;
    };
    const MixedSpecs mixed(spec, int(trace.requests.size()));
    for (std::size_t n = 0; n < trace.requests.size(); ++n) {
        const TraceRequest& q = trace.requests[n];
        inputTokens += q.inputTokens;
        // The shared blocks, as many as leave room for BOS, the request's own block of words and one more word.
        const int room = q.inputTokens - 1 - RequestTemplate::kUniqueWords - 1;
        const std::size_t fit = room > 0 ? std::size_t(room / std::max(1, trace.blockTokens)) : 0;
        const std::size_t k = std::min(q.hashIds.empty() ? 0 : q.hashIds.size() - 1, fit);
        QString shared;
        for (std::size_t b = 0; b < k; ++b)
            shared += block(q.hashIds[b]);
        const int sharedTokens = 1 + int(k) * trace.blockTokens;
        const int uniqueWords = std::clamp(q.inputTokens - sharedTokens - 2, 0, RequestTemplate::kUniqueWords);
        const QString standIn = QString::fromLatin1(RequestTemplate::uniqueBlock(0, uniqueWords));
        const std::optional<QString> tail
            = fitter.tail(spec, shared + standIn, sharedTokens + uniqueWords, q.inputTokens, &result.error);
        if (!tail)
            return result;
        result.requests.push_back(templateOf(
            target, mixed.of(int(n)), shared + kUniqueMarker + *tail, q.inputTokens, q.outputTokens, uniqueWords));
    }
    result.notes += fitter.notes();
    if (reused > 0)
        result.notes << QStringLiteral(
            "%1 of the prompts' %2 tokens (%3%) repeat a block of %4 an earlier prompt sent, "
            "as the trace's hash ids say: a prefix cache can serve them.")
                            .arg(reused * trace.blockTokens)
                            .arg(inputTokens)
                            .arg(100.0 * double(reused * trace.blockTokens) / double(std::max<qint64>(1, inputTokens)),
                                0, 'f', 1)
                            .arg(trace.blockTokens);
    return result;
}

namespace {

/// One request of a data set (a line, or a request of a line's conversation) as a template: its "prompt" (a string)
/// or "messages" (a list), its own "max_tokens" (else `outputTokens`) and "input_tokens" if it says. Nothing and
/// `error` when it has neither prompt nor messages.
std::optional<RequestTemplate> datasetRequest(
    const QJsonObject& o, WorkloadSpec spec, int outputTokens, const QString& where, QString* error)
{
    RequestTemplate t;
    t.outputTokens = o.value(u"max_tokens").toInt(outputTokens);
    if (o.value(u"prompt").isString()) {
        spec.api = WorkloadSpec::Api::Completions;
        t.body = WorkloadBuilder::body(spec, o.value(u"prompt"), t.outputTokens);
    } else if (o.value(u"messages").isArray() && !o.value(u"messages").toArray().isEmpty()) {
        spec.api = WorkloadSpec::Api::Chat;
        t.body = WorkloadBuilder::body(spec, o.value(u"messages"), t.outputTokens);
    } else {
        *error = QStringLiteral("%1: needs \"prompt\" (a string) or \"messages\" (a list).").arg(where);
        return std::nullopt;
    }
    t.path = spec.api == WorkloadSpec::Api::Completions ? "/v1/completions" : "/v1/chat/completions";
    t.inputTokens = o.value(u"input_tokens").toInt(0); // known only if the data set says; usage tells later
    t.model = spec.model;
    return t;
}

/// A ShareGPT conversation ({"from": "human", "value": …} or {"role", "content"} messages) as its turns: one chat
/// request per user message, carrying every message before it, the recorded answers included. Nothing and `error`
/// when it has no user message.
std::optional<std::vector<RequestTemplate>> shareGptTurns(
    const QJsonArray& conversation, const WorkloadSpec& spec, int outputTokens, const QString& where, QString* error)
{
    // ShareGPT's speakers in the roles a chat completion takes; a tool's or function's output is read as the user's,
    // which every chat template accepts (a "tool" message needs the call's id).
    static const std::map<QString, QString> roles {{QStringLiteral("human"), QStringLiteral("user")},
        {QStringLiteral("user"), QStringLiteral("user")}, {QStringLiteral("gpt"), QStringLiteral("assistant")},
        {QStringLiteral("assistant"), QStringLiteral("assistant")},
        {QStringLiteral("chatgpt"), QStringLiteral("assistant")}, {QStringLiteral("bard"), QStringLiteral("assistant")},
        {QStringLiteral("bing"), QStringLiteral("assistant")}, {QStringLiteral("model"), QStringLiteral("assistant")},
        {QStringLiteral("function_call"), QStringLiteral("assistant")},
        {QStringLiteral("system"), QStringLiteral("system")}, {QStringLiteral("observation"), QStringLiteral("user")},
        {QStringLiteral("tool"), QStringLiteral("user")}, {QStringLiteral("function"), QStringLiteral("user")},
        {QStringLiteral("function_response"), QStringLiteral("user")}};
    std::vector<RequestTemplate> turns;
    QJsonArray messages;
    for (const QJsonValue v : conversation) {
        const QJsonObject m = v.toObject();
        const QString speaker = m.value(u"from").toString(m.value(u"role").toString()).toLower();
        const QString content = m.value(u"value").toString(m.value(u"content").toString());
        const auto role = roles.find(speaker);
        if (role == roles.end()) {
            *error = QStringLiteral("%1: a message from \"%2\", which is none of human, gpt, system, tool.")
                         .arg(where, speaker);
            return std::nullopt;
        }
        messages.append(QJsonObject {{QStringLiteral("role"), role->second}, {QStringLiteral("content"), content}});
        if (role->second == u"user" && (speaker == u"human" || speaker == u"user")) {
            std::optional<RequestTemplate> t = datasetRequest(
                QJsonObject {{QStringLiteral("messages"), messages}}, spec, outputTokens, where, error);
            if (!t)
                return std::nullopt;
            turns.push_back(std::move(*t));
        }
    }
    if (turns.empty()) {
        *error = QStringLiteral("%1: the conversation has no message from a human.").arg(where);
        return std::nullopt;
    }
    return turns;
}

/// An agent's line of Kneepoint's own format: "agent" is a list of stages, each a request as a data set line is, or
/// {"parallel": [requests]} sent together and joined before the next stage. Nothing and `error` when a stage is
/// neither.
std::optional<std::vector<RequestTemplate>> agentStages(
    const QJsonArray& stages, const WorkloadSpec& spec, int outputTokens, const QString& where, QString* error)
{
    std::vector<RequestTemplate> out;
    for (qsizetype i = 0; i < stages.size(); ++i) {
        const QJsonObject stage = stages.at(i).toObject();
        const QString at = QStringLiteral("%1, stage %2").arg(where).arg(i + 1);
        const bool parallel = stage.value(u"parallel").isArray();
        const QJsonArray requests = parallel ? stage.value(u"parallel").toArray() : QJsonArray {stage};
        if (requests.isEmpty()) {
            *error = QStringLiteral("%1: \"parallel\" lists no requests.").arg(at);
            return std::nullopt;
        }
        for (qsizetype k = 0; k < requests.size(); ++k) {
            std::optional<RequestTemplate> t = datasetRequest(requests.at(k).toObject(), spec, outputTokens,
                parallel ? QStringLiteral("%1, call %2").arg(at).arg(k + 1) : at, error);
            if (!t)
                return std::nullopt;
            t->fanOut = k == 0 ? int(requests.size()) : 1;
            out.push_back(std::move(*t));
        }
    }
    if (out.empty()) {
        *error = QStringLiteral("%1: \"agent\" lists no stages.").arg(where);
        return std::nullopt;
    }
    return out;
}

/// The requests of one data set line: a request, a ShareGPT conversation's turns or an agent's stages.
std::optional<std::vector<RequestTemplate>> datasetLine(
    const QJsonObject& o, const WorkloadSpec& lineSpec, int outputTokens, const QString& where, QString* error)
{
    std::optional<std::vector<RequestTemplate>> requests;
    if (o.value(u"conversations").isArray())
        requests = shareGptTurns(o.value(u"conversations").toArray(), lineSpec, outputTokens, where, error);
    else if (o.value(u"agent").isArray())
        requests = agentStages(o.value(u"agent").toArray(), lineSpec, outputTokens, where, error);
    else if (std::optional<RequestTemplate> t = datasetRequest(o, lineSpec, outputTokens, where, error))
        requests = std::vector<RequestTemplate> {std::move(*t)};
    if (requests && requests->size() > 1)
        requests->front().conversationLength = int(requests->size());
    return requests;
}

} // namespace

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
    // The lines without a model of their own, when there is a mix to draw from: their first request and how many.
    std::vector<std::pair<std::size_t, std::size_t>> undrawn;
    bool conversations = false;
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
        WorkloadSpec lineSpec = spec;
        // A line that names its model keeps it, mix or not; the others are dealt out over the mix below.
        const bool ownModel = o.value(u"model").isString() && !o.value(u"model").toString().isEmpty();
        lineSpec.model = ownModel ? o.value(u"model").toString() : spec.model;
        std::optional<std::vector<RequestTemplate>> requests
            = datasetLine(o, lineSpec, o.value(u"max_tokens").toInt(spec.outputTokens),
                QStringLiteral("%1, line %2").arg(path).arg(lineNumber), &result.error);
        if (!requests) {
            result.requests.clear();
            return result;
        }
        if (!ownModel) {
            for (RequestTemplate& t : *requests)
                t.model.clear();
            if (!spec.models.empty())
                undrawn.emplace_back(result.requests.size(), requests->size());
        }
        conversations = conversations || requests->size() > 1;
        std::move(requests->begin(), requests->end(), std::back_inserter(result.requests));
    }
    if (result.requests.empty())
        result.error = QStringLiteral("The data set %1 has no requests.").arg(path);
    // A line that is one request stands alone; in a data set of conversations it is a conversation of one.
    if (conversations) {
        for (std::size_t i = 0; i < result.requests.size();) {
            RequestTemplate& t = result.requests[i];
            t.conversationLength = std::max(1, t.conversationLength);
            i += std::size_t(t.conversationLength);
        }
    }
    // A data set's body is sent as it is (no block of words goes into it), so naming the model in it again is safe.
    // A line's requests (a conversation's turns) all go to its model: another's cache holds none of its history.
    const std::vector<int> assigned = spec.models.assign(int(undrawn.size()), spec.seed);
    for (std::size_t k = 0; k < undrawn.size() && k < assigned.size(); ++k) {
        const QString model = spec.models.shares[std::size_t(assigned[k])].model;
        for (std::size_t i = undrawn[k].first; i < undrawn[k].first + undrawn[k].second; ++i) {
            RequestTemplate& t = result.requests[i];
            QJsonObject o = QJsonDocument::fromJson(t.body).object();
            t.model = model;
            nameModel(&o, spec, t.model);
            t.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
        }
    }
    return result;
}

} // namespace kp::core
