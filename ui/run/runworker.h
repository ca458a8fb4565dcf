// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"
#include "core/run/runpipeline.h"

#include <QObject>

#include <memory>

namespace kp::core {
class RunStore;
}

namespace kp::ui {

/// RunController's half on the worker thread: owns the run's own RunStore connection and its RunPipeline, both made
/// in start() on that thread and destroyed in release() on it, and relays the pipeline's signals. Not for use on its
/// own; RunController creates, moves and deletes it.
class RunWorker : public QObject
{
    Q_OBJECT
public:
    RunWorker(const core::RunOptions& options, const QByteArray& apiKey, const QString& databasePath,
        const QString& connectionName);
    ~RunWorker() override;

    /// Opens the store and starts the pipeline; finished() follows once, even when the store cannot be opened.
    void start();
    /// Cancels the step in progress; the pipeline keeps what completed and marks the run stopped.
    void cancel();
    /// Holds the run at the next step boundary, or lets it go on (RunPipeline::hold).
    void hold(bool held);
    /// Cancels and quits the thread once the pipeline has finished (at once when nothing runs).
    void shutdown();
    /// Destroys the pipeline, then the store. Called on the worker thread as it finishes.
    void release();

Q_SIGNALS:
    /// The run is stored; with the server's speed and the network's round trip (ms, -1 when not measured).
    void runCreated(qint64 runId, double timeScale, double roundTripMs);
    void stageChanged(kp::core::RunStage stage, const QString& detail);
    void progress(int stepsDone, int stepsTotal, double elapsedSeconds, double remainingSeconds, const QString& what);
    void stepFinished(const kp::core::RunPipeline::StepOutcome& outcome);
    void metricsSampled(const kp::core::MetricsSample& sample);
    void requestsMeasured(const QList<kp::core::RequestDot>& dots);
    /// RunPipeline::quiet: no request has ended for `seconds`.
    void quiet(int seconds, int timeoutSeconds);
    /// RunPipeline::stepPlanned.
    void stepPlanned(int plannedRequests, double estimatedSeconds, bool timed);
    /// RunPipeline::planSized: the plan sized after the baseline; when `held`, the run waits for hold(false).
    void planSized(const QString& sentence, double seconds, bool held);
    void finished(kp::core::RunStatus status, const QString& reason);

private:
    void onFinished(core::RunStatus status, const QString& reason);

    core::RunOptions m_options;
    QByteArray m_apiKey;
    QString m_databasePath;
    QString m_connectionName;
    // The store is declared first so that it outlives the pipeline writing to it.
    std::unique_ptr<core::RunStore> m_store;
    std::unique_ptr<core::RunPipeline> m_pipeline;
    bool m_announced = false;
    bool m_done = false;
};

} // namespace kp::ui
