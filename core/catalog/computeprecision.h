// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kp::core {

/// The number format a model's matrix multiplications run in, which decides which of the GPU's peaks bounds them.
/// Weight-only quantisation (AWQ, GPTQ, 4-bit bitsandbytes) dequantises into the activations' 16 bits and so runs at
/// the BF16 peak; W8A8 and FP8 checkpoints run at the 8-bit peaks, NVFP4 at the FP4 peak where the GPU has one.
enum class ComputePrecision { Bf16, Int8, Fp8, Fp4 };

} // namespace kp::core
