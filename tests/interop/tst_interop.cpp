// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Kneepoint against a real inference engine that none of us wrote: Debian's llama-server, in the chroot of
// tests/interop/setup.sh, serving a small random-weight model with 8 slots. Every command a user would run, as the
// binary, and the measurements checked against what the server itself says it did (its log's per-request timings,
// its llamacpp: metrics).
//
// Needs root (chroot). Without the chroot it skips, unless KNEEPOINT_INTEROP_REQUIRED=1 (as .ci/run sets), when it
// fails instead.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/stats/stepstatistics.h"
#include "core/store/runstore.h"
#include "counterpoller.h"
#include "interopprocess.h"
#include "support/consistency.h"
#include "support/ggufwriter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <thread>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace kp::core;

using namespace interop;

namespace {

/// What llama-server's log says of each request it finished: `prompt eval time = X ms / N tokens` and
/// `eval time = Y ms / M tokens (Z ms per token, …)`.
struct ServerTiming
{
    double promptMs = 0;
    int promptTokens = 0;
    double evalMs = 0;
    int evalTokens = 0;
};

std::vector<ServerTiming> parseTimings(const QByteArray& log)
{
    static const QRegularExpression prompt(QStringLiteral(R"(prompt eval time =\s*([0-9.]+) ms /\s*([0-9]+) tokens)"));
    static const QRegularExpression eval(QStringLiteral(R"(\|\s+eval time =\s*([0-9.]+) ms /\s*([0-9]+) tokens)"));
    std::vector<ServerTiming> out;
    ServerTiming pending;
    bool havePrompt = false;
    for (const QByteArray& raw : log.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (const QRegularExpressionMatch m = prompt.match(line); m.hasMatch()) {
            pending = {};
            pending.promptMs = m.captured(1).toDouble();
            pending.promptTokens = m.captured(2).toInt();
            havePrompt = true;
        } else if (const QRegularExpressionMatch e = eval.match(line); e.hasMatch() && havePrompt) {
            pending.evalMs = e.captured(1).toDouble();
            pending.evalTokens = e.captured(2).toInt();
            out.push_back(pending);
            havePrompt = false;
        }
    }
    return out;
}

} // namespace

class TestInterop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void doctorNamesTheServer();
    void sweepWithTheDefaultsLosesNothing();
    void chatOverQnamLosesNothing();
    void aTraceIsReplayedAtItsTimesAndLengths();
    void aReasoningModelsAnswerIsTimedApart();
    void speculativeDecodingIsCountedByTheServersCounters();
    void aLoraMixIsSplitByAdapter();
    void anAgentsSubCallsGoTogetherAndJoin();
    void timingsAgreeWithTheServersOwn();
    void throughputAgreesWithTheServersCountersOnFourSlots();
    void theVerdictNamesTheSlotLimit();
    void everyReportFormat();
    void whatIfAndCompare();
    void qualityAsk();
    void launchProvesAndSweeps();
    void launchStopsOnSigtermAndLeavesNothing();
    void launchRefusesWhatCannotFit();
    void tunePicksTheBestSettingAndTheGateJudgesIt();
    void aKilledServerIsACrashNotSaturation();
    void cleanupTestCase();

private:
    /// `kneepoint launch --engine llamacpp` of the chroot's llama-server (through llama-server-chroot.sh) serving
    /// the interop model, with `extra` arguments.
    QStringList launchArguments(const QStringList& extra) const;
    /// The processes whose command line names `needle`, other than this test's.
    static QStringList processesNaming(const QString& needle);
    /// Checks every request of `runId`: none failed, each prompt and output as long as asked. `input` 0: the chat
    /// template's tokens are the server's business, so only a consistent count is asked for.
    void checkRun(qint64 runId, int input, int output);
    /// Checks each step's output rate, over the interval it was counted over (the steady window when usable, else
    /// the span of the measured requests), against the tokens the server's counters say it made in that interval:
    /// within 5% (of what the counters' reads around the interval's ends allow), at every load. `counters` were
    /// polled on the server during the run.
    void checkThroughput(qint64 runId, const std::vector<CounterPoller::Sample>& counters);
    qint64 lastRunId();
    /// The median time of one whole answer of `shape` at one user, on llama-server launched with one slot, in a
    /// store of its own; 0 when it could not be measured.
    double oneAnswerMs(const QString& shape);
    QByteArray logSince(qint64 offset) const;
    qint64 logSize() const { return QFileInfo(m_log).size(); }

    QTemporaryDir m_dir;
    QString m_db;
    QString m_url;
    QString m_log;
    quint16 m_port = 0;
    bool m_started = false;
    qint64 m_sweepRun = -1;
    qint64 m_chatRun = -1;
};

void TestInterop::initTestCase()
{
    const bool required = qEnvironmentVariableIntValue("KNEEPOINT_INTEROP_REQUIRED") == 1;
    const QString dir = chrootDir();
    const auto unavailable = [required](const QString& why) {
        if (required)
            QFAIL(qPrintable(why));
        QSKIP(qPrintable(why));
    };
    if (::geteuid() != 0)
        return unavailable(QStringLiteral("the interop suite needs root, for chroot"));
    if (!QFile::exists(dir + QStringLiteral("/usr/bin/llama-server")))
        return unavailable(QStringLiteral("no llama.cpp chroot at %1: run tests/interop/setup.sh").arg(dir));
    const Ran setup = runProgram(sourceDir() + QStringLiteral("/tests/interop/setup.sh"), {dir}, 600'000);
    QVERIFY2(setup.exitCode == 0, qPrintable(setup.err));
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("interop.sqlite"));
    m_port = freePort();
    m_url = QStringLiteral("http://127.0.0.1:%1").arg(m_port);
    m_log = dir + QStringLiteral("/run/kneepoint/llama-server-%1.log").arg(m_port);
    const Ran start = runProgram(sourceDir() + QStringLiteral("/tests/interop/llama-server.sh"),
        // A slot save path, so that llama-server erases slots when asked (--reset-prefix-cache).
        {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(m_port),
            QStringLiteral("--slot-save-path"), QStringLiteral("/tmp")},
        180'000);
    QVERIFY2(start.exitCode == 0, qPrintable(start.out + start.err));
    m_started = true;
}

void TestInterop::cleanupTestCase()
{
    if (!m_started)
        return;
    const Ran stop = runProgram(sourceDir() + QStringLiteral("/tests/interop/llama-server.sh"),
        {QStringLiteral("stop"), chrootDir(), QString::number(m_port)}, 60'000);
    QVERIFY2(stop.exitCode == 0, qPrintable(stop.out + stop.err));
}

QByteArray TestInterop::logSince(qint64 offset) const
{
    QFile f(m_log);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    f.seek(offset);
    return f.readAll();
}

qint64 TestInterop::lastRunId()
{
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-read"));
    if (!store)
        return -1;
    const QList<RunSummary> runs = store->runs(&error);
    return runs.isEmpty() ? -1 : runs.front().id;
}

double TestInterop::oneAnswerMs(const QString& shape)
{
    // On a server launched as tune's baseline is: the shared one, with 8 slots and repacked weights, answers about
    // a fifth slower.
    const QString db = m_dir.filePath(QStringLiteral("one-answer.sqlite"));
    QStringList args = launchArguments({QStringLiteral("--then-run"), QStringLiteral("--db"), db,
        QStringLiteral("--shapes"), shape, QStringLiteral("--concurrency"), QStringLiteral("1"),
        QStringLiteral("--requests"), QStringLiteral("8"), QStringLiteral("--json")});
    args.replace(args.indexOf(QStringLiteral("--parallel=4")), QStringLiteral("--parallel=1"));
    args.replace(args.indexOf(QStringLiteral("--threads=2")), QStringLiteral("--threads=1")); // as tune's servers
    const Ran r = kneepoint(args, 300'000);
    if (r.exitCode != 0) {
        qWarning("%s", qPrintable(r.out + r.err.right(2000)));
        return 0;
    }
    const qint64 id = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"run_id").toInteger();
    const Ran shown = kneepoint(
        {QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), db, QStringLiteral("--json")});
    const QJsonArray steps = QJsonDocument::fromJson(shown.out.toUtf8()).object()[u"concurrency"][u"points"].toArray();
    return steps.isEmpty() ? 0 : steps.first()[u"e2el_ms"][u"value"].toDouble();
}

void TestInterop::checkRun(qint64 runId, int input, int output)
{
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-check"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<RunData> run = RunData::load(*store, runId, &error);
    QVERIFY2(run, qPrintable(error));
    QCOMPARE(run->summary.status, RunStatus::Complete);
    QCOMPARE(run->facts.family, ServerFamily::LlamaCpp);
    QVERIFY(run->facts.metricsVisible);
    int requests = 0;
    int resent = 0;
    const std::optional<StoredRun> stored = store->run(runId, &error);
    QVERIFY2(stored, qPrintable(error));
    for (const StoredStep& step : stored->steps) {
        const std::vector<RequestRecord> records = store->requests(step.id, &error);
        QVERIFY2(!records.empty(), qPrintable(error));
        int promptTokens = -1;
        for (const RequestRecord& r : records) {
            QVERIFY2(r.ok(),
                qPrintable(QStringLiteral("step %1, request %2: %3 %4")
                               .arg(step.info.index)
                               .arg(r.id)
                               .arg(errorClassName(r.error), r.errorMessage)));
            QCOMPARE(r.completionTokens, output);
            int chunkTokens = 0;
            for (const ChunkArrival& c : r.chunks)
                chunkTokens += c.tokens;
            QCOMPARE(chunkTokens, output);
            if (input > 0)
                QCOMPARE(r.promptTokens, input);
            else if (promptTokens < 0)
                promptTokens = r.promptTokens;
            else
                QCOMPARE(r.promptTokens, promptTokens);
            ++requests;
        }
        resent += step.info.client.value(u"resent_after_close").toInt();
        const StepStatistics stats = StepStatistics::of(records, {}, 0);
        qInfo("run %lld step %d (%s): %d requests, %d failed, TTFT p50 %.1f ms, TPOT p50 %.2f ms, %.1f tok/s", runId,
            step.info.index,
            qPrintable(QString::fromUtf8(QJsonDocument(step.info.load).toJson(QJsonDocument::Compact))), stats.total,
            stats.failed, stats.ttftMs.at(50).value, stats.tpotMs.at(50).value, stats.whole.outputTokensPerSecond);
    }
    qInfo("run %lld: %d requests, 0 failed, %d sent again after the server closed their connection", runId, requests,
        resent);
}

void TestInterop::checkThroughput(qint64 runId, const std::vector<CounterPoller::Sample>& counters)
{
    QVERIFY2(counters.size() >= 10, "llama-server's /metrics were not read during the run");
    // The slot-decode counter is held to the server's own token counter over the run, both read while nothing ran.
    const double decodes = counters.back().slotDecodes - counters.front().slotDecodes;
    const double predicted = counters.back().tokensPredicted - counters.front().tokensPredicted;
    qInfo("run %lld: llama-server made %.0f tokens (tokens_predicted_total), %.0f slot decodes", runId, predicted,
        decodes);
    QVERIFY2(predicted > 0 && std::abs(decodes / predicted - 1) <= 0.01,
        qPrintable(QStringLiteral("%1 slot decodes against %2 tokens").arg(decodes).arg(predicted)));

    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-throughput"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<RunData> run = RunData::load(*store, runId, &error);
    QVERIFY2(run, qPrintable(error));
    QStringList off;
    for (const StepData& step : run->steps) {
        const StepStatistics& s = step.stats;
        const bool steady = s.window.usable;
        const std::int64_t from = steady ? s.window.startNs : s.startNs;
        const std::int64_t to = steady ? s.window.endNs : s.endNs;
        const double seconds = double(to - from) / 1e9;
        // The counters are read when /metrics answers, which a busy llama-server can leave for a second: between two
        // reads the server's rate is known only within what the reads around each end allow.
        const CounterPoller::Made made = CounterPoller::made(counters, from, to);
        const double ours = step.outputTokensPerSecond(run->timeScale);
        const double least = made.least / seconds, most = made.most / seconds, likely = made.likely / seconds;
        qInfo("run %lld step %d (%s, %s): %.1f tokens/s over %s of %.2f s; llama-server made %.1f tokens/s in it "
              "(%+.1f%%; its reads allow %.1f to %.1f)%s",
            runId, step.index, qPrintable(step.loadText()), qPrintable(phaseName(step.phase)), ours,
            steady ? "the steady window" : "the measured span", seconds, likely, 100 * (ours / likely - 1), least, most,
            steady ? "" : qPrintable(QStringLiteral("; no steady window: ") + s.window.whyNotUsable));
        if (!(ours >= 0.95 * least && ours <= 1.05 * most))
            off << QStringLiteral("%1: %2 tokens/s, the server's counters %3 to %4")
                       .arg(step.loadText())
                       .arg(ours)
                       .arg(least)
                       .arg(most);
    }
    QVERIFY2(off.isEmpty(), qPrintable(off.join(u"; ")));
}

void TestInterop::doctorNamesTheServer()
{
    // The chat product's 1,024 + 256 tokens do not fit this server's 512-token slots (4,096 over 8): the doctor says
    // so, as `run` refuses them, and passes for a shape that fits.
    const Ran chat = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), m_url});
    QVERIFY2(chat.exitCode != 0, qPrintable(chat.out + chat.err));
    QVERIFY2(chat.out.contains(QStringLiteral("tokens of context, but the server allows 512")),
        qPrintable(chat.out + chat.err));
    const Ran r = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), m_url, QStringLiteral("--shapes"),
        QStringLiteral("128/32")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("llama.cpp")), qPrintable(r.out));
    // It counts tokens in llama.cpp's dialect and sees its metrics.
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("tokenize.*tokens"))), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("llamacpp: samples")), qPrintable(r.out));
    qInfo("%s", qPrintable(r.out));
}

void TestInterop::sweepWithTheDefaultsLosesNothing()
{
    CounterPoller counters(m_port);
    // The product's defaults but for the size: a request shape and loads that fit a 2-core machine's minutes,
    // up to twice the server's 8 slots. The targets are sized to a CPU server (a CI machine's prefill of 8
    // queued prompts took 1.6 s at p99; 8 slots decoding on 2 busy cores took 585 ms a token at p99), so the sweep
    // never stops before 16 users, where the slots run out, however fast or loaded the machine is.
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), m_url, QStringLiteral("--db"), m_db,
        QStringLiteral("--shapes"), QStringLiteral("128/32"), QStringLiteral("--concurrency"),
        QStringLiteral("1,2,4,8,16"), QStringLiteral("--slo-ttft-ms"), QStringLiteral("4000"),
        QStringLiteral("--slo-tpot-ms"), QStringLiteral("1000"), QStringLiteral("--quick")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    m_sweepRun = lastRunId();
    QVERIFY(m_sweepRun > 0);
    checkRun(m_sweepRun, 128, 32);
    checkThroughput(m_sweepRun, counters.stop());
    QVERIFY2(!r.out.contains(QStringLiteral("the sweep stops here")) && !r.err.contains(QStringLiteral("stops here")),
        qPrintable(r.out + r.err));
}

void TestInterop::chatOverQnamLosesNothing()
{
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), m_url, QStringLiteral("--db"), m_db,
        QStringLiteral("--chat"), QStringLiteral("--transport"), QStringLiteral("qnam"), QStringLiteral("--shapes"),
        QStringLiteral("128/32"), QStringLiteral("--concurrency"), QStringLiteral("1,8"), QStringLiteral("--quick"),
        QStringLiteral("--reset-prefix-cache")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    m_chatRun = lastRunId();
    QVERIFY(m_chatRun > m_sweepRun);
    checkRun(m_chatRun, 128, 32);
    // --reset-prefix-cache on llama-server: every slot GET /slots lists is erased before each step.
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-reset"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<StoredRun> run = store->run(m_chatRun, &error);
    QVERIFY2(run, qPrintable(error));
    const QJsonObject reset = run->info.facts.value(u"prefix_cache_reset").toObject();
    qInfo("prefix cache reset: %s", QJsonDocument(reset).toJson(QJsonDocument::Compact).constData());
    QCOMPARE(reset.value(u"resets").toInt(), int(run->steps.size()));
    QCOMPARE(reset.value(u"how").toString(), QStringLiteral("POST /slots/ID?action=erase"));
    QCOMPARE(reset.value(u"slots").toInt(), 8); // --parallel 8
}

// An Azure LLM inference trace in its published layout, replayed on llama-server: each request sent at its recorded
// time, and each as long as recorded by the server's own count (prompt and output tokens in its usage).
void TestInterop::aTraceIsReplayedAtItsTimesAndLengths()
{
    const std::vector<int> inputs {96, 240, 64, 180, 120, 300, 80, 150, 210, 110};
    const std::vector<int> outputs {16, 8, 24, 12, 16, 8, 20, 12, 16, 10};
    const std::vector<int> atMs {0, 120, 310, 350, 900, 1400, 1420, 1900, 2500, 2700};
    const QString path = m_dir.filePath(QStringLiteral("AzureLLMInferenceTrace_conv.csv"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("TIMESTAMP,ContextTokens,GeneratedTokens\n");
        for (std::size_t i = 0; i < inputs.size(); ++i)
            f.write(QStringLiteral("2023-11-16 18:15:%1.%2,%3,%4\n")
                        .arg(46 + atMs[i] / 1000)
                        .arg(atMs[i] % 1000 * 10'000, 7, 10, QLatin1Char('0'))
                        .arg(inputs[i])
                        .arg(outputs[i])
                        .toUtf8());
    }
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), m_url, QStringLiteral("--db"), m_db,
        QStringLiteral("--trace"), path});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(u"10 requests from AzureLLMInferenceTrace_conv.csv (Azure LLM inference CSV)"),
        qPrintable(r.err));
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-trace"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<StoredRun> run = store->run(lastRunId(), &error);
    QVERIFY2(run, qPrintable(error));
    QCOMPARE(int(run->steps.size()), 2); // the baseline, then the replay
    const StoredStep& replay = run->steps[1];
    QCOMPARE(replay.info.load.value(u"trace").toString(), QStringLiteral("AzureLLMInferenceTrace_conv.csv"));
    std::vector<RequestRecord> records = store->requests(replay.id, &error);
    QCOMPARE(records.size(), inputs.size());
    std::sort(records.begin(), records.end(),
        [](const RequestRecord& a, const RequestRecord& b) { return a.scheduledNs < b.scheduledNs; });
    std::vector<double> lateMs;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const RequestRecord& rec = records[i];
        QVERIFY2(rec.ok(), qPrintable(rec.errorMessage));
        QCOMPARE(rec.promptTokens, inputs[i]);
        QCOMPARE(rec.completionTokens, outputs[i]);
        const double scheduledMs = double(rec.scheduledNs - records[0].scheduledNs) / 1e6;
        QVERIFY2(std::abs(scheduledMs - atMs[i]) < 0.01, qPrintable(QString::number(scheduledMs)));
        lateMs.push_back(double(rec.sentNs - rec.scheduledNs) / 1e6);
    }
    const double latest = *std::max_element(lateMs.begin(), lateMs.end());
    qInfo("trace replay: sent at most %.3f ms after the trace's time (median %.3f ms)", latest, median(lateMs));
    QVERIFY2(latest < 20, qPrintable(QString::number(latest)));
}

// llama-server as it serves a reasoning model: a chat template that opens a think block and renders past thinking
// (so that llama.cpp parses the stream's thinking into reasoning_content), and a thinking budget after which the
// server closes the block itself, so that an answer follows. The time to the first answer token and the thinking are
// measured apart, and the run is judged on the first answer token.
void TestInterop::aReasoningModelsAnswerIsTimedApart()
{
    const QString dir = chrootDir();
    const quint16 port = freePort();
    const QString templateName = QStringLiteral("/tmp/kneepoint-think-%1.jinja").arg(port);
    {
        QFile f(dir + templateName);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{%- for message in messages -%}\n"
                "{%- if message['role'] == 'assistant' -%}<|im_start|>assistant\n"
                "{%- if message.reasoning_content is defined and message.reasoning_content -%}\n"
                "<think>\n{{ message.reasoning_content }}\n</think>\n"
                "{%- endif %}\n{{ message['content'] }}<|im_end|>\n"
                "{% else -%}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
                "{% endif -%}\n"
                "{%- endfor -%}\n"
                "{%- if add_generation_prompt -%}<|im_start|>assistant\n<think>\n{% endif -%}\n");
    }
    constexpr int kBudget = 4;
    const QString script = sourceDir() + QStringLiteral("/tests/interop/llama-server.sh");
    const Ran start = runProgram(script,
        {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(port),
            QStringLiteral("--chat-template-file"), templateName, QStringLiteral("--reasoning-format"),
            QStringLiteral("deepseek"), QStringLiteral("--reasoning-budget"), QString::number(kBudget)},
        180'000);
    QVERIFY2(start.exitCode == 0, qPrintable(start.out + start.err));
    const auto stop = qScopeGuard([&] {
        runProgram(script, {QStringLiteral("stop"), dir, QString::number(port)}, 60'000);
        QFile::remove(dir + templateName);
    });
    const QString db = m_dir.filePath(QStringLiteral("reasoning.sqlite"));
    const Ran r
        = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:%1").arg(port),
            QStringLiteral("--db"), db, QStringLiteral("--chat"), QStringLiteral("--shapes"), QStringLiteral("96/24"),
            QStringLiteral("--concurrency"), QStringLiteral("1,4"), QStringLiteral("--requests"), QStringLiteral("8"),
            QStringLiteral("--slo-ttft-ms"), QStringLiteral("4000"), QStringLiteral("--slo-tpot-ms"),
            QStringLiteral("1000"), QStringLiteral("--slo-ttfo-ms"), QStringLiteral("8000")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));

    QString error;
    auto store = RunStore::open(db, &error, QStringLiteral("interop-reasoning"));
    QVERIFY2(store, qPrintable(error));
    const qint64 id = store->runs().first().id;
    const std::optional<RunData> run = RunData::load(*store, id, &error);
    QVERIFY2(run, qPrintable(error));
    const std::optional<StoredRun> stored = store->run(id, &error);
    QVERIFY2(stored, qPrintable(error));
    for (const StoredStep& step : stored->steps) {
        for (const RequestRecord& rec : store->requests(step.id, &error)) {
            QVERIFY2(rec.ok(), qPrintable(rec.errorMessage));
            // The server thought for its budget (a thinking token may hold back text, so up to it), then answered.
            QVERIFY2(rec.reasoningTokens >= 1 && rec.reasoningTokens <= kBudget,
                qPrintable(QString::number(rec.reasoningTokens)));
            QVERIFY(rec.firstAnswerNs > rec.firstTokenNs);
            // The thinking chunks came before the first answer (two read at once share a time).
            int before = 0, upTo = 0;
            for (const ChunkArrival& c : rec.chunks) {
                before += c.ns < rec.firstAnswerNs ? c.tokens : 0;
                upTo += c.ns <= rec.firstAnswerNs ? c.tokens : 0;
            }
            QVERIFY2(before <= rec.reasoningTokens && upTo > rec.reasoningTokens,
                qPrintable(QStringLiteral("%1 thinking tokens, %2 chunk tokens before the answer, %3 up to it")
                               .arg(rec.reasoningTokens)
                               .arg(before)
                               .arg(upTo)));
            QCOMPARE(rec.completionTokens, 24);
        }
    }
    const RunAnalysis a = RunAnalysis::of(*run, AnalysisSettings::ofRun(*run));
    QVERIFY(!a.curve.points.empty());
    for (const CurvePoint& p : a.curve.points) {
        const StepStatistics& s = p.step->stats;
        qInfo("reasoning on llama-server, %s: TTFT p50 %.1f ms, TTFO p50 %.1f ms (p99 %.1f), thinking %.0f and "
              "answer %.0f tokens at the median",
            qPrintable(p.step->loadText()), s.ttftMs.p50.value, s.ttfoMs.p50.value, s.ttfoMs.p99.value,
            s.thinkingTokens.p50.value, s.answerTokens.p50.value);
        QVERIFY(s.ttfoMs.p50.value > s.ttftMs.p50.value);
        QCOMPARE(s.thinkingTokens.count, s.succeeded);
    }
    QVERIFY2(a.verdict.contains(QStringLiteral("to the first answer token")), qPrintable(a.verdict));
    QVERIFY(std::any_of(a.findings.begin(), a.findings.end(), [](const Finding& f) { return f.id == u"thinking"; }));
}

// llama-server with a draft model: the same GGUF drafts for itself (greedy, so every drafted token is accepted), 4
// tokens a draft. Its spec_decode counters give each step's acceptance and tokens per step of the target model;
// TPOT and ITL per token are held to the server's own time per token, with the draft and without it (the shared
// server) at 1 and 8 users.
void TestInterop::speculativeDecodingIsCountedByTheServersCounters()
{
    const QString dir = chrootDir();
    const quint16 port = freePort();
    const QString script = sourceDir() + QStringLiteral("/tests/interop/llama-server.sh");
    const Ran start = runProgram(script,
        {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(port),
            QStringLiteral("--spec-draft-model"), QStringLiteral("/models/kneepoint-tiny.gguf"),
            QStringLiteral("--spec-type"), QStringLiteral("draft-simple"), QStringLiteral("--spec-draft-n-max"),
            QStringLiteral("4")},
        180'000);
    QVERIFY2(start.exitCode == 0, qPrintable(start.out + start.err));
    const auto stop = qScopeGuard([&] {
        runProgram(script, {QStringLiteral("stop"), dir, QString::number(port)}, 60'000);
    });
    const QString draftLog = dir + QStringLiteral("/run/kneepoint/llama-server-%1.log").arg(port);

    // One run per server, the same requests. The server's time per decoded token is from its log: the median over
    // the run's requests (warm-ups included, as the client's median here), each step's loads mixed on both sides.
    const auto measure = [&](const QString& url, const QString& log, const QString& name, bool drafted) {
        const qint64 offset = QFileInfo(log).size();
        const QString db = m_dir.filePath(name + QStringLiteral(".sqlite"));
        const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), url, QStringLiteral("--db"), db,
            QStringLiteral("--shapes"), QStringLiteral("128/32"), QStringLiteral("--concurrency"),
            QStringLiteral("1,8"), QStringLiteral("--requests"), QStringLiteral("8"),
            // Targets no step misses: a sweep stops at a step that misses by far, and both steps are wanted.
            QStringLiteral("--slo-ttft-ms"), QStringLiteral("60000"), QStringLiteral("--slo-tpot-ms"),
            QStringLiteral("10000")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        f.seek(offset);
        std::vector<double> serverPerToken;
        for (const ServerTiming& t : parseTimings(f.readAll())) {
            if (t.evalTokens == 32)
                serverPerToken.push_back(t.evalMs / 31); // the first token is the prompt pass's
        }
        QString error;
        auto store = RunStore::open(db, &error, QStringLiteral("interop-speculative"));
        QVERIFY2(store, qPrintable(error));
        const std::optional<RunData> run = RunData::load(*store, store->runs().first().id, &error);
        QVERIFY2(run, qPrintable(error));
        std::vector<double> clientTpot;
        const std::optional<StoredRun> stored = store->run(store->runs().first().id, &error);
        QVERIFY2(stored, qPrintable(error));
        for (const StoredStep& step : stored->steps) {
            for (const RequestRecord& rec : store->requests(step.id, &error)) {
                if (const RequestLatencies l = RequestLatencies::of(rec); l.tpotMs && rec.completionTokens == 32)
                    clientTpot.push_back(*l.tpotMs);
            }
        }
        QVERIFY(serverPerToken.size() >= 8 && clientTpot.size() >= 8);
        const double tpot = median(clientTpot), perToken = median(serverPerToken);
        qInfo("%s: median TPOT %.3f ms against the server's %.3f ms per decoded token (%+.1f%%), %zu and %zu requests",
            qPrintable(name), tpot, perToken, 100 * (tpot / perToken - 1), clientTpot.size(), serverPerToken.size());
        QVERIFY(std::abs(tpot / perToken - 1) <= 0.1);
        const RunAnalysis a = RunAnalysis::of(*run, AnalysisSettings::ofRun(*run));
        QCOMPARE(a.curve.points.size(), std::size_t(2));
        for (const CurvePoint& p : a.curve.points) {
            const StepStatistics& s = p.step->stats;
            const ServerDeltas& d = p.step->server;
            qInfo("%s, %s: TPOT p50 %.3f ms, ITL per token p50 %.3f ms, per chunk p50 %.3f ms (p99 %.3f); acceptance "
                  "%s, %s tokens per step",
                qPrintable(name), qPrintable(p.step->loadText()), s.tpotMs.p50.value, s.itlPerTokenMs.p50.value,
                s.itlMs.p50.value, s.itlMs.p99.value,
                qPrintable(d.specAcceptanceRate() >= 0 ? QString::number(d.specAcceptanceRate(), 'f', 3)
                                                       : QStringLiteral("not counted")),
                qPrintable(d.specTokensPerStep() >= 0 ? QString::number(d.specTokensPerStep(), 'f', 2)
                                                      : QStringLiteral("not counted")));
            if (drafted) {
                // Greedy, with the model as its own draft: all but a rare token accepted, several tokens a step.
                QVERIFY2(d.specAcceptanceRate() >= 0.9, qPrintable(d.note(p.step->loadText())));
                QVERIFY2(d.specTokensPerStep() >= 2, qPrintable(d.note(p.step->loadText())));
            } else {
                QVERIFY2(d.specDraftTokens <= 0, qPrintable(d.note(p.step->loadText())));
            }
        }
        const auto speculation = std::find_if(
            a.findings.begin(), a.findings.end(), [](const Finding& g) { return g.id == u"speculation"; });
        QCOMPARE(speculation != a.findings.end(), drafted);
        if (drafted) {
            qInfo("finding: %s. %s", qPrintable(speculation->title), qPrintable(speculation->measured));
            // llama-server sends a step's accepted tokens one chunk each, back to back: said, with both figures.
            QVERIFY2(speculation->measured.contains(u"Tokens arrived in bursts"), qPrintable(speculation->measured));
        }
    };
    measure(QStringLiteral("http://127.0.0.1:%1").arg(port), draftLog, QStringLiteral("with-draft"), true);
    if (QTest::currentTestFailed())
        return;
    measure(m_url, m_log, QStringLiteral("without-draft"), false);
}

// llama-server with a LoRA adapter (--lora, written by make-model.py --adapter): --models sends half the requests with
// it, by the request's "lora" field. At 1 user the requests go one after another, so the server's log gives each its
// own time per token in order: each model's median TPOT is held to the server's own for that model's requests, and the
// adapter's extra work (rank 64 on every matrix) makes it the slowest model. At 8 users llama-server batches one
// adapter's slots at a time (server_slot::can_batch_with), which the split shows.
// Agents on llama-server: a turn's three sub-calls go out together, the next turn waits for every one (the join),
// each request is as long as the server counts it (the sub-calls carry the turn and its answer), and the
// prefix-cache check holds the cache to what the agents resend.
void TestInterop::anAgentsSubCallsGoTogetherAndJoin()
{
    const QString db = m_dir.filePath(QStringLiteral("agents.sqlite"));
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), m_url, QStringLiteral("--db"), db,
        QStringLiteral("--shapes"), QStringLiteral("64/8"), QStringLiteral("--turns"), QStringLiteral("2"),
        QStringLiteral("--fan-out"), QStringLiteral("3"), QStringLiteral("--concurrency"), QStringLiteral("2"),
        QStringLiteral("--requests"), QStringLiteral("20"), QStringLiteral("--slo-ttft-ms"), QStringLiteral("60000"),
        QStringLiteral("--slo-tpot-ms"), QStringLiteral("10000")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QString error;
    auto store = RunStore::open(db, &error, QStringLiteral("interop-agents"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<RunData> run = RunData::load(*store, store->runs().first().id, &error);
    QVERIFY2(run, qPrintable(error));
    const StepData* step = nullptr;
    for (const StepData& s : run->steps)
        step = s.phase == Phase::Concurrency ? &s : step;
    QVERIFY(step);
    std::map<int, std::vector<RequestRecord>> byUser;
    for (RequestRecord& rec : store->requests(step->id, &error)) {
        QVERIFY2(rec.ok(), qPrintable(rec.errorMessage));
        QCOMPARE(rec.promptTokens, rec.requestedInputTokens);
        byUser[rec.user].push_back(std::move(rec));
    }
    QCOMPARE(int(byUser.size()), 2);
    std::map<int, std::vector<double>> cached; // by place in the conversation: turn, sub-calls, turn
    for (auto& [user, records] : byUser) {
        std::sort(records.begin(), records.end(),
            [](const auto& a, const auto& b) { return std::tie(a.scheduledNs, a.id) < std::tie(b.scheduledNs, b.id); });
        std::int64_t joined = 0;
        for (std::size_t at = 0, stage = 0; at < records.size(); ++stage) {
            const std::size_t width = std::min<std::size_t>(stage % 3 == 1 ? 3 : 1, records.size() - at);
            std::int64_t end = 0;
            for (std::size_t k = at; k < at + width; ++k) {
                QCOMPARE(records[k].scheduledNs, records[at].scheduledNs);
                QVERIFY2(records[k].scheduledNs >= joined, "a request left before its join");
                for (std::size_t j = at; j < at + width; ++j)
                    QVERIFY(records[k].sentNs < records[j].endNs);
                cached[int(stage % 3)].push_back(std::max(0, records[k].cachedTokens));
                end = std::max(end, records[k].endNs);
            }
            joined = end;
            at += width;
        }
    }
    qInfo("cached prompt tokens, median: first turn %.0f, sub-calls %.0f, second turn %.0f", median(cached[0]),
        median(cached[1]), median(cached[2]));
    const RunAnalysis a = RunAnalysis::of(*run, AnalysisSettings::ofRun(*run));
    const auto check
        = std::find_if(a.trust.begin(), a.trust.end(), [](const TrustCheck& c) { return c.id == u"prefix-cache"; });
    QVERIFY(check != a.trust.end());
    qInfo("prefix-cache check: %s", qPrintable(check->detail));
    QVERIFY2(check->detail.startsWith(QStringLiteral("Agents' conversations of 2 turns resend their history")),
        qPrintable(check->detail));
    const auto join
        = std::find_if(a.findings.begin(), a.findings.end(), [](const Finding& g) { return g.id == u"fan-out-join"; });
    QVERIFY(join != a.findings.end());
    qInfo("finding: %s. %s", qPrintable(join->title), qPrintable(join->measured));
}

void TestInterop::aLoraMixIsSplitByAdapter()
{
    const QString dir = chrootDir();
    const quint16 port = freePort();
    const QString script = sourceDir() + QStringLiteral("/tests/interop/llama-server.sh");
    const Ran start = runProgram(script,
        {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(port),
            QStringLiteral("--lora"), QStringLiteral("/models/kneepoint-tiny-sql.gguf")},
        180'000);
    QVERIFY2(start.exitCode == 0, qPrintable(start.out + start.err));
    const auto stop = qScopeGuard([&] {
        runProgram(script, {QStringLiteral("stop"), dir, QString::number(port)}, 60'000);
    });
    const QString log = dir + QStringLiteral("/run/kneepoint/llama-server-%1.log").arg(port);
    const qint64 offset = QFileInfo(log).size();
    const QString db = m_dir.filePath(QStringLiteral("lora.sqlite"));
    const QString base = QStringLiteral("/models/kneepoint-tiny.gguf");
    const QString sql = QStringLiteral("kneepoint-tiny-sql");
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"),
        QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--db"), db, QStringLiteral("--models"),
        base + QStringLiteral(":50,") + sql + QStringLiteral(":50"), QStringLiteral("--shapes"),
        QStringLiteral("128/32"), QStringLiteral("--concurrency"), QStringLiteral("1,8"), QStringLiteral("--requests"),
        QStringLiteral("16"), QStringLiteral("--slo-ttft-ms"), QStringLiteral("60000"), QStringLiteral("--slo-tpot-ms"),
        QStringLiteral("10000")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));

    QString error;
    auto store = RunStore::open(db, &error, QStringLiteral("interop-lora"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<RunData> run = RunData::load(*store, store->runs().first().id, &error);
    QVERIFY2(run, qPrintable(error));
    // The 1-user steps' requests in the order they were sent, beside the log's timings in the order they ended.
    std::vector<RequestRecord> alone;
    for (const StepData& step : run->steps) {
        if (step.concurrency != 1)
            continue;
        for (RequestRecord& rec : store->requests(step.id, &error)) {
            QVERIFY2(rec.ok(), qPrintable(rec.errorMessage));
            alone.push_back(std::move(rec));
        }
    }
    std::sort(alone.begin(), alone.end(), [](const auto& a, const auto& b) { return a.sentNs < b.sentNs; });
    QFile f(log);
    QVERIFY(f.open(QIODevice::ReadOnly));
    f.seek(offset);
    std::vector<ServerTiming> timings;
    for (const ServerTiming& t : parseTimings(f.readAll())) {
        if (t.evalTokens == 32)
            timings.push_back(t);
    }
    QVERIFY2(timings.size() >= alone.size() && alone.size() >= 16,
        qPrintable(QStringLiteral("%1 timings, %2 requests at 1 user").arg(timings.size()).arg(alone.size())));
    std::map<QString, std::pair<std::vector<double>, std::vector<double>>> byModel; // client TPOT, server per token
    for (std::size_t i = 0; i < alone.size(); ++i) {
        const RequestLatencies l = RequestLatencies::of(alone[i]);
        QVERIFY(l.tpotMs);
        byModel[alone[i].model].first.push_back(*l.tpotMs);
        byModel[alone[i].model].second.push_back(timings[i].evalMs / 31); // the first token is the prompt pass's
    }
    QCOMPARE(int(byModel.size()), 2);
    for (const auto& [model, pair] : byModel) {
        const double tpot = median(pair.first), perToken = median(pair.second);
        qInfo("1 user, %s: median TPOT %.3f ms against the server's %.3f ms per decoded token (%+.1f%%), %zu requests",
            qPrintable(model), tpot, perToken, 100 * (tpot / perToken - 1), pair.first.size());
        QVERIFY(std::abs(tpot / perToken - 1) <= 0.1);
    }
    QVERIFY2(median(byModel[sql].second) > 1.3 * median(byModel[base].second), "the adapter costs no time");

    const RunAnalysis a = RunAnalysis::of(*run, AnalysisSettings::ofRun(*run));
    for (const CurvePoint& p : a.curve.points) {
        // 16 requests at 8 users leave a short steady window, which may hold one model's requests only.
        QVERIFY(p.step->concurrency == 1 ? p.step->byModel.size() == 2 : !p.step->byModel.empty());
        for (const StepData::ModelRequests& m : p.step->byModel)
            qInfo("%s, %s: %d requests, TPOT p50 %.3f ms, %.1f tok/s", qPrintable(p.step->loadText()),
                qPrintable(m.model), m.succeeded, Distribution::percentile(m.tpotSorted, 0.5).value,
                p.step->outputTokensPerSecond(m, run->timeScale));
    }
    const auto mix
        = std::find_if(a.findings.begin(), a.findings.end(), [](const Finding& g) { return g.id == u"model-mix"; });
    QVERIFY(mix != a.findings.end());
    qInfo("finding: %s. %s", qPrintable(mix->title), qPrintable(mix->measured));
    QVERIFY2(mix->title.startsWith(QStringLiteral("Requests to %1 were the slowest at 1 user").arg(sql)),
        qPrintable(mix->title));
}

void TestInterop::timingsAgreeWithTheServersOwn()
{
    // One user, so that no request waits for a slot: what the client measures is what the server did, plus the
    // loopback. The server's log gives each request's prompt time and its time per generated token.
    const qint64 offset = logSize();
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"), m_url, QStringLiteral("--db"), m_db,
        QStringLiteral("--shapes"), QStringLiteral("256/64"), QStringLiteral("--concurrency"), QStringLiteral("1"),
        QStringLiteral("--requests"), QStringLiteral("12")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const std::vector<ServerTiming> server = parseTimings(logSince(offset));
    const qint64 runId = lastRunId();
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-timing"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<StoredRun> run = store->run(runId, &error);
    QVERIFY2(run, qPrintable(error));
    std::vector<double> clientTtft, clientTpot;
    for (const StoredStep& step : run->steps) {
        for (const RequestRecord& rec : store->requests(step.id, &error)) {
            const RequestLatencies l = RequestLatencies::of(rec);
            if (rec.requestedInputTokens == 256 && l.ttftMs && l.tpotMs) {
                clientTtft.push_back(*l.ttftMs);
                clientTpot.push_back(*l.tpotMs);
            }
        }
    }
    std::vector<double> serverPrompt, serverPerToken;
    for (const ServerTiming& t : server) {
        if (t.promptTokens >= 200 && t.evalTokens == 64) {
            serverPrompt.push_back(t.promptMs);
            // The first token comes out of the prompt's pass; the other 63 each took a decode step of their own.
            serverPerToken.push_back(t.evalMs / double(t.evalTokens - 1));
        }
    }
    QVERIFY2(serverPrompt.size() >= 10, qPrintable(QString::fromUtf8(logSince(offset).right(2000))));
    QVERIFY(clientTtft.size() >= 10);
    const double ttft = median(clientTtft), prompt = median(serverPrompt);
    const double tpot = median(clientTpot), perToken = median(serverPerToken);
    qInfo("median TTFT %.2f ms against the server's prompt time %.2f ms (%+.1f%%); median TPOT %.3f ms against its "
          "%.3f ms per decoded token (%+.1f%%); %zu client and %zu server requests",
        ttft, prompt, 100 * (ttft / prompt - 1), tpot, perToken, 100 * (tpot / perToken - 1), clientTtft.size(),
        serverPrompt.size());
    QVERIFY(std::abs(ttft / prompt - 1) <= 0.05);
    QVERIFY(std::abs(tpot / perToken - 1) <= 0.05);
}

void TestInterop::throughputAgreesWithTheServersCountersOnFourSlots()
{
    // A server of 4 slots, saturated at 8 and 16 users, with 32 requests a step: most requests wait for a slot, and
    // at 16 users the 16 warm-ups are still being served when the first measured requests go out. The rate of each
    // step must be the server's over the interval it was counted over. More HTTP threads than users, so that the
    // requests past the slots wait in llama-server's own queue rather than for a thread, and /metrics is answered at
    // once: with its default 6 threads a read waited up to 1.2 s for a request to end.
    const quint16 port = freePort();
    const QString dir = chrootDir();
    const Ran start = runProgram(sourceDir() + QStringLiteral("/tests/interop/llama-server.sh"),
        {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(port),
            QStringLiteral("--parallel"), QStringLiteral("4"), QStringLiteral("--threads-http"), QStringLiteral("24")},
        180'000);
    QVERIFY2(start.exitCode == 0, qPrintable(start.out + start.err));
    const auto stop = qScopeGuard([&] {
        runProgram(sourceDir() + QStringLiteral("/tests/interop/llama-server.sh"),
            {QStringLiteral("stop"), dir, QString::number(port)}, 60'000);
    });
    CounterPoller counters(port);
    const Ran r = kneepoint({QStringLiteral("run"), QStringLiteral("--url"),
        QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--db"), m_db, QStringLiteral("--shapes"),
        QStringLiteral("128/32"), QStringLiteral("--concurrency"), QStringLiteral("8,16"), QStringLiteral("--requests"),
        QStringLiteral("32"), QStringLiteral("--slo-ttft-ms"), QStringLiteral("60000"), QStringLiteral("--slo-tpot-ms"),
        QStringLiteral("60000")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const qint64 runId = lastRunId();
    checkRun(runId, 128, 32);
    checkThroughput(runId, counters.stop());
}

void TestInterop::theVerdictNamesTheSlotLimit()
{
    QVERIFY(m_sweepRun > 0);
    const Ran r
        = kneepoint({QStringLiteral("show"), QString::number(m_sweepRun), QStringLiteral("--db"), m_db}, 60'000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    qInfo("%s", qPrintable(r.out));
    // The verdict names the queue with the server's own gauge: 16 users on 8 slots.
    QVERIFY2(r.out.contains(QStringLiteral("up to 8 waited for a free place (llamacpp:requests_deferred)"))
            || r.out.contains(QStringLiteral("up to 7 waited for a free place (llamacpp:requests_deferred)")),
        qPrintable(r.out));
    // llama.cpp's advice is its own, never vLLM's.
    QVERIFY2(!r.out.contains(QStringLiteral("--max-num-seqs")), qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("--gpu-memory-utilization")), qPrintable(r.out));
    QVERIFY2(!r.out.contains(QStringLiteral("vLLM version")), qPrintable(r.out));
    // And no figure it never measured: llama.cpp's /metrics have no KV cache gauge.
    QVERIFY2(!r.out.contains(QStringLiteral("KV cache only")), qPrintable(r.out));
    // At 16 users 8 wait for a slot, and the server's own queue gauge says so.
    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-verdict"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<RunData> run = RunData::load(*store, m_sweepRun, &error);
    QVERIFY2(run, qPrintable(error));
    double peakWaiting = -1, peakRunning = -1;
    for (const StepData& s : run->steps) {
        if (s.concurrency == 16) {
            peakWaiting = s.server.peakWaiting;
            peakRunning = s.server.peakRunning;
        }
    }
    qInfo("at 16 users: llamacpp:requests_processing peaked at %.0f, requests_deferred at %.0f", peakRunning,
        peakWaiting);
    // llama.cpp reports cached_tokens: every request had its own prompt, so none came from a slot's cache.
    const RunAnalysis analysis = RunAnalysis::of(*run, AnalysisSettings::ofRun(*run));
    // A real engine's run: every figure of the verdict is one the rest of `show` states too.
    const QStringList unsupported
        = verdictFiguresWithoutEvidence(analysis.verdict, r.out) + verdictContradictions(analysis);
    QVERIFY2(unsupported.isEmpty(), qPrintable(unsupported.join(u"; ")));
    for (const TrustCheck& c : analysis.trust) {
        if (c.id == u"prefix-cache") {
            qInfo("prefix cache: %s", qPrintable(c.detail));
            QCOMPARE(c.status, TrustCheck::Status::Pass);
        }
    }
    QCOMPARE(peakRunning, 8.0);
    QVERIFY(peakWaiting >= 6);
}

void TestInterop::everyReportFormat()
{
    QVERIFY(m_sweepRun > 0);
    for (const char* format : {"md", "json", "html", "csv", "requests-csv", "pdf"}) {
        const QString file = m_dir.filePath(QStringLiteral("report.") + QLatin1String(format));
        const Ran r = kneepoint({QStringLiteral("report"), QString::number(m_sweepRun), QStringLiteral("--db"), m_db,
                                    QStringLiteral("--format"), QLatin1String(format), QStringLiteral("-o"), file},
            120'000);
        QVERIFY2(r.exitCode == 0, qPrintable(QLatin1String(format) + u": " + r.out + r.err));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY2(bytes.size() > 200, format);
        if (QByteArrayView(format) == "pdf")
            QVERIFY(bytes.startsWith("%PDF"));
        if (QByteArrayView(format) == "md")
            QVERIFY2(bytes.contains("llama.cpp"), bytes.constData());
        if (QByteArrayView(format) == "json") {
            const QJsonObject doc = QJsonDocument::fromJson(bytes).object();
            QCOMPARE(doc.value(u"schema").toString(), QStringLiteral("kneepoint-report"));
        }
    }
}

void TestInterop::whatIfAndCompare()
{
    QVERIFY(m_sweepRun > 0 && m_chatRun > 0);
    const Ran tight = kneepoint({QStringLiteral("show"), QString::number(m_sweepRun), QStringLiteral("--db"), m_db,
        QStringLiteral("--slo-ttft-ms"), QStringLiteral("1"), QStringLiteral("--slo-tpot-ms"), QStringLiteral("1")});
    QVERIFY2(tight.exitCode == 0, qPrintable(tight.out + tight.err));
    const Ran loose = kneepoint({QStringLiteral("show"), QString::number(m_sweepRun), QStringLiteral("--db"), m_db,
        QStringLiteral("--slo-ttft-ms"), QStringLiteral("100000"), QStringLiteral("--slo-tpot-ms"),
        QStringLiteral("100000")});
    QVERIFY2(loose.exitCode == 0, qPrintable(loose.out + loose.err));
    QVERIFY(tight.out != loose.out);
    const Ran compare = kneepoint({QStringLiteral("compare"), QString::number(m_sweepRun), QString::number(m_chatRun),
        QStringLiteral("--db"), m_db});
    QVERIFY2(compare.exitCode == 0, qPrintable(compare.out + compare.err));
    qInfo("%s", qPrintable(compare.out.left(1500)));
}

void TestInterop::qualityAsk()
{
    // A random-weight model answers nothing right; what is checked is that every question is asked and answered.
    const Ran r = kneepoint({QStringLiteral("quality"), QStringLiteral("ask"), QStringLiteral("--url"), m_url,
                                QStringLiteral("--db"), m_db, QStringLiteral("--repeat"), QStringLiteral("1"),
                                QStringLiteral("--max-tokens"), QStringLiteral("8"), QStringLiteral("--json")},
        600'000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
    qInfo("%s", qPrintable(r.out.left(600)));
    QVERIFY2(!doc.isEmpty(), qPrintable(r.out));
}

QStringList TestInterop::launchArguments(const QStringList& extra) const
{
    return QStringList {QStringLiteral("launch"), QStringLiteral("--engine"), QStringLiteral("llamacpp"),
               QStringLiteral("--runtime"), QStringLiteral("local"), QStringLiteral("--engine-command"),
               sourceDir() + QStringLiteral("/tests/interop/llama-server-chroot.sh"), QStringLiteral("--gguf"),
               chrootDir() + QStringLiteral("/models/kneepoint-tiny.gguf"), QStringLiteral("--ctx-size"),
               QStringLiteral("4096"), QStringLiteral("--engine-arg"), QStringLiteral("--parallel=4"),
               QStringLiteral("--engine-arg"), QStringLiteral("--threads=2"), QStringLiteral("--engine-arg"),
               QStringLiteral("--no-repack"), QStringLiteral("--port"), QStringLiteral("0")}
    + extra;
}

QStringList TestInterop::processesNaming(const QString& needle)
{
    QStringList found;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList({QStringLiteral("[0-9]*")}, QDir::Dirs);
    for (const QString& pid : pids) {
        if (pid.toLongLong() == QCoreApplication::applicationPid())
            continue;
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QString cmdline = QString::fromUtf8(f.readAll().replace('\0', ' '));
        if (cmdline.contains(needle))
            found << pid + u' ' + cmdline;
    }
    return found;
}

void TestInterop::launchProvesAndSweeps()
{
    // The whole path of kneepoint launch on a real engine: estimate, start, /health, /v1/models, the greedy smoke
    // test, a short sweep, clean-up. Log verbosity 4 makes llama-server report the buffers it allocated, so that the
    // estimate can be held against them.
    const Ran r = kneepoint(launchArguments({QStringLiteral("--engine-arg"), QStringLiteral("--log-verbosity=4"),
                                QStringLiteral("--then-run"), QStringLiteral("--db"), m_db, QStringLiteral("--shapes"),
                                QStringLiteral("128/32"), QStringLiteral("--concurrency"), QStringLiteral("1,4"),
                                QStringLiteral("--requests"), QStringLiteral("8"), QStringLiteral("--slo-ttft-ms"),
                                QStringLiteral("4000"), QStringLiteral("--slo-tpot-ms"), QStringLiteral("1000")}),
        300'000);
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QRegularExpression(QStringLiteral("Memory: kneepoint-tiny .* needs .*: fits"))),
        qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("Proven: /health, /v1/models and a greedy smoke test passed")),
        qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("The server was stopped and removed.")), qPrintable(r.err));
    const qint64 runId = lastRunId();
    checkRun(runId, 128, 32);

    QString error;
    auto store = RunStore::open(m_db, &error, QStringLiteral("interop-launch"));
    QVERIFY2(store, qPrintable(error));
    const std::optional<StoredRun> run = store->run(runId, &error);
    QVERIFY2(run, qPrintable(error));
    const QJsonObject launch = run->info.facts.value(u"launch").toObject();
    QCOMPARE(launch.value(u"engine").toString(), QStringLiteral("llamacpp"));
    QCOMPARE(launch.value(u"smoke_test").toString(), QStringLiteral("passed"));
    QCOMPARE(launch.value(u"gguf_file").toString(), QStringLiteral("kneepoint-tiny.gguf"));
    // The estimate against what the server itself reported: weights and KV cache come from the file's own
    // numbers, so they agree within 2%; compute buffers are a formula fitted to this server's logs, within 20%.
    const QJsonObject estimate = launch.value(u"memory_estimate").toObject();
    const double weights = estimate.value(u"weights_mib").toDouble();
    const double kv = estimate.value(u"kv_cache_mib").toDouble();
    const double compute = estimate.value(u"compute_mib").toDouble();
    const double reportedWeights = launch.value(u"reported_weights_mib").toDouble(-1);
    const double reportedKv = launch.value(u"reported_kv_cache_mib").toDouble(-1);
    const double reportedCompute = launch.value(u"reported_compute_mib").toDouble(-1);
    qInfo("memory: estimated weights %.1f MiB, KV cache %.1f MiB, compute %.1f MiB, need %.1f MiB; llama-server "
          "reported weights %.1f MiB, KV cache %.1f MiB, compute %.1f MiB",
        weights, kv, compute, estimate.value(u"need_mib").toDouble(), reportedWeights, reportedKv, reportedCompute);
    QVERIFY2(reportedWeights > 0 && reportedKv > 0 && reportedCompute > 0,
        qPrintable(QString::fromUtf8(QJsonDocument(launch).toJson())));
    QVERIFY2(std::abs(weights / reportedWeights - 1) < 0.02, qPrintable(QString::number(weights)));
    QVERIFY2(std::abs(kv / reportedKv - 1) < 0.02, qPrintable(QString::number(kv)));
    QVERIFY2(std::abs(compute / reportedCompute - 1) < 0.2, qPrintable(QString::number(compute)));
    QVERIFY2(r.out.contains(QStringLiteral("Memory the server reported (its log)")), qPrintable(r.out));
    // The run keeps only the file's name, and its analysis finds the file again by itself: the geometry and the
    // weights' bits come from the GGUF, so the physics runs at INT8 on a GPU (llama.cpp's quantised weights meet
    // q8_1 activations).
    const Ran shown = kneepoint({QStringLiteral("show"), QString::number(runId), QStringLiteral("--db"), m_db,
        QStringLiteral("--gpu"), QStringLiteral("l4")});
    QVERIFY2(shown.exitCode == 0, qPrintable(shown.out + shown.err));
    QVERIFY2(shown.out.contains(QStringLiteral("Model geometry")) && shown.out.contains(QStringLiteral(".gguf")),
        qPrintable(shown.out));
    QVERIFY2(shown.out.contains(QStringLiteral("INT8")), qPrintable(shown.out));
    QVERIFY2(processesNaming(QStringLiteral("--alias kneepoint-tiny")).isEmpty(),
        qPrintable(processesNaming(QStringLiteral("--alias kneepoint-tiny")).join(u'\n')));
}

void TestInterop::tunePicksTheBestSettingAndTheGateJudgesIt()
{
    // kneepoint tune on a real engine: llama-server launched with one slot as the baseline, then with 2, 4 and 8,
    // each a launch of its own, under a first-token target that queued requests miss. A store of its own, so that
    // no other test's run stands in for a repeat.
    const QString db = m_dir.filePath(QStringLiteral("tune.sqlite"));
    // The target is sized to this machine: one slot makes the n-th of n users wait n-1 whole answers for its first
    // token, so a target of two answers' time passes 2 users and fails 4 on one slot (at 1.6× either side), while 8
    // slots answer 8 users' first tokens in about half an answer. A fixed target did not: 500 ms sat 25% below
    // one slot's 4 users on this machine, and a faster one met it, so one slot reached 4–8 users like four.
    const double answerMs = oneAnswerMs(QStringLiteral("32/64"));
    QVERIFY2(answerMs > 0, "could not time one answer of 32 in / 64 out on one slot");
    const QString ttftTarget = QString::number(std::lround(2 * answerMs));
    qInfo("tune: one answer of 32 in / 64 out takes %.0f ms here, so the first-token target is %s ms", answerMs,
        qPrintable(ttftTarget));
    const QStringList sweep {QStringLiteral("--db"), db, QStringLiteral("--shapes"), QStringLiteral("32/64"),
        QStringLiteral("--concurrency"), QStringLiteral("1,2,4,8"), QStringLiteral("--requests"), QStringLiteral("16"),
        QStringLiteral("--slo-ttft-ms"), ttftTarget, QStringLiteral("--slo-tpot-ms"), QStringLiteral("1000"),
        // At the median, 16 requests a step bound the percentile, so the capacities' ranges can be judged.
        QStringLiteral("--percentile"), QStringLiteral("50")};
    QStringList args = launchArguments(sweep
        + QStringList {QStringLiteral("--try"), QStringLiteral("parallel=2,4,8"), QStringLiteral("--max-minutes"),
            QStringLiteral("8"), QStringLiteral("--json")});
    args[0] = QStringLiteral("tune");
    args.replace(args.indexOf(QStringLiteral("--parallel=4")), QStringLiteral("--parallel=1"));
    // One core for the server, one for the client: with both cores the server's 8 slots starved the client at 8
    // users (its event loops woke over 10 ms late), the trust check rightly called that step disturbed, and tune
    // rightly would not call 8 slots' capacity beyond noise (seen once in CI). The question is slots, not threads.
    args.replace(args.indexOf(QStringLiteral("--threads=2")), QStringLiteral("--threads=1"));
    const Ran tuned = kneepoint(args, 600'000);
    QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.out + tuned.err.right(3000)));
    const QJsonObject experiment = QJsonDocument::fromJson(tuned.out.toUtf8()).object();
    const QJsonArray trials = experiment.value(u"trials").toArray();
    QCOMPARE(trials.size(), 4);
    QJsonObject best, second, baseline = trials.first().toObject();
    for (const QJsonValue& v : trials) {
        const QJsonObject t = v.toObject();
        qInfo("tune: %-13s run %2d  capacity %-18s change %8s  twin predicted %-18s (off by %s)  beyond noise: %s (%s)",
            qPrintable(t.value(u"flag").toString(QStringLiteral("baseline"))), t.value(u"run_id").toInt(),
            qPrintable(t.value(u"capacity").toString()),
            qPrintable(t.value(u"capacity_change_percent").isNull()
                    ? QStringLiteral("–")
                    : QString::number(t.value(u"capacity_change_percent").toDouble(), 'f', 1) + u'%'),
            qPrintable(t.value(u"twin_prediction").toString()),
            qPrintable(t.value(u"twin_off_percent").isNull()
                    ? QStringLiteral("–")
                    : QString::number(t.value(u"twin_off_percent").toDouble(), 'f', 1) + u'%'),
            t.value(u"beyond_noise").toBool() ? "yes" : "no", qPrintable(t.value(u"why").toString()));
        QVERIFY2(t.value(u"failure").toString().isEmpty(), qPrintable(t.value(u"failure").toString()));
        if (t.value(u"rank").toInt() == 1)
            best = t;
        else if (t.value(u"rank").toInt() == 2)
            second = t;
    }
    qInfo("tune: %s", qPrintable(experiment.value(u"recommendation").toString()));
    // One slot queues every second user behind a whole answer: more slots must win, and beyond noise. (The whole
    // JSON would pass QTest's 1,024 characters of message in the baseline's trial; the trials are logged above.)
    QVERIFY2(
        best.value(u"setting").isString() && experiment.value(u"flag").toString() == best.value(u"flag").toString(),
        qPrintable(experiment.value(u"recommendation").toString()));
    QVERIFY(!second.isEmpty());
    // The same command again (as after Ctrl-C) takes every stored trial as it is and launches nothing; its table, as
    // a terminal shows it, says the same.
    args.removeAll(QStringLiteral("--json"));
    const Ran again = kneepoint(args, 120'000);
    QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
    qInfo("tune, the same command again:\n%s", qPrintable(again.out));
    QCOMPARE(again.err.count(QStringLiteral("stored already")), 4);
    QVERIFY(!again.err.contains(QStringLiteral("Proven:")));
    QVERIFY2(again.out.contains(experiment.value(u"recommendation").toString()), qPrintable(again.out));

    // A separate sweep of each of the two best, each on a server launched for it alone: the pick holds.
    const auto separately = [&](const QJsonObject& trial) -> QJsonObject {
        QStringList launch
            = launchArguments(sweep + QStringList {QStringLiteral("--then-run"), QStringLiteral("--json")});
        const QString setting = trial.value(u"setting").isString()
            ? QStringLiteral("--") + trial.value(u"setting").toString()
            : QStringLiteral("--parallel=1");
        launch.replace(launch.indexOf(QStringLiteral("--parallel=4")), setting);
        const Ran r = kneepoint(launch, 300'000);
        if (r.exitCode != 0)
            return {{QStringLiteral("error"), QString(r.out + r.err.right(2000))}};
        const qint64 id = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"run_id").toInteger();
        const Ran shown = kneepoint(
            {QStringLiteral("show"), QString::number(id), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QJsonObject capacity
            = QJsonDocument::fromJson(shown.out.toUtf8()).object()[u"concurrency"][u"capacity"].toObject();
        capacity[QStringLiteral("run_id")] = id;
        return capacity;
    };
    const QJsonObject bestAlone = separately(best);
    const QJsonObject secondAlone = separately(second);
    QVERIFY2(!bestAlone.contains(u"error") && !secondAlone.contains(u"error"),
        qPrintable(bestAlone.value(u"error").toString() + secondAlone.value(u"error").toString()));
    const auto rank = [](const QJsonObject& c) {
        const QString bound = c.value(u"bound").toString();
        return std::pair {bound == u"at_least" ? 3
                : bound == u"between"          ? 2
                : bound == u"below"            ? 1
                                               : 0,
            c.value(u"load").toDouble()};
    };
    qInfo("separately: %s %s at %.2f users (run %lld); %s %s at %.2f users (run %lld)",
        qPrintable(best.value(u"flag").toString()), qPrintable(bestAlone.value(u"bound").toString()),
        bestAlone.value(u"load").toDouble(), bestAlone.value(u"run_id").toInteger(),
        qPrintable(second.value(u"flag").toString(QStringLiteral("baseline"))),
        qPrintable(secondAlone.value(u"bound").toString()), secondAlone.value(u"load").toDouble(),
        secondAlone.value(u"run_id").toInteger());
    QVERIFY(rank(bestAlone) >= rank(secondAlone));

    // The gate: the baseline's one slot against the pick is worse beyond noise; a rerun of the pick is not.
    const QString bestRun = QString::number(best.value(u"run_id").toInteger());
    const Ran worse = kneepoint({QStringLiteral("compare"), bestRun,
        QString::number(baseline.value(u"run_id").toInteger()), QStringLiteral("--gate"), QStringLiteral("--db"), db});
    qInfo("gate, the worse setting:\n%s", qPrintable(worse.out.left(worse.out.indexOf(u"<details>"))));
    QVERIFY2(
        worse.exitCode == 1 && worse.out.startsWith(u"### Kneepoint gate: FAIL"), qPrintable(worse.out + worse.err));
    const Ran same = kneepoint({QStringLiteral("compare"), bestRun,
        QString::number(bestAlone.value(u"run_id").toInteger()), QStringLiteral("--gate"), QStringLiteral("--db"), db});
    qInfo("gate, the same setting again:\n%s", qPrintable(same.out.left(same.out.indexOf(u"<details>"))));
    QVERIFY2(same.exitCode == 0 && same.out.startsWith(u"### Kneepoint gate: PASS"), qPrintable(same.out + same.err));
}

void TestInterop::launchStopsOnSigtermAndLeavesNothing()
{
    // Without --then-run the server stays up until the launcher is told to stop; SIGTERM must leave nothing.
    QProcess launcher;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    launcher.setProcessEnvironment(env);
    launcher.start(qEnvironmentVariable("KNEEPOINT_BINARY"), launchArguments({}));
    QVERIFY(launcher.waitForStarted(10'000));
    QString out;
    static const QRegularExpression ready(QStringLiteral("ready at (http://127.0.0.1:(\\d+))"));
    QRegularExpressionMatch m;
    QElapsedTimer clock;
    clock.start();
    while (!(m = ready.match(out)).hasMatch() && clock.elapsed() < 120'000 && launcher.state() == QProcess::Running) {
        launcher.waitForReadyRead(1000);
        out += QString::fromUtf8(launcher.readAllStandardOutput());
    }
    QVERIFY2(m.hasMatch(), qPrintable(out + QString::fromUtf8(launcher.readAllStandardError())));
    const QString port = m.captured(2);
    const QString needle = QStringLiteral("--port %1 --alias kneepoint-tiny").arg(port);
    QVERIFY2(!processesNaming(needle).isEmpty(), "the server the launcher said was ready is not running");
    const Ran doctor = kneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), m.captured(1),
        QStringLiteral("--shapes"), QStringLiteral("128/32")});
    QVERIFY2(doctor.exitCode == 0 && doctor.out.contains(QStringLiteral("llama.cpp")), qPrintable(doctor.out));

    launcher.terminate(); // SIGTERM
    QVERIFY(launcher.waitForFinished(60'000));
    const QString err = QString::fromUtf8(launcher.readAllStandardError());
    QVERIFY2(launcher.exitStatus() == QProcess::NormalExit, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("Stopping: the server is being stopped and removed.")), qPrintable(err));
    QVERIFY2(processesNaming(needle).isEmpty(), qPrintable(processesNaming(needle).join(u'\n')));
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, port.toUShort());
    QVERIFY2(!probe.waitForConnected(2000), "something still answers on the launched server's port");
}

void TestInterop::launchRefusesWhatCannotFit()
{
    // A model whose tensors claim 1 TiB (a sparse file): refused by the estimate, before any process starts.
    GgufWriter huge = GgufWriter::llama();
    huge.addTensor({QStringLiteral("huge.weight"), {quint64(1) << 38}, 0, quint64(1) << 40});
    const QString path = chrootDir() + QStringLiteral("/models/kneepoint-too-large.gguf");
    QVERIFY(huge.write(path));
    QStringList arguments = launchArguments({});
    arguments[arguments.indexOf(QStringLiteral("--gguf")) + 1] = path;
    const Ran r = kneepoint(arguments);
    QFile::remove(path);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("It cannot fit: test-llama")), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("starting:")), qPrintable(r.err));
    QVERIFY(processesNaming(QStringLiteral("kneepoint-too-large")).isEmpty());
}

// A llama-server killed with SIGKILL in the middle of a step is a crash, not saturation (issue 46). Killed and back
// 4 s later, within --server-wait, the step it died in is measured again against the server that came back, and the
// run completes with the outage kept; killed and back only after --server-wait, the run is stored as stopped by the
// server (exit 4), and no wall and no advice are drawn from it. --max-failures 1 is given so that nothing but the
// outage handling can stop the sweep. The runs go to a database of their own.
void TestInterop::aKilledServerIsACrashNotSaturation()
{
    const quint16 port = freePort();
    const QString dir = chrootDir();
    const QString script = sourceDir() + QStringLiteral("/tests/interop/llama-server.sh");
    const auto startServer = [&] {
        return runProgram(script,
            {QStringLiteral("start"), dir, QStringLiteral("/models/kneepoint-tiny.gguf"), QString::number(port)},
            180'000);
    };
    const Ran started = startServer();
    QVERIFY2(started.exitCode == 0, qPrintable(started.out + started.err));
    const auto stop = qScopeGuard([&] {
        runProgram(script, {QStringLiteral("stop"), dir, QString::number(port)}, 60'000);
    });
    // The server leads its own process group (setsid): SIGKILL to all of it, as the OOM killer or kill -9 would.
    const auto killServer = [&] {
        QFile pidFile(dir + QStringLiteral("/run/kneepoint/llama-server-%1.pid").arg(port));
        if (!pidFile.open(QIODevice::ReadOnly))
            return false;
        const pid_t pid = pid_t(pidFile.readAll().trimmed().toInt());
        return pid > 0 && ::kill(-pid, SIGKILL) == 0;
    };
    QTemporaryDir scratch;
    const QString db = scratch.filePath(QStringLiteral("crash.sqlite"));
    // The newest run of `db` once it has stored `steps` steps, as another reader sees it; -1 after two minutes.
    const auto newestWithSteps = [&db](qint64 after, int steps) -> qint64 {
        for (int waited = 0; waited < 120'000; waited += 100) {
            QString error;
            const auto reader = RunStore::open(db, &error, QStringLiteral("crash-read"));
            const QList<RunSummary> runs = reader ? reader->runs() : QList<RunSummary>();
            if (!runs.isEmpty() && runs.first().id > after && runs.first().steps >= steps)
                return runs.first().id;
            QTest::qWait(100);
        }
        return -1;
    };
    const QString url = QStringLiteral("http://127.0.0.1:%1").arg(port);
    const auto runArguments = [&](const QString& wait) {
        return QStringList {QStringLiteral("run"), QStringLiteral("--url"), url, QStringLiteral("--db"), db,
            QStringLiteral("--shapes"), QStringLiteral("128/32"), QStringLiteral("--concurrency"), QStringLiteral("4"),
            QStringLiteral("--duration"), QStringLiteral("6"), QStringLiteral("--slo-ttft-ms"), QStringLiteral("60000"),
            QStringLiteral("--slo-tpot-ms"), QStringLiteral("60000"), QStringLiteral("--max-failures"),
            QStringLiteral("1"), QStringLiteral("--server-wait"), wait};
    };

    // Killed while 4 users run, back 4 s later.
    QProcess run;
    run.start(qEnvironmentVariable("KNEEPOINT_BINARY"), runArguments(QStringLiteral("60")));
    QVERIFY(run.waitForStarted());
    const qint64 first = newestWithSteps(0, 1); // the baseline: 4 users is under way, for 6 s
    QVERIFY2(first > 0, "the baseline was not stored in time");
    QTest::qWait(2000);
    QVERIFY(killServer());
    QTest::qWait(4000);
    const Ran restarted = startServer();
    QVERIFY2(restarted.exitCode == 0, qPrintable(restarted.out + restarted.err));
    QVERIFY(run.waitForFinished(300'000));
    QString err = QString::fromUtf8(run.readAllStandardError());
    QVERIFY2(run.exitCode() == 0, qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("the server stopped answering at 4 users")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("4 users is measured again")), qPrintable(err));
    {
        QString error;
        const auto store = RunStore::open(db, &error, QStringLiteral("crash-check"));
        QVERIFY2(store, qPrintable(error));
        const auto stored = store->run(first, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->summary.status, RunStatus::Complete);
        QCOMPARE(int(stored->steps.size()), 2);
        // No stored request failed: the outage's failures went with the step they happened in.
        for (const StoredStep& step : stored->steps)
            for (const RequestRecord& r : store->requests(step.id))
                QVERIFY2(r.ok(), qPrintable(QStringLiteral("step %1: %2").arg(step.info.index).arg(r.errorMessage)));
        const QJsonArray outages = stored->info.facts.value(u"server_outages").toArray();
        QCOMPARE(outages.size(), 1);
        const QJsonObject outage = outages.first().toObject();
        qInfo("killed and back: %s", QJsonDocument(outage).toJson(QJsonDocument::Compact).constData());
        QVERIFY(outage.value(u"came_back").toBool());
        QVERIFY(outage.value(u"refused").toInt() + outage.value(u"closed").toInt() > 0);
        QVERIFY2(outage.value(u"down_s").toDouble() >= 4, QJsonDocument(outage).toJson().constData());
        // llama-server's counters began again from zero: the server that answered was a new process.
        QVERIFY2(outage.value(u"restarted").toBool(), QJsonDocument(outage).toJson().constData());
    }

    // Killed while 4 users run, back only after --server-wait 3.
    QProcess second;
    second.start(qEnvironmentVariable("KNEEPOINT_BINARY"), runArguments(QStringLiteral("3")));
    QVERIFY(second.waitForStarted());
    const qint64 stopped = newestWithSteps(first, 1);
    QVERIFY2(stopped > 0, "the second run's baseline was not stored in time");
    QTest::qWait(2000);
    QVERIFY(killServer());
    QElapsedTimer sinceKill;
    sinceKill.start();
    QVERIFY(second.waitForFinished(60'000));
    const double waited = double(sinceKill.elapsed()) / 1000;
    const Ran back = startServer();
    QVERIFY2(back.exitCode == 0, qPrintable(back.out + back.err));
    err = QString::fromUtf8(second.readAllStandardError());
    QVERIFY2(second.exitCode() == 4, qPrintable(err));
    QVERIFY2(waited >= 3 && waited < 20, qPrintable(QString::number(waited)));
    QVERIFY2(err.contains(QStringLiteral("The server stopped answering at 4 users")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("with status server_failed")), qPrintable(err));
    const Ran shown = kneepoint(
        {QStringLiteral("show"), QString::number(stopped), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(shown.exitCode, 0);
    const QJsonObject analysis = QJsonDocument::fromJson(shown.out.toUtf8()).object();
    QCOMPARE(analysis.value(u"status").toString(), QStringLiteral("server_failed"));
    const QString verdict = analysis.value(u"verdict").toString();
    qInfo("killed and not back: %s", qPrintable(verdict));
    QVERIFY2(verdict.startsWith(QStringLiteral("The server stopped answering at 4 users (")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QStringLiteral("no capacity is drawn from this run's failed step")), qPrintable(verdict));
    QVERIFY2(!verdict.contains(QStringLiteral("saturated")), qPrintable(verdict));
    const QJsonObject walls = analysis.value(u"walls").toObject();
    QVERIFY(walls.value(u"limiting").toString().isEmpty());
    for (const char* kind : {"saturation", "latency", "memory"})
        QVERIFY2(!walls.value(QLatin1String(kind)).toObject().value(u"reached").toBool(), kind);
    for (const QJsonValue f : analysis.value(u"findings").toArray())
        QVERIFY2(f.toObject().value(u"try_next").toArray().isEmpty(), qPrintable(f.toObject().value(u"id").toString()));
}

QTEST_GUILESS_MAIN(TestInterop)
#include "tst_interop.moc"
