// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "launchcommand.h"

#include "catalog/catalog.h"
#include "catalog/modelresolver.h"
#include "cli/runcommand.h"
#include "cli/storeoption.h"
#include "launch/engineargallowlist.h"
#include "launch/imagereference.h"
#include "launch/launchcommandbuilder.h"
#include "launch/launchfacts.h"
#include "launch/launchrecord.h"
#include "launch/llamamemoryestimate.h"
#include "launch/runtimecheck.h"
#include "launch/serverlauncher.h"
#include "launch/vramestimate.h"
#include "launch/vramsampler.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QHostAddress>
#include <QJsonDocument>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QTcpServer>
#include <QUuid>

#include <cmath>
#include <csignal>
#include <memory>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace kp::core {

namespace {

// Options of `kneepoint run` that launch answers itself: the server's address, what it serves, the output format.
// run's --engine (the load generator) gives way to launch's --engine (the server): a launched sweep is Kneepoint's.
// run's options that launch has its own of (--dry-run: launch's prints the estimate and the command).
const QStringList OwnRunOptions {QStringLiteral("url"), QStringLiteral("model"), QStringLiteral("gpu"),
    QStringLiteral("gpus"), QStringLiteral("json"), QStringLiteral("db"), QStringLiteral("api-key"),
    QStringLiteral("api-key-file"), QStringLiteral("engine"), QStringLiteral("dry-run")};

#ifdef Q_OS_UNIX
int g_launchSignalPipe[2] = {-1, -1};
void onLaunchSignal(int)
{
    const char c = 1;
    const auto n = ::write(g_launchSignalPipe[1], &c, 1);
    (void)n;
}
#endif

/// Ctrl-C and SIGTERM as a Qt signal: the handler only writes to a socket, the event loop does the rest.
class Interrupts
{
public:
    Interrupts()
    {
#ifdef Q_OS_UNIX
        if (g_launchSignalPipe[0] < 0 && ::socketpair(AF_UNIX, SOCK_STREAM, 0, g_launchSignalPipe) != 0)
            return;
        m_notifier = std::make_unique<QSocketNotifier>(g_launchSignalPipe[0], QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [this] {
            char c = 0;
            const auto n = ::read(g_launchSignalPipe[0], &c, 1);
            (void)n;
            m_count++;
            if (m_onInterrupt)
                m_onInterrupt();
        });
        install();
#endif
    }
    ~Interrupts()
    {
#ifdef Q_OS_UNIX
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
#endif
    }
    Interrupts(const Interrupts&) = delete;
    Interrupts& operator=(const Interrupts&) = delete;

    /// Puts the handlers back after something else (the run) replaced them.
    static void install()
    {
#ifdef Q_OS_UNIX
        std::signal(SIGINT, onLaunchSignal);
        std::signal(SIGTERM, onLaunchSignal);
#endif
    }
    void onInterrupt(std::function<void()> f)
    {
        m_onInterrupt = std::move(f);
    }
    int count() const
    {
        return m_count;
    }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    std::function<void()> m_onInterrupt;
    int m_count = 0;
};

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

/// A GPU nvidia-smi sees on this machine, for when --gpu names none: its name and memory are all the estimate needs.
std::optional<GpuSpec> localGpu()
{
    const QString smi = QStandardPaths::findExecutable(QStringLiteral("nvidia-smi"));
    if (smi.isEmpty())
        return std::nullopt;
    QProcess p;
    p.start(smi, {QStringLiteral("--query-gpu=name,memory.total"), QStringLiteral("--format=csv,noheader,nounits")});
    if (!p.waitForFinished(10'000) || p.exitCode() != 0)
        return std::nullopt;
    const QStringList first = QString::fromUtf8(p.readAllStandardOutput()).split(u'\n').value(0).split(u',');
    bool ok = false;
    const double mib = first.value(1).trimmed().toDouble(&ok);
    if (first.size() != 2 || !ok || mib <= 0)
        return std::nullopt;
    GpuSpec gpu;
    gpu.id = QStringLiteral("local");
    gpu.name = first.value(0).trimmed();
    gpu.memoryGib = mib / 1024.0; // nvidia-smi counts MiB of what the driver exposes
    gpu.memoryGb = mib * 1024.0 * 1024.0 / 1e9;
    gpu.memorySource = QStringLiteral("nvidia-smi memory.total");
    return gpu;
}

bool portFree(const QString& host, int port, int* chosen)
{
    QTcpServer probe;
    const QHostAddress address = host == u"0.0.0.0" ? QHostAddress(QHostAddress::AnyIPv4) : QHostAddress(host);
    if (!probe.listen(address, quint16(port)))
        return false;
    *chosen = probe.serverPort();
    return true;
}

/// The memory check of either engine, as the command prints it.
struct MemoryCheck
{
    bool fits = false;
    QString summary;
    QString refusal;
    QJsonObject facts; ///< the estimate's parts in MiB, kept with the run beside what the server reported
};

double mib(double bytes)
{
    return std::round(bytes / (1024.0 * 1024.0) * 10) / 10;
}

/// A GGUF file in the Hugging Face cache, as `huggingface-cli download ORG/NAME FILE --revision REV` leaves it:
/// hub/models--ORG--NAME/snapshots/<commit>/FILE, a branch or tag resolved through refs/.
QString ggufFromHubCache(const QString& model, const QString& revision, const QString& file, QString* error)
{
    const QString home = qEnvironmentVariable("HF_HOME", QDir::homePath() + QStringLiteral("/.cache/huggingface"));
    const QString repo = home + QStringLiteral("/hub/models--") + QString(model).replace(u'/', QStringLiteral("--"));
    QString commit = revision;
    static const QRegularExpression hash(QStringLiteral("^[0-9a-f]{40}$"));
    // A branch or tag names a file under refs/ whose text is the commit: neither may lead out of the repository.
    if (!hash.match(revision).hasMatch() && !revision.contains(QStringLiteral(".."))) {
        QFile ref(repo + QStringLiteral("/refs/") + revision);
        if (ref.open(QIODevice::ReadOnly))
            commit = QString::fromLatin1(ref.read(64)).trimmed();
    }
    const QString path = repo + QStringLiteral("/snapshots/") + commit + u'/' + file;
    if (!hash.match(commit).hasMatch() || !QFileInfo::exists(path)) {
        *error = QStringLiteral("%1 of %2 at revision %3 is not in the Hugging Face cache (%4). Download it first "
                                "with: huggingface-cli download %2 %1 --revision %3")
                     .arg(file, model, revision, home);
        return {};
    }
    return QFileInfo(path).canonicalFilePath();
}

/// llama.cpp: the GGUF file, its estimate against the GPU's or this machine's memory, and the plan's file fields.
MemoryCheck checkLlamaCpp(LaunchPlan& plan, const std::optional<GpuSpec>& gpu)
{
    QString error;
    const std::optional<GgufModel> model = GgufModel::read(plan.ggufPath, &error);
    if (!model)
        throw UsageError {error};
    plan.ggufBytes = model->fileBytes;
    // The run keeps the file's name only; the note lets its analysis find the file again (GgufModel::recall).
    GgufModel::remember(plan.ggufPath, model->fileBytes);
    LlamaMemoryEstimate::Inputs in;
    in.model = *model;
    in.ctxSize = plan.engineArg(QStringLiteral("--ctx-size")).toLongLong();
    if (const QString k = plan.engineArg(QStringLiteral("--cache-type-k")); !k.isEmpty())
        in.cacheTypeK = k;
    if (const QString v = plan.engineArg(QStringLiteral("--cache-type-v")); !v.isEmpty())
        in.cacheTypeV = v;
    if (const QString u = plan.engineArg(QStringLiteral("--ubatch-size")); !u.isEmpty())
        in.ubatchSize = u.toLongLong();
    const QString layers = plan.engineArg(QStringLiteral("--n-gpu-layers"));
    in.gpuLayers = layers.isEmpty() ? -1 : layers.toInt();
    // On a GPU when layers go there (llama-server's default when it has one); otherwise in this machine's memory.
    if (gpu && in.gpuLayers != 0) {
        in.memory = {QStringLiteral("the memory of one %1").arg(gpu->name), gpu->memoryBytes(), true};
    } else if (const auto host = LlamaMemoryEstimate::hostMemory()) {
        in.memory = *host;
    } else {
        return {true,
            QStringLiteral("%1: %2 of weights; this machine's free memory is not known here, so the fit is not "
                           "checked")
                .arg(model->name, LlamaMemoryEstimate::size(double(model->weightBytes))),
            {}, {}};
    }
    const LlamaMemoryEstimate e = LlamaMemoryEstimate::of(in);
    const QJsonObject facts {{QStringLiteral("need_mib"), mib(e.needBytes)},
        {QStringLiteral("weights_mib"), mib(e.weightBytes)}, {QStringLiteral("kv_cache_mib"), mib(e.kvBytes)},
        {QStringLiteral("compute_mib"), mib(e.computeBytes)}, {QStringLiteral("reserve_mib"), mib(e.reserveBytes)},
        {QStringLiteral("ctx_size"), double(e.ctxSize)}, {QStringLiteral("against"), in.memory.label},
        {QStringLiteral("available_mib"), mib(in.memory.bytes)}};
    return {e.fits, e.summary(), e.refusal(), facts};
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
        "executable, and containers need a pinned --image of llama.cpp's server.\n");
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
        valueOption("runtime", "docker, podman or local.", "KIND", "docker"),
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
        valueOption("dcgm-url", "A DCGM exporter's /metrics, for peak VRAM when the GPU is not local.", "URL"),
        flagOption("then-run", "Run the sweep against the server once it is proven, then stop it."),
        flagOption("dry-run", "Print the memory estimate and the exact command; start nothing."),
        flagOption("cleanup", "Remove servers that launches of crashed Kneepoint processes left behind, then exit."),
        flagOption("json", "Print the result as JSON."),
    };
    list << dbOption() << runPassThroughOptions();
    return list;
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

    // Which engine, and what it serves.
    LaunchPlan plan;
    const QString engineName = p.value(QStringLiteral("engine"));
    if (engineName == u"llamacpp" || engineName == u"llama.cpp")
        plan.engine = LaunchEngine::LlamaCpp;
    else if (engineName != u"vllm")
        throw UsageError {QStringLiteral("--engine is vllm or llamacpp, not '%1'.").arg(engineName)};
    const bool llama = plan.engine == LaunchEngine::LlamaCpp;
    for (const char* vllmOnly : {"max-model-len", "gpu-memory-utilization", "kv-cache-dtype", "model-config"}) {
        if (llama && p.isSet(QString::fromLatin1(vllmOnly)))
            throw UsageError {QStringLiteral("--%1 is for vLLM; llama.cpp takes --ctx-size and --engine-arg "
                                             "--cache-type-k=q8_0 --engine-arg --cache-type-v=q8_0.")
                                  .arg(QString::fromLatin1(vllmOnly))};
    }
    for (const char* llamaOnly : {"gguf", "ctx-size"}) {
        if (!llama && p.isSet(QString::fromLatin1(llamaOnly)))
            throw UsageError {QStringLiteral("--%1 is for --engine llamacpp; vLLM takes --model, --revision and "
                                             "--max-model-len.")
                                  .arg(QString::fromLatin1(llamaOnly))};
    }
    const QString model = p.value(QStringLiteral("model"));
    static const QRegularExpression repoId(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$"));
    const QString gguf = p.value(QStringLiteral("gguf"));
    if (llama && model.isEmpty()) {
        if (gguf.isEmpty())
            throw UsageError {QStringLiteral("--engine llamacpp needs --gguf FILE (a GGUF file on this machine), or "
                                             "--model ORG/NAME --revision REV --gguf FILE.gguf from the Hugging Face "
                                             "cache.")};
        const QFileInfo file(gguf);
        if (!file.isFile())
            throw UsageError {QStringLiteral("--gguf: there is no file %1.").arg(gguf)};
        plan.ggufPath = file.canonicalFilePath();
    } else if (!repoId.match(model).hasMatch()) {
        throw UsageError {QStringLiteral("--model takes a Hugging Face id ORG/NAME, such as "
                                         "meta-llama/Llama-3.1-8B-Instruct%1.")
                              .arg(model.isEmpty() ? QString() : QStringLiteral(", not '%1'").arg(model))};
    }
    const QString revision = p.value(QStringLiteral("revision"));
    static const QRegularExpression revisionText(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$"));
    if (!model.isEmpty() && !revisionText.match(revision).hasMatch())
        throw UsageError {QStringLiteral("--revision is required: a commit hash (best), branch or tag of the model.")};
    if (llama && !model.isEmpty()) {
        static const QRegularExpression fileName(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*\\.gguf$"));
        if (!fileName.match(gguf).hasMatch())
            throw UsageError {QStringLiteral("With --model, --gguf names the file in the repository, such as "
                                             "model-Q4_K_M.gguf%1.")
                                  .arg(gguf.isEmpty() ? QString() : QStringLiteral(", not '%1'").arg(gguf))};
        QString error;
        plan.ggufPath = ggufFromHubCache(model, revision, gguf, &error);
        if (plan.ggufPath.isEmpty()) {
            io.err << prefix << error << '\n';
            return ExitFailure;
        }
    }
    if (llama)
        plan.engineProgram = QStringLiteral("llama-server");

    plan.model = model;
    plan.revision = revision;
    const QString runtime = p.value(QStringLiteral("runtime"));
    if (runtime == u"docker")
        plan.runtime = LaunchRuntime::Docker;
    else if (runtime == u"podman")
        plan.runtime = LaunchRuntime::Podman;
    else if (runtime == u"local")
        plan.runtime = LaunchRuntime::Local;
    else
        throw UsageError {QStringLiteral("--runtime is docker, podman or local, not '%1'.").arg(runtime)};
    plan.gpus = option::integer(p, QStringLiteral("gpus"), 1, 64);
    plan.gpuDevices = p.value(QStringLiteral("gpu-devices"));
    static const QRegularExpression devices(QStringLiteral("^\\d+(,\\d+)*$"));
    if (!plan.gpuDevices.isEmpty() && !devices.match(plan.gpuDevices).hasMatch())
        throw UsageError {
            QStringLiteral("--gpu-devices takes GPU indices such as 0,1, not '%1'.").arg(plan.gpuDevices)};
    plan.host = p.value(QStringLiteral("host"));
    if (QHostAddress(plan.host).isNull())
        throw UsageError {QStringLiteral("--host takes an IP address such as 127.0.0.1, not '%1'.").arg(plan.host)};
    const int wantedPort = option::integer(p, QStringLiteral("port"), 0, 65535);
    const int healthTimeoutS = option::integer(p, QStringLiteral("health-timeout-s"), 1, 24 * 3600);
    if (plan.runtime == LaunchRuntime::Local) {
        if (p.isSet(QStringLiteral("engine-command")))
            plan.engineProgram = p.value(QStringLiteral("engine-command"));
        if (p.isSet(QStringLiteral("image")))
            throw UsageError {QStringLiteral("--image is for the docker and podman runtimes; the local runtime runs "
                                             "--engine-command.")};
    } else {
        if (p.isSet(QStringLiteral("engine-command")))
            throw UsageError {QStringLiteral("--engine-command is for the local runtime; containers run --image.")};
        if (p.isSet(QStringLiteral("image"))) {
            QString error;
            const auto image = ImageReference::parse(p.value(QStringLiteral("image")), &error);
            if (!image)
                throw UsageError {QStringLiteral("--image: ") + error};
            plan.image = *image;
        } else if (llama) {
            throw UsageError {QStringLiteral("--engine llamacpp in a container needs --image, pinned: "
                                             "ghcr.io/ggml-org/llama.cpp:server@sha256:<digest> (or server-cuda for a "
                                             "GPU); docker buildx imagetools inspect shows the digest.")};
        } else {
            plan.image = ImageReference::defaultImage();
            if (!plan.image.pinned())
                throw UsageError {QStringLiteral(
                    "No verified digest is recorded for the default image vllm/vllm-openai:v0.31.0. Look it up with "
                    "'docker buildx imagetools inspect vllm/vllm-openai:v0.31.0' and pass --image "
                    "vllm/vllm-openai@sha256:<digest>.")};
        }
        if (!plan.image.pinned() && !p.isSet(QStringLiteral("allow-unpinned")))
            throw UsageError {QStringLiteral("The image %1 is not pinned by digest, so the same command may start "
                                             "different software tomorrow. Pass --image %2@sha256:<digest> (docker "
                                             "buildx imagetools inspect %1 shows it), or --allow-unpinned to accept "
                                             "that; the report will say so.")
                                  .arg(plan.image.toString(), plan.image.repository)};
        // llama.cpp's container gets the GGUF file's directory alone, read-only, and no token: it downloads nothing.
        if (!llama) {
            plan.hfCache = p.isSet(QStringLiteral("hf-cache"))
                ? p.value(QStringLiteral("hf-cache"))
                : qEnvironmentVariable("HF_HOME", QDir::homePath() + QStringLiteral("/.cache/huggingface"));
            plan.passHfToken = !qEnvironmentVariable("HF_TOKEN").isEmpty();
        }
    }

    // Engine arguments: the shortcuts first, then --engine-arg, each checked against the allow-list.
    const EngineArgAllowList& allowList = llama ? EngineArgAllowList::llamaServer() : EngineArgAllowList::builtIn();
    QStringList requested;
    for (const char* shortcut : {"max-model-len", "gpu-memory-utilization", "kv-cache-dtype", "ctx-size"}) {
        const QString name = QString::fromLatin1(shortcut);
        if (p.isSet(name))
            requested << QStringLiteral("--%1=%2").arg(name, p.value(name));
    }
    requested << p.values(QStringLiteral("engine-arg"));
    for (const QString& text : std::as_const(requested)) {
        QString error;
        const auto arg = allowList.check(text, &error);
        if (!arg)
            throw UsageError {error};
        const QString positive
            = arg->flag.startsWith(QStringLiteral("--no-")) ? QStringLiteral("--") + arg->flag.mid(5) : arg->flag;
        for (const EngineArg& earlier : std::as_const(plan.engineArgs)) {
            const QString other = earlier.flag.startsWith(QStringLiteral("--no-"))
                ? QStringLiteral("--") + earlier.flag.mid(5)
                : earlier.flag;
            if (other == positive)
                throw UsageError {QStringLiteral("%1 is given twice.").arg(positive)};
        }
        plan.engineArgs << *arg;
    }
    const QString tpArg = plan.engineArg(QStringLiteral("--tensor-parallel-size"));
    if (!tpArg.isEmpty() && tpArg.toInt() != plan.gpus) {
        if (p.isSet(QStringLiteral("gpus")))
            throw UsageError {
                QStringLiteral("--gpus %1 and --tensor-parallel-size %2 disagree.").arg(plan.gpus).arg(tpArg)};
        plan.gpus = tpArg.toInt();
    }
    plan.servedModelName = plan.engineArg(QStringLiteral("--served-model-name"));
    if (plan.servedModelName.isEmpty())
        plan.servedModelName = model.isEmpty() ? QFileInfo(plan.ggufPath).completeBaseName() : model;

    // The memory estimate, before any GPU time is spent.
    std::optional<GpuSpec> gpu;
    if (p.isSet(QStringLiteral("gpu"))) {
        gpu = Catalog::forUser().gpu(p.value(QStringLiteral("gpu")));
        if (!gpu)
            throw UsageError {QStringLiteral("--gpu '%1' is not in the catalog; kneepoint gpus lists the ids.")
                                  .arg(p.value(QStringLiteral("gpu")))};
    } else {
        gpu = localGpu();
        // llama.cpp runs on the CPU too; vLLM's estimate needs the GPU.
        if (!gpu && !llama)
            throw UsageError {QStringLiteral("Which GPU? nvidia-smi is not available here: pass --gpu ID (kneepoint "
                                             "gpus lists them) so that the memory estimate can run.")};
    }
    MemoryCheck memory;
    if (llama) {
        memory = checkLlamaCpp(plan, gpu);
    } else {
        ResolveOptions resolveOptions;
        resolveOptions.configPath = p.value(QStringLiteral("model-config"));
        const ModelResolution resolution = ModelResolver::resolve(model, resolveOptions);
        if (!resolution.model) {
            io.err << prefix << "no memory estimate is possible without the model's geometry: " << resolution.error
                   << " Pass --model-config with its config.json.\n";
            return ExitFailure;
        }
        VramEstimate::Inputs in;
        in.model = *resolution.model;
        in.gpu = *gpu;
        in.tensorParallel = plan.gpus;
        in.maxModelLen = plan.engineArg(QStringLiteral("--max-model-len")).toInt();
        in.kvCacheDtype = plan.engineArg(QStringLiteral("--kv-cache-dtype"));
        if (in.kvCacheDtype.isEmpty())
            in.kvCacheDtype = QStringLiteral("auto");
        if (const QString util = plan.engineArg(QStringLiteral("--gpu-memory-utilization")); !util.isEmpty())
            in.gpuMemoryUtilization = util.toDouble();
        in.quantization = plan.engineArg(QStringLiteral("--quantization"));
        const VramEstimate estimate = VramEstimate::of(in);
        constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
        const QJsonObject facts {{QStringLiteral("need_mib"), mib(estimate.needGib * GiB)},
            {QStringLiteral("weights_mib"), mib(estimate.weightsGib * GiB)},
            {QStringLiteral("kv_cache_mib"), mib(estimate.kvGib * GiB)},
            {QStringLiteral("reserve_mib"), mib(estimate.overheadGib * GiB)},
            {QStringLiteral("against"), QStringLiteral("the usable memory of one %1").arg(gpu->name)},
            {QStringLiteral("available_mib"), mib(estimate.usableGib * GiB)}};
        memory = {estimate.fits, estimate.summary(), estimate.refusal(), facts};
    }
    if (!memory.fits) {
        io.err << prefix << memory.refusal << '\n';
        return ExitFailure;
    }

    // Run options are checked now, so that a typo does not cost a start-up.
    QStringList runArgs;
    std::unique_ptr<RunStore> store;
    const bool thenRun = p.isSet(QStringLiteral("then-run"));
    const QList<QCommandLineOption> runOptions = RunCommand().options();
    auto runHas = [&runOptions](const QString& name) {
        for (const QCommandLineOption& o : runOptions) {
            if (o.names().contains(name))
                return true;
        }
        return false;
    };
    for (const QCommandLineOption& o : runPassThroughOptions()) {
        const QString name = o.names().first();
        if (!p.isSet(name))
            continue;
        if (!thenRun)
            throw UsageError {QStringLiteral("--%1 is an option of the sweep: add --then-run.").arg(name)};
        if (o.valueName().isEmpty())
            runArgs << u"--" + name;
        else
            for (const QString& v : p.values(name))
                runArgs << u"--" + name << v;
    }
    if (p.isSet(QStringLiteral("gpu")))
        runArgs << QStringLiteral("--gpu") << p.value(QStringLiteral("gpu"));
    if (runHas(QStringLiteral("gpus")))
        runArgs << QStringLiteral("--gpus") << QString::number(plan.gpus);

    plan.id = QUuid::createUuid().toString(QUuid::Id128).left(12);
    plan.port = wantedPort == 0 ? 8000 : wantedPort;
    const bool json = p.isSet(QStringLiteral("json"));
    const LaunchCommandLine command = LaunchCommandBuilder::build(plan);
    // "Fits" is about memory; whether it can start is the runtime's to say, so it is asked before either claim.
    const RuntimeCheck answered = RuntimeCheck::of(plan);
    if (!answered.ok) {
        io.out << "Memory: " << memory.summary << ": fits.\n";
        io.err << prefix << "the model fits, but nothing can start: " << answered.sentence << '\n';
        return ExitFailure;
    }
    if (p.isSet(QStringLiteral("dry-run"))) {
        io.out << "Memory: " << memory.summary << ": fits.\n";
        io.out << "Runtime: " << answered.sentence << '\n';
        io.out << "Image: "
               << (plan.runtime == LaunchRuntime::Local ? QStringLiteral("none (local runtime)")
                                                        : plan.image.toString()
                              + (plan.image.pinned() ? QStringLiteral(" (pinned)") : QStringLiteral(" (NOT pinned)")))
               << '\n';
        io.out << "Command: " << LaunchCommandBuilder::display(command) << '\n';
        return ExitOk;
    }
    if (thenRun) {
        QString error;
        store = openStore(p, &error);
        if (!store) {
            io.err << prefix << error << '\n';
            return ExitFailure;
        }
    }

    for (const QString& s : cleanUpStaleLaunches())
        io.err << s << '\n';
    int port = 0;
    if (!portFree(plan.host, wantedPort, &port)) {
        io.err << prefix << "port " << wantedPort << " on " << plan.host
               << " is in use: pass --port with a free one (or --port 0 for any).\n";
        return ExitFailure;
    }
    plan.port = port;
    // The sweep's options, parsed by `kneepoint run`'s own code before anything starts, so that a typo costs no
    // start-up.
    RunOptions runOptionsValue;
    if (thenRun) {
        QCommandLineParser runParser;
        runParser.addOptions(runOptions);
        QUrl url;
        url.setScheme(QStringLiteral("http"));
        url.setHost(plan.host == u"0.0.0.0" ? QStringLiteral("127.0.0.1") : plan.host);
        url.setPort(plan.port);
        const QStringList runCommandLine = QStringList {QStringLiteral("kneepoint run"), QStringLiteral("--url"),
                                               url.toString(), QStringLiteral("--model"), plan.servedModelName}
            + runArgs;
        if (!runParser.parse(runCommandLine))
            throw UsageError {runParser.errorText()};
        runOptionsValue = RunCommand::optionsFrom(runParser);
    }
    // Docker would create a missing cache directory owned by root.
    if (!plan.hfCache.isEmpty())
        QDir().mkpath(plan.hfCache);
    if (!plan.image.pinned() && plan.runtime != LaunchRuntime::Local)
        io.err << "Warning: the image " << plan.image.toString() << " is not pinned by digest (--allow-unpinned).\n";
    static const QRegularExpression commit(QStringLiteral("^[0-9a-f]{40}$"));
    if (!plan.model.isEmpty() && !commit.match(plan.revision).hasMatch())
        io.err << "Note: --revision " << plan.revision
               << " is a branch or tag, which can move; a 40-character commit hash pins the weights.\n";
    if (!QHostAddress(plan.host).isLoopback())
        io.err << "Warning: the server will listen on " << plan.host
               << ", reachable from other machines, and it has no API key.\n";
    io.err << "Memory: " << memory.summary << ": fits.\n";
    io.err << "Runtime: " << answered.sentence << '\n';

    ServerLauncher::Options launcherOptions;
    launcherOptions.healthTimeoutMs = healthTimeoutS * 1000;
    launcherOptions.logPath = LaunchRecord::directory() + u'/' + plan.id + QStringLiteral(".log");
    ServerLauncher launcher(plan, launcherOptions);
    Interrupts interrupts;
    QEventLoop loop;
    bool ok = false;
    QString failure;
    QObject::connect(
        &launcher, &ServerLauncher::stageChanged, &loop, [&io](ServerLauncher::Stage stage, const QString& detail) {
            if (stage == ServerLauncher::Stage::Failed || stage == ServerLauncher::Stage::Ready)
                return;
            io.err << ServerLauncher::stageName(stage) << (detail.isEmpty() ? QString() : u": " + detail) << '\n';
            io.err.flush();
        });
    QObject::connect(&launcher, &ServerLauncher::progress, &loop, [&io](const QString& what) {
        io.err << "  " << what << '\n';
        io.err.flush();
    });
    QObject::connect(&launcher, &ServerLauncher::ready, &loop, [&] {
        ok = true;
        loop.quit();
    });
    QObject::connect(&launcher, &ServerLauncher::failed, &loop, [&](const QString& sentence) {
        failure = sentence;
        loop.quit();
    });
    QObject::connect(&launcher, &ServerLauncher::exitedUnexpectedly, &loop, [&](const QString& sentence) {
        failure = sentence;
        loop.quit();
    });
    interrupts.onInterrupt([&] {
        io.err << "\nStopping: the server is being stopped and removed.\n";
        io.err.flush();
        loop.quit();
    });
    QTimer::singleShot(0, &launcher, &ServerLauncher::start);
    loop.exec();
    if (!ok) {
        launcher.stop();
        if (interrupts.count() > 0 && failure.isEmpty())
            return ExitInterrupted;
        io.err << prefix << failure << '\n'
               << "No load was applied. The whole log: " << launcherOptions.logPath << '\n';
        return ExitFailure;
    }

    const QString url = launcher.baseUrl().toString();
    io.err << QStringLiteral("Proven: /health, /v1/models and a greedy smoke test passed; started in %1 s.\n")
                  .arg(launcher.startupSeconds(), 0, 'f', 1);
    io.err.flush();
    QJsonObject launchFacts = launcher.facts();
    launchFacts[QStringLiteral("memory_estimate")] = memory.facts;
    VramSampler vram(QUrl(p.value(QStringLiteral("dcgm-url"))), plan.gpuDevices);
    vram.start();

    if (!thenRun) {
        io.out << QStringLiteral("ready at %1 (started in %2 s); press Ctrl+C to stop and remove it\n")
                      .arg(url)
                      .arg(launcher.startupSeconds(), 0, 'f', 1);
        io.out.flush();
        loop.exec(); // until Ctrl-C, SIGTERM or the server's own end
        vram.stop();
        launcher.stop();
        const QJsonObject peaks = vram.toJson();
        for (auto it = peaks.begin(); it != peaks.end(); ++it)
            launchFacts.insert(it.key(), it.value());
        if (json)
            io.out << QJsonDocument(launchFacts).toJson(QJsonDocument::Indented);
        else
            io.out << describeLaunchFacts(launchFacts);
        if (!failure.isEmpty()) {
            io.err << prefix << failure << '\n';
            return ExitFailure;
        }
        return ExitOk;
    }

    // The sweep, with the run's own Ctrl-C handling.
    qint64 newestBefore = -1;
    for (const RunSummary& r : store->runs())
        newestBefore = std::max(newestBefore, r.id);
    QString runOutput;
    QTextStream runOut(&runOutput);
    CommandIo runIo {json ? runOut : io.out, io.err};
    const int code = RunCommand::execute(runOptionsValue, QByteArray(), store.get(), json, runIo);
    Interrupts::install();
    runOut.flush();
    vram.stop();

    // What the launch learnt goes with the run: start-up, KV cache, image and digest, peaks.
    qint64 runId = -1;
    for (const RunSummary& r : store->runs()) {
        if (r.id > newestBefore && (runId < 0 || r.id < runId))
            runId = r.id;
    }
    const QJsonObject peaks = vram.toJson();
    for (auto it = peaks.begin(); it != peaks.end(); ++it)
        launchFacts.insert(it.key(), it.value());
    if (runId >= 0) {
        if (const auto stored = store->run(runId)) {
            double kvPeak = -1;
            for (const StoredStep& step : stored->steps) {
                for (const StoredMetricsSample& s : store->metricsSamples(step.id))
                    kvPeak = std::max(kvPeak, s.values.value(u"kvUsage").toDouble(-1));
            }
            if (kvPeak >= 0)
                launchFacts[QStringLiteral("kv_cache_peak_usage")] = kvPeak;
            QJsonObject facts = stored->info.facts;
            facts[QStringLiteral("launch")] = launchFacts;
            QString error;
            if (!store->updateFacts(runId, facts, &error))
                io.err << prefix << error << '\n';
        }
    }
    launcher.stop();
    if (json) {
        QJsonObject doc = QJsonDocument::fromJson(runOutput.toUtf8()).object();
        doc[QStringLiteral("launch")] = launchFacts;
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
    } else {
        io.out << '\n' << describeLaunchFacts(launchFacts);
    }
    io.err << "The server was stopped and removed.\n";
    return code;
}

} // namespace kp::core
