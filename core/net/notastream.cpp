// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/notastream.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

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

// The body without a UTF-8 BOM and leading white space: what its first character says of its kind.
QByteArrayView start(QByteArrayView body)
{
    if (body.startsWith("\xEF\xBB\xBF"))
        body = body.sliced(3);
    while (!body.isEmpty()
        && (body.front() == ' ' || body.front() == '\t' || body.front() == '\r' || body.front() == '\n'))
        body = body.sliced(1);
    return body;
}

// A page's title, for a hint that names which portal or proxy answered.
QString titleOf(QByteArrayView body)
{
    static const QRegularExpression title(
        QStringLiteral("<title[^>]*>([^<]*)</title>"), QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m
        = title.match(QString::fromUtf8(body.first(std::min<qsizetype>(body.size(), 64 * 1024))));
    return m.hasMatch() ? NotAStream::firstLine(m.captured(1).simplified().toUtf8(), 80) : QString();
}

} // namespace

bool NotAStream::isCompressed(QByteArrayView contentEncoding)
{
    const QByteArrayView e = contentEncoding.trimmed();
    return !e.isEmpty() && e.compare("identity", Qt::CaseInsensitive) != 0;
}

NotAStream::Kind NotAStream::kindOf(QByteArrayView contentType, QByteArrayView contentEncoding, QByteArrayView body)
{
    if (isCompressed(contentEncoding))
        return Kind::Compressed;
    const QByteArrayView text = start(body);
    if (text.isEmpty())
        return Kind::Empty;
    if (containsNoCase(contentType, "html") || text.startsWith('<'))
        return Kind::Html;
    if (containsNoCase(contentType, "json") || text.startsWith('{') || text.startsWith('['))
        return errorMessage(text).isEmpty() ? Kind::Json : Kind::JsonError;
    if (containsNoCase(contentType, "event-stream"))
        return Kind::Stream;
    return Kind::Other;
}

QString NotAStream::compressed(QByteArrayView contentEncoding)
{
    return QStringLiteral("the stream came compressed (Content-Encoding: %1); Kneepoint asks for identity "
                          "(Accept-Encoding: identity) and reads plain streams only, so whatever compressed it "
                          "ignored that")
        .arg(firstLine(contentEncoding, 40));
}

QString NotAStream::describe(
    int status, QByteArrayView contentType, QByteArrayView contentEncoding, QByteArrayView body)
{
    const Kind kind = kindOf(contentType, contentEncoding, body);
    QString what
        = QStringLiteral("HTTP %1, %2")
              .arg(status)
              .arg(contentType.trimmed().isEmpty() ? QStringLiteral("no Content-Type") : firstLine(contentType, 80));
    if (kind == Kind::Empty)
        what += QStringLiteral(", an empty body");
    else if (kind != Kind::Compressed)
        what += QStringLiteral(", first line \"%1\"").arg(firstLine(body));
    switch (kind) {
    case Kind::Empty:
        return what
            + QStringLiteral(": no body at all, where the model server always sends one: a proxy or load balancer "
                             "answered without passing the request on");
    case Kind::Compressed:
        return what + QStringLiteral(": ") + compressed(contentEncoding);
    case Kind::Html: {
        const QString title = titleOf(body);
        return what
            + QStringLiteral(": an HTML page%1, not the model server's answer: a captive portal, a login page or a "
                             "proxy answered in its place")
                  .arg(title.isEmpty() ? QString() : QStringLiteral(" (\"%1\")").arg(title));
    }
    case Kind::JsonError:
        return what + QStringLiteral(": the server's error: %1").arg(errorMessage(start(body)));
    case Kind::Json:
        return what
            + QStringLiteral(": a whole JSON answer where a stream was asked for: the server ignored \"stream\": "
                             "true, or a proxy in front turned the stream into one answer");
    case Kind::Stream:
        return what + QStringLiteral(": an event stream that carried no event");
    case Kind::Other:
        break;
    }
    return what + QStringLiteral(": neither an event stream nor JSON: a program other than the model server answered");
}

QString NotAStream::advice(Kind kind)
{
    switch (kind) {
    case Kind::Empty:
        return QStringLiteral("ask whoever runs the proxy or load balancer in front why it answers without the "
                              "server, or point --url at the server itself");
    case Kind::Compressed:
        return QStringLiteral("turn compression off for text/event-stream in the proxy or server in front (nginx: "
                              "gzip off for that location), or point --url at the server itself");
    case Kind::Html:
        return QStringLiteral("sign in to the network (a captive portal) or point --url past the proxy at the model "
                              "server's OpenAI-compatible API; curl the URL to see the page");
    case Kind::JsonError:
        return QStringLiteral("the server's message says why; read its log");
    case Kind::Json:
        return QStringLiteral("Kneepoint times tokens from a stream: a proxy in front must pass text/event-stream "
                              "through unbuffered, and the server must honour \"stream\": true");
    case Kind::Stream:
    case Kind::Other:
        break;
    }
    return QStringLiteral("point --url at the model server's OpenAI-compatible API; curl the URL to see what "
                          "answers there");
}

QString NotAStream::firstLine(QByteArrayView body, int maxChars)
{
    // Bounded before decoding: the line is for a sentence, however large the body.
    const QByteArrayView text = start(body.first(std::min<qsizetype>(body.size(), 4 * maxChars + 4)));
    qsizetype end = 0;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r')
        ++end;
    QString line = QString::fromUtf8(text.first(end));
    // Control characters would move a terminal's cursor or colour what follows; invalid UTF-8 is already U+FFFD.
    for (QChar& c : line) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            c = u' ';
    }
    line = line.simplified();
    if (line.size() > maxChars)
        line = line.left(maxChars) + QStringLiteral("…");
    return line;
}

QString NotAStream::errorMessage(QByteArrayView json)
{
    const QJsonObject o = QJsonDocument::fromJson(json.toByteArray()).object();
    if (o.isEmpty())
        return {};
    const QJsonValue error = o.value(u"error");
    QString message;
    if (error.isObject()) {
        const QJsonObject e = error.toObject();
        message = e.value(u"message").toString(e.value(u"type").toString());
        if (message.isEmpty())
            message = QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact));
    } else if (error.isString()) {
        message = error.toString();
    } else if (o.value(u"object").toString() == u"error"
        || (o.contains(u"message") && (o.contains(u"code") || o.contains(u"type")))) {
        // vLLM's flat envelope before 0.10.1; llama.cpp's {"code", "message", "type"}.
        message = o.value(u"message").toString();
    } else if (o.value(u"detail").isString()) {
        message = o.value(u"detail").toString(); // FastAPI's
    }
    return firstLine(message.toUtf8(), 300);
}

std::optional<NotAStream::GatewayPage> NotAStream::gatewayPage(
    int status, QByteArrayView contentType, QByteArrayView body)
{
    if (status != 429 && status != 502 && status != 503 && status != 504)
        return std::nullopt;
    if (kindOf(contentType, {}, body) != Kind::Html)
        return std::nullopt;
    GatewayPage page;
    const QString text = QString::fromUtf8(body.first(std::min<qsizetype>(body.size(), 64 * 1024)));
    page.words = titleOf(body);
    if (page.words.isEmpty()) {
        // HAProxy's and many balancers' pages have no title, only a heading.
        static const QRegularExpression heading(
            QStringLiteral("<h1[^>]*>([^<]*)</h1>"), QRegularExpression::CaseInsensitiveOption);
        if (const QRegularExpressionMatch m = heading.match(text); m.hasMatch())
            page.words = firstLine(m.captured(1).simplified().toUtf8(), 80);
    }
    // nginx signs its pages under a rule: <hr><center>nginx/1.22.1</center>. A signature is one product token.
    static const QRegularExpression signature(
        QStringLiteral(R"(<hr>\s*<center>\s*([A-Za-z][\w.-]*(?:/[\w.-]+)?)\s*</center>)"),
        QRegularExpression::CaseInsensitiveOption);
    if (const QRegularExpressionMatch m = signature.match(text); m.hasMatch())
        page.product = m.captured(1);
    return page;
}

QString NotAStream::gatewaySentence(int status, const GatewayPage& page)
{
    const QString who = page.product.isEmpty()
        ? QStringLiteral("a gateway in front of the server")
        : QStringLiteral("a gateway in front of the server (%1)").arg(page.product);
    return QStringLiteral("HTTP %1 from %2, not from the server%3")
        .arg(status)
        .arg(who, page.words.isEmpty() ? QString() : QStringLiteral(": \"%1\"").arg(page.words));
}

} // namespace kp::core
