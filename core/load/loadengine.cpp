// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/loadengine.h"

#include "core/common/monotonicclock.h"
#include "core/common/processlimits.h"

#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace kp::core {

namespace {

void registerTypes()
{
    static const bool registered = [] {
        qRegisterMetaType<kp::core::LoadWorker::Batch>("kp::core::LoadWorker::Batch");
        qRegisterMetaType<std::shared_ptr<const kp::core::LoadWorker::Assignment>>(
            "std::shared_ptr<const kp::core::LoadWorker::Assignment>");
        qRegisterMetaType<kp::core::LoadEngine::Result>("kp::core::LoadEngine::Result");
        qRegisterMetaType<QList<kp::core::RequestDot>>("QList<kp::core::RequestDot>");
        qRegisterMetaType<kp::core::LoadWorker::AwayTally>("kp::core::LoadWorker::AwayTally");
        return true;
    }();
    Q_UNUSED(registered)
}

// Lead time between the end of the warm-up of the connections and the first scheduled send, so that every
// worker has its schedule before the first arrival is due.
constexpr std::int64_t ScheduleLeadNs = 50'000'000;

} // namespace

LoadEngine::LoadEngine(const ServerEndpoint& target, StreamTransport::Kind transport, QObject* parent)
    : QObject(parent)
    , m_target(target)
    , m_transport(transport)
    , m_durationTimer(new QTimer(this))
{
    registerTypes();
    m_durationTimer->setSingleShot(true);
    connect(m_durationTimer, &QTimer::timeout, this, &LoadEngine::stopIssuing);
}

LoadEngine::~LoadEngine()
{
    teardown();
}

void LoadEngine::teardown()
{
    for (std::size_t i = 0; i < m_threads.size(); ++i) {
        QMetaObject::invokeMethod(m_workers[i], "cancel", Qt::BlockingQueuedConnection);
        m_workers[i]->deleteLater(); // deleted in its own thread, where its sockets live
        m_threads[i]->quit();
        m_threads[i]->wait();
        delete m_threads[i];
    }
    m_threads.clear();
    m_workers.clear();
}

void LoadEngine::start(const LoadPlan& plan, const Workload& workload)
{
    Q_ASSERT(!m_running);
    teardown();
    m_plan = plan;
    m_result = Result();
    m_keptBatches.clear();
    m_running = true;
    m_stopped = false;
    m_measured = 0;
    m_failed = 0;
    m_prepareError.clear();
    if (!workload || workload->empty()) {
        fail(QStringLiteral("There are no requests to send."));
        return;
    }
    if (plan.requestCount <= 0 && plan.durationSeconds <= 0) {
        fail(QStringLiteral("A step needs an end: a request count or a duration."));
        return;
    }
    const int threads = std::max(1, plan.threads > 0 ? plan.threads : QThread::idealThreadCount());
    const bool closed = plan.pattern == LoadPlan::Pattern::ClosedLoop;
    int connections = closed
        ? plan.users
        : (plan.maxInFlight > 0 ? plan.maxInFlight : std::min(256, plan.requestCount > 0 ? plan.requestCount : 256));
    // Every stream is a socket: a concurrency the open-files limit cannot hold must fail here, in words.
    const long limit = raiseOpenFileLimit();
    if (limit > 0 && connections + 64 > limit) {
        fail(QStringLiteral("%1 concurrent streams need %2 open files, but this process may open only %3. Raise the "
                            "limit (ulimit -n) or lower the concurrency.")
                 .arg(connections)
                 .arg(connections + 64)
                 .arg(limit));
        return;
    }

    // Split the users, or the arrivals, evenly over the workers. A cap on requests in flight is the step's, not a
    // thread's: split into shares, one worker could hold a send back while another had room, so a capped open loop
    // runs on one worker and the cap is one count (one core carries thousands of streams; the client check says
    // when it did not).
    const int workerCount = closed ? std::min(threads, std::max(1, plan.users)) : (plan.maxInFlight > 0 ? 1 : threads);
    std::vector<std::shared_ptr<LoadWorker::Assignment>> assignments;
    assignments.resize(std::size_t(workerCount));
    for (std::size_t w = 0; w < assignments.size(); ++w) {
        auto& a = assignments[w];
        a = std::make_shared<LoadWorker::Assignment>();
        a->plan = plan;
        a->totalUsers = std::max(1, plan.users);
    }
    if (closed) {
        const int users = std::max(1, plan.users);
        // Users are contiguous per worker so that firstUser + local index is the global user.
        int next = 0;
        for (int w = 0; w < workerCount; ++w) {
            LoadWorker::Assignment& a = *assignments[std::size_t(w)];
            const int mine = users / workerCount + (w < users % workerCount ? 1 : 0);
            a.firstUser = next;
            for (int i = 0; i < mine; ++i) {
                const int u = next + i;
                const int warm = plan.warmupRequests / users + (u < plan.warmupRequests % users ? 1 : 0);
                const int measured
                    = plan.requestCount > 0 ? plan.requestCount / users + (u < plan.requestCount % users ? 1 : 0) : -1;
                a.warmups.push_back(warm);
                a.quotas.push_back(measured < 0 ? -1 : measured + warm);
            }
            next += mine;
        }
    } else {
        const int count = plan.requestCount > 0
            ? plan.requestCount
            : int(std::ceil(plan.ratePerSecond * std::max(0.0, plan.durationSeconds)));
        const std::vector<std::int64_t> offsets = LoadPlan::arrivalOffsets(plan, plan.warmupRequests + count);
        for (std::size_t i = 0; i < offsets.size(); ++i) {
            assignments[i % std::size_t(workerCount)]->sends.push_back(
                {offsets[i], int(i) < plan.warmupRequests, std::uint64_t(i)});
        }
    }
    m_assignments.assign(assignments.begin(), assignments.end());

    m_pendingPrepared = workerCount;
    for (int w = 0; w < workerCount; ++w) {
        auto* thread = new QThread;
        thread->setObjectName(QStringLiteral("kneepoint-load-%1").arg(w));
        auto* worker = new LoadWorker(w, m_target, m_transport, workload);
        worker->moveToThread(thread);
        connect(worker, &LoadWorker::prepared, this, &LoadEngine::onPrepared);
        connect(worker, &LoadWorker::finishedRequests, this, &LoadEngine::onRecords);
        connect(worker, &LoadWorker::measuredItself, this, &LoadEngine::onWorkerMeasured);
        connect(worker, &LoadWorker::serverWasAway, this, &LoadEngine::onWorkerAway);
        connect(worker, &LoadWorker::done, this, &LoadEngine::onWorkerDone);
        thread->start();
        m_threads.push_back(thread);
        m_workers.push_back(worker);
        const int share = connections / workerCount + (w < connections % workerCount ? 1 : 0);
        QMetaObject::invokeMethod(worker, "prepare", Qt::QueuedConnection, Q_ARG(int, std::max(1, share)));
    }
}

void LoadEngine::onPrepared(const QString& error)
{
    if (!error.isEmpty() && m_prepareError.isEmpty())
        m_prepareError = error;
    if (--m_pendingPrepared > 0)
        return;
    if (!m_prepareError.isEmpty()) {
        fail(m_prepareError);
        return;
    }
    // Every connection is open: now the step starts, and arrival times become absolute.
    m_result.startNs = monotonicNowNs();
    const std::int64_t origin = m_result.startNs + ScheduleLeadNs;
    m_pendingDone = int(m_workers.size());
    for (std::size_t w = 0; w < m_workers.size(); ++w) {
        auto assignment = std::make_shared<LoadWorker::Assignment>(*m_assignments[w]);
        for (auto& send : assignment->sends)
            send.atNs += origin;
        assignment->originNs = origin;
        std::shared_ptr<const LoadWorker::Assignment> frozen = assignment;
        QMetaObject::invokeMethod(m_workers[w], "run", Qt::QueuedConnection,
            Q_ARG(std::shared_ptr<const kp::core::LoadWorker::Assignment>, frozen));
    }
    if (m_plan.durationSeconds > 0)
        m_durationTimer->start(int(m_plan.durationSeconds * 1000));
}

void LoadEngine::onRecords(const LoadWorker::Batch& records)
{
    // The worker let go of the batch when it emitted it: its records move.
    QList<RequestDot> dots;
    dots.reserve(qsizetype(records->size()));
    for (const RequestRecord& r : *records) {
        // A request the server never saw, because it was away, is neither measured nor its failure.
        if (!r.warmup && !r.serverAway) {
            ++m_measured;
            if (!r.ok())
                ++m_failed;
            dots.append(
                {r.endNs, r.firstTokenNs >= 0 && r.sentNs >= 0 ? double(r.firstTokenNs - r.sentNs) / 1e6 : -1, r.ok()});
        }
        ++m_result.requestCount;
        m_result.resentAfterClose += r.resentAfterClose ? 1 : 0;
    }
    Q_EMIT progress(m_measured, m_failed);
    if (!dots.isEmpty())
        Q_EMIT requestsMeasured(dots);
    // Kept batches wait as they are until the step is over: moving records into one growing vector here cost 1–3
    // ms a batch at 4,096 streams (every record moved again, fresh pages touched), on a thread that may share the
    // workers' core, and chunks that arrived meanwhile were read that late.
    if (m_keepRecords)
        m_keptBatches.push_back(records);
    else
        Q_EMIT recordsFinished(records);
}

void LoadEngine::onWorkerMeasured(double cpuSeconds, double wallSeconds, double lagP99Ms, double lagMaxMs)
{
    if (cpuSeconds >= 0 && wallSeconds > 0)
        m_result.busiestThreadCpuShare = std::max(m_result.busiestThreadCpuShare, cpuSeconds / wallSeconds);
    m_result.loopLagP99Ms = std::max(m_result.loopLagP99Ms, lagP99Ms);
    m_result.loopLagMaxMs = std::max(m_result.loopLagMaxMs, lagMaxMs);
}

void LoadEngine::onWorkerAway(const LoadWorker::AwayTally& tally)
{
    m_result.serverAwayTimes = std::max(m_result.serverAwayTimes, tally.times);
    m_result.serverAwaySeconds = std::max(m_result.serverAwaySeconds, double(tally.awayNs) / 1e9);
    m_result.serverGaveUp = m_result.serverGaveUp || tally.gaveUp;
    m_result.unansweredWhileAway += tally.unanswered;
    m_result.notSentWhileAway += tally.notSent;
}

void LoadEngine::onWorkerDone()
{
    if (--m_pendingDone > 0)
        return;
    m_durationTimer->stop();
    m_result.endNs = monotonicNowNs();
    m_running = false;
    std::size_t kept = 0;
    for (const LoadWorker::Batch& b : m_keptBatches)
        kept += b->size();
    m_result.records.reserve(kept);
    for (const LoadWorker::Batch& b : m_keptBatches)
        std::move(b->begin(), b->end(), std::back_inserter(m_result.records));
    m_keptBatches.clear();
    std::sort(m_result.records.begin(), m_result.records.end(),
        [](const RequestRecord& a, const RequestRecord& b) { return a.sentNs < b.sentNs; });
    Q_EMIT finished(m_result);
}

void LoadEngine::stopIssuing()
{
    if (m_stopped)
        return;
    m_stopped = true;
    for (LoadWorker* w : m_workers)
        QMetaObject::invokeMethod(w, "stopIssuing", Qt::QueuedConnection);
}

void LoadEngine::cancel()
{
    if (!m_running)
        return;
    m_result.cancelled = true;
    m_stopped = true;
    for (LoadWorker* w : m_workers)
        QMetaObject::invokeMethod(w, "cancel", Qt::QueuedConnection);
}

void LoadEngine::fail(const QString& error)
{
    m_result.error = error;
    m_running = false;
    // Reported from the event loop, so that a caller connecting after start() still hears it.
    QTimer::singleShot(0, this, [this] { Q_EMIT finished(m_result); });
}

LoadEngine::Result LoadEngine::run(
    const ServerEndpoint& target, StreamTransport::Kind transport, const LoadPlan& plan, const Workload& workload)
{
    LoadEngine engine(target, transport);
    QEventLoop loop;
    bool finished = false;
    connect(&engine, &LoadEngine::finished, &loop, [&] {
        finished = true;
        loop.quit();
    });
    engine.start(plan, workload);
    if (!finished)
        loop.exec();
    return engine.takeResult();
}

} // namespace kp::core
