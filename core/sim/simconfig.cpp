// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simconfig.h"

#include "core/catalog/catalog.h"
#include "core/sim/simtokenizer.h"

#include <cmath>

namespace kp::core {

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

QString gib(double bytes)
{
    return QString::number(bytes / GiB, 'f', 1) + QStringLiteral(" GiB");
}

} // namespace

StepTimeModel ResolvedSimConfig::stepTimeModel() const
{
    StepTimeModel steps(gpu, model, options.bandwidthEfficiency, options.computeEfficiency,
        std::int64_t(options.stepOverheadMs * 1e6), kvBytesPerElement);
    steps.setFixedStepNs(std::int64_t(options.fixedStepMs * 1e6));
    return steps;
}

std::optional<ResolvedSimConfig> ResolvedSimConfig::resolve(const SimConfig& config, QString* error)
{
    const Catalog catalog = Catalog::forUser();
    ResolvedSimConfig r;
    r.options = config;
    const auto gpu = catalog.gpu(config.gpuId);
    if (!gpu) {
        *error = QStringLiteral("Unknown GPU '%1'. Known GPUs: %2.").arg(config.gpuId, catalog.gpuIds().join(u", "));
        return std::nullopt;
    }
    const auto model = catalog.model(config.modelId);
    if (!model) {
        *error = QStringLiteral("Unknown model '%1'. Known models: %2.")
                     .arg(config.modelId, catalog.modelIds().join(u", "));
        return std::nullopt;
    }
    r.gpu = *gpu;
    r.model = *model;
    r.servedModelName = config.servedModelName.isEmpty() ? model->hfId : config.servedModelName;

    if (config.kvCacheDtype == u"auto")
        r.kvBytesPerElement = model->bytesPerParameter();
    else if (config.kvCacheDtype.startsWith(u"fp8"))
        r.kvBytesPerElement = 1;
    else {
        *error = QStringLiteral("Unknown --kv-cache-dtype '%1': use auto, fp8, fp8_e4m3 or fp8_e5m2.")
                     .arg(config.kvCacheDtype);
        return std::nullopt;
    }

    // vLLM V1's server defaults: big-memory GPUs other than the A100 get 1024 sequences and an 8192-token budget.
    const bool bigGpu = gpu->memoryGib >= 70 && !gpu->id.startsWith(u"a100");
    BatchEngine::Config& e = r.engine;
    e.maxNumSeqs = config.maxNumSeqs.value_or(bigGpu ? 1024 : 256);
    e.enablePrefixCaching = config.enablePrefixCaching;
    e.maxNumBatchedTokens = config.maxNumBatchedTokens.value_or(bigGpu ? 8192 : 2048);
    e.maxModelLen = config.maxModelLen.value_or(model->maxPositionEmbeddings);
    e.blockSize = config.blockSize;
    e.vocabularyWords = SimTokenizer::builtIn().wordCount();
    e.naturalOutputTokens = config.naturalOutputTokens;
    for (const SimConfig::LoraAdapter& adapter : config.loraAdapters)
        e.loraOverheads.push_back(adapter.overhead);
    e.adaptersApart = config.dialect == SimConfig::Dialect::LlamaCpp;
    e.specTokens = config.specTokens;
    e.specAcceptance = config.specAcceptance;
    if (e.maxModelLen > model->maxPositionEmbeddings) {
        *error = QStringLiteral("--max-model-len %1 is more than %2 allows (%3 tokens).")
                     .arg(e.maxModelLen)
                     .arg(model->name)
                     .arg(model->maxPositionEmbeddings);
        return std::nullopt;
    }

    const double kvPerBlock = model->kvBytesPerToken(r.kvBytesPerElement) * e.blockSize;
    if (config.numGpuBlocksOverride) {
        e.numGpuBlocks = *config.numGpuBlocksOverride;
        r.kvCacheBytes = e.numGpuBlocks * kvPerBlock;
    } else {
        const double usable = gpu->memoryBytes() * config.gpuMemoryUtilization;
        const double weights = model->weightBytes();
        r.kvCacheBytes = usable - weights - config.activationReserveGib * GiB;
        if (r.kvCacheBytes <= 0) {
            *error = QStringLiteral("%1 does not fit on one %2: the weights need %3 and the activation reserve %4, "
                                    "but %5 x %6 gives %7. Try a bigger GPU or a higher --gpu-memory-utilization.")
                         .arg(model->name, gpu->name, gib(weights), gib(config.activationReserveGib * GiB),
                             gib(gpu->memoryBytes()), QString::number(config.gpuMemoryUtilization), gib(usable));
            return std::nullopt;
        }
        e.numGpuBlocks = int(std::floor(r.kvCacheBytes / kvPerBlock));
    }
    // vLLM refuses to start when the cache cannot hold one sequence of max_model_len; so does the simulator.
    if (double(e.numGpuBlocks) * e.blockSize < e.maxModelLen) {
        const int fits = e.numGpuBlocks * e.blockSize;
        *error = QStringLiteral("To serve at least one request with the model's max seq len (%1), %2 of KV cache is "
                                "needed, which is larger than the available KV cache memory (%3). The largest "
                                "max_model_len that fits is %4: try --max-model-len %4 or a higher "
                                "--gpu-memory-utilization.")
                     .arg(e.maxModelLen)
                     .arg(gib(double(e.maxModelLen) * kvPerBlock / e.blockSize), gib(r.kvCacheBytes))
                     .arg(fits);
        return std::nullopt;
    }
    return r;
}

} // namespace kp::core
