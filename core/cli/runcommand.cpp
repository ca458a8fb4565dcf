// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/runcommand.h"

#include "core/analysis/analysissettings.h"
#include "core/analysis/runcomparison.h"
#include "core/analysis/rundata.h"
#include "core/analysis/rungate.h"
#include "core/catalog/catalog.h"
#include "core/cli/aiperfengine.h"
#include "core/cli/interrupts.h"
#include "core/cli/secrets.h"
#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/common/boundedfile.h"
#include "core/common/urlcredentials.h"
#include "core/doctor/doctor.h"
#include "core/plan/runplan.h"
#include "core/plan/sweepinput.h"
#include "core/run/durationestimate.h"
#include "core/run/runpipeline.h"
#include "core/run/summarytable.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QTimer>

#include <cmath>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace kp::cli {

QString RunCommand::summary() const
{
    return QStringLiteral("Benchmark a server: a concurrency sweep, stored, with a summary.");
}

QString RunCommand::description() const
{
    return QStringLiteral(
        "Checks the server (as kneepoint doctor), detects what it is, then runs a baseline and a concurrency sweep\n"
        "(and rate or shape sweeps when asked), storing each request as it finishes: a step of any length holds\n"
        "none in memory, and is shown once it completes. The API key comes from KNEEPOINT_API_KEY or\n"
        "--api-key-file, never from a flag. Ctrl-C stops cleanly and keeps completed steps.\n");
}

QList<QCommandLineOption> RunCommand::options() const
{
    auto o = [](const char* name, const char* help, const char* value, const char* def = nullptr) {
        return QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(value),
            def ? QString::fromLatin1(def) : QString());
    };
    QList<QCommandLineOption> list {
        o("url", "The server's base URL (http://host:port).", "URL"),
        o("model", "Served model name (default: the one /v1/models names).", "NAME"),
        o("models",
            "Send to several models or LoRA adapters by weight, NAME:WEIGHT[,NAME:WEIGHT…] (base:70,sql:30): each "
            "prompt, or conversation, goes to one; the report splits every figure by model. A data set's line with "
            "its own \"model\" keeps it.",
            "LIST"),
        o("gpu", "The server's GPU, from the catalog (kneepoint gpus).", "ID"),
        o("gpus", "How many GPUs the model is split over (default: the fewest that hold it).", "N"),
        o("product", "chat, rag, reasoning or batch: default request size and targets.", "TYPE", "chat"),
        o("shapes", "Request sizes IN/OUT[,IN/OUT…] (default: the product's).", "LIST"),
        o("dataset",
            "Send the requests of this JSONL file: per line a request ({\"prompt\": …} or {\"messages\": […]}), a "
            "ShareGPT conversation ({\"conversations\": […]}) or an agent ({\"agent\": [stages]}).",
            "FILE"),
        o("trace",
            "Replay a production trace after the baseline, each request at its recorded time with its lengths: "
            "Mooncake JSONL (timestamp, input_length, output_length, hash_ids), the Azure LLM inference CSV "
            "(TIMESTAMP, ContextTokens, GeneratedTokens) or BurstGPT's CSV. Replaces the concurrency sweep unless "
            "--concurrency is given.",
            "FILE"),
        o("trace-speed", "Replay the trace K times as fast as recorded (default 1).", "K", "1"),
        o("trace-start", "Begin the replay this many seconds into the trace (default 0).", "S", "0"),
        o("trace-duration", "Replay this many seconds of the trace (default: to its end).", "S", "0"),
        o("shared-prefix",
            "Start every prompt with the same N tokens, as a shared system prompt; the rest stays each request's own.",
            "N", "0"),
        o("reset-prefix-cache",
            "Before each step, ask the server to empty its prefix cache (vLLM's /reset_prefix_cache, which needs "
            "VLLM_SERVER_DEV_MODE=1; llama-server's slot erase; SGLang's /flush_cache); the report says whether it "
            "could.",
            ""),
        o("length-spread",
            "Draw each prompt's input and output lengths uniformly within ±R of the shape's (0 ≤ R < 1; default 0).",
            "R", "0"),
        o("turns",
            "Each user holds conversations of N turns; each turn resends the history before a new question (default "
            "1).",
            "N", "1"),
        o("fan-out",
            "Agents: with --turns, each turn but the last is followed by N sub-calls sent together, each the turn's "
            "history and a task of its own, joined before the next turn, which carries their answers (default 0).",
            "N", "0"),
        o("seed", "Seed for the prompts' words and lengths and the rate sweep's arrivals (default 0).", "N", "0"),
        o("concurrency", "Concurrency levels of the sweep.", "LIST", "1,2,4,8,16,32,64,128,256"),
        o("rate", "Also sweep these request rates per second (Poisson arrivals).", "LIST"),
        o("burstiness", "Arrivals of the rate sweep: 1 Poisson, below 1 burstier, above 1 more even.", "B", "1"),
        o("arrivals", "The rate sweep's arrival times: poisson (default; gamma with --burstiness) or constant.", "KIND",
            "poisson"),
        o("max-in-flight", "The rate sweep holds at most N requests in flight; later arrivals wait (0: no cap).", "N",
            "0"),
        o("think-time-ms", "Each user of the concurrency sweep pauses this long between requests (server time).", "MS",
            "0"),
        o("ramp-ms",
            "Users of a concurrency step start spread over this long (default: one request's lifetime; 0: at once).",
            "MS"),
        o("slo-ttft-ms", "Time-to-first-token target (default: the product's).", "MS"),
        o("slo-tpot-ms", "Time-per-output-token target (default: the product's).", "MS"),
        o("slo-e2el-ms", "End-to-end latency target (default: none).", "MS"),
        o("slo-ttfo-ms",
            "Target on the time to the first answer token: a reasoning model's first token after its thinking "
            "(default: none).",
            "MS"),
        o("percentile", "The percentile the targets apply to: 50, 90, 95, 99 or 99.9.", "P", "99"),
        o("requests",
            "Measured requests per step (default: 6 x concurrency, for a steady window, and at least enough for the "
            "percentile's 95% interval to be bounded: 368 at p99, plus 2 a user for the ramp and the drain).",
            "N"),
        o("quick", "Fewer requests per step, max(16, 6 x concurrency), for trying things: p99 intervals stay open.",
            ""),
        o("duration", "Seconds per step, instead of a request count.", "S"),
        o("step-budget",
            "Once the baseline has timed a request, each step sends no more requests than fit in this many seconds "
            "of the server's time, and stops sending there (0: no budget; not with --requests or --duration).",
            "S", "300"),
        o("yes", "Go on without asking when the sized plan may take more than an hour.", ""),
        o("transport",
            "epoll (default: the readiness-set transport, over kqueue on macOS, for HTTP and HTTPS), socket (Qt's "
            "sockets) or qnam.",
            "KIND", "epoll"),
        o("scrape-interval-ms", "How often /metrics is read during a step, in the server's time.", "MS", "1000"),
        o("dcgm-url",
            "A DCGM exporter's /metrics (http://gpu-host:9400/metrics), read during every step for the GPUs' power, "
            "energy per token, activity, memory and clocks. Without it nvidia-smi is read when the server is on this "
            "machine.",
            "URL"),
        o("gpu-telemetry", "auto (default: --dcgm-url, else a local nvidia-smi) or off.", "MODE", "auto"),
        o("chat", "Send /v1/chat/completions instead of /v1/completions.", ""),
        o("json", "Print the result as JSON.", ""),
        o("dry-run", "Print the steps the run would make, and send nothing.", ""),
        o("engine", "native (default) or aiperf: measure each step with an installed AIPerf instead.", "NAME",
            "native"),
        o("max-failures",
            "Stop the concurrency sweep at a step where more than this fraction of requests failed (1: never stop).",
            "F", "0.2"),
        o("refine-capacity",
            "After the sweep, probe loads between the two steps around capacity until it is known to within "
            "--capacity-precision.",
            ""),
        o("capacity-precision",
            "With --refine-capacity: how close, in percent of capacity, its 95% interval must be (default 10).", "PCT"),
        o("max-probes", "With --refine-capacity: the most probe steps each sweep may add.", "N", "4"),
        o("connect-timeout-ms", "How long a connection to the server may take.", "MS", "10000"),
        o("first-byte-timeout-ms", "How long a request may wait for the response's headers.", "MS", "120000"),
        o("stall-timeout-ms", "The longest silence allowed in the middle of a response.", "MS", "60000"),
        o("request-timeout-ms", "The longest a request may take from send to its end, however steadily bytes arrive.",
            "MS", "1800000"),
        o("server-wait",
            "How long to wait, with back-off, for a server that stopped answering mid-run to come back before the "
            "run stops as a server failure (0: stop at once).",
            "S", "60"),
        o("shard", "Run part I (from 0) of N of every step, with N-1 other clients: --shard 2/4.", "I/N"),
        o("start-at", "With --shard: when the first step begins on every shard (2026-11-30T12:00:00Z or Unix seconds).",
            "TIME"),
        o("slot-seconds", "With --shard: step k begins at --start-at + k x this (default: --duration + 10).", "S"),
        o("clock-server", "With --shard: a kneepoint clock-server to measure this machine's clock against.", "URL"),
        o("baseline",
            "For CI: when the run has ended, compare it with stored run ID as compare --gate does, print the gate's "
            "Markdown, and exit 1 when this run is worse beyond noise (3 when nothing could be judged).",
            "ID"),
        o("junit", "With --baseline: also write the gate as JUnit XML to this file.", "FILE"),
    };
    list << apiKeyOptions() << insecureOption() << caFileOption() << dbOption();
    return list;
}

RunOptions RunCommand::optionsFrom(const QCommandLineParser& p)
{
    RunOptions o;
    const QString url = p.value(QStringLiteral("url"));
    if (url.isEmpty())
        throw UsageError {QStringLiteral("--url is required, e.g. --url http://127.0.0.1:8000.")};
    // Before anything else, and above all before any sentence that quotes the URL.
    if (const QString problem = urlCredentialProblem(url, QStringLiteral("--url")); !problem.isEmpty())
        throw UsageError {problem};
    // Strictly, as the doctor and the wizard read it: QUrl::fromUserInput made 'http://[::1' into a host named http.
    o.url = Doctor::normalizeUrl(url);
    if (!Doctor::isServerUrl(o.url))
        throw UsageError {QStringLiteral("--url needs an http:// or https:// address with a host, not '%1'.").arg(url)};
    o.model = p.value(QStringLiteral("model"));
    if (p.isSet(QStringLiteral("models"))) {
        if (p.isSet(QStringLiteral("model")))
            throw UsageError {QStringLiteral("--model and --models: give one (--models base:70,sql:30 names each model "
                                             "a request may go to).")};
        QString problem;
        const std::optional<ModelMix> mix = ModelMix::parse(p.value(QStringLiteral("models")), &problem);
        if (!mix)
            throw UsageError {u"--models: " + problem};
        o.models = *mix;
    }
    o.gpu = p.value(QStringLiteral("gpu"));
    if (p.isSet(QStringLiteral("gpus")))
        o.gpuCount = option::integer(p, QStringLiteral("gpus"), 1, 64);
    readSweep(p, o);
    return o;
}

namespace {

/// What is sent: the product, the shapes, a data set or a trace, shared prefixes, turns, spread and seed.
void readWorkload(const QCommandLineParser& p, RunOptions& o)
{
    o.product = p.value(QStringLiteral("product"));
    if (!RunOptions::products().contains(o.product))
        throw UsageError {
            QStringLiteral("--product is one of %1, not '%2'.").arg(RunOptions::products().join(u", "), o.product)};
    if (p.isSet(QStringLiteral("shapes"))) {
        QString bad;
        const std::optional<QList<Shape>> shapes = SweepInput::shapes(p.value(QStringLiteral("shapes")), 1 << 22, &bad);
        if (!shapes)
            throw UsageError {
                QStringLiteral("--shapes takes IN/OUT pairs such as 1024/256,4096/512, not '%1'.").arg(bad)};
        o.shapes = *shapes;
    }
    if (p.isSet(QStringLiteral("dataset"))) {
        if (p.isSet(QStringLiteral("shapes")))
            throw UsageError {QStringLiteral(
                "--dataset and --shapes cannot be combined: the data set's requests have their own sizes.")};
        o.dataset = p.value(QStringLiteral("dataset"));
        // A pipe or device would hang or flood the run later; a missing file is said now rather than after the
        // server checks.
        if (const QString problem = BoundedFile::problem(o.dataset, WorkloadBuilder::maxDatasetBytes);
            !problem.isEmpty())
            throw UsageError {QStringLiteral("--dataset cannot read '%1': %2.").arg(o.dataset, problem)};
    }
    RunCommand::readTrace(p, o);
    o.sharedPrefixTokens = option::integer(p, QStringLiteral("shared-prefix"), 0, 1 << 20);
    if (o.sharedPrefixTokens > 0 && !o.dataset.isEmpty())
        throw UsageError {QStringLiteral(
            "--shared-prefix and --dataset cannot be combined: the data set's prompts are sent as written.")};
    if (const std::optional<QString> tooShort = SweepInput::promptTooShort(o.shapes, o.sharedPrefixTokens))
        throw UsageError {*tooShort};
    o.turns = option::integer(p, QStringLiteral("turns"), 1, 100);
    if (o.turns > 1 && !o.dataset.isEmpty())
        throw UsageError {
            QStringLiteral("--turns and --dataset cannot be combined: the data set's requests are sent as written.")};
    o.fanOut = option::integer(p, QStringLiteral("fan-out"), 0, 64);
    if (o.fanOut > 0 && !o.dataset.isEmpty())
        throw UsageError {QStringLiteral("--fan-out and --dataset cannot be combined: a data set's agents are its own "
                                         "lines ({\"agent\": […]}), sent as written.")};
    if (o.fanOut > 0 && o.turns < 2)
        throw UsageError {
            QStringLiteral("--fan-out sends sub-calls between the turns of a conversation: give --turns 2 "
                           "or more too.")};
    o.lengthSpread = option::number(p, QStringLiteral("length-spread"), 0, 0.99);
    if (o.lengthSpread > 0 && !o.dataset.isEmpty())
        throw UsageError {QStringLiteral(
            "--length-spread and --dataset cannot be combined: the data set's requests have their own lengths.")};
    {
        bool ok = false;
        o.seed = p.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            throw UsageError {
                QStringLiteral("--seed takes a whole number from 0, not '%1'.").arg(p.value(QStringLiteral("seed")))};
    }
}

/// How the load is applied: the users, the rates and their arrivals, think time and ramp.
void readLoads(const QCommandLineParser& p, RunOptions& o)
{
    o.concurrency = option::users(p, QStringLiteral("concurrency"), 1, 100000);
    // A trace is the load: the sweep runs beside it only when asked for.
    if (!o.trace.isEmpty() && !p.isSet(QStringLiteral("concurrency")))
        o.concurrency.clear();
    {
        QString bad;
        const std::optional<QList<double>> rates = SweepInput::rates(p.value(QStringLiteral("rate")), &bad);
        if (!rates)
            throw UsageError {QStringLiteral("--rate takes request rates above 0, not '%1'.").arg(bad)};
        o.rates = *rates;
    }
    o.burstiness = option::number(p, QStringLiteral("burstiness"), 0.01, 100);
    const QString arrivals = p.value(QStringLiteral("arrivals"));
    if (arrivals != u"poisson" && arrivals != u"constant")
        throw UsageError {QStringLiteral("--arrivals is poisson or constant, not '%1'.").arg(arrivals)};
    o.constantArrivals = arrivals == u"constant";
    if (o.constantArrivals && p.isSet(QStringLiteral("burstiness")))
        throw UsageError {QStringLiteral(
            "--burstiness shapes random arrivals, and --arrivals constant has none: give one or the other.")};
    o.maxInFlight = option::integer(p, QStringLiteral("max-in-flight"), 0, 100000);
    if ((o.constantArrivals || o.maxInFlight > 0 || p.isSet(QStringLiteral("burstiness"))) && o.rates.isEmpty())
        throw UsageError {QStringLiteral("--arrivals, --burstiness and --max-in-flight shape the rate sweep: give "
                                         "--rate too, such as --rate 1,2,4.")};
    o.thinkTimeMs = option::number(p, QStringLiteral("think-time-ms"), 0, 3'600'000);
    if (p.isSet(QStringLiteral("ramp-ms")))
        o.rampMs = option::number(p, QStringLiteral("ramp-ms"), 0, 3'600'000);
}

/// The targets and how long each step lasts.
void readTargetsAndSteps(const QCommandLineParser& p, RunOptions& o)
{
    if (p.isSet(QStringLiteral("slo-ttft-ms")))
        o.slo.ttftMs = option::number(p, QStringLiteral("slo-ttft-ms"), 0.001, 1e9);
    if (p.isSet(QStringLiteral("slo-tpot-ms")))
        o.slo.tpotMs = option::number(p, QStringLiteral("slo-tpot-ms"), 0.001, 1e9);
    if (p.isSet(QStringLiteral("slo-e2el-ms")))
        o.slo.e2elMs = option::number(p, QStringLiteral("slo-e2el-ms"), 0.001, 1e9);
    if (p.isSet(QStringLiteral("slo-ttfo-ms")))
        o.slo.ttfoMs = option::number(p, QStringLiteral("slo-ttfo-ms"), 0.001, 1e9);
    o.percentile = option::number(p, QStringLiteral("percentile"), 50, 99.9);
    if (p.isSet(QStringLiteral("requests")))
        o.requestsPerStep = option::integer(p, QStringLiteral("requests"), 1, 10'000'000);
    if (p.isSet(QStringLiteral("duration")))
        o.durationPerStep = option::number(p, QStringLiteral("duration"), 0.1, 86400);
    o.stepBudgetSeconds = option::number(p, QStringLiteral("step-budget"), 0, 86400);
    o.goOnWithoutAsking = p.isSet(QStringLiteral("yes"));
    o.scrapeIntervalMs = option::integer(p, QStringLiteral("scrape-interval-ms"), 100, 600'000);
}

/// The GPU's telemetry: the local one, or a DCGM exporter's address (never with credentials).
void readTelemetry(const QCommandLineParser& p, RunOptions& o)
{
    const QString telemetry = p.value(QStringLiteral("gpu-telemetry"));
    if (telemetry != u"auto" && telemetry != u"off")
        throw UsageError {QStringLiteral("--gpu-telemetry is auto or off, not '%1'.").arg(telemetry)};
    o.gpuTelemetry = telemetry == u"auto";
    if (p.isSet(QStringLiteral("dcgm-url"))) {
        const QUrl dcgm = QUrl::fromUserInput(p.value(QStringLiteral("dcgm-url")));
        // The address is stored with the run and shown in its report: a password in it would go everywhere.
        if (!dcgm.userInfo().isEmpty())
            throw UsageError {QStringLiteral("--dcgm-url carries a user name or password (user:password@): a DCGM "
                                             "exporter is read without credentials, and the address is stored with "
                                             "the run. Give it without them.")};
        if (!dcgm.isValid() || (dcgm.scheme() != u"http" && dcgm.scheme() != u"https") || dcgm.host().isEmpty())
            throw UsageError {QStringLiteral("--dcgm-url takes a DCGM exporter's address, such as "
                                             "http://gpu-host:9400/metrics, not '%1'.")
                                  .arg(p.value(QStringLiteral("dcgm-url")))};
        if (!o.gpuTelemetry)
            throw UsageError {QStringLiteral("--dcgm-url and --gpu-telemetry off contradict each other: give one.")};
        o.dcgmUrl = dcgm.toString();
    }
}

/// The transport, the API, the failure and capacity bounds, the timeouts and TLS.
void readConnection(const QCommandLineParser& p, RunOptions& o)
{
    const QString transport = p.value(QStringLiteral("transport"));
    const std::optional<StreamTransport::Kind> kind = StreamTransport::named(transport);
    if (!kind)
        throw UsageError {QStringLiteral("--transport is epoll, socket or qnam, not '%1'.").arg(transport)};
    o.transport = *kind;
    if (p.isSet(QStringLiteral("chat")))
        o.api = WorkloadSpec::Api::Chat;
    o.maxErrorFraction = option::number(p, QStringLiteral("max-failures"), 0, 1);
    if (p.isSet(QStringLiteral("refine-capacity")) || p.isSet(QStringLiteral("capacity-precision"))) {
        o.capacityPrecision = p.isSet(QStringLiteral("capacity-precision"))
            ? option::number(p, QStringLiteral("capacity-precision"), 1, 100) / 100
            : RunOptions::kDefaultCapacityPrecision;
        o.maxProbes = option::integer(p, QStringLiteral("max-probes"), 1, 32);
    }
    o.connectTimeoutMs = option::integer(p, QStringLiteral("connect-timeout-ms"), 1, 3'600'000);
    o.firstByteTimeoutMs = option::integer(p, QStringLiteral("first-byte-timeout-ms"), 1, 86'400'000);
    o.stallTimeoutMs = option::integer(p, QStringLiteral("stall-timeout-ms"), 1, 86'400'000);
    o.requestTimeoutMs = option::integer(p, QStringLiteral("request-timeout-ms"), 1, 86'400'000);
    o.serverWaitSeconds = option::integer(p, QStringLiteral("server-wait"), 0, 86'400);
    o.insecure = p.isSet(QStringLiteral("insecure"));
    o.caFile = caFile(p);
    o.quick = p.isSet(QStringLiteral("quick"));
    o.resetPrefixCache = p.isSet(QStringLiteral("reset-prefix-cache"));
}

/// A sharded run's schedule: --shard, --start-at, --slot-seconds and --clock-server, only together.
void readShard(const QCommandLineParser& p, RunOptions& o)
{
    const QStringList shardOnly {
        QStringLiteral("start-at"), QStringLiteral("slot-seconds"), QStringLiteral("clock-server")};
    if (!p.isSet(QStringLiteral("shard"))) {
        for (const QString& name : shardOnly)
            if (p.isSet(name))
                throw UsageError {QStringLiteral("--%1 belongs to a sharded run: give --shard I/N too.").arg(name)};
        return;
    }
    // Every shard would replay the whole trace: N times its load. A trace's requests are not split (yet).
    if (!o.trace.isEmpty())
        throw UsageError {QStringLiteral("--trace and --shard cannot be combined: each shard would replay the whole "
                                         "trace, N times its load. Replay it from one client.")};
    QString error;
    o.shard = ShardSpec::parse(p.value(QStringLiteral("shard")), &error);
    if (!o.shard)
        throw UsageError {error};
    if (!p.isSet(QStringLiteral("start-at")))
        throw UsageError {QStringLiteral("--shard needs --start-at TIME, the same on every shard, a little ahead (for "
                                         "example $(date -u -d '+2 min' +%FT%TZ)).")};
    o.shard->startAt = ShardSpec::parseTime(p.value(QStringLiteral("start-at")));
    if (!o.shard->startAt.isValid())
        throw UsageError {QStringLiteral("--start-at takes a UTC time such as 2026-11-30T12:00:00Z, or Unix seconds, "
                                         "not '%1'.")
                              .arg(p.value(QStringLiteral("start-at")))};
    if (p.isSet(QStringLiteral("slot-seconds")))
        o.shard->slotSeconds = option::number(p, QStringLiteral("slot-seconds"), 1, 86400);
    else if (o.durationPerStep > 0)
        o.shard->slotSeconds = o.durationPerStep + 10;
    else
        throw UsageError {QStringLiteral("--shard needs --duration S (each step lasts S seconds on every shard) or "
                                         "--slot-seconds S (how long each step's turn on the shared schedule lasts).")};
    if (p.isSet(QStringLiteral("clock-server"))) {
        if (const QString problem
            = urlCredentialProblem(p.value(QStringLiteral("clock-server")), QStringLiteral("--clock-server"));
            !problem.isEmpty())
            throw UsageError {problem};
        o.shard->clockServer = Doctor::normalizeUrl(p.value(QStringLiteral("clock-server")));
        if (!o.shard->clockServer.isValid() || o.shard->clockServer.host().isEmpty())
            throw UsageError {QStringLiteral("--clock-server needs an http:// address, not '%1'.")
                                  .arg(p.value(QStringLiteral("clock-server")))};
    }
    if (!o.dataset.isEmpty())
        throw UsageError {QStringLiteral("--shard cannot send a --dataset yet: each shard would send the whole file.")};
}

} // namespace

void RunCommand::readSweep(const QCommandLineParser& p, RunOptions& o)
{
    readWorkload(p, o);
    readLoads(p, o);
    readTargetsAndSteps(p, o);
    readTelemetry(p, o);
    readConnection(p, o);
    readShard(p, o);
}

void RunCommand::readTrace(const QCommandLineParser& p, RunOptions& o)
{
    const bool windowed = p.isSet(QStringLiteral("trace-speed")) || p.isSet(QStringLiteral("trace-start"))
        || p.isSet(QStringLiteral("trace-duration"));
    if (!p.isSet(QStringLiteral("trace"))) {
        if (windowed)
            throw UsageError {QStringLiteral(
                "--trace-speed, --trace-start and --trace-duration shape a trace's replay: give --trace FILE too.")};
        return;
    }
    // A trace brings its own lengths and arrivals: what shapes synthetic prompts or another source does not apply.
    for (const char* other : {"dataset", "shapes", "shared-prefix", "turns", "fan-out", "length-spread"}) {
        if (p.isSet(QLatin1String(other)))
            throw UsageError {QStringLiteral("--trace and --%1 cannot be combined: the trace's requests have their own "
                                             "lengths, and are sent as it recorded them.")
                                  .arg(QLatin1String(other))};
    }
    o.trace = p.value(QStringLiteral("trace"));
    o.traceSpeed = option::number(p, QStringLiteral("trace-speed"), 0.001, 1000);
    o.traceStartSeconds = option::number(p, QStringLiteral("trace-start"), 0, 1e9);
    o.traceDurationSeconds = option::number(p, QStringLiteral("trace-duration"), 0, 1e9);
    QString error;
    if (!o.loadTrace(&error))
        throw UsageError {error};
}

namespace {

/// The run's outcome on stdout: its JSON, or the stored run as `show` judges it (the raw step table when it cannot be
/// read), the network's round trip and where it is stored.
void printOutcome(const RunPipeline& pipeline, const RunStore* store, RunStatus status, const QString& reason,
    const std::vector<SummaryRow>& rows, bool json, CommandIo& io)
{
    const double scale = pipeline.timeScale();
    if (json) {
        QJsonArray steps;
        for (const SummaryRow& r : rows)
            steps.append(SummaryTable::stepJson(r, scale));
        const QJsonObject doc {{QStringLiteral("run_id"), pipeline.runId()},
            {QStringLiteral("status"), runStatusName(status)}, {QStringLiteral("reason"), reason},
            {QStringLiteral("facts"), pipeline.facts().toJson()},
            {QStringLiteral("network"), pipeline.network().toJson()}, {QStringLiteral("steps"), steps}};
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    } else if (!rows.empty()) {
        // The stored run as `show` judges it, so that the figures printed here are the ones every report shows
        // (the steady window's sample, TTFT without the round trip); the raw table only when it cannot be read.
        const QString summary = pipeline.runId() >= 0 ? runSummaryOf(*store, pipeline.runId()) : QString();
        if (summary.isEmpty())
            io.out << SummaryTable::table(rows, scale, pipeline.options().percentile);
        const NetworkFacts& network = pipeline.network();
        if (network.roundTripMeasured()) {
            io.out << QStringLiteral("Network: /health round trip %1 ms (median)")
                          .arg(network.healthRoundTripMedianMs, 0, 'f', 2);
            if (network.tcpConnectMs)
                io.out << QStringLiteral(", TCP connect %1 ms").arg(*network.tcpConnectMs, 0, 'f', 2);
            // Whether that is a large share of TTFT is the network trust check's to say, in the server's time.
            io.out << "; TTFT targets are judged with the round trip subtracted.\n";
        }
        if (!summary.isEmpty()) {
            if (scale != 1)
                io.out << QStringLiteral("The server was simulated at %1x speed; every figure is in its time.\n")
                              .arg(scale);
            io.out << summary << '\n';
        }
        if (pipeline.runId() >= 0)
            io.out << "Stored as run " << pipeline.runId() << " in " << store->path() << "; kneepoint show "
                   << pipeline.runId() << " explains it.\n";
    }
}

/// The exit code a script reads, with the sentence stderr says for every end but a complete run.
int exitCodeOf(const RunPipeline& pipeline, RunStatus status, const QString& reason,
    const std::vector<SummaryRow>& rows, CommandIo& io)
{
    // A sweep in which no request succeeded measured nothing: stored as it was, but a script must not read it as
    // a benchmark that passed.
    int total = 0, succeeded = 0;
    QString firstError;
    for (const SummaryRow& r : rows) {
        total += r.stats.total;
        succeeded += r.stats.succeeded;
        if (firstError.isEmpty() && !r.stats.failureMessages.empty()) {
            firstError = r.stats.failureMessages.begin()->second;
            while (firstError.endsWith(u'.'))
                firstError.chop(1);
        }
    }
    if (status == RunStatus::Complete && total > 0 && succeeded == 0) {
        io.err << "kneepoint run: every one of the " << total << " requests failed"
               << (firstError.isEmpty() ? QString() : QStringLiteral("; the first said: ") + firstError)
               << ". The run is stored; kneepoint show " << pipeline.runId() << " lists the failures.\n";
        return ExitFailure;
    }
    if (status == RunStatus::Complete)
        return ExitOk;
    if (status == RunStatus::Stopped)
        return ExitInterrupted;
    io.err << "kneepoint run: " << reason << '\n';
    // Its own code: a script can tell a server that went away from a run that could not start or store.
    if (status == RunStatus::ServerFailed) {
        if (pipeline.runId() >= 0)
            io.err << "kneepoint run: stored as run " << pipeline.runId() << " with status " << runStatusName(status)
                   << "; kneepoint show " << pipeline.runId() << " says what was measured.\n";
        return ExitServerFailed;
    }
    return ExitFailure;
}

} // namespace

int RunCommand::execute(
    const RunOptions& options, const QByteArray& apiKey, RunStore* store, bool json, CommandIo& io, qint64* runId)
{
    RunPipeline pipeline(options, apiKey, store);
    // Ctrl-C cancels the step in progress; the pipeline keeps what completed.
    bool interrupted = false;
    Interrupts interrupts;
    interrupts.onInterrupt([&] {
        if (!interrupted)
            io.err << "\nStopping: the step in progress is cancelled, completed steps are kept.\n";
        io.err.flush();
        interrupted = true;
        pipeline.cancel();
    });
    const bool terminal = ::isatty(STDERR_FILENO);
    QObject::connect(&pipeline, &RunPipeline::stageChanged, &pipeline, [&](RunStage stage, const QString& detail) {
        if (terminal)
            io.err << '\r' << QString(78, u' ') << '\r';
        io.err << runStageName(stage) << (detail.isEmpty() ? QString() : u": " + detail) << '\n';
        io.err.flush();
    });
    // Progress: a line per step, and inside a step its requests done of those planned and its time so far (the
    // first default step of a slow server can take minutes): redrawn on a terminal, every 30 s in a log.
    QString stepLine;
    int stepMeasured = 0;
    int stepPlanned = 0;
    QElapsedTimer stepClock;
    qint64 lastLogged = 0;
    const auto inStep = [&] {
        QString line = stepLine;
        if (stepPlanned > 0)
            line += QStringLiteral(": %1 of %2 requests, %3 s")
                        .arg(stepMeasured)
                        .arg(stepPlanned)
                        .arg(double(stepClock.elapsed()) / 1000, 0, 'f', 0);
        return line;
    };
    QObject::connect(&pipeline, &RunPipeline::progress, &pipeline,
        [&](int done, int total, double elapsed, double remaining, const QString& what) {
            if (what.isEmpty())
                return;
            const QString left
                = remaining < 0 ? QString() : QStringLiteral(", about %1 s left").arg(remaining, 0, 'f', 0);
            const QString line = QStringLiteral("[%1/%2] %3 (%4 s%5)")
                                     .arg(done + 1)
                                     .arg(total)
                                     .arg(what)
                                     .arg(elapsed, 0, 'f', 0)
                                     .arg(left);
            const PlannedStep* step = pipeline.currentStep();
            stepLine = line;
            stepMeasured = 0;
            stepPlanned = step ? step->plan.requestCount : 0;
            stepClock.start();
            lastLogged = 0;
            // A bar that redraws itself on a terminal; plain lines for logs and pipes.
            if (terminal)
                io.err << '\r' << line.leftJustified(78, u' ', true);
            else
                io.err << line << '\n';
            io.err.flush();
        });
    QObject::connect(&pipeline, &RunPipeline::quiet, &pipeline, [&](int seconds, int timeoutSeconds) {
        io.err << (terminal ? "\n" : "")
               << QStringLiteral("No request has ended for %1 s. Each may take up to %2 (--request-timeout-ms) "
                                 "before it is ended as timed out; a server that sends nothing, or a byte at a time, "
                                 "holds it that long. Ctrl-C stops the run and keeps the steps already measured.")
                      .arg(seconds)
                      .arg(timeoutSeconds >= 120 ? QStringLiteral("%1 min").arg(timeoutSeconds / 60)
                                                 : QStringLiteral("%1 s").arg(timeoutSeconds))
               << '\n';
        io.err.flush();
    });
    QObject::connect(&pipeline, &RunPipeline::requestsMeasured, &pipeline, [&](const QList<RequestDot>& dots) {
        stepMeasured += int(dots.size());
        // Requests end thousands a second at high loads: the line is redrawn five times a second at most.
        if (terminal && stepClock.isValid() && stepClock.elapsed() - lastLogged >= 200) {
            lastLogged = stepClock.elapsed();
            io.err << '\r' << inStep().leftJustified(78, u' ', true);
        } else if (!terminal && stepClock.isValid() && stepClock.elapsed() - lastLogged >= 30'000) {
            lastLogged = stepClock.elapsed();
            io.err << inStep() << '\n';
        } else {
            return;
        }
        io.err.flush();
    });
    // The plan sized to the server after the baseline: said, and asked about when it runs past an hour. Only a
    // person at a terminal is asked; a script that started the run, or --yes, goes on.
    const bool askable = ::isatty(STDIN_FILENO) && ::isatty(STDERR_FILENO) && !options.goOnWithoutAsking;
    QObject::connect(&pipeline, &RunPipeline::planSized, &pipeline, [&](const QString& sentence, double, bool held) {
        if (terminal)
            io.err << '\r' << QString(78, u' ') << '\r';
        io.err << sentence << '\n';
        if (held && askable) {
            io.err << "That may be more than an hour. Go on? [y/N] ";
            io.err.flush();
            QTextStream in(stdin);
            const QString answer = in.readLine().trimmed().toLower();
            if (answer == u"y" || answer == u"yes") {
                pipeline.hold(false);
            } else {
                io.err << "Stopping: the steps so far are kept. --step-budget S or --requests N make the run "
                          "shorter.\n";
                pipeline.cancel();
            }
        } else if (held) {
            if (!options.goOnWithoutAsking)
                io.err << "That may be more than an hour; going on without asking (no terminal to ask at).\n";
            pipeline.hold(false);
        }
        io.err.flush();
    });
    std::vector<SummaryRow> rows;
    QObject::connect(&pipeline, &RunPipeline::stepFinished, &pipeline, [&](const RunPipeline::StepOutcome& outcome) {
        const LoadPlan& plan = outcome.planned.plan;
        rows.push_back({outcome.planned.phase,
            plan.pattern == LoadPlan::Pattern::OpenLoop ? QStringLiteral("%1/s").arg(plan.ratePerSecond)
                                                        : QStringLiteral("c=%1").arg(plan.users),
            outcome.stats, outcome.server});
    });
    RunStatus status = RunStatus::Failed;
    QString reason;
    QEventLoop loop;
    QObject::connect(&pipeline, &RunPipeline::finished, &loop, [&](RunStatus s, const QString& r) {
        status = s;
        reason = r;
        loop.quit();
    });
    QTimer::singleShot(0, &pipeline, &RunPipeline::start);
    loop.exec();
    if (runId)
        *runId = pipeline.runId();
    if (terminal)
        io.err << '\r' << QString(78, u' ') << '\r';
    printOutcome(pipeline, store, status, reason, rows, json, io);
    return exitCodeOf(pipeline, status, reason, rows, io);
}

int RunCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const RunOptions options = optionsFrom(parser);
    if (parser.isSet(QStringLiteral("dry-run"))) {
        // The plan the pipeline runs (RunPlan::of), before the server is asked anything: its probes, if any, come
        // from what the steps measure. Its duration as the wizard estimates it, from the GPU and the model named
        // where the catalog knows them; a simulator's speed is the server's to say, so it is not known here.
        const RunPlan plan = RunPlan::of(options.resolved());
        DurationEstimate::Inputs inputs;
        inputs.options = options;
        const Catalog catalog = Catalog::forUser();
        if (!options.gpu.isEmpty())
            inputs.gpu = catalog.gpu(options.gpu);
        if (!options.model.isEmpty())
            inputs.model = catalog.model(options.model);
        inputs.gpuCount = std::max(1, options.gpuCount);
        const DurationEstimate estimate = DurationEstimate::of(inputs);
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray steps;
            for (const PlannedStep& step : plan.steps) {
                QJsonObject o = step.load;
                o[QStringLiteral("phase")] = phaseName(step.phase);
                o[QStringLiteral("requests")] = step.plan.requestCount;
                o[QStringLiteral("warmup")] = step.plan.warmupRequests;
                o[QStringLiteral("duration_s")] = step.plan.durationSeconds;
                steps.append(o);
            }
            io.out << QJsonDocument(
                QJsonObject {{QStringLiteral("url"), options.url.toString()}, {QStringLiteral("steps"), steps},
                    {QStringLiteral("estimated_seconds"), std::round(estimate.seconds)},
                    {QStringLiteral("estimate_basis"), estimate.basis}})
                          .toJson(QJsonDocument::Indented);
        } else {
            io.out << "The run against " << options.url.toString() << " would make " << plan.steps.size()
                   << " steps:\n";
            for (const QString& line : plan.lines())
                io.out << "  " << line << '\n';
            if (options.capacityPrecision > 0)
                io.out << "then probes between the steps that bracket capacity, until it is known to the precision "
                          "asked.\n";
            io.out << DurationEstimate::format(estimate.seconds) << " (an estimate). " << estimate.basis
                   << " The run stops sooner once the targets are clearly broken.\n";
        }
        return ExitOk;
    }
    QString error;
    const QByteArray key = apiKey(parser, &error);
    if (!error.isEmpty())
        throw UsageError {error};
    const QString engine = parser.value(QStringLiteral("engine"));
    if (engine != u"native" && engine != u"aiperf")
        throw UsageError {QStringLiteral("--engine is native or aiperf, not '%1'.").arg(engine)};
    // AIPerf would send the replay's step at its mean rate, not at the trace's times: a different load, silently.
    if (engine == u"aiperf" && !options.trace.isEmpty())
        throw UsageError {QStringLiteral(
            "--trace is replayed by Kneepoint's own engine only: AIPerf would send its requests at the trace's mean "
            "rate, not at its times. Leave out --engine aiperf.")};
    if (engine == u"aiperf" && !options.models.empty())
        throw UsageError {QStringLiteral("--models is sent by Kneepoint's own engine only: AIPerf would send every "
                                         "request to one model. Leave out --engine aiperf.")};
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint run: " << error << '\n';
        return ExitFailure;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    if (parser.isSet(QStringLiteral("junit")) && !parser.isSet(QStringLiteral("baseline")))
        throw UsageError {QStringLiteral("--junit writes the gate of --baseline ID: give both.")};
    std::optional<RunData> baseline;
    if (parser.isSet(QStringLiteral("baseline"))) {
        // Read before the server is asked anything: a wrong id is said at once, not after an hour's sweep.
        baseline = loadRun(*store, runId(parser.value(QStringLiteral("baseline")), name()), name(), io);
        if (!baseline)
            return ExitFailure;
    }
    qint64 id = -1;
    const int code = engine == u"aiperf" ? AiperfEngine::execute(options, key, store.get(), json, io, &id)
                                         : execute(options, key, store.get(), json, io, &id);
    if (!baseline || id < 0 || code == ExitInterrupted)
        return code;
    const std::optional<RunData> measured = loadRun(*store, id, name(), io);
    if (!measured)
        return ExitFailure;
    const RunComparison comparison = RunComparison::ofStored(
        *store, *baseline, AnalysisSettings::ofRun(*baseline), *measured, AnalysisSettings::ofRun(*measured));
    // The run's JSON is stdout's one document: the gate goes to --junit, its answer to stderr.
    QString discarded;
    QTextStream sink(&discarded);
    CommandIo gateIo {json ? sink : io.out, io.err};
    if (!json)
        io.out << "\nAgainst baseline run " << baseline->summary.id << ":\n\n";
    const int gate = printGate(comparison, measured->summary, false, parser.value(QStringLiteral("junit")), gateIo);
    if (json)
        io.err << "kneepoint run: against baseline run " << baseline->summary.id << ": "
               << RunGate::outcomeWord(RunGate::of(comparison, measured->summary).outcome) << ".\n";
    return code != ExitOk ? code : gate;
}

} // namespace kp::cli
