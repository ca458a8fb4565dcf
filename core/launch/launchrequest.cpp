// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchrequest.h"

#include "core/catalog/catalog.h"
#include "core/catalog/ggufmodel.h"
#include "core/catalog/modelresolver.h"
#include "core/common/kneepointbinary.h"
#include "core/launch/engineargallowlist.h"
#include "core/launch/imagereference.h"
#include "core/launch/llamamemoryestimate.h"
#include "core/launch/vramestimate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUuid>

#include <cmath>

namespace kp::core {

namespace {

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

/// The memory check of either engine.
struct MemoryCheck
{
    bool fits = false;
    QString summary;
    QString refusal;
    bool badInput = false; ///< the refusal is about the file that was named, not about memory
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
        return {false, {}, error, true, {}};
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
    // Slots, batch and attention size the compute buffer, and the slots the context llama-server gives by default.
    if (const QString b = plan.engineArg(QStringLiteral("--batch-size")); !b.isEmpty())
        in.batchSize = b.toLongLong();
    if (const QString n = plan.engineArg(QStringLiteral("--parallel")); !n.isEmpty())
        in.parallel = n.toInt();
    for (const EngineArg& a : plan.engineArgs) {
        if (a.flag == u"--kv-unified" || a.flag == u"--no-kv-unified")
            in.kvUnified = a.flag == u"--kv-unified"; // the last one given, as llama-server takes it
    }
    in.flashAttention = plan.engineArg(QStringLiteral("--flash-attn")) != u"off";
    const QString layers = plan.engineArg(QStringLiteral("--n-gpu-layers"));
    in.gpuLayers = layers.isEmpty() ? -1 : layers.toInt();
    if (const QString cacheRam = plan.engineArg(QStringLiteral("--cache-ram")); !cacheRam.isEmpty())
        in.cacheRamMiB = cacheRam.toLongLong();
    // On a GPU when layers go there (llama-server's default when it has one); otherwise in this machine's memory.
    if (gpu && in.gpuLayers != 0) {
        in.memory = {QStringLiteral("the memory of one %1").arg(gpu->name), gpu->memoryBytes(), true};
        in.host = LlamaMemoryEstimate::hostMemory(); // the host prompt cache's
    } else if (const auto host = LlamaMemoryEstimate::hostMemory()) {
        in.memory = *host;
    } else {
        return {true,
            QStringLiteral("%1: %2 of weights; this machine's free memory is not known here, so the fit is not "
                           "checked")
                .arg(model->name, LlamaMemoryEstimate::size(double(model->weightBytes))),
            {}, false, {}};
    }
    const LlamaMemoryEstimate e = LlamaMemoryEstimate::of(in);
    const QJsonObject facts {{QStringLiteral("need_mib"), mib(e.needBytes)},
        {QStringLiteral("weights_mib"), mib(e.weightBytes)}, {QStringLiteral("kv_cache_mib"), mib(e.kvBytes)},
        {QStringLiteral("compute_mib"), mib(e.computeBytes)}, {QStringLiteral("reserve_mib"), mib(e.reserveBytes)},
        {QStringLiteral("host_prompt_cache_mib"), mib(e.hostCacheBytes)},
        {QStringLiteral("ctx_size"), double(e.ctxSize)}, {QStringLiteral("against"), in.memory.label},
        {QStringLiteral("available_mib"), mib(in.memory.bytes)}};
    return {e.fits, e.summary(), e.refusal(), false, facts};
}

/// An engine argument's flag without its "--no-" form: --enable-x and --no-enable-x are the same argument.
QString positiveFlag(const QString& flag)
{
    return flag.startsWith(QStringLiteral("--no-")) ? QStringLiteral("--") + flag.mid(5) : flag;
}

} // namespace

namespace {

// What the user changes for `option`: the option itself on the command line, the launch dialog's field in a form.
QString optionName(const char* option, LaunchRequest::Wording wording)
{
    if (wording == LaunchRequest::Wording::CommandLine)
        return QStringLiteral("--") + QString::fromLatin1(option);
    static const std::pair<const char*, const char*> fields[] = {
        {"model", QT_TRANSLATE_NOOP("LaunchRequest", "“Model”")},
        {"revision", QT_TRANSLATE_NOOP("LaunchRequest", "“Revision”")},
        {"gguf", QT_TRANSLATE_NOOP("LaunchRequest", "“GGUF file”")},
        {"image", QT_TRANSLATE_NOOP("LaunchRequest", "“Image”")},
        {"allow-unpinned", QT_TRANSLATE_NOOP("LaunchRequest", "“Allow an image without a digest”")},
        {"gpus", QT_TRANSLATE_NOOP("LaunchRequest", "the number of GPUs")},
        {"gpu", QT_TRANSLATE_NOOP("LaunchRequest", "“GPU”")},
        {"port", QT_TRANSLATE_NOOP("LaunchRequest", "“Port”")},
        {"engine-command", QT_TRANSLATE_NOOP("LaunchRequest", "“Server executable”")},
    };
    for (const auto& [key, field] : fields) {
        if (qstrcmp(key, option) == 0)
            return QCoreApplication::translate("LaunchRequest", field);
    }
    return QStringLiteral("--") + QString::fromLatin1(option);
}

} // namespace

std::optional<LaunchRequest::Refusal> LaunchRequest::planModel(
    LaunchPlan& plan, Wording wording, std::optional<ModelSpec>* simulatedModel) const
{
    const auto usage = [](const QString& sentence) { return std::optional<Refusal>(Refusal {sentence, true}); };
    const auto option = [wording](const char* name) { return optionName(name, wording); };
    const bool form = wording == Wording::Form;
    const bool llama = engine == LaunchEngine::LlamaCpp;
    const auto refuse = [](const QString& sentence, bool usageError) {
        return std::optional<Refusal>(Refusal {sentence, usageError});
    };
    const std::pair<const char*, const QString*> vllmOnly[]
        = {{"max-model-len", &maxModelLen}, {"gpu-memory-utilization", &gpuMemoryUtilization},
            {"kv-cache-dtype", &kvCacheDtype}, {"model-config", &modelConfig}};
    for (const auto& [name, value] : vllmOnly) {
        if (llama && !value->isEmpty())
            return usage(QStringLiteral("--%1 is for vLLM; llama.cpp takes --ctx-size and --engine-arg "
                                        "--cache-type-k=q8_0 --engine-arg --cache-type-v=q8_0.")
                             .arg(QString::fromLatin1(name)));
    }
    const std::pair<const char*, const QString*> llamaOnly[] = {{"gguf", &gguf}, {"ctx-size", &ctxSize}};
    for (const auto& [name, value] : llamaOnly) {
        if (!llama && !value->isEmpty())
            return usage(QStringLiteral("--%1 is for --engine llamacpp; vLLM takes --model, --revision and "
                                        "--max-model-len.")
                             .arg(QString::fromLatin1(name)));
    }
    // The simulated runtime stands in for vLLM with a model of the catalog: it downloads nothing and needs no GPU.
    const bool simulated = runtime == LaunchRuntime::Simulated;
    static const QRegularExpression repoId(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$"));
    if (simulated && llama) {
        return usage(QCoreApplication::translate("LaunchRequest",
            "The simulated runtime stands in for vLLM only: start llama.cpp with the local runtime or in a "
            "container."));
    } else if (simulated) {
        *simulatedModel = Catalog::forUser().model(model);
        if (!*simulatedModel)
            return usage(model.isEmpty()
                    ? QCoreApplication::translate("LaunchRequest",
                        "%1: the simulated server models a model of the catalog, such as "
                        "meta-llama/Llama-3.1-8B-Instruct (kneepoint models lists them).")
                          .arg(option("model"))
                    : QCoreApplication::translate("LaunchRequest",
                        "%1: the simulated server models the catalog's models only (kneepoint models lists them), "
                        "and '%2' is not one of them.")
                          .arg(option("model"), model));
    } else if (llama && model.isEmpty()) {
        if (gguf.isEmpty())
            return usage(form ? QCoreApplication::translate("LaunchRequest",
                             "llama.cpp needs a GGUF file: one on this machine under “GGUF file”, or one "
                             "from the Hugging Face cache by its model, revision and file name.")
                              : QStringLiteral("--engine llamacpp needs --gguf FILE (a GGUF file on this machine), "
                                               "or --model ORG/NAME --revision REV --gguf FILE.gguf from the Hugging "
                                               "Face cache."));
        const QFileInfo file(gguf);
        if (!file.isFile())
            return usage(
                QCoreApplication::translate("LaunchRequest", "%1: there is no file %2.").arg(option("gguf"), gguf));
        plan.ggufPath = file.canonicalFilePath();
    } else if (!repoId.match(model).hasMatch()) {
        return usage(model.isEmpty()
                ? QCoreApplication::translate(
                    "LaunchRequest", "%1 takes a Hugging Face id ORG/NAME, such as meta-llama/Llama-3.1-8B-Instruct.")
                      .arg(option("model"))
                : QCoreApplication::translate("LaunchRequest",
                    "%1 takes a Hugging Face id ORG/NAME, such as meta-llama/Llama-3.1-8B-Instruct, not '%2'.")
                      .arg(option("model"), model));
    }
    static const QRegularExpression revisionText(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._/-]{0,127}$"));
    // A simulated model has no weights to pin.
    if (!simulated && !model.isEmpty() && !revisionText.match(revision).hasMatch())
        return usage(QCoreApplication::translate(
            "LaunchRequest", "%1 is required: a commit hash (best), branch or tag of the model.")
                         .arg(option("revision")));
    if (llama && !model.isEmpty()) {
        static const QRegularExpression fileName(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*\\.gguf$"));
        if (!fileName.match(gguf).hasMatch())
            return usage(gguf.isEmpty()
                    ? QCoreApplication::translate(
                        "LaunchRequest", "With %1, %2 names the file in the repository, such as model-Q4_K_M.gguf.")
                          .arg(option("model"), option("gguf"))
                    : QCoreApplication::translate("LaunchRequest",
                        "With %1, %2 names the file in the repository, such as model-Q4_K_M.gguf, not '%3'.")
                          .arg(option("model"), option("gguf"), gguf));
        QString error;
        plan.ggufPath = ggufFromHubCache(model, revision, gguf, &error);
        if (plan.ggufPath.isEmpty())
            return refuse(error, false);
    }
    if (llama)
        plan.engineProgram = QStringLiteral("llama-server");
    // The simulator reports the Hugging Face id as the model's root, as vLLM does, whichever name it was given.
    plan.model = *simulatedModel ? (*simulatedModel)->hfId : model;
    plan.revision = revision;
    return std::nullopt;
}

std::optional<LaunchRequest::Refusal> LaunchRequest::planRuntime(LaunchPlan& plan, Wording wording) const
{
    const auto usage = [](const QString& sentence) { return std::optional<Refusal>(Refusal {sentence, true}); };
    const auto option = [wording](const char* name) { return optionName(name, wording); };
    const bool form = wording == Wording::Form;
    const bool llama = engine == LaunchEngine::LlamaCpp;
    const bool simulated = runtime == LaunchRuntime::Simulated;
    plan.runtime = runtime;
    if (gpus < 0 || gpus > 64)
        return usage(QCoreApplication::translate("LaunchRequest", "%1 takes a number from 1 to 64, not %2.")
                         .arg(option("gpus"))
                         .arg(gpus));
    plan.gpus = gpus > 0 ? gpus : 1;
    plan.gpuDevices = gpuDevices;
    static const QRegularExpression devices(QStringLiteral("^\\d+(,\\d+)*$"));
    if (!plan.gpuDevices.isEmpty() && !devices.match(plan.gpuDevices).hasMatch())
        return usage(QStringLiteral("--gpu-devices takes GPU indices such as 0,1, not '%1'.").arg(plan.gpuDevices));
    plan.host = host;
    if (QHostAddress(plan.host).isNull())
        return usage(QStringLiteral("--host takes an IP address such as 127.0.0.1, not '%1'.").arg(plan.host));
    if (port < 0 || port > 65535)
        return usage(QCoreApplication::translate("LaunchRequest", "%1 takes a number from 0 to 65535, not %2.")
                         .arg(option("port"))
                         .arg(port));
    if (healthTimeoutS < 1 || healthTimeoutS > 24 * 3600)
        return usage(QStringLiteral("--health-timeout-s takes a number from 1 to 86400, not %1.").arg(healthTimeoutS));
    if (simulated) {
        if (!image.isEmpty() || !engineCommand.isEmpty())
            return usage(QStringLiteral("--image and --engine-command start a real engine; the simulated runtime "
                                        "runs Kneepoint's own simulator."));
        if (plan.gpus > 1)
            return usage(QCoreApplication::translate(
                "LaunchRequest", "The simulated server models one GPU: set %1 to 1, or launch vLLM itself.")
                             .arg(option("gpus")));
        plan.engineProgram = kneepointBinary();
    } else if (plan.runtime == LaunchRuntime::Local) {
        if (!engineCommand.isEmpty())
            plan.engineProgram = engineCommand;
        if (!image.isEmpty())
            return usage(QStringLiteral("--image is for the docker and podman runtimes; the local runtime runs "
                                        "--engine-command."));
    } else {
        if (!engineCommand.isEmpty())
            return usage(QStringLiteral("--engine-command is for the local runtime; containers run --image."));
        if (!image.isEmpty()) {
            QString error;
            const auto parsed = ImageReference::parse(image, &error);
            if (!parsed)
                return usage(QCoreApplication::translate("LaunchRequest", "%1: %2").arg(option("image"), error));
            plan.image = *parsed;
        } else if (llama) {
            return usage(form ? QCoreApplication::translate("LaunchRequest",
                             "llama.cpp in a container needs an image under “Image”, pinned: "
                             "ghcr.io/ggml-org/llama.cpp:server@sha256:<digest> (or server-cuda for a GPU); "
                             "docker buildx imagetools inspect shows the digest.")
                              : QStringLiteral("--engine llamacpp in a container needs --image, pinned: "
                                               "ghcr.io/ggml-org/llama.cpp:server@sha256:<digest> (or server-cuda "
                                               "for a GPU); docker buildx imagetools inspect shows the digest."));
        } else {
            plan.image = ImageReference::defaultImage();
            if (!plan.image.pinned())
                return usage(QCoreApplication::translate("LaunchRequest",
                    "No verified digest is recorded for the default image vllm/vllm-openai:v0.31.0. Look it up with "
                    "'docker buildx imagetools inspect vllm/vllm-openai:v0.31.0' and enter "
                    "vllm/vllm-openai@sha256:<digest> under %1.")
                                 .arg(option("image")));
        }
        if (!plan.image.pinned() && !allowUnpinned)
            return usage(QCoreApplication::translate("LaunchRequest",
                "The image %1 is not pinned by digest, so the same command may start different software tomorrow. "
                "Give %3 as %2@sha256:<digest> (docker buildx imagetools inspect %1 shows it), or choose %4 to accept "
                "that; the report will say so.")
                             .arg(plan.image.toString(), plan.image.repository, option("image"),
                                 option("allow-unpinned")));
        // llama.cpp's container gets the GGUF file's directory alone, read-only, and no token: it downloads nothing.
        if (!llama) {
            plan.hfCache = !hfCache.isEmpty()
                ? hfCache
                : qEnvironmentVariable("HF_HOME", QDir::homePath() + QStringLiteral("/.cache/huggingface"));
            plan.passHfToken = !qEnvironmentVariable("HF_TOKEN").isEmpty();
        }
    }
    return std::nullopt;
}

std::optional<LaunchRequest::Refusal> LaunchRequest::planEngineArgs(LaunchPlan& plan, Wording wording) const
{
    const auto usage = [](const QString& sentence) { return std::optional<Refusal>(Refusal {sentence, true}); };
    const auto option = [wording](const char* name) { return optionName(name, wording); };
    const bool form = wording == Wording::Form;
    const bool llama = engine == LaunchEngine::LlamaCpp;
    const bool simulated = runtime == LaunchRuntime::Simulated;
    const EngineArgAllowList& allowList = llama ? EngineArgAllowList::llamaServer()
        : simulated                             ? EngineArgAllowList::simulator()
                                                : EngineArgAllowList::builtIn();
    QStringList requested;
    const std::pair<const char*, const QString*> shortcuts[] = {{"max-model-len", &maxModelLen},
        {"gpu-memory-utilization", &gpuMemoryUtilization}, {"kv-cache-dtype", &kvCacheDtype}, {"ctx-size", &ctxSize}};
    for (const auto& [name, value] : shortcuts) {
        if (!value->isEmpty())
            requested << QStringLiteral("--%1=%2").arg(QString::fromLatin1(name), *value);
    }
    requested << engineArgs;
    for (const QString& text : std::as_const(requested)) {
        QString error;
        const auto arg = allowList.check(text, &error);
        // A vLLM argument the simulator does not model is named as such, not as one vLLM would refuse.
        QString vllmError;
        if (!arg && simulated && EngineArgAllowList::builtIn().check(text, &vllmError))
            return usage(QCoreApplication::translate("LaunchRequest",
                "%1 is a vLLM argument the simulated server does not model: launch vLLM itself (a container or "
                "the local runtime) to measure it. The simulator takes %2.")
                             .arg(text.section(u'=', 0, 0), EngineArgAllowList::simulator().describeAllowed()));
        if (!arg)
            return usage(error);
        for (const EngineArg& earlier : std::as_const(plan.engineArgs)) {
            if (positiveFlag(earlier.flag) == positiveFlag(arg->flag))
                return usage(QStringLiteral("%1 is given twice.").arg(positiveFlag(arg->flag)));
        }
        plan.engineArgs << *arg;
    }
    const QString tpArg = plan.engineArg(QStringLiteral("--tensor-parallel-size"));
    if (!tpArg.isEmpty() && tpArg.toInt() != plan.gpus) {
        if (gpus > 0)
            return usage(
                QCoreApplication::translate("LaunchRequest", "%1 and --tensor-parallel-size %2 disagree.")
                    .arg(
                        (form ? QStringLiteral("%1 (%2)") : QStringLiteral("%1 %2")).arg(option("gpus")).arg(plan.gpus),
                        tpArg));
        plan.gpus = tpArg.toInt();
    }
    plan.servedModelName = plan.engineArg(QStringLiteral("--served-model-name"));
    if (plan.servedModelName.isEmpty())
        plan.servedModelName = model.isEmpty() ? QFileInfo(plan.ggufPath).completeBaseName() : model;
    return std::nullopt;
}

LaunchPreparation LaunchRequest::prepare(Wording wording) const
{
    LaunchPreparation out;
    out.request = *this;
    const auto refuse = [&out](const QString& sentence, bool usage) {
        out.refusal = sentence;
        out.usageError = usage;
        return out;
    };
    const auto usage = [&refuse](const QString& sentence) { return refuse(sentence, true); };
    const bool form = wording == Wording::Form;

    LaunchPlan& plan = out.plan;
    plan.engine = engine;
    const bool llama = engine == LaunchEngine::LlamaCpp;
    const bool simulated = runtime == LaunchRuntime::Simulated;
    std::optional<ModelSpec> simulatedModel;
    // Each stage in turn, the first refusal the answer: later stages read what earlier ones planned.
    if (std::optional<Refusal> refused = planModel(plan, wording, &simulatedModel))
        return refuse(refused->sentence, refused->usage);
    if (std::optional<Refusal> refused = planRuntime(plan, wording))
        return refuse(refused->sentence, refused->usage);
    if (std::optional<Refusal> refused = planEngineArgs(plan, wording))
        return refuse(refused->sentence, refused->usage);

    // The memory estimate, before any GPU time is spent.
    std::optional<GpuSpec> gpuSpec;
    if (simulated && gpu.isEmpty())
        return usage(form ? QCoreApplication::translate(
                         "LaunchRequest", "Which GPU should the simulated server model? Choose one under “GPU”.")
                          : QStringLiteral("Which GPU should the simulated server model? Pass --gpu ID (kneepoint gpus "
                                           "lists them)."));
    plan.gpu = gpu;
    if (!gpu.isEmpty()) {
        gpuSpec = Catalog::forUser().gpu(gpu);
        if (!gpuSpec)
            return usage(QStringLiteral("--gpu '%1' is not in the catalog; kneepoint gpus lists the ids.").arg(gpu));
    } else {
        gpuSpec = localGpu();
        // llama.cpp runs on the CPU too; vLLM's estimate needs the GPU.
        if (!gpuSpec && !llama)
            return usage(form ? QCoreApplication::translate("LaunchRequest",
                             "Which GPU? nvidia-smi is not available here: choose the server's GPU under "
                             "“GPU” so that the memory estimate can run.")
                              : QStringLiteral("Which GPU? nvidia-smi is not available here: pass --gpu ID (kneepoint "
                                               "gpus lists them) so that the memory estimate can run."));
    }
    MemoryCheck memory;
    if (llama) {
        memory = checkLlamaCpp(plan, gpuSpec);
        if (memory.badInput)
            return usage(memory.refusal);
    } else {
        ResolveOptions resolveOptions;
        resolveOptions.configPath = modelConfig;
        const ModelResolution resolution = ModelResolver::resolve(model, resolveOptions);
        if (!resolution.model)
            return refuse(QStringLiteral("no memory estimate is possible without the model's geometry: %1 Pass "
                                         "--model-config with its config.json.")
                              .arg(resolution.error),
                false);
        VramEstimate::Inputs in;
        in.model = *resolution.model;
        in.gpu = *gpuSpec;
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
            {QStringLiteral("against"), QStringLiteral("the usable memory of one %1").arg(gpuSpec->name)},
            {QStringLiteral("available_mib"), mib(estimate.usableGib * GiB)}};
        memory = {estimate.fits, estimate.summary(), estimate.refusal(), false, facts};
    }
    out.memorySummary = memory.summary;
    out.memoryFacts = memory.facts;
    if (!memory.fits)
        return refuse(memory.refusal, false);
    out.fits = true;

    plan.id = QUuid::createUuid().toString(QUuid::Id128).left(12);
    plan.port = port == 0 ? 8000 : port;
    out.command = LaunchCommandBuilder::build(plan);
    // "Fits" is about memory; whether it can start is the runtime's to say, so it is asked before either claim.
    out.runtime = RuntimeCheck::of(plan);
    if (!out.runtime.ok)
        return refuse(QStringLiteral("the model fits, but nothing can start: ") + out.runtime.sentence, false);

    if (!plan.image.pinned() && launchInContainer(plan.runtime))
        out.warnings << QStringLiteral("Warning: the image %1 is not pinned by digest (--allow-unpinned).")
                            .arg(plan.image.toString());
    static const QRegularExpression commit(QStringLiteral("^[0-9a-f]{40}$"));
    if (!simulated && !plan.model.isEmpty() && !commit.match(plan.revision).hasMatch())
        out.warnings << QStringLiteral("Note: --revision %1 is a branch or tag, which can move; a 40-character commit "
                                       "hash pins the weights.")
                            .arg(plan.revision);
    if (!QHostAddress(plan.host).isLoopback())
        out.warnings << QStringLiteral("Warning: the server will listen on %1, reachable from other machines, and it "
                                       "has no API key.")
                            .arg(plan.host);
    return out;
}

const std::vector<std::pair<const char*, QString LaunchRequest::*>>& LaunchRequest::textOptions()
{
    static const std::vector<std::pair<const char*, QString LaunchRequest::*>> options {
        {"model", &LaunchRequest::model}, {"revision", &LaunchRequest::revision}, {"gguf", &LaunchRequest::gguf},
        {"image", &LaunchRequest::image}, {"engine-command", &LaunchRequest::engineCommand},
        {"gpu", &LaunchRequest::gpu}, {"gpu-devices", &LaunchRequest::gpuDevices},
        {"hf-cache", &LaunchRequest::hfCache}, {"model-config", &LaunchRequest::modelConfig},
        {"max-model-len", &LaunchRequest::maxModelLen},
        {"gpu-memory-utilization", &LaunchRequest::gpuMemoryUtilization},
        {"kv-cache-dtype", &LaunchRequest::kvCacheDtype}, {"ctx-size", &LaunchRequest::ctxSize},
        {"dcgm-url", &LaunchRequest::dcgmUrl}};
    return options;
}

QStringList LaunchRequest::arguments() const
{
    QStringList a {
        QStringLiteral("--engine"), launchEngineName(engine), QStringLiteral("--runtime"), launchRuntimeName(runtime)};
    for (const auto& [name, member] : textOptions()) {
        if (!(this->*member).isEmpty())
            a << QStringLiteral("--") + QString::fromLatin1(name) << this->*member;
    }
    if (allowUnpinned)
        a << QStringLiteral("--allow-unpinned");
    if (gpus > 0)
        a << QStringLiteral("--gpus") << QString::number(gpus);
    if (host != u"127.0.0.1")
        a << QStringLiteral("--host") << host;
    a << QStringLiteral("--port") << QString::number(port);
    for (const QString& arg : engineArgs)
        a << QStringLiteral("--engine-arg") << arg;
    if (healthTimeoutS != 900)
        a << QStringLiteral("--health-timeout-s") << QString::number(healthTimeoutS);
    return a;
}

QStringList LaunchPreparation::checkLines() const
{
    QStringList lines;
    if (!fits)
        return lines;
    lines << QStringLiteral("Memory: %1: fits.").arg(memorySummary);
    if (!runtime.ok)
        return lines;
    lines << QStringLiteral("Runtime: ") + runtime.sentence;
    lines << QStringLiteral("Image: ")
            + (!launchInContainer(plan.runtime)
                    ? QStringLiteral("none (%1 runtime)").arg(launchRuntimeName(plan.runtime))
                    : plan.image.toString()
                        + (plan.image.pinned() ? QStringLiteral(" (pinned)") : QStringLiteral(" (NOT pinned)")));
    lines << QStringLiteral("Command: ") + LaunchCommandBuilder::display(command);
    return lines;
}

} // namespace kp::core
