// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace kp::core {

/// One reading of the server's GPUs, taken together: power and energy added over them (what the server draws), the
/// busiest one's memory, the mean of activity and clock. NaN where the source does not give a figure.
struct GpuSample
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    std::int64_t ns = 0; ///< monotonic time the reading was asked for (the run's clock)
    int gpus = 0; ///< GPUs the reading covers
    double powerW = kNaN; ///< draw, summed over the GPUs
    /// The GPUs' energy counters summed, J since each booted (DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION): exact energy over
    /// an interval as a difference, where power readings would be integrated between samples.
    double energyJ = kNaN;
    double smActive = kNaN; ///< share of cycles with a warp resident on an SM (DCGM_FI_PROF_SM_ACTIVE), mean, 0–1
    double utilization = kNaN; ///< share of time a kernel ran (nvidia-smi utilization.gpu, DCGM_FI_DEV_GPU_UTIL), 0–1
    double memoryUsedMib = kNaN; ///< the busiest GPU's
    double smClockMhz = kNaN; ///< mean

    bool any() const;
};

/// A step's power over an interval, from the samples that fell inside it.
struct GpuWindow
{
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    int samples = 0; ///< readings used: those inside the interval and the nearest on either side
    int gpus = 0;
    double seconds = 0; ///< the part of the interval the readings span
    double meanPowerW = kNaN; ///< energy / seconds, or the one reading when only one fell inside
    double energyJ = kNaN; ///< over `seconds`
    bool fromEnergyCounter = false; ///< the energy is the counters' difference, not power integrated
    double smActive = kNaN; ///< mean over the samples
    double utilization = kNaN;
    double peakMemoryUsedMib = kNaN;
    double smClockMhz = kNaN;

    /// The readings used span more than kMostSpan times the interval (a step shorter than about four times the time
    /// between readings): what the GPUs drew in the moments around the step would weigh on its figure, so it is not
    /// taken for the step's.
    bool diluted = false;
    static constexpr double kMostSpan = 1.5;

    bool measured() const { return samples > 0 && meanPowerW == meanPowerW && !diluted; }
};

/// A step's GPU telemetry as the run store keeps it (the steps' `gpu` column): its source and readings, or a
/// sentence saying why there are none. Readings at the sampler's interval (a second), so a step of minutes holds a
/// few hundred.
struct GpuSeries
{
    QString source; ///< "dcgm", "nvidia-smi"; empty when nothing was measured
    QString note; ///< why nothing was measured ("nvidia-smi not found …"); empty when readings came
    std::vector<GpuSample> samples; ///< in time order

    bool measured() const { return !samples.empty(); }
    /// "DCGM exporter", "nvidia-smi".
    QString sourceName() const;

    QJsonObject toJson() const;
    static GpuSeries fromJson(const QJsonObject& json);

    /// The power over [fromNs, toNs] (monotonic, the run's clock), from the readings inside it and the nearest on
    /// either side, linear between readings: the energy counters' difference where they bracket it, else the power
    /// readings integrated. Over the part of the interval the readings span; none there: not measured.
    GpuWindow window(std::int64_t fromNs, std::int64_t toNs) const;

    /// The readings of `nvidia-smi --query-gpu=<nvidiaSmiFields()> --format=csv,noheader,nounits`, a line per GPU;
    /// "[N/A]" and "[Not Supported]" fields stay NaN. Nullopt when no line parses.
    static std::optional<GpuSample> parseNvidiaSmi(const QByteArray& output);
    static QString nvidiaSmiFields();
    /// The readings of a DCGM exporter's /metrics text, a sample per GPU (label `gpu`). Nullopt when it holds no
    /// DCGM_FI_* field Kneepoint reads.
    static std::optional<GpuSample> parseDcgm(const QByteArray& metrics);
};

} // namespace kp::core
