// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/telemetry/gpusampler.h"

#include "core/common/monotonicclock.h"
#include "core/net/httpclient.h"

#include <QEventLoop>
#include <QProcess>
#include <QStandardPaths>

namespace kp::core {

GpuSampler::GpuSampler(const QUrl& dcgmUrl, const QString& gpuDevices, int intervalMs, QObject* parent)
    : QObject(parent)
    , m_dcgmUrl(dcgmUrl)
    , m_gpuDevices(gpuDevices)
{
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &GpuSampler::read);
}

GpuSampler::~GpuSampler()
{
    stop();
}

QString GpuSampler::source() const
{
    return m_dcgmUrl.isValid() && !m_dcgmUrl.isEmpty() ? QStringLiteral("dcgm") : QStringLiteral("nvidia-smi");
}

void GpuSampler::start()
{
    if (source() == u"nvidia-smi") {
        m_program = QStandardPaths::findExecutable(QStringLiteral("nvidia-smi"));
        if (m_program.isEmpty()) {
            m_error = QStringLiteral("nvidia-smi was not found on this machine, and no --dcgm-url was given");
            return;
        }
        m_process = new QProcess(this);
        connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
            if (error != QProcess::FailedToStart)
                return; // a crash ends in finished() as well
            m_busy = false;
            take(std::nullopt, m_askedNs,
                QStringLiteral("nvidia-smi could not be started (%1)").arg(m_process->errorString()));
        });
        connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
            m_busy = false;
            const QByteArray out = m_process->readAllStandardOutput();
            if (status != QProcess::NormalExit || code != 0) {
                take(std::nullopt, m_askedNs, QStringLiteral("nvidia-smi failed (exit %1)").arg(code));
                return;
            }
            take(GpuSeries::parseNvidiaSmi(out), m_askedNs, QStringLiteral("nvidia-smi printed no GPU reading"));
        });
    } else {
        HttpClient::Settings settings;
        // Bounded by the interval: a reading later than the next one is due would say nothing about its moment.
        settings.timeoutMs = std::max(1000, m_timer.interval() * 2);
        // An exporter's page is tens of KB; as the scraper bounds /metrics, the client's memory never follows a
        // server's.
        settings.maxBytes = qint64(4) << 20;
        m_dcgm = std::make_unique<HttpClient>(std::move(settings));
    }
    read();
    m_timer.start();
}

void GpuSampler::stop()
{
    m_timer.stop();
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->waitForFinished(2000);
        if (m_process->state() != QProcess::NotRunning)
            m_process->kill();
    }
}

void GpuSampler::read()
{
    if (m_busy)
        return;
    m_busy = true;
    m_askedNs = monotonicNowNs();
    if (m_process) {
        QStringList args {QStringLiteral("--query-gpu=") + GpuSeries::nvidiaSmiFields(),
            QStringLiteral("--format=csv,noheader,nounits")};
        if (!m_gpuDevices.isEmpty())
            args << QStringLiteral("-i") << m_gpuDevices;
        m_process->start(m_program, args);
        return;
    }
    if (!m_dcgm) {
        m_busy = false;
        return;
    }
    const std::int64_t asked = m_askedNs;
    connect(m_dcgm->start(HttpClient::Request::get(m_dcgmUrl)), &HttpExchange::answered, this,
        [this, asked](const HttpAnswer& answer) {
            m_busy = false;
            const QString where = m_dcgmUrl.toDisplayString(QUrl::RemoveUserInfo);
            if (!answer.ok()) {
                take(std::nullopt, asked,
                    QStringLiteral("the DCGM exporter at %1 did not answer (%2)").arg(where, answer.why()));
                return;
            }
            take(GpuSeries::parseDcgm(answer.body), asked,
                QStringLiteral("%1 holds no DCGM_FI_* field (is it a DCGM exporter?)").arg(where));
        });
}

void GpuSampler::take(std::optional<GpuSample> reading, std::int64_t askedNs, const QString& failure)
{
    Q_EMIT settled();
    if (!reading) {
        ++m_failures;
        if (m_samples.empty())
            m_error = failure;
        return;
    }
    reading->ns = askedNs;
    m_samples.push_back(*reading);
    m_error.clear();
    Q_EMIT sampled(*reading);
}

QString GpuSampler::note() const
{
    if (!m_samples.empty())
        return {};
    return m_error.isEmpty() ? QStringLiteral("no GPU reading arrived") : m_error;
}

GpuSeries GpuSampler::between(std::int64_t fromNs, std::int64_t toNs) const
{
    GpuSeries series;
    series.source = source();
    // With the nearest reading on either side, so that GpuSeries::window() can take the step's share of a reading
    // interval longer than the step.
    const GpuSample* before = nullptr;
    bool inside = false;
    for (const GpuSample& s : m_samples) {
        if (s.ns < fromNs) {
            before = &s;
            continue;
        }
        if (before && series.samples.empty())
            series.samples.push_back(*before);
        series.samples.push_back(s);
        inside = inside || s.ns <= toNs;
        if (s.ns > toNs)
            break;
    }
    if (series.samples.size() < 2 && !inside) {
        series.samples.clear();
        series.source.clear();
        series.note = m_samples.empty() ? note() : QStringLiteral("no GPU reading fell within the step");
    }
    return series;
}

void GpuSampler::readNow()
{
    // The reading under way first (a second one is never asked of a slow source), then a fresh one, each waited for
    // as the scraper waits for its closing scrape: bounded, and only while something can be read.
    const auto settle = [this] {
        if (!m_busy)
            return;
        QEventLoop loop;
        QTimer deadline;
        deadline.setSingleShot(true);
        connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
        connect(this, &GpuSampler::settled, &loop, &QEventLoop::quit);
        deadline.start(2000);
        loop.exec();
    };
    if (!canRead())
        return;
    settle();
    read();
    settle();
}

} // namespace kp::core
