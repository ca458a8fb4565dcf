// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/common/enginememory.h"
#include "core/sim/batchengine.h"
#include "core/sim/faultinjector.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace kp::core {

/// Everything `kneepoint sim` can be told, named after vLLM's engine arguments where vLLM has one. Unset optionals
/// take vLLM's defaults for the GPU and model, worked out by resolve().
struct SimConfig
{
    QString host = QStringLiteral("127.0.0.1");
    int port = 8000;
    QString gpuId = QStringLiteral("h100-sxm");
    QString modelId = QStringLiteral("llama-3.1-8b");
    QString servedModelName; ///< empty: the model's Hugging Face id, as vLLM names a model after --model
    std::optional<int> maxNumSeqs;
    std::optional<int> maxNumBatchedTokens;
    std::optional<int> maxModelLen;
    std::optional<int> numGpuBlocksOverride;
    int blockSize = 16;
    double gpuMemoryUtilization = VllmDefaultGpuMemoryUtilization;
    QString kvCacheDtype = QStringLiteral("auto");
    bool enablePrefixCaching = true; ///< V1's default; --no-enable-prefix-caching turns it off
    /// --enable-prompt-tokens-details: usage carries prompt_tokens_details.cached_tokens (off by default, as in vLLM).
    bool enablePromptTokensDetails = false;
    /// Activations, CUDA graphs and non-torch memory, held back from the KV cache (the figure launch estimates with).
    double activationReserveGib = EngineActivationReserveGib;
    QStringList apiKeys;
    /// VLLM_SERVER_DEV_MODE=1 in the environment, as vLLM reads it: the development endpoints are served, of which
    /// the simulator has /reset_prefix_cache. Off, they answer 404, as vLLM's do.
    bool devMode = false;
    /// llama-server's --slot-save-path (the llamacpp dialect): without it, a slot action (POST /slots/ID?action=…)
    /// answers 501, as llama-server's does.
    QString slotSavePath;
    double speed = 1.0;
    double bandwidthEfficiency = 0.8;
    double computeEfficiency = 0.5;
    double stepOverheadMs = 0.4;
    double fixedStepMs = 0; ///< every step this long instead of the roofline (0: the roofline)
    int naturalOutputTokens = 128;
    /// A reasoning model, as vLLM serves one with a reasoning parser: a chat stream's first this many output tokens
    /// (all but the last, for a shorter answer) are thinking, sent in `reasoning_content` instead of `content`.
    int reasoningTokens = 0;
    /// Speculative decoding, as vLLM's --speculative-config with an n-gram drafter (drafting costs nothing): every
    /// decode step verifies this many drafted tokens of each request beside its last one, and makes 1 + the drafted
    /// tokens accepted before the first rejection, each accepted with `specAcceptance`. 0: none.
    int specTokens = 0;
    double specAcceptance = 0.7;
    /// LoRA adapters served beside the base model, as vLLM's --lora-modules: each a model of its own name in
    /// /v1/models and in requests, adding `overhead` (a share of the step's time) to every step that runs one of its
    /// requests, and caching its prompts apart from the base's. The llamacpp dialect serves them as llama-server's
    /// --lora does: listed by GET /lora-adapters (id n − 1 for the nth, scale 0, as --lora-init-without-apply loads
    /// them), picked by a request's "lora" field of ids and scales, and batched only with requests of the same
    /// adapter.
    struct LoraAdapter
    {
        QString name;
        double overhead = 0.1;
    };
    std::vector<LoraAdapter> loraAdapters;
    std::optional<std::uint64_t> seed; ///< for unseeded sampling; unset: different every start
    QString groundTruthPath;
    /// PEM files: when both are set the server speaks HTTPS only, as vLLM does with --ssl-certfile/--ssl-keyfile.
    QString tlsCertPath;
    QString tlsKeyPath;
    /// What the server looks like to a client beyond the OpenAI API: vLLM's (the default), or llama.cpp's
    /// llama-server (no /version, /props with its slots, llamacpp: metric names, /tokenize reading `content`,
    /// /v1/models owned by "llamacpp", and the connection closed after each streamed response although its headers
    /// say keep-alive).
    enum class Dialect { Vllm, LlamaCpp };
    Dialect dialect = Dialect::Vllm;
    FaultRates faults;
    /// Answering mode (kneepoint quality): a question of the set is answered right with this probability, drawn
    /// per question from answerSeed; unset: questions get generated text like any prompt.
    std::optional<double> answerAccuracy;
    std::uint64_t answerSeed = 1;
    double answerNoise = 0; ///< probability that a request redraws its question's decision (a non-zero noise floor)
    QString answerSetPath; ///< empty: the bundled question set
};

/// A SimConfig with the catalogs looked up and every default worked out: what the server actually runs with.
struct ResolvedSimConfig
{
    SimConfig options;
    GpuSpec gpu;
    ModelSpec model;
    QString servedModelName;
    BatchEngine::Config engine;
    double kvBytesPerElement = 2;
    double kvCacheBytes = 0; ///< what the KV cache was given, before rounding to blocks

    /// The step times of this GPU and model at these efficiencies.
    StepTimeModel stepTimeModel() const;

    /// Resolves `config`; on failure `error` is a sentence for the user (unknown GPU, model does not fit, …).
    static std::optional<ResolvedSimConfig> resolve(const SimConfig& config, QString* error);
};

} // namespace kp::core
