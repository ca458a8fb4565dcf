// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/startuplog.h"
#include "core/launch/vramsampler.h"

#include <QTest>

using namespace kp::core;

class TestStartupLog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void factsOfAHealthyStart()
    {
        StartupLog log;
        const QStringList lines {
            QStringLiteral("INFO 10-05 12:00:01 [model.py:1510] Using max model len 32768"),
            QStringLiteral("INFO 10-05 12:00:02 [scheduler.py:222] Chunked prefill is enabled with "
                           "max_num_batched_tokens=8192."),
            QStringLiteral("(EngineCore_DP0 pid=312) Loading safetensors checkpoint shards:  50% Completed | 2/4 "
                           "[00:03<00:03,  1.52s/it]"),
            QStringLiteral("(EngineCore_DP0 pid=312) INFO 10-05 12:00:20 [gpu_model_runner.py:2602] Model loading "
                           "took 14.9889 GiB and 12.551937 seconds"),
            QStringLiteral("(EngineCore_DP0 pid=312) INFO 10-05 12:00:41 [gpu_worker.py:298] Available KV cache "
                           "memory: 49.02 GiB"),
            QStringLiteral("(EngineCore_DP0 pid=312) INFO 10-05 12:00:41 [kv_cache_utils.py:1087] GPU KV cache size: "
                           "1,606,496 tokens"),
            QStringLiteral("(EngineCore_DP0 pid=312) INFO 10-05 12:00:41 [kv_cache_utils.py:1091] Maximum "
                           "concurrency for 32,768 tokens per request: 49.03x"),
            QStringLiteral("(EngineCore_DP0 pid=312) INFO 10-05 12:01:02 [core.py:218] init engine (profile, create "
                           "kv cache, warmup model) took 47.64 seconds"),
            QStringLiteral("(APIServer pid=1) INFO:     Application startup complete."),
        };
        QList<StartupLog::Kind> kinds;
        for (const QString& l : lines)
            kinds << log.feed(l);
        QCOMPARE(kinds.at(0), StartupLog::Kind::Fact);
        QCOMPARE(kinds.at(2), StartupLog::Kind::Progress);
        QCOMPARE(log.maxModelLen(), std::optional<int>(32768));
        QCOMPARE(log.kvCacheTokens(), std::optional<qint64>(1606496));
        QCOMPARE(log.maxConcurrencyTokens(), std::optional<int>(32768));
        QCOMPARE(log.maxConcurrency(), std::optional<double>(49.03));
        QCOMPARE(log.availableKvGib(), std::optional<double>(49.02));
        QCOMPARE(log.modelLoadGib(), std::optional<double>(14.9889));
        QCOMPARE(log.progress(), QStringLiteral("API server starting"));
        QVERIFY(log.fatalSentences().isEmpty());
        const QJsonObject facts = log.toJson();
        QCOMPARE(facts.value(u"kv_cache_tokens").toDouble(), 1606496.0);
        QCOMPARE(facts.value(u"max_concurrency").toDouble(), 49.03);
    }

    void progressOfLoading()
    {
        StartupLog log;
        QCOMPARE(log.feed(QStringLiteral("Loading safetensors checkpoint shards:  75% Completed | 3/4 [00:05<00:01]")),
            StartupLog::Kind::Progress);
        QCOMPARE(log.progress(), QStringLiteral("loading weights: 3/4 shards"));
        log.feed(QStringLiteral("INFO [gpu_model_runner.py] Graph capturing finished in 31 secs, took 0.45 GiB"));
        QCOMPARE(log.progress(), QStringLiteral("capturing CUDA graphs"));
        QCOMPARE(log.feed(QStringLiteral("INFO # GPU blocks: 27000, # CPU blocks: 2048")), StartupLog::Kind::Fact);
        QCOMPARE(log.gpuBlocks(), std::optional<qint64>(27000));
    }

    void fatalErrorsBecomeSentences_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("kv too small")
            << QStringLiteral(
                   "ValueError: To serve at least one request with the model's max seq len (131072), (16.00 GiB KV "
                   "cache is needed, which is larger than the available KV cache memory (3.64 GiB). Based on the "
                   "available memory, the estimated maximum model length is 29808. Try increasing "
                   "`gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.")
            << QStringLiteral("vLLM refused to start: one sequence of max_model_len 131072 needs 16.00 GiB of KV "
                              "cache and only 3.64 GiB is available; the largest max_model_len that fits is 29808: "
                              "try --max-model-len 29808, --kv-cache-dtype fp8 or a higher --gpu-memory-utilization.");
        QTest::newRow("older spelling")
            << QStringLiteral("ValueError: The models's max seq len (32768) is larger than the maximum number of "
                              "tokens that can be stored in KV cache: To serve at least one request with the "
                              "models's max seq len (32768), (4.00 GiB KV cache is needed, which is larger than the "
                              "available KV cache memory (2.10 GiB).")
            << QStringLiteral("vLLM refused to start: one sequence of max_model_len 32768 needs 4.00 GiB of KV "
                              "cache and only 2.10 GiB is available.");
        QTest::newRow("free memory")
            << QStringLiteral("ValueError: Free memory on device cuda:0 (15.32/22.04 GiB) on startup is less than "
                              "desired GPU memory utilization (0.88, 19.39 GiB). Decrease GPU memory utilization or "
                              "reduce GPU memory used by other processes.")
            << QStringLiteral("Another process holds GPU memory: cuda:0 has 15.32 of 22.04 GiB free, but "
                              "--gpu-memory-utilization 0.88 asks for 19.39 GiB. Stop the other process or lower "
                              "--gpu-memory-utilization.");
        QTest::newRow("no cache") << QStringLiteral(
            "ValueError: No available memory for the cache blocks. Try increasing "
            "`gpu_memory_utilization` when initializing the engine.")
                                  << QStringLiteral(
                                         "After the weights and activations no memory was left for the KV cache: raise "
                                         "--gpu-memory-utilization, use more GPUs or a quantized checkpoint.");
        QTest::newRow("oom") << QStringLiteral(
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.")
                             << QStringLiteral("The GPU ran out of memory while vLLM started: lower --max-model-len or "
                                               "--max-num-seqs, or use more GPUs or a quantized checkpoint.");
        QTest::newRow("gated") << QStringLiteral("huggingface_hub.errors.GatedRepoError: 401 Client Error.")
                               << QStringLiteral("The model is gated or private: accept its licence on Hugging Face "
                                                 "and set HF_TOKEN in the environment.");
        QTest::newRow("no gpu") << QStringLiteral("docker: Error response from daemon: could not select device driver "
                                                  "\"\" with capabilities: [[gpu]].")
                                << QStringLiteral("The container runtime cannot reach the GPU: install and configure "
                                                  "the NVIDIA Container Toolkit.");
    }

    void fatalErrorsBecomeSentences()
    {
        QFETCH(QString, line);
        QFETCH(QString, sentence);
        StartupLog log;
        log.feed(QStringLiteral("Traceback (most recent call last):"));
        QCOMPARE(log.feed(line), StartupLog::Kind::Fatal);
        QCOMPARE(log.fatalSentences(), QStringList {sentence});
        QCOMPARE(log.relevantLines().last(), line.trimmed());
    }

    void numbersWithSeparators()
    {
        QCOMPARE(StartupLog::number(QStringLiteral("1,606,496")), std::optional<double>(1606496));
        QVERIFY(!StartupLog::number(QStringLiteral("lots")));
    }

    void vramReadings()
    {
        QCOMPARE(VramSampler::parseNvidiaSmi("0, 412.50, 97, 40960, 1980\n1, 398.10, 95, 61234, 1975\n"),
            std::optional<double>(61234));
        QVERIFY(!VramSampler::parseNvidiaSmi("NVIDIA-SMI has failed\n"));
        const QByteArray dcgm = "# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).\n"
                                "# TYPE DCGM_FI_DEV_FB_USED gauge\n"
                                "DCGM_FI_DEV_FB_USED{gpu=\"0\",UUID=\"GPU-1\"} 70123\n"
                                "DCGM_FI_DEV_FB_USED{gpu=\"1\",UUID=\"GPU-2\"} 70456\n"
                                "DCGM_FI_DEV_FB_FREE{gpu=\"0\"} 10000\n";
        QCOMPARE(VramSampler::parseDcgm(dcgm), std::optional<double>(70456));
        QVERIFY(!VramSampler::parseDcgm("up 1\n"));
    }
};

QTEST_GUILESS_MAIN(TestStartupLog)
#include "tst_startuplog.moc"
