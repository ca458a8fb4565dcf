// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadengine.h"
#include "core/load/workload.h"
#include "core/plan/runoptions.h"
#include "core/plan/runplan.h"
#include "core/plan/stepbudget.h"
#include "core/run/runstage.h"
#include "core/server/prefixcacheresets.h"
#include "core/server/serverdeltas.h"
#include "core/server/serverfacts.h"
#include "core/stats/stepstatistics.h"
#include "core/store/clockanchor.h"
#include "core/store/networkfacts.h"
#include "core/store/runstore.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QObject>

#include <map>
#include <memory>
#include <optional>
#include <vector>

class QTimer;
class QUrl;

namespace kp::core {

struct RunData;

class GpuSampler;
class MetricsScraper;
class ServerWatch;
struct DoctorReport;

/// A run: doctor, detect, then the phases in order (baseline, concurrency sweep, optional rate and shape sweeps),
/// each step stored the moment it completes. The command line and the GUI drive the same pipeline through its
/// signals; it never blocks the thread it lives in for longer than the start-up checks.
class RunPipeline : public QObject
{
    Q_OBJECT
public:
    /// One planned step (RunPlan).
    using PlannedStep = kp::core::PlannedStep;
    struct StepOutcome
    {
        PlannedStep planned;
        qint64 stepId = -1;
        StepStatistics stats; ///< on the raw (client) clock; multiply by timeScale() for the server's time
        ServerDeltas server; ///< what the server's /metrics said about the step
        bool cancelled = false; ///< the user stopped the step: stored, shown as stopped, never judged
    };

    RunPipeline(const RunOptions& options, const QByteArray& apiKey, RunStore* store, QObject* parent = nullptr);
    ~RunPipeline() override;

    void start();
    /// Stops cleanly: the step in progress is cancelled and kept, the run is marked stopped.
    void cancel();
    /// Holds the run at the next step boundary while `held` (the window asks whether to quit): the step in progress
    /// completes as measured, the next one waits. A sharded run is never held: its shards start each step together.
    void hold(bool held);
    bool isWaitingOnHold() const { return m_waitingOnHold; }

    qint64 runId() const { return m_runId; }
    const ServerFacts& facts() const { return m_facts; }
    const RunOptions& options() const { return m_options; }
    const std::vector<StepOutcome>& outcomes() const { return m_outcomes; }
    /// The step in progress, or about to start (null once the plan is done): its plan says how many requests it
    /// measures, for progress inside the step.
    const PlannedStep* currentStep() const { return m_next < m_plan.size() ? &m_plan[m_next] : nullptr; }
    /// The server's time per client second: the simulator's speed, else 1.
    double timeScale() const { return m_facts.timeScale.value_or(1.0); }
    /// The network between client and server: TCP connect, TLS handshake and the median /health round trip, ms.
    const NetworkFacts& network() const { return m_network; }
    /// The median /health round trip in ms (-1 when it could not be measured): TTFT targets are judged with it
    /// subtracted, on the server's side of the network.
    double roundTripMs() const { return m_network.roundTripMeasured() ? m_network.healthRoundTripMedianMs : -1; }

Q_SIGNALS:
    /// Where the run is between and around its steps, with a detail in words (empty when there is none to say).
    void stageChanged(kp::core::RunStage stage, const QString& detail);
    /// The measured requests of the step in progress as they finish (LoadEngine::requestsMeasured).
    void requestsMeasured(const QList<kp::core::RequestDot>& dots);
    void progress(int stepsDone, int stepsTotal, double elapsedSeconds, double remainingSeconds, const QString& what);
    /// The step that progress() just named: the requests it measures, how long it is estimated to take in real
    /// seconds (negative when unknown) and whether it is `timed` (it ends after that long, or its requests, whichever
    /// comes first), so that a view can say how far into the step it is and count the time left down within it.
    void stepPlanned(int plannedRequests, double estimatedSeconds, bool timed);
    /// No request of the step in progress has ended for `seconds` (said at quietNoticeSeconds(), then each time the
    /// silence doubles): a server that
    /// sends nothing, or a byte at a time, holds each request up to the request timeout, `timeoutSeconds`, and the
    /// user is told so instead of waiting in silence.
    void quiet(int seconds, int timeoutSeconds);
    void stepFinished(const kp::core::RunPipeline::StepOutcome& outcome);
    void finished(kp::core::RunStatus status, const QString& reason);
    /// Each /metrics scrape while a step runs (on the client's monotonic clock), for live charts.
    void metricsSampled(const kp::core::MetricsSample& sample);
    /// After the baseline: the rest of the run sized to the server (StepBudget), the sentence that says how long it
    /// takes (a range), and the range's long end in real seconds: the run ends within it. Said again if the
    /// concurrency sweep goes on where the plan expected it to stop.
    /// When that is more than StepBudget::kAskAboveSeconds the pipeline holds before its next step: the receiver
    /// asks, then calls hold(false) to go on or cancel() to stop; `held` says whether it must answer.
    void planSized(const QString& sentence, double seconds, bool held);

public:
    /// When quiet() is first said: at 30 s, or at a quarter of a request timeout shorter than 2 min (at least 5 s).
    static int quietNoticeSeconds(int requestTimeoutMs);
    /// Whether `url` names this machine (localhost, a loopback address, its host name or one of its addresses): where
    /// a local nvidia-smi reads the server's GPUs.
    static bool onThisMachine(const QUrl& url);

private:
    void planSteps();
    /// Starts reading the server's GPUs (--dcgm-url, the simulator's own readings, or a local nvidia-smi), or says in
    /// m_gpuNote why they cannot be read.
    void startGpuTelemetry();
    /// After the baseline: sizes the steps still to come to the server's pace and announces the plan (planSized).
    void sizeToTheServer();
    /// The baseline's pace, in the server's time, that the steps after it are sized and timed by.
    StepBudget::Pace pace() const;
    /// Each step's budget in the server's time; 0 where the user sized the steps (--requests).
    double stepBudget() const;
    /// After a sweep's last step: a probe step between the two that bracket capacity, when it is not yet known to
    /// RunOptions::capacityPrecision (CapacitySearch), inserted as the next step.
    void planProbe(const RunData& run, Phase phase);
    /// After the concurrency sweep's last step: the first step that missed while a higher load met every target is
    /// measured again (CapacitySearch::remeasure), once, inserted as the next step, before any probe. True when it
    /// was.
    bool planRemeasure(const RunData& run, Phase phase);
    /// Inserts `step` as the next one, sized to the server's pace like the sweep's (StepBudget).
    void insertNext(PlannedStep step);
    /// The requests of each shape: synthetic prompts of exact sizes, or the user's data set as one shape.
    /// Checks every name of --models against what the server serves, and for llama-server finds its adapters'
    /// routes (ModelMix::llamaCppRoutes); finishes the run with a sentence when a name is served by none.
    bool routeModels(const QByteArray& modelsBody);
    /// What every workload of the run shares: the API, the model or mix and its routes, the seed.
    WorkloadSpec workloadSpec() const;
    bool buildSyntheticWorkloads();
    bool loadDataset();
    /// The trace's window (RunOptions::loadTrace) as the run's one workload, a prompt per request.
    bool loadTrace();
    void measureNetwork(const DoctorReport& report);
    /// Sharded: measures this clock against the reference and checks that --start-at is still ahead.
    bool joinSchedule();
    /// Sharded: how many ms until step `index` is due on the shared schedule (negative: late).
    qint64 msUntilSlot(std::size_t index) const;
    void runNextStep();
    void onStepFinished(const LoadEngine::Result& result);
    /// The step as measured: stored, judged, and the next one planned.
    void completeStep(const LoadEngine::Result& result, const std::vector<StoredMetricsSample>& samples);
    /// Whether the server's counters fell during the step (a restart: the step is measured again, onServerGone) or
    /// since the last step (said and stored with the outages); true for the first, which ends the step here.
    bool restartSeen(const std::vector<StoredMetricsSample>& samples, const PlannedStep& planned);
    /// The step's record: its load, the data set's lines sent again (the workload's offset moves past the step's
    /// requests), the client's own figures, the GPU's.
    StepInfo stepInfo(const LoadEngine::Result& result, const PlannedStep& planned);
    /// The targets on the client's clock: a simulator's are scaled, TTFT's and TTFO's allow the round trip.
    SloTargets rawTargets() const;
    void onRecordsFinished(const LoadWorker::Batch& records);
    /// Whether /health answered after requests failed at the connection (ServerWatch::checked).
    void onServerChecked(bool answered, const QString& failure);
    /// The server went away during the step: the step is discarded, and the run waits for the server within
    /// --server-wait, then measures the step again, or stops as a server failure.
    /// `details` add to the outage's record; `goneByNs`: when the server was gone at the latest (-1: the first
    /// failure at the connection).
    void onServerGone(const QJsonObject& details = {}, std::int64_t goneByNs = -1);
    void onServerReturned(std::int64_t backNs, int probes);
    void onServerGaveUp(int probes, const QString& lastFailure);
    /// The outages so far, kept in the run's facts ("server_outages") for the analysis and the reports.
    void storeOutages();
    /// --reset-prefix-cache: asks the server to empty its prefix cache before the next step, and stores the outcome.
    void resetPrefixCache();
    void finish(RunStatus status, const QString& reason);
    QString stopReason(const StepOutcome& outcome) const;

    RunOptions m_options;
    ServerEndpoint m_target;
    RunStore* m_store;
    ServerFacts m_facts;
    std::vector<Workload> m_workloads; // one per shape, then the uncached twin's
    std::vector<PlannedStep> m_plan;
    std::size_t m_next = 0;
    std::vector<StepOutcome> m_outcomes;
    std::unique_ptr<LoadEngine> m_engine;
    MetricsScraper* m_scraper = nullptr;
    GpuSampler* m_gpu = nullptr; ///< the server's GPUs, read through the run; null when they cannot be (m_gpuNote)
    QString m_gpuNote; ///< why the GPUs are not read, said on every step
    qint64 m_runId = -1;
    QElapsedTimer m_elapsed;
    QString m_stepStartedUtc;
    qint64 m_stepId = -1; ///< the step under way in the store, its requests stored as they finish
    QString m_storeError; ///< why storing the step's requests failed, which ends the run
    std::optional<ClockAnchor>
        m_clock; ///< sharded: the anchor between this monotonic clock and UTC, and the measured offsets
    double m_clockOffsetMs = 0; ///< sharded: the reference's time minus this machine's
    std::size_t m_waitedFor = std::size_t(-1); ///< sharded: the step whose slot has been waited for
    QTimer* m_slotTimer = nullptr; ///< sharded: fires when the next step's slot begins
    qint64 m_lateMs = 0; ///< sharded: how late the step in progress began
    std::map<QString, ModelMix::Route> m_routes; ///< routeModels()
    std::map<Phase, int> m_probes; ///< probe steps planned so far, per sweep
    QString m_sweepStopReason; ///< why the concurrency sweep ended early, stored with the run; empty: it did not
    double m_stepCpuStart = -1;
    QElapsedTimer m_stepWall;
    QTimer* m_quietTimer = nullptr; ///< looks every 5 s at how long the step has gone without a request ending
    QElapsedTimer m_sinceMeasured; ///< since the step began, or since a request of it last ended
    int m_quietSaid = 0; ///< the last quiet() said, in seconds
    NetworkFacts m_network;
    /// Per workload: the requests sent from it so far, where the next step begins (LoadPlan::templateOffset).
    std::vector<std::uint64_t> m_templateOffsets;
    double m_lifetimeMs = 0; // the baseline's median E2EL in the server's time: the default ramp of later steps
    double m_slowestMs = 0; // the baseline's slowest measured request in the server's time: the forecast's long end
    /// The baseline already misses a target threefold: the plan expects the concurrency sweep to stop at its first
    /// step, and says the rest again if it does not.
    bool m_sweepStopsAtFirst = false;
    // Each step's estimated seconds once the run is sized (StepBudget), by index into m_plan; empty before.
    std::vector<double> m_stepSeconds;
    // Each step as sized (StepBudget), by index into m_plan (the steps before the sizing left default); empty before.
    std::vector<StepBudget::Step> m_sized;
    QList<double> m_remeasured; // loads of the concurrency sweep measured again
    /// Where this run's prompt numbering starts (LoadPlan::promptOffset): drawn once, so no two runs send the same.
    std::uint64_t m_promptOffset = 0;
    /// What the step in progress saw of a server going away: requests refused or closed before any answer, and
    /// whether /health then answered. Reset at each step.
    struct ConnectionTrouble
    {
        std::int64_t firstNs = -1; ///< the first such failure's end, monotonic
        QString first; ///< its message
        int refused = 0;
        int closed = 0; ///< closed or reset before any answer
        int answered = 0; ///< requests of the step that succeeded
        int unchecked = 0; ///< such failures since the last /health check began
        bool gone = false; ///< /health did not answer either: the server went away
        QString health; ///< why /health did not answer
    };
    ConnectionTrouble m_trouble;
    ServerWatch* m_watch = nullptr;
    QElapsedTimer m_sinceCheck; ///< /health is asked at most once a second while requests keep failing
    /// The step's end, held while /health is asked whether the failures in it were the server going away.
    std::optional<LoadEngine::Result> m_heldResult;
    std::vector<StoredMetricsSample> m_heldSamples;
    QJsonObject m_outage; ///< the outage being waited out
    std::int64_t m_outageStartNs = 0;
    QJsonArray m_outages; ///< every outage of the run, stored in its facts
    /// --reset-prefix-cache: what the resets so far came to, stored in the run's facts; and the step (and attempt) the
    /// last was asked before.
    PrefixCacheResets m_resets;
    std::optional<std::pair<std::size_t, int>> m_resetBefore;
    QJsonObject m_storedFacts; ///< the facts as createRun() stored them
    std::map<std::size_t, int> m_outagesAtStep; ///< per planned step: how often the server went away in it
    int m_attempt = 0; ///< how often the step in progress has been begun again after an outage
    /// The last /metrics scrape of the last completed step: a counter below it in the next step's first scrape
    /// means the server restarted between them.
    std::optional<MetricsSample> m_lastSample;
    bool m_cancelled = false;
    bool m_finished = false;
    bool m_held = false;
    bool m_waitingOnHold = false;
};

} // namespace kp::core
