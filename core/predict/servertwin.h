// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"
#include "core/sim/batchengine.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace kp::core {

struct RunData;
struct RunAnalysis;

/// What one load step measured, or what the twin predicts for it: the server's time, the median and the tail.
struct TwinStep
{
    int users = 0;
    int requests = 0; ///< measured requests, warm-up aside: the twin sends as many, so its step is as long
    double ttftP50Ms = 0;
    double ttftP99Ms = 0;
    double tpotP50Ms = 0;
    double tpotP99Ms = 0;
    double outputTokensPerSecond = 0;
    /// Every measured request's TTFT, TPOT and end-to-end latency, sorted, in milliseconds: what a percentile other
    /// than the two above is read from when the targets or the percentile on screen change. The twin's TTFTs carry
    /// its fixed offset; its tail term is added by the readers below.
    std::vector<double> ttftMs;
    std::vector<double> tpotMs;
    std::vector<double> e2elMs;
    double ttftTailMs = 0; ///< the twin's tail term (0 for a measured step), added to TTFT in full at p99

    /// TTFT, TPOT and E2EL at `percentile` (in percent); NaN without samples.
    double ttftAt(double percentile) const;
    double tpotAt(double percentile) const;
    double e2elAt(double percentile) const;
};

/// The median and the worst relative error of one figure over the steps it was checked on.
struct TwinError
{
    double median = 0;
    double worst = 0;
    int steps = 0; ///< 0: not checked (no step had the figure)

    /// Of a list of relative errors; NaNs are left out.
    static TwinError of(std::vector<double> errors);
};

/// The step-time model's free coefficients, fitted to a run: the shares of the GPU's bandwidth and compute peaks a
/// step reaches, and a fixed cost per step. The roofline's shape (what grows with batch and context) stays the
/// physics of the model on the GPU.
struct TwinFit
{
    double bandwidthEfficiency = 0.8;
    double computeEfficiency = 0.5;
    double overheadMs = 0.4;
    /// Added to every TTFT: what a request meets before the engine sees it and after its first token leaves it (the
    /// HTTP server, tokenising, detokenising), which no engine step counts.
    double ttftOffsetMs = 1;
    /// Added to the TTFT tail only (p99): the jitter of a real server and client, which the engine's schedule lacks.
    double ttftTailMs = 1;
    /// Over the steps it was fitted to, each figure the twin predicts on its own: pooled, a figure it gets right
    /// (throughput) hid one it did not (TPOT p99 was off 30% on a real server and never reported).
    TwinError ttftP99Error;
    TwinError tpotP99Error;
    TwinError throughputError;
    /// The thread was asked to stop (QThread::requestInterruption) before the search ended: not a fit to use.
    bool interrupted = false;
};

/// A calibrated twin of a server: Kneepoint's simulator engine (BatchEngine: continuous batching, chunked prefill,
/// the KV cache in blocks, preemption) with its step times fitted to a stored run, driven offline by the run's own
/// closed loop of users. Asked what another setting would do (max_num_seqs, max_num_batched_tokens, the KV cache, the
/// GPU), it simulates the same workload and says, with the fit's measured error beside every figure.
class ServerTwin
{
public:
    /// The server as the run saw it. `gpu` unset: a nominal device, whose peaks the fit scales (a CPU server).
    ServerTwin(const std::optional<GpuSpec>& gpu, const ModelSpec& model, const BatchEngine::Config& engine);

    /// Where each engine setting of engineOf() came from: the server's own report, what the run showed, or an
    /// assumption, as a sentence each ("max-num-seqs 1024, as the server reports it").
    struct EngineSources
    {
        QStringList reported; ///< from the server's facts
        QStringList observed; ///< from the run's steps
        QStringList assumed; ///< neither said it: a default, with why
    };
    /// The engine settings a run reveals: max_num_seqs (llama.cpp's slots) and max_num_batched_tokens as the server
    /// reports them, else the most requests it ran at once while others waited, else an assumption said as one; the
    /// KV cache from the server's facts; the context length. `sources`, given, says which is which.
    static BatchEngine::Config engineOf(
        const RunData& run, const RunAnalysis& analysis, EngineSources* sources = nullptr);
    /// The run's concurrency steps as measured, TTFT without the network's round trip.
    static std::vector<TwinStep> measured(const RunData& run, const RunAnalysis& analysis);

    /// The closed loop of `users` users sending `requests` requests in all (0: three each) of `input` tokens in and
    /// `output` out back to back after one warm-up request each, starting over one single-user request's lifetime,
    /// as kneepoint run sends them. Throughput is the server's rate, as the run measures it: every token the engine
    /// made (warm-ups' included) over the window in which every user is at work when it spans three of the
    /// server's turns (StepStatistics' rule), else over the time from the first measured request to the last token.
    TwinStep simulate(const BatchEngine::Config& engine, const TwinFit& fit, int users, int input, int output,
        int requests = 0) const;
    /// The coefficients that best reproduce `steps` (log-error of TTFT p50 and p99, TPOT p50 and throughput,
    /// summed), by a pattern search from the simulator's defaults. Seconds of work: it stops early, `interrupted`,
    /// when its thread is asked to.
    TwinFit fit(const std::vector<TwinStep>& steps, int input, int output) const;

    const GpuSpec& gpu() const { return m_gpu; }

    /// The relative error of a prediction against a measurement: |predicted / measured − 1|.
    static double error(double predicted, double measured);

private:
    GpuSpec m_gpu;
    bool m_nominal = false;
    ModelSpec m_model;
    BatchEngine::Config m_engine;
};

} // namespace kp::core
