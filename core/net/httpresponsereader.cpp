// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/httpresponsereader.h"

#include <algorithm>
#include <utility>

namespace kp::core {

namespace {

bool containsNoCase(QByteArrayView haystack, QByteArrayView needle)
{
    for (qsizetype i = 0; i + needle.size() <= haystack.size(); ++i) {
        if (haystack.sliced(i, needle.size()).compare(needle, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

} // namespace

void HttpResponseReader::reset()
{
    // The line buffer keeps its capacity for the connection's next response, unless a long header line grew it: a
    // server that sends 60 KiB lines on thousands of connections would otherwise have each one hold that much.
    QByteArray line = std::move(m_line);
    line.resize(0);
    *this = HttpResponseReader();
    if (line.capacity() <= 4096)
        m_line = std::move(line);
}

void HttpResponseReader::fail(const char* why)
{
    m_state = State::Error;
    m_error = why;
}

void HttpResponseReader::closed()
{
    if (m_state == State::Body && !m_chunked && m_remaining < 0)
        m_state = State::Done; // a body framed by the end of the connection
    else if (m_state != State::Done && m_state != State::Error)
        fail(m_state == State::Body ? "the connection closed in the middle of the body"
                                    : "the connection closed before a complete response header");
}

bool HttpResponseReader::isHttp2Frame(QByteArrayView start)
{
    // A frame header: a 24-bit length, the type, flags, and a stream id, which is 0 for SETTINGS and GOAWAY. No HTTP/1
    // status line starts with a zero byte.
    if (start.size() < 9 || start[0] != 0)
        return false;
    const auto type = static_cast<unsigned char>(start[3]);
    return (type == 0x04 || type == 0x07) && start[5] == 0 && start[6] == 0 && start[7] == 0 && start[8] == 0;
}

qsizetype HttpResponseReader::parseHead(QByteArrayView bytes)
{
    if (m_state == State::StatusLine && m_status == 0) {
        // An HTTP/2-only server answers an HTTP/1.1 request with frames of its own (SETTINGS, then GOAWAY), and may
        // hold the connection open: said as soon as the first frame header has come, as what it is.
        QByteArray joined;
        if (!m_line.isEmpty())
            joined = QByteArray(m_line).append(bytes.first(std::min<qsizetype>(bytes.size(), 9)));
        if (isHttp2Frame(m_line.isEmpty() ? bytes : QByteArrayView(joined))) {
            fail("the server answered with HTTP/2 frames: it speaks HTTP/2 only and refused the HTTP/1.1 request "
                 "(Kneepoint's load engine speaks HTTP/1.1); serve HTTP/1.1 beside HTTP/2, or put a proxy in front "
                 "that speaks it");
            return bytes.size();
        }
    }
    const qsizetype lf = bytes.indexOf('\n');
    // No head a server needs is this large; one that sends more is not answering, and is not read on.
    m_headBytes += lf < 0 ? bytes.size() : lf + 1;
    if (m_headBytes > 1024 * 1024) {
        fail("response headers longer than 1 MiB");
        return bytes.size();
    }
    if (lf < 0) {
        m_line += bytes;
        if (m_line.size() > 64 * 1024)
            fail("a response header line longer than 64 KiB");
        return bytes.size();
    }
    headLine(joinLine(bytes.first(lf)));
    if (!m_line.isEmpty())
        m_line.resize(0); // keeps its capacity
    return lf + 1;
}

std::int64_t HttpResponseReader::chunkSize(QByteArrayView text)
{
    text = text.trimmed();
    // 15 hex digits are 2^60 bytes: more than any chunk, and no overflow.
    if (text.isEmpty() || text.size() > 15)
        return -1;
    std::int64_t size = 0;
    for (const char c : text) {
        int digit = 0;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        else
            return -1;
        size = size * 16 + digit;
    }
    return size;
}

void HttpResponseReader::headLine(QByteArrayView line)
{
    if (m_state == State::StatusLine) {
        // "HTTP/1.1 200 OK"; interim 1xx responses (100 Continue) are skipped with their headers.
        if (!line.startsWith("HTTP/1.") || line.size() < 12 || line.at(8) != ' ') {
            fail("not an HTTP/1.x status line");
            return;
        }
        bool ok = false;
        m_status = line.sliced(9, 3).toInt(&ok);
        if (!ok) {
            fail("an unreadable status code");
            return;
        }
        m_keepAlive = line.startsWith("HTTP/1.1");
        m_state = State::Headers;
        return;
    }
    if (line.isEmpty()) {
        if (m_status >= 100 && m_status < 200) {
            m_state = State::StatusLine; // the real response follows
            return;
        }
        m_state = State::Body;
        // No body at all: HEAD is never sent; 204 and 304 have none, nor does Content-Length: 0.
        if (m_status == 204 || m_status == 304 || (!m_chunked && m_remaining == 0))
            m_state = State::Done;
        return;
    }
    // A line that begins with a space or a tab goes on with the header before it (obs-fold): a user agent replaces
    // the fold with a space (RFC 9112, 5.2), as Qt does for the doctor, so the engine reads the same header.
    if (line.front() == ' ' || line.front() == '\t') {
        if (m_lastHeader == Header::None || !headerValue(m_lastHeader, line.trimmed(), true))
            fail("a malformed header line");
        return;
    }
    if (!headerLine(line))
        fail("a malformed header line");
}

bool HttpResponseReader::headerLine(QByteArrayView line)
{
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return false;
    // Compared in place, without a lower-case copy: every response has a handful of these lines.
    const QByteArrayView name = line.first(colon).trimmed();
    const auto is = [&name](QByteArrayView lower) { return name.compare(lower, Qt::CaseInsensitive) == 0; };
    m_lastHeader = is("transfer-encoding") ? Header::TransferEncoding
        : is("content-length")             ? Header::ContentLength
        : is("connection")                 ? Header::Connection
        : is("content-type")               ? Header::ContentType
        : is("content-encoding")           ? Header::ContentEncoding
        : is("retry-after")                ? Header::RetryAfter
        : is("location")                   ? Header::Location
                                           : Header::Other;
    return headerValue(m_lastHeader, line.sliced(colon + 1).trimmed(), false);
}

bool HttpResponseReader::headerValue(Header header, QByteArrayView value, bool continued)
{
    // A folded value goes on after a space; the stored ones stay bounded.
    const auto put = [value, continued](QByteArray& to, qsizetype limit) {
        if (continued && !to.isEmpty())
            to += ' ';
        else if (!continued)
            to.resize(0);
        to += value.first(std::min<qsizetype>(value.size(), std::max<qsizetype>(0, limit - to.size())));
    };
    switch (header) {
    case Header::TransferEncoding:
        m_chunked = (continued && m_chunked) || containsNoCase(value, "chunked");
        break;
    case Header::ContentLength: {
        if (continued && value.isEmpty())
            break;
        if (continued)
            return false; // "Content-Length: 12" folded into "12 34" is no length
        bool ok = false;
        m_remaining = value.toLongLong(&ok);
        if (!ok || m_remaining < 0)
            return false;
        break;
    }
    case Header::Connection:
        if (containsNoCase(value, "close"))
            m_keepAlive = false;
        else if (containsNoCase(value, "keep-alive"))
            m_keepAlive = true;
        break;
    case Header::ContentType:
        put(m_contentType, 64 * 1024);
        break;
    case Header::ContentEncoding:
        put(m_contentEncoding, 100);
        break;
    case Header::RetryAfter:
        put(m_retryAfter, 64 * 1024);
        break;
    case Header::Location:
        put(m_location, 500);
        break;
    case Header::None:
    case Header::Other:
        break;
    }
    return true;
}

} // namespace kp::core
