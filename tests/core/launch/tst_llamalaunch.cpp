// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// `kneepoint launch --engine llamacpp` without a server: the GGUF reader against files written by the format's
// documentation (and against broken ones), the memory estimate worked out by hand, llama-server's allow-list, the
// command lines, and the refusals of the binary before anything starts. tst_interop starts the real server.

#include "core/catalog/ggufmodel.h"
#include "core/catalog/modelresolver.h"
#include "core/launch/engineargallowlist.h"
#include "core/launch/launchcommandbuilder.h"
#include "core/launch/llamamemoryestimate.h"
#include "support/ggufwriter.h"
#include "support/kneepointrun.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace kp::core;

class TestLlamaLaunch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void readsTypesSizesAndGeometry();
    void perLayerKvHeads();
    void brokenFilesAreNamed_data();
    void brokenFilesAreNamed();
    void estimateByHand();
    void computeBuffersFollowTheServer_data();
    void computeBuffersFollowTheServer();
    void theDefaultContextIsPerSlot();
    void refusalNamesTheWaysOut();
    void hostPromptCache();
    void allowList_data();
    void allowList();
    void commandLines();
    void theBinaryRefusesBeforeStarting_data();
    void theBinaryRefusesBeforeStarting();
    void aFileFromTheHubCache();
    void theAnalysisReadsTheFile();
    void aLaunchedFileIsFoundAgain();

private:
    QString write(const QString& name, const GgufWriter& w);
    QTemporaryDir m_dir;
};

void TestLlamaLaunch::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

QString TestLlamaLaunch::write(const QString& name, const GgufWriter& w)
{
    QString path = m_dir.filePath(name);
    if (!w.write(path))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestLlamaLaunch::readsTypesSizesAndGeometry()
{
    // 2 layers of width 64, 4 heads of 16, 2 KV heads, 256 tokens.
    const QString path = write(QStringLiteral("small.gguf"), GgufWriter::llama());
    QString error;
    const auto m = GgufModel::read(path, &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(m->version, 3);
    QCOMPARE(m->architecture, QStringLiteral("llama"));
    QCOMPARE(m->name, QStringLiteral("test-llama"));
    QCOMPARE(m->blockCount, qint64(2));
    QCOMPARE(m->contextLength, qint64(4096));
    QCOMPARE(m->vocabSize, qint64(256));
    QCOMPARE(m->keyLength, qint64(16));
    QCOMPARE(m->kvHeadsAllLayers, qint64(4)); // 2 KV heads x 2 layers
    // q8_0: 34 bytes per 32 weights. Embedding 64 x 256, and per layer q, o (64 x 64) and k, v (64 x 32).
    const qint64 q8Elements = 64 * 256 + 2 * (2 * 64 * 64 + 2 * 64 * 32);
    QCOMPARE(m->bytesByType.value(QStringLiteral("q8_0")), q8Elements / 32 * 34);
    QCOMPARE(m->bytesByType.value(QStringLiteral("f32")), qint64(3 * 64 * 4));
    QCOMPARE(m->weightBytes, q8Elements / 32 * 34 + 3 * 64 * 4);
    QCOMPARE(m->weightElements, q8Elements + 3 * 64);
    QCOMPARE(m->tensorsByType.value(QStringLiteral("q8_0")), qint64(9));
    QCOMPARE(m->describeTypes(), QStringLiteral("Q8_0 (9 tensors), F32 (3 tensors)"));
    // K and V of 2 KV heads of 16 over 2 layers: 2 x 2 x 2 x 16 elements, 2 bytes each in f16, 34/32 in q8_0.
    QCOMPARE(m->kvBytesPerToken(), 256.0);
    QCOMPARE(m->kvBytesPerToken(QStringLiteral("q8_0"), QStringLiteral("q8_0")), 128 * 34.0 / 32);
    QCOMPARE(m->kvBytesPerToken(QStringLiteral("q9_9"), QStringLiteral("f16")), 0.0);
}

void TestLlamaLaunch::perLayerKvHeads()
{
    // Some architectures give head_count_kv per layer (a layer without attention has 0).
    GgufWriter w = GgufWriter::llama(3);
    w.add(QStringLiteral("llama.attention.head_count_kv"), std::vector<quint32> {2, 0, 4});
    const QString path = write(QStringLiteral("per-layer.gguf"), w);
    QString error;
    const auto m = GgufModel::read(path, &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(m->kvHeadsAllLayers, qint64(6));
    QCOMPARE(m->kvBytesPerToken(), 6 * 2 * 16 * 2.0);
}

void TestLlamaLaunch::brokenFilesAreNamed_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("sentence");
    const QByteArray whole = GgufWriter::llama().header();
    QTest::newRow("not GGUF") << QByteArray("PK\x03\x04 a zip file") << QStringLiteral("GGUF magic");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("GGUF magic");
    QByteArray v1 = whole;
    v1[4] = 1;
    QTest::newRow("version 1") << v1 << QStringLiteral("version 1");
    QTest::newRow("cut inside the header") << whole.left(200) << QStringLiteral("ends inside its header");
    QTest::newRow("no tensor data") << whole << QStringLiteral("cut short");
    QByteArray hugeString = QByteArray("GGUF") + QByteArray("\x03\0\0\0", 4) + QByteArray(8, '\0')
        + QByteArray("\x01\0\0\0\0\0\0\0", 8) + QByteArray("\xff\xff\xff\xff\xff\xff\0\0", 8);
    QTest::newRow("a string of 2^48 bytes") << hugeString << QStringLiteral("not believable");
    GgufWriter unknownType = GgufWriter::llama();
    unknownType.addTensor({QStringLiteral("odd"), {32}, 99, 32});
    QTest::newRow("an unknown tensor type") << unknownType.header() << QStringLiteral("ggml type 99");
    GgufWriter noArch;
    noArch.addTensor({QStringLiteral("w"), {32}, 0, 128});
    QByteArray noArchBytes = noArch.header() + QByteArray(128, '\0');
    QTest::newRow("no architecture") << noArchBytes << QStringLiteral("general.architecture is missing");
}

void TestLlamaLaunch::brokenFilesAreNamed()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, sentence);
    const QString path = m_dir.filePath(QStringLiteral("broken.gguf"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    QString error;
    QVERIFY(!GgufModel::read(path, &error));
    QVERIFY2(error.contains(sentence), qPrintable(error));
    QVERIFY2(error.contains(path), qPrintable(error));
}

void TestLlamaLaunch::estimateByHand()
{
    QString error;
    const auto m = GgufModel::read(write(QStringLiteral("e.gguf"), GgufWriter::llama()), &error);
    QVERIFY2(m, qPrintable(error));
    LlamaMemoryEstimate::Inputs in;
    in.model = *m;
    in.ctxSize = 1024;
    in.cacheRamMiB = 0; // the host prompt cache has its own test
    in.memory = {QStringLiteral("a test machine"), 1024.0 * 1024 * 1024, false};
    const LlamaMemoryEstimate e = LlamaMemoryEstimate::of(in);
    QCOMPARE(e.weightBytes, double(m->weightBytes));
    QCOMPARE(e.kvBytes, 1024 * 256.0);
    // Flash Attention (auto): 512 tokens x (3 x 256 + 5 x 64 + 10) floats, and an f16 mask of 512 x 1024 KV cells
    // (4 slots share the one KV cache of an auto --parallel).
    QCOMPARE(e.computeBytes, 512.0 * (3 * 256 + 5 * 64 + 10) * 4 + 512.0 * 1024 * 2);
    QCOMPARE(e.reserveBytes, 0.25 * 1024 * 1024 * 1024);
    QCOMPARE(e.needBytes, e.weightBytes + e.kvBytes + e.computeBytes + e.reserveBytes);
    QVERIFY(e.fits);
    QVERIFY2(e.summary().contains(QStringLiteral("KV cache of 1024 tokens (f16/f16)")), qPrintable(e.summary()));
    QVERIFY2(e.summary().contains(QStringLiteral("a test machine is 1.0 GiB")), qPrintable(e.summary()));
    QVERIFY2(e.summary().contains(QStringLiteral("no host prompt cache (--cache-ram 0)")), qPrintable(e.summary()));

    // Context 0 is the model's own, as llama-server reads it.
    in.ctxSize = 0;
    QCOMPARE(LlamaMemoryEstimate::of(in).ctxSize, qint64(4096));

    // On a GPU, 1 of 2 layers (of block_count + 1 placements) puts a third of the weights and KV there.
    in.memory = {QStringLiteral("a GPU"), 1024.0 * 1024 * 1024, true};
    in.gpuLayers = 1;
    in.ctxSize = 1024;
    const LlamaMemoryEstimate gpu = LlamaMemoryEstimate::of(in);
    QCOMPARE(gpu.weightBytes, double(m->weightBytes) / 3);
    QCOMPARE(gpu.kvBytes, 1024 * 256.0 / 3);
    QCOMPARE(gpu.reserveBytes, 0.75 * 1024 * 1024 * 1024);
}

// What llama-server itself logged as "CPU compute buffer size" (sched_reserve, at --log-verbosity 4), Debian's
// llama.cpp 0.7.0 (build 11669) in the interop suite's chroot, started by tests/interop/llama-server.sh with the
// arguments of each row. "tiny" is the suite's own model (tests/interop/make-model.py); the others came from the same
// script with the geometry in their row (f16 weights; a 1,500- or 6,400-word list for the larger vocabularies).
void TestLlamaLaunch::computeBuffersFollowTheServer_data()
{
    QTest::addColumn<int>("embedding");
    QTest::addColumn<int>("ffn");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("kvHeads");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("vocab");
    QTest::addColumn<int>("ctxSize"); // 0: not given
    QTest::addColumn<int>("parallel"); // -1: not given (auto)
    QTest::addColumn<int>("kvUnified"); // -1: not given, 0 --no-kv-unified, 1 --kv-unified
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("ubatch");
    QTest::addColumn<bool>("flashAttention");
    QTest::addColumn<double>("reportedMiB");
    QTest::addColumn<double>("tolerance"); // of the reported size

    const auto tiny
        = [](const char* name, int ctx, int parallel, int unified, int batch, int ubatch, bool fa, double mib) {
              QTest::newRow(name) << 768 << 2048 << 12 << 4 << 8 << 2089 << ctx << parallel << unified << batch
                                  << ubatch << fa << mib << 0.01;
          };
    tiny("tiny -c 4096 -np 4", 4096, 4, -1, 2048, 512, true, 20.52);
    tiny("tiny -np 4", 0, 4, -1, 2048, 512, true, 27.52); // 4 x 8,192 tokens of context, 8,192 a slot
    tiny("tiny defaults", 0, -1, -1, 2048, 512, true, 27.52);
    tiny("tiny -np 2", 0, 2, -1, 2048, 512, true, 27.52);
    tiny("tiny -np 2 -kvu", 0, 2, 1, 2048, 512, true, 27.52);
    tiny("tiny -np 1 -c 0", 0, 1, -1, 2048, 512, true, 27.52);
    tiny("tiny -c 4096 -np 1", 4096, 1, -1, 2048, 512, true, 23.52);
    tiny("tiny -c 8192 -np 1", 8192, 1, -1, 2048, 512, true, 27.52);
    tiny("tiny -c 4096 -np 8", 4096, 8, -1, 2048, 512, true, 20.02);
    tiny("tiny -c 8192 -np 8", 8192, 8, -1, 2048, 512, true, 20.52);
    tiny("tiny -c 16384 -np 8", 16384, 8, -1, 2048, 512, true, 21.52);
    tiny("tiny -c 2048 -np 2", 2048, 2, -1, 2048, 512, true, 20.52);
    tiny("tiny -c 8192 -np 4 -kvu", 8192, 4, 1, 2048, 512, true, 27.52);
    tiny("tiny -c 8192 -np 4 -ub 256", 8192, 4, -1, 2048, 256, true, 10.76);
    tiny("tiny -c 8192 -np 4 -b 128 -ub 128", 8192, 4, -1, 128, 128, true, 5.38);
    tiny("tiny -c 4096 -np 4 -ub 1024", 4096, 4, -1, 2048, 1024, true, 41.04);
    tiny("tiny -c 4096 -np 4 -b 256", 4096, 4, -1, 256, 512, true, 10.26);
    tiny("tiny -c 4096 -b 256 -ub 1024", 4096, -1, -1, 256, 1024, true, 11.76);
    tiny("tiny -c 256", 256, -1, -1, 2048, 512, true, 9.88);
    tiny("tiny -c 4096 -np 4 -fa off", 4096, 4, -1, 2048, 512, false, 36.01);
    tiny("tiny -c 1024 -np 1 -fa off", 1024, 1, -1, 2048, 512, false, 36.01);
    tiny("tiny -c 4096 -np 1 -fa off", 4096, 1, -1, 2048, 512, false, 114.01);

    const auto other = [](const char* name, int embedding, int ffn, int heads, int kvHeads, int layers, int vocab,
                           int ctx, int parallel, int ubatch, bool fa, double mib, double tolerance) {
        QTest::newRow(name) << embedding << ffn << heads << kvHeads << layers << vocab << ctx << parallel << -1 << 2048
                            << ubatch << fa << mib << tolerance;
    };
    other("512x4 -c 1024", 512, 1024, 8, 8, 4, 2089, 1024, 1, 512, true, 12.02, 0.01);
    other("512x4 -c 4096", 512, 1024, 8, 8, 4, 2089, 4096, 1, 512, true, 15.02, 0.01);
    other("512x4 -fa off", 512, 1024, 8, 8, 4, 2089, 1024, 1, 512, false, 26.01, 0.01);
    other("512x4 16k vocab", 512, 1024, 8, 8, 4, 16299, 1024, 1, 512, true, 12.02, 0.01);
    other("1024x2 -c 1024", 1024, 4096, 16, 4, 2, 2089, 1024, 1, 512, true, 35.02, 0.01);
    other("1024x2 -c 4096", 1024, 4096, 16, 4, 2, 2089, 4096, 1, 512, true, 38.02, 0.01);
    other("1024x2 -fa off", 1024, 4096, 16, 4, 2, 2089, 1024, 1, 512, false, 47.01, 0.01);
    other("768x2 3k vocab", 768, 2048, 12, 4, 2, 3099, 1024, 1, 512, true, 20.52, 0.01);
    other("768x2 16k vocab", 768, 2048, 12, 4, 2, 16299, 1024, 1, 512, true, 20.52, 0.01);
    other("256x2 ffn 3072", 256, 3072, 4, 2, 2, 2089, 1024, 1, 512, true, 21.52, 0.01);
    other("4096x3 -c 1024", 4096, 14336, 32, 8, 3, 2089, 1024, 1, 512, true, 125.02, 0.01);
    other("4096x3 -c 16384 -np 4", 4096, 14336, 32, 8, 3, 2089, 16384, 4, 512, true, 128.02, 0.01);
    other("4096x3 -fa off", 4096, 14336, 32, 8, 3, 2089, 1024, 1, 512, false, 130.01, 0.04);
    // Two layers of 512 need 2 n_embd floats a token less than the formula: it reads 20% high there.
    other("512x2", 512, 1024, 8, 8, 2, 2089, 1024, 1, 512, true, 10.02, 0.21);
    other("512x2 16k vocab", 512, 1024, 8, 8, 2, 16299, 1024, 1, 512, true, 10.02, 0.21);
    other("512x2 16k vocab -ub 256", 512, 1024, 8, 8, 2, 16299, 1024, 1, 256, true, 5.01, 0.21);
    other("512x2 16k vocab -fa off", 512, 1024, 8, 8, 2, 16299, 1024, 1, 512, false, 26.01, 0.01);
}

void TestLlamaLaunch::computeBuffersFollowTheServer()
{
    QFETCH(int, embedding);
    QFETCH(int, ffn);
    QFETCH(int, heads);
    QFETCH(int, kvHeads);
    QFETCH(int, layers);
    QFETCH(int, vocab);
    QFETCH(int, ctxSize);
    QFETCH(int, parallel);
    QFETCH(int, kvUnified);
    QFETCH(int, batch);
    QFETCH(int, ubatch);
    QFETCH(bool, flashAttention);
    QFETCH(double, reportedMiB);
    QFETCH(double, tolerance);
    LlamaMemoryEstimate::Inputs in;
    in.model.contextLength = 8192;
    in.model.embeddingLength = embedding;
    in.model.feedForwardLength = ffn;
    in.model.headCount = heads;
    in.model.kvHeadsAllLayers = qint64(kvHeads) * layers;
    in.model.keyLength = embedding / heads;
    in.model.valueLength = embedding / heads;
    in.model.blockCount = layers;
    in.model.vocabSize = vocab;
    in.ctxSize = ctxSize;
    in.parallel = parallel;
    if (kvUnified >= 0)
        in.kvUnified = kvUnified == 1;
    in.batchSize = batch;
    in.ubatchSize = ubatch;
    in.flashAttention = flashAttention;
    const double estimated = LlamaMemoryEstimate::computeBytesOf(in, LlamaMemoryEstimate::contextOf(in)) / 1024 / 1024;
    QVERIFY2(std::abs(estimated / reportedMiB - 1) <= tolerance,
        qPrintable(QStringLiteral("estimated %1 MiB, llama-server reported %2 MiB").arg(estimated).arg(reportedMiB)));
}

// Without --ctx-size llama-server gives every KV cache the model's whole context: one cache with --parallel auto or
// --kv-unified, one per slot with --parallel N, where the server then holds N times the KV cache (measured: 256 MiB
// for kneepoint-tiny with --parallel 4, 64 MiB with --parallel 4 --kv-unified or with no --parallel).
void TestLlamaLaunch::theDefaultContextIsPerSlot()
{
    QString error;
    const auto m = GgufModel::read(write(QStringLiteral("slots.gguf"), GgufWriter::llama()), &error);
    QVERIFY2(m, qPrintable(error));
    LlamaMemoryEstimate::Inputs in;
    in.model = *m;
    in.cacheRamMiB = 0;
    in.memory = {QStringLiteral("a test machine"), 1024.0 * 1024 * 1024, false};
    QCOMPARE(LlamaMemoryEstimate::of(in).ctxSize, qint64(4096));
    in.parallel = 4;
    const LlamaMemoryEstimate perSlot = LlamaMemoryEstimate::of(in);
    QCOMPARE(perSlot.ctxSize, qint64(4 * 4096));
    QCOMPARE(perSlot.kvBytes, 4 * 4096 * m->kvBytesPerToken());
    in.kvUnified = true;
    QCOMPARE(LlamaMemoryEstimate::of(in).ctxSize, qint64(4096));
    in.kvUnified.reset();
    in.ctxSize = 2048; // a context that is given is all slots' together
    QCOMPARE(LlamaMemoryEstimate::of(in).ctxSize, qint64(2048));
}

void TestLlamaLaunch::refusalNamesTheWaysOut()
{
    QString error;
    // 32 layers of 4,096 with 8 KV heads of 128: 128 KiB of f16 KV cache a token.
    const auto m
        = GgufModel::read(write(QStringLiteral("big.gguf"), GgufWriter::llama(32, 4096, 32, 8, 32000, 131072)), &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(m->kvBytesPerToken(), 131072.0);
    LlamaMemoryEstimate::Inputs in;
    in.model = *m;
    in.ctxSize = 131072; // 16 GiB of KV cache
    in.cacheRamMiB = 0;
    in.memory = {QStringLiteral("a test machine"), 8.0 * 1024 * 1024 * 1024, false};
    const LlamaMemoryEstimate e = LlamaMemoryEstimate::of(in);
    QVERIFY(!e.fits);
    QVERIFY(e.fittingCtxSize);
    QCOMPARE(*e.fittingCtxSize % 1024, qint64(0));
    // The way out fits, and one more 1,024 tokens would not have.
    in.ctxSize = *e.fittingCtxSize;
    QVERIFY(LlamaMemoryEstimate::of(in).fits);
    in.ctxSize = *e.fittingCtxSize + 1024;
    QVERIFY(!LlamaMemoryEstimate::of(in).fits);
    QVERIFY(!e.q8CacheWouldFit); // 8.5 GiB of q8_0 cache still does not fit 8 GiB
    const QString refusal = e.refusal();
    QVERIFY2(refusal.startsWith(QStringLiteral("It cannot fit: test-llama")), qPrintable(refusal));
    QVERIFY2(refusal.contains(QStringLiteral("Try `--ctx-size %1`").arg(*e.fittingCtxSize)), qPrintable(refusal));
}

// llama-server keeps finished prompts' KV state in host RAM, up to --cache-ram MiB (8192 by default): servers grew
// to 7.8–8.9 GB under a benchmark while the estimate, which left the cache out, said 675.6 MiB.
void TestLlamaLaunch::hostPromptCache()
{
    QString error;
    const auto m = GgufModel::read(write(QStringLiteral("cache.gguf"), GgufWriter::llama()), &error);
    QVERIFY2(m, qPrintable(error));
    constexpr double GiB = 1024.0 * 1024 * 1024;
    LlamaMemoryEstimate::Inputs in;
    in.model = *m;
    in.ctxSize = 1024;
    in.memory = {QStringLiteral("a test machine"), 16 * GiB, false};

    // The default, in the need on a CPU-only machine, and said with its flag.
    QCOMPARE(in.cacheRamMiB, qint64(8192));
    const LlamaMemoryEstimate e = LlamaMemoryEstimate::of(in);
    QCOMPARE(e.hostCacheBytes, 8 * GiB);
    QCOMPARE(e.needBytes, e.weightBytes + e.kvBytes + e.computeBytes + e.reserveBytes + 8 * GiB);
    QVERIFY(e.fits);
    QVERIFY2(e.summary().contains(
                 QStringLiteral("a host prompt cache of up to 8.0 GiB (--cache-ram 8192, llama-server's default)")),
        qPrintable(e.summary()));

    // On a 4 GiB machine the same model fits without the cache and not with it: refused, with the --cache-ram that
    // takes what the rest leaves (whole MiB, 256 MiB steps above 1 GiB), and that one fits.
    in.memory.bytes = 4 * GiB;
    const LlamaMemoryEstimate small = LlamaMemoryEstimate::of(in);
    QVERIFY(!small.fits);
    QVERIFY(small.fittingCacheRamMiB);
    const double rest = small.needBytes - small.hostCacheBytes;
    QCOMPARE(*small.fittingCacheRamMiB, qint64((4 * GiB - rest) / (1024 * 1024)) / 256 * 256);
    QVERIFY2(small.refusal().contains(QStringLiteral("`--engine-arg --cache-ram=%1`").arg(*small.fittingCacheRamMiB)),
        qPrintable(small.refusal()));
    in.cacheRamMiB = *small.fittingCacheRamMiB;
    QVERIFY(LlamaMemoryEstimate::of(in).fits);
    in.cacheRamMiB = *small.fittingCacheRamMiB + 256;
    QVERIFY(!LlamaMemoryEstimate::of(in).fits);

    // -1: no byte limit, and llama-server then keeps at most --ctx-size tokens of prompts, one more KV cache.
    in.cacheRamMiB = -1;
    const LlamaMemoryEstimate unlimited = LlamaMemoryEstimate::of(in);
    QCOMPARE(unlimited.hostCacheBytes, unlimited.kvBytes);
    QVERIFY2(unlimited.summary().contains(QStringLiteral("--cache-ram -1, no byte limit: at most the 1024 tokens")),
        qPrintable(unlimited.summary()));
    // 0: off.
    in.cacheRamMiB = 0;
    QCOMPARE(LlamaMemoryEstimate::of(in).hostCacheBytes, 0.0);

    // On a GPU it is this machine's memory, not the GPU's: out of the GPU's need, checked against the host's.
    in.cacheRamMiB = 8192;
    in.memory = {QStringLiteral("the memory of one GPU"), 24 * GiB, true};
    in.host = LlamaMemoryEstimate::Memory {QStringLiteral("this machine's available memory"), 6 * GiB, false};
    const LlamaMemoryEstimate gpu = LlamaMemoryEstimate::of(in);
    QCOMPARE(gpu.needBytes, gpu.weightBytes + gpu.kvBytes + gpu.computeBytes + gpu.reserveBytes);
    QVERIFY(!gpu.hostCacheFits);
    QVERIFY(!gpu.fits);
    QCOMPARE(*gpu.fittingCacheRamMiB, qint64(6 * 1024));
    QVERIFY2(gpu.summary().contains(QStringLiteral("its host prompt cache takes up to 8.0 GiB of this machine's "
                                                   "memory (--cache-ram 8192, llama-server's default)")),
        qPrintable(gpu.summary()));
    in.host->bytes = 9 * GiB;
    QVERIFY(LlamaMemoryEstimate::of(in).fits);
}

void TestLlamaLaunch::allowList_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("tokens");
    QTest::addColumn<QString>("error");
    auto ok = [](const char* name, const char* text, const QStringList& tokens) {
        QTest::newRow(name) << QString::fromLatin1(text) << tokens << QString();
    };
    auto refused = [](const char* name, const char* text, const char* why) {
        QTest::newRow(name) << QString::fromLatin1(text) << QStringList() << QString::fromUtf8(why);
    };
    ok("long", "--ctx-size=8192", {QStringLiteral("--ctx-size"), QStringLiteral("8192")});
    ok("short as long", "-c=8192", {QStringLiteral("--ctx-size"), QStringLiteral("8192")});
    ok("short with a space", "-ngl 99", {QStringLiteral("--n-gpu-layers"), QStringLiteral("99")});
    ok("another long spelling", "--gpu-layers=10", {QStringLiteral("--n-gpu-layers"), QStringLiteral("10")});
    ok("without dashes", "parallel=4", {QStringLiteral("--parallel"), QStringLiteral("4")});
    ok("a cache type", "--cache-type-k=q8_0", {QStringLiteral("--cache-type-k"), QStringLiteral("q8_0")});
    ok("a negated switch", "--no-cont-batching", {QStringLiteral("--no-cont-batching")});
    ok("a switch", "--metrics", {QStringLiteral("--metrics")});
    ok("the host prompt cache", "--cache-ram=2048", {QStringLiteral("--cache-ram"), QStringLiteral("2048")});
    ok("no host prompt cache", "-cram=0", {QStringLiteral("--cache-ram"), QStringLiteral("0")});
    ok("no byte limit on it", "--cache-ram=-1", {QStringLiteral("--cache-ram"), QStringLiteral("-1")});
    refused("below -1", "--cache-ram=-2", "from -1");
    refused("an unknown cache type", "--cache-type-k=q9", "one of f32, f16");
    refused("context too small", "-c=16", "from 256");
    refused("host", "--host=0.0.0.0", "binds the server itself");
    refused("the model", "-m=/etc/passwd", "--gguf");
    refused("a download", "-hf=org/model", "downloads a model");
    refused("a url", "--model-url=http://x/y.gguf", "from any address");
    refused("a LoRA", "--lora=/tmp/adapter.gguf", "other weights");
    refused("a draft model", "-md=/tmp/draft.gguf", "a second model");
    refused("props", "--props", "POST /props");
    refused("slot files", "--slot-save-path=/tmp", "files of this machine");
    refused("static files", "--path=/", "files of a directory");
    refused("rpc", "--rpc=10.0.0.2:50052", "other machines");
    refused("a key", "--api-key=secret", "process list");
    refused("tools", "--tools=all", "act on this machine");
    refused("not listed", "--override-kv=x=int:1", "not an engine argument");
}

void TestLlamaLaunch::allowList()
{
    QFETCH(QString, text);
    QFETCH(QStringList, tokens);
    QFETCH(QString, error);
    const EngineArgAllowList& list = EngineArgAllowList::llamaServer();
    QCOMPARE(list.engine(), QStringLiteral("llama.cpp"));
    QString why;
    const auto arg = list.check(text, &why);
    if (error.isEmpty()) {
        QVERIFY2(arg, qPrintable(why));
        QCOMPARE(arg->tokens(), tokens);
    } else {
        QVERIFY(!arg);
        QVERIFY2(why.contains(error), qPrintable(why));
    }
}

void TestLlamaLaunch::commandLines()
{
    LaunchPlan plan;
    plan.engine = LaunchEngine::LlamaCpp;
    plan.runtime = LaunchRuntime::Local;
    plan.id = QStringLiteral("abc123");
    plan.engineProgram = QStringLiteral("/opt/llama/llama-server");
    plan.ggufPath = QStringLiteral("/models/q/Model-Q4_K_M.gguf");
    plan.servedModelName = QStringLiteral("Model-Q4_K_M");
    plan.port = 8123;
    plan.engineArgs = {{QStringLiteral("--ctx-size"), QStringLiteral("8192"), true}};
    const LaunchCommandLine local = LaunchCommandBuilder::build(plan);
    QCOMPARE(LaunchCommandBuilder::display(local),
        QStringLiteral("/opt/llama/llama-server --model /models/q/Model-Q4_K_M.gguf --host 127.0.0.1 --port 8123 "
                       "--alias Model-Q4_K_M --metrics --ctx-size 8192"));

    plan.runtime = LaunchRuntime::Docker;
    QString error;
    plan.image = *ImageReference::parse(
        QStringLiteral("ghcr.io/ggml-org/llama.cpp:server@sha256:") + QString(64, u'a'), &error);
    plan.engineArgs << EngineArg {QStringLiteral("--n-gpu-layers"), QStringLiteral("99"), true}
                    << EngineArg {QStringLiteral("--metrics"), QString(), false};
    const LaunchCommandLine docker = LaunchCommandBuilder::build(plan);
    // The file's directory alone, read-only; GPUs because layers go there; --metrics once.
    QCOMPARE(LaunchCommandBuilder::display(docker),
        QStringLiteral("docker run --rm --name kneepoint-abc123 --label org.kneepoint.launch=abc123 --gpus 1 -p "
                       "127.0.0.1:8123:8080 -v /models/q:/models:ro ghcr.io/ggml-org/llama.cpp:server@sha256:%1 "
                       "--model /models/Model-Q4_K_M.gguf --host 0.0.0.0 --port 8080 --alias Model-Q4_K_M --ctx-size "
                       "8192 --n-gpu-layers 99 --metrics")
            .arg(QString(64, u'a')));
    const QJsonObject facts = plan.toJson();
    QCOMPARE(facts.value(u"engine").toString(), QStringLiteral("llamacpp"));
    QCOMPARE(facts.value(u"gguf_file").toString(), QStringLiteral("Model-Q4_K_M.gguf"));
}

void TestLlamaLaunch::theBinaryRefusesBeforeStarting_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<int>("code");
    // A model whose tensors claim 1 TiB: a sparse file, so that the test costs no disk.
    GgufWriter huge = GgufWriter::llama();
    huge.addTensor({QStringLiteral("huge.weight"), {quint64(1) << 38}, 0, quint64(1) << 40});
    const QString hugePath = write(QStringLiteral("huge.gguf"), huge);
    const QString small = write(QStringLiteral("fine.gguf"), GgufWriter::llama());
    const QStringList base {QStringLiteral("launch"), QStringLiteral("--engine"), QStringLiteral("llamacpp"),
        QStringLiteral("--runtime"), QStringLiteral("local"), QStringLiteral("--engine-command"),
        QStringLiteral("/nonexistent/llama-server")};
    QTest::newRow("too large for this machine") << (base + QStringList {QStringLiteral("--gguf"), hugePath})
                                                << QStringLiteral("It cannot fit: test-llama") << 1;
    QTest::newRow("no file") << (base + QStringList {QStringLiteral("--gguf"), m_dir.filePath(QStringLiteral("no"))})
                             << QStringLiteral("there is no file") << 2;
    QTest::newRow("no model at all") << base << QStringLiteral("needs --gguf FILE") << 2;
    QTest::newRow("a vLLM option") << (base
        + QStringList {QStringLiteral("--gguf"), small, QStringLiteral("--max-model-len"), QStringLiteral("4096")})
                                   << QStringLiteral("--max-model-len is for vLLM") << 2;
    QTest::newRow("a refused argument") << (base
        + QStringList {QStringLiteral("--gguf"), small, QStringLiteral("--engine-arg"), QStringLiteral("--props")})
                                        << QStringLiteral("--props is always refused") << 2;
    QTest::newRow("a container without an image") << QStringList {QStringLiteral("launch"), QStringLiteral("--engine"),
        QStringLiteral("llamacpp"), QStringLiteral("--gguf"), small}
                                                  << QStringLiteral("needs --image, pinned") << 2;
    QTest::newRow("not in the hub cache")
        << (base
               + QStringList {QStringLiteral("--model"), QStringLiteral("org/model-GGUF"), QStringLiteral("--revision"),
                   QString(40, u'0'), QStringLiteral("--gguf"), QStringLiteral("model-Q4_K_M.gguf")})
        << QStringLiteral("huggingface-cli download org/model-GGUF model-Q4_K_M.gguf") << 1;
    QTest::newRow("the executable is missing") << (base
        + QStringList {QStringLiteral("--gguf"), small, QStringLiteral("--ctx-size"), QStringLiteral("1024"),
            QStringLiteral("--engine-arg"), QStringLiteral("--cache-ram=64")})
                                               << QStringLiteral("install llama.cpp's llama-server") << 1;
    QTest::newRow("vllm takes no --gguf") << QStringList {QStringLiteral("launch"), QStringLiteral("--gguf"), small}
                                          << QStringLiteral("--gguf is for --engine llamacpp") << 2;
}

void TestLlamaLaunch::theBinaryRefusesBeforeStarting()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, sentence);
    QFETCH(int, code);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HF_HOME"), m_dir.filePath(QStringLiteral("hf")));
    const KneepointResult r = runKneepoint(arguments, 30'000, env);
    QVERIFY2(r.err.contains(sentence), qPrintable(r.err));
    QCOMPARE(r.code, code);
    // Nothing started: the launcher's first stage never ran.
    QVERIFY2(!r.err.contains(QStringLiteral("starting:")), qPrintable(r.err));
}

void TestLlamaLaunch::aFileFromTheHubCache()
{
    // As `huggingface-cli download org/model-GGUF model-Q8_0.gguf --revision main` leaves it: refs/main names the
    // commit, snapshots/<commit>/ holds the file. The branch resolves to it, and the estimate reads that file.
    const QString hub = m_dir.filePath(QStringLiteral("hf-cache"));
    const QString commit(40, u'c');
    const QString repo = hub + QStringLiteral("/hub/models--org--model-GGUF");
    QVERIFY(QDir().mkpath(repo + QStringLiteral("/refs")));
    QVERIFY(QDir().mkpath(repo + QStringLiteral("/snapshots/") + commit));
    QFile ref(repo + QStringLiteral("/refs/main"));
    QVERIFY(ref.open(QIODevice::WriteOnly));
    ref.write(commit.toLatin1());
    ref.close();
    QVERIFY(GgufWriter::llama().write(repo + QStringLiteral("/snapshots/%1/model-Q8_0.gguf").arg(commit)));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HF_HOME"), hub);
    const KneepointResult r = runKneepoint(
        {QStringLiteral("launch"), QStringLiteral("--engine"), QStringLiteral("llamacpp"), QStringLiteral("--model"),
            QStringLiteral("org/model-GGUF"), QStringLiteral("--revision"), QStringLiteral("main"),
            QStringLiteral("--gguf"), QStringLiteral("model-Q8_0.gguf"), QStringLiteral("--runtime"),
            QStringLiteral("local"), QStringLiteral("--engine-command"), QStringLiteral("/bin/true"),
            QStringLiteral("--engine-arg"), QStringLiteral("--cache-ram=64"), QStringLiteral("--dry-run")},
        30'000, env);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("Memory: test-llama (Q8_0 (9 tensors), F32 (3 tensors)) needs")),
        qPrintable(r.out));
    // Served under the repository's id, from the snapshot of the commit the branch named.
    QVERIFY2(r.out.contains(QStringLiteral("/snapshots/%1/model-Q8_0.gguf").arg(commit)), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("--alias org/model-GGUF")), qPrintable(r.out));
}

void TestLlamaLaunch::theAnalysisReadsTheFile()
{
    // `kneepoint show ID --model FILE.gguf`: the physics floors take the geometry and the weights' bits from the file.
    const QString path = write(QStringLiteral("analysed.gguf"), GgufWriter::llama());
    ResolveOptions options;
    options.configPath = path;
    options.allowNetwork = false;
    const ModelResolution r = ModelResolver::resolve(QStringLiteral("test-llama"), options);
    QVERIFY2(r.model, qPrintable(r.error));
    QCOMPARE(r.sourceDescription(), path);
    const ModelSpec& m = *r.model;
    QCOMPARE(m.hiddenSize, 64);
    QCOMPARE(m.numHiddenLayers, 2);
    QCOMPARE(m.numAttentionHeads, 4);
    QCOMPARE(m.numKeyValueHeads, 2);
    QCOMPARE(m.headDim, 16);
    QCOMPARE(m.intermediateSize, 256);
    QCOMPARE(m.vocabSize, 256);
    QCOMPARE(m.maxPositionEmbeddings, 4096);
    QCOMPARE(m.quantMethod, QStringLiteral("gguf-q8_0"));
    QCOMPARE(m.quantBits, 8);
    // 40,960 q8_0 weights in 43,520 bytes and 192 f32 weights in 768: 44,288 bytes for 41,152 weights.
    QCOMPARE(m.linearBytesPerParameter(), 44288.0 / 41152.0);
    QCOMPARE(m.computePrecision(), ComputePrecision::Int8);
    // An f16 file is not quantised.
    GgufWriter f16;
    f16.add(QStringLiteral("general.architecture"), QStringLiteral("llama"));
    f16.add(QStringLiteral("llama.context_length"), quint32(2048));
    f16.add(QStringLiteral("llama.block_count"), quint32(1));
    f16.addTensor({QStringLiteral("w"), {64, 64}, 1, 64 * 64 * 2});
    options.configPath = write(QStringLiteral("f16.gguf"), f16);
    const ModelResolution plain = ModelResolver::resolve(QStringLiteral("f16"), options);
    QVERIFY2(plain.model, qPrintable(plain.error));
    QVERIFY(plain.model->quantMethod.isEmpty());
    QCOMPARE(plain.model->computePrecision(), ComputePrecision::Bf16);
}

QTEST_GUILESS_MAIN(TestLlamaLaunch)
// A run keeps only its GGUF's name and size; the note beside the user's cache finds the file again for the analysis,
// and only while it is still the same file.
void TestLlamaLaunch::aLaunchedFileIsFoundAgain()
{
    const QString path = write(QStringLiteral("noted.gguf"), GgufWriter::llama());
    const qint64 bytes = QFileInfo(path).size();
    const QString notes = m_dir.filePath(QStringLiteral("cache"));
    QCOMPARE(GgufModel::recall(QStringLiteral("noted.gguf"), bytes, notes), QString());
    GgufModel::remember(path, bytes, notes);
    QCOMPARE(GgufModel::recall(QStringLiteral("noted.gguf"), bytes, notes), QFileInfo(path).absoluteFilePath());
    // Another size under the same name is another file; a file gone is not found.
    QCOMPARE(GgufModel::recall(QStringLiteral("noted.gguf"), bytes + 1, notes), QString());
    QVERIFY(QFile::remove(path));
    QCOMPARE(GgufModel::recall(QStringLiteral("noted.gguf"), bytes, notes), QString());
    // A note file that is not JSON is no note, and no crash.
    QFile junk(QDir(notes).filePath(QStringLiteral("launched-gguf-files.json")));
    QVERIFY(junk.open(QIODevice::WriteOnly | QIODevice::Truncate));
    junk.write("not json");
    junk.close();
    QCOMPARE(GgufModel::recall(QStringLiteral("noted.gguf"), bytes, notes), QString());
}

#include "tst_llamalaunch.moc"
