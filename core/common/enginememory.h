// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kp::core {

/// Memory per GPU a vLLM engine holds back from its KV cache for the peak activations of its profiling forward pass,
/// CUDA graphs and non-torch allocations (NCCL, cuBLAS workspaces). Logs put these at 1–4, 0.2–2 and 0.3–1 GiB
/// (fact sheet §D.4); 3 GiB covers a typical 7–70B model at vLLM's default batch budget. The simulator's KV cache and
/// `kneepoint launch`'s VRAM estimate both use this one figure, so that they agree on what fits.
inline constexpr double EngineActivationReserveGib = 3.0;

/// vLLM v0.31's default --gpu-memory-utilization (vllm/config/cache.py): the share of each GPU's memory it may take.
inline constexpr double VllmDefaultGpuMemoryUtilization = 0.92;

} // namespace kp::core
