// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simmetrics.h"

#include <QTest>

using namespace kp::core;

class TestSimMetrics : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void histogramsAreCumulativeWithLeBuckets()
    {
        SimMetrics::Histogram h({0.1, 1.0});
        h.observe(0.05);
        h.observe(0.1); // le is inclusive
        h.observe(0.5);
        h.observe(5);
        QByteArray out;
        h.render(&out, "x_seconds", "help", "a=\"b\"");
        QVERIFY(out.contains("# TYPE x_seconds histogram\n"));
        QVERIFY(out.contains("x_seconds_bucket{a=\"b\",le=\"0.1\"} 2.0\n"));
        QVERIFY(out.contains("x_seconds_bucket{a=\"b\",le=\"1.0\"} 3.0\n"));
        QVERIFY(out.contains("x_seconds_bucket{a=\"b\",le=\"+Inf\"} 4.0\n"));
        QVERIFY(out.contains("x_seconds_count{a=\"b\"} 4.0\n"));
        QVERIFY(out.contains("x_seconds_sum{a=\"b\"} 5.65"));
    }

    void exposesVllmV1NamesWithModelAndEngineLabels()
    {
        SimMetrics m(QStringLiteral("my \"model\""));
        m.recordPromptTokens(100);
        m.recordGenerationTokens(7);
        m.recordPreemption();
        SimMetrics::FinishedRequest f;
        f.finishReason = SimMetrics::FinishLength;
        m.recordFinished(f);
        SimMetrics::Gauges g;
        g.running = 3;
        g.kvCacheUsage = 0.25;
        g.speed = 20;
        SimMetrics::CacheConfig cache;
        cache.numGpuBlocks = 1234;
        cache.numGpuBlocksOverride = QStringLiteral("None");
        const QByteArray text = m.render(g, cache);
        const QByteArray labels = "engine=\"0\",model_name=\"my \\\"model\\\"\"";
        QVERIFY(text.contains(QByteArray("vllm:num_requests_running{" + labels + "} 3.0\n")));
        QVERIFY(text.contains(QByteArray("vllm:kv_cache_usage_perc{" + labels + "} 0.25\n")));
        QVERIFY(text.contains(
            QByteArray("# TYPE vllm:prompt_tokens counter\nvllm:prompt_tokens_total{" + labels + "} 100.0\n")));
        QVERIFY(text.contains(QByteArray("vllm:generation_tokens_total{" + labels + "} 7.0\n")));
        QVERIFY(text.contains(QByteArray("vllm:num_preemptions_total{" + labels + "} 1.0\n")));
        QVERIFY(
            text.contains(QByteArray("vllm:request_success_total{" + labels + ",finished_reason=\"length\"} 1.0\n")));
        QVERIFY(text.contains("num_gpu_blocks=\"1234\""));
        QVERIFY(text.contains("block_size=\"16\""));
        QVERIFY(text.contains(QByteArray("kneepoint:sim_speed_factor{" + labels + "} 20.0\n")));
        for (const char* name : {"vllm:time_to_first_token_seconds_bucket", "vllm:inter_token_latency_seconds_count",
                 "vllm:e2e_request_latency_seconds_sum", "vllm:request_queue_time_seconds_bucket",
                 "vllm:num_requests_waiting", "kneepoint:sim_lag_seconds"})
            QVERIFY2(text.contains(name), name);
    }
};

QTEST_GUILESS_MAIN(TestSimMetrics)
#include "tst_simmetrics.moc"
