// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchplan.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

namespace kp::core {

/// A program and its arguments, for QProcess: never a shell.
struct LaunchCommandLine
{
    QString program;
    QStringList arguments;
    /// Environment variables to set on top of the inherited environment (CUDA_VISIBLE_DEVICES for local).
    QList<std::pair<QString, QString>> environment;
    /// Inherited variables the process must not see: HF_TOKEN is for a vLLM server, not for Kneepoint's simulator.
    QStringList unsetEnvironment;
};

/// Builds the command that starts vLLM, purely from the plan.
///  docker/podman: run --rm --name kneepoint-<id> --label org.kneepoint.launch=<id> --gpus N --ipc=host
///                 -p HOST:PORT:8000 [-e HF_TOKEN] [-v CACHE:/root/.cache/huggingface] IMAGE MODEL --revision REV
///                 --served-model-name NAME [--tensor-parallel-size N] ENGINE-ARGS…
///  local:         vllm serve MODEL --revision REV --host HOST --port PORT --served-model-name NAME
///                 [--tensor-parallel-size N] ENGINE-ARGS…
/// The image's entrypoint is `vllm serve`, so the model follows the image positionally (fact sheet §C.4).
/// llama.cpp:
///  docker/podman: run --rm --name kneepoint-<id> --label … [--gpus N, with --n-gpu-layers] -p HOST:PORT:8080
///                 -v DIR:/models:ro IMAGE --model /models/FILE --host 0.0.0.0 --port 8080 --alias NAME --metrics ARGS…
///  local:         llama-server --model FILE --host HOST --port PORT --alias NAME --metrics ARGS…
/// simulated (vLLM): KNEEPOINT sim --host HOST --port PORT --gpu GPU --model MODEL --served-model-name NAME
///                 [--speed 10] ENGINE-ARGS…, with this very program (or $KNEEPOINT_BINARY) as KNEEPOINT
class LaunchCommandBuilder
{
public:
    static LaunchCommandLine build(const LaunchPlan& plan);
    /// The commands that stop and remove the container: {runtime, [stop, -t, 10, NAME]} and {runtime, [rm, -f,
    /// NAME]}. Empty for the local runtime.
    static QList<LaunchCommandLine> cleanup(LaunchRuntime runtime, const QString& containerName);
    /// The command that lists containers of a launch: ps -a --filter label=org.kneepoint.launch=<id> --format
    /// {{.Names}}.
    static LaunchCommandLine list(LaunchRuntime runtime, const QString& id);
    /// An argument list as a person would type it, for --dry-run and reports; quotes what a shell would split.
    static QString display(const LaunchCommandLine& command);

private:
    static LaunchCommandLine buildLlamaCpp(const LaunchPlan& plan);
    static LaunchCommandLine buildSimulated(const LaunchPlan& plan);
};

} // namespace kp::core
