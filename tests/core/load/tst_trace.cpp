// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Trace replay: the three public formats read by one reader, a window of them, prompts of the trace's lengths with
// its shared blocks, and a run that sends them at the trace's times.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/load/loadengine.h"
#include "core/load/trace.h"
#include "core/load/workload.h"
#include "core/plan/runplan.h"
#include "core/store/runstore.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace kp::core;
using namespace Qt::StringLiterals;

class TestTrace : public QObject
{
    Q_OBJECT

    QString write(const QString& name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        return path;
    }

    /// A Mooncake trace in its published layout: 12 requests 250 ms apart (starting at 5 s), the even ones sharing
    /// their first block (id 7), each ending in a block of its own.
    QString mooncake()
    {
        QByteArray text;
        for (int i = 0; i < 12; ++i) {
            const int input = i % 3 == 0 ? 40 : 150;
            const QByteArray own = QByteArray::number(100 + i) + ']';
            const QByteArray ids = QByteArray(input > 100 ? (i % 2 == 0 ? "[7, " : "[8, ") : "[") + own;
            text += "{\"timestamp\": " + QByteArray::number(5000 + 250 * i)
                + ", \"input_length\": " + QByteArray::number(input)
                + ", \"output_length\": " + QByteArray::number(4 + i % 4) + ", \"hash_ids\": " + ids + "}\n";
        }
        return write(u"mooncake.jsonl"_s, text);
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void mooncakeJsonlIsRead()
    {
        QString error;
        const std::optional<Trace> t = Trace::read(mooncake(), &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->formatName(), u"Mooncake JSONL"_s);
        QCOMPARE(t->fileName, u"mooncake.jsonl"_s);
        QCOMPARE(int(t->requests.size()), 12);
        QCOMPARE(t->requests[0].atSeconds, 0.0); // from the first arrival
        QCOMPARE(t->requests[1].atSeconds, 0.25);
        QCOMPARE(t->requests[1].inputTokens, 150);
        QCOMPARE(t->requests[1].outputTokens, 5);
        QCOMPARE(t->requests[2].hashIds, (std::vector<std::uint64_t> {7, 102}));
        QCOMPARE(t->spanSeconds(), 2.75);
        QCOMPARE(t->meanRate(), 4.0); // 11 gaps of 250 ms
        QCOMPARE(t->offsetsNs()[3], std::int64_t(750'000'000));
    }

    // Azure's TIMESTAMP carries seven decimals, more than Qt's dates read; the order is the time's, not the file's.
    void azureCsvIsRead()
    {
        const QString path = write(u"AzureLLMInferenceTrace_code.csv"_s,
            "TIMESTAMP,ContextTokens,GeneratedTokens\n"
            "2023-11-16 18:15:46.6805900,4808,10\n"
            "2023-11-16 18:15:50.9951690,3180,8\n"
            "2023-11-16 18:15:47.1234567,110,27\n");
        QString error;
        const std::optional<Trace> t = Trace::read(path, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->formatName(), u"Azure LLM inference CSV"_s);
        QCOMPARE(int(t->requests.size()), 3);
        QCOMPARE(t->requests[1].inputTokens, 110);
        QVERIFY2(std::abs(t->requests[1].atSeconds - 0.4428667) < 1e-6,
            qPrintable(QString::number(t->requests[1].atSeconds)));
        QVERIFY(std::abs(t->requests[2].atSeconds - 4.314579) < 1e-6);
    }

    // BurstGPT records failed requests with no response tokens: nothing to replay, counted.
    void burstGptCsvIsRead()
    {
        const QString path = write(u"BurstGPT_1.csv"_s,
            "Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n"
            "5,ChatGPT,472,18,490,Conversation log\n"
            "45,ChatGPT,1087,0,1087,Conversation log\n"
            "118,GPT-4,417,276,693,API log\n");
        QString error;
        const std::optional<Trace> t = Trace::read(path, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->formatName(), u"BurstGPT CSV"_s);
        QCOMPARE(int(t->requests.size()), 2);
        QCOMPARE(t->skipped, 1);
        QCOMPARE(t->requests[1].atSeconds, 113.0);
        QCOMPARE(t->requests[1].outputTokens, 276);
    }

    void whatCannotBeReadIsSaid()
    {
        QString error;
        QVERIFY(!Trace::read(write(u"other.csv"_s, "time,prompt,answer\n1,2,3\n"), &error));
        QVERIFY2(
            error.contains(u"is not a trace Kneepoint reads") && error.contains(u"ContextTokens"), qPrintable(error));
        QVERIFY(!Trace::read(write(u"bad.jsonl"_s,
                                 "{\"timestamp\": 1, \"input_length\": 5, \"output_length\": 5}\n"
                                 "{\"timestamp\": 2, \"input_length\": \"many\", \"output_length\": 5}\n"),
            &error));
        QVERIFY2(error.contains(u"line 2: needs \"timestamp\""), qPrintable(error));
        QVERIFY(!Trace::read(m_dir.filePath(u"missing.jsonl"_s), &error));
        QVERIFY2(error.startsWith(u"Cannot read the trace"), qPrintable(error));
    }

    void aWindowIsCutAndSpedUp()
    {
        QString error;
        const std::optional<Trace> t = Trace::read(mooncake(), &error);
        QVERIFY2(t, qPrintable(error));
        // From 1 s for 1 s: the arrivals at 1.0, 1.25, 1.5 and 1.75 s, from 0, twice as fast.
        const Trace w = t->window(1, 1, 2);
        QCOMPARE(int(w.requests.size()), 4);
        QCOMPARE(w.requests[0].atSeconds, 0.0);
        QCOMPARE(w.requests[3].atSeconds, 0.375);
        QCOMPARE(w.requests[0].inputTokens, t->requests[4].inputTokens);
        QCOMPARE(w.meanRate(), 8.0);
        QVERIFY(t->window(10, 0, 1).requests.empty());

        RunOptions o;
        o.trace = m_dir.filePath(u"mooncake.jsonl"_s);
        o.traceStartSeconds = 10;
        QVERIFY(!o.loadTrace(&error));
        QVERIFY2(error.contains(u"has no request from 10 s") && error.contains(u"it spans 2.8 s"), qPrintable(error));
        o.traceStartSeconds = 0;
        o.traceSpeed = 2;
        QVERIFY2(o.loadTrace(&error), qPrintable(error));
        // The plan: the baseline, then one open-loop step at the trace's own times and its mean rate.
        o.concurrency.clear();
        const RunPlan plan = RunPlan::of(o);
        QCOMPARE(int(plan.steps.size()), 2);
        const PlannedStep& step = plan.steps[1];
        QCOMPARE(step.phase, Phase::Rate);
        QCOMPARE(step.plan.arrival, LoadPlan::Arrival::Trace);
        QCOMPARE(step.plan.requestCount, 12);
        QCOMPARE(step.plan.warmupRequests, 0);
        QCOMPARE(step.load.value(u"rate").toDouble(), 8.0);
        QCOMPARE(step.load.value(u"trace").toString(), u"mooncake.jsonl"_s);
        const std::vector<std::int64_t> offsets = LoadPlan::arrivalOffsets(step.plan, 100);
        QCOMPARE(int(offsets.size()), 12); // never more than the trace holds
        QCOMPARE(offsets[2], std::int64_t(250'000'000));
        QVERIFY2(plan.lines().value(1).contains(u"replaying mooncake.jsonl (Mooncake JSONL) at its own times"),
            qPrintable(plan.lines().join(u'\n')));
    }

    // Each request is a prompt of exactly its length by the server's count, the blocks a hash id names are the same
    // words wherever it appears, and the engine sends request i at the trace's time i.
    void theReplaySendsTheTraceAtItsTimes()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({u"--speed"_s, u"20"_s}, &error), qPrintable(error));
        ServerEndpoint target;
        target.baseUrl = QUrl(sim.baseUrl());
        const std::optional<Trace> trace = Trace::read(mooncake(), &error);
        QVERIFY2(trace, qPrintable(error));
        const Trace w = trace->window(0, 0, 4);
        WorkloadSpec spec;
        const auto built = WorkloadBuilder::fromTrace(target, spec, w);
        QVERIFY2(built.error.isEmpty(), qPrintable(built.error));
        QCOMPARE(int(built.requests.size()), 12);
        for (std::size_t i = 0; i < 12; ++i) {
            QCOMPARE(built.requests[i].inputTokens, w.requests[i].inputTokens);
            QCOMPARE(built.requests[i].outputTokens, w.requests[i].outputTokens);
        }
        // Blocks of 512 tokens do not fit prompts of 150, so these share nothing; with blocks of 64, requests 2 and 4
        // both start with block 7, word for word, and request 1 with block 8.
        Trace longer = w;
        longer.blockTokens = 64;
        const auto shared = WorkloadBuilder::fromTrace(target, spec, longer);
        QVERIFY2(shared.error.isEmpty(), qPrintable(shared.error));
        // The prompt up to the request's own block of words (the body's keys are sorted, max_tokens first).
        const auto head = [&](std::size_t i) {
            const RequestTemplate& t = shared.requests[i];
            const qsizetype from = t.body.indexOf("\"prompt\"");
            return t.body.sliced(from, t.uniqueAt - from);
        };
        const QByteArray a = head(2);
        const QByteArray b = head(4);
        const QByteArray c = head(1);
        QCOMPARE(a, b);
        QVERIFY(a.size() > 300); // 64 words
        QVERIFY(a != c); // request 1 starts with block 8
        QVERIFY2(shared.notes.join(u' ').contains(u"repeat a block of 64"), qPrintable(shared.notes.join(u' ')));
        QCOMPARE(shared.requests[2].inputTokens, 150);

        LoadPlan plan;
        plan.pattern = LoadPlan::Pattern::OpenLoop;
        plan.arrival = LoadPlan::Arrival::Trace;
        plan.traceOffsetsNs = std::make_shared<const std::vector<std::int64_t>>(w.offsetsNs());
        plan.requestCount = 12;
        const auto result = LoadEngine::run(target, StreamTransport::Kind::Socket, plan,
            std::make_shared<const std::vector<RequestTemplate>>(shared.requests));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(int(result.records.size()), 12);
        std::vector<RequestRecord> records = result.records;
        std::sort(records.begin(), records.end(),
            [](const RequestRecord& x, const RequestRecord& y) { return x.scheduledNs < y.scheduledNs; });
        for (std::size_t i = 0; i < records.size(); ++i) {
            const RequestRecord& r = records[i];
            QVERIFY2(r.ok(), qPrintable(r.errorMessage));
            QCOMPARE(r.promptTokens, w.requests[i].inputTokens);
            QCOMPARE(r.scheduledNs - records[0].scheduledNs, w.offsetsNs()[i]);
        }
    }

    // The command line end to end: the trace is the run's load, stored, judged by rate, and its replay said.
    void runReplaysATrace()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({u"--speed"_s, u"20"_s}, &error), qPrintable(error));
        const QString trace = mooncake();
        const QString db = m_dir.filePath(u"runs.sqlite"_s);
        const KneepointResult refused
            = runKneepoint({u"run"_s, u"--url"_s, sim.baseUrl(), u"--trace"_s, trace, u"--turns"_s, u"2"_s});
        QCOMPARE(refused.code, 2);
        QVERIFY2(refused.err.contains(u"--trace and --turns cannot be combined"), qPrintable(refused.err));
        const KneepointResult aiperf
            = runKneepoint({u"run"_s, u"--url"_s, sim.baseUrl(), u"--trace"_s, trace, u"--engine"_s, u"aiperf"_s});
        QCOMPARE(aiperf.code, 2);
        QVERIFY2(aiperf.err.contains(u"replayed by Kneepoint's own engine only"), qPrintable(aiperf.err));
        const KneepointResult sharded = runKneepoint({u"run"_s, u"--url"_s, sim.baseUrl(), u"--trace"_s, trace,
            u"--shard"_s, u"0/2"_s, u"--start-at"_s, u"2030-01-01T00:00:00Z"_s});
        QCOMPARE(sharded.code, 2);
        QVERIFY2(sharded.err.contains(u"--trace and --shard cannot be combined"), qPrintable(sharded.err));
        const KneepointResult alone = runKneepoint({u"run"_s, u"--url"_s, sim.baseUrl(), u"--trace-speed"_s, u"2"_s});
        QCOMPARE(alone.code, 2);
        QVERIFY2(alone.err.contains(u"give --trace FILE too"), qPrintable(alone.err));

        const KneepointResult r = runKneepoint(
            {u"run"_s, u"--url"_s, sim.baseUrl(), u"--trace"_s, trace, u"--trace-speed"_s, u"2"_s, u"--db"_s, db},
            120'000);
        QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
        const auto store = RunStore::open(db, &error);
        QVERIFY2(store, qPrintable(error));
        const auto data = RunData::load(*store, 1, &error);
        QVERIFY2(data, qPrintable(error));
        QCOMPARE(int(data->steps.size()), 2); // the baseline and the replay: no concurrency sweep
        const StepData& replay = data->steps[1];
        QVERIFY(replay.trace);
        QCOMPARE(replay.trace->requests, 12);
        QCOMPARE(replay.trace->speed, 2.0);
        QCOMPARE(replay.rate, 8.0);
        QCOMPARE(int(replay.requests.size()), 12);
        const RunAnalysis a = RunAnalysis::of(*data, AnalysisSettings::ofRun(*data));
        QVERIFY(a.curve.byRate);
        // Whether it met the targets is the loaded machine's business; where it was judged is the run's: at the trace's
        // rate, never the baseline's one user.
        QVERIFY2(
            a.verdict.contains(u"8.0 requests per second") && !a.verdict.contains(u" user"), qPrintable(a.verdict));
        QVERIFY2(r.out.simplified().contains(a.verdict.simplified().left(60)), qPrintable(r.out));
        QVERIFY(a.rateCurve.points.empty()); // judged once, not twice
        const auto f = std::find_if(
            a.findings.begin(), a.findings.end(), [](const Finding& x) { return x.id == u"trace-replay"; });
        QVERIFY(f != a.findings.end());
        QVERIFY2(
            f->measured.contains(u"12 requests of mooncake.jsonl (Mooncake JSONL)") && f->measured.contains(u"at p99"),
            qPrintable(f->measured));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
