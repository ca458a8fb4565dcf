// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace kp::core {

/// One request ready to send: the endpoint, the JSON body, and the lengths it asks for.
struct RequestTemplate
{
    QByteArray path;
    QByteArray body;
    int inputTokens = 0;
    int outputTokens = 0;
    /// The model or adapter the body names when the run sends to several (WorkloadSpec::models, a data set's own
    /// "model"), kept with each request so that its statistics can be split by model; empty: the run's one model.
    QString model;
    /// Where in `body` each request gets its own leading block of uniqueWords words (uniqueBlock()), so that no
    /// prompt is sent twice in a run and a prefix cache can reuse no more than the part every prompt shares; -1:
    /// the body goes as it is (a user's data set).
    qsizetype uniqueAt = -1;
    int uniqueWords = 0; ///< the block's length: kUniqueWords, fewer in a prompt too short for them
    /// On a conversation's first template: how many templates, this one and those after it, the conversation holds
    /// (its turns, and an agent's sub-calls between them); a virtual user sends them in order, on one leading block.
    /// 0 on every other template, and on a request that stands alone.
    int conversationLength = 0;
    /// On the first template of a conversation's stage: how many templates from this one on go out together, as an
    /// agent's parallel sub-calls do, and are all answered (joined) before the conversation goes on. 1: this one
    /// alone.
    int fanOut = 1;
    /// Of inputTokens, how many at the start an earlier request of the conversation sent first (the history a turn
    /// resends, the turn a sub-call carries): what a prefix cache can serve it. 0 when unknown, or none.
    int resentTokens = 0;

    /// The body of the request numbered `n` in a run whose prompts are offset by `offset`: the block for
    /// (n + offset) mod N^uniqueWords spliced in at uniqueAt, so distinct numbers of a run get distinct blocks.
    QByteArray bodyFor(std::uint64_t n, std::uint64_t offset = 0) const;
    /// `count` words, each one token in the common open models' tokenizers (and the simulator's): " w1 w2 …", the
    /// base-N digits of `n` (N the word list's size), fastest first.
    static QByteArray uniqueBlock(std::uint64_t n, int count);
    /// Six words of the 227-word list hold 46 bits, enough for every request of a run (see LoadWorker).
    static constexpr int kUniqueWords = 6;
};

/// The requests of a step, prepared before it starts and shared read-only by every worker thread.
using Workload = std::shared_ptr<const std::vector<RequestTemplate>>;

/// How one step applies load, and when it ends.
struct LoadPlan
{
    enum class Pattern { ClosedLoop, OpenLoop };
    enum class Arrival { Constant, Poisson, Gamma, Trace };

    Pattern pattern = Pattern::ClosedLoop;
    int users = 1; ///< closed loop: virtual users, each sending its next request when its last one ends
    double thinkTimeMs = 0; ///< closed loop: pause between a user's requests
    /// Closed loop: users start spread evenly over this long (user u of N at u/N of it) instead of all at once, so
    /// that their requests do not begin, and then end, in lockstep. 0: all at the step's start.
    std::int64_t rampNs = 0;
    /// Closed loop, a workload of conversations (RequestTemplate::conversationLength): each user holds one at a
    /// time, sending its stages in order (a turn, or an agent's sub-calls together, joined before the next turn); a
    /// new conversation starts after the last. Every request of a conversation carries the conversation's own
    /// leading block, so turn t + 1 starts with exactly what turn t sent. An open loop sends first turns only.
    /// With this set, every request draws its own leading block instead of its conversation's, so that none starts
    /// with what an earlier one sent and a prefix cache has nothing to reuse: the uncached twin of a conversation,
    /// the same lengths, none of the reuse.
    bool historyUncached = false;
    /// Where in the workload this step begins: the requests earlier steps sent, so that a data set's lines are not
    /// sent again until every one has been (synthetic prompts are unique whatever the offset).
    std::uint64_t templateOffset = 0;
    Arrival arrival = Arrival::Poisson; ///< open loop
    double ratePerSecond = 1; ///< open loop
    double burstiness = 1; ///< gamma shape: 1 is Poisson, below 1 burstier, above 1 more even
    /// Arrival::Trace: each request's arrival in ns from the step's start, as a trace recorded them (request i is
    /// the workload's template i); shared read-only by every copy of the plan.
    std::shared_ptr<const std::vector<std::int64_t>> traceOffsetsNs;
    /// Open loop: a cap on the step's requests in flight, over all worker threads together (0: none). A send due
    /// while the cap is reached waits for a request to end, and its lateness shows as schedule lag.
    int maxInFlight = 0;
    std::uint64_t seed = 0; ///< for the arrival times
    /// Numbers this step's prompts apart from every other step's of the run (with the worker and a count): the
    /// leading block of RequestTemplate::bodyFor(). A run gives each step its own.
    std::uint64_t promptSalt = 0;
    /// Drawn once per run: where its numbering starts, so that a second run sends other prompts than the first
    /// (a server's prefix cache would remember those).
    std::uint64_t promptOffset = 0;
    int warmupRequests = 0; ///< sent first and marked warm-up: kept, but out of the statistics
    int requestCount = 0; ///< the step ends after this many measured requests, when > 0
    double durationSeconds = 0; ///< or after this long, when > 0 (whichever comes first)
    int threads = 0; ///< worker threads; 0: one per core
    /// How long the engine waits for a server that went away (requests refused at the connection, its port not
    /// listening) before it ends the step: sending is held back meanwhile and resumes when a probe finds the port
    /// open again. A run's own watch of the server (--server-wait) usually stops the step long before.
    double serverAwayLimitSeconds = 60;

    /// Open loop: offsets in ns from the step's start, one per request, for `count` requests.
    static std::vector<std::int64_t> arrivalOffsets(const LoadPlan& plan, int count);
};

} // namespace kp::core
