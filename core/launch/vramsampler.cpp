// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/vramsampler.h"

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

std::optional<double> memoryOf(const std::optional<GpuSample>& reading)
{
    if (!reading || !std::isfinite(reading->memoryUsedMib))
        return std::nullopt;
    return reading->memoryUsedMib;
}

} // namespace

VramSampler::VramSampler(const QUrl& dcgmUrl, const QString& gpuDevices, int intervalMs)
    : m_sampler(dcgmUrl, gpuDevices, intervalMs)
{ }

std::optional<double> VramSampler::peakMib() const
{
    std::optional<double> peak;
    for (const GpuSample& s : m_sampler.samples()) {
        if (std::isfinite(s.memoryUsedMib))
            peak = std::max(peak.value_or(0), s.memoryUsedMib);
    }
    return peak;
}

QString VramSampler::whyNot() const
{
    if (peakMib())
        return {};
    const QString note = m_sampler.note();
    return QStringLiteral("peak VRAM not measured: %1")
        .arg(note.isEmpty() ? QStringLiteral("no reading carried the memory in use") : note);
}

QJsonObject VramSampler::toJson() const
{
    const std::optional<double> peak = peakMib();
    if (!peak)
        return {{QStringLiteral("peak_vram_note"), whyNot()}};
    const auto samples = std::count_if(m_sampler.samples().begin(), m_sampler.samples().end(),
        [](const GpuSample& s) { return std::isfinite(s.memoryUsedMib); });
    return {{QStringLiteral("peak_vram_mib"), *peak}, {QStringLiteral("peak_vram_source"), source()},
        {QStringLiteral("peak_vram_samples"), qint64(samples)}};
}

std::optional<double> VramSampler::parseNvidiaSmi(const QByteArray& output)
{
    return memoryOf(GpuSeries::parseNvidiaSmi(output));
}

std::optional<double> VramSampler::parseDcgm(const QByteArray& metrics)
{
    return memoryOf(GpuSeries::parseDcgm(metrics));
}

} // namespace kp::core
