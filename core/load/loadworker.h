// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loadplan.h"
#include "loadtarget.h"
#include "requestrecord.h"
#include "streamtransport.h"

#include <QObject>

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

class QTimer;

namespace kp::core {

class PreciseTimer;

/// One worker thread's share of a step: its virtual users (closed loop) or its scheduled sends (open loop), over a
/// transport it creates in its own thread. Finished requests leave in batches, as values.
class LoadWorker : public QObject
{
    Q_OBJECT
public:
    struct ScheduledSend
    {
        std::int64_t atNs = 0; ///< absolute monotonic time
        bool warmup = false;
        std::uint64_t number = 0; ///< the send's place in the step's schedule, over every worker
    };
    /// What this worker does in a step. Immutable once sent to the worker's thread.
    struct Assignment
    {
        LoadPlan plan;
        int firstUser = 0; ///< closed loop: users firstUser … firstUser + quotas.size() - 1
        std::vector<int> quotas; ///< closed loop: requests per user (-1: until stopped), warm-up included
        std::vector<int> warmups; ///< closed loop: how many of each user's first requests are warm-up
        std::vector<ScheduledSend> sends; ///< open loop, in time order
        int totalUsers = 1;
        /// Closed loop: when the step's users begin (monotonic ns), the origin of LoadPlan::rampNs.
        std::int64_t originNs = 0;
    };

    /// Finished requests handed over to the engine's thread: the worker lets go of a batch when it emits it, so the
    /// records move instead of being copied (a record holds every chunk's time).
    using Batch = std::shared_ptr<std::vector<RequestRecord>>;

    LoadWorker(int index, const LoadTarget& target, StreamTransport::Kind kind, Workload workload);
    ~LoadWorker() override;

public Q_SLOTS:
    void prepare(int connections);
    void run(std::shared_ptr<const kp::core::LoadWorker::Assignment> assignment);
    /// Sends nothing more; requests in flight finish.
    void stopIssuing();
    /// Ends requests in flight as Cancelled, now.
    void cancel();

Q_SIGNALS:
    void prepared(const QString& error);
    void finishedRequests(const kp::core::LoadWorker::Batch& records);
    /// How the thread kept up over the step, just before done(): its CPU time (-1 where the platform has no thread
    /// clock) and wall time in seconds, and how late a 5 ms probe timer fired at p99 and at worst, in ms. A loop
    /// that is late reads chunks late, and a thread near a whole core of CPU is one that falls behind.
    void measuredItself(double cpuSeconds, double wallSeconds, double lagP99Ms, double lagMaxMs);
    void done();

private:
    void issue(int user);
    /// Sends template `index` with leading block `unique` (nextUnique() for a request of its own).
    void sendTemplate(std::size_t index, RequestRecord record, int user, std::uint64_t unique);
    std::uint64_t nextUnique() const;
    void onFinished(int user, RequestRecord&& record);
    void fireSchedule();
    void startDueUsers();
    void flush();
    void checkDone();
    void probeLag();

    int m_index;
    LoadTarget m_target;
    StreamTransport::Kind m_kind;
    Workload m_workload;
    std::unique_ptr<StreamTransport> m_transport;
    std::shared_ptr<const Assignment> m_assignment;
    std::vector<int> m_issued; // per local user
    // Per local user, with LoadPlan::turns > 1: the conversation in progress, its first template and its block.
    std::vector<std::pair<std::size_t, std::uint64_t>> m_conversation;
    std::vector<std::pair<std::int64_t, int>> m_userStarts; // closed loop with a ramp: (start ns, local user)
    std::size_t m_nextUserStart = 0;
    std::size_t m_nextSend = 0;
    std::deque<std::pair<LoadWorker::ScheduledSend, std::size_t>> m_capped; // due, but over the in-flight cap
    std::uint64_t m_nextId = 0;
    bool m_stopping = false;
    bool m_running = false;
    int m_activeUsers = 0;
    std::vector<RequestRecord> m_batch;
    QTimer* m_flushTimer = nullptr;
    PreciseTimer* m_scheduleTimer = nullptr;
    PreciseTimer* m_lagProbe = nullptr;
    std::int64_t m_probeDueNs = 0;
    std::vector<std::uint32_t> m_lagHistogram; // probes by lateness, in 0.1 ms buckets; the last one is 100 ms and over
    double m_lagMaxMs = 0;
    double m_cpuStart = -1;
    std::int64_t m_wallStartNs = 0;
};

} // namespace kp::core
