// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/streamevent.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>
#include <climits>
#include <cstring>

namespace kp::core {

namespace {

// Deep enough for any chunk a server sends, shallow enough that hostile nesting cannot exhaust the stack.
constexpr int MaxDepth = 64;

template<std::size_t N> bool is(QByteArrayView key, const char (&literal)[N])
{
    return key.size() == qsizetype(N - 1) && std::memcmp(key.data(), literal, N - 1) == 0;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isHexDigit(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// What one scan of a chunk found.
struct Chunk
{
    bool error = false;
    bool hasUsage = false;
    int choiceCount = 0;
    bool hasText = false;
    bool hasAnswer = false; // non-empty content (chat) or text (completions)
    bool hasThinking = false; // non-empty reasoning or reasoning_content
    QByteArrayView answer; // the first non-empty answer text, escapes undecoded: where a <think> tag would be
    bool hasRole = false;
    QByteArrayView finishReason;
    int completionTokens = -1;
    int promptTokens = -1;
    int cachedTokens = -1;
    int reasoningTokens = -1;
};

// A validating JSON scanner (the RFC 8259 grammar; UTF-8 is not checked) that walks a chunk once and picks out the
// members a load test needs. Keys are compared as sent: a key spelled with escapes is a key we do not know.
class Scanner
{
public:
    explicit Scanner(QByteArrayView text)
        : m_begin(text.data())
        , m_p(text.data())
        , m_end(text.data() + text.size())
    { }

    bool chunk(Chunk* c)
    {
        ws();
        if (!at('{'))
            return failHere("expected a JSON object");
        const bool ok = object(1, [this, c](QByteArrayView key) {
            if (is(key, "choices")) {
                if (!at('['))
                    return value(1);
                return array(2, [this, c] {
                    ++c->choiceCount;
                    return at('{') ? choice(c) : value(2);
                });
            }
            if (is(key, "usage"))
                return at('{') ? usage(c) : value(1);
            if (is(key, "error")) {
                // Some servers send "error": null in good chunks.
                if (!at('n'))
                    c->error = true;
                return value(1);
            }
            if (is(key, "object") && at('"')) {
                // The flat envelope of vLLM before 0.10.1.
                QByteArrayView raw;
                if (!string(&raw))
                    return false;
                if (is(raw, "error"))
                    c->error = true;
                return true;
            }
            return value(1);
        });
        if (!ok)
            return false;
        ws();
        return m_p == m_end || fail("trailing characters");
    }

    const char* failure() const { return m_failure; }
    qsizetype offset() const { return m_p - m_begin; }

private:
    bool fail(const char* why)
    {
        m_failure = why;
        return false;
    }
    bool failHere(const char* why) { return fail(m_p == m_end ? "unexpected end" : why); }
    bool at(char c) const { return m_p < m_end && *m_p == c; }
    void ws()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }

    // At the opening quote; `raw` gets the bytes between the quotes, escapes undecoded.
    bool string(QByteArrayView* raw)
    {
        const char* start = ++m_p;
        while (m_p < m_end) {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                *raw = QByteArrayView(start, m_p - start);
                ++m_p;
                return true;
            }
            if (c < 0x20)
                return fail("control character in string");
            if (c == '\\') {
                if (++m_p == m_end)
                    break;
                switch (*m_p) {
                case '"':
                case '\\':
                case '/':
                case 'b':
                case 'f':
                case 'n':
                case 'r':
                case 't':
                    break;
                case 'u':
                    for (int i = 0; i < 4; ++i) {
                        if (++m_p == m_end)
                            return fail("unexpected end");
                        if (!isHexDigit(*m_p))
                            return fail("bad \\u escape");
                    }
                    break;
                default:
                    return fail("bad escape");
                }
            }
            ++m_p;
        }
        return fail("unexpected end");
    }

    // `*out` is set only for an integer that fits an int; fractions and exponents are valid but not counts.
    bool number(int* out)
    {
        bool negative = false;
        if (at('-')) {
            negative = true;
            ++m_p;
        }
        long long v = 0;
        bool fits = true;
        if (at('0')) {
            ++m_p;
        } else if (m_p < m_end && isDigit(*m_p)) {
            for (; m_p < m_end && isDigit(*m_p); ++m_p) {
                v = v * 10 + (*m_p - '0');
                if (v > INT_MAX) {
                    fits = false;
                    v = 0;
                }
            }
        } else {
            return failHere("bad number");
        }
        if (at('.')) {
            ++m_p;
            if (m_p == m_end || !isDigit(*m_p))
                return failHere("bad number");
            while (m_p < m_end && isDigit(*m_p))
                ++m_p;
            fits = false;
        }
        if (at('e') || at('E')) {
            ++m_p;
            if (at('+') || at('-'))
                ++m_p;
            if (m_p == m_end || !isDigit(*m_p))
                return failHere("bad number");
            while (m_p < m_end && isDigit(*m_p))
                ++m_p;
            fits = false;
        }
        if (fits && out)
            *out = int(negative ? -v : v);
        return true;
    }

    template<std::size_t N> bool literal(const char (&word)[N])
    {
        if (m_end - m_p < qsizetype(N - 1) || std::memcmp(m_p, word, N - 1) != 0)
            return fail(m_end - m_p < qsizetype(N - 1) ? "unexpected end" : "bad literal");
        m_p += N - 1;
        return true;
    }

    // At '{'. `member(key)` is called with m_p at the member's value and must consume it.
    template<typename F> bool object(int depth, F&& member)
    {
        if (depth > MaxDepth)
            return fail("nested too deep");
        ++m_p;
        ws();
        if (at('}')) {
            ++m_p;
            return true;
        }
        for (;;) {
            ws();
            if (!at('"'))
                return failHere("expected a key");
            QByteArrayView key;
            if (!string(&key))
                return false;
            ws();
            if (!at(':'))
                return failHere("expected ':'");
            ++m_p;
            ws();
            if (!member(key))
                return false;
            ws();
            if (at(',')) {
                ++m_p;
                continue;
            }
            if (at('}')) {
                ++m_p;
                return true;
            }
            return failHere("expected ',' or '}'");
        }
    }

    // At '['. `element()` is called with m_p at each element and must consume it.
    template<typename F> bool array(int depth, F&& element)
    {
        if (depth > MaxDepth)
            return fail("nested too deep");
        ++m_p;
        ws();
        if (at(']')) {
            ++m_p;
            return true;
        }
        for (;;) {
            ws();
            if (!element())
                return false;
            ws();
            if (at(',')) {
                ++m_p;
                continue;
            }
            if (at(']')) {
                ++m_p;
                return true;
            }
            return failHere("expected ',' or ']'");
        }
    }

    // Any value, validated and skipped; `depth` is that of the container holding it.
    bool value(int depth)
    {
        ws();
        if (m_p == m_end)
            return fail("unexpected end");
        switch (*m_p) {
        case '{':
            return object(depth + 1, [this, depth](QByteArrayView) { return value(depth + 1); });
        case '[':
            return array(depth + 1, [this, depth] { return value(depth + 1); });
        case '"': {
            QByteArrayView raw;
            return string(&raw);
        }
        case 't':
            return literal("true");
        case 'f':
            return literal("false");
        case 'n':
            return literal("null");
        default:
            return number(nullptr);
        }
    }

    bool intValue(int* out, int depth)
    {
        return at('-') || (m_p < m_end && isDigit(*m_p)) ? number(out) : value(depth);
    }

    bool textValue(bool* nonEmpty, int depth, QByteArrayView* text = nullptr)
    {
        if (!at('"'))
            return value(depth);
        QByteArrayView raw;
        if (!string(&raw))
            return false;
        if (!raw.isEmpty()) {
            *nonEmpty = true;
            if (text && text->isEmpty())
                *text = raw;
        }
        return true;
    }

    bool answerValue(Chunk* c, int depth)
    {
        bool nonEmpty = false;
        if (!textValue(&nonEmpty, depth, &c->answer))
            return false;
        c->hasText = c->hasText || nonEmpty;
        c->hasAnswer = c->hasAnswer || nonEmpty;
        return true;
    }

    bool choice(Chunk* c)
    {
        return object(3, [this, c](QByteArrayView key) {
            if (is(key, "text"))
                return answerValue(c, 3);
            if (is(key, "delta"))
                return at('{') ? delta(c) : value(3);
            if (is(key, "finish_reason") && at('"')) {
                QByteArrayView raw;
                if (!string(&raw))
                    return false;
                if (c->finishReason.isEmpty())
                    c->finishReason = raw;
                return true;
            }
            return value(3);
        });
    }

    bool delta(Chunk* c)
    {
        return object(4, [this, c](QByteArrayView key) {
            if (is(key, "content"))
                return answerValue(c, 4);
            // vLLM renamed reasoning_content to reasoning (PR #27752); either carries the thinking tokens.
            if (is(key, "reasoning") || is(key, "reasoning_content")) {
                bool nonEmpty = false;
                if (!textValue(&nonEmpty, 4))
                    return false;
                c->hasText = c->hasText || nonEmpty;
                c->hasThinking = c->hasThinking || nonEmpty;
                return true;
            }
            if (is(key, "role") && at('"'))
                c->hasRole = true;
            return value(4);
        });
    }

    bool usage(Chunk* c)
    {
        c->hasUsage = true;
        return object(2, [this, c](QByteArrayView key) {
            if (is(key, "completion_tokens"))
                return intValue(&c->completionTokens, 2);
            if (is(key, "prompt_tokens"))
                return intValue(&c->promptTokens, 2);
            if (is(key, "prompt_tokens_details") && at('{')) {
                return object(3, [this, c](QByteArrayView detail) {
                    return is(detail, "cached_tokens") ? intValue(&c->cachedTokens, 3) : value(3);
                });
            }
            // OpenAI's count of the thinking tokens among the completion's.
            if (is(key, "completion_tokens_details") && at('{')) {
                return object(3, [this, c](QByteArrayView detail) {
                    return is(detail, "reasoning_tokens") ? intValue(&c->reasoningTokens, 3) : value(3);
                });
            }
            return value(2);
        });
    }

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    const char* m_failure = "";
};

// Errors are rare: a full parse is affordable, and it decodes the message's escapes.
void readError(QByteArrayView data, StreamEvent* e)
{
    const QJsonObject top = QJsonDocument::fromJson(data.toByteArray()).object();
    const QJsonValue error = top.value(u"error");
    if (error.isString()) {
        e->errorMessage = error.toString();
        return;
    }
    // Nested since vLLM 0.10.1, flat ("object":"error") before.
    const QJsonObject detail = error.isObject() ? error.toObject() : top;
    e->errorMessage = detail.value(u"message").toString();
    if (e->errorMessage.isEmpty())
        e->errorMessage = detail.value(u"type").toString();
    if (e->errorMessage.isEmpty())
        e->errorMessage = QString::fromUtf8(data.first(std::min<qsizetype>(data.size(), 200)));
    const QJsonValue code = detail.value(u"code");
    if (code.isDouble())
        e->errorCode = code.toInt();
}

// Whether a raw (undecoded) JSON string holds only white space, its escapes \n, \r and \t included.
bool isBlankEscaped(QByteArrayView text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (ch == '\\' && i + 1 < text.size() && (text[i + 1] == 'n' || text[i + 1] == 'r' || text[i + 1] == 't')) {
            ++i;
            continue;
        }
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r')
            return false;
    }
    return true;
}

} // namespace

void StreamEventReader::readThinkTags(QByteArrayView answer, StreamEvent* e)
{
    // A model whose server does not separate its reasoning thinks in the answer, inside <think>…</think> (DeepSeek
    // R1, Qwen3): the block's tokens are thinking, the answer begins after it. A chat template may open the block in
    // the prompt, so that the stream only closes it: then everything before the close was thinking (thinkClosed).
    // Only the first block counts: an answer may well write the tags itself.
    static constexpr QByteArrayView open("<think>");
    static constexpr QByteArrayView close("</think>");
    if (!m_thinkDone && !m_thinkOpen && !m_answerSeen) {
        const qsizetype at = answer.indexOf(open);
        if (at >= 0 && isBlankEscaped(answer.first(at))) {
            m_thinkOpen = true;
            answer = answer.sliced(at + open.size());
        }
    }
    if (!m_thinkDone) {
        const qsizetype end = answer.indexOf(close);
        if (end >= 0) {
            e->thinkClosed = !m_thinkOpen;
            m_thinkOpen = false;
            m_thinkDone = true;
            e->thinking = true;
            e->answer = !isBlankEscaped(answer.sliced(end + close.size()));
        } else if (m_thinkOpen) {
            e->thinking = true;
            e->answer = false;
        }
    }
    if (e->answer)
        m_answerSeen = true;
}

StreamEvent StreamEventReader::read(QByteArrayView data)
{
    StreamEvent e;
    if (!data.startsWith('{') && data.trimmed() == "[DONE]") {
        e.kind = StreamEvent::Kind::Done;
        return e;
    }
    // "data:" with nothing after it is a valid SSE event with empty data (a keep-alive, in effect): no chunk, and
    // no fault.
    if (data.trimmed().isEmpty()) {
        e.kind = StreamEvent::Kind::Empty;
        return e;
    }
    Chunk c;
    Scanner scanner(data);
    if (!scanner.chunk(&c)) {
        e.kind = StreamEvent::Kind::Malformed;
        e.errorMessage
            = QStringLiteral("invalid JSON at byte %1: %2").arg(scanner.offset()).arg(QLatin1String(scanner.failure()));
        return e;
    }
    e.completionTokens = c.completionTokens;
    e.promptTokens = c.promptTokens;
    e.cachedTokens = c.cachedTokens;
    e.reasoningTokens = c.reasoningTokens;
    if (c.error) {
        e.kind = StreamEvent::Kind::Error;
        readError(data, &e);
        return e;
    }
    if (!c.finishReason.isEmpty())
        e.finishReason = c.finishReason.toByteArray();

    // The tokens this chunk carried by the server's own count, or -1 without continuous usage.
    int usageDelta = -1;
    if (c.completionTokens >= 0) {
        usageDelta = c.completionTokens - m_completionTokens;
        m_completionTokens = std::max(m_completionTokens, c.completionTokens);
        // Usage on a chunk with text, or on a first chunk, is continuous usage: each chunk carries the running count.
        if (c.hasText || !m_seenChunk)
            m_continuousUsage = true;
    }
    m_seenChunk = m_seenChunk || c.choiceCount > 0;
    if (c.hasUsage && c.choiceCount == 0) {
        e.kind = StreamEvent::Kind::Usage;
    } else if (c.hasText) {
        e.kind = StreamEvent::Kind::Token;
        // Text means at least one token whatever the usage says (a server that counts late, or not at all).
        e.tokens = std::max(usageDelta, 1);
        e.thinking = c.hasThinking;
        e.answer = c.hasAnswer;
        // A server that separates the reasoning says which is which; only without it do the tags tell.
        m_reasoningField = m_reasoningField || c.hasThinking;
        if (c.hasAnswer && !m_reasoningField)
            readThinkTags(c.answer, &e);
    } else if (c.hasRole) {
        e.kind = StreamEvent::Kind::RoleOnly;
    } else if (c.choiceCount > 0 && usageDelta > 0 && m_continuousUsage) {
        // No text but counted: EOS on the final chunk, or a token whose bytes the detokenizer still holds back.
        // Only under continuous usage: llama.cpp's last chunk carries the whole request's usage beside an empty
        // choice, and taking its total for the tokens of that chunk would double the count.
        e.kind = StreamEvent::Kind::Token;
        e.tokens = usageDelta;
    }
    return e;
}

} // namespace kp::core
