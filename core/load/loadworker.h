// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadplan.h"
#include "core/load/requestrecord.h"
#include "core/load/serverendpoint.h"
#include "core/load/streamtransport.h"

#include <QObject>

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

class QTcpSocket;
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

    /// What a server that went away cost this worker's share of the step (see RequestRecord::serverAway).
    struct AwayTally
    {
        int unanswered = 0; ///< requests failed at the connection while the server was away
        int notSent = 0; ///< open loop: arrivals due while it was away, not sent
        int times = 0; ///< how often it went away
        std::int64_t awayNs = 0; ///< how long sending was held back for it
        bool gaveUp = false; ///< it stayed away past LoadPlan::serverAwayLimitSeconds, and the step ended
    };

    LoadWorker(int index, const ServerEndpoint& target, StreamTransport::Kind kind, Workload workload);
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
    /// Just before done(), when the server went away during the step.
    void serverWasAway(const kp::core::LoadWorker::AwayTally& tally);
    void done();

private:
    void issue(int user);
    /// Sends the next stage of `user`'s conversation (a turn, or an agent's sub-calls together), beginning a new
    /// conversation after the last stage.
    void issueStage(int user, const RequestRecord& record);
    /// One of `user`'s requests ended (closed loop): whether its stage is joined now, every request of it ended, so
    /// that the user goes on. `givenBack`: the request never reached the server, and its stage goes again.
    bool joined(int user, bool givenBack);
    /// Sends template `index` with leading block `unique` (nextUnique() for a request of its own).
    void sendTemplate(std::size_t index, RequestRecord record, int user, std::uint64_t unique);
    std::uint64_t nextUnique() const;
    void onFinished(int user, RequestRecord&& record);
    void fireSchedule();
    void startDueUsers();
    void flush();
    void checkDone();
    void probeLag();
    /// A request failed at the connection: held, with its user, until a probe of the server's port says whether
    /// the server is there (its failure counts) or away (it does not, and nothing is sent until the port opens).
    void onFailedAtConnection(int user, RequestRecord&& record);
    void probeServer();
    void onProbed(bool listening);
    void endProbe();
    /// Open loop: sends held over the in-flight cap, as far as the cap allows now.
    void sendCapped();
    bool holdingBack() const { return m_probing || m_serverAway; }

    int m_index;
    ServerEndpoint m_target;
    StreamTransport::Kind m_kind;
    Workload m_workload;
    std::unique_ptr<StreamTransport> m_transport;
    std::shared_ptr<const Assignment> m_assignment;
    std::vector<int> m_issued; // per local user
    /// A user's conversation in progress (a workload of conversations): where it is, and the stage out.
    struct Conversation
    {
        std::size_t first = 0; ///< its first template
        int length = 0; ///< its templates; 0: none begun yet
        int at = 0; ///< the stage to send next, as an offset from `first`
        std::uint64_t unique = 0; ///< its leading block
        int begun = 0; ///< conversations this user has begun in the step
        int pending = 0; ///< requests of the stage out, to be joined before the next
        bool resend = false; ///< a request of the stage out was given back (the server was away): it goes again
    };
    std::vector<Conversation> m_conversation; // per local user
    std::vector<std::size_t> m_conversationStarts; // the workload's conversations' first templates; empty: none
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
    // A server that went away: a probe of its port in flight or due, what waits on its answer, and the tally.
    QTcpSocket* m_probe = nullptr;
    QTimer* m_probeDue = nullptr; ///< the next probe, after the back-off
    QTimer* m_probeTimeout = nullptr;
    bool m_probing = false; ///< a probe is out or due: sending waits for what it finds
    bool m_serverAway = false; ///< the last probe found the port closed
    int m_backOffMs = 0;
    std::int64_t m_awaySinceNs = -1;
    std::vector<RequestRecord> m_heldRecords; ///< failed at the connection, awaiting the probe's answer
    std::vector<int> m_parkedUsers; ///< closed loop: users waiting for the server to come back
    AwayTally m_away;
};

} // namespace kp::core

Q_DECLARE_METATYPE(kp::core::LoadWorker::AwayTally)
