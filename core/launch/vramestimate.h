// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/common/enginememory.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// What a launch asks of each GPU, from the fact sheet's VRAM fit (§D.4):
///   usable = GPU memory × gpu_memory_utilization
///   need   = weights / TP + KV cache of one max_model_len sequence / TP + EngineActivationReserveGib
/// vLLM refuses to start when its KV pool cannot hold one sequence of max_model_len, so a launch that fails this test
/// would spend minutes of GPU time to learn what arithmetic says now. KV heads are split over TP (replicated when
/// there are fewer heads than GPUs); an MLA latent is replicated on every GPU.
struct VramEstimate
{
    /// What the estimate is asked about.
    struct Inputs
    {
        ModelSpec model;
        GpuSpec gpu;
        int tensorParallel = 1;
        int maxModelLen = 0; ///< 0: the model's max_position_embeddings, as vLLM defaults
        QString kvCacheDtype = QStringLiteral("auto"); ///< auto (the model's dtype), fp8, fp8_e4m3, fp8_e5m2
        double gpuMemoryUtilization = VllmDefaultGpuMemoryUtilization;
        /// vLLM's --quantization: fp8 (or another 8-bit method) quantises a 16-bit checkpoint's weights on load;
        /// empty: the checkpoint as it is (its own quantization_config counts).
        QString quantization;
        double overheadGib = EngineActivationReserveGib;
    };

    Inputs inputs;
    int maxModelLen = 0; ///< the context the estimate used
    double weightsGib = 0; ///< per GPU
    double kvGib = 0; ///< one max_model_len sequence, per GPU
    double overheadGib = 0;
    double needGib = 0;
    double usableGib = 0;
    bool fits = false;

    // The ways out, each computed; only those that would fit are set.
    std::optional<int> fittingMaxModelLen; ///< the largest context that fits, a multiple of 1024 (or 256 below that)
    bool fp8KvWouldFit = false; ///< --kv-cache-dtype fp8, when the cache is not fp8 already
    bool fourBitWouldFit = false; ///< a 4-bit (AWQ/GPTQ) checkpoint of the same model
    std::optional<int> fittingTensorParallel; ///< the fewest GPUs (2, 4 or 8) that fit
    std::optional<double> fittingUtilization; ///< 0.95, when that fits and the asked share is lower

    /// Works out the estimate and its ways out.
    static VramEstimate of(const Inputs& inputs);

    /// One line for the command line: "needs 21.4 GiB per GPU (weights …); an L4 gives 19.8 GiB usable at 0.90".
    QString summary() const;
    /// The refusal: the summary and the ways out ("try `--max-model-len 14336`, `--kv-cache-dtype fp8` or …").
    QString refusal() const;
    /// The ways out as command-line advice, in the order refusal() lists them.
    QStringList waysOut() const;
};

/// "It cannot fit: SUMMARY. Try A, B or C." with the ways out, or `whenNone` when there is none: the refusal of every
/// launch estimate, vLLM's and llama.cpp's.
QString fitRefusal(const QString& summary, const QStringList& waysOut, const QString& whenNone);

} // namespace kp::core
