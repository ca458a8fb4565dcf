// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "vramsampler.h"

#include "net/prometheustext.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>

namespace kp::core {

VramSampler::VramSampler(const QUrl& dcgmUrl, const QString& gpuDevices, int intervalMs, QObject* parent)
    : QObject(parent)
    , m_dcgmUrl(dcgmUrl)
    , m_gpuDevices(gpuDevices)
{
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &VramSampler::sample);
}

VramSampler::~VramSampler()
{
    stop();
}

QString VramSampler::source() const
{
    return m_dcgmUrl.isValid() && !m_dcgmUrl.isEmpty() ? QStringLiteral("dcgm") : QStringLiteral("nvidia-smi");
}

void VramSampler::start()
{
    if (source() == u"nvidia-smi") {
        m_program = QStandardPaths::findExecutable(QStringLiteral("nvidia-smi"));
        if (m_program.isEmpty()) {
            m_error = QStringLiteral("peak VRAM not measured: nvidia-smi not found");
            return;
        }
        m_process = new QProcess(this);
        connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
            m_busy = false;
            const QByteArray out = m_process->readAllStandardOutput();
            if (status != QProcess::NormalExit || code != 0) {
                m_error = QStringLiteral("peak VRAM not measured: nvidia-smi failed (exit %1)").arg(code);
                return;
            }
            take(parseNvidiaSmi(out));
        });
    } else {
        m_network = new QNetworkAccessManager(this);
    }
    sample();
    m_timer.start();
}

void VramSampler::stop()
{
    m_timer.stop();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->waitForFinished(2000);
        if (m_process->state() != QProcess::NotRunning)
            m_process->kill();
    }
}

void VramSampler::sample()
{
    if (m_busy)
        return;
    m_busy = true;
    if (m_process) {
        QStringList args {QStringLiteral("--query-gpu=memory.used"), QStringLiteral("--format=csv,noheader,nounits")};
        if (!m_gpuDevices.isEmpty())
            args << QStringLiteral("-i") << m_gpuDevices;
        m_process->start(m_program, args);
        return;
    }
    if (!m_network) {
        m_busy = false;
        return;
    }
    QNetworkRequest request(m_dcgmUrl);
    request.setTransferTimeout(5000);
    QNetworkReply* reply = m_network->get(request);
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        m_busy = false;
        if (reply->error() != QNetworkReply::NoError) {
            m_error = QStringLiteral("peak VRAM not measured: the DCGM exporter at %1 did not answer (%2)")
                          .arg(m_dcgmUrl.toString(), reply->errorString());
            return;
        }
        const auto mib = parseDcgm(reply->readAll());
        if (!mib)
            m_error = QStringLiteral("peak VRAM not measured: %1 has no DCGM_FI_DEV_FB_USED").arg(m_dcgmUrl.toString());
        take(mib);
    });
}

void VramSampler::take(std::optional<double> mib)
{
    if (!mib)
        return;
    ++m_samples;
    m_peakMib = std::max(m_peakMib.value_or(0), *mib);
    m_error.clear();
}

QString VramSampler::whyNot() const
{
    if (m_peakMib)
        return {};
    return m_error.isEmpty() ? QStringLiteral("peak VRAM not measured: no sample arrived") : m_error;
}

QJsonObject VramSampler::toJson() const
{
    if (!m_peakMib)
        return {{QStringLiteral("peak_vram_note"), whyNot()}};
    return {{QStringLiteral("peak_vram_mib"), *m_peakMib}, {QStringLiteral("peak_vram_source"), source()},
        {QStringLiteral("peak_vram_samples"), m_samples}};
}

std::optional<double> VramSampler::parseNvidiaSmi(const QByteArray& output)
{
    std::optional<double> peak;
    for (const QByteArray& line : output.split('\n')) {
        bool ok = false;
        const double v = line.trimmed().toDouble(&ok);
        if (ok && std::isfinite(v))
            peak = std::max(peak.value_or(0), v);
    }
    return peak;
}

std::optional<double> VramSampler::parseDcgm(const QByteArray& metrics)
{
    const PrometheusText text = PrometheusText::parse(metrics);
    std::optional<double> peak;
    for (const PrometheusSample& s : text.samples) {
        if (s.name == "DCGM_FI_DEV_FB_USED" && std::isfinite(s.value))
            peak = std::max(peak.value_or(0), s.value);
    }
    return peak;
}

} // namespace kp::core
