// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace kp::core {

/// The server's own words for an answer that is not the event stream asked for: a captive portal's or a proxy's HTML
/// page, a plain JSON answer or JSON error, an empty body, a compressed stream. Without them each ends as "the stream
/// ended without [DONE]", which names no cause. The load engine and the doctor say them alike.
class NotAStream
{
public:
    enum class Kind {
        Empty, ///< no body at all
        Compressed, ///< a Content-Encoding other than identity
        Html, ///< a web page: a captive portal, a proxy's error or login page
        JsonError, ///< a JSON error envelope: the server's message
        Json, ///< JSON that is no error: a whole answer where a stream was asked for
        Stream, ///< an event stream that held no event
        Other, ///< text or bytes of another kind
    };

    /// The answer's kind, from its headers and its first bytes.
    static Kind kindOf(QByteArrayView contentType, QByteArrayView contentEncoding, QByteArrayView body);
    /// One sentence: what came (status, content type, the body's first line) and what that usually means, e.g.
    /// `HTTP 200, text/html, first line "<html><head><title>Hotel Wi-Fi</title>…": an HTML page, not the model
    /// server's answer: a captive portal or a proxy answered in its place`.
    static QString describe(
        int status, QByteArrayView contentType, QByteArrayView contentEncoding, QByteArrayView body);
    /// What to do about an answer of `kind`, for the doctor's fix line.
    static QString advice(Kind kind);
    /// The sentence for a compressed stream, which Kneepoint does not decode: it asks for identity.
    static QString compressed(QByteArrayView contentEncoding);
    /// True for a Content-Encoding that changes the bytes (gzip, br, deflate, zstd …); identity and none do not.
    static bool isCompressed(QByteArrayView contentEncoding);
    /// The first non-blank line of `body`, at most `maxChars` characters (an ellipsis when cut), with control
    /// characters and invalid UTF-8 replaced: it goes to a terminal and into reports.
    static QString firstLine(QByteArrayView body, int maxChars = 120);
    /// The message of a JSON error envelope (vLLM's {"error": {"message"}} or {"object": "error", "message"},
    /// llama.cpp's {"error": {…}} or {"code", "message"}, a gateway's {"error": "…"} or {"detail": "…"}); empty when
    /// `json` is no error.
    static QString errorMessage(QByteArrayView json);

    /// A refusal written by a gateway in front of the server rather than by the server.
    struct GatewayPage
    {
        QString words; ///< the page's own words: its title, else its heading ("429 Too Many Requests")
        QString product; ///< the gateway's signature under the page ("nginx/1.22.1"); empty when it signs none
    };
    /// A 429, 502, 503 or 504 whose body is an HTML page: proxies and gateways (nginx's limit_req, a load balancer
    /// with no upstream left, a timeout in front) write such pages, while the inference engines answer every error in
    /// JSON. Nothing for any other answer.
    static std::optional<GatewayPage> gatewayPage(int status, QByteArrayView contentType, QByteArrayView body);
    /// One sentence for a gateway's refusal: `HTTP 429 from a gateway in front of the server (nginx/1.22.1), not
    /// from the server: "429 Too Many Requests"`.
    static QString gatewaySentence(int status, const GatewayPage& page);
};

} // namespace kp::core
