// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/modelspec.h"
#include "core/launch/launchcommandbuilder.h"
#include "core/launch/launchplan.h"
#include "core/launch/runtimecheck.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace kp::core {

struct LaunchPreparation;

/// What a person asks to start, as typed values: `kneepoint launch`'s options and the launch dialog's form both fill
/// one, and prepare() checks it the same way for both. Empty text and zero mean "not said": the default applies.
struct LaunchRequest
{
    LaunchEngine engine = LaunchEngine::Vllm;
    QString model; ///< ORG/NAME; for llama.cpp optional, with `gguf` the file's name in that repository
    QString revision;
    QString gguf; ///< llama.cpp: a GGUF file on this machine, or (with `model`) its name in the repository
    LaunchRuntime runtime = LaunchRuntime::Docker;
    QString image; ///< containers; empty: vLLM's default pinned image
    bool allowUnpinned = false;
    QString engineCommand; ///< the local runtime's executable; empty: vllm or llama-server on PATH
    QString gpu; ///< catalog id; empty: what nvidia-smi reports (or, for llama.cpp, none)
    int gpus = 0; ///< tensor parallelism; 0: one, or what --tensor-parallel-size says
    QString gpuDevices; ///< "0,1"
    QString host = QStringLiteral("127.0.0.1");
    int port = 8000; ///< 0: any free one
    QString hfCache; ///< empty: $HF_HOME or ~/.cache/huggingface
    QString modelConfig; ///< vLLM: a config.json for a model neither the catalog nor the hub knows
    /// Shortcuts for engine arguments, as typed; empty: not given.
    QString maxModelLen, gpuMemoryUtilization, kvCacheDtype; ///< vLLM's
    QString ctxSize; ///< llama.cpp's
    QStringList engineArgs; ///< FLAG=VALUE or FLAG, each checked against the engine's allow-list
    int healthTimeoutS = 900;
    QString dcgmUrl; ///< a DCGM exporter's /metrics, for peak VRAM when the GPU is not local

    /// Checks everything that can be checked before anything starts: the request itself, the model's files or
    /// geometry, the memory estimate, the engine arguments' allow-list and whether the runtime answers. Never
    /// starts anything; may ask nvidia-smi, the runtime's daemon and the Hugging Face hub, each bounded.
    ///
    /// A refusal names what to change in the words of where it was asked: `--revision` on the command line, the
    /// field "Revision" in the launch dialog (Wording::Form, in the user's language).
    enum class Wording { CommandLine, Form };
    LaunchPreparation prepare(Wording wording = Wording::CommandLine) const;
    /// The same request as `kneepoint launch` arguments (after the word "launch"), for a person to repeat it.
    QStringList arguments() const;

    /// The options of `kneepoint launch` that are text as typed, each with the member it fills (empty: not given):
    /// the command reads them and arguments() writes them from this one list.
    static const std::vector<std::pair<const char*, QString LaunchRequest::*>>& textOptions();

private:
    /// A stage's refusal: the sentence, and whether it is a usage error (a value given wrongly).
    struct Refusal
    {
        QString sentence;
        bool usage = true;
    };
    /// prepare()'s stages, each filling its part of `plan` or refusing. Which engine, and what it serves: the
    /// options of the other engine refused, the model checked (a catalog model for the simulator, a GGUF file for
    /// llama.cpp, an ORG/NAME with its revision for vLLM).
    std::optional<Refusal> planModel(LaunchPlan& plan, Wording wording, std::optional<ModelSpec>* simulatedModel) const;
    /// Where it runs: the GPUs, the address, the runtime and its image, pinned by digest.
    std::optional<Refusal> planRuntime(LaunchPlan& plan, Wording wording) const;
    /// The engine's arguments: the shortcuts first, then the rest, each checked against the engine's allow-list.
    std::optional<Refusal> planEngineArgs(LaunchPlan& plan, Wording wording) const;
};

/// What prepare() found: a plan that may start, or the sentence that refuses it.
struct LaunchPreparation
{
    LaunchRequest request;
    LaunchPlan plan;
    /// Why it may not start; empty when it may.
    QString refusal;
    /// The refusal is about what was asked (a wrong value, a forbidden argument), not about this machine.
    bool usageError = false;
    /// The memory estimate ran and the model fits; `memorySummary` says by how much.
    bool fits = false;
    QString memorySummary;
    QJsonObject memoryFacts; ///< the estimate's parts in MiB, kept with the run
    RuntimeCheck runtime;
    LaunchCommandLine command;
    /// Said before starting: an unpinned image, a revision that can move, a port open to other machines.
    QStringList warnings;

    bool ok() const { return refusal.isEmpty(); }
    /// "Memory: …: fits.", "Runtime: …", "Image: …", "Command: …": what a dry run prints.
    QStringList checkLines() const;
};

} // namespace kp::core
