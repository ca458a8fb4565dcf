// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/chunktimes.h"

#include <QTest>

#include <climits>
#include <iterator>
#include <limits>
#include <random>

using namespace kp::core;

namespace {

std::vector<ChunkArrival> pushedAndRead(const std::vector<ChunkArrival>& chunks)
{
    ChunkTimes times;
    for (const ChunkArrival& c : chunks)
        times.push_back(c);
    return std::vector<ChunkArrival>(times.begin(), times.end());
}

} // namespace

class TestChunkTimes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Every length around the groups of eight, with counts other than 1 anywhere in a group.
    void readsBackWhatWasPushed()
    {
        std::mt19937_64 rng(7);
        for (int n = 0; n <= 41; ++n) {
            std::vector<ChunkArrival> chunks;
            std::int64_t ns = 1'700'000'000'000'000'000 + std::int64_t(rng() % 1'000'000);
            for (int i = 0; i < n; ++i) {
                ns += std::int64_t(rng() % 50'000'000);
                chunks.push_back({ns, rng() % 3 == 0 ? int(rng() % 5) : 1});
            }
            ChunkTimes times;
            for (const ChunkArrival& c : chunks)
                times.push_back(c);
            QCOMPARE(times.size(), chunks.size());
            QCOMPARE(times.empty(), n == 0);
            QCOMPARE(times.toVector(), chunks);
            QCOMPARE(std::size_t(std::distance(times.begin(), times.end())), chunks.size());
            if (n > 0) {
                QCOMPARE(times.front(), chunks.front());
                QCOMPARE(times.back(), chunks.back());
                QCOMPARE(times[std::size_t(n / 2)], chunks[std::size_t(n / 2)]);
            }
            QCOMPARE(ChunkTimes(chunks), times);
        }
    }

    // Arithmetic modulo 2^64: times out of order, the ends of the range, and any token count round-trip.
    void keepsAnyValues()
    {
        const std::int64_t lo = std::numeric_limits<std::int64_t>::min();
        const std::int64_t hi = std::numeric_limits<std::int64_t>::max();
        const std::vector<ChunkArrival> odd {
            {hi, 1}, {lo, 0}, {-1, -7}, {0, INT_MAX}, {hi, INT_MIN}, {5, 1}, {4, 1}, {lo, 1}, {lo, 2}, {-5, 1}};
        QCOMPARE(pushedAndRead(odd), odd);
    }

    // The point of it: a typical stream (a token every 2 to 60 ms) takes three to four bytes a chunk, against the 16
    // of a ChunkArrival.
    void takesAboutThreeBytesAChunk()
    {
        std::mt19937_64 rng(11);
        ChunkTimes times;
        times.reserve(1000);
        std::int64_t ns = 123'456'789'000'000;
        for (int i = 0; i < 1000; ++i) {
            ns += 2'000'000 + std::int64_t(rng() % 58'000'000);
            times.push_back({ns, 1});
        }
        QVERIFY2(times.encodedBytes() <= 4 * 1000 + 1000 / 8 + 16, qPrintable(QString::number(times.encodedBytes())));
        QVERIFY(times.encodedBytes() >= 3 * 1000);
        const std::size_t before = times.encodedBytes();
        times.squeeze();
        QCOMPARE(times.encodedBytes(), before);
        QVERIFY(times.capacityBytes() <= before + before / 8);
    }

    void clearsAndEquals()
    {
        ChunkTimes a {{10, 1}, {20, 2}};
        ChunkTimes b {{10, 1}, {20, 2}};
        QVERIFY(a == b);
        b.push_back({30, 1});
        QVERIFY(!(a == b));
        b.clear();
        QVERIFY(b.empty());
        QCOMPARE(b.back(), ChunkArrival {});
        b.push_back({10, 1});
        b.push_back({20, 2});
        QVERIFY(a == b); // nothing of the cleared chunks is left behind
        QCOMPARE(ChunkTimes().front(), ChunkArrival {});
    }
};

QTEST_APPLESS_MAIN(TestChunkTimes)
#include "tst_chunktimes.moc"
