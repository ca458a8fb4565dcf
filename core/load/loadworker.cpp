// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/loadworker.h"

#include "core/common/monotonicclock.h"
#include "core/common/precisetimer.h"

#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <iterator>
#include <utility>

namespace kp::core {

namespace {

constexpr std::int64_t kLagProbeNs = 5'000'000;
constexpr int kLagBuckets = 1001; // 0.1 ms each, the last for 100 ms and over
// Sends due at once (thousands of users without a ramp, an open loop catching up) go out in slices of this long,
// with the event loop between them: streams already answering are read on time instead of after the whole burst.
// In one go, at 4,096 users, the first streams' second chunks came while the last requests were still being sent.
constexpr std::int64_t kSendSliceNs = 250'000;
// A server that went away is probed again after 100 ms, then twice as long each time up to 2 s: a restart that takes
// a second is seen within about 200 ms of it, and a server that stays away costs a connect every 2 s per thread.
constexpr int kFirstBackOffMs = 100;
constexpr int kMaxBackOffMs = 2000;
// A live server's kernel answers a connect within a round trip; a probe that has no answer by then (or by the
// target's own connect timeout, when shorter) finds the server away.
constexpr int kProbeTimeoutMs = 3000;

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

LoadWorker::LoadWorker(int index, const ServerEndpoint& target, StreamTransport::Kind kind, Workload workload)
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
        m_probeDue = new QTimer(this);
        m_probeDue->setSingleShot(true);
        connect(m_probeDue, &QTimer::timeout, this, &LoadWorker::probeServer);
        m_probeTimeout = new QTimer(this);
        m_probeTimeout->setSingleShot(true);
        connect(m_probeTimeout, &QTimer::timeout, this, [this] { onProbed(false); });
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
    endProbe();
    m_probeDue->stop();
    m_probing = false;
    m_serverAway = false;
    m_backOffMs = 0;
    m_awaySinceNs = -1;
    m_heldRecords.clear();
    m_parkedUsers.clear();
    m_away = {};
    m_flushTimer->start();
    m_lagHistogram.assign(kLagBuckets, 0);
    m_lagMaxMs = 0;
    m_cpuStart = threadCpuSeconds();
    m_wallStartNs = monotonicNowNs();
    m_probeDueNs = m_wallStartNs + kLagProbeNs;
    m_lagProbe->startAt(m_probeDueNs);
    const Assignment& a = *m_assignment;
    m_conversationStarts.clear();
    for (std::size_t i = 0; i < m_workload->size(); ++i) {
        if ((*m_workload)[i].conversationLength > 0)
            m_conversationStarts.push_back(i);
    }
    if (!m_conversationStarts.empty() && m_conversationStarts.front() != 0)
        m_conversationStarts.insert(m_conversationStarts.begin(), 0); // templates before the first stand as one
    if (a.plan.pattern == LoadPlan::Pattern::ClosedLoop) {
        m_issued.assign(a.quotas.size(), 0);
        m_conversation.assign(a.quotas.size(), {});
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
    if (holdingBack()) {
        m_parkedUsers.push_back(user); // sent when a probe finds the server there
        return;
    }
    RequestRecord record;
    record.user = a.firstUser + user;
    record.warmup = issued < a.warmups[std::size_t(user)];
    record.scheduledNs = monotonicNowNs();
    if (!m_conversationStarts.empty()) {
        issueStage(user, record);
        return;
    }
    // Users walk the workload in steps of the user count, so no two of them send the same prompt at once.
    const std::size_t index = (std::size_t(a.plan.templateOffset) + std::size_t(record.user)
                                  + std::size_t(issued) * std::size_t(a.totalUsers))
        % m_workload->size();
    ++issued;
    sendTemplate(index, std::move(record), user, nextUnique());
}

void LoadWorker::issueStage(int user, const RequestRecord& record)
{
    const Assignment& a = *m_assignment;
    const std::vector<RequestTemplate>& templates = *m_workload;
    Conversation& c = m_conversation[std::size_t(user)];
    if (c.pending == 0 && c.length > 0 && !c.resend)
        c.at += std::clamp(templates[c.first + std::size_t(c.at)].fanOut, 1, c.length - c.at); // the stage joined
    c.resend = false;
    if (c.length == 0 || c.at >= c.length) {
        // Conversations, not requests, are walked in steps of the user count; a conversation's stages follow one
        // another on the same user, with the block its first turn drew. The step's offset counts the requests
        // earlier steps sent: it begins at the conversation that holds that template.
        const std::size_t count = m_conversationStarts.size();
        const auto offsetTemplate = std::size_t(a.plan.templateOffset % std::max<std::size_t>(1, templates.size()));
        const auto offset
            = std::size_t(std::upper_bound(m_conversationStarts.begin(), m_conversationStarts.end(), offsetTemplate)
                - m_conversationStarts.begin() - 1);
        const std::size_t conversation
            = (offset + std::size_t(record.user) + std::size_t(c.begun) * std::size_t(a.totalUsers)) % count;
        c.first = m_conversationStarts[conversation];
        const std::size_t end = conversation + 1 < count ? m_conversationStarts[conversation + 1] : templates.size();
        c.length = int(end - c.first);
        c.at = 0;
        c.unique = nextUnique();
        ++c.begun;
    }
    // A stage of sub-calls goes out together, as far as the user's quota allows; the next waits for them all.
    const int quota = a.quotas[std::size_t(user)];
    int& issued = m_issued[std::size_t(user)];
    const int width = std::clamp(templates[c.first + std::size_t(c.at)].fanOut, 1, c.length - c.at);
    const int sending = quota >= 0 ? std::clamp(quota - issued, 1, width) : width;
    c.pending = sending;
    for (int k = 0; k < sending; ++k) {
        RequestRecord r = record;
        r.warmup = issued < a.warmups[std::size_t(user)];
        ++issued;
        const bool own = a.plan.historyUncached && (c.at > 0 || k > 0);
        sendTemplate(c.first + std::size_t(c.at + k), std::move(r), user, own ? nextUnique() : c.unique);
    }
}

bool LoadWorker::joined(int user, bool givenBack)
{
    if (m_conversationStarts.empty())
        return true;
    Conversation& c = m_conversation[std::size_t(user)];
    c.resend = c.resend || givenBack;
    return --c.pending <= 0;
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
    record.model = t.model;
    m_transport->send(t.path, t.bodyFor(unique, m_assignment->plan.promptOffset), std::move(record),
        [this, user](RequestRecord&& finished) { onFinished(user, std::move(finished)); });
}

void LoadWorker::onFinished(int user, RequestRecord&& record)
{
    if (record.failedAtConnection()) {
        onFailedAtConnection(user, std::move(record));
        return;
    }
    m_batch.push_back(std::move(record));
    const Assignment& a = *m_assignment;
    if (a.plan.pattern == LoadPlan::Pattern::ClosedLoop) {
        if (!joined(user, false)) {
            // An agent's sub-calls join before its next turn: the user waits for the rest of its stage.
        } else if (a.plan.thinkTimeMs > 0 && !m_stopping)
            QTimer::singleShot(int(std::lround(a.plan.thinkTimeMs)), Qt::PreciseTimer, this, [this, user] {
                issue(user);
                checkDone();
            });
        else
            issue(user);
    } else if (!m_capped.empty() && !m_stopping && !holdingBack()) {
        auto [send, index] = m_capped.front();
        m_capped.pop_front();
        RequestRecord next;
        next.warmup = send.warmup;
        next.scheduledNs = send.atNs;
        sendTemplate(index, std::move(next), -1, nextUnique());
    }
    checkDone();
}

void LoadWorker::onFailedAtConnection(int user, RequestRecord&& record)
{
    const bool closed = m_assignment->plan.pattern == LoadPlan::Pattern::ClosedLoop;
    if (m_serverAway) {
        // Known to be away: the request never reached a server, and the user's turn is given back.
        record.serverAway = true;
        ++m_away.unanswered;
        m_batch.push_back(std::move(record));
        if (closed) {
            --m_issued[std::size_t(user)];
            if (joined(user, true))
                issue(user); // parks it, or ends it when the step is stopping
        }
        checkDone();
        return;
    }
    // Whether this failure is the server's or a dead socket's, the port says: until it has, the record and its user
    // wait, and nothing more is sent. Without this a closed loop sent its next request at once, and a dead server
    // refused thousands a second.
    m_heldRecords.push_back(std::move(record));
    if (closed && joined(user, false))
        m_parkedUsers.push_back(user);
    if (!m_probing)
        probeServer();
}

void LoadWorker::probeServer()
{
    endProbe();
    m_probing = true;
    m_probe = new QTcpSocket(this);
    connect(m_probe, &QTcpSocket::connected, this, [this] { onProbed(true); });
    connect(m_probe, &QAbstractSocket::errorOccurred, this, [this] { onProbed(false); });
    m_probeTimeout->start(std::min(m_target.connectTimeoutMs, kProbeTimeoutMs));
    m_probe->connectToHost(m_target.host(), m_target.port());
}

void LoadWorker::endProbe()
{
    if (m_probeTimeout)
        m_probeTimeout->stop();
    if (!m_probe)
        return;
    m_probe->disconnect(this);
    m_probe->abort();
    m_probe->deleteLater();
    m_probe = nullptr;
}

void LoadWorker::onProbed(bool listening)
{
    endProbe();
    const Assignment& a = *m_assignment;
    const bool closed = a.plan.pattern == LoadPlan::Pattern::ClosedLoop;
    const std::int64_t now = monotonicNowNs();
    if (listening) {
        // The server is there: what failed failed at its hands, and counts. Sending resumes where it stopped.
        m_probing = false;
        if (m_serverAway) {
            m_away.awayNs += now - m_awaySinceNs;
            m_serverAway = false;
        }
        m_backOffMs = 0;
        std::move(m_heldRecords.begin(), m_heldRecords.end(), std::back_inserter(m_batch));
        m_heldRecords.clear();
        if (closed) {
            for (const int user : std::exchange(m_parkedUsers, {}))
                issue(user);
        } else {
            sendCapped();
            fireSchedule();
        }
        checkDone();
        return;
    }
    // Nothing listens on the port: the server went away. What failed never reached it, and is counted apart; the
    // users' turns are given back, to be sent when it is back.
    if (!m_serverAway) {
        m_serverAway = true;
        ++m_away.times;
        m_awaySinceNs = now;
        for (const RequestRecord& r : m_heldRecords)
            m_awaySinceNs = std::min(m_awaySinceNs, r.endNs >= 0 ? r.endNs : now);
    }
    for (RequestRecord& r : m_heldRecords) {
        r.serverAway = true;
        ++m_away.unanswered;
        if (closed) {
            const auto user = std::size_t(r.user - a.firstUser);
            --m_issued[user];
            if (!m_conversationStarts.empty())
                m_conversation[user].resend = true; // its stage goes again when the server is back
        }
        m_batch.push_back(std::move(r));
    }
    m_heldRecords.clear();
    m_away.notSent += int(m_capped.size());
    m_capped.clear();
    if (!m_stopping && double(now - m_awaySinceNs) / 1e9 >= a.plan.serverAwayLimitSeconds) {
        m_away.gaveUp = true;
        stopIssuing();
    }
    if (m_stopping) {
        m_probing = false;
        for (const int user : std::exchange(m_parkedUsers, {}))
            issue(user); // each ends
        checkDone();
        return;
    }
    m_backOffMs = m_backOffMs == 0 ? kFirstBackOffMs : std::min(kMaxBackOffMs, 2 * m_backOffMs);
    m_probeDue->start(m_backOffMs);
    if (!closed)
        fireSchedule(); // arrivals due meanwhile are dropped, and the schedule goes on
    checkDone();
}

void LoadWorker::sendCapped()
{
    const Assignment& a = *m_assignment;
    while (!m_capped.empty() && !m_stopping && !holdingBack() && m_transport->inFlight() < a.plan.maxInFlight) {
        auto [send, index] = m_capped.front();
        m_capped.pop_front();
        RequestRecord next;
        next.warmup = send.warmup;
        next.scheduledNs = send.atNs;
        sendTemplate(index, std::move(next), -1, nextUnique());
    }
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
    // A probe's answer decides what happens to the sends due meanwhile; it calls here again.
    if (m_probing && !m_serverAway)
        return;
    const Assignment& a = *m_assignment;
    const std::int64_t now = monotonicNowNs();
    const std::int64_t until = now + kSendSliceNs;
    while (!m_stopping && !(m_probing && !m_serverAway) && m_nextSend < a.sends.size()
        && a.sends[m_nextSend].atNs <= now && monotonicNowNs() < until) {
        const ScheduledSend& send = a.sends[m_nextSend++];
        if (m_serverAway) {
            ++m_away.notSent; // an open loop's arrivals do not wait: due while the server is away, they are lost
            continue;
        }
        // Conversations' first turns only: a later turn's history was never sent in an open loop.
        const std::size_t place = std::size_t(a.plan.templateOffset) + std::size_t(send.number);
        const std::size_t index = m_conversationStarts.empty()
            ? place % std::max<std::size_t>(1, m_workload->size())
            : m_conversationStarts[place % m_conversationStarts.size()];
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
    // Users the ramp had not started yet never will, nor will users waiting for the server.
    if (m_nextUserStart < m_userStarts.size()) {
        m_activeUsers -= int(m_userStarts.size() - m_nextUserStart);
        m_nextUserStart = m_userStarts.size();
    }
    m_activeUsers -= int(m_parkedUsers.size());
    m_parkedUsers.clear();
    // A probe whose answer held records wait on goes on (within its timeout); one that only waits for the server to
    // come back has nothing left to do.
    if (m_heldRecords.empty()) {
        endProbe();
        if (m_probeDue)
            m_probeDue->stop();
        m_probing = false;
    }
    checkDone();
}

void LoadWorker::cancel()
{
    stopIssuing();
    if (m_transport)
        m_transport->cancelAll();
    // No probe is waited for: what it held goes as it failed.
    endProbe();
    m_probing = false;
    std::move(m_heldRecords.begin(), m_heldRecords.end(), std::back_inserter(m_batch));
    m_heldRecords.clear();
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
    if (!m_running || m_transport->inFlight() > 0 || !m_capped.empty() || !m_heldRecords.empty())
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
    endProbe();
    m_probeDue->stop();
    m_probing = false;
    flush();
    const std::int64_t now = monotonicNowNs();
    if (m_serverAway) {
        m_away.awayNs += now - m_awaySinceNs;
        m_serverAway = false;
    }
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
    if (m_away.times > 0)
        Q_EMIT serverWasAway(m_away);
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
