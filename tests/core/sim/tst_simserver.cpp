// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulated server over a real loopback socket, started as a child process the way a user starts it.
#include "core/common/monotonicclock.h"
#include "support/httptestclient.h"
#include "support/simprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QByteArray Model = "meta-llama/Llama-3.1-8B-Instruct";

QByteArray json(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject chatBody(const QString& content, int maxTokens, bool stream)
{
    return {{QStringLiteral("model"), QString::fromUtf8(Model)},
        {QStringLiteral("messages"),
            QJsonArray {
                QJsonObject {{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), content}}}},
        {QStringLiteral("max_tokens"), maxTokens}, {QStringLiteral("ignore_eos"), true},
        {QStringLiteral("temperature"), 0}, {QStringLiteral("stream"), stream}};
}

} // namespace

class TestSimServer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(m_sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--ground-truth"),
                                 m_dir.filePath(QStringLiteral("truth.jsonl"))},
                     &error),
            qPrintable(error));
    }

    void healthPingAndVersion()
    {
        HttpTestClient c(m_sim.port());
        auto r = c.get("/health");
        QCOMPARE(r.status, 200);
        QVERIFY(r.body.isEmpty());
        QCOMPARE(c.get("/ping").status, 200);
        r = c.get("/version");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"version"].toString(), QStringLiteral("0.31.0"));
        QCOMPARE(r.json()[u"kneepoint_sim"][u"speed"].toDouble(), 20.0);
        // The engine vLLM keeps to itself, said so that a run records it: vLLM's defaults on an 80 GB H100.
        QCOMPARE(r.json()[u"kneepoint_sim"][u"max_num_seqs"].toInt(), 1024);
        QCOMPARE(r.json()[u"kneepoint_sim"][u"max_num_batched_tokens"].toInt(), 8192);
        QCOMPARE(c.get("/nowhere").status, 404);
        QCOMPARE(c.post("/health", "{}").status, 405);
    }

    void modelsAsVllmListsThem()
    {
        HttpTestClient c(m_sim.port());
        const auto r = c.get("/v1/models");
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("content-type"), QByteArray("application/json"));
        const QJsonObject doc = r.json().object();
        QCOMPARE(doc[u"object"].toString(), QStringLiteral("list"));
        const QJsonObject card = doc[u"data"].toArray().first().toObject();
        QCOMPARE(card[u"id"].toString(), QString::fromUtf8(Model));
        QCOMPARE(card[u"root"].toString(), QString::fromUtf8(Model));
        QCOMPARE(card[u"owned_by"].toString(), QStringLiteral("vllm"));
        QCOMPARE(card[u"max_model_len"].toInt(), 131072);
        QVERIFY(card[u"parent"].isNull());
        QCOMPARE(card[u"permission"].toArray().first()[u"object"].toString(), QStringLiteral("model_permission"));
    }

    void metricsCarryVllmV1Names()
    {
        HttpTestClient c(m_sim.port());
        const auto r = c.get("/metrics");
        QCOMPARE(r.status, 200);
        QVERIFY(r.header("content-type").startsWith("text/plain; version=0.0.4"));
        for (const char* name : {"vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:kv_cache_usage_perc",
                 "vllm:num_preemptions_total", "vllm:prompt_tokens_total", "vllm:generation_tokens_total",
                 "vllm:request_success_total", "vllm:time_to_first_token_seconds_bucket",
                 "vllm:inter_token_latency_seconds_bucket", "vllm:e2e_request_latency_seconds_bucket",
                 "vllm:request_queue_time_seconds_bucket", "vllm:cache_config_info", "kneepoint:sim_speed_factor",
                 "kneepoint:sim_lag_seconds"})
            QVERIFY2(r.body.contains(name), name);
        QVERIFY(r.body.contains(QByteArray("model_name=\"" + Model + "\"")));
        QVERIFY(r.body.contains("engine=\"0\""));
        QVERIFY(QRegularExpression(QStringLiteral("vllm:cache_config_info\\{[^}]*num_gpu_blocks=\"\\d+\""))
                    .match(QString::fromUtf8(r.body))
                    .hasMatch());
        QCOMPARE(HttpTestClient::metricValue(r.body, "kneepoint:sim_speed_factor"), 20.0);
    }

    void tokenizeAndDetokenize()
    {
        HttpTestClient c(m_sim.port());
        auto r = c.post("/tokenize", R"({"prompt":"the server and a zebra","return_token_strs":true})");
        QCOMPARE(r.status, 200);
        const QJsonObject doc = r.json().object();
        QCOMPARE(doc[u"count"].toInt(), doc[u"tokens"].toArray().size());
        QCOMPARE(doc[u"max_model_len"].toInt(), 131072);
        QCOMPARE(doc[u"token_strs"].toArray().first().toString(), QStringLiteral("<|begin_of_text|>"));
        r = c.post("/detokenize", json({{QStringLiteral("tokens"), doc[u"tokens"]}}));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()[u"prompt"].toString(), QStringLiteral("<|begin_of_text|>the server and a zebra"));
        QCOMPARE(c.post("/detokenize", R"({"tokens":[12]})").status, 400);
        QCOMPARE(c.post("/tokenize", "not json").status, 400);
    }

    void usageAgreesWithTokenize()
    {
        HttpTestClient c(m_sim.port());
        const QByteArray prompt = "How many users can this server take before it breaks?";
        const int promptCount = c.post("/tokenize", json({{QStringLiteral("prompt"), QString::fromUtf8(prompt)}}))
                                    .json()[u"count"]
                                    .toInt();
        auto r = c.post("/v1/completions",
            json({{QStringLiteral("prompt"), QString::fromUtf8(prompt)}, {QStringLiteral("ignore_eos"), true}}));
        QCOMPARE(r.status, 200);
        QJsonObject doc = r.json().object();
        QCOMPARE(doc[u"object"].toString(), QStringLiteral("text_completion"));
        QVERIFY(doc[u"id"].toString().startsWith(u"cmpl-"));
        QCOMPARE(doc[u"usage"][u"prompt_tokens"].toInt(), promptCount);
        QCOMPARE(doc[u"usage"][u"completion_tokens"].toInt(), 16); // vLLM's completions default
        QCOMPARE(doc[u"usage"][u"total_tokens"].toInt(), promptCount + 16);
        const QString text = doc[u"choices"][0][u"text"].toString();
        const int textCount
            = c.post(
                   "/tokenize", json({{QStringLiteral("prompt"), text}, {QStringLiteral("add_special_tokens"), false}}))
                  .json()[u"count"]
                  .toInt();
        QCOMPARE(doc[u"choices"][0][u"finish_reason"].toString(), QStringLiteral("length"));
        QCOMPARE(textCount, 16);

        const QJsonObject chat = chatBody(QStringLiteral("hello there"), 5, false);
        const int chatCount
            = c.post("/tokenize", json({{QStringLiteral("messages"), chat[u"messages"]}})).json()[u"count"].toInt();
        r = c.post("/v1/chat/completions", json(chat));
        QCOMPARE(r.status, 200);
        doc = r.json().object();
        QCOMPARE(doc[u"object"].toString(), QStringLiteral("chat.completion"));
        QCOMPARE(doc[u"usage"][u"prompt_tokens"].toInt(), chatCount);
        QCOMPARE(doc[u"usage"][u"completion_tokens"].toInt(), 5);
        QCOMPARE(doc[u"choices"][0][u"message"][u"role"].toString(), QStringLiteral("assistant"));
    }

    void completionsStreamIsFramedAsVllmFrames()
    {
        HttpTestClient c(m_sim.port());
        const auto r = c.post("/v1/completions",
            R"({"model":"meta-llama/Llama-3.1-8B-Instruct","prompt":"the queue","max_tokens":3,"ignore_eos":true,)"
            R"("temperature":0,"stream":true,"stream_options":{"include_usage":true}})");
        QCOMPARE(r.status, 200);
        QVERIFY(r.complete);
        QVERIFY(r.chunked);
        QCOMPARE(r.header("content-type"), QByteArray("text/event-stream; charset=utf-8"));
        // One SSE event per HTTP chunk, as uvicorn writes each yielded string.
        QCOMPARE(r.chunks.size(), std::size_t(5));
        for (const QByteArray& chunk : r.chunks) {
            QVERIFY(chunk.startsWith("data: "));
            QVERIFY(chunk.endsWith("\n\n"));
        }
        const QRegularExpression head(QStringLiteral("^data: \\{\"id\":\"(cmpl-[0-9a-f]{32})\",\"object\":"
                                                     "\"text_completion\",\"created\":(\\d+),"));
        const auto m = head.match(QString::fromUtf8(r.chunks[0]));
        QVERIFY2(m.hasMatch(), r.chunks[0].constData());
        const QByteArray prefix = "data: {\"id\":\"" + m.captured(1).toUtf8()
            + "\",\"object\":\"text_completion\",\"created\":" + m.captured(2).toUtf8() + ",\"model\":\"" + Model
            + "\",\"choices\":";
        const QRegularExpression tokenText(QStringLiteral("\"text\":\"([^\"]*)\""));
        for (int i = 0; i < 3; ++i) {
            const QByteArray text = tokenText.match(QString::fromUtf8(r.chunks[std::size_t(i)])).captured(1).toUtf8();
            const QByteArray finish = i == 2 ? "\"length\"" : "null";
            QCOMPARE(r.chunks[std::size_t(i)],
                prefix + "[{\"index\":0,\"text\":\"" + text + "\",\"logprobs\":null,\"finish_reason\":" + finish
                    + ",\"stop_reason\":null}],\"usage\":null}\n\n");
        }
        QCOMPARE(
            r.chunks[3], prefix + "[],\"usage\":{\"prompt_tokens\":3,\"total_tokens\":6,\"completion_tokens\":3}}\n\n");
        QCOMPARE(r.chunks[4], QByteArray("data: [DONE]\n\n"));
        QVERIFY(r.raw.endsWith("0\r\n\r\n"));
    }

    void chatStreamSendsTheRoleFirstAndContinuousUsage()
    {
        HttpTestClient c(m_sim.port());
        QJsonObject body = chatBody(QStringLiteral("hi"), 2, true);
        body[QStringLiteral("stream_options")]
            = QJsonObject {{QStringLiteral("include_usage"), true}, {QStringLiteral("continuous_usage_stats"), true}};
        const auto r = c.post("/v1/chat/completions", json(body));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.chunks.size(), std::size_t(5)); // role, 2 tokens, usage, [DONE]
        const QRegularExpression head(QStringLiteral("^data: \\{\"id\":\"(chatcmpl-[0-9a-f]{32})\",\"object\":"
                                                     "\"chat.completion.chunk\",\"created\":(\\d+),"));
        const auto m = head.match(QString::fromUtf8(r.chunks[0]));
        QVERIFY2(m.hasMatch(), r.chunks[0].constData());
        const QByteArray prefix = "data: {\"id\":\"" + m.captured(1).toUtf8()
            + "\",\"object\":\"chat.completion.chunk\",\"created\":" + m.captured(2).toUtf8() + ",\"model\":\"" + Model
            + "\",\"choices\":";
        // <|begin_of_text|> <|user|> hi <|end|> <|assistant|>
        const int p = 5;
        QCOMPARE(r.chunks[0],
            prefix
                + "[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
                  "\"finish_reason\":null}],\"usage\":{\"prompt_tokens\":5,\"total_tokens\":5,"
                  "\"completion_tokens\":0}}\n\n");
        const QRegularExpression content(QStringLiteral("\"content\":\"([^\"]*)\""));
        const QByteArray t1 = content.match(QString::fromUtf8(r.chunks[1])).captured(1).toUtf8();
        const QByteArray t2 = content.match(QString::fromUtf8(r.chunks[2])).captured(1).toUtf8();
        QCOMPARE(r.chunks[1],
            prefix + "[{\"index\":0,\"delta\":{\"content\":\"" + t1
                + "\"},\"logprobs\":null,\"finish_reason\":null}],\"usage\":{\"prompt_tokens\":5,\"total_tokens\":6,"
                  "\"completion_tokens\":1}}\n\n");
        QCOMPARE(r.chunks[2],
            prefix + "[{\"index\":0,\"delta\":{\"content\":\"" + t2
                + "\"},\"logprobs\":null,\"finish_reason\":\"length\",\"stop_reason\":null}],\"usage\":{"
                  "\"prompt_tokens\":5,\"total_tokens\":7,\"completion_tokens\":2}}\n\n");
        QCOMPARE(r.chunks[3],
            prefix + "[],\"usage\":{\"prompt_tokens\":" + QByteArray::number(p)
                + ",\"total_tokens\":7,\"completion_tokens\":2}}\n\n");
        QCOMPARE(r.chunks[4], QByteArray("data: [DONE]\n\n"));
    }

    void greedyIsDeterministicAndSeedsRepeat()
    {
        HttpTestClient c(m_sim.port());
        auto text = [&c](const QByteArray& body) {
            return c.post("/v1/completions", body).json()[u"choices"][0][u"text"].toString();
        };
        const QByteArray greedyA = R"({"prompt":"same prompt","max_tokens":20,"temperature":0,"ignore_eos":true})";
        const QByteArray greedyB = R"({"prompt":"other prompt","max_tokens":20,"temperature":0,"ignore_eos":true})";
        QCOMPARE(text(greedyA), text(greedyA));
        QVERIFY(text(greedyA) != text(greedyB));
        const QByteArray seeded = R"({"prompt":"p","max_tokens":20,"temperature":0.8,"seed":7,"ignore_eos":true})";
        QCOMPARE(text(seeded), text(seeded));
        const QByteArray sampled = R"({"prompt":"p","max_tokens":20,"temperature":0.8,"ignore_eos":true})";
        QVERIFY(text(sampled) != text(sampled));
    }

    void aSeededServerRepeatsItsSampling()
    {
        // Requests that name neither temperature 0 nor a seed draw from the server's sequence: --seed repeats it.
        auto answers = []() {
            SimProcess sim;
            QString error;
            if (!sim.start({QStringLiteral("--seed"), QStringLiteral("5")}, &error))
                return QStringList {error};
            HttpTestClient c(sim.port());
            QStringList texts;
            for (int i = 0; i < 3; ++i)
                texts << c.post("/v1/completions", R"({"prompt":"p","max_tokens":10,"ignore_eos":true})")
                             .json()[u"choices"][0][u"text"]
                             .toString();
            return texts;
        };
        const QStringList first = answers();
        QCOMPARE(first.size(), 3);
        QVERIFY(first[0] != first[1]);
        QCOMPARE(answers(), first);
    }

    void aRepeatedPromptIsServedFromThePrefixCache()
    {
        // As vLLM V1: prefix caching on by default; cached_tokens in usage only with --enable-prompt-tokens-details.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"),
                               QStringLiteral("--enable-prompt-tokens-details")},
                     &error),
            qPrintable(error));
        HttpTestClient c(sim.port());
        QStringList words;
        for (int i = 0; i < 200; ++i)
            words << QStringLiteral("server");
        words[0] = QStringLiteral("zebra");
        const QJsonObject body {{QStringLiteral("prompt"), words.join(u' ')}, {QStringLiteral("max_tokens"), 2},
            {QStringLiteral("ignore_eos"), true}};
        const auto first = c.post("/v1/completions", json(body)).json().object();
        const int prompt = first[u"usage"][u"prompt_tokens"].toInt();
        QCOMPARE(first[u"usage"][u"prompt_tokens_details"][u"cached_tokens"].toInt(-1), 0);
        const auto second = c.post("/v1/completions", json(body)).json().object();
        // Every full 16-token block before the last token.
        const int cachedBlocks = (prompt - 1) / 16;
        QCOMPARE(second[u"usage"][u"prompt_tokens_details"][u"cached_tokens"].toInt(), cachedBlocks * 16);
        const auto metrics = c.get("/metrics").body;
        QCOMPARE(HttpTestClient::metricValue(metrics, "vllm:prefix_cache_queries_total"), 2.0 * prompt);
        QCOMPARE(HttpTestClient::metricValue(metrics, "vllm:prefix_cache_hits_total"), 16.0 * cachedBlocks);
        QVERIFY(metrics.contains("enable_prefix_caching=\"True\""));
        // A different first word changes every block's hash.
        words[0] = QStringLiteral("server");
        QJsonObject other = body;
        other[u"prompt"] = words.join(u' ');
        const auto third = c.post("/v1/completions", json(other)).json().object();
        QCOMPARE(third[u"usage"][u"prompt_tokens_details"][u"cached_tokens"].toInt(-1), 0);

        SimProcess off;
        QVERIFY2(off.start({QStringLiteral("--no-enable-prefix-caching")}, &error), qPrintable(error));
        HttpTestClient d(off.port());
        d.post("/v1/completions", json(body));
        const auto again = d.post("/v1/completions", json(body)).json().object();
        QVERIFY(again[u"usage"][u"prompt_tokens_details"].isNull()); // not asked for: null, as vLLM
        const auto offMetrics = d.get("/metrics").body;
        QVERIFY(!offMetrics.contains("vllm:prefix_cache_hits_total"));
        QVERIFY(offMetrics.contains("enable_prefix_caching=\"False\""));
    }

    // sim --lora: each adapter a model of its own, as vLLM serves --lora-modules: listed after the base with the base
    // as its parent, answering requests that name it, its prompts cached apart from the base's.
    void loraAdaptersAreModelsOfTheirOwn()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--served-model-name"),
                               QStringLiteral("base"), QStringLiteral("--lora"), QStringLiteral("sql:0.5,chat"),
                               QStringLiteral("--enable-prompt-tokens-details")},
                     &error),
            qPrintable(error));
        HttpTestClient c(sim.port());
        const QJsonArray cards = c.get("/v1/models").json().object()[u"data"].toArray();
        QCOMPARE(cards.size(), 3);
        QCOMPARE(cards[0][u"id"].toString(), QStringLiteral("base"));
        QCOMPARE(cards[1][u"id"].toString(), QStringLiteral("sql"));
        QCOMPARE(cards[1][u"parent"].toString(), QStringLiteral("base"));
        QCOMPARE(cards[2][u"id"].toString(), QStringLiteral("chat"));
        QStringList words;
        for (int i = 0; i < 200; ++i)
            words << QStringLiteral("server");
        QJsonObject body {{QStringLiteral("model"), QStringLiteral("base")},
            {QStringLiteral("prompt"), words.join(u' ')}, {QStringLiteral("max_tokens"), 2},
            {QStringLiteral("ignore_eos"), true}};
        QCOMPARE(c.post("/v1/completions", json(body)).status, 200);
        body[u"model"] = QStringLiteral("sql");
        const auto first = c.post("/v1/completions", json(body)).json().object();
        QCOMPARE(first[u"model"].toString(), QStringLiteral("sql")); // as vLLM answers: the name asked for
        QCOMPARE(first[u"usage"][u"prompt_tokens_details"][u"cached_tokens"].toInt(-1), 0); // not the base's KV
        const auto second = c.post("/v1/completions", json(body)).json().object();
        QVERIFY(second[u"usage"][u"prompt_tokens_details"][u"cached_tokens"].toInt() > 0);
        body[u"model"] = QStringLiteral("nope");
        QCOMPARE(c.post("/v1/completions", json(body)).status, 404);
    }

    void minTokensAndTheContextLimit()
    {
        HttpTestClient c(m_sim.port());
        auto r = c.post("/v1/completions", R"({"prompt":"x","max_tokens":40,"min_tokens":40})");
        QCOMPARE(r.json()[u"usage"][u"completion_tokens"].toInt(), 40);
        r = c.post("/v1/completions", R"({"prompt":"x","max_tokens":5,"min_tokens":6})");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()[u"error"][u"param"].toString(), QStringLiteral("min_tokens"));
    }

    void errorsUseVllmsEnvelope_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        QTest::newRow("unknown model") << QByteArray("/v1/completions") << QByteArray(R"({"model":"gpt","prompt":"x"})")
                                       << 404 << QStringLiteral("NotFoundError");
        QTest::newRow("bad json") << QByteArray("/v1/completions") << QByteArray("{") << 400
                                  << QStringLiteral("BadRequestError");
        QTest::newRow("stream options without stream")
            << QByteArray("/v1/completions") << QByteArray(R"({"prompt":"x","stream_options":{"include_usage":true}})")
            << 400 << QStringLiteral("BadRequestError");
        QTest::newRow("zero max_tokens") << QByteArray("/v1/completions")
                                         << QByteArray(R"({"prompt":"x","max_tokens":0})") << 400
                                         << QStringLiteral("BadRequestError");
        QTest::newRow("no messages") << QByteArray("/v1/chat/completions") << QByteArray(R"({"messages":[]})") << 400
                                     << QStringLiteral("BadRequestError");
        QTest::newRow("wrong type") << QByteArray("/v1/completions")
                                    << QByteArray(R"({"prompt":"x","max_tokens":"many"})") << 400
                                    << QStringLiteral("BadRequestError");
    }

    void errorsUseVllmsEnvelope()
    {
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, type);
        HttpTestClient c(m_sim.port());
        const auto r = c.post(path, body);
        QCOMPARE(r.status, status);
        const QJsonObject error = r.json()[u"error"].toObject();
        QCOMPARE(error[u"type"].toString(), type);
        QCOMPARE(error[u"code"].toInt(), status);
        QVERIFY(!error[u"message"].toString().isEmpty());
        QVERIFY(error.contains(u"param"));
    }

    void aPromptOverTheContextIsRefused()
    {
        SimProcess small;
        QString error;
        QVERIFY2(small.start({QStringLiteral("--max-model-len"), QStringLiteral("64")}, &error), qPrintable(error));
        HttpTestClient c(small.port());
        const QByteArray longPrompt = QByteArray("the ").repeated(100);
        const auto r = c.post("/v1/completions", json({{QStringLiteral("prompt"), QString::fromUtf8(longPrompt)}}));
        QCOMPARE(r.status, 400);
        QVERIFY(r.json()[u"error"][u"message"].toString().contains(u"maximum context length (64)"));
        // A max_tokens beyond the room left is clamped, as vLLM does.
        const auto ok = c.post("/v1/completions", R"({"prompt":"the","max_tokens":500,"ignore_eos":true})");
        QCOMPARE(ok.status, 200);
        QCOMPARE(ok.json()[u"usage"][u"total_tokens"].toInt(), 64);
    }

    void apiKeyGuardsOnlyV1Paths()
    {
        SimProcess guarded;
        QString error;
        QVERIFY2(guarded.start({QStringLiteral("--api-key"), QStringLiteral("s3cret")}, &error), qPrintable(error));
        HttpTestClient c(guarded.port());
        auto r = c.get("/v1/models");
        QCOMPARE(r.status, 401);
        QCOMPARE(r.body, QByteArray(R"({"error":"Unauthorized"})"));
        QCOMPARE(c.get("/v1/models", {{"authorization", "Bearer wrong"}}).status, 401);
        QCOMPARE(c.post("/v1/completions", R"({"prompt":"x"})").status, 401);
        QCOMPARE(c.get("/v1/models", {{"authorization", "Bearer s3cret"}}).status, 200);
        QCOMPARE(c.get("/v1/models", {{"authorization", "bearer s3cret"}}).status, 200);
        for (const QByteArray path : {"/health", "/version", "/metrics", "/ping"})
            QCOMPARE(c.get(path).status, 200);
        QCOMPARE(c.post("/tokenize", R"({"prompt":"x"})").status, 200);
        QVERIFY(!guarded.standardOutput().contains(u"s3cret"));
    }

    void keepAliveServesManyRequestsOnOneConnection()
    {
        HttpTestClient c(m_sim.port());
        QVERIFY(c.get("/health").status == 200);
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(c.post("/v1/completions", R"({"prompt":"x","max_tokens":2,"stream":true})").status, 200);
            QVERIFY(c.isConnected());
        }
        // Two pipelined requests in one write are answered in order.
        const QByteArray two = "GET /health HTTP/1.1\r\n\r\nGET /version HTTP/1.1\r\n\r\n";
        QCOMPARE(c.exchange(two).status, 200);
        QCOMPARE(c.receive().json()[u"version"].toString(), QStringLiteral("0.31.0"));
    }

    void groundTruthMatchesTheStream()
    {
        HttpTestClient c(m_sim.port());
        const std::int64_t before = kp::core::monotonicNowNs();
        const auto r
            = c.post("/v1/completions", R"({"prompt":"truth","max_tokens":6,"ignore_eos":true,"stream":true})");
        QCOMPARE(r.status, 200);
        // The server writes the line just after the last bytes leave, so it may trail the client by a moment.
        const QByteArray id = r.chunks.front().mid(13, 37);
        auto findRecord = [this, &id] {
            QFile file(m_dir.filePath(QStringLiteral("truth.jsonl")));
            if (!file.open(QIODevice::ReadOnly))
                return QJsonObject();
            const QList<QByteArray> lines = file.readAll().split('\n');
            for (const QByteArray& line : lines) {
                QJsonObject o = QJsonDocument::fromJson(line).object();
                if (o[u"request_id"].toString().toUtf8() == id)
                    return o;
            }
            return QJsonObject();
        };
        QJsonObject last;
        QTRY_VERIFY_WITH_TIMEOUT(!(last = findRecord()).isEmpty(), 5000);
        QCOMPARE(last[u"completion_tokens"].toInt(), 6);
        QCOMPARE(last[u"chunk_ns"].toArray().size(), 6);
        const auto arrival = std::int64_t(last[u"arrival_ns"].toDouble());
        const auto first = std::int64_t(last[u"first_token_ns"].toDouble());
        QVERIFY(arrival >= before);
        QVERIFY(first > arrival);
        // The client read the first token after the server wrote it, on the same clock.
        QVERIFY(r.chunkArrivalNs.front() >= first);
    }

    void batchingShowsOverTheSocket()
    {
        // max_num_seqs 4 with 8 concurrent streams: 4 run, 4 wait; a tiny KV cache forces preemptions.
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--max-num-seqs"), QStringLiteral("4"),
                               QStringLiteral("--num-gpu-blocks-override"), QStringLiteral("200"),
                               QStringLiteral("--max-model-len"), QStringLiteral("2048"), QStringLiteral("--speed"),
                               QStringLiteral("5")},
                     &error),
            qPrintable(error));
        std::vector<std::unique_ptr<HttpTestClient>> clients;
        for (int i = 0; i < 8; ++i) {
            // Each its own first word: identical prompts would share their KV blocks through the prefix cache.
            const QByteArray prompt = QByteArray::number(i) + ' ' + QByteArray("the ").repeated(600);
            clients.push_back(std::make_unique<HttpTestClient>(sim.port()));
            QVERIFY(clients.back()->send(HttpTestClient::postRequest("/v1/completions",
                json({{QStringLiteral("prompt"), QString::fromUtf8(prompt)}, {QStringLiteral("max_tokens"), 300},
                    {QStringLiteral("ignore_eos"), true}, {QStringLiteral("stream"), true}}))));
        }
        HttpTestClient scraper(sim.port());
        QTest::qWait(300);
        const QByteArray during = scraper.get("/metrics").body;
        // At most 4 run; the rest wait (a preemption can move one more into the queue for a while).
        const double running = HttpTestClient::metricValue(during, "vllm:num_requests_running");
        const double waiting = HttpTestClient::metricValue(during, "vllm:num_requests_waiting");
        QVERIFY2(running >= 1 && running <= 4, qPrintable(QString::number(running)));
        QVERIFY2(waiting >= 4, qPrintable(QString::number(waiting)));
        QCOMPARE(running + waiting, 8.0);
        for (auto& client : clients) {
            const auto r = client->receive(60'000);
            QVERIFY(r.complete);
            QCOMPARE(r.events().size(), 301); // 300 tokens and [DONE]: no usage without stream_options
        }
        const QByteArray after = scraper.get("/metrics").body;
        QVERIFY(HttpTestClient::metricValue(after, "vllm:num_preemptions_total") > 0);
        QCOMPARE(HttpTestClient::metricValue(after, "vllm:generation_tokens_total"), 2400.0);
        QCOMPARE(HttpTestClient::metricValue(after, "vllm:num_requests_running"), 0.0);
    }

    void clientsLeavingMidStreamFreeTheirSlots()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("50")}, &error), qPrintable(error));
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        for (int i = 0; i < 40; ++i) {
            auto socket = std::make_unique<QTcpSocket>();
            socket->connectToHost(QHostAddress::LocalHost, sim.port());
            QVERIFY(socket->waitForConnected(5000));
            socket->write(HttpTestClient::postRequest(
                "/v1/completions", R"({"prompt":"leave","max_tokens":100000,"ignore_eos":true,"stream":true})"));
            QVERIFY(socket->waitForBytesWritten(5000));
            sockets.push_back(std::move(socket));
        }
        for (auto& socket : sockets)
            QVERIFY(socket->waitForReadyRead(5000));
        sockets.clear(); // every client goes away mid-stream, some while the server is writing to it
        HttpTestClient scraper(sim.port());
        QTRY_COMPARE_WITH_TIMEOUT(
            HttpTestClient::metricValue(scraper.get("/metrics").body, "vllm:num_requests_running"), 0.0, 5000);
        const QByteArray metrics = scraper.get("/metrics").body;
        QVERIFY(metrics.contains("finished_reason=\"abort\"} 40.0"));
        QCOMPARE(HttpTestClient::metricValue(metrics, "vllm:kv_cache_usage_perc"), 0.0);
        QCOMPARE(sim.process().state(), QProcess::Running);
    }

    void timePerTokenGrowsWithConcurrency()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("4")}, &error), qPrintable(error));
        HttpTestClient scraper(sim.port());
        // The server's own inter-token histogram (simulated seconds): its sum and count move with each batch.
        auto meanItlMs = [&](int streams) {
            const QByteArray before = scraper.get("/metrics").body;
            std::vector<std::unique_ptr<HttpTestClient>> clients;
            for (int i = 0; i < streams; ++i) {
                // Distinct prompts, so that each prefills its own 2,000 tokens instead of meeting the prefix cache.
                const QByteArray prompt = QByteArray::number(streams) + '-' + QByteArray::number(i) + ' '
                    + QByteArray("the ").repeated(2000);
                clients.push_back(std::make_unique<HttpTestClient>(sim.port()));
                clients.back()->send(HttpTestClient::postRequest("/v1/completions",
                    json({{QStringLiteral("prompt"), QString::fromUtf8(prompt)}, {QStringLiteral("max_tokens"), 40},
                        {QStringLiteral("ignore_eos"), true}, {QStringLiteral("stream"), true}})));
            }
            for (auto& c : clients)
                c->receive(60'000);
            const QByteArray after = scraper.get("/metrics").body;
            const double sum = HttpTestClient::metricValue(after, "vllm:inter_token_latency_seconds_sum")
                - HttpTestClient::metricValue(before, "vllm:inter_token_latency_seconds_sum");
            const double count = HttpTestClient::metricValue(after, "vllm:inter_token_latency_seconds_count")
                - HttpTestClient::metricValue(before, "vllm:inter_token_latency_seconds_count");
            return count > 0 ? sum / count * 1e3 : 0.0;
        };
        const double one = meanItlMs(1);
        const double many = meanItlMs(48);
        // About 6 ms at batch 1; 48 contexts of 2,000 tokens add 12.6 GB of KV reads to every step.
        QVERIFY2(one > 5.0 && one < 7.0, qPrintable(QString::number(one)));
        QVERIFY2(many > one * 2, qPrintable(QStringLiteral("%1 vs %2").arg(many).arg(one)));
    }

private:
    QTemporaryDir m_dir;
    SimProcess m_sim;
};

QTEST_GUILESS_MAIN(TestSimServer)
#include "tst_simserver.moc"
