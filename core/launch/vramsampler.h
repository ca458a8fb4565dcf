// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <optional>

class QNetworkAccessManager;
class QProcess;

namespace kp::core {

/// Samples GPU memory in use while a launched server runs, keeping the peak: from `nvidia-smi --query-gpu=memory.used`
/// when the GPU is on this machine, or from a DCGM exporter's DCGM_FI_DEV_FB_USED gauge (MiB, one sample per GPU).
/// The peak is the busiest GPU's: with tensor parallelism each GPU holds its share, and the one nearest its limit is
/// the one that matters.
class VramSampler : public QObject
{
    Q_OBJECT
public:
    /// Samples from `dcgmUrl` when it is valid, else from nvidia-smi (`gpuDevices` "0,1" limits it to those GPUs).
    VramSampler(const QUrl& dcgmUrl, const QString& gpuDevices, int intervalMs = 1000, QObject* parent = nullptr);
    ~VramSampler() override;

    void start();
    void stop();

    std::optional<double> peakMib() const { return m_peakMib; }
    /// "nvidia-smi" or "dcgm".
    QString source() const;
    /// Why there is no figure ("peak VRAM not measured: nvidia-smi not found"); empty once a sample arrived.
    QString whyNot() const;
    /// peak_vram_mib, peak_vram_source, samples; or peak_vram_note when nothing was measured.
    QJsonObject toJson() const;

    /// The largest memory.used of nvidia-smi's csv,noheader,nounits output (one MiB figure per line).
    static std::optional<double> parseNvidiaSmi(const QByteArray& output);
    /// The largest DCGM_FI_DEV_FB_USED sample of a Prometheus text.
    static std::optional<double> parseDcgm(const QByteArray& metrics);

private:
    void sample();
    void take(std::optional<double> mib);

    QUrl m_dcgmUrl;
    QString m_gpuDevices;
    QTimer m_timer;
    QNetworkAccessManager* m_network = nullptr;
    QProcess* m_process = nullptr;
    QString m_program; ///< nvidia-smi's path; empty when not found
    std::optional<double> m_peakMib;
    int m_samples = 0;
    QString m_error;
    bool m_busy = false;
};

} // namespace kp::core
