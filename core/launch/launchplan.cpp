// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchplan.h"

#include <QJsonArray>

namespace kp::core {

QString launchRuntimeName(LaunchRuntime runtime)
{
    switch (runtime) {
    case LaunchRuntime::Docker:
        return QStringLiteral("docker");
    case LaunchRuntime::Podman:
        return QStringLiteral("podman");
    case LaunchRuntime::Local:
        return QStringLiteral("local");
    case LaunchRuntime::Simulated:
        return QStringLiteral("simulated");
    }
    return {};
}

std::optional<LaunchRuntime> launchRuntimeFromName(const QString& name)
{
    for (LaunchRuntime r :
        {LaunchRuntime::Docker, LaunchRuntime::Podman, LaunchRuntime::Local, LaunchRuntime::Simulated}) {
        if (name == launchRuntimeName(r))
            return r;
    }
    return std::nullopt;
}

bool launchInContainer(LaunchRuntime runtime)
{
    return runtime == LaunchRuntime::Docker || runtime == LaunchRuntime::Podman;
}

QString launchEngineName(LaunchEngine engine)
{
    return engine == LaunchEngine::LlamaCpp ? QStringLiteral("llamacpp") : QStringLiteral("vllm");
}

std::optional<LaunchEngine> launchEngineFromName(const QString& name)
{
    if (name == u"vllm")
        return LaunchEngine::Vllm;
    if (name == u"llamacpp" || name == u"llama.cpp")
        return LaunchEngine::LlamaCpp;
    return std::nullopt;
}

QString LaunchPlan::containerName() const
{
    return QStringLiteral("kneepoint-") + id;
}

QString LaunchPlan::engineArg(const QString& flag) const
{
    for (const EngineArg& a : engineArgs) {
        if (a.flag == flag)
            return a.value;
    }
    return {};
}

QJsonObject LaunchPlan::toJson() const
{
    QJsonArray args;
    for (const EngineArg& a : engineArgs)
        args.append(a.hasValue ? a.flag + u'=' + a.value : a.flag);
    QJsonObject o {{QStringLiteral("runtime"), launchRuntimeName(runtime)}, {QStringLiteral("model"), model},
        {QStringLiteral("revision"), revision}, {QStringLiteral("served_model_name"), servedModelName},
        {QStringLiteral("gpus"), gpus}, {QStringLiteral("engine_args"), args},
        {QStringLiteral("engine"), launchEngineName(engine)}};
    if (engine == LaunchEngine::LlamaCpp) {
        // The file's name and size, never the directories around it: a path can say who the user is.
        o[QStringLiteral("gguf_file")] = ggufPath.section(u'/', -1);
        o[QStringLiteral("gguf_bytes")] = double(ggufBytes);
    }
    if (launchInContainer(runtime)) {
        o[QStringLiteral("image")] = image.toString();
        o[QStringLiteral("image_digest")] = image.digest.isEmpty() ? QJsonValue() : QJsonValue(image.digest);
        o[QStringLiteral("image_pinned")] = image.pinned();
        o[QStringLiteral("container")] = containerName();
    } else if (runtime == LaunchRuntime::Simulated) {
        o[QStringLiteral("simulated_gpu")] = gpu; // what the simulator modelled, whatever GPU the analysis is given
    } else {
        o[QStringLiteral("engine_program")] = engineProgram;
    }
    return o;
}

} // namespace kp::core
