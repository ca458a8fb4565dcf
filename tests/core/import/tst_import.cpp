// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// kneepoint import: hand-written files in each tool's documented format, read, mapped, stored and analysed.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/cli/importcommand.h"
#include "core/import/importedrun.h"
#include "core/import/importformat.h"
#include "core/import/vllmbenchimporter.h"
#include "core/run/aiperfrun.h"
#include "core/stats/stepstatistics.h"
#include "core/store/runstore.h"
#include "support/consistency.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"
#include "support/testsecret.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdlib>

using namespace kp::core;
using namespace kp::cli;

namespace {

QString data(const char* name)
{
    return QStringLiteral(KNEEPOINT_TEST_DATA "/import/") + QLatin1String(name);
}

ImportedRun readAll(const QStringList& names)
{
    std::optional<ImportedRun> run;
    for (const QString& name : names) {
        QString error;
        std::optional<ImportedRun> one = readImportFile(data(name.toUtf8().constData()), &error);
        if (!one)
            qFatal("%s", qPrintable(error));
        if (!run)
            run = std::move(one);
        else
            run->absorb(std::move(*one));
    }
    run->finish();
    return std::move(*run);
}

const RequestRecord& record(const ImportedStep& step, std::uint64_t id)
{
    for (const RequestRecord& r : step.records)
        if (r.id == id)
            return r;
    qFatal("no record %llu", static_cast<unsigned long long>(id));
    std::abort();
}

} // namespace

class TestImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sniffsEachFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("format");
        QTest::newRow("vllm") << "vllm_bench_c4.json" << int(ImportFormat::VllmBenchServe);
        QTest::newRow("vllm summary") << "vllm_bench_summary.json" << int(ImportFormat::VllmBenchServe);
        QTest::newRow("aiperf records") << "aiperf_c8/profile_export.jsonl" << int(ImportFormat::AiperfRecords);
        QTest::newRow("aiperf aggregate")
            << "aiperf_c8/profile_export_aiperf.json" << int(ImportFormat::AiperfAggregate);
        QTest::newRow("guidellm") << "guidellm_benchmarks.json" << int(ImportFormat::Guidellm);
        QTest::newRow("unknown") << "unknown.json" << int(ImportFormat::UnknownJson);
        QTest::newRow("not json") << "notjson.txt" << int(ImportFormat::NotJson);
    }
    void sniffsEachFormat()
    {
        QFETCH(QString, file);
        QFETCH(int, format);
        QFile f(data(file.toUtf8().constData()));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(int(sniffImportFormat(f.readAll())), format);
    }

    void vllmBenchServe()
    {
        const ImportedRun run = readAll({QStringLiteral("vllm_bench_c4.json"), QStringLiteral("vllm_bench_c1.json")});
        QCOMPARE(run.source, QStringLiteral("vllm-bench-serve"));
        QCOMPARE(run.model, QStringLiteral("Qwen/Qwen2.5-7B-Instruct"));
        QCOMPARE(run.steps.size(), std::size_t(2));
        // Sorted by load: the single user first, as the baseline.
        QCOMPARE(run.steps[0].info.phase, Phase::Baseline);
        QCOMPARE(run.steps[0].info.load.value(u"concurrency").toInt(), 1);
        QCOMPARE(run.steps[1].info.phase, Phase::Concurrency);
        QCOMPARE(run.steps[1].info.load.value(u"concurrency").toInt(), 4);
        QCOMPARE(run.steps[0].records.size(), std::size_t(20));
        QCOMPARE(run.steps[1].records.size(), std::size_t(20));
        QVERIFY(run.steps[1].info.startNs > run.steps[0].info.endNs);

        // Request 3 of the c=4 file: ttft 0.048565 s, seven ITL gaps, 8 output tokens.
        const RequestRecord& r = record(run.steps[1], 3);
        const RequestLatencies l = RequestLatencies::of(r);
        QVERIFY(l.ttftMs && l.tpotMs);
        QVERIFY(qAbs(*l.ttftMs - 48.565) < 1e-6);
        const double gaps = 0.012342 + 0.013811 + 0.013964 + 0.013865 + 0.012094 + 0.011661 + 0.011681;
        QVERIFY(qAbs(*l.tpotMs - 1000 * gaps / 7) < 1e-5);
        QCOMPARE(r.chunks.size(), std::size_t(8));
        QCOMPARE(r.promptTokens, 512);
        // A request whose 9 tokens came in 8 chunks: one chunk carries two.
        const RequestRecord& r5 = record(run.steps[1], 5);
        QCOMPARE(r5.outputTokens(), 9);
        QCOMPARE(r5.chunks.size(), std::size_t(8));
        QCOMPARE(r5.chunks.front().tokens, 2);
        const RequestRecord& failed = record(run.steps[1], 11);
        QVERIFY(!failed.ok());
        QCOMPARE(failed.error, ErrorClass::ServerError);
        // The c=4 file is from a version that does not save start times: they are rebuilt, and said so.
        QVERIFY(run.notRecorded.join(u'|').contains(u"request start times"));
        QVERIFY(run.notRecorded.contains(QStringLiteral("server /metrics")));
        QVERIFY(run.notRecorded.contains(QStringLiteral("client CPU")));
        // A closed loop of 4: never more than 4 in flight.
        QCOMPARE(ImportMapping::peakInFlight(run.steps[1].records), 4);
    }

    void vllmRateWithoutStartTimes()
    {
        // An open loop at 4 req/s from a serve.py that saved no start times: arrivals are rebuilt 250 ms apart.
        const QJsonObject doc {{QStringLiteral("model_id"), QStringLiteral("m")}, {QStringLiteral("request_rate"), 4.0},
            {QStringLiteral("max_concurrency"), QJsonValue::Null},
            {QStringLiteral("ttfts"), QJsonArray {0.05, 0.06, 0.07}},
            {QStringLiteral("itls"), QJsonArray {QJsonArray {0.01, 0.01}, QJsonArray {0.02}, QJsonArray {}}},
            {QStringLiteral("input_lens"), QJsonArray {10, 10, 10}},
            {QStringLiteral("output_lens"), QJsonArray {3, 2, 1}},
            {QStringLiteral("errors"), QJsonArray {QString(), QString(), QString()}}};
        QString error;
        std::optional<ImportedRun> run = VllmBenchImporter::read(doc, QStringLiteral("rate.json"), &error);
        QVERIFY2(run, qPrintable(error));
        run->finish();
        QCOMPARE(run->steps.front().info.phase, Phase::Rate);
        QCOMPARE(run->steps.front().info.load.value(u"rate").toDouble(), 4.0);
        const std::vector<RequestRecord>& r = run->steps.front().records;
        QCOMPARE(r[1].sentNs - r[0].sentNs, std::int64_t(250'000'000));
        QCOMPARE(r[2].sentNs - r[0].sentNs, std::int64_t(500'000'000));
        // One output token: a TTFT, and no TPOT (vLLM drops it from its TPOT statistics too).
        const RequestLatencies l = RequestLatencies::of(r[2]);
        QVERIFY(l.ttftMs && !l.tpotMs);
        QVERIFY(run->notRecorded.join(u'|').contains(u"rebuilt from the rate"));
    }

    // A vllm bench serve file against llama.cpp: every output_lens is 0 (that client reads usage only from a chunk
    // without choices), the ttfts and itls are right. The lengths come from the itls, less llama.cpp's closing chunk
    // (empty text, finish_reason and usage, 0.2 ms after the last token here), the shape from them too (never the
    // product's default), and no claim is made that answers were as long as asked.
    void vllmZeroOutputLengthsAgainstLlamaCpp()
    {
        const QJsonObject doc {{QStringLiteral("model_id"), QStringLiteral("tiny.gguf")},
            {QStringLiteral("request_rate"), QStringLiteral("inf")}, {QStringLiteral("max_concurrency"), 2},
            {QStringLiteral("ttfts"), QJsonArray {0.05, 0.06, 0.05}},
            {QStringLiteral("itls"),
                QJsonArray {QJsonArray {0.01, 0.01, 0.01, 0.0002}, QJsonArray {0.01, 0.02, 0.01, 0.0002},
                    QJsonArray {0.02, 0.01, 0.01, 0.0002}}},
            {QStringLiteral("input_lens"), QJsonArray {128, 128, 128}},
            {QStringLiteral("output_lens"), QJsonArray {0, 0, 0}},
            {QStringLiteral("errors"), QJsonArray {QString(), QString(), QString()}}};
        QString error;
        std::optional<ImportedRun> run = VllmBenchImporter::read(doc, QStringLiteral("llama.json"), &error);
        QVERIFY2(run, qPrintable(error));
        run->finish();
        const std::vector<double> tpotMs {10.0, 40.0 / 3.0, 40.0 / 3.0};
        for (std::size_t i = 0; i < 3; ++i) {
            const RequestRecord& r = run->steps.front().records[i];
            QVERIFY(r.ok());
            QCOMPARE(r.outputTokens(), 4);
            QCOMPARE(int(r.chunks.size()), 4);
            // The server's eval time over n − 1 gaps: the closing chunk adds no token and no time per token.
            const RequestLatencies l = RequestLatencies::of(r);
            QVERIFY(l.tpotMs);
            QVERIFY2(std::abs(*l.tpotMs - tpotMs[i]) < 1e-6, qPrintable(QString::number(*l.tpotMs)));
            // The request itself ended with that chunk.
            QCOMPARE(r.endNs - r.chunks.back().ns, std::int64_t(200'000));
        }
        QVERIFY(!run->outputLengthsRecorded);
        QVERIFY(run->notes.join(u'|').contains(u"reads usage only from a chunk without choices"));
        const RunInfo info = run->runInfo(QString());
        QCOMPARE(info.options.value(u"shapes").toArray().first().toObject().value(u"output").toInt(), 4);

        auto store = RunStore::open(m_dir.filePath(QStringLiteral("zeros.sqlite")), &error, QStringLiteral("zeros"));
        QVERIFY2(store, qPrintable(error));
        const qint64 id = run->store(info, *store, &error);
        QVERIFY2(id > 0, qPrintable(error));
        const std::optional<RunData> loaded = RunData::load(*store, id, &error);
        QVERIFY2(loaded, qPrintable(error));
        const RunAnalysis analysis = RunAnalysis::of(*loaded, AnalysisSettings::ofRun(*loaded));
        const auto it = std::find_if(
            analysis.trust.begin(), analysis.trust.end(), [](const TrustCheck& c) { return c.id == u"output-length"; });
        QVERIFY(it != analysis.trust.end());
        QCOMPARE(it->status, TrustCheck::Status::NotMeasured);
        QVERIFY2(it->detail.contains(u"not recorded"), qPrintable(it->detail));
    }

    void aiperfRecords()
    {
        const ImportedRun run = readAll(
            {QStringLiteral("aiperf_c8/profile_export.jsonl"), QStringLiteral("aiperf_c2/profile_export.jsonl")});
        QCOMPARE(run.source, QStringLiteral("aiperf"));
        QCOMPARE(run.toolVersion, QStringLiteral("0.13.0"));
        QCOMPARE(run.model, QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
        QCOMPARE(run.steps.size(), std::size_t(2));
        QCOMPARE(run.steps[0].info.load.value(u"concurrency").toInt(), 2);
        QCOMPARE(run.steps[1].info.load.value(u"concurrency").toInt(), 8);
        QCOMPARE(run.steps[0].info.phase, Phase::Concurrency);
        const ImportedStep& c8 = run.steps[1];
        QCOMPARE(c8.records.size(), std::size_t(20));
        // Record 3: TTFT 65.613289 ms; AIPerf's per-request ITL 13.451986 ms is Kneepoint's TPOT.
        const RequestLatencies l = RequestLatencies::of(record(c8, 3));
        QVERIFY(l.ttftMs && l.tpotMs);
        QVERIFY(qAbs(*l.ttftMs - 65.613289) < 1e-5);
        QVERIFY(qAbs(*l.tpotMs - 13.451986) < 1e-4);
        QCOMPARE(record(c8, 3).chunks.size(), std::size_t(16));
        QCOMPARE(record(c8, 3).outputTokens(), 16);
        // Record 4 gives its TTFT in nanoseconds.
        const RequestLatencies l4 = RequestLatencies::of(record(c8, 4));
        QVERIFY(l4.ttftMs && *l4.ttftMs > 20 && *l4.ttftMs < 100);
        QCOMPARE(record(c8, 9).error, ErrorClass::RateLimited);
        QCOMPARE(record(c8, 9).httpStatus, 429);
        QVERIFY(!run.notRecorded.join(u'|').contains(u"spread evenly"));
    }

    void guidellmBenchmarks()
    {
        const ImportedRun run = readAll({QStringLiteral("guidellm_benchmarks.json")});
        QCOMPARE(run.source, QStringLiteral("guidellm"));
        QCOMPARE(run.model, QStringLiteral("Qwen/Qwen2.5-7B-Instruct"));
        QCOMPARE(run.url, QStringLiteral("http://localhost:8000"));
        QCOMPARE(run.steps.size(), std::size_t(2));
        QCOMPARE(run.steps[0].info.phase, Phase::Baseline);
        QCOMPARE(run.steps[1].info.load.value(u"concurrency").toInt(), 4);
        QCOMPARE(run.steps[0].records.size(), std::size_t(20));
        QCOMPARE(run.steps[1].records.size(), std::size_t(22));
        // The first successful request of the concurrent benchmark, as the file gives it.
        const double start = 1768471300.0, first = 1768471300.080057, last = 1768471300.700057;
        const RequestRecord& r = run.steps[1].records.front();
        const RequestLatencies l = RequestLatencies::of(r);
        QVERIFY(l.ttftMs && l.tpotMs);
        QVERIFY(qAbs(*l.ttftMs - 1000 * (first - start)) < 1e-3);
        // GuideLLM's ITL, (last − first)/(n − 1), is Kneepoint's TPOT.
        QVERIFY(qAbs(*l.tpotMs - 1000 * (last - first) / 31) < 1e-3);
        QCOMPARE(r.chunks.size(), std::size_t(32));
        int errored = 0, incomplete = 0;
        for (const RequestRecord& x : run.steps[1].records) {
            errored += x.error == ErrorClass::ServerError ? 1 : 0;
            incomplete += x.warmup ? 1 : 0;
        }
        QCOMPARE(errored, 1);
        QCOMPARE(incomplete, 1);
        QVERIFY(run.notRecorded.contains(
            QStringLiteral("per-chunk arrival times (spread evenly between first and last token)")));
    }

    void storedRunNamesWhatWasNotRecorded()
    {
        const ImportedRun run = readAll({QStringLiteral("guidellm_benchmarks.json")});
        QString error;
        auto store = RunStore::open(m_dir.filePath(QStringLiteral("stored.sqlite")), &error);
        QVERIFY2(store, qPrintable(error));
        const qint64 id = run.store(run.runInfo(QString()), *store, &error);
        QVERIFY2(id > 0, qPrintable(error));
        const std::optional<RunData> loaded = RunData::load(*store, id, &error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(loaded->steps.size(), std::size_t(2));
        QCOMPARE(loaded->summary.status, RunStatus::Complete);
        QCOMPARE(int(loaded->steps[1].requests.size()), 20);
        const QJsonObject imported = loaded->stored.environment.value(u"import").toObject();
        QCOMPARE(imported.value(u"source").toString(), QStringLiteral("guidellm"));
        QCOMPARE(imported.value(u"file").toString(), QStringLiteral("guidellm_benchmarks.json"));
        const RunAnalysis analysis = RunAnalysis::of(*loaded, AnalysisSettings::ofRun(*loaded));
        const auto it = std::find_if(
            analysis.trust.begin(), analysis.trust.end(), [](const TrustCheck& c) { return c.id == u"imported"; });
        QVERIFY(it != analysis.trust.end());
        QCOMPARE(it->status, TrustCheck::Status::Warn);
        QVERIFY2(it->detail.startsWith(u"Imported from GuideLLM"), qPrintable(it->detail));
        QVERIFY2(it->detail.contains(u"per-chunk arrival times"), qPrintable(it->detail));
        QVERIFY2(it->detail.endsWith(u"not recorded."), qPrintable(it->detail));
    }

    void commandImportsAndShowWorks_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<int>("steps");
        QTest::addColumn<QString>("source");
        QTest::newRow("vllm") << QStringList {data("vllm_bench_c1.json"), data("vllm_bench_c4.json")} << 2
                              << "vllm-bench-serve";
        QTest::newRow("aiperf") << QStringList {data("aiperf_c2/profile_export.jsonl"),
            data("aiperf_c8/profile_export.jsonl")}
                                << 2 << "aiperf";
        QTest::newRow("guidellm") << QStringList {data("guidellm_benchmarks.json")} << 2 << "guidellm";
    }
    void commandImportsAndShowWorks()
    {
        QFETCH(QStringList, files);
        QFETCH(int, steps);
        QFETCH(QString, source);
        const QString db = m_dir.filePath(source + QStringLiteral(".sqlite"));
        const KneepointResult r = runKneepoint(QStringList {QStringLiteral("import")}
            << files << QStringList {QStringLiteral("--db"), db, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const qint64 id = doc.value(u"run_id").toInteger();
        QVERIFY(id > 0);
        QCOMPARE(doc.value(u"import").toObject().value(u"source").toString(), source);

        const KneepointResult show
            = runKneepoint({QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), db});
        QVERIFY2(show.code == 0, qPrintable(show.err));
        QVERIFY2(show.out.contains(u"not recorded"), qPrintable(show.out));
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("check-") + source);
        QVERIFY(store);
        const std::optional<StoredRun> stored = store->run(id, &error);
        QVERIFY(stored);
        QCOMPARE(int(stored->steps.size()), steps);
        // Another tool's run is judged as our own: every figure of the verdict appears in the rest of `show`.
        const std::optional<RunData> loaded = RunData::load(*store, id, &error);
        QVERIFY2(loaded, qPrintable(error));
        const RunAnalysis analysis = RunAnalysis::of(*loaded, AnalysisSettings::ofRun(*loaded));
        const QStringList unsupported
            = verdictFiguresWithoutEvidence(analysis.verdict, show.out) + verdictContradictions(analysis);
        QVERIFY2(unsupported.isEmpty(), qPrintable(unsupported.join(u"; ")));
    }

    void refusesWhatItCannotRead_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("unknown json") << data("unknown.json")
                                      << "unknown.json is not a Kneepoint archive (kneepoint export), a vllm "
                                         "bench serve result (--save-result "
                                         "--save-detailed), an AIPerf profile_export.jsonl or a GuideLLM "
                                         "benchmarks.json: it is JSON, but has no";
        QTest::newRow("not json") << data(
            "notjson.txt") << "notjson.txt is not a Kneepoint archive (kneepoint export), a vllm bench serve result";
        QTest::newRow("aiperf aggregate")
            << data("aiperf_c8/profile_export_aiperf.json") << "Import the profile_export.jsonl";
        QTest::newRow("vllm summary") << data("vllm_bench_summary.json") << "--save-detailed";
        QTest::newRow("missing") << m_dir.filePath(QStringLiteral("none.json")) << "Cannot read";
    }
    void refusesWhatItCannotRead()
    {
        QFETCH(QString, file);
        QFETCH(QString, sentence);
        const QString db = m_dir.filePath(QStringLiteral("refused.sqlite"));
        const KneepointResult r
            = runKneepoint({QStringLiteral("import"), file, QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(sentence), qPrintable(r.err));
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("refused"));
        QVERIFY(store);
        QVERIFY(store->runs(&error).isEmpty());
    }

    void refusesMixedTools()
    {
        const QString db = m_dir.filePath(QStringLiteral("mixed.sqlite"));
        const KneepointResult r = runKneepoint({QStringLiteral("import"), data("vllm_bench_c1.json"),
            data("guidellm_benchmarks.json"), QStringLiteral("--db"), db});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"Import them separately"), qPrintable(r.err));
    }

    void usageErrors()
    {
        QCOMPARE(runKneepoint({QStringLiteral("import")}).code, 2);
        QCOMPARE(runKneepoint({QStringLiteral("import"), data("vllm_bench_c1.json"), QStringLiteral("--gpu"),
                                  QStringLiteral("no-such-gpu"), QStringLiteral("--db"),
                                  m_dir.filePath(QStringLiteral("u.sqlite"))})
                     .code,
            2);
    }

    // kneepoint run --engine aiperf against the stand-in aiperf of tests/support/fakeaiperf.cpp.
    void aiperfEngine()
    {
        const QString db = m_dir.filePath(QStringLiteral("engine.sqlite"));
        const KneepointResult r = runKneepoint(engineArguments(db), 60'000, withFakeAiperf());
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const qint64 id = doc.value(u"run_id").toInteger();
        QVERIFY(id > 0);
        QCOMPARE(doc.value(u"options").toObject().value(u"engine").toString(), QStringLiteral("aiperf"));
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("engine"));
        QVERIFY(store);
        const std::optional<StoredRun> stored = store->run(id, &error);
        QVERIFY(stored);
        QCOMPARE(int(stored->steps.size()), 2);
        QCOMPARE(stored->steps[0].info.phase, Phase::Baseline);
        QCOMPARE(stored->steps[1].info.load.value(u"concurrency").toInt(), 4);
        const std::vector<RequestRecord> records = store->requests(stored->steps[1].id, &error);
        QCOMPARE(records.size(), std::size_t(12));
        // The stand-in answers a first token after 20 + 2 × users ms (+ 0.25 ms × (i mod 5)), 16 tokens each.
        const RequestLatencies l = RequestLatencies::of(records.front());
        QVERIFY(l.ttftMs && qAbs(*l.ttftMs - 28.0) < 1e-3);
        QCOMPARE(records.front().outputTokens(), 16);
        const KneepointResult show
            = runKneepoint({QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), db});
        QVERIFY2(show.code == 0, qPrintable(show.err));
        QVERIFY2(show.out.contains(u"Measured by AIPerf"), qPrintable(show.out));
    }

    void aiperfEngineArguments()
    {
        RunOptions o;
        o.url = QUrl(QStringLiteral("http://user:secret@127.0.0.1:8000"));
        o.model = QStringLiteral("m");
        o.shapes = {Shape {256, 32}};
        const QStringList args = AiperfRun::profileArguments(o.resolved(), 8, 0, 40, QStringLiteral("/tmp/a"));
        QCOMPARE(args.first(), QStringLiteral("profile"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("--concurrency")) + 1), QStringLiteral("8"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("--request-count")) + 1), QStringLiteral("40"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("--synthetic-input-tokens-mean")) + 1), QStringLiteral("256"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("--output-tokens-mean")) + 1), QStringLiteral("32"));
        QCOMPARE(args.at(args.indexOf(QStringLiteral("--endpoint-type")) + 1), QStringLiteral("completions"));
        QVERIFY(args.contains(QStringLiteral("--streaming")));
        QVERIFY(!args.join(u' ').contains(u"secret"));
        const QStringList rate = AiperfRun::profileArguments(o.resolved(), 0, 2.5, 40, QStringLiteral("/tmp/a"));
        QCOMPARE(rate.at(rate.indexOf(QStringLiteral("--request-rate")) + 1), QStringLiteral("2.5"));
        QVERIFY(!rate.contains(QStringLiteral("--concurrency")));
    }

    void aiperfEngineWithoutAiperf()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), m_dir.filePath(QStringLiteral("empty-path")));
        const QString db = m_dir.filePath(QStringLiteral("noaiperf.sqlite"));
        const KneepointResult r = runKneepoint(engineArguments(db), 30'000, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"pip install aiperf"), qPrintable(r.err));
    }

    void aiperfEngineOtherVersionWarns()
    {
        QProcessEnvironment env = withFakeAiperf();
        env.insert(QStringLiteral("FAKE_AIPERF_VERSION"), QStringLiteral("0.12.1"));
        const KneepointResult r
            = runKneepoint(engineArguments(m_dir.filePath(QStringLiteral("oldaiperf.sqlite"))), 60'000, env);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(u"Warning: aiperf 0.12.1 is not 0.13"), qPrintable(r.err));
    }

    void aiperfEngineFailureStoresNothing()
    {
        QProcessEnvironment env = withFakeAiperf();
        env.insert(QStringLiteral("FAKE_AIPERF_FAIL"), QStringLiteral("1"));
        const QString db = m_dir.filePath(QStringLiteral("failaiperf.sqlite"));
        const KneepointResult r = runKneepoint(engineArguments(db), 60'000, env);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"the endpoint did not answer"), qPrintable(r.err));
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("failaiperf"));
        QVERIFY(store);
        QVERIFY(store->runs(&error).isEmpty());
    }

    // AIPerf takes the key as an argument, and a failing step's last line (which may echo it) becomes the run's
    // stored reason: the key is cut out before it is printed or stored.
    void aiperfEngineKeepsTheKeyOutOfTheReason()
    {
        const QByteArray key = testSecret("aiperf");
        QProcessEnvironment env = withFakeAiperf();
        env.insert(QStringLiteral("KNEEPOINT_API_KEY"), QString::fromUtf8(key));
        env.insert(QStringLiteral("FAKE_AIPERF_FAIL"), QStringLiteral("concurrency:4"));
        const QString db = m_dir.filePath(QStringLiteral("echoaiperf.sqlite"));
        const KneepointResult r = runKneepoint(engineArguments(db), 60'000, env);
        QVERIFY2(r.err.contains(u"aiperf: error: the endpoint refused --api-key [API key]"), qPrintable(r.err + r.out));
        QVERIFY(!r.err.contains(QString::fromUtf8(key)) && !r.out.contains(QString::fromUtf8(key)));
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("echoaiperf"));
        QVERIFY2(store, qPrintable(error));
        const QList<RunSummary> runs = store->runs(&error);
        QCOMPARE(runs.size(), 1);
        store.reset();
        for (const QString& file : QStringList {db, db + QStringLiteral("-wal")}) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains(key), qPrintable(file));
        }
    }

    // Ctrl-C while AIPerf measures a step stops that step and keeps the ones measured before it, stored as a run
    // that was stopped; the process ends within seconds, not when AIPerf would have.
    void aiperfEngineInterruptedKeepsTheStepsMeasured()
    {
        QProcessEnvironment env = withFakeAiperf();
        env.insert(QStringLiteral("FAKE_AIPERF_HANG"), QStringLiteral("concurrency:4"));
        const QString db = m_dir.filePath(QStringLiteral("stoppedaiperf.sqlite"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(SimProcess::binary(), engineArguments(db));
        QString said;
        for (int waited = 0; waited < 30'000 && !said.contains(u"[2/2]"); waited += 100) {
            p.waitForReadyRead(100);
            said += QString::fromUtf8(p.readAllStandardError());
        }
        QVERIFY2(said.contains(u"[2/2] aiperf at concurrency 4"), qPrintable(said));
        QTest::qWait(300); // the step's process is started
        QElapsedTimer clock;
        clock.start();
        QVERIFY(p.processId() > 0); // kill(0) would signal this test's own process group
        ::kill(pid_t(p.processId()), SIGINT);
        const KneepointResult r = finishKneepoint(p, 30'000);
        QVERIFY(clock.elapsed() < 10'000);
        QCOMPARE(r.code, 130);
        QVERIFY2(
            r.err.contains(u"Interrupted during aiperf profile at concurrency 4: the step measured before it kept."),
            qPrintable(r.err));
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("stoppedaiperf"));
        QVERIFY2(store, qPrintable(error));
        const QList<RunSummary> runs = store->runs(&error);
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.first().status, RunStatus::Stopped);
        QCOMPARE(runs.first().steps, 1);
    }

private:
    static QStringList engineArguments(const QString& db)
    {
        return {QStringLiteral("run"), QStringLiteral("--engine"), QStringLiteral("aiperf"), QStringLiteral("--url"),
            QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--model"), QStringLiteral("test-model"),
            QStringLiteral("--concurrency"), QStringLiteral("1,4"), QStringLiteral("--requests"), QStringLiteral("12"),
            QStringLiteral("--shapes"), QStringLiteral("128/16"), QStringLiteral("--db"), db, QStringLiteral("--json")};
    }
    static QProcessEnvironment withFakeAiperf()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
            QStringLiteral(KNEEPOINT_FAKE_AIPERF_DIR) + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        env.remove(QStringLiteral("KNEEPOINT_API_KEY"));
        return env;
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
