// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/chunkcodec.h"
#include "support/storerecords.h"

#include <QTest>

#include <random>

using namespace kp::core;
using namespace kp::test;

/// The chunk times' encoding: lossless, frozen, strict about damage, and small.
class TestChunkCodec : public QObject
{
    Q_OBJECT

private slots:
    void codecRoundTrip();
    void codecFormatIsFrozen();
    void codecRejectsMalformed();
    void codecBytesPerToken();
};

void TestChunkCodec::codecRoundTrip()
{
    constexpr std::int64_t maxNs = std::numeric_limits<std::int64_t>::max();
    constexpr std::int64_t minNs = std::numeric_limits<std::int64_t>::min();
    std::vector<std::pair<const char*, std::pair<std::vector<ChunkArrival>, std::int64_t>>> cases;
    cases.push_back({"empty", {{}, 0}});
    cases.push_back({"one", {{{123'456'789, 1}}, 100}});
    cases.push_back({"mixed tokens", {{{10, 1}, {20, 1}, {30, 3}, {40, 0}, {50, -2}, {60, 1}, {70, 1}}, 5}});
    cases.push_back({"never sent", {{{5, 1}, {9, 1}}, -1}});
    cases.push_back({"out of order", {{{500, 1}, {100, 1}, {900, 1}, {-400, 1}}, 1000}});
    cases.push_back({"extremes", {{{maxNs, 1}, {minNs, 1}, {maxNs, 1}, {0, 1}, {minNs, 1}}, maxNs}});
    cases.push_back(
        {"extreme tokens", {{{1, std::numeric_limits<int>::max()}, {2, std::numeric_limits<int>::min()}}, minNs}});
    for (int n : {2, 128, 129, 130, 257, 1000}) {
        std::vector<ChunkArrival> even;
        even.reserve(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            even.push_back({1'000'000 + i * 20'000'000LL, 1});
        cases.push_back({"equal gaps", {even, 0}});
        std::mt19937_64 rng(static_cast<std::uint64_t>(n));
        cases.push_back({"realistic", {realisticChunks(rng, 77'000'000'000, n), 77'000'000'000}});
    }
    for (const auto& [name, input] : cases) {
        const auto& [chunks, base] = input;
        const QByteArray blob = ChunkCodec::encode(chunks, base);
        std::vector<ChunkArrival> decoded {{1, 1}};
        QVERIFY2(ChunkCodec::decode(blob, base, &decoded), name);
        QCOMPARE(decoded.size(), chunks.size());
        for (std::size_t i = 0; i < chunks.size(); ++i) {
            QCOMPARE(decoded[i].ns, chunks[i].ns);
            QCOMPARE(decoded[i].tokens, chunks[i].tokens);
        }
    }
    // Equal gaps pack in zero bits: a thousand chunks cost their eight block headers and little else.
    std::vector<ChunkArrival> even;
    even.reserve(1000);
    for (int i = 0; i < 1000; ++i)
        even.push_back({i * 20'000'000LL, 1});
    QVERIFY(ChunkCodec::encode(even, 0).size() < 64);
}

void TestChunkCodec::codecFormatIsFrozen()
{
    // Files in the field hold format 1 blobs: encode() may only change under a new format byte.
    QCOMPARE(ChunkCodec::encode(frozenChunks(), 5'000'000'000), kFrozenChunks);
}

void TestChunkCodec::codecRejectsMalformed()
{
    std::mt19937_64 rng(4);
    const std::vector<ChunkArrival> chunks = realisticChunks(rng, 1'000'000, 300);
    const QByteArray blob = ChunkCodec::encode(chunks, 1'000'000);
    std::vector<ChunkArrival> out;
    for (qsizetype n = 0; n < blob.size(); ++n) {
        QVERIFY2(!ChunkCodec::decode(blob.left(n), 1'000'000, &out), qPrintable(QString::number(n)));
        QVERIFY(out.empty());
    }
    QVERIFY(!ChunkCodec::decode(blob + '\0', 1'000'000, &out));
    QByteArray wrongVersion = blob;
    wrongVersion[0] = 2;
    QVERIFY(!ChunkCodec::decode(wrongVersion, 1'000'000, &out));
    // A forged count of 2^62 chunks must be refused before anything is allocated.
    QVERIFY(!ChunkCodec::decode(QByteArray::fromHex("0180808080808080804002"), 0, &out));
    // Random bytes never crash the decoder (ASan watches this in the sanitizer build).
    std::uniform_int_distribution<int> length(0, 64);
    for (int i = 0; i < 20000; ++i) {
        QByteArray junk(length(rng), '\0');
        for (char& c : junk)
            c = static_cast<char>(rng());
        if (!junk.isEmpty() && i % 2 == 0)
            junk[0] = static_cast<char>(ChunkCodec::formatVersion);
        ChunkCodec::decode(junk, 0, &out);
    }
}

void TestChunkCodec::codecBytesPerToken()
{
    std::mt19937_64 rng(11);
    qint64 bytes = 0;
    qint64 tokens = 0;
    for (int i = 0; i < 2000; ++i) {
        const std::vector<ChunkArrival> chunks = realisticChunks(rng, 0, 1000);
        bytes += ChunkCodec::encode(chunks, 0).size();
        for (const ChunkArrival& c : chunks)
            tokens += c.tokens;
    }
    const double perToken = static_cast<double>(bytes) / static_cast<double>(tokens);
    qInfo(
        "chunk blobs: %.3f bytes per token (2,000 requests x 1,000 tokens, 5-50 ms cadence, +-30%% jitter)", perToken);
    QVERIFY(perToken < 4.0);
}

QTEST_GUILESS_MAIN(TestChunkCodec)
#include "tst_chunkcodec.moc"
