// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/telemetry/gpuseries.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <memory>

class QProcess;

namespace kp::core {

class HttpClient;

/// Reads the server's GPUs every interval while a run or a launch lasts: a DCGM exporter's /metrics when given one
/// (the GPU may be on another machine), else this machine's `nvidia-smi`. It never waits: a reading still out when
/// the next is due is skipped, and one that fails is counted, so a slow exporter costs readings, never the run.
class GpuSampler : public QObject
{
    Q_OBJECT
public:
    /// Reads `dcgmUrl` when it is valid, else nvidia-smi (`gpuDevices` "0,1" limits it to those GPUs).
    GpuSampler(const QUrl& dcgmUrl, const QString& gpuDevices, int intervalMs = 1000, QObject* parent = nullptr);
    ~GpuSampler() override;

    /// Starts reading; when there is nothing to read from (no nvidia-smi), note() says so and no reading comes.
    void start();
    void stop();

    /// Whether start() found something to read from: false when nvidia-smi is not installed.
    bool canRead() const { return m_process || m_dcgm; }
    /// "dcgm" or "nvidia-smi".
    QString source() const;
    /// Why no reading came ("nvidia-smi not found on this machine"); empty once one did.
    QString note() const;
    /// The readings taken in [fromNs, toNs] (the run's monotonic clock) with the nearest on either side, or the note
    /// when none tells about the interval.
    GpuSeries between(std::int64_t fromNs, std::int64_t toNs) const;
    /// Takes a reading now and waits for it (at most 2 s, after the one under way): a step's closing reading, so that
    /// its energy is bracketed however short it was.
    void readNow();
    /// Asks for a reading now, without waiting, unless one is under way: a step's opening reading.
    void read();
    const std::vector<GpuSample>& samples() const { return m_samples; }
    int failures() const { return m_failures; }

Q_SIGNALS:
    void sampled(const kp::core::GpuSample& sample);
    /// A reading ended, with or without a figure.
    void settled();

private:
    void take(std::optional<GpuSample> reading, std::int64_t askedNs, const QString& failure);

    QUrl m_dcgmUrl;
    QString m_gpuDevices;
    QTimer m_timer;
    /// The exporter's client: without the server's API key, which is not the exporter's to see.
    std::unique_ptr<HttpClient> m_dcgm;
    QProcess* m_process = nullptr;
    QString m_program; ///< nvidia-smi's path; empty when not found
    std::vector<GpuSample> m_samples;
    int m_failures = 0;
    QString m_error;
    bool m_busy = false;
    std::int64_t m_askedNs = 0;
};

} // namespace kp::core
