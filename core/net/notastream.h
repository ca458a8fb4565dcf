// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

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
};

} // namespace kp::core
