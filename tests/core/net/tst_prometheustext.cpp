// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/prometheustext.h"
#include "core/sim/simmetrics.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace kp::core;

namespace {

using Labels = std::vector<std::pair<QByteArray, QByteArray>>;

// An excerpt of a V1 server's /metrics with two data-parallel engines, as prometheus_client prints it.
const QByteArray twoEngines = R"(# HELP vllm:num_requests_running Number of requests in model execution batches.
# TYPE vllm:num_requests_running gauge
vllm:num_requests_running{engine="0",model_name="llama"} 3.0
vllm:num_requests_running{engine="1",model_name="llama"} 4.0
# HELP vllm:request_success_total Count of successfully processed requests.
# TYPE vllm:request_success_total counter
vllm:request_success_total{engine="0",finished_reason="stop",model_name="llama"} 10.0
vllm:request_success_total{engine="0",finished_reason="length",model_name="llama"} 2.0
vllm:request_success_total{engine="1",finished_reason="stop",model_name="llama"} 7.0
vllm:request_success_total{engine="1",finished_reason="length",model_name="llama"} 1.0
# HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.
# TYPE vllm:time_to_first_token_seconds histogram
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.1",model_name="llama"} 4.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="0.25",model_name="llama"} 9.0
vllm:time_to_first_token_seconds_bucket{engine="0",le="+Inf",model_name="llama"} 12.0
vllm:time_to_first_token_seconds_count{engine="0",model_name="llama"} 12.0
vllm:time_to_first_token_seconds_sum{engine="0",model_name="llama"} 1.75
)";

// The sum as a double, so that QCOMPARE compares it fuzzily; NaN (which matches nothing) when no sample matched.
double sumOf(const PrometheusText& text, QByteArrayView name, const Labels& match = {})
{
    return text.sum(name, match).value_or(std::numeric_limits<double>::quiet_NaN());
}

double nan()
{
    return std::numeric_limits<double>::quiet_NaN();
}

double inf()
{
    return std::numeric_limits<double>::infinity();
}

} // namespace

class TestPrometheusText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsWhatTheSimulatorEmits()
    {
        SimMetrics metrics(QStringLiteral("llama \"8b\"\\base"));
        metrics.recordPromptTokens(1200);
        metrics.recordGenerationTokens(345);
        metrics.recordPreemption();
        metrics.recordTtft(0.03);
        metrics.recordTtft(3.0);
        SimMetrics::FinishedRequest done;
        done.finishReason = SimMetrics::FinishLength;
        done.e2eSeconds = 1.25;
        metrics.recordFinished(done);
        metrics.recordAborted();
        SimMetrics::Gauges gauges;
        gauges.running = 5;
        gauges.waiting = 2;
        gauges.kvCacheUsage = 0.4375;
        gauges.speed = 20;
        SimMetrics::CacheConfig cache;
        cache.numGpuBlocks = 4096;
        cache.numGpuBlocksOverride = QStringLiteral("None");

        QString error = QStringLiteral("stale");
        const PrometheusText text = PrometheusText::parse(metrics.render(gauges, cache), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(sumOf(text, "vllm:num_requests_running"), 5.0);
        QCOMPARE(sumOf(text, "vllm:num_requests_waiting"), 2.0);
        QCOMPARE(sumOf(text, "vllm:kv_cache_usage_perc"), 0.4375);
        QCOMPARE(sumOf(text, "vllm:prompt_tokens_total"), 1200.0);
        QCOMPARE(sumOf(text, "vllm:generation_tokens_total"), 345.0);
        QCOMPARE(sumOf(text, "vllm:num_preemptions_total"), 1.0);
        QCOMPARE(sumOf(text, "vllm:request_success_total"), 2.0);
        QCOMPARE(sumOf(text, "vllm:request_success_total", {{"finished_reason", "abort"}}), 1.0);
        QCOMPARE(sumOf(text, "vllm:time_to_first_token_seconds_count"), 2.0);
        QCOMPARE(sumOf(text, "vllm:time_to_first_token_seconds_sum"), 3.03);
        QCOMPARE(sumOf(text, "vllm:time_to_first_token_seconds_bucket", {{"le", "0.04"}}), 1.0);
        QCOMPARE(sumOf(text, "vllm:time_to_first_token_seconds_bucket", {{"le", "+Inf"}}), 2.0);
        QCOMPARE(sumOf(text, "kneepoint:sim_speed_factor"), 20.0);

        QCOMPARE(text.types.at("vllm:num_requests_running"), QByteArray("gauge"));
        QCOMPARE(text.types.at("vllm:prompt_tokens"), QByteArray("counter"));
        QCOMPARE(text.types.at("vllm:time_to_first_token_seconds"), QByteArray("histogram"));

        const PrometheusSample* running = text.first("vllm:num_requests_running");
        QVERIFY(running);
        QCOMPARE(running->label("model_name"), QByteArray("llama \"8b\"\\base"));
        QCOMPARE(running->label("engine"), QByteArray("0"));
        const PrometheusSample* info = text.first("vllm:cache_config_info");
        QVERIFY(info);
        QCOMPARE(info->label("num_gpu_blocks"), QByteArray("4096"));
        QCOMPARE(info->label("num_cpu_blocks"), QByteArray("None"));
        QCOMPARE(info->label("enable_prefix_caching"), QByteArray("False"));
        QCOMPARE(info->value, 1.0);
    }

    void sumsOverEngines()
    {
        const PrometheusText text = PrometheusText::parse(twoEngines);
        QCOMPARE(sumOf(text, "vllm:num_requests_running"), 7.0);
        QCOMPARE(sumOf(text, "vllm:num_requests_running", {{"engine", "1"}}), 4.0);
        QCOMPARE(sumOf(text, "vllm:request_success_total"), 20.0);
        QCOMPARE(sumOf(text, "vllm:request_success_total", {{"finished_reason", "stop"}}), 17.0);
        QCOMPARE(sumOf(text, "vllm:request_success_total", {{"finished_reason", "stop"}, {"engine", "0"}}), 10.0);
        QVERIFY(!text.sum("vllm:request_success_total", {{"finished_reason", "abort"}}));
        QVERIFY(!text.sum("vllm:num_requests_waiting"));
        // An empty value matches an absent label, as in PromQL.
        QCOMPARE(sumOf(text, "vllm:num_requests_running", {{"reason", ""}}), 7.0);
        QCOMPARE(text.first("vllm:num_requests_waiting"), nullptr);
    }

    void readsHistogramBuckets()
    {
        const PrometheusText text = PrometheusText::parse(twoEngines);
        std::vector<std::pair<QByteArray, double>> buckets;
        for (const PrometheusSample& s : text.samples) {
            if (s.name == "vllm:time_to_first_token_seconds_bucket")
                buckets.emplace_back(s.label("le"), s.value);
        }
        const std::vector<std::pair<QByteArray, double>> expected {{"0.1", 4.0}, {"0.25", 9.0}, {"+Inf", 12.0}};
        QCOMPARE(buckets, expected);
        QCOMPARE(text.first("vllm:time_to_first_token_seconds_sum")->value, 1.75);
        QCOMPARE(text.types.size(), std::size_t(3));
    }

    void readsValues_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<double>("value");
        QTest::newRow("integer") << QByteArray("m 42") << 42.0;
        QTest::newRow("python float") << QByteArray("m 3.0") << 3.0;
        QTest::newRow("exponent") << QByteArray("m 1e-05") << 1e-05;
        QTest::newRow("positive exponent") << QByteArray("m 1.5e+06") << 1.5e+06;
        QTest::newRow("negative") << QByteArray("m -0.25") << -0.25;
        QTest::newRow("plus sign") << QByteArray("m +7") << 7.0;
        QTest::newRow("+Inf") << QByteArray("m +Inf") << inf();
        QTest::newRow("-Inf") << QByteArray("m -Inf") << -inf();
        QTest::newRow("Inf") << QByteArray("m Inf") << inf();
        QTest::newRow("NaN") << QByteArray("m NaN") << nan();
        QTest::newRow("nan") << QByteArray("m nan") << nan();
        QTest::newRow("timestamp") << QByteArray("m{a=\"b\"} 2.5 1767225600000") << 2.5;
        QTest::newRow("negative timestamp") << QByteArray("m 2.5 -1") << 2.5;
        QTest::newRow("tabs and spaces") << QByteArray("  m{ a = \"b\" }\t 9  \t") << 9.0;
        QTest::newRow("no blank after labels") << QByteArray("m{a=\"b\"}9") << 9.0;
        QTest::newRow("trailing comma") << QByteArray("m{a=\"b\",} 6") << 6.0;
        QTest::newRow("empty label set") << QByteArray("m{} 5") << 5.0;
        QTest::newRow("exemplar") << QByteArray("m_bucket{le=\"1\"} 8 # {trace_id=\"a\"} 0.5 1.7e9") << 8.0;
        QTest::newRow("exemplar after timestamp") << QByteArray("m 8 17 # {trace_id=\"a\"} 0.5") << 8.0;
        QTest::newRow("CRLF") << QByteArray("m 4\r") << 4.0;
        QTest::newRow("colon first") << QByteArray(":m 1") << 1.0;
    }

    void readsValues()
    {
        QFETCH(QByteArray, line);
        QFETCH(double, value);
        QString error;
        const PrometheusText text = PrometheusText::parse(line, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(text.samples.size(), std::size_t(1));
        const double got = text.samples.front().value;
        if (std::isnan(value))
            QVERIFY(std::isnan(got));
        else
            QCOMPARE(got, value);
    }

    void unescapesLabelValues()
    {
        // Not a raw string: moc's scanner loses its way in one that holds \".
        const QByteArray line = "m{path=\"C:\\\\dir\\\\\",quote=\"say \\\"hi\\\"\",nl=\"a\\nb\",odd=\"\\t\",empty=\"\","
                                "utf=\"µs\"} 1";
        QString error;
        const PrometheusText text = PrometheusText::parse(line, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(text.samples.size(), std::size_t(1));
        const PrometheusSample& s = text.samples.front();
        QCOMPARE(s.label("path"), QByteArray("C:\\dir\\"));
        QCOMPARE(s.label("quote"), QByteArray("say \"hi\""));
        QCOMPARE(s.label("nl"), QByteArray("a\nb"));
        QCOMPARE(s.label("odd"), QByteArray("\\t")); // not an escape of the format: kept as written
        QCOMPARE(s.label("empty"), QByteArray());
        QCOMPARE(s.label("utf"), QByteArray("µs"));
        QCOMPARE(s.label("absent"), QByteArray());
        QCOMPARE(s.labels.size(), std::size_t(6));
        QCOMPARE(s.labels.front().first, QByteArray("path"));
    }

    void skipsCommentsAndBlankLines()
    {
        const QByteArray text = "# a free comment\r\n\r\n   \n#\n# HELP m Help with \"quotes\" and \\ { } 1 2 3\r\n"
                                "# TYPE m counter\r\nm_total 3\r\n\t# indented comment\nn 4";
        QString error;
        const PrometheusText parsed = PrometheusText::parse(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(parsed.samples.size(), std::size_t(2));
        QCOMPARE(parsed.samples[0].name, QByteArray("m_total"));
        QCOMPARE(parsed.samples[1].name, QByteArray("n"));
        QCOMPARE(parsed.samples[1].value, 4.0);
        QCOMPARE(parsed.types.at("m"), QByteArray("counter"));
    }

    void stopsAtOpenMetricsEof()
    {
        const QByteArray text = "# TYPE m gauge\nm 1\n# EOF\nm 2\nthis is not a sample\n";
        QString error;
        const PrometheusText parsed = PrometheusText::parse(text, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(parsed.samples.size(), std::size_t(1));
        QCOMPARE(sumOf(parsed, "m"), 1.0);
    }

    void skipsAndReportsMalformedLines_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("no value") << QByteArray("m");
        QTest::newRow("word value") << QByteArray("m one");
        QTest::newRow("bad name") << QByteArray("9m 1");
        QTest::newRow("dash in name") << QByteArray("m-x 1");
        QTest::newRow("unclosed labels") << QByteArray("m{a=\"b\" 1");
        QTest::newRow("unquoted value") << QByteArray("m{a=b} 1");
        QTest::newRow("unterminated quote") << QByteArray("m{a=\"b} 1");
        QTest::newRow("no equals") << QByteArray("m{a \"b\"} 1");
        QTest::newRow("double comma") << QByteArray("m{a=\"b\",,} 1");
        QTest::newRow("bad label name") << QByteArray("m{1a=\"b\"} 1");
        QTest::newRow("duplicate label") << QByteArray("m{a=\"b\",a=\"c\"} 1");
        QTest::newRow("bad timestamp") << QByteArray("m 1 yesterday");
        QTest::newRow("text after timestamp") << QByteArray("m 1 2 3");
        QTest::newRow("overflow") << QByteArray("m 1e999");
        QTest::newRow("type without type") << QByteArray("# TYPE m");
        QTest::newRow("unknown type") << QByteArray("# TYPE m speedometer");
    }

    void skipsAndReportsMalformedLines()
    {
        QFETCH(QByteArray, line);
        QString error;
        const PrometheusText parsed = PrometheusText::parse(QByteArray("good 1\n" + line + "\nalso_good 2\n"), &error);
        QCOMPARE(parsed.samples.size(), std::size_t(2));
        QCOMPARE(sumOf(parsed, "good"), 1.0);
        QCOMPARE(sumOf(parsed, "also_good"), 2.0);
        QVERIFY2(error.startsWith(QStringLiteral("1 line ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("line 2")), qPrintable(error));
        QVERIFY2(error.contains(QString::fromUtf8(line)), qPrintable(error));
    }

    void countsEveryMalformedLineAndNamesTheFirst()
    {
        QString error;
        const PrometheusText parsed = PrometheusText::parse(
            QByteArray("a 1\nb{x=\"1\" 2\nc 3\nd four\r\n" + QByteArray(200, 'e') + " five\n"), &error);
        QCOMPARE(parsed.samples.size(), std::size_t(2));
        QVERIFY2(error.startsWith(QStringLiteral("3 lines")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("line 2")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("b{x=\"1\" 2")), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("four")), qPrintable(error));

        // A long bad line is shortened in the message.
        PrometheusText::parse(QByteArray(QByteArray(500, 'e') + " five"), &error);
        QVERIFY2(error.size() < 250, qPrintable(error));
    }

    void emptyTextHasNothing()
    {
        QString error = QStringLiteral("stale");
        const PrometheusText parsed = PrometheusText::parse({}, &error);
        QVERIFY(parsed.samples.empty());
        QVERIFY(parsed.types.empty());
        QVERIFY(error.isEmpty());
        QVERIFY(!parsed.sum("m"));
    }
};

QTEST_GUILESS_MAIN(TestPrometheusText)
#include "tst_prometheustext.moc"
