// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchsession.h"

#include "core/launch/launchrecord.h"
#include "core/launch/vramsampler.h"
#include "core/store/runstore.h"

#include <QDir>
#include <QHostAddress>
#include <QTcpServer>

#include <algorithm>

namespace kp::core {

namespace {

/// The port itself when it is free, any free one for 0; -1 when it is taken.
int claimPort(const QString& host, int port)
{
    QTcpServer probe;
    const QHostAddress address = host == u"0.0.0.0" ? QHostAddress(QHostAddress::AnyIPv4) : QHostAddress(host);
    if (!probe.listen(address, quint16(port)))
        return -1;
    return probe.serverPort();
}

} // namespace

LaunchSession::LaunchSession(const LaunchPreparation& prepared, QObject* parent)
    : QObject(parent)
    , m_prepared(prepared)
    , m_logPath(LaunchRecord::directory() + u'/' + prepared.plan.id + QStringLiteral(".log"))
{ }

LaunchSession::~LaunchSession()
{
    stop();
}

QUrl LaunchSession::baseUrl() const
{
    return isReady() ? m_launcher->baseUrl() : QUrl();
}

bool LaunchSession::isReady() const
{
    // The launcher leaves Ready when it is stopped or its server ends by itself.
    return m_launcher && m_launcher->stage() == ServerLauncher::Stage::Ready;
}

double LaunchSession::startupSeconds() const
{
    return m_launcher ? m_launcher->startupSeconds() : -1;
}

void LaunchSession::start()
{
    if (m_launcher || m_stopped)
        return;
    if (!m_prepared.ok()) {
        Q_EMIT failed(m_prepared.refusal);
        return;
    }
    for (const QString& s : cleanUpStaleLaunches())
        Q_EMIT notice(s);
    LaunchPlan& plan = m_prepared.plan;
    const int wanted = m_prepared.request.port;
    const int port = claimPort(plan.host, wanted);
    if (port < 0) {
        Q_EMIT failed(QStringLiteral("port %1 on %2 is in use: pass --port with a free one (or --port 0 for any).")
                          .arg(wanted)
                          .arg(plan.host));
        return;
    }
    plan.port = port;
    // Docker would create a missing cache directory owned by root.
    if (!plan.hfCache.isEmpty())
        QDir().mkpath(plan.hfCache);
    for (const QString& w : std::as_const(m_prepared.warnings))
        Q_EMIT notice(w);
    // The memory and runtime lines of the check; the image and command lines are a dry run's.
    for (const QString& line : m_prepared.checkLines().mid(0, 2))
        Q_EMIT notice(line);

    ServerLauncher::Options options;
    options.healthTimeoutMs = m_prepared.request.healthTimeoutS * 1000;
    options.logPath = m_logPath;
    m_launcher = std::make_unique<ServerLauncher>(plan, options);
    connect(m_launcher.get(), &ServerLauncher::stageChanged, this, &LaunchSession::stageChanged);
    connect(m_launcher.get(), &ServerLauncher::progress, this, &LaunchSession::progress);
    connect(m_launcher.get(), &ServerLauncher::logLine, this, &LaunchSession::logLine);
    connect(m_launcher.get(), &ServerLauncher::failed, this, &LaunchSession::failed);
    connect(m_launcher.get(), &ServerLauncher::exitedUnexpectedly, this, &LaunchSession::failed);
    connect(m_launcher.get(), &ServerLauncher::ready, this, [this] {
        // A simulated server holds no GPU memory: this machine's GPU, if it has one, is not the one modelled.
        if (m_prepared.plan.runtime == LaunchRuntime::Simulated) {
            m_vramPeaks = {{QStringLiteral("peak_vram_note"),
                QStringLiteral("the server is simulated, so no GPU memory was in use to read")}};
        } else {
            m_vram = std::make_unique<VramSampler>(QUrl(m_prepared.request.dcgmUrl), m_prepared.plan.gpuDevices);
            m_vram->start();
        }
        Q_EMIT ready(m_launcher->baseUrl());
    });
    m_launcher->start();
}

void LaunchSession::stop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    if (m_vram) {
        m_vram->stop();
        m_vramPeaks = m_vram->toJson();
    }
    if (m_launcher)
        m_launcher->stop();
    Q_EMIT stopped();
}

QJsonObject LaunchSession::facts() const
{
    QJsonObject facts = m_launcher ? m_launcher->facts() : m_prepared.plan.toJson();
    facts[QStringLiteral("memory_estimate")] = m_prepared.memoryFacts;
    const QJsonObject peaks = m_vram && !m_stopped ? m_vram->toJson() : m_vramPeaks;
    for (auto it = peaks.begin(); it != peaks.end(); ++it)
        facts.insert(it.key(), it.value());
    return facts;
}

RunOptions LaunchSession::sweepOf(RunOptions sweep) const
{
    sweep.url = baseUrl();
    sweep.model = m_prepared.plan.servedModelName;
    sweep.gpu = m_prepared.request.gpu;
    sweep.gpuCount = m_prepared.plan.gpus;
    if (m_prepared.plan.runtime == LaunchRuntime::Simulated)
        sweep.gpuTelemetry = false; // no GPU works for it
    if (sweep.gpuTelemetry) {
        sweep.dcgmUrl = m_prepared.request.dcgmUrl;
        sweep.gpuDevices = m_prepared.plan.gpuDevices;
    }
    return sweep;
}

bool LaunchSession::recordWith(RunStore& store, qint64 runId, QString* error) const
{
    const auto stored = store.run(runId);
    if (!stored) {
        *error = QStringLiteral("run %1 is not in %2.").arg(runId).arg(store.path());
        return false;
    }
    QJsonObject launch = facts();
    double kvPeak = -1;
    for (const StoredStep& step : stored->steps) {
        for (const StoredMetricsSample& s : store.metricsSamples(step.id))
            kvPeak = std::max(kvPeak, s.values.value(u"kvUsage").toDouble(-1));
    }
    if (kvPeak >= 0)
        launch[QStringLiteral("kv_cache_peak_usage")] = kvPeak;
    QJsonObject runFacts = stored->info.facts;
    runFacts[QStringLiteral("launch")] = launch;
    return store.updateFacts(runId, runFacts, error);
}

} // namespace kp::core
