// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"
#include "core/net/sseparser.h"
#include "core/net/streamevent.h"

#include <QByteArray>

namespace kp::core {

/// Turns one response, as a transport reads it, into a RequestRecord: the status, every event timed at the read that
/// brought it, the usage, and the error class when it fails. Both transports feed one, so they measure alike.
class StreamRecorder
{
public:
    explicit StreamRecorder(RequestRecord record);

    /// The request's last byte is about to go to the kernel.
    void sent(std::int64_t ns) { m_record.sentNs = ns; }
    /// The response's status line and headers have arrived; `location` is a redirect's target. The content type and
    /// encoding name what came when it is no stream.
    void headers(int status, std::int64_t ns, const QByteArray& location = {}, const QByteArray& contentType = {},
        const QByteArray& contentEncoding = {});
    /// Body bytes read at `ns`.
    void body(QByteArrayView bytes, std::int64_t ns);
    /// The response ended as HTTP framed it.
    void complete(std::int64_t ns);
    /// The request failed outside the response (connection refused, timeout, a cut stream, cancelled).
    void fail(ErrorClass error, const QString& message, std::int64_t ns);

    bool failed() const { return m_record.error != ErrorClass::None; }
    bool sawDone() const { return m_sawDone; }
    /// When [DONE] arrived, or -1.
    std::int64_t doneNs() const { return m_doneNs; }
    /// Events that came after [DONE], ignored: a protocol fault of the server's.
    int eventsAfterDone() const { return m_eventsAfterDone; }
    /// The server sent more token chunks than the request allows (maxChunks()): the transport stops reading.
    bool overran() const { return m_overran; }
    /// headers() was called for this response.
    bool sawHeaders() const { return m_record.headersNs >= 0; }
    /// The most token chunks a request's record keeps: twice max_tokens and some, or a million when unknown.
    int maxChunks() const
    {
        return m_record.requestedOutputTokens > 0 ? 2 * m_record.requestedOutputTokens + 64 : 1'000'000;
    }
    /// The finished record. Its chunk times lose the slack of what was reserved for them: a step keeps every record
    /// until it is stored.
    RequestRecord take()
    {
        m_record.chunks.squeeze();
        return std::move(m_record);
    }
    const RequestRecord& record() const { return m_record; }

    /// The class of an HTTP error status.
    static ErrorClass classifyStatus(int status);

private:
    void event(QByteArrayView data, std::int64_t ns);
    /// Counts a token chunk as thinking or answer (StreamEvent::thinking, answer, thinkClosed).
    void thinkingOrAnswer(const StreamEvent& e, std::int64_t ns);

    RequestRecord m_record;
    SseParser m_parser;
    StreamEventReader m_events;
    QByteArray m_errorBody; // the body of a failed (non-2xx) response, for its message
    QByteArray m_location; // a redirect's target
    QByteArray m_contentType;
    QByteArray m_contentEncoding;
    int m_eventCount = 0; // SSE events with data, [DONE] included: none means no stream came
    QByteArray m_head; // the first bytes of a 200 body, while no event has come: a JSON error instead of a stream
    bool m_sawDone = false;
    std::int64_t m_doneNs = -1;
    int m_eventsAfterDone = 0;
    bool m_overran = false;
    int m_tokens = 0; // the tokens of the chunks so far
    int m_usageReasoningTokens = -1; // usage.completion_tokens_details.reasoning_tokens, when sent
};

} // namespace kp::core
