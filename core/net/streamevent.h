// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace kp::core {

/// What one SSE event of an OpenAI-compatible completions or chat stream said, as far as a load test cares.
struct StreamEvent
{
    enum class Kind {
        Token, ///< carried output: text, reasoning text, or (by the usage count) a token with no text such as EOS
        RoleOnly, ///< the opening chat chunk naming the role: not a token, so not the first token either
        Usage, ///< the closing `choices: []` chunk with the usage totals
        Done, ///< `[DONE]`
        Error, ///< an in-band error object (either of vLLM's envelopes)
        Malformed, ///< not JSON, or not a JSON object
        Empty, ///< valid and carrying nothing of the above
    };

    Kind kind = Kind::Empty;
    int tokens = 0; ///< tokens this event carries: the continuous-usage delta when sent, else 1 per content chunk
    int completionTokens = -1; ///< cumulative usage.completion_tokens, when the event carries usage
    int promptTokens = -1; ///< usage.prompt_tokens, when sent
    int cachedTokens = -1; ///< usage.prompt_tokens_details.cached_tokens, when sent
    QByteArray finishReason; ///< the first non-null finish_reason of a choice, as sent (JSON escapes not decoded)
    QString errorMessage; ///< Kind::Error: the server's message; Kind::Malformed: what was wrong
    int errorCode = 0; ///< Kind::Error: the error's code, when numeric
};

/// Classifies the events of one streamed request. It validates each event's JSON in one pass without building a
/// document (the Token path allocates nothing) and remembers the last cumulative completion_tokens, so that a chunk
/// carrying several tokens (speculative decoding) is counted as such when the server sends continuous usage.
class StreamEventReader
{
public:
    /// Reads the payload of one SSE event (the data the SseParser reported).
    StreamEvent read(QByteArrayView data);
    /// Forgets the previous request's usage, ready for a new stream.
    void reset()
    {
        m_completionTokens = 0;
        m_continuousUsage = false;
        m_seenChunk = false;
    }

private:
    int m_completionTokens = 0;
    bool m_continuousUsage = false; ///< usage rode on token chunks (vLLM's continuous_usage_stats)
    bool m_seenChunk = false; ///< a chunk with choices has been read
};

} // namespace kp::core
