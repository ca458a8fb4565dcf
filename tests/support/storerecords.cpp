// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/storerecords.h"

#include <QJsonArray>
#include <QTest>

using namespace kp::core;

namespace kp::test {

std::vector<ChunkArrival> realisticChunks(std::mt19937_64& rng, std::int64_t sentNs, int tokens)
{
    std::uniform_real_distribution<double> ttftMs(20.0, 400.0);
    std::uniform_real_distribution<double> cadenceMs(5.0, 50.0);
    std::uniform_real_distribution<double> jitter(0.7, 1.3);
    std::uniform_int_distribution<int> percent(0, 99);
    const double cadence = cadenceMs(rng);
    std::vector<ChunkArrival> chunks;
    std::int64_t t = sentNs + static_cast<std::int64_t>(ttftMs(rng) * 1e6);
    int left = tokens;
    while (left > 0) {
        const int n = left > 1 && percent(rng) == 0 ? 2 : 1;
        chunks.push_back({t, n});
        left -= n;
        t += static_cast<std::int64_t>(cadence * jitter(rng) * 1e6);
    }
    return chunks;
}

RequestRecord makeRequest(std::mt19937_64& rng, std::uint64_t id, int tokens, std::int64_t sentNs)
{
    RequestRecord r;
    r.id = id;
    r.responseId = "cmpl-" + QByteArray::number(static_cast<qulonglong>(id));
    r.user = static_cast<int>(id % 16);
    r.warmup = id % 50 == 0;
    r.scheduledNs = sentNs - 1234;
    r.sentNs = sentNs;
    r.headersNs = sentNs + 900'000;
    r.chunks = realisticChunks(rng, sentNs, tokens);
    r.firstTokenNs = r.chunks.empty() ? -1 : r.chunks.front().ns;
    r.endNs = (r.chunks.empty() ? sentNs : r.chunks.back().ns) + 5'000;
    r.httpStatus = 200;
    r.promptTokens = 1024;
    r.completionTokens = tokens;
    r.cachedTokens = id % 3 == 0 ? 512 : -1;
    // Every fourth thought first, as a reasoning model's: its answer began at its third chunk.
    if (id % 4 == 1 && r.chunks.size() > 2) {
        r.reasoningTokens = 2;
        r.firstAnswerNs = r.chunks[2].ns;
    } else {
        r.firstAnswerNs = r.firstTokenNs;
    }
    r.finishReason = QStringLiteral("length");
    r.requestedInputTokens = 1024;
    r.requestedOutputTokens = tokens;
    if (id % 17 == 5) {
        r.error = ErrorClass::StreamCut;
        r.errorMessage = QStringLiteral("The connection closed before [DONE].");
        r.finishReason.clear();
        r.completionTokens = -1;
    }
    return r;
}

std::vector<RequestRecord> makeRequests(std::uint64_t seed, int count, int tokens)
{
    std::mt19937_64 rng(seed);
    std::vector<RequestRecord> requests;
    requests.reserve(static_cast<std::size_t>(count));
    std::int64_t sent = 1'000'000'000'000 + static_cast<std::int64_t>(seed) * 1'000'000'000;
    for (int i = 0; i < count; ++i) {
        sent += 3'000'000 + static_cast<std::int64_t>(rng() % 2'000'000);
        requests.push_back(makeRequest(rng, seed * 1'000'000 + static_cast<std::uint64_t>(i), tokens, sent));
    }
    return requests;
}

StepInfo makeStep(int index)
{
    StepInfo s;
    s.phase = Phase::Concurrency;
    s.index = index;
    s.load = QJsonObject {{QStringLiteral("concurrency"), 1 << (index % 8)}};
    s.startNs = 1'000'000'000LL * index;
    s.endNs = s.startNs + 999'000'000;
    s.startedUtc = QStringLiteral("2026-01-02T03:04:%1.000Z").arg(index % 60, 2, 10, QLatin1Char('0'));
    return s;
}

std::vector<StoredMetricsSample> makeSamples(int index)
{
    std::vector<StoredMetricsSample> samples;
    samples.reserve(3);
    for (int i = 0; i < 3; ++i)
        samples.push_back({1'000'000'000LL * index + i * 250'000'000,
            QJsonObject {{QStringLiteral("vllm:num_requests_running"), index + i},
                {QStringLiteral("vllm:kv_cache_usage_perc"), 0.25 * i}}});
    return samples;
}

RunInfo makeRunInfo()
{
    RunInfo info;
    info.url = QStringLiteral("http://127.0.0.1:8000/v1");
    info.model = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
    info.gpu = QStringLiteral("H100 SXM");
    info.product = QStringLiteral("vLLM 0.6.3");
    info.options = QJsonObject {{QStringLiteral("maxConcurrency"), 64}, {QStringLiteral("stepSeconds"), 30.5},
        {QStringLiteral("slo"), QJsonObject {{QStringLiteral("ttftMs"), 500}}}};
    info.facts = QJsonObject {{QStringLiteral("maxModelLen"), 8192}};
    info.environment = QJsonObject {
        {QStringLiteral("os"), QStringLiteral("Debian 12")}, {QStringLiteral("cpus"), QJsonArray {1, 2, 3}}};
    return info;
}

void compareRecords(const RequestRecord& a, const RequestRecord& b)
{
    QCOMPARE(a.id, b.id);
    QCOMPARE(a.responseId, b.responseId);
    QCOMPARE(a.user, b.user);
    QCOMPARE(a.warmup, b.warmup);
    QCOMPARE(a.scheduledNs, b.scheduledNs);
    QCOMPARE(a.sentNs, b.sentNs);
    QCOMPARE(a.headersNs, b.headersNs);
    QCOMPARE(a.firstTokenNs, b.firstTokenNs);
    QCOMPARE(a.endNs, b.endNs);
    QCOMPARE(a.httpStatus, b.httpStatus);
    QCOMPARE(a.error, b.error);
    QCOMPARE(a.errorMessage, b.errorMessage);
    QCOMPARE(a.promptTokens, b.promptTokens);
    QCOMPARE(a.completionTokens, b.completionTokens);
    QCOMPARE(a.cachedTokens, b.cachedTokens);
    QCOMPARE(a.firstAnswerNs, b.firstAnswerNs);
    QCOMPARE(a.reasoningTokens, b.reasoningTokens);
    QCOMPARE(a.finishReason, b.finishReason);
    QCOMPARE(a.requestedInputTokens, b.requestedInputTokens);
    QCOMPARE(a.requestedOutputTokens, b.requestedOutputTokens);
    QCOMPARE(a.chunks.size(), b.chunks.size());
    const std::vector<ChunkArrival> ac = a.chunks.toVector(), bc = b.chunks.toVector();
    for (std::size_t i = 0; i < ac.size(); ++i) {
        QCOMPARE(ac[i].ns, bc[i].ns);
        QCOMPARE(ac[i].tokens, bc[i].tokens);
    }
}

void compareRequests(const std::vector<RequestRecord>& stored, const std::vector<RequestRecord>& expected)
{
    QCOMPARE(stored.size(), expected.size());
    for (std::size_t i = 0; i < stored.size(); ++i) {
        compareRecords(stored[i], expected[i]);
        if (QTest::currentTestFailed())
            return;
    }
}

const QByteArray kFrozenChunks = QByteArray::fromHex("0103020202010480897ac0afcc121320a1070000");

std::vector<ChunkArrival> frozenChunks()
{
    return {{5'001'000'000, 1}, {5'021'000'000, 1}, {5'040'500'000, 2}};
}

} // namespace kp::test
