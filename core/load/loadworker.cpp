// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadworker.h"

#include "common/monotonicclock.h"
#include "common/precisetimer.h"

#include <QTimer>

#include <cmath>
#include <ctime>

namespace kp::core {

namespace {

constexpr std::int64_t kLagProbeNs = 5'000'000;
constexpr int kLagBuckets = 1001; // 0.1 ms each, the last for 100 ms and over
// Sends due at once (thousands of users without a ramp, an open loop catching up) go out in slices of this long,
// with the event loop between them: streams already answering are read on time instead of after the whole burst.
// In one go, at 4,096 users, the first streams' second chunks came while the last requests were still being sent.
constexpr std::int64_t kSendSliceNs = 250'000;

double threadCpuSeconds()
{
#ifdef CLOCK_THREAD_CPUTIME_ID
    timespec ts {};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
#endif
    return -1;
}

} // namespace

LoadWorker::LoadWorker(int index, const LoadTarget& target, StreamTransport::Kind kind, Workload workload)
    : m_index(index)
    , m_target(target)
    , m_kind(kind)
    , m_workload(std::move(workload))
    , m_nextId(std::uint64_t(index) << 40)
{ }

LoadWorker::~LoadWorker() = default;

void LoadWorker::prepare(int connections)
{
    // Thread-affine things are made here, in the worker's thread, never in the constructor.
    if (!m_transport)
        m_transport = StreamTransport::create(m_kind, m_target);
    if (!m_flushTimer) {
        m_flushTimer = new QTimer(this);
        m_flushTimer->setInterval(20);
        connect(m_flushTimer, &QTimer::timeout, this, &LoadWorker::flush);
        m_scheduleTimer = new PreciseTimer(this);
        // One timer for both patterns: an open loop's next arrival, or a closed loop's next user to ramp in.
        connect(m_scheduleTimer, &PreciseTimer::timeout, this, [this] {
            if (m_assignment && m_assignment->plan.pattern == LoadPlan::Pattern::ClosedLoop)
                startDueUsers();
            else
                fireSchedule();
        });
        m_lagProbe = new PreciseTimer(this);
        connect(m_lagProbe, &PreciseTimer::timeout, this, &LoadWorker::probeLag);
    }
    m_transport->prepare(connections, [this](const QString& error) { Q_EMIT prepared(error); });
}

void LoadWorker::run(std::shared_ptr<const Assignment> assignment)
{
    m_assignment = std::move(assignment);
    m_stopping = false;
    m_running = true;
    m_nextSend = 0;
    m_capped.clear();
    m_flushTimer->start();
    m_lagHistogram.assign(kLagBuckets, 0);
    m_lagMaxMs = 0;
    m_cpuStart = threadCpuSeconds();
    m_wallStartNs = monotonicNowNs();
    m_probeDueNs = m_wallStartNs + kLagProbeNs;
    m_lagProbe->startAt(m_probeDueNs);
    const Assignment& a = *m_assignment;
    if (a.plan.pattern == LoadPlan::Pattern::ClosedLoop) {
        m_issued.assign(a.quotas.size(), 0);
        m_conversation.assign(a.quotas.size(), {0, 0});
        m_activeUsers = int(a.quotas.size());
        m_userStarts.clear();
        m_nextUserStart = 0;
        for (int u = 0; u < int(a.quotas.size()); ++u) {
            // Global user g of N starts at g/N of the ramp, so the workers' users interleave evenly.
            // Without a ramp every user is due at once (0: long past), whenever the step begins.
            const std::int64_t due = a.plan.rampNs > 0 ? a.originNs
                    + std::int64_t(double(a.plan.rampNs) * double(a.firstUser + u) / double(std::max(1, a.totalUsers)))
                                                       : 0;
            m_userStarts.emplace_back(due, u);
        }
        startDueUsers();
    } else {
        fireSchedule();
    }
    checkDone();
}

void LoadWorker::issue(int user)
{
    const Assignment& a = *m_assignment;
    const int quota = a.quotas[std::size_t(user)];
    int& issued = m_issued[std::size_t(user)];
    if (m_stopping || (quota >= 0 && issued >= quota)) {
        --m_activeUsers;
        return;
    }
    RequestRecord record;
    record.user = a.firstUser + user;
    record.warmup = issued < a.warmups[std::size_t(user)];
    record.scheduledNs = monotonicNowNs();
    const int turns = std::max(1, a.plan.turns);
    if (turns > 1) {
        // Conversations, not requests, are walked in steps of the user count; a conversation's turns follow one
        // another on the same user, with the block its first turn drew.
        const std::size_t conversations = std::max<std::size_t>(1, m_workload->size() / std::size_t(turns));
        const int turn = issued % turns;
        auto& [first, unique] = m_conversation[std::size_t(user)];
        if (turn == 0) {
            const std::size_t conversation
                = (std::size_t(a.plan.templateOffset / std::uint64_t(turns)) + std::size_t(record.user)
                      + std::size_t(issued / turns) * std::size_t(a.totalUsers))
                % conversations;
            first = conversation * std::size_t(turns);
            unique = nextUnique();
        } else if (a.plan.historyUncached) {
            unique = nextUnique();
        }
        ++issued;
        sendTemplate(first + std::size_t(turn), std::move(record), user, unique);
        return;
    }
    // Users walk the workload in steps of the user count, so no two of them send the same prompt at once.
    const std::size_t index = (std::size_t(a.plan.templateOffset) + std::size_t(record.user)
                                  + std::size_t(issued) * std::size_t(a.totalUsers))
        % m_workload->size();
    ++issued;
    sendTemplate(index, std::move(record), user, nextUnique());
}

std::uint64_t LoadWorker::nextUnique() const
{
    // The step, this worker and the request's number within it: no prompt is sent twice in a run. Six words of the
    // 227-word list hold 46 bits (227^6 > 2^46): 16 of step and shard, 7 of worker, 23 of count. The run's own
    // offset (RequestTemplate::bodyFor) keeps a second run from repeating the first one's prompts.
    return ((m_assignment->plan.promptSalt & 0xffff) << 30) + (std::uint64_t(m_index & 0x7f) << 23)
        + ((m_nextId + 1) & 0x7fffff);
}

void LoadWorker::sendTemplate(std::size_t index, RequestRecord record, int user, std::uint64_t unique)
{
    const RequestTemplate& t = (*m_workload)[index];
    record.id = ++m_nextId;
    record.requestedInputTokens = t.inputTokens;
    record.requestedOutputTokens = t.outputTokens;
    m_transport->send(t.path, t.bodyFor(unique, m_assignment->plan.promptOffset), std::move(record),
        [this, user](RequestRecord&& finished) { onFinished(user, std::move(finished)); });
}

void LoadWorker::onFinished(int user, RequestRecord&& record)
{
    m_batch.push_back(std::move(record));
    const Assignment& a = *m_assignment;
    if (a.plan.pattern == LoadPlan::Pattern::ClosedLoop) {
        if (a.plan.thinkTimeMs > 0 && !m_stopping)
            QTimer::singleShot(int(std::lround(a.plan.thinkTimeMs)), Qt::PreciseTimer, this, [this, user] {
                issue(user);
                checkDone();
            });
        else
            issue(user);
    } else if (!m_capped.empty() && !m_stopping) {
        auto [send, index] = m_capped.front();
        m_capped.pop_front();
        RequestRecord next;
        next.warmup = send.warmup;
        next.scheduledNs = send.atNs;
        sendTemplate(index, std::move(next), -1, nextUnique());
    }
    checkDone();
}

void LoadWorker::startDueUsers()
{
    const std::int64_t now = monotonicNowNs();
    const std::int64_t until = now + kSendSliceNs;
    while (!m_stopping && m_nextUserStart < m_userStarts.size() && m_userStarts[m_nextUserStart].first <= now) {
        issue(m_userStarts[m_nextUserStart++].second);
        if (monotonicNowNs() >= until)
            break; // the rest are due already: the timer fires at once, after the loop has read what came meanwhile
    }
    if (!m_stopping && m_nextUserStart < m_userStarts.size())
        m_scheduleTimer->startAt(m_userStarts[m_nextUserStart].first);
    checkDone();
}

void LoadWorker::fireSchedule()
{
    const Assignment& a = *m_assignment;
    const std::int64_t now = monotonicNowNs();
    const std::int64_t until = now + kSendSliceNs;
    while (!m_stopping && m_nextSend < a.sends.size() && a.sends[m_nextSend].atNs <= now && monotonicNowNs() < until) {
        const ScheduledSend& send = a.sends[m_nextSend++];
        // Conversations' first turns only: a later turn's history was never sent in an open loop.
        const std::size_t turns = std::size_t(std::max(1, a.plan.turns));
        const std::size_t index = ((std::size_t(a.plan.templateOffset) + std::size_t(send.number))
                                      % std::max<std::size_t>(1, m_workload->size() / turns))
            * turns;
        if (a.plan.maxInFlight > 0 && m_transport->inFlight() >= a.plan.maxInFlight) {
            m_capped.emplace_back(send, index);
            continue;
        }
        RequestRecord record;
        record.warmup = send.warmup;
        record.scheduledNs = send.atNs;
        sendTemplate(index, std::move(record), -1, nextUnique());
    }
    if (!m_stopping && m_nextSend < a.sends.size())
        m_scheduleTimer->startAt(a.sends[m_nextSend].atNs);
    checkDone();
}

void LoadWorker::stopIssuing()
{
    m_stopping = true;
    m_scheduleTimer->stop();
    m_capped.clear();
    // Users the ramp had not started yet never will.
    if (m_nextUserStart < m_userStarts.size()) {
        m_activeUsers -= int(m_userStarts.size() - m_nextUserStart);
        m_nextUserStart = m_userStarts.size();
    }
    checkDone();
}

void LoadWorker::cancel()
{
    stopIssuing();
    if (m_transport)
        m_transport->cancelAll();
    checkDone();
}

void LoadWorker::flush()
{
    if (m_batch.empty())
        return;
    Q_EMIT finishedRequests(std::make_shared<std::vector<RequestRecord>>(std::exchange(m_batch, {})));
}

void LoadWorker::checkDone()
{
    if (!m_running || m_transport->inFlight() > 0 || !m_capped.empty())
        return;
    const Assignment& a = *m_assignment;
    const bool nothingLeft = a.plan.pattern == LoadPlan::Pattern::ClosedLoop
        ? m_activeUsers <= 0
        : (m_stopping || m_nextSend >= a.sends.size());
    if (!nothingLeft)
        return;
    m_running = false;
    m_flushTimer->stop();
    m_lagProbe->stop();
    flush();
    const std::int64_t now = monotonicNowNs();
    const double cpu = threadCpuSeconds();
    std::uint64_t probes = 0;
    for (std::uint32_t n : m_lagHistogram)
        probes += n;
    double p99 = -1;
    if (probes > 0) {
        // The bucket's upper edge: the probe was at most this late.
        const std::uint64_t rank = std::uint64_t(std::ceil(0.99 * double(probes)));
        std::uint64_t seen = 0;
        for (int b = 0; b < kLagBuckets; ++b) {
            seen += m_lagHistogram[std::size_t(b)];
            if (seen >= rank) {
                p99 = b + 1 == kLagBuckets ? m_lagMaxMs : std::min(m_lagMaxMs, 0.1 * double(b + 1));
                break;
            }
        }
    }
    Q_EMIT measuredItself(cpu >= 0 && m_cpuStart >= 0 ? cpu - m_cpuStart : -1, double(now - m_wallStartNs) / 1e9, p99,
        probes > 0 ? m_lagMaxMs : -1);
    Q_EMIT done();
}

void LoadWorker::probeLag()
{
    const std::int64_t now = monotonicNowNs();
    const double lateMs = double(std::max<std::int64_t>(0, now - m_probeDueNs)) / 1e6;
    m_lagMaxMs = std::max(m_lagMaxMs, lateMs);
    ++m_lagHistogram[std::size_t(std::min(kLagBuckets - 1, int(lateMs * 10)))];
    // The next probe on the 5 ms grid after now: a loop stalled for a second counts once, as one late probe.
    m_probeDueNs += ((now - m_probeDueNs) / kLagProbeNs + 1) * kLagProbeNs;
    if (m_running)
        m_lagProbe->startAt(m_probeDueNs);
}

} // namespace kp::core
