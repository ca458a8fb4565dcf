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
    int reasoningTokens = -1; ///< usage.completion_tokens_details.reasoning_tokens (OpenAI's), when sent
    /// Token: the chunk carried answer text (content, or a completion's text), outside a think block.
    bool answer = false;
    /// Token: the chunk carried thinking: reasoning (reasoning_content) text, or content inside a <think> block.
    bool thinking = false;
    /// Token: the content closed a think block the stream never opened (the chat template opened it in the
    /// prompt): every token before this chunk was thinking, though it came as content.
    bool thinkClosed = false;
    QByteArray finishReason; ///< the first non-null finish_reason of a choice, as sent (JSON escapes not decoded)
    QString errorMessage; ///< Kind::Error: the server's message; Kind::Malformed: what was wrong
    int errorCode = 0; ///< Kind::Error: the error's code, when numeric
};

/// Classifies the events of one streamed request, and tells thinking from answer (a reasoning model's). It validates
/// each event's JSON in one pass without building a document (the Token path allocates nothing) and remembers the last
/// cumulative completion_tokens, so that a chunk carrying several tokens (speculative decoding) is counted as such when
/// the server sends continuous usage.
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
        m_reasoningField = false;
        m_thinkOpen = false;
        m_thinkDone = false;
        m_answerSeen = false;
    }

private:
    void readThinkTags(QByteArrayView answer, StreamEvent* e);

    int m_completionTokens = 0;
    bool m_continuousUsage = false; ///< usage rode on token chunks (vLLM's continuous_usage_stats)
    bool m_seenChunk = false; ///< a chunk with choices has been read
    bool m_reasoningField = false; ///< the server separates thinking into its own field: no tags to read
    bool m_thinkOpen = false; ///< inside a <think> block of the content
    bool m_thinkDone = false; ///< the first think block has closed
    bool m_answerSeen = false; ///< answer text has come
};

} // namespace kp::core
