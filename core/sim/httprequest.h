// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

#include <utility>
#include <vector>

namespace kp::core {

/// One HTTP/1.1 request as the simulated server received it.
struct HttpRequest
{
    QByteArray method;
    QByteArray path; ///< without the query string
    QByteArray query;
    QByteArray version; ///< "HTTP/1.1" or "HTTP/1.0"
    std::vector<std::pair<QByteArray, QByteArray>> headers; ///< names in lower case
    QByteArray body;
    bool keepAlive = true;

    /// The first header of that (lower-case) name, or an empty array.
    QByteArray header(QByteArrayView name) const;
};

/// An incremental HTTP/1.1 request parser: feed it what the socket gave, take whole requests out. Bodies are read by
/// Content-Length; a chunked request body is refused (no OpenAI client sends one).
class HttpRequestParser
{
public:
    enum class Result { NeedMore, Complete, Error };

    static constexpr int MaxHeaderBytes = 64 * 1024;
    static constexpr int MaxBodyBytes = 64 * 1024 * 1024;

    /// Takes one request from the front of `buffer` if it is all there. On Error, `errorStatus` and `errorMessage`
    /// say what to answer before closing the connection.
    Result parse(QByteArray* buffer, HttpRequest* request);

    /// True once the headers of the pending request asked for `Expect: 100-continue` and the body is still to come.
    bool expectsContinue() const { return m_expectContinue; }
    int errorStatus() const { return m_errorStatus; }
    QByteArray errorMessage() const { return m_errorMessage; }

private:
    Result fail(int status, const char* message);

    bool m_expectContinue = false;
    int m_errorStatus = 0;
    QByteArray m_errorMessage;
};

} // namespace kp::core
