// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/launchcommand.h"

#include "core/cli/interrupts.h"
#include "core/cli/runcommand.h"
#include "core/cli/storeoption.h"
#include "core/launch/launchfactrows.h"
#include "core/launch/launchrecord.h"
#include "core/launch/launchsession.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>
#include <QTimer>

namespace kp::cli {

namespace {

// Options of `kneepoint run` that launch answers itself: the server's address, what it serves, the output format.
// run's --engine (the load generator) gives way to launch's --engine (the server): a launched sweep is Kneepoint's.
// run's options that launch has its own of (--dry-run: launch's prints the estimate and the command).
const QStringList OwnRunOptions {QStringLiteral("url"), QStringLiteral("model"), QStringLiteral("gpu"),
    QStringLiteral("gpus"), QStringLiteral("json"), QStringLiteral("db"), QStringLiteral("api-key"),
    QStringLiteral("api-key-file"), QStringLiteral("engine"), QStringLiteral("dry-run"), QStringLiteral("dcgm-url"),
    // A launched server serves the one model it was started with: no adapters to mix.
    QStringLiteral("models")};

// What starting a session came to, owned by the caller: its handlers keep writing here after the start, when the
// server ends by itself.
struct Proving
{
    bool ok = false;
    QString failure;
};

// Starts `session` and waits until it is proven, fails, or Ctrl-C comes; its stages and progress on stderr. The
// handlers stay connected to `loop`, so that a later exec() of it ends with the server's own end or Ctrl-C too.
bool startAndProve(LaunchSession& session, Interrupts& interrupts, QEventLoop& loop, Proving& proving, CommandIo& io)
{
    const auto say = [&io](const QString& line) {
        io.err << line << '\n';
        io.err.flush();
    };
    QObject::connect(&session, &LaunchSession::notice, &loop, say);
    QObject::connect(
        &session, &LaunchSession::stageChanged, &loop, [say](ServerLauncher::Stage stage, const QString& detail) {
            if (stage != ServerLauncher::Stage::Failed && stage != ServerLauncher::Stage::Ready)
                say(ServerLauncher::stageName(stage) + (detail.isEmpty() ? QString() : u": " + detail));
        });
    QObject::connect(&session, &LaunchSession::progress, &loop, [say](const QString& what) { say(u"  " + what); });
    QObject::connect(&session, &LaunchSession::ready, &loop, [&proving, &loop] {
        proving.ok = true;
        loop.quit();
    });
    QObject::connect(&session, &LaunchSession::failed, &loop, [&proving, &loop](const QString& sentence) {
        proving.ok = false;
        proving.failure = sentence;
        loop.quit();
    });
    interrupts.onInterrupt([say, &loop] {
        say(QStringLiteral("\nStopping: the server is being stopped and removed."));
        loop.quit();
    });
    QTimer::singleShot(0, &session, &LaunchSession::start);
    loop.exec();
    if (proving.ok)
        say(QStringLiteral("Proven: /health, /v1/models and a greedy smoke test passed; started in %1 s.")
                .arg(session.startupSeconds(), 0, 'f', 1));
    return proving.ok;
}

// Says why a launch did not start ("No load was applied", the log's path) and returns the exit code.
int notStarted(bool interrupted, const QString& failure, const QString& logPath, CommandIo& io)
{
    if (interrupted)
        return ExitInterrupted;
    io.err << "kneepoint launch: " << failure << '\n' << "No load was applied.";
    if (QFileInfo::exists(logPath))
        io.err << " The whole log: " << logPath;
    io.err << '\n';
    return ExitFailure;
}

QCommandLineOption valueOption(const char* name, const char* help, const char* value, const char* def = nullptr)
{
    return {QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(value),
        def ? QString::fromLatin1(def) : QString()};
}

QCommandLineOption flagOption(const char* name, const char* help)
{
    return {QString::fromLatin1(name), QString::fromUtf8(help)};
}

QList<QCommandLineOption> runPassThroughOptions()
{
    QList<QCommandLineOption> out;
    const QList<QCommandLineOption> runOptions = RunCommand().options();
    for (const QCommandLineOption& o : runOptions) {
        if (!OwnRunOptions.contains(o.names().first()))
            out << o;
    }
    return out;
}

} // namespace

QString LaunchCommand::summary() const
{
    return QStringLiteral("Start vLLM (or llama.cpp) for a model, prove it answers, then benchmark it (--then-run).");
}

QString LaunchCommand::description() const
{
    return QStringLiteral(
        "Before any GPU time is spent: estimates VRAM (weights + one max-model-len sequence of KV cache + 3 GiB of\n"
        "activations and CUDA graphs per GPU, against memory x gpu-memory-utilization) and refuses what cannot fit,\n"
        "with the ways out; insists on an image pinned by digest (--allow-unpinned to override) and passes on only\n"
        "allow-listed engine arguments (--trust-remote-code never). Then starts the server (no shell; port on\n"
        "127.0.0.1), polls /health, checks /v1/models and runs a greedy smoke test; only then applies load.\n"
        "Without --then-run it keeps the server up until Ctrl-C. With --then-run the options of kneepoint run\n"
        "(--concurrency, --requests, --shapes, ...) shape the sweep. The server is stopped and removed at the end;\n"
        "a launch record lets the next launch (or launch --cleanup) remove what a crashed one left. HF_TOKEN is\n"
        "passed through the environment, never on a command line, and never stored.\n"
        "Local runtime: --engine-command names the vllm executable (the arguments start with 'serve').\n"
        "llama.cpp (--engine llamacpp): --gguf names a GGUF file on this machine (or, with --model and --revision, a\n"
        "file of that repository in the Hugging Face cache). The estimate reads the file's own tensor types and sizes\n"
        "and its KV geometry: weights + the KV cache of --ctx-size + compute buffers + a stated reserve, against the\n"
        "GPU (when layers go there) or this machine's available memory. llama-server arguments are allow-listed too\n"
        "(no --host, -hf, --lora, --props, --slot-save-path, ...); --engine-command names the llama-server\n"
        "executable, and containers need a pinned --image of llama.cpp's server.\n"
        "Simulated runtime (--runtime simulated): Kneepoint's simulated vLLM stands in for the engine, modelling\n"
        "--model (from the catalog: kneepoint models) on --gpu, at 10x speed unless --engine-arg --speed=K says\n"
        "otherwise. The same checks, proof and sweep run, and kneepoint tune can try its engine arguments\n"
        "(--max-num-seqs, --max-num-batched-tokens, --kv-cache-dtype, ...): a whole experiment without a GPU.\n");
}

QList<QCommandLineOption> LaunchCommand::options() const
{
    QList<QCommandLineOption> list {
        valueOption("engine", "vllm or llamacpp.", "ENGINE", "vllm"),
        valueOption("model", "Hugging Face model id, ORG/NAME.", "ORG/NAME"),
        valueOption("gguf", "llama.cpp: a GGUF file on this machine; with --model, the file's name in that repository.",
            "FILE"),
        valueOption("ctx-size", "llama.cpp: context of all slots together, in tokens (engine argument).", "N"),
        valueOption("revision", "Model revision: a commit hash pins the weights (a branch or tag can move).", "REV"),
        valueOption("gpu", "The GPU, from the catalog (kneepoint gpus); default: what nvidia-smi reports.", "ID"),
        valueOption("gpus", "GPUs to split the model over (tensor parallelism).", "N", "1"),
        valueOption("gpu-devices", "Which GPUs, e.g. 0,1 (default: any N).", "LIST"),
        valueOption(
            "image", "Container image, pinned: vllm/vllm-openai@sha256:<digest> (default: vLLM v0.31.0's).", "REF"),
        flagOption("allow-unpinned", "Accept an image without a digest; the report says so."),
        valueOption("runtime",
            "docker, podman, local, or simulated (Kneepoint's simulated vLLM at 10x speed, for a catalog model: no "
            "GPU needed).",
            "KIND", "docker"),
        valueOption("engine-command",
            "The local runtime's executable (default: vllm, or llama-server for llama.cpp, on PATH).", "PATH"),
        valueOption("max-model-len", "Context length (engine argument).", "N"),
        valueOption(
            "gpu-memory-utilization", "Share of GPU memory vLLM may take (engine argument; default 0.92).", "F"),
        valueOption("kv-cache-dtype", "auto or fp8 (engine argument).", "DTYPE"),
        valueOption("engine-arg", "An allow-listed engine argument, FLAG=VALUE or FLAG (repeatable).", "FLAG=VALUE"),
        valueOption(
            "model-config", "The model's config.json, when it is neither in the catalog nor on the hub.", "FILE"),
        valueOption("host", "Address the server's port is published on.", "ADDR", "127.0.0.1"),
        valueOption("port", "Port of the server (0: a free one).", "P", "8000"),
        valueOption("hf-cache",
            "Hugging Face cache to mount into the container (default: $HF_HOME or "
            "~/.cache/huggingface).",
            "DIR"),
        valueOption("health-timeout-s", "How long to wait for /health.", "S", "900"),
        valueOption("dcgm-url",
            "A DCGM exporter's /metrics, for peak VRAM and, with --then-run, the GPUs' power during every step, when "
            "the GPU is not read by a local nvidia-smi.",
            "URL"),
        flagOption("then-run", "Run the sweep against the server once it is proven, then stop it."),
        flagOption("dry-run", "Print the memory estimate and the exact command; start nothing."),
        flagOption("cleanup", "Remove servers that launches of crashed Kneepoint processes left behind, then exit."),
        flagOption("json", "Print the result as JSON."),
    };
    list << dbOption() << runPassThroughOptions();
    return list;
}

LaunchRequest LaunchCommand::requestFrom(const QCommandLineParser& p)
{
    LaunchRequest r;
    const QString engine = p.value(QStringLiteral("engine"));
    const auto engineValue = launchEngineFromName(engine);
    if (!engineValue)
        throw UsageError {QStringLiteral("--engine is vllm or llamacpp, not '%1'.").arg(engine)};
    r.engine = *engineValue;
    const QString runtime = p.value(QStringLiteral("runtime"));
    const auto runtimeValue = launchRuntimeFromName(runtime);
    if (!runtimeValue)
        throw UsageError {QStringLiteral("--runtime is docker, podman, local or simulated, not '%1'.").arg(runtime)};
    r.runtime = *runtimeValue;
    for (const auto& [name, member] : LaunchRequest::textOptions())
        r.*member = p.value(QString::fromLatin1(name));
    r.allowUnpinned = p.isSet(QStringLiteral("allow-unpinned"));
    if (p.isSet(QStringLiteral("gpus")))
        r.gpus = option::integer(p, QStringLiteral("gpus"), 1, 64);
    r.host = p.value(QStringLiteral("host"));
    r.port = option::integer(p, QStringLiteral("port"), 0, 65535);
    r.engineArgs = p.values(QStringLiteral("engine-arg"));
    r.healthTimeoutS = option::integer(p, QStringLiteral("health-timeout-s"), 1, 24 * 3600);
    return r;
}

int LaunchCommand::run(const QCommandLineParser& p, CommandIo& io)
{
    const QString prefix = QStringLiteral("kneepoint launch: ");
    if (p.isSet(QStringLiteral("cleanup"))) {
        const QStringList done = cleanUpStaleLaunches();
        for (const QString& s : done)
            io.out << s << '\n';
        if (done.isEmpty())
            io.out << "Nothing to clean up: no launch was left behind.\n";
        return ExitOk;
    }

    const LaunchRequest request = requestFrom(p);
    // The sweep's options are read by `kneepoint run`'s own code before anything starts, so that a typo costs no
    // start-up.
    const bool thenRun = p.isSet(QStringLiteral("then-run"));
    for (const QCommandLineOption& o : runPassThroughOptions()) {
        if (!thenRun && p.isSet(o.names().first()))
            throw UsageError {QStringLiteral("--%1 is an option of the sweep: add --then-run.").arg(o.names().first())};
    }
    RunOptions sweep;
    if (thenRun)
        RunCommand::readSweep(p, sweep);

    const LaunchPreparation prepared = request.prepare();
    if (!prepared.ok()) {
        if (prepared.usageError)
            throw UsageError {prepared.refusal};
        for (const QString& line : prepared.checkLines())
            io.out << line << '\n';
        io.err << prefix << prepared.refusal << '\n';
        return ExitFailure;
    }
    if (p.isSet(QStringLiteral("dry-run"))) {
        for (const QString& line : prepared.checkLines())
            io.out << line << '\n';
        return ExitOk;
    }
    std::unique_ptr<RunStore> store;
    if (thenRun) {
        QString error;
        store = openStore(p, &error);
        if (!store) {
            io.err << prefix << error << '\n';
            return ExitFailure;
        }
    }

    const bool json = p.isSet(QStringLiteral("json"));
    if (thenRun) {
        // The sweep's summary: on stdout, or (with --json) into the one document with the launch's facts.
        QString runOutput;
        QTextStream runOut(&runOutput);
        CommandIo runIo {json ? runOut : io.out, io.err};
        const LaunchedRun launched = launchAndRun(prepared, sweep, *store, json, io, runIo);
        if (!launched.proven)
            return notStarted(launched.interrupted, launched.failure, launched.logPath, io);
        runOut.flush();
        if (json) {
            QJsonObject doc = QJsonDocument::fromJson(runOutput.toUtf8()).object();
            doc[QStringLiteral("launch")] = launched.facts;
            io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        } else {
            io.out << '\n' << describeLaunchFacts(LaunchFacts::fromJson(launched.facts));
        }
        io.err << "The server was stopped and removed.\n";
        return launched.code;
    }

    LaunchSession session(prepared);
    Interrupts interrupts;
    QEventLoop loop;
    Proving proving;
    if (!startAndProve(session, interrupts, loop, proving, io)) {
        session.stop();
        return notStarted(interrupts.count() > 0 && proving.failure.isEmpty(), proving.failure, session.logPath(), io);
    }
    const QString url = session.baseUrl().toString();
    io.out << QStringLiteral("ready at %1 (started in %2 s); press Ctrl+C to stop and remove it\n")
                  .arg(url)
                  .arg(session.startupSeconds(), 0, 'f', 1);
    io.out.flush();
    loop.exec(); // until Ctrl-C, SIGTERM or the server's own end
    session.stop();
    const QJsonObject facts = session.facts();
    if (json)
        io.out << QJsonDocument(facts).toJson(QJsonDocument::Indented);
    else
        io.out << describeLaunchFacts(LaunchFacts::fromJson(facts));
    if (!proving.failure.isEmpty()) {
        io.err << "kneepoint launch: " << proving.failure << '\n';
        return ExitFailure;
    }
    return ExitOk;
}

LaunchCommand::LaunchedRun LaunchCommand::launchAndRun(const LaunchPreparation& prepared, const RunOptions& sweep,
    RunStore& store, bool json, CommandIo& io, CommandIo& runIo)
{
    LaunchedRun result;
    LaunchSession session(prepared);
    Interrupts interrupts;
    QEventLoop loop;
    Proving proving;
    if (!startAndProve(session, interrupts, loop, proving, io)) {
        session.stop();
        result.interrupted = interrupts.count() > 0 && proving.failure.isEmpty();
        result.code = result.interrupted ? ExitInterrupted : ExitFailure;
        result.failure = proving.failure;
        result.logPath = session.logPath();
        return result;
    }
    result.proven = true;
    // The sweep, with the run's own Ctrl-C handling, against the proven server.
    result.code = RunCommand::execute(session.sweepOf(sweep), QByteArray(), &store, json, runIo, &result.runId);
    // What the launch learnt goes with the run: start-up, KV cache, image and digest, peaks.
    if (result.runId >= 0) {
        QString error;
        if (!session.recordWith(store, result.runId, &error))
            io.err << "kneepoint launch: " << error << '\n';
    }
    session.stop();
    result.facts = session.facts();
    return result;
}

} // namespace kp::cli
