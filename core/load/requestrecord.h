// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/chunktimes.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>

#include <algorithm>
#include <cstdint>

namespace kp::core {

/// Why a request failed, in classes a report can count.
enum class ErrorClass {
    None,
    ConnectionRefused,
    HostNotFound,
    Tls,
    Timeout, ///< no first byte, or a stall mid-stream, past the timeout
    Unauthorized, ///< 401 (and 403)
    NotFound, ///< 404
    RateLimited, ///< 429
    ServerError, ///< 5xx
    /// 429, 502, 503 or 504 in a proxy's or gateway's own page (HTML, where the engines answer JSON): the gateway in
    /// front refused or lost the request, not the server behind it
    GatewayRejected,
    HttpError, ///< any other status >= 400
    StreamCut, ///< the connection ended before [DONE] or the end of the body
    InBandError, ///< HTTP said 200, then an {"error": …} event
    MalformedEvent, ///< an event whose JSON could not be read
    Cancelled,
    Other,
};

/// Everything measured for one request. Times are monotonic nanoseconds (monotonicNowNs()); -1 when it never
/// happened. A record is an immutable value once the request has ended.
struct RequestRecord
{
    std::uint64_t id = 0;
    QByteArray responseId; ///< the id the server gave its response (cmpl-…), to match its logs
    int user = -1; ///< the virtual user (closed loop), or -1 (open loop)
    bool warmup = false; ///< excluded from statistics
    std::int64_t scheduledNs = -1; ///< when the load pattern wanted it sent
    std::int64_t sentNs = -1; ///< when its last request byte was handed to the kernel
    std::int64_t headersNs = -1; ///< when the response headers had been read
    std::int64_t firstTokenNs = -1; ///< the first chunk carrying a token (the chat role chunk is not one)
    /// The first chunk carrying answer text (TTFO): a reasoning model's first token after its thinking. -1 when no
    /// answer came; equal to firstTokenNs for a model that does not think.
    std::int64_t firstAnswerNs = -1;
    std::int64_t endNs = -1; ///< the end of the response, or the failure
    ChunkTimes chunks; ///< token-carrying chunks, in order, delta-encoded
    int httpStatus = 0;
    ErrorClass error = ErrorClass::None;
    QString errorMessage;
    int promptTokens = -1; ///< from usage
    int completionTokens = -1; ///< from usage; -1 if the server sent none
    int cachedTokens = -1; ///< usage.prompt_tokens_details.cached_tokens, when sent
    /// Thinking tokens: the reasoning field's chunks, or a think block's in the content, or the server's own count
    /// (usage.completion_tokens_details.reasoning_tokens); -1 when the response had no thinking.
    int reasoningTokens = -1;
    QString finishReason;
    int requestedInputTokens = 0;
    int requestedOutputTokens = 0;
    /// The model or adapter the request named, when the run sent to several (--models, a data set's own "model");
    /// empty: the run's one model.
    QString model;
    /// Sent a second time, on a fresh connection, because the server had closed the kept-alive one it was first
    /// written on before answering (a client event, not a server failure; counted per step, not stored per request).
    bool resentAfterClose = false;
    /// Failed at the connection while the server was away: a probe of its port, made after the failure, found
    /// nothing listening. A request the server never saw (it had crashed, or was restarting), not one it failed under
    /// the load: the engine keeps it out of the step's failures, counts it apart (LoadEngine::Result), and sends the
    /// user's request again once the server is back. Known to the engine only; a stored request does not keep it.
    bool serverAway = false;

    bool ok() const { return error == ErrorClass::None && endNs >= 0; }
    /// Refused, or closed or reset before any byte of an answer came: how a request to a server that is not there
    /// fails. A live server seldom fails one so, and a probe of its port then tells which it is.
    bool failedAtConnection() const
    {
        if (error == ErrorClass::ConnectionRefused)
            return true;
        return httpStatus == 0 && headersNs < 0 && (error == ErrorClass::StreamCut || error == ErrorClass::Other);
    }
    /// The tokens the chunks carried: one a chunk of text, or the server's own running count (continuous usage).
    int chunkTokens() const
    {
        int n = 0;
        for (const ChunkArrival& c : chunks)
            n += c.tokens;
        return n;
    }
    /// usage.completion_tokens says what the chunks cannot have been: fewer tokens than chunks of text (each carries
    /// at least one), or more than were asked for and than the chunks carried. A server or proxy that miscounts;
    /// taken at its word it halved or doubled TPOT and throughput.
    bool usageDisagrees() const
    {
        if (completionTokens < 0 || chunks.empty())
            return false;
        if (completionTokens < int(chunks.size()))
            return true;
        return requestedOutputTokens > 0 && completionTokens > std::max(requestedOutputTokens, chunkTokens());
    }
    /// Output tokens: usage.completion_tokens when the server sent it and it agrees with the chunks, else the
    /// chunks' count.
    int outputTokens() const
    {
        if (completionTokens >= 0 && !usageDisagrees())
            return completionTokens;
        return chunkTokens();
    }
};

} // namespace kp::core

Q_DECLARE_METATYPE(kp::core::RequestRecord)
