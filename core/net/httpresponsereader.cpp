// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "httpresponsereader.h"

#include <utility>

namespace kp::core {

void HttpResponseReader::reset()
{
    *this = HttpResponseReader();
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

qsizetype HttpResponseReader::parseHead(QByteArrayView bytes)
{
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
    m_line += bytes.first(lf);
    if (m_line.endsWith('\r'))
        m_line.chop(1);
    const QByteArray line = std::exchange(m_line, QByteArray());

    if (m_state == State::StatusLine) {
        // "HTTP/1.1 200 OK"; interim 1xx responses (100 Continue) are skipped with their headers.
        if (!line.startsWith("HTTP/1.") || line.size() < 12 || line.at(8) != ' ') {
            fail("not an HTTP/1.x status line");
            return lf + 1;
        }
        bool ok = false;
        m_status = line.mid(9, 3).toInt(&ok);
        if (!ok) {
            fail("an unreadable status code");
            return lf + 1;
        }
        m_keepAlive = line.startsWith("HTTP/1.1");
        m_state = State::Headers;
        return lf + 1;
    }
    if (line.isEmpty()) {
        if (m_status >= 100 && m_status < 200) {
            m_state = State::StatusLine; // the real response follows
            return lf + 1;
        }
        m_state = State::Body;
        // No body at all: HEAD is never sent; 204 and 304 have none, nor does Content-Length: 0.
        if (m_status == 204 || m_status == 304 || (!m_chunked && m_remaining == 0))
            m_state = State::Done;
        return lf + 1;
    }
    if (!headerLine(line))
        fail("a malformed header line");
    return lf + 1;
}

bool HttpResponseReader::headerLine(QByteArrayView line)
{
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return false;
    const QByteArray name = line.first(colon).trimmed().toByteArray().toLower();
    const QByteArrayView value = line.sliced(colon + 1).trimmed();
    if (name == "transfer-encoding") {
        m_chunked = value.toByteArray().toLower().contains("chunked");
    } else if (name == "content-length") {
        bool ok = false;
        m_remaining = value.toLongLong(&ok);
        if (!ok || m_remaining < 0)
            return false;
    } else if (name == "connection") {
        const QByteArray v = value.toByteArray().toLower();
        if (v.contains("close"))
            m_keepAlive = false;
        else if (v.contains("keep-alive"))
            m_keepAlive = true;
    } else if (name == "content-type") {
        m_contentType = value.toByteArray();
    } else if (name == "retry-after") {
        m_retryAfter = value.toByteArray();
    } else if (name == "location") {
        m_location = value.toByteArray().left(500);
    }
    return true;
}

} // namespace kp::core
