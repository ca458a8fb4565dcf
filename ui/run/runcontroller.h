// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"
#include "core/run/runpipeline.h"
#include "core/server/serverfacts.h"
#include "core/store/runstore.h"

#include <QObject>

#include <cstdint>

class QThread;

namespace kp::ui {

class RunWorker;

/// Runs one kp::core::RunPipeline at a time on a worker thread of its own, so that the GUI thread never waits on the
/// server, the load or the database. The worker opens its own RunStore connection on the database path it is given;
/// the pipeline's signals reach the GUI thread queued, as values.
///
/// Deleting the controller stops a run in progress (completed steps are kept) and waits for the thread.
class RunController : public QObject
{
    Q_OBJECT
public:
    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    /// Starts a run of `options` against its URL, stored in the SQLite file at `databasePath`. The key is used and
    /// never stored. Returns false, doing nothing, while a run is in progress.
    bool start(const core::RunOptions& options, const QByteArray& apiKey, const QString& databasePath);
    /// From start() until finished() has been emitted.
    bool isRunning() const { return m_running; }

    /// The run's options with the product's defaults filled in: its targets, percentile and sweep.
    const core::RunOptions& options() const { return m_options; }
    /// The stored run's id once runCreated() has been emitted, else -1.
    qint64 runId() const { return m_runId; }
    /// The server's time per client second (the simulator's speed, else 1), known at runCreated(); 1 before.
    double timeScale() const { return m_timeScale; }
    /// The network's median round trip to the server in ms, known at runCreated(); 0 before or when not measured.
    /// TTFT figures leave it out, as the report does.
    double roundTripMs() const { return m_roundTripMs; }
    /// When start() was called, on the monotonic clock of MetricsSample::ns.
    std::int64_t startedNs() const { return m_startedNs; }

public Q_SLOTS:
    /// Cancels the step in progress: completed steps are kept, the run is marked stopped, finished() follows.
    void stop();
    /// Holds the run before its next step while `held` (the step in progress completes as measured); false lets it
    /// go on. The window holds a run while it asks whether to quit.
    void hold(bool held);

Q_SIGNALS:
    /// A run was started; the other signals follow, finished() last.
    void started();
    /// The run is stored under `runId`, and the server's speed is known (see timeScale()).
    void runCreated(qint64 runId, double timeScale);
    void stageChanged(kp::core::RunStage stage, const QString& detail);
    /// As RunPipeline::progress(): `remainingSeconds` is a guess in real seconds, negative while there is none.
    void progress(int stepsDone, int stepsTotal, double elapsedSeconds, double remainingSeconds, const QString& what);
    /// A step completed and is stored; its statistics are on the client's clock (multiply by timeScale()).
    void stepFinished(const kp::core::RunPipeline::StepOutcome& outcome);
    /// A /metrics scrape taken while a step runs.
    void metricsSampled(const kp::core::MetricsSample& sample);
    /// Requests of the step in progress as they finish: when they ended and their TTFT, on the client's clock.
    void requestsMeasured(const QList<kp::core::RequestDot>& dots);
    /// No request of the step in progress has ended for `seconds` (RunPipeline::quiet).
    void quiet(int seconds, int timeoutSeconds);
    /// As RunPipeline::stepPlanned(): the step progress() named measures `plannedRequests`, is estimated to take
    /// `estimatedSeconds` real seconds (negative: unknown), and ends after that long when `timed`.
    void stepPlanned(int plannedRequests, double estimatedSeconds, bool timed);
    /// After the baseline: how long the rest of the run takes at the least; when `held` (over an hour) the run waits
    /// before its next step until hold(false) lets it go on or stop() ends it.
    void planSized(const QString& sentence, double seconds, bool held);
    void finished(kp::core::RunStatus status, const QString& reason);

private:
    void joinThread();

    QThread* m_thread = nullptr;
    RunWorker* m_worker = nullptr;
    core::RunOptions m_options;
    qint64 m_runId = -1;
    double m_timeScale = 1;
    double m_roundTripMs = 0;
    std::int64_t m_startedNs = 0;
    bool m_running = false;
    // Each run's relayed signals carry the run's generation: anything still queued from an earlier one is dropped.
    quint64 m_generation = 0;
};

} // namespace kp::ui
