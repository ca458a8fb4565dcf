// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchcommandbuilder.h"

#include <QRegularExpression>

namespace kp::core {

namespace {

constexpr int ContainerPort = 8000;
constexpr int LlamaContainerPort = 8080; // llama.cpp's server images listen there
// Where the GGUF file's directory is mounted in a llama.cpp container.
QString llamaContainerModels()
{
    return QStringLiteral("/models");
}

QString runtimeProgram(LaunchRuntime runtime)
{
    return runtime == LaunchRuntime::Podman ? QStringLiteral("podman") : QStringLiteral("docker");
}

} // namespace

LaunchCommandLine LaunchCommandBuilder::buildLlamaCpp(const LaunchPlan& plan)
{
    LaunchCommandLine c;
    const bool local = plan.runtime == LaunchRuntime::Local;
    const QString fileName = plan.ggufPath.section(u'/', -1);
    QStringList engine;
    engine << QStringLiteral("--model") << (local ? plan.ggufPath : llamaContainerModels() + u'/' + fileName)
           << QStringLiteral("--host") << (local ? plan.host : QStringLiteral("0.0.0.0")) << QStringLiteral("--port")
           << QString::number(local ? plan.port : LlamaContainerPort) << QStringLiteral("--alias")
           << plan.servedModelName;
    // The sweep scrapes /metrics alongside; llama-server serves it only when asked.
    if (!plan.engineArgs.contains(EngineArg {QStringLiteral("--metrics"), QString(), false}))
        engine << QStringLiteral("--metrics");
    for (const EngineArg& a : plan.engineArgs)
        engine << a.tokens();
    if (local) {
        c.program = plan.engineProgram;
        c.arguments = engine;
        if (!plan.gpuDevices.isEmpty())
            c.environment.append({QStringLiteral("CUDA_VISIBLE_DEVICES"), plan.gpuDevices});
        return c;
    }
    c.program = runtimeProgram(plan.runtime);
    c.arguments << QStringLiteral("run") << QStringLiteral("--rm") << QStringLiteral("--name") << plan.containerName()
                << QStringLiteral("--label") << QStringLiteral("org.kneepoint.launch=") + plan.id;
    // GPUs only when layers are asked onto them: llama.cpp's CPU images start without any.
    const QString layers = plan.engineArg(QStringLiteral("--n-gpu-layers"));
    if (!layers.isEmpty() && layers != u"0")
        c.arguments << QStringLiteral("--gpus")
                    << (plan.gpuDevices.isEmpty() ? QString::number(plan.gpus)
                                                  : QStringLiteral("\"device=%1\"").arg(plan.gpuDevices));
    // The file's directory, read-only: the server sees that one model and nothing else of this machine.
    c.arguments << QStringLiteral("-p")
                << QStringLiteral("%1:%2:%3").arg(plan.host).arg(plan.port).arg(LlamaContainerPort)
                << QStringLiteral("-v")
                << plan.ggufPath.section(u'/', 0, -2) + u':' + llamaContainerModels() + QStringLiteral(":ro")
                << plan.image.toString() << engine;
    return c;
}

LaunchCommandLine LaunchCommandBuilder::buildSimulated(const LaunchPlan& plan)
{
    LaunchCommandLine c;
    c.program = plan.engineProgram;
    c.arguments << QStringLiteral("sim") << QStringLiteral("--host") << plan.host << QStringLiteral("--port")
                << QString::number(plan.port) << QStringLiteral("--gpu") << plan.gpu << QStringLiteral("--model")
                << plan.model << QStringLiteral("--served-model-name") << plan.servedModelName;
    // Ten times real time, as the demo runs: a sweep of an H100's minutes takes seconds here, and the reports say so.
    if (plan.engineArg(QStringLiteral("--speed")).isEmpty())
        c.arguments << QStringLiteral("--speed") << QStringLiteral("10");
    for (const EngineArg& a : plan.engineArgs) {
        if (a.flag != u"--served-model-name")
            c.arguments << a.tokens();
    }
    c.unsetEnvironment << QStringLiteral("HF_TOKEN");
    return c;
}

LaunchCommandLine LaunchCommandBuilder::build(const LaunchPlan& plan)
{
    if (plan.runtime == LaunchRuntime::Simulated)
        return buildSimulated(plan);
    if (plan.engine == LaunchEngine::LlamaCpp)
        return buildLlamaCpp(plan);
    LaunchCommandLine c;
    QStringList engine;
    engine << QStringLiteral("--revision") << plan.revision;
    if (plan.runtime == LaunchRuntime::Local)
        engine << QStringLiteral("--host") << plan.host << QStringLiteral("--port") << QString::number(plan.port);
    if (plan.engineArg(QStringLiteral("--served-model-name")).isEmpty())
        engine << QStringLiteral("--served-model-name") << plan.servedModelName;
    // vLLM's default, auto, falls back to pickled .bin weights when a repository has no safetensors, and
    // unpickling runs code: only safetensors-based formats load (fastsafetensors when the user asks for it).
    if (plan.engineArg(QStringLiteral("--load-format")).isEmpty())
        engine << QStringLiteral("--load-format") << QStringLiteral("safetensors");
    if (plan.gpus > 1 && plan.engineArg(QStringLiteral("--tensor-parallel-size")).isEmpty())
        engine << QStringLiteral("--tensor-parallel-size") << QString::number(plan.gpus);
    for (const EngineArg& a : plan.engineArgs)
        engine << a.tokens();

    if (plan.runtime == LaunchRuntime::Local) {
        c.program = plan.engineProgram;
        c.arguments << QStringLiteral("serve") << plan.model << engine;
        if (!plan.gpuDevices.isEmpty())
            c.environment.append({QStringLiteral("CUDA_VISIBLE_DEVICES"), plan.gpuDevices});
        return c;
    }
    c.program = runtimeProgram(plan.runtime);
    // Docker splits --gpus on commas as CSV: a device list must arrive quoted, as its documentation shows.
    const QString gpus
        = plan.gpuDevices.isEmpty() ? QString::number(plan.gpus) : QStringLiteral("\"device=%1\"").arg(plan.gpuDevices);
    c.arguments << QStringLiteral("run") << QStringLiteral("--rm") << QStringLiteral("--name") << plan.containerName()
                << QStringLiteral("--label") << QStringLiteral("org.kneepoint.launch=") + plan.id
                << QStringLiteral("--gpus") << gpus << QStringLiteral("--ipc=host") << QStringLiteral("-p")
                << QStringLiteral("%1:%2:%3").arg(plan.host).arg(plan.port).arg(ContainerPort);
    // The name alone: the runtime copies the value from its own environment, so it never appears in an argument list.
    if (plan.passHfToken)
        c.arguments << QStringLiteral("-e") << QStringLiteral("HF_TOKEN");
    if (!plan.hfCache.isEmpty())
        c.arguments << QStringLiteral("-v") << plan.hfCache + QStringLiteral(":/root/.cache/huggingface");
    c.arguments << plan.image.toString() << plan.model << engine;
    return c;
}

QList<LaunchCommandLine> LaunchCommandBuilder::cleanup(LaunchRuntime runtime, const QString& containerName)
{
    if (!launchInContainer(runtime))
        return {};
    const QString program = runtimeProgram(runtime);
    return {
        {program, {QStringLiteral("stop"), QStringLiteral("-t"), QStringLiteral("10"), containerName}, {}, {}},
        {program, {QStringLiteral("rm"), QStringLiteral("-f"), containerName}, {}, {}},
    };
}

LaunchCommandLine LaunchCommandBuilder::list(LaunchRuntime runtime, const QString& id)
{
    return {runtimeProgram(runtime),
        {QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--filter"),
            QStringLiteral("label=org.kneepoint.launch=") + id, QStringLiteral("--format"),
            QStringLiteral("{{.Names}}")},
        {}, {}};
}

QString LaunchCommandBuilder::display(const LaunchCommandLine& command)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:=,@+-]+$"));
    QStringList parts;
    for (const auto& [name, value] : command.environment)
        parts << name + u'=' + value;
    for (const QString& a : QStringList {command.program} + command.arguments) {
        if (plain.match(a).hasMatch())
            parts << a;
        else
            parts << u'\'' + QString(a).replace(u'\'', QStringLiteral("'\\''")) + u'\'';
    }
    return parts.join(u' ');
}

} // namespace kp::core
