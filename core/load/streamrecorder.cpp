// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/streamrecorder.h"

#include "core/net/notastream.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace kp::core {

StreamRecorder::StreamRecorder(RequestRecord record)
    : m_record(std::move(record))
{ }

namespace {

// The words of an error page that is not JSON (a proxy's HTML, a plain-text message): its title, else its text
// without tags, on one line and capped.
QString textOf(const QByteArray& body)
{
    const QString page = QString::fromUtf8(body.left(64 * 1024));
    static const QRegularExpression title(
        QStringLiteral("<title[^>]*>([^<]*)</title>"), QRegularExpression::CaseInsensitiveOption);
    if (const QRegularExpressionMatch m = title.match(page); m.hasMatch() && !m.captured(1).trimmed().isEmpty())
        return m.captured(1).simplified().left(200);
    static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
    return QString(page).replace(tag, QStringLiteral(" ")).simplified().left(200);
}

} // namespace

ErrorClass StreamRecorder::classifyStatus(int status)
{
    if (status == 401 || status == 403)
        return ErrorClass::Unauthorized;
    if (status == 404)
        return ErrorClass::NotFound;
    if (status == 429)
        return ErrorClass::RateLimited;
    if (status >= 500)
        return ErrorClass::ServerError;
    if (status >= 300)
        return ErrorClass::HttpError; // a redirect too: it is not followed, the key stays with its origin
    return ErrorClass::None;
}

void StreamRecorder::headers(int status, std::int64_t ns, const QByteArray& location, const QByteArray& contentType,
    const QByteArray& contentEncoding)
{
    m_record.httpStatus = status;
    m_record.headersNs = ns;
    m_location = location;
    m_contentType = contentType.left(200);
    m_contentEncoding = contentEncoding.left(100);
    // Kneepoint asks for identity; a proxy that compresses anyway sends bytes no SSE parser can read, and every
    // request would end as a stream without [DONE]. Said at once, as what it is.
    if (status < 300 && NotAStream::isCompressed(m_contentEncoding))
        fail(ErrorClass::HttpError,
            QStringLiteral("No readable event stream came: %1.")
                .arg(NotAStream::describe(status, m_contentType, m_contentEncoding, {})),
            ns);
    // Room for a chunk a token, the tokens asked for (up to 256), made once: grown from nothing it would be moved
    // seven times on the way to 60 bytes. take() gives back what was not used.
    if (status < 300 && m_record.chunks.empty())
        m_record.chunks.reserve(std::size_t(std::clamp(m_record.requestedOutputTokens, 0, 256)));
}

void StreamRecorder::body(QByteArrayView bytes, std::int64_t ns)
{
    if (m_record.httpStatus >= 300) {
        if (m_errorBody.size() < 64 * 1024)
            m_errorBody += bytes;
        return;
    }
    if (m_record.chunks.empty() && !m_sawDone && m_head.size() < 64 * 1024)
        m_head += bytes.first(std::min<qsizetype>(bytes.size(), 64 * 1024 - m_head.size()));
    if (NotAStream::isCompressed(m_contentEncoding))
        return; // already failed: compressed bytes are no events
    const bool ok = m_parser.feed(bytes, [this, ns](QByteArrayView data) { event(data, ns); });
    if (!ok && !failed())
        fail(ErrorClass::MalformedEvent, QStringLiteral("An event grew past 16 MiB without ending."), ns);
    if (!m_parser.errorField().isEmpty() && !failed()) {
        // llama.cpp's `error: {…}` line: the stream ends after it, and its words say why.
        QString message = NotAStream::errorMessage(m_parser.errorField());
        if (message.isEmpty())
            message = NotAStream::firstLine(m_parser.errorField(), 300);
        fail(
            ErrorClass::InBandError, QStringLiteral("The server reported an error in the stream: %1").arg(message), ns);
    }
}

void StreamRecorder::event(QByteArrayView data, std::int64_t ns)
{
    ++m_eventCount;
    if (m_record.responseId.isEmpty() && data.startsWith("{\"id\":\"")) {
        // Once per request, and cheap: vLLM puts the id first in every chunk.
        const qsizetype end = data.indexOf('"', 7);
        if (end > 7 && end < 200)
            m_record.responseId = data.sliced(7, end - 7).toByteArray();
    }
    // A request ends at [DONE]: anything after it is the server's fault, not more of the response.
    if (m_sawDone) {
        ++m_eventsAfterDone;
        return;
    }
    const StreamEvent e = m_events.read(data);
    if (e.promptTokens >= 0)
        m_record.promptTokens = e.promptTokens;
    if (e.completionTokens >= 0)
        m_record.completionTokens = e.completionTokens;
    if (e.cachedTokens >= 0)
        m_record.cachedTokens = e.cachedTokens;
    if (e.reasoningTokens >= 0)
        m_usageReasoningTokens = e.reasoningTokens;
    if (!e.finishReason.isEmpty())
        m_record.finishReason = QString::fromLatin1(e.finishReason);
    switch (e.kind) {
    case StreamEvent::Kind::Token:
        if (m_record.firstTokenNs < 0)
            m_record.firstTokenNs = ns;
        // Each chunk carries at least a token, so a server within max_tokens sends no more chunks than that; one
        // that goes on and on is not answering the request, and the record must not grow with it.
        if (int(m_record.chunks.size()) >= maxChunks()) {
            m_overran = true;
            if (!failed())
                fail(ErrorClass::MalformedEvent,
                    QStringLiteral("The server sent more than %1 token chunks for a request of %2 tokens.")
                        .arg(maxChunks())
                        .arg(m_record.requestedOutputTokens),
                    ns);
            break;
        }
        m_record.chunks.push_back({ns, std::max(1, e.tokens)});
        thinkingOrAnswer(e, ns);
        m_tokens += std::max(1, e.tokens);
        break;
    case StreamEvent::Kind::Done:
        m_sawDone = true;
        m_doneNs = ns;
        break;
    case StreamEvent::Kind::Error:
        if (!failed()) {
            m_record.error = ErrorClass::InBandError;
            m_record.errorMessage = e.errorMessage.isEmpty()
                ? QStringLiteral("The server reported an error in the stream.")
                : QStringLiteral("The server reported an error in the stream: %1").arg(e.errorMessage);
            m_record.endNs = ns;
        }
        break;
    case StreamEvent::Kind::Malformed:
        if (!failed()) {
            m_record.error = ErrorClass::MalformedEvent;
            m_record.errorMessage = QStringLiteral("An event was not valid JSON (%1).").arg(e.errorMessage);
            m_record.endNs = ns;
        }
        break;
    case StreamEvent::Kind::RoleOnly:
    case StreamEvent::Kind::Usage:
    case StreamEvent::Kind::Empty:
        break;
    }
}

void StreamRecorder::thinkingOrAnswer(const StreamEvent& e, std::int64_t ns)
{
    if (e.thinkClosed) {
        // The template opened the think block: what came as content before its close was thinking.
        m_record.reasoningTokens = m_tokens;
        m_record.firstAnswerNs = -1;
    }
    if (e.answer) {
        if (m_record.firstAnswerNs < 0)
            m_record.firstAnswerNs = ns;
    } else if (e.thinking) {
        m_record.reasoningTokens = std::max(0, m_record.reasoningTokens) + std::max(1, e.tokens);
    }
}

void StreamRecorder::complete(std::int64_t ns)
{
    if (failed())
        return;
    const ErrorClass statusClass = classifyStatus(m_record.httpStatus);
    if (statusClass != ErrorClass::None) {
        // vLLM's envelope, nested or flat, or the auth middleware's {"error": "Unauthorized"}.
        const QJsonObject doc = QJsonDocument::fromJson(m_errorBody).object();
        const QJsonValue error = doc.value(u"error");
        QString message = error.isObject() ? error.toObject().value(u"message").toString() : error.toString();
        if (message.isEmpty())
            message = doc.value(u"message").toString(doc.value(u"detail").toString());
        if (message.isEmpty() && !m_errorBody.trimmed().isEmpty() && doc.isEmpty())
            message = textOf(m_errorBody);
        // 505 and 426 are how an HTTP/2-only server or gateway that still reads HTTP/1.1 refuses it.
        if (m_record.httpStatus == 505 || m_record.httpStatus == 426)
            message = QStringLiteral("the server refuses HTTP/1.1, the protocol Kneepoint's load engine speaks "
                                     "(%1): it serves HTTP/2 only; serve HTTP/1.1 beside HTTP/2, or put a proxy in "
                                     "front that speaks it%2")
                          .arg(m_record.httpStatus == 505 ? QStringLiteral("505 HTTP Version Not Supported")
                                                          : QStringLiteral("426 Upgrade Required"),
                              message.isEmpty() ? QString() : QStringLiteral("; it said: ") + message.left(300));
        if (m_record.httpStatus >= 300 && m_record.httpStatus < 400)
            message = m_location.isEmpty()
                ? QStringLiteral("a redirect without a Location; Kneepoint does not follow redirects with the key")
                : QStringLiteral("a redirect to %1, not followed: Kneepoint sends the API key to the server's own "
                                 "origin only; use the URL the redirect names")
                      .arg(QString::fromUtf8(m_location));
        // A gateway's own page is the gateway's refusal, not the server's failure: a run through nginx's limit_req
        // measures nginx's cap, and the report must name it as such, in nginx's words.
        if (const std::optional<NotAStream::GatewayPage> gateway
            = NotAStream::gatewayPage(m_record.httpStatus, m_contentType, m_errorBody)) {
            m_record.error = ErrorClass::GatewayRejected;
            m_record.errorMessage = NotAStream::gatewaySentence(m_record.httpStatus, *gateway);
            m_record.endNs = ns;
            return;
        }
        m_record.error = statusClass;
        m_record.errorMessage = QStringLiteral("HTTP %1%2")
                                    .arg(m_record.httpStatus)
                                    .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message.left(500));
        m_record.endNs = ns;
        return;
    }
    if (!m_sawDone) {
        // No event at all: what came was no stream (a portal's page, a whole JSON answer or error, nothing), and
        // its own words say more than "no [DONE]" would.
        if (m_eventCount == 0) {
            const NotAStream::Kind kind = NotAStream::kindOf(m_contentType, m_contentEncoding, m_head);
            if (kind == NotAStream::Kind::JsonError)
                fail(ErrorClass::InBandError,
                    QStringLiteral("The server answered %1 with an error instead of a stream: %2")
                        .arg(m_record.httpStatus)
                        .arg(NotAStream::errorMessage(m_head)),
                    ns);
            else
                fail(kind == NotAStream::Kind::Stream ? ErrorClass::StreamCut : ErrorClass::HttpError,
                    QStringLiteral("No readable event stream came: %1.")
                        .arg(NotAStream::describe(m_record.httpStatus, m_contentType, m_contentEncoding, m_head)),
                    ns);
            return;
        }
        // The HTTP framing ended cleanly, but vLLM always ends a stream with [DONE]: something cut it short.
        fail(ErrorClass::StreamCut, QStringLiteral("The stream ended without [DONE]."), ns);
        return;
    }
    // At [DONE], not at the end of the HTTP body: a server that holds the connection open after it does not
    // make the request longer.
    m_record.endNs = m_doneNs >= 0 ? m_doneNs : ns;
    // The server's own count of thinking tokens, where it gives one, over the chunks' (one a chunk without
    // continuous usage).
    if (m_usageReasoningTokens >= 0)
        m_record.reasoningTokens = m_usageReasoningTokens;
}

void StreamRecorder::fail(ErrorClass error, const QString& message, std::int64_t ns)
{
    if (failed())
        return;
    m_record.error = error;
    m_record.errorMessage = message;
    m_record.endNs = ns;
}

} // namespace kp::core
