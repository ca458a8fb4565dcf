// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <algorithm>
#include <cstdint>

namespace kp::core {

/// Reads one HTTP/1.1 response at a time from the bytes a socket gave, in user space: the status line, the headers,
/// then a body framed by chunked transfer encoding, Content-Length, or the connection's end. Body bytes are handed
/// out as they arrive (de-chunked), so an event stream can be parsed, and timed, read by read.
class HttpResponseReader
{
public:
    enum class State { StatusLine, Headers, Body, Done, Error };

    /// Consumes what it can of `bytes` (bytes beyond the end of this response are left for the next one, as with
    /// pipelining) and calls onBody(QByteArrayView) for each piece of body. Returns how many bytes it consumed.
    template<typename OnBody> qsizetype feed(QByteArrayView bytes, OnBody&& onBody);
    /// The peer closed the connection: completes a body framed by the close, else it is an error (a cut response).
    void closed();
    void reset();

    State state() const { return m_state; }
    bool headersDone() const { return m_state == State::Body || m_state == State::Done; }
    bool done() const { return m_state == State::Done; }
    int status() const { return m_status; }
    bool keepAlive() const { return m_keepAlive; }
    bool chunked() const { return m_chunked; }
    QByteArray contentType() const { return m_contentType; }
    /// The Content-Encoding, as sent: a stream Kneepoint asked to get as identity may still come gzip'ed.
    QByteArray contentEncoding() const { return m_contentEncoding; }
    QByteArray retryAfter() const { return m_retryAfter; }
    QByteArray location() const { return m_location; } ///< a redirect's target, as the server wrote it
    /// What went wrong, when state() is Error.
    QByteArray error() const { return m_error; }
    /// Whether `start`, the first bytes of an answer, is an HTTP/2 SETTINGS or GOAWAY frame: what an HTTP/2-only
    /// server sends back to an HTTP/1.1 request.
    static bool isHttp2Frame(QByteArrayView start);

private:
    enum class ChunkState { Size, Data, DataEnd, Trailer };

    qsizetype parseHead(QByteArrayView bytes);
    /// A chunk-size line's hex number, or -1 when it is not one. By hand: every chunk of a stream has one, and
    /// QByteArrayView::toLongLong goes through the locale's number parser (~200 instructions a call, in callgrind).
    static std::int64_t chunkSize(QByteArrayView text);
    /// The line that ends where `rest` ends (its LF not included, its CR dropped): a view of the read itself when the
    /// line came whole, which is almost always, else of m_line with `rest` appended. Valid until m_line changes; so
    /// that no line costs an allocation, the caller empties m_line with resize(0), which keeps its capacity.
    QByteArrayView joinLine(QByteArrayView rest)
    {
        QByteArrayView line = rest;
        if (!m_line.isEmpty()) {
            m_line += rest;
            line = m_line;
        }
        if (line.endsWith('\r'))
            line.chop(1);
        return line;
    }
    /// The header a line began, for a folded line (obs-fold) that goes on with its value.
    enum class Header {
        None,
        Other,
        TransferEncoding,
        ContentLength,
        Connection,
        ContentType,
        ContentEncoding,
        RetryAfter,
        Location
    };
    void headLine(QByteArrayView line);
    bool headerLine(QByteArrayView line);
    bool headerValue(Header header, QByteArrayView value, bool continued);
    void fail(const char* why);

    State m_state = State::StatusLine;
    ChunkState m_chunkState = ChunkState::Size;
    QByteArray m_line; // a status/header/chunk-size line split across reads
    int m_status = 0;
    bool m_keepAlive = true;
    bool m_chunked = false;
    std::int64_t m_remaining = -1; // Content-Length left, or the current chunk's bytes left; -1: until close
    QByteArray m_contentType;
    QByteArray m_contentEncoding;
    QByteArray m_retryAfter;
    QByteArray m_location;
    qsizetype m_headBytes = 0; // the status line and headers so far, to bound them
    Header m_lastHeader = Header::None;
    QByteArray m_error;
};

template<typename OnBody> qsizetype HttpResponseReader::feed(QByteArrayView bytes, OnBody&& onBody)
{
    qsizetype pos = 0;
    const qsizetype n = bytes.size();
    while (pos < n && m_state != State::Done && m_state != State::Error) {
        if (m_state == State::StatusLine || m_state == State::Headers) {
            pos += parseHead(bytes.sliced(pos));
            continue;
        }
        if (!m_chunked) {
            const qsizetype take = m_remaining < 0 ? n - pos : qsizetype(std::min<std::int64_t>(m_remaining, n - pos));
            if (take > 0)
                onBody(bytes.sliced(pos, take));
            pos += take;
            if (m_remaining >= 0) {
                m_remaining -= take;
                if (m_remaining == 0)
                    m_state = State::Done;
            }
            continue;
        }
        // Chunked: size line, data, CRLF, … a zero size line, optional trailers, CRLF.
        if (m_chunkState == ChunkState::Data) {
            const qsizetype take = qsizetype(std::min<std::int64_t>(m_remaining, n - pos));
            onBody(bytes.sliced(pos, take));
            pos += take;
            m_remaining -= take;
            if (m_remaining == 0)
                m_chunkState = ChunkState::DataEnd;
            continue;
        }
        const qsizetype lf = bytes.indexOf('\n', pos);
        if (lf < 0) {
            m_line += bytes.sliced(pos);
            if (m_line.size() > 4096)
                fail("a chunk-size line longer than 4 KiB");
            return n;
        }
        const QByteArrayView line = joinLine(bytes.sliced(pos, lf - pos));
        pos = lf + 1;
        if (m_chunkState == ChunkState::DataEnd) {
            if (!line.isEmpty())
                fail("chunk data longer than its size");
            m_chunkState = ChunkState::Size;
        } else if (m_chunkState == ChunkState::Size) {
            const qsizetype semicolon = line.indexOf(';'); // chunk extensions are ignored
            const std::int64_t size = chunkSize(semicolon < 0 ? line : line.first(semicolon));
            if (size < 0) {
                fail("an invalid chunk size");
            } else if (size == 0) {
                m_chunkState = ChunkState::Trailer;
            } else {
                m_remaining = size;
                m_chunkState = ChunkState::Data;
            }
        } else if (line.isEmpty()) { // the blank line after the trailers
            m_state = State::Done;
        }
        if (!m_line.isEmpty())
            m_line.resize(0); // keeps its capacity
    }
    return pos;
}

} // namespace kp::core
