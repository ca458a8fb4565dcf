// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/engineargallowlist.h"
#include "core/launch/imagereference.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// How the server is started. Simulated: Kneepoint's own simulated vLLM (`kneepoint sim`) stands in for the engine,
/// for trying launches, sweeps and experiments on a machine without a GPU.
enum class LaunchRuntime { Docker, Podman, Local, Simulated };

/// "docker", "podman", "local" or "simulated".
QString launchRuntimeName(LaunchRuntime runtime);

/// The runtime of that name; none for another name.
std::optional<LaunchRuntime> launchRuntimeFromName(const QString& name);

/// Docker and Podman: the server is a container, named and removed as such. The others are a process of our own.
bool launchInContainer(LaunchRuntime runtime);

/// Which server is started.
enum class LaunchEngine { Vllm, LlamaCpp };

/// "vllm" or "llamacpp", as --engine takes it.
QString launchEngineName(LaunchEngine engine);
/// The engine of that name ("llama.cpp" too); none for another name.
std::optional<LaunchEngine> launchEngineFromName(const QString& name);

/// Everything a launch is told, checked: what LaunchCommandBuilder turns into a command line.
struct LaunchPlan
{
    LaunchRuntime runtime = LaunchRuntime::Docker;
    LaunchEngine engine = LaunchEngine::Vllm;
    QString id; ///< short and unique: names the container kneepoint-<id> and the launch record
    QString model; ///< Hugging Face id, ORG/NAME; for llama.cpp empty when a GGUF file was given by path
    QString revision; ///< branch, tag or (best) commit hash
    QString ggufPath; ///< llama.cpp: the GGUF file on this machine (from the hub's cache when model is set)
    qint64 ggufBytes = 0; ///< its size, recorded with the run
    QString servedModelName; ///< the name in the API; the model id unless --served-model-name says otherwise
    ImageReference image; ///< for docker and podman
    QString host = QStringLiteral("127.0.0.1"); ///< where the port is published
    int port = 8000;
    int gpus = 1; ///< tensor parallelism; docker's --gpus N
    QString gpuDevices; ///< "0,1": which GPUs; empty: any `gpus` of them
    QString hfCache; ///< host directory mounted as the container's Hugging Face cache; empty: none
    bool passHfToken = false; ///< HF_TOKEN is set: pass its name (never its value) into the container
    QString engineProgram = QStringLiteral("vllm"); ///< the local runtime's executable (llama-server for llama.cpp)
    QString gpu; ///< the catalog's GPU id, when one was named: what the simulated runtime models
    QList<EngineArg> engineArgs; ///< allow-listed, in order; --served-model-name and --max-model-len among them

    /// The container's name: kneepoint-<id>.
    QString containerName() const;
    /// The value of an engine argument, or empty.
    QString engineArg(const QString& flag) const;
    /// For the run's facts: runtime, image, digest, pinned, revision, engine arguments. Never a secret.
    QJsonObject toJson() const;
};

} // namespace kp::core
