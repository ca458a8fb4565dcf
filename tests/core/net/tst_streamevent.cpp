// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/streamrecorder.h"
#include "core/net/sseparser.h"
#include "core/net/streamevent.h"

#include <QTest>

#include <cctype>
#include <cstdint>

using namespace kp::core;
using Kind = StreamEvent::Kind;

// moc reads a raw string literal as an ordinary one, so JSON in raw strings derails it: it is shown the declaration
// only, and everything holding test data sits behind Q_MOC_RUN.
class TestStreamEvent : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void classifiesOneEvent_data();
    void classifiesOneEvent();
    void readsErrors_data();
    void readsErrors();
    void rejectsInvalidJson_data();
    void rejectsInvalidJson();
    void readsEveryStringAsTheGrammarSays();
    void countsTokensByContinuousUsage();
    void readsTheSimulatorsChatStream();
    void tellsThinkingFromAnswer();
    void recordsTheFirstAnswerAndTheThinkingTokens();
};

#ifndef Q_MOC_RUN

namespace {

// The exact chunks vLLM and the simulator send.
const QByteArray CompletionChunk = QByteArrayLiteral(
    R"({"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[{"index":0,"text":" the",)"
    R"("logprobs":null,"finish_reason":null,"stop_reason":null}],"usage":null})");
const QByteArray ChatRoleChunk = QByteArrayLiteral(
    R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,)"
    R"("delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]})");

QByteArray completion(QByteArrayView text, QByteArrayView finish, QByteArrayView usage)
{
    return R"({"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[{"index":0,"text":")"
        + text.toByteArray() + R"(","logprobs":null,"finish_reason":)" + finish.toByteArray()
        + R"(,"stop_reason":null}],"usage":)" + usage.toByteArray() + '}';
}

QByteArray chat(QByteArrayView delta, QByteArrayView finish = "null")
{
    return R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,)"
           R"("delta":)"
        + delta.toByteArray() + R"(,"logprobs":null,"finish_reason":)" + finish.toByteArray() + "}]}";
}

// As the simulator writes continuous usage on completions.
QByteArray usage(int prompt, int completion)
{
    return R"({"prompt_tokens":)" + QByteArray::number(prompt) + R"(,"total_tokens":)"
        + QByteArray::number(prompt + completion) + R"(,"completion_tokens":)" + QByteArray::number(completion)
        + R"(,"prompt_tokens_details":null})";
}

} // namespace

// Each row is read by a fresh reader, so usage deltas count from zero.
void TestStreamEvent::classifiesOneEvent_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("completionTokens");
    QTest::addColumn<int>("promptTokens");
    QTest::addColumn<int>("cachedTokens");
    QTest::addColumn<QByteArray>("finishReason");

    const auto row = [](const char* name, const QByteArray& data, Kind kind, int tokens, int completion = -1,
                         int prompt = -1, int cached = -1, const QByteArray& finish = {}) {
        QTest::newRow(name) << data << int(kind) << tokens << completion << prompt << cached << finish;
    };
    row("done", "[DONE]", Kind::Done, 0);
    row("done with spaces", " [DONE] ", Kind::Done, 0);
    row("completion token", CompletionChunk, Kind::Token, 1);
    row("completion, continuous usage", completion(" the", "null", usage(3, 2)), Kind::Token, 2, 2, 3);
    row("three tokens in one chunk", completion(" a b c", "null", usage(3, 3)), Kind::Token, 3, 3, 3);
    row("usage says zero but text", completion(" a", "null", usage(3, 0)), Kind::Token, 1, 0, 3);
    row("escaped quotes", completion(R"(say \"hi\")", "null", "null"), Kind::Token, 1);
    row("escaped backslash", completion(R"(\\)", "null", "null"), Kind::Token, 1);
    row("unicode escape", completion(R"(\u00e9\n)", "null", "null"), Kind::Token, 1);
    row("empty text", completion("", "null", "null"), Kind::Empty, 0);
    row("final, length", completion(" end", R"("length")", "null"), Kind::Token, 1, -1, -1, -1, "length");
    row("final, EOS without text", completion("", R"("stop")", "null"), Kind::Empty, 0, -1, -1, -1, "stop");
    row("final, EOS counted", completion("", R"("stop")", usage(3, 1)), Kind::Token, 1, 1, 3, -1, "stop");
    row("chat role", ChatRoleChunk, Kind::RoleOnly, 0);
    row("chat role, continuous usage",
        R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,)"
        R"("delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],)"
        R"("usage":{"prompt_tokens":3,"total_tokens":3,"completion_tokens":0}})",
        Kind::RoleOnly, 0, 0, 3);
    row("chat role without content", chat(R"({"role":"assistant"})"), Kind::RoleOnly, 0);
    row("chat role with content", chat(R"({"role":"assistant","content":"Hi"})"), Kind::Token, 1);
    row("chat token", chat(R"({"content":" hi"})"), Kind::Token, 1);
    row("chat null content", chat(R"({"content":null})"), Kind::Empty, 0);
    row("chat final",
        R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":)"
        R"([{"index":0,"delta":{"content":"."},"logprobs":null,"finish_reason":"length","stop_reason":null}]})",
        Kind::Token, 1, -1, -1, -1, "length");
    row("chat empty final", chat("{}", R"("stop")"), Kind::Empty, 0, -1, -1, -1, "stop");
    row("reasoning", chat(R"({"reasoning":"Let me think"})"), Kind::Token, 1);
    row("reasoning_content", chat(R"({"role":"assistant","reasoning_content":"Hmm","content":null})"), Kind::Token, 1);
    row("usage chunk",
        R"({"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[],)"
        R"("usage":{"prompt_tokens":3,"total_tokens":6,"completion_tokens":3}})",
        Kind::Usage, 0, 3, 3);
    row("usage with cached tokens",
        R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[],)"
        R"("usage":{"prompt_tokens":30,"total_tokens":36,"completion_tokens":6,)"
        R"("prompt_tokens_details":{"cached_tokens":16}}})",
        Kind::Usage, 0, 6, 30, 16);
    row("choices empty, no usage", R"({"id":"x","choices":[]})", Kind::Empty, 0);
    row("text look-alike in a string", R"({"id":"\"text\":\"x\"","choices":[{"index":0,"text":""}]})", Kind::Empty, 0);
    row("error null", R"({"error":null,"choices":[{"index":0,"text":"a"}]})", Kind::Token, 1);
    row("whitespace everywhere", " {\n\t\"choices\" : [ { \"text\" : \"a\" } ] , \"usage\" : null }\r\n", Kind::Token,
        1);
    row("unknown nesting", R"({"choices":[{"text":"a","x":[[{"y":[1,-2.5e-3,true,false,null,"\u0041"]}]]}]})",
        Kind::Token, 1);
    row("float counts ignored", R"({"choices":[],"usage":{"prompt_tokens":1.5,"completion_tokens":2e1}})", Kind::Usage,
        0, -1, -1);
}

void TestStreamEvent::classifiesOneEvent()
{
    QFETCH(QByteArray, data);
    QFETCH(int, kind);
    QFETCH(int, tokens);
    QFETCH(int, completionTokens);
    QFETCH(int, promptTokens);
    QFETCH(int, cachedTokens);
    QFETCH(QByteArray, finishReason);
    StreamEventReader reader;
    const StreamEvent e = reader.read(data);
    QCOMPARE(int(e.kind), kind);
    QCOMPARE(e.tokens, tokens);
    QCOMPARE(e.completionTokens, completionTokens);
    QCOMPARE(e.promptTokens, promptTokens);
    QCOMPARE(e.cachedTokens, cachedTokens);
    QCOMPARE(e.finishReason, finishReason);
    QVERIFY(e.errorMessage.isEmpty());
}

void TestStreamEvent::readsErrors_data()
{
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("code");
    QTest::newRow("nested (vLLM >= 0.10.1)")
        << QByteArrayLiteral(R"({"error":{"message":"Simulated engine failure \"mid-stream\".",)"
                             R"("type":"InternalServerError","param":null,"code":500}})")
        << QStringLiteral("Simulated engine failure \"mid-stream\".") << 500;
    QTest::newRow("flat (vLLM < 0.10.1)")
        << QByteArrayLiteral(R"({"object":"error","message":"This model's maximum context length is 4096 tokens.",)"
                             R"("type":"BadRequestError","param":null,"code":400})")
        << QStringLiteral("This model's maximum context length is 4096 tokens.") << 400;
    QTest::newRow("flat inside error") << QByteArrayLiteral(
        R"({"error":{"object":"error","message":"m","type":"t","param":null,"code":400}})")
                                       << QStringLiteral("m") << 400;
    QTest::newRow("string") << QByteArrayLiteral(R"({"error":"Unauthorized"})") << QStringLiteral("Unauthorized") << 0;
    QTest::newRow("string code") << QByteArrayLiteral(R"({"error":{"message":"x","code":"rate_limit"}})")
                                 << QStringLiteral("x") << 0;
    QTest::newRow("no message") << QByteArrayLiteral(R"({"error":{"type":"InternalServerError"}})")
                                << QStringLiteral("InternalServerError") << 0;
}

void TestStreamEvent::readsErrors()
{
    QFETCH(QByteArray, data);
    QFETCH(QString, message);
    QFETCH(int, code);
    StreamEventReader reader;
    const StreamEvent e = reader.read(data);
    QCOMPARE(e.kind, Kind::Error);
    QCOMPARE(e.errorMessage, message);
    QCOMPARE(e.errorCode, code);
    QCOMPARE(e.tokens, 0);
}

void TestStreamEvent::rejectsInvalidJson_data()
{
    QTest::addColumn<QByteArray>("data");
    // The simulator's --fault-malformed chunk: cut off mid-literal.
    QTest::newRow("truncated literal") << QByteArrayLiteral(
        R"({"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":)"
        R"([{"index":0,"text":" word","logprobs":nul)");
    QTest::newRow("truncated object") << CompletionChunk.chopped(1);
    QTest::newRow("escaped closing quote") << QByteArrayLiteral(R"({"choices":[{"text":"\"}]})");
    QTest::newRow("bad escape") << QByteArrayLiteral(R"({"choices":[{"text":"\x"}]})");
    QTest::newRow("short unicode escape") << QByteArrayLiteral(R"({"choices":[{"text":"\u12"}]})");
    QTest::newRow("raw newline in string") << QByteArrayLiteral("{\"choices\":[{\"text\":\"a\nb\"}]}");
    QTest::newRow("trailing comma") << QByteArrayLiteral(R"({"a":1,})");
    QTest::newRow("trailing comma in array") << QByteArrayLiteral(R"({"choices":[{"text":"a"},]})");
    QTest::newRow("missing colon") << QByteArrayLiteral(R"({"a" 1})");
    QTest::newRow("unquoted key") << QByteArrayLiteral(R"({a:1})");
    QTest::newRow("leading zero") << QByteArrayLiteral(R"({"a":01})");
    QTest::newRow("bare minus") << QByteArrayLiteral(R"({"a":-})");
    QTest::newRow("empty fraction") << QByteArrayLiteral(R"({"a":1.})");
    QTest::newRow("empty exponent") << QByteArrayLiteral(R"({"a":1e})");
    QTest::newRow("bad literal") << QByteArrayLiteral(R"({"a":tru})");
    QTest::newRow("trailing garbage") << CompletionChunk + "x";
    QTest::newRow("two objects") << CompletionChunk + CompletionChunk;
    QTest::newRow("not an object") << QByteArrayLiteral(R"(["a"])");
    QTest::newRow("half done") << QByteArrayLiteral("[DONE");
    QTest::newRow("deep nesting") << "{\"a\":" + QByteArray(100'000, '[') + QByteArray(100'000, ']') + '}';
}

// Strings of every length up to 40, with quotes, backslashes, escapes, control characters and UTF-8 at every position,
// are accepted or refused as RFC 8259 says.
void TestStreamEvent::readsEveryStringAsTheGrammarSays()
{
    const QByteArray alphabet = QByteArrayLiteral("ab\"\\/\x01\x1f\t\x7f\xc3\xa9 u0n");
    // What the grammar says of a string's inside: no raw control character, and every backslash a known escape.
    const auto valid = [](const QByteArray& inside) {
        for (qsizetype i = 0; i < inside.size(); ++i) {
            const auto c = static_cast<unsigned char>(inside[i]);
            if (c < 0x20 || c == '"')
                return false;
            if (c != '\\')
                continue;
            if (++i == inside.size())
                return false;
            const char e = inside[i];
            if (e == 'u') {
                for (int k = 0; k < 4; ++k) {
                    if (++i == inside.size() || !std::isxdigit(static_cast<unsigned char>(inside[i])))
                        return false;
                }
            } else if (!QByteArrayView("\"\\/bfnrt").contains(e)) {
                return false;
            }
        }
        return true;
    };
    std::uint32_t seed = 12345;
    const auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    int valids = 0;
    for (int round = 0; round < 20'000; ++round) {
        QByteArray inside;
        const int length = int(next() % 41);
        for (int i = 0; i < length; ++i)
            inside += next() % 4 == 0 ? alphabet[qsizetype(next() % alphabet.size())] : char('a' + next() % 26);
        const QByteArray chunk = "{\"choices\":[{\"text\":\"" + inside + "\"}]}";
        StreamEventReader reader;
        const StreamEvent e = reader.read(chunk);
        const bool expected = valid(inside);
        valids += expected;
        QVERIFY2((e.kind != Kind::Malformed) == expected, chunk.toPercentEncoding().constData());
    }
    QVERIFY(valids > 1000); // both kinds were tried
}

void TestStreamEvent::rejectsInvalidJson()
{
    QFETCH(QByteArray, data);
    StreamEventReader reader;
    const StreamEvent e = reader.read(data);
    QCOMPARE(e.kind, Kind::Malformed);
    QVERIFY(!e.errorMessage.isEmpty());
    QCOMPARE(e.tokens, 0);
    // "data:" alone is a valid SSE event whose data is empty, as a keep-alive: nothing, and no fault.
    for (const QByteArray& empty : {QByteArray(), QByteArrayLiteral("  ")}) {
        const StreamEvent nothing = reader.read(empty);
        QCOMPARE(nothing.kind, Kind::Empty);
        QCOMPARE(nothing.tokens, 0);
    }
}

void TestStreamEvent::countsTokensByContinuousUsage()
{
    StreamEventReader reader;
    const QList<QByteArray> stream = {
        completion(" a", "null", usage(3, 1)),
        completion(" b c d", "null", usage(3, 4)), // speculative decoding: three at once
        completion(" e", "null", usage(3, 5)),
        completion("", R"("stop")", usage(3, 6)), // EOS: counted, no text
        QByteArray(R"({"id":"cmpl-1","object":"text_completion","created":1,"model":"m","choices":[],)"
                   R"("usage":{"prompt_tokens":3,"total_tokens":9,"completion_tokens":6}})"),
        "[DONE]",
    };
    QList<Kind> kinds;
    QList<int> tokens;
    for (const QByteArray& data : stream) {
        const StreamEvent e = reader.read(data);
        kinds.append(e.kind);
        tokens.append(e.tokens);
    }
    QCOMPARE(kinds, (QList<Kind> {Kind::Token, Kind::Token, Kind::Token, Kind::Token, Kind::Usage, Kind::Done}));
    QCOMPARE(tokens, (QList<int> {1, 3, 1, 1, 0, 0}));

    // A new request counts from zero again.
    reader.reset();
    QCOMPARE(reader.read(completion(" a", "null", usage(3, 2))).tokens, 2);

    // llama.cpp: no continuous usage, then the whole request's usage on the last chunk, beside an empty choice
    // with its finish_reason (and its timings). That chunk carries no token: counting its 3 would double the count.
    reader.reset();
    QList<int> llama;
    for (const QByteArray& data : {completion(" a", "null", "null"), completion(" b", "null", "null"),
             completion(" c", "null", "null"), completion("", R"("length")", usage(4, 3)), QByteArray("[DONE]")}) {
        const StreamEvent e = reader.read(data);
        llama.append(e.kind == Kind::Token ? e.tokens : 0);
    }
    QCOMPARE(llama, (QList<int> {1, 1, 1, 0, 0}));
}

void TestStreamEvent::readsTheSimulatorsChatStream()
{
    const QByteArray body = "data: " + ChatRoleChunk + "\n\ndata: " + chat(R"({"content":" hi"})")
        + "\n\ndata: " + chat(R"({"content":"!"})", R"("length")")
        + "\n\ndata: "
          R"({"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[],)"
          R"("usage":{"prompt_tokens":3,"total_tokens":5,"completion_tokens":2}})"
          "\n\ndata: [DONE]\n\n";
    SseParser parser;
    StreamEventReader reader;
    QList<Kind> kinds;
    int tokens = 0;
    QByteArray finish;
    QVERIFY(parser.feed(body, [&](QByteArrayView data) {
        const StreamEvent e = reader.read(data);
        kinds.append(e.kind);
        tokens += e.tokens;
        if (!e.finishReason.isEmpty())
            finish = e.finishReason;
    }));
    QCOMPARE(kinds, (QList<Kind> {Kind::RoleOnly, Kind::Token, Kind::Token, Kind::Usage, Kind::Done}));
    QCOMPARE(tokens, 2);
    QCOMPARE(finish, QByteArray("length"));
    QVERIFY(!parser.hasPartialEvent());
}

namespace {

// What a reader said of each event of a stream: t thinking, a answer, ta both, c a close of a block the stream never
// opened (with its t and a), - no token.
QList<QByteArray> partsOf(const QList<QByteArray>& stream)
{
    StreamEventReader reader;
    QList<QByteArray> out;
    for (const QByteArray& data : stream) {
        const StreamEvent e = reader.read(data);
        if (e.kind != Kind::Token) {
            out << QByteArray("-");
            continue;
        }
        out << QByteArray(e.thinkClosed ? "c" : "") + (e.thinking ? "t" : "") + (e.answer ? "a" : "");
    }
    return out;
}

} // namespace

void TestStreamEvent::tellsThinkingFromAnswer()
{
    // vLLM with a reasoning parser: the thinking in its own field (either name), then the answer. Tags in the answer
    // are then the answer's own words.
    QCOMPARE(partsOf({ChatRoleChunk, chat(R"({"reasoning_content":"Let"})"), chat(R"({"reasoning":" me"})"),
                 chat(R"({"content":"Yes"})"), chat(R"({"content":" </think> is a tag"})"), "[DONE]"}),
        (QList<QByteArray> {"-", "t", "t", "a", "a", "-"}));
    // No parser: a <think> block in the content (DeepSeek R1, Qwen3), white space and escapes around the tags.
    QCOMPARE(partsOf({chat(R"({"content":"<think>"})"), chat(R"({"content":"\nhmm"})"),
                 chat(R"({"content":"</think>\n\n"})"), chat(R"({"content":"Paris"})"),
                 chat(R"({"content":" <think>again</think>"})")}),
        (QList<QByteArray> {"t", "t", "t", "a", "a"}));
    QCOMPARE(partsOf({chat(R"({"content":" <think>so"})"), chat(R"({"content":" it is</think>Paris"})")}),
        (QList<QByteArray> {"t", "ta"}));
    // The chat template opened the block in the prompt: the stream only closes it, and what came before was thinking.
    QCOMPARE(
        partsOf({chat(R"({"content":"hmm"})"), chat(R"({"content":" so</think>"})"), chat(R"({"content":"Paris"})")}),
        (QList<QByteArray> {"a", "ct", "a"}));
    // A completion's text is answer; a model that never thinks answers from its first token.
    QCOMPARE(partsOf({completion(" the", "null", "null"), CompletionChunk}), (QList<QByteArray> {"a", "a"}));
    // OpenAI's count of the thinking tokens rides on usage.
    StreamEventReader reader;
    const StreamEvent e
        = reader.read(QByteArray(R"({"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":9,)"
                                 R"("completion_tokens_details":{"reasoning_tokens":7}}})"));
    QCOMPARE(e.kind, Kind::Usage);
    QCOMPARE(e.reasoningTokens, 7);
    QCOMPARE(e.completionTokens, 9);
}

void TestStreamEvent::recordsTheFirstAnswerAndTheThinkingTokens()
{
    const auto record = [](const QList<QByteArray>& events) {
        RequestRecord r;
        r.sentNs = 0;
        StreamRecorder recorder(r);
        recorder.headers(200, 1, {}, "text/event-stream");
        std::int64_t ns = 10;
        for (const QByteArray& data : events)
            recorder.body(QByteArray(QByteArray("data: ") + data + "\n\n"), ns += 10);
        recorder.complete(ns + 1);
        return recorder.take();
    };
    // Thinking in its own field: the first token at 30 ns is thinking, the answer begins at 50.
    RequestRecord r = record({ChatRoleChunk, chat(R"({"reasoning_content":"Let"})"),
        chat(R"({"reasoning_content":" me"})"), chat(R"({"content":"Yes"})"), chat(R"({"content":"."})"), "[DONE]"});
    QVERIFY(r.ok());
    QCOMPARE(r.firstTokenNs, 30);
    QCOMPARE(r.firstAnswerNs, 50);
    QCOMPARE(r.reasoningTokens, 2);
    QCOMPARE(r.outputTokens(), 4);
    // The template opened the block: the close makes the tokens before it thinking, and the answer starts after it.
    r = record({chat(R"({"content":"hmm"})"), chat(R"({"content":" so"})"), chat(R"({"content":"</think>"})"),
        chat(R"({"content":"Paris"})"), "[DONE]"});
    QCOMPARE(r.firstTokenNs, 20);
    QCOMPARE(r.firstAnswerNs, 50);
    QCOMPARE(r.reasoningTokens, 3);
    // A model that does not think: the first answer is the first token, and no thinking is counted.
    r = record({chat(R"({"content":"Paris"})"), chat(R"({"content":"."})"), "[DONE]"});
    QCOMPARE(r.firstAnswerNs, r.firstTokenNs);
    QCOMPARE(r.reasoningTokens, -1);
    // Thinking to the last token: no answer came. The server's own count, when it sends one, is taken.
    r = record({chat(R"({"reasoning":"a"})"), chat(R"({"reasoning":"b"})"),
        QByteArray(R"({"id":"c","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":5,)"
                   R"("completion_tokens_details":{"reasoning_tokens":5}}})"),
        "[DONE]"});
    QCOMPARE(r.firstAnswerNs, -1);
    QCOMPARE(r.reasoningTokens, 5);
}

#endif // Q_MOC_RUN

QTEST_GUILESS_MAIN(TestStreamEvent)
#include "tst_streamevent.moc"
