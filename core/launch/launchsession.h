// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchrequest.h"
#include "core/launch/serverlauncher.h"
#include "core/plan/runoptions.h"

#include <QJsonObject>
#include <QObject>
#include <QUrl>

#include <memory>

namespace kp::core {

class RunStore;
class VramSampler;

/// One launch from a prepared plan to its clean-up: what `kneepoint launch`, its --then-run and the launch dialog
/// all drive, through the same signals. start() clears up what crashed launches left, claims the port, starts and
/// proves the server (ServerLauncher), then samples peak VRAM while it serves; stop() stops and removes it.
/// Lives on one thread with an event loop (the dialog gives it a thread of its own, since stop() blocks for the
/// clean-up); the server is started from that thread, which must outlive it (Linux ties the server's parent-death
/// signal to the starting thread).
class LaunchSession : public QObject
{
    Q_OBJECT
public:
    explicit LaunchSession(const LaunchPreparation& prepared, QObject* parent = nullptr);
    ~LaunchSession() override;

    const LaunchPreparation& preparation() const { return m_prepared; }
    /// The proven server's address; empty until ready.
    QUrl baseUrl() const;
    bool isReady() const;
    double startupSeconds() const;
    /// Where the server's whole output is written.
    QString logPath() const { return m_logPath; }
    /// What the launch learnt, for the run's facts: the plan's, the log's, the memory estimate, peak VRAM.
    QJsonObject facts() const;
    /// `sweep` aimed at the proven server: its address, the name it serves, its GPU and their count, and its GPUs read
    /// as the launch reads them (its DCGM exporter, else nvidia-smi on the GPUs it was given). What `launch
    /// --then-run` and each trial of an experiment measure.
    RunOptions sweepOf(RunOptions sweep) const;
    /// Adds facts() to a stored run's facts (under "launch"), with the KV cache's peak usage its samples saw.
    bool recordWith(RunStore& store, qint64 runId, QString* error) const;

public Q_SLOTS:
    void start();
    /// Stops and removes the server (blocking for the clean-up's timeouts), then says stopped(). Idempotent.
    void stop();

Q_SIGNALS:
    /// A line worth telling before or around start-up: a launch left behind and removed, a warning.
    void notice(const QString& line);
    void stageChanged(kp::core::ServerLauncher::Stage stage, const QString& detail);
    /// A step of start-up worth showing ("loading weights: 2/4 shards").
    void progress(const QString& what);
    /// A line of the server's own output, secrets removed.
    void logLine(const QString& line);
    /// Proven: /health, /v1/models and the greedy smoke test passed.
    void ready(const QUrl& url);
    /// It could not start, or it ended by itself after it was ready: the sentence says which check or how.
    void failed(const QString& sentence);
    /// stop() is done: the server is stopped and removed.
    void stopped();

private:
    LaunchPreparation m_prepared;
    QString m_logPath;
    std::unique_ptr<ServerLauncher> m_launcher;
    std::unique_ptr<VramSampler> m_vram;
    QJsonObject m_vramPeaks;
    bool m_stopped = false;
};

} // namespace kp::core
