// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/computeprecision.h"

#include <QString>

#include <optional>

namespace kp::core {

/// One GPU from resources/catalog/gpus.json: the datasheet figures a roofline needs. Dense figures only.
struct GpuSpec
{
    QString id; ///< lowercase with dashes, shared by every command's --gpu
    QString name;
    QString vendor;
    double memoryGb = 0; ///< the vendor's label ("80GB"): a name, not a capacity
    /// What the driver reports as the device's total memory, GiB (2^30 bytes): what vLLM's gpu_memory_utilization is
    /// a share of. "80 GB" of HBM3 is 79.1 GiB to CUDA, "24 GB" of GDDR6 about 22 GiB.
    double memoryGib = 0;
    QString memorySource; ///< where memoryGib comes from
    double bandwidthTbps = 0; ///< peak memory bandwidth, TB/s (10^12 bytes per second)
    double bf16Tflops = 0; ///< dense BF16/FP16 tensor TFLOPS
    std::optional<double> fp8Tflops; ///< dense FP8 TFLOPS; absent where the GPU has no FP8 tensor cores
    std::optional<double> int8Tops; ///< dense INT8 tensor TOPS
    std::optional<double> fp4Tflops; ///< dense FP4 TFLOPS (Blackwell)
    /// The board's rated power (TDP), W: what a measured power draw is set against; absent where no sheet gives it.
    std::optional<double> tdpW;
    QString source;

    double memoryBytes() const { return memoryGib * 1024.0 * 1024.0 * 1024.0; }
    double bandwidthBytesPerSecond() const { return bandwidthTbps * 1e12; }
    double bf16FlopsPerSecond() const { return bf16Tflops * 1e12; }
    bool hasFp8() const { return fp8Tflops.has_value(); }

    /// The dense peak matrix multiplications in `precision` reach, FLOPs per second. A format the GPU lacks falls
    /// back to the next one it has that the checkpoint can run in (FP4 to FP8, then BF16), so a floor built on it
    /// is never higher than the truth.
    double peakFlopsPerSecond(ComputePrecision precision) const
    {
        switch (precision) {
        case ComputePrecision::Fp4:
            if (fp4Tflops)
                return *fp4Tflops * 1e12;
            [[fallthrough]];
        case ComputePrecision::Fp8:
            return (fp8Tflops ? *fp8Tflops : bf16Tflops) * 1e12;
        case ComputePrecision::Int8:
            return (int8Tops ? *int8Tops : bf16Tflops) * 1e12;
        case ComputePrecision::Bf16:
            break;
        }
        return bf16FlopsPerSecond();
    }
};

} // namespace kp::core
