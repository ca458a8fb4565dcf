// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace kp::core {

/// One GPU from resources/catalog/gpus.json: the datasheet figures a roofline needs. Dense figures only.
struct GpuSpec
{
    QString id; ///< lowercase with dashes, shared by every command's --gpu
    QString name;
    QString vendor;
    double memoryGb = 0; ///< vendor figure; HBM is binary, so it is treated as GiB
    double bandwidthTbps = 0; ///< peak memory bandwidth, TB/s (10^12 bytes per second)
    double bf16Tflops = 0; ///< dense BF16/FP16 tensor TFLOPS
    std::optional<double> fp8Tflops; ///< dense FP8 TFLOPS; absent where the GPU has no FP8 tensor cores
    QString source;

    double memoryBytes() const { return memoryGb * 1024.0 * 1024.0 * 1024.0; }
    double bandwidthBytesPerSecond() const { return bandwidthTbps * 1e12; }
    double bf16FlopsPerSecond() const { return bf16Tflops * 1e12; }
};

} // namespace kp::core
