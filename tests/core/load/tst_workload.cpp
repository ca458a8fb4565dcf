// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/conversationshape.h"
#include "core/load/loadengine.h"
#include "core/load/workload.h"
#include "support/httptestclient.h"
#include "support/simprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

using namespace kp::core;

namespace {

/// `count` of `requests` sent by two users to a simulator of `speed` whose usage says how many prompt tokens its
/// prefix cache served (as vLLM's --enable-prompt-tokens-details makes it); `error` says why none were.
LoadEngine::Result twoUsersOnACachingSim(
    const std::vector<RequestTemplate>& requests, int count, const QString& speed, QString* error)
{
    SimProcess sim;
    if (!sim.start({QStringLiteral("--speed"), speed, QStringLiteral("--enable-prompt-tokens-details")}, error))
        return {};
    ServerEndpoint target;
    target.baseUrl = QUrl(sim.baseUrl());
    LoadPlan plan;
    plan.users = 2;
    plan.requestCount = count;
    return LoadEngine::run(
        target, StreamTransport::Kind::Socket, plan, std::make_shared<const std::vector<RequestTemplate>>(requests));
}

} // namespace

class TestWorkload : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_sim.start({QStringLiteral("--speed"), QStringLiteral("50")}, &error), qPrintable(error));
        m_target.baseUrl = QUrl(m_sim.baseUrl());
    }

    void syntheticPromptsHaveTheExactLength_data()
    {
        QTest::addColumn<bool>("chat");
        QTest::addColumn<int>("input");
        QTest::newRow("completions 1024") << false << 1024;
        QTest::newRow("completions 4") << false << 4;
        QTest::newRow("chat 300") << true << 300;
    }

    void syntheticPromptsHaveTheExactLength()
    {
        QFETCH(bool, chat);
        QFETCH(int, input);
        WorkloadSpec spec;
        spec.api = chat ? WorkloadSpec::Api::Chat : WorkloadSpec::Api::Completions;
        spec.inputTokens = input;
        spec.outputTokens = 5;
        spec.count = 6;
        const auto built = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 6);
        QSet<QByteArray> bodies;
        for (const RequestTemplate& t : built.requests) {
            bodies.insert(t.body);
            QCOMPARE(t.inputTokens, input);
            QCOMPARE(t.path, chat ? QByteArray("/v1/chat/completions") : QByteArray("/v1/completions"));
        }
        QCOMPARE(bodies.size(), 6); // every prompt unique
        // The server agrees: usage.prompt_tokens is the requested length, and the output length is forced.
        LoadPlan plan;
        plan.users = 2;
        plan.requestCount = 6;
        auto workload = std::make_shared<const std::vector<RequestTemplate>>(built.requests);
        const auto result = LoadEngine::run(m_target, StreamTransport::Kind::Socket, plan, workload);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        for (const RequestRecord& r : result.records) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.promptTokens, input);
            QCOMPARE(r.completionTokens, 5);
        }
    }

    void aLengthSpreadDrawsLengthsAroundTheShape()
    {
        WorkloadSpec spec;
        spec.inputTokens = 200;
        spec.outputTokens = 40;
        spec.count = 40;
        spec.lengthSpread = 0.5;
        spec.seed = 7;
        const auto built = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 40);
        QSet<int> inputs;
        QSet<int> outputs;
        double inputSum = 0;
        for (const RequestTemplate& t : built.requests) {
            QVERIFY2(t.inputTokens >= 100 && t.inputTokens <= 300, qPrintable(QString::number(t.inputTokens)));
            QVERIFY2(t.outputTokens >= 20 && t.outputTokens <= 60, qPrintable(QString::number(t.outputTokens)));
            inputs.insert(t.inputTokens);
            outputs.insert(t.outputTokens);
            inputSum += t.inputTokens;
        }
        QVERIFY2(inputs.size() > 20 && outputs.size() > 10, "the lengths hardly vary");
        QVERIFY2(std::abs(inputSum / 40 - 200) < 30, qPrintable(QString::number(inputSum / 40)));
        // The same seed draws the same lengths: a run can be repeated.
        const auto again = WorkloadBuilder::synthetic(m_target, spec);
        for (std::size_t i = 0; i < built.requests.size(); ++i)
            QCOMPARE(again.requests[i].inputTokens, built.requests[i].inputTokens);
        // The server counts each prompt at its own drawn length, and streams each its own output length.
        LoadPlan plan;
        plan.users = 4;
        plan.requestCount = 40;
        auto workload = std::make_shared<const std::vector<RequestTemplate>>(built.requests);
        const auto result = LoadEngine::run(m_target, StreamTransport::Kind::Socket, plan, workload);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        for (const RequestRecord& r : result.records) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.promptTokens, r.requestedInputTokens);
            QCOMPARE(r.completionTokens, r.requestedOutputTokens);
        }
    }

    void conversationsResendTheirHistory_data()
    {
        QTest::addColumn<bool>("chat");
        QTest::newRow("completions") << false;
        QTest::newRow("chat") << true;
    }

    void conversationsResendTheirHistory()
    {
        QFETCH(bool, chat);
        WorkloadSpec spec;
        spec.api = chat ? WorkloadSpec::Api::Chat : WorkloadSpec::Api::Completions;
        spec.inputTokens = 64;
        spec.outputTokens = 8;
        spec.count = 4;
        spec.turns = 3;
        const auto built = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 12); // four conversations of three turns
        for (int c = 0; c < 4; ++c) {
            const RequestTemplate* turns = &built.requests[std::size_t(c) * 3];
            QCOMPARE(turns[0].inputTokens, 64);
            for (int t = 1; t < 3; ++t) {
                // Each turn is the last one's prompt, an answer and a new question: longer by about both.
                QVERIFY2(turns[t].inputTokens >= turns[t - 1].inputTokens + 64 + 8 - 2,
                    qPrintable(QStringLiteral("turn %1: %2 tokens after %3")
                                   .arg(t)
                                   .arg(turns[t].inputTokens)
                                   .arg(turns[t - 1].inputTokens)));
                // With the conversation's block in place, the earlier turn's words lead the later one.
                const QByteArray earlier = turns[t - 1].bodyFor(42);
                const QByteArray later = turns[t].bodyFor(42);
                const QByteArray key = chat ? "\"content\":\"" : "\"prompt\":\"";
                const qsizetype from = earlier.indexOf(key) + key.size();
                const QByteArray words = earlier.mid(from, earlier.indexOf('"', from) - from);
                QVERIFY2(later.contains(words), later.constData());
            }
        }
        // On the server, with its prefix cache on (as vLLM V1's is by default), a later turn finds its history
        // cached and the first none; the usage says how much, as vLLM's --enable-prompt-tokens-details makes it.
        QString error;
        const LoadEngine::Result result = twoUsersOnACachingSim(built.requests, 12, QStringLiteral("50"), &error);
        QVERIFY2(error.isEmpty() && result.error.isEmpty(), qPrintable(error + result.error));
        std::map<int, std::vector<const RequestRecord*>> byUser;
        for (const RequestRecord& r : result.records) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.promptTokens, r.requestedInputTokens);
            byUser[r.user].push_back(&r);
        }
        for (const auto& [user, records] : byUser) {
            QCOMPARE(int(records.size()), 6);
            for (std::size_t i = 0; i < records.size(); ++i) {
                const RequestRecord& r = *records[i];
                if (i % 3 == 0) {
                    QVERIFY2(r.cachedTokens < 32, qPrintable(QString::number(r.cachedTokens)));
                } else {
                    // The previous turn's prompt, in whole 16-token blocks.
                    const int history = records[i - 1]->promptTokens;
                    QVERIFY2(r.cachedTokens >= history / 16 * 16 - 16,
                        qPrintable(QStringLiteral("turn %1 of user %2: %3 cached of a %4-token history")
                                       .arg(i % 3)
                                       .arg(user)
                                       .arg(r.cachedTokens)
                                       .arg(history)));
                }
            }
        }
    }

    // Agents: each turn but the last is followed by its sub-calls, sent together, and the next turn waits for
    // them all (the join) and carries their answers.
    void agentsFanOutAndJoinBeforeTheNextTurn()
    {
        WorkloadSpec spec;
        spec.api = WorkloadSpec::Api::Chat;
        spec.inputTokens = 48;
        spec.outputTokens = 6;
        spec.count = 3;
        spec.turns = 3;
        spec.fanOut = 3;
        const auto built = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 27); // three conversations: a turn, three sub-calls, a turn, three, a turn
        for (int c = 0; c < 3; ++c) {
            const RequestTemplate* r = &built.requests[std::size_t(c) * 9];
            QCOMPARE(r[0].conversationLength, 9);
            QCOMPARE(r[1].conversationLength, 0);
            QCOMPARE((QList<int> {r[0].fanOut, r[1].fanOut, r[2].fanOut, r[4].fanOut, r[5].fanOut, r[8].fanOut}),
                (QList<int> {1, 3, 1, 1, 3, 1}));
            // The sub-calls and the next turn start with the turn's words, the block of the conversation in place.
            const QByteArray first = r[0].bodyFor(7);
            const QByteArray key = "\"content\":\"";
            const qsizetype from = first.indexOf(key) + key.size();
            const QByteArray words = first.mid(from, first.indexOf('"', from) - from);
            for (int i = 1; i <= 4; ++i)
                QVERIFY2(r[i].bodyFor(7).contains(words), r[i].bodyFor(7).constData());
            // What each resends: the turn (the first sub-call), the turn and its answer (the others, and the next
            // turn); the next turn is longer by the answer, the three sub-calls' answers and a question.
            QCOMPARE(r[1].resentTokens, r[0].inputTokens);
            QCOMPARE(r[2].resentTokens, r[0].inputTokens + 6);
            QCOMPARE(r[4].resentTokens, r[0].inputTokens + 6);
            QVERIFY2(r[4].inputTokens >= r[0].inputTokens + 4 * 6 + 48 - 4,
                qPrintable(QStringLiteral("%1 after %2").arg(r[4].inputTokens).arg(r[0].inputTokens)));
        }
        const ConversationShape shape = ConversationShape::of(built.requests);
        QCOMPARE(shape.conversations, 3);
        QCOMPARE(shape.fanOuts, 6);
        QCOMPARE(shape.subCalls, 18);
        QCOMPARE(shape.widestFanOut, 3);
        QVERIFY2(shape.resentShare() > 0.5, qPrintable(QString::number(shape.resentShare())));

        QString error;
        const LoadEngine::Result result = twoUsersOnACachingSim(built.requests, 18, QStringLiteral("20"), &error);
        QVERIFY2(error.isEmpty() && result.error.isEmpty(), qPrintable(error + result.error));
        std::map<int, std::vector<const RequestRecord*>> byUser;
        for (const RequestRecord& r : result.records) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.promptTokens, r.requestedInputTokens);
            byUser[r.user].push_back(&r);
        }
        QCOMPARE(int(byUser.size()), 2);
        for (auto& [user, records] : byUser) {
            QCOMPARE(int(records.size()), 9);
            std::sort(records.begin(), records.end(), [](const RequestRecord* a, const RequestRecord* b) {
                return std::tie(a->scheduledNs, a->id) < std::tie(b->scheduledNs, b->id);
            });
            std::size_t at = 0;
            std::int64_t previousEnd = 0;
            int previousPrompt = 0;
            for (const int width : {1, 3, 1, 3, 1}) {
                std::int64_t end = 0;
                for (std::size_t k = at; k < at + std::size_t(width); ++k) {
                    const RequestRecord& r = *records[k];
                    // Sent together, after every request of the stage before had its answer.
                    QCOMPARE(r.scheduledNs, records[at]->scheduledNs);
                    QVERIFY2(r.scheduledNs >= previousEnd,
                        qPrintable(QStringLiteral("user %1, request %2 left before the join").arg(user).arg(k)));
                    for (std::size_t j = at; j < at + std::size_t(width); ++j)
                        QVERIFY(r.sentNs < records[j]->endNs);
                    // What the stage before sent is in the cache, in whole 16-token blocks.
                    QVERIFY2(r.cachedTokens >= previousPrompt / 16 * 16 - 16,
                        qPrintable(QStringLiteral("user %1, request %2: %3 cached after a %4-token prompt")
                                       .arg(user)
                                       .arg(k)
                                       .arg(r.cachedTokens)
                                       .arg(previousPrompt)));
                    end = std::max(end, r.endNs);
                }
                previousPrompt = width == 1 ? records[at]->promptTokens : previousPrompt;
                previousEnd = end;
                at += std::size_t(width);
            }
        }
    }

    void conversationsAndAgentsFromADataSet()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("agents.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // A ShareGPT conversation of two human turns, an agent of ours (a turn, two sub-calls, a turn) and a request.
        file.write(R"({"conversations": [{"from": "system", "value": "Be brief."}, {"from": "human", "value": "Hi"},)"
                   R"( {"from": "gpt", "value": "Hello."}, {"from": "human", "value": "Name a river."},)"
                   R"( {"from": "gpt", "value": "The Rhine."}]})"
                   "\n"
                   R"({"model": "sql", "agent": [{"messages": [{"role": "user", "content": "Plan it."}]},)"
                   R"( {"parallel": [{"prompt": "Look up A", "max_tokens": 3}, {"prompt": "Look up B"}]},)"
                   R"( {"messages": [{"role": "user", "content": "Plan it."}, {"role": "user", "content": "A, B"}]}]})"
                   "\n"
                   R"({"prompt": "Tell me about the river."})"
                   "\n");
        file.close();
        WorkloadSpec spec;
        spec.outputTokens = 5;
        const auto built = WorkloadBuilder::fromJsonl(path, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 7);
        const auto& r = built.requests;
        QCOMPARE((QList<int> {r[0].conversationLength, r[1].conversationLength, r[2].conversationLength,
                     r[6].conversationLength}),
            (QList<int> {2, 0, 4, 1}));
        // The second human turn carries the first and the recorded answer.
        const QJsonArray second = QJsonDocument::fromJson(r[1].body).object()[u"messages"].toArray();
        QCOMPARE(second.size(), 4);
        QCOMPARE(second[2][u"role"].toString(), QStringLiteral("assistant"));
        QCOMPARE(second[2][u"content"].toString(), QStringLiteral("Hello."));
        QCOMPARE(r[3].fanOut, 2);
        QCOMPARE(r[3].path, QByteArray("/v1/completions"));
        QCOMPARE(r[3].outputTokens, 3);
        QCOMPARE(r[4].outputTokens, 5);
        QCOMPARE(r[4].model, QStringLiteral("sql"));
        const ConversationShape shape = ConversationShape::of(r);
        QCOMPARE(shape.conversations, 3);
        QCOMPARE(shape.subCalls, 2);

        // A stage that is no request, and a speaker no chat has, are refused with the line and the stage.
        QVERIFY(file.open(QIODevice::Append));
        file.write(R"({"agent": [{"prompt": "a"}, {"parallel": [{"max_tokens": 3}]}]})"
                   "\n");
        file.close();
        const auto bad = WorkloadBuilder::fromJsonl(path, spec);
        QVERIFY(bad.requests.empty());
        QVERIFY2(bad.error.contains(u"line 4, stage 2, call 1: needs \"prompt\""), qPrintable(bad.error));
        QFile odd(dir.filePath(QStringLiteral("odd.jsonl")));
        QVERIFY(odd.open(QIODevice::WriteOnly));
        odd.write(R"({"conversations": [{"from": "narrator", "value": "Once"}]})"
                  "\n");
        odd.close();
        QVERIFY2(
            WorkloadBuilder::fromJsonl(odd.fileName(), spec).error.contains(u"line 1: a message from \"narrator\""),
            qPrintable(WorkloadBuilder::fromJsonl(odd.fileName(), spec).error));
    }

    // Every request its own prompt: the block a worker splices in at the start of each request's own part is a
    // number unique in the run, and costs the tokens the length was fitted with.
    void everyRequestGetsItsOwnLeadingBlock()
    {
        WorkloadSpec spec;
        spec.inputTokens = 64;
        spec.count = 2;
        const auto built = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        const RequestTemplate& t = built.requests.front();
        QCOMPARE(t.uniqueWords, RequestTemplate::kUniqueWords);
        QSet<QByteArray> bodies;
        QSet<QString> heads;
        // 227 words: the carry at 226 → 227, the top of LoadWorker's 46 bits, and a step and worker further on.
        for (std::uint64_t n : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(226), std::uint64_t(227),
                 std::uint64_t(1) << 30, (std::uint64_t(0xffff) << 30) + (std::uint64_t(0x7f) << 23) + 0x7fffff,
                 (std::uint64_t(64) << 30) + (std::uint64_t(3) << 23)}) {
            const QByteArray body = t.bodyFor(n);
            bodies.insert(body);
            const QString prompt = QJsonDocument::fromJson(body).object().value(u"prompt").toString();
            QVERIFY2(!prompt.isEmpty(), body.constData());
            heads.insert(prompt.section(u' ', 1, RequestTemplate::kUniqueWords));
            QCOMPARE(prompt.split(u' ', Qt::SkipEmptyParts).size(),
                QJsonDocument::fromJson(t.bodyFor(0))
                    .object()
                    .value(u"prompt")
                    .toString()
                    .split(u' ', Qt::SkipEmptyParts)
                    .size());
        }
        QCOMPARE(bodies.size(), 7);
        QCOMPARE(heads.size(), 7); // six words each, never the same six
        // Another run's offset gives every number another block, and keeps distinct numbers distinct.
        const std::uint64_t offset = 0xfedcba9876543210;
        QVERIFY(t.bodyFor(5, offset) != t.bodyFor(5));
        QVERIFY(t.bodyFor(5, offset) != t.bodyFor(6, offset));
        // A prompt too short for the whole block gets what fits.
        spec.inputTokens = 4;
        const auto tiny = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(tiny.error.isEmpty(), qPrintable(tiny.error));
        QVERIFY(tiny.requests.front().uniqueWords < RequestTemplate::kUniqueWords);
    }

    void aSharedPrefixIsSharedAndNothingMore()
    {
        WorkloadSpec spec;
        spec.inputTokens = 200;
        spec.count = 3;
        spec.sharedPrefixTokens = 100;
        const auto built = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        auto prompt = [](const RequestTemplate& t) {
            return QJsonDocument::fromJson(t.body).object().value(u"prompt").toString();
        };
        const QString a = prompt(built.requests[0]);
        const QString b = prompt(built.requests[1]);
        int common = 0;
        while (common < a.size() && common < b.size() && a[common] == b[common])
            ++common;
        HttpTestClient c(m_sim.port());
        const int commonTokens = c.post("/tokenize",
                                      QJsonDocument(QJsonObject {{QStringLiteral("prompt"), a.left(common)}})
                                          .toJson(QJsonDocument::Compact))
                                     .json()[u"count"]
                                     .toInt();
        QVERIFY2(commonTokens >= 95 && commonTokens <= 103, qPrintable(QString::number(commonTokens)));
        spec.sharedPrefixTokens = 0;
        const auto unshared = WorkloadBuilder::synthetic(m_target, spec);
        QVERIFY(prompt(unshared.requests[0]).left(12) != prompt(unshared.requests[1]).left(12));
    }

    void datasetsFromJsonl()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data.jsonl"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"prompt": "Tell me about the river.", "max_tokens": 12})"
                   "\n\n"
                   R"({"messages": [{"role": "user", "content": "hello"}]})"
                   "\n");
        file.close();
        WorkloadSpec spec;
        spec.outputTokens = 7;
        const auto built = WorkloadBuilder::fromJsonl(path, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 2);
        QCOMPARE(built.requests[0].path, QByteArray("/v1/completions"));
        QCOMPARE(built.requests[0].outputTokens, 12);
        QCOMPARE(built.requests[1].path, QByteArray("/v1/chat/completions"));
        QCOMPARE(built.requests[1].outputTokens, 7);

        QVERIFY(file.open(QIODevice::Append));
        file.write("{\"prompt\": 42}\n");
        file.close();
        const auto bad = WorkloadBuilder::fromJsonl(path, spec);
        QVERIFY(bad.requests.empty());
        QVERIFY2(bad.error.contains(u"line 4"), qPrintable(bad.error));
        QVERIFY(WorkloadBuilder::fromJsonl(dir.filePath(QStringLiteral("missing.jsonl")), spec)
                    .error.contains(u"Cannot read"));
    }

    // --models: each prompt, or conversation, to one model by weight, its name in the body and in the record.
    void aMixSendsEachConversationToOneModelByWeight()
    {
        QString error;
        std::optional<ModelMix> mix = ModelMix::parse(QStringLiteral("base:70, sql:20,org/chat:v2:10"), &error);
        QVERIFY2(mix, qPrintable(error));
        QCOMPARE(int(mix->shares.size()), 3);
        QCOMPARE(mix->shares[2].model, QStringLiteral("org/chat:v2")); // the weight follows the last colon
        QCOMPARE(mix->shares[2].weight, 10.0);
        QCOMPARE(mix->describe(), QStringLiteral("base 70%, sql 20%, org/chat:v2 10%"));
        QCOMPARE(ModelMix::parse(mix->toString(), nullptr)->toString(), mix->toString());
        QCOMPARE(ModelMix::parse(QStringLiteral("a,b"), nullptr)->shares[1].weight, 1.0);
        for (const char* bad : {"a:0", "a:-3", "a:1,a:2", ":5", "", " , "}) {
            error.clear();
            QVERIFY2(!ModelMix::parse(QString::fromLatin1(bad), &error), bad);
            QVERIFY2(error.endsWith(u'.') && !error.startsWith(u"--"), qPrintable(error));
        }
        // Largest remainders: 64 × 0.7 = 44.8, × 0.2 = 12.8, × 0.1 = 6.4 → 45, 13, 6; dealt out, not in blocks.
        const std::vector<int> assigned = mix->assign(64, 5);
        QCOMPARE(int(std::count(assigned.begin(), assigned.end(), 0)), 45);
        QCOMPARE(int(std::count(assigned.begin(), assigned.end(), 1)), 13);
        QCOMPARE(int(std::count(assigned.begin(), assigned.end(), 2)), 6);
        QVERIFY(std::count(assigned.begin(), assigned.begin() + 45, 0) < 45);
        QCOMPARE(mix->assign(64, 5), assigned);

        // A simulator serving an adapter beside its model, as vLLM with --lora-modules.
        SimProcess sim;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("50"), QStringLiteral("--served-model-name"),
                               QStringLiteral("base"), QStringLiteral("--lora"), QStringLiteral("sql:0.5"),
                               QStringLiteral("--enable-prompt-tokens-details")},
                     &error),
            qPrintable(error));
        ServerEndpoint target;
        target.baseUrl = QUrl(sim.baseUrl());
        WorkloadSpec spec;
        spec.inputTokens = 64;
        spec.outputTokens = 4;
        spec.count = 10;
        spec.turns = 2;
        spec.models = *ModelMix::parse(QStringLiteral("base:70,sql:30"), nullptr);
        const auto built = WorkloadBuilder::synthetic(target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 20);
        int toSql = 0;
        for (std::size_t c = 0; c < 10; ++c) {
            const RequestTemplate& first = built.requests[2 * c];
            QCOMPARE(built.requests[2 * c + 1].model, first.model); // a conversation stays with its model
            const QJsonObject body = QJsonDocument::fromJson(first.bodyFor(c)).object();
            QCOMPARE(body.value(u"model").toString(), first.model);
            toSql += first.model == u"sql" ? 1 : 0;
        }
        QCOMPARE(toSql, 3);

        LoadPlan plan;
        plan.users = 2;
        plan.requestCount = 20;
        const auto result = LoadEngine::run(target, StreamTransport::Kind::Socket, plan,
            std::make_shared<const std::vector<RequestTemplate>>(built.requests));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QSet<QString> models;
        for (const RequestRecord& r : result.records) {
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            models.insert(r.model);
        }
        QCOMPARE(models, (QSet<QString> {QStringLiteral("base"), QStringLiteral("sql")}));

        // A data set's line that names its model keeps it; the others are dealt out over the mix.
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("mixed.jsonl")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int i = 0; i < 9; ++i)
            file.write(R"({"prompt": "Tell me about the river."})"
                       "\n");
        file.write(R"({"prompt": "hello", "model": "own"})"
                   "\n");
        file.close();
        const auto lines = WorkloadBuilder::fromJsonl(file.fileName(), spec);
        QVERIFY2(lines.error.isEmpty(), qPrintable(lines.error));
        QCOMPARE(lines.requests.back().model, QStringLiteral("own"));
        QVERIFY(lines.requests.back().body.contains("\"model\":\"own\""));
        int linesToSql = 0;
        for (std::size_t i = 0; i < 9; ++i) {
            QCOMPARE(QJsonDocument::fromJson(lines.requests[i].body).object().value(u"model").toString(),
                lines.requests[i].model);
            linesToSql += lines.requests[i].model == u"sql" ? 1 : 0;
        }
        QCOMPARE(linesToSql, 3); // 9 × 0.3 = 2.7
    }

    // llama-server serves one model and picks LoRA adapters by a request's "lora" field: a name of the mix that is an
    // adapter's file goes as the model with that adapter at scale 1 and every other at 0; the model's own, all at 0.
    void llamaCppAdaptersGoByTheLoraField()
    {
        // What Debian's llama-server b11669 answers at GET /lora-adapters after --lora for two files.
        const std::vector<LoraAdapter> listed = LoraAdapter::listed(
            R"([{"id":0,"path":"/models/kneepoint-tiny-sql.gguf","scale":1.0,"task_name":"","prompt_prefix":""},
                {"id":1,"path":"chat.gguf","scale":0.0,"task_name":"","prompt_prefix":""}])");
        QCOMPARE(int(listed.size()), 2);
        QVERIFY(listed[0].isNamed(QStringLiteral("kneepoint-tiny-sql")));
        QVERIFY(listed[0].isNamed(QStringLiteral("kneepoint-tiny-sql.gguf")));
        QVERIFY(listed[0].isNamed(QStringLiteral("/models/kneepoint-tiny-sql.gguf")));
        QVERIFY(!listed[0].isNamed(QStringLiteral("sql")));
        QVERIFY(LoraAdapter::listed("<html>not found</html>").empty());

        const QStringList served {QStringLiteral("/models/kneepoint-tiny.gguf")};
        QString error;
        const auto routes
            = ModelMix::parse(QStringLiteral("/models/kneepoint-tiny.gguf:50,kneepoint-tiny-sql:30,chat:20"), nullptr)
                  ->llamaCppRoutes(served, listed, &error);
        QVERIFY2(routes, qPrintable(error));
        const ModelMix::Route& sql = routes->at(QStringLiteral("kneepoint-tiny-sql"));
        QCOMPARE(sql.model, served[0]);
        QCOMPARE(QJsonDocument(sql.lora).toJson(QJsonDocument::Compact),
            QByteArray(R"([{"id":0,"scale":1},{"id":1,"scale":0}])"));
        QCOMPARE(QJsonDocument(routes->at(served[0]).lora).toJson(QJsonDocument::Compact),
            QByteArray(R"([{"id":0,"scale":0},{"id":1,"scale":0}])"));
        QVERIFY(!ModelMix::parse(QStringLiteral("base,sql"), nullptr)->llamaCppRoutes(served, listed, &error));
        QVERIFY2(
            error.contains(QStringLiteral("named \"base\"")) && error.contains(u"kneepoint-tiny-sql.gguf, chat.gguf"),
            qPrintable(error));
        QVERIFY(!ModelMix::parse(QStringLiteral("sql"), nullptr)->llamaCppRoutes(served, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("--lora FILE")), qPrintable(error));

        // The body carries both; the simulator's llamacpp dialect runs the adapter and answers with its model.
        SimProcess sim;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("50"), QStringLiteral("--dialect"),
                               QStringLiteral("llamacpp"), QStringLiteral("--served-model-name"),
                               QStringLiteral("base"), QStringLiteral("--lora"), QStringLiteral("sql")},
                     &error),
            qPrintable(error));
        ServerEndpoint target;
        target.baseUrl = QUrl(sim.baseUrl());
        HttpTestClient client(sim.port());
        const auto simRoutes = ModelMix::parse(QStringLiteral("base,sql"), nullptr)
                                   ->llamaCppRoutes({QStringLiteral("base")},
                                       LoraAdapter::listed(client.get("/lora-adapters").body), &error);
        QVERIFY2(simRoutes, qPrintable(error));
        WorkloadSpec spec;
        spec.inputTokens = 32;
        spec.outputTokens = 4;
        spec.count = 4;
        spec.models = *ModelMix::parse(QStringLiteral("base,sql"), nullptr);
        spec.routes = *simRoutes;
        const auto built = WorkloadBuilder::synthetic(target, spec);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        for (const RequestTemplate& t : built.requests) {
            const QJsonObject body = QJsonDocument::fromJson(t.bodyFor(0)).object();
            QCOMPARE(body.value(u"model").toString(), QStringLiteral("base"));
            QCOMPARE(body.value(u"lora")[0][u"scale"].toInt(), t.model == u"sql" ? 1 : 0);
        }
        LoadPlan plan;
        plan.users = 2;
        plan.requestCount = 4;
        const auto result = LoadEngine::run(target, StreamTransport::Kind::Socket, plan,
            std::make_shared<const std::vector<RequestTemplate>>(built.requests));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        for (const RequestRecord& r : result.records)
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
        // An id it did not load is refused, as llama-server refuses it.
        const auto bad
            = client.post("/v1/completions", R"({"prompt":"the","max_tokens":1,"lora":[{"id":3,"scale":1}]})");
        QCOMPARE(bad.status, 400);
    }

private:
    SimProcess m_sim;
    ServerEndpoint m_target;
};

QTEST_GUILESS_MAIN(TestWorkload)
#include "tst_workload.moc"
