// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/telemetry/gpusampler.h"

#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <optional>

namespace kp::core {

/// The peak GPU memory in use while a launched server runs, from the GPU readings (GpuSampler: nvidia-smi when the GPU
/// is on this machine, else a DCGM exporter). The peak is the busiest GPU's: with tensor parallelism each GPU holds its
/// share, and the one nearest its limit is the one that matters.
class VramSampler
{
public:
    /// Reads `dcgmUrl` when it is valid, else nvidia-smi (`gpuDevices` "0,1" limits it to those GPUs).
    VramSampler(const QUrl& dcgmUrl, const QString& gpuDevices, int intervalMs = 1000);

    void start() { m_sampler.start(); }
    void stop() { m_sampler.stop(); }

    std::optional<double> peakMib() const;
    /// "nvidia-smi" or "dcgm".
    QString source() const { return m_sampler.source(); }
    /// Why there is no figure ("peak VRAM not measured: nvidia-smi not found"); empty once a reading arrived.
    QString whyNot() const;
    /// peak_vram_mib, peak_vram_source, samples; or peak_vram_note when nothing was measured.
    QJsonObject toJson() const;

    /// The busiest GPU's memory in use in one reading of nvidia-smi or a DCGM exporter (GpuSeries' parsers).
    static std::optional<double> parseNvidiaSmi(const QByteArray& output);
    static std::optional<double> parseDcgm(const QByteArray& metrics);

private:
    GpuSampler m_sampler;
};

} // namespace kp::core
