// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadplan.h"
#include "core/load/loadworker.h"
#include "core/load/requestrecord.h"
#include "core/load/serverendpoint.h"
#include "core/load/streamtransport.h"

#include <QObject>
#include <QString>

#include <vector>

class QThread;
class QTimer;

namespace kp::core {

/// Applies one step of load: spreads its users or its arrivals over worker threads (one per core by default),
/// opens and warms the connections before anything is measured, ends the step after its request count or duration,
/// and hands back every request it made. Cancelling stops a step within a second and keeps what completed.
/// A finished request as a live chart draws it: when it ended and its time to first token, on the client's clock.
struct RequestDot
{
    std::int64_t ns = 0; ///< its end (monotonicNowNs)
    double ttftMs = -1; ///< -1 for a request that failed before its first token
    bool ok = false;
};

class LoadEngine : public QObject
{
    Q_OBJECT
public:
    struct Result
    {
        std::vector<RequestRecord> records; ///< empty when the engine hands them over as they finish
        int requestCount = 0; ///< requests made, warm-ups included, whether kept or handed over
        int resentAfterClose = 0; ///< of those, sent again because the server closed their kept-alive connection
        QString error; ///< why the step could not run (no records then), in a sentence
        bool cancelled = false;
        std::int64_t startNs = 0;
        std::int64_t endNs = 0;
        /// How the client kept up, over its worker threads: the busiest one's CPU time as a share of its wall time
        /// (-1: not measured here), and the latest its event loop woke for a timer, at p99 and at worst, in ms.
        double busiestThreadCpuShare = -1;
        double loopLagP99Ms = -1;
        double loopLagMaxMs = -1;
        /// The server went away during the step (requests refused at the connection, its port closed to a probe):
        /// sending was held back until a probe found it listening again, instead of spending the step's requests on
        /// a dead socket. How often (on the thread that saw it most), for how long in all (the longest thread's), and
        /// whether it stayed away past LoadPlan::serverAwayLimitSeconds, which ended the step.
        int serverAwayTimes = 0;
        double serverAwaySeconds = 0;
        bool serverGaveUp = false;
        /// Requests that failed at the connection while the server was away (RequestRecord::serverAway): made, kept
        /// with the records, but not the server's failures, and not counted in progress(). A closed loop's user sent
        /// its request again once the server was back.
        int unansweredWhileAway = 0;
        /// Open loop: arrivals that fell due while the server was away and were not sent.
        int notSentWhileAway = 0;
    };

    LoadEngine(const ServerEndpoint& target, StreamTransport::Kind transport, QObject* parent = nullptr);
    ~LoadEngine() override;

    /// Starts a step; finished() follows once, even on failure.
    void start(const LoadPlan& plan, const Workload& workload);
    void cancel();
    bool isRunning() const { return m_running; }

    /// Whether the result keeps every record (the default, for the command line's single steps and tests). A run
    /// that stores a step as it goes turns it off and takes the records from recordsFinished(): a long step's
    /// records then never pile up in memory.
    void setKeepRecords(bool keep) { m_keepRecords = keep; }

    /// The step's result, moved out: for a caller done with the engine once finished() came.
    Result takeResult() { return std::move(m_result); }
    /// Runs one step to the end in a local event loop: for the command line and tests.
    static Result run(
        const ServerEndpoint& target, StreamTransport::Kind transport, const LoadPlan& plan, const Workload& workload);

Q_SIGNALS:
    void progress(int completed, int failed);
    /// Each measured request as it finishes (batched, about every 20 ms), for a live view: what it can draw without
    /// the records, which stay with the engine until finished().
    void requestsMeasured(const QList<kp::core::RequestDot>& dots);
    /// Finished records as the workers hand them over (about every 20 ms), for a caller to store; a receiver on the
    /// engine's thread may move them out.
    void recordsFinished(const kp::core::LoadWorker::Batch& records);
    void finished(const kp::core::LoadEngine::Result& result);

private:
    void onPrepared(const QString& error);
    void onRecords(const LoadWorker::Batch& records);
    void onWorkerDone();
    void onWorkerMeasured(double cpuSeconds, double wallSeconds, double lagP99Ms, double lagMaxMs);
    void onWorkerAway(const LoadWorker::AwayTally& tally);
    void stopIssuing();
    void fail(const QString& error);
    void teardown();

    ServerEndpoint m_target;
    StreamTransport::Kind m_transport;
    LoadPlan m_plan;
    std::vector<QThread*> m_threads;
    std::vector<LoadWorker*> m_workers;
    std::vector<std::shared_ptr<const LoadWorker::Assignment>> m_assignments;
    Result m_result;
    QTimer* m_durationTimer;
    bool m_running = false;
    bool m_keepRecords = true;
    std::vector<LoadWorker::Batch> m_keptBatches; ///< with m_keepRecords: the workers' batches, until the step ends
    bool m_stopped = false;
    int m_pendingPrepared = 0;
    int m_pendingDone = 0;
    int m_measured = 0;
    int m_failed = 0;
    QString m_prepareError;
};

} // namespace kp::core

Q_DECLARE_METATYPE(kp::core::LoadEngine::Result)
Q_DECLARE_METATYPE(kp::core::RequestDot)
