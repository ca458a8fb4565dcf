// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/httprequest.h"

namespace kp::core {

QByteArray HttpRequest::header(QByteArrayView name) const
{
    for (const auto& [key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

HttpRequestParser::Result HttpRequestParser::fail(int status, const char* message)
{
    m_errorStatus = status;
    m_errorMessage = message;
    return Result::Error;
}

HttpRequestParser::Result HttpRequestParser::parse(QByteArray* buffer, HttpRequest* request)
{
    m_expectContinue = false;
    // Tolerate the stray CRLF some clients send between keep-alive requests (RFC 9112 §2.2).
    while (buffer->startsWith("\r\n"))
        buffer->remove(0, 2);
    // Every method starts with a capital letter; anything else (a TLS ClientHello, binary junk) is refused at once
    // rather than waited on until the header limit, as uvicorn does.
    if (!buffer->isEmpty() && !(buffer->at(0) >= 'A' && buffer->at(0) <= 'Z'))
        return fail(400, "Invalid HTTP request");
    const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buffer->size() > MaxHeaderBytes)
            return fail(431, "Request header fields too large");
        return Result::NeedMore;
    }
    if (headerEnd > MaxHeaderBytes)
        return fail(431, "Request header fields too large");

    const QByteArrayView head(buffer->constData(), headerEnd);
    const qsizetype lineEnd = head.indexOf("\r\n");
    const QByteArrayView requestLine = lineEnd < 0 ? head : head.first(lineEnd);
    const qsizetype sp1 = requestLine.indexOf(' ');
    const qsizetype sp2 = requestLine.lastIndexOf(' ');
    if (sp1 <= 0 || sp2 <= sp1)
        return fail(400, "Malformed request line");
    HttpRequest r;
    r.method = requestLine.first(sp1).toByteArray();
    const QByteArrayView target = requestLine.sliced(sp1 + 1, sp2 - sp1 - 1);
    r.version = requestLine.sliced(sp2 + 1).toByteArray();
    if (r.version != "HTTP/1.1" && r.version != "HTTP/1.0")
        return fail(505, "HTTP version not supported");
    const qsizetype question = target.indexOf('?');
    r.path = (question < 0 ? target : target.first(question)).toByteArray();
    if (question >= 0)
        r.query = target.sliced(question + 1).toByteArray();
    r.keepAlive = r.version == "HTTP/1.1";

    qsizetype pos = lineEnd < 0 ? head.size() : lineEnd + 2;
    qint64 contentLength = 0;
    while (pos < head.size()) {
        qsizetype end = head.indexOf("\r\n", pos);
        if (end < 0)
            end = head.size();
        const QByteArrayView line = head.sliced(pos, end - pos);
        pos = end + 2;
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return fail(400, "Malformed header line");
        QByteArray name = line.first(colon).trimmed().toByteArray().toLower();
        QByteArray value = line.sliced(colon + 1).trimmed().toByteArray();
        if (name == "content-length") {
            bool ok = false;
            contentLength = value.toLongLong(&ok);
            if (!ok || contentLength < 0)
                return fail(400, "Invalid Content-Length");
        } else if (name == "transfer-encoding" && value.toLower() != "identity") {
            return fail(501, "Chunked request bodies are not supported; send Content-Length");
        } else if (name == "connection") {
            const QByteArray v = value.toLower();
            if (v.contains("close"))
                r.keepAlive = false;
            else if (v.contains("keep-alive"))
                r.keepAlive = true;
        }
        r.headers.emplace_back(std::move(name), std::move(value));
    }
    if (contentLength > MaxBodyBytes)
        return fail(413, "Request body too large");

    const qsizetype total = headerEnd + 4 + contentLength;
    if (buffer->size() < total) {
        m_expectContinue = r.header("expect").toLower() == "100-continue";
        return Result::NeedMore;
    }
    r.body = buffer->mid(headerEnd + 4, contentLength);
    buffer->remove(0, total);
    *request = std::move(r);
    return Result::Complete;
}

} // namespace kp::core
