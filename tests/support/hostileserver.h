// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QTcpServer>

#include <optional>

class QTcpSocket;

/// A server of ours that misbehaves on purpose, for the hostile-server suite. Every POST gets the same scripted
/// answer: byte strings written one after another (each after its delay, or dribbled a byte at a time), then the
/// connection closed, held open or reset. A GET gets the script set for its path with setGet(), else an empty 200
/// (the QNAM transport's warm-up of /health).
class HostileServer : public QTcpServer
{
    Q_OBJECT

public:
    struct Write
    {
        QByteArray bytes;
        int delayMs = 0; ///< before this write
        int dribbleMs = 0; ///< > 0: one byte every this many ms instead of all at once
    };
    enum class End {
        Close, ///< a FIN after the last write
        Hold, ///< the connection stays open, silent
        Reset, ///< an RST: SO_LINGER 0, then close
        KeepAlive, ///< the connection stays open for the next request
    };
    struct Script
    {
        QList<Write> writes;
        End end = End::Close;
    };

    explicit HostileServer(Script script, QObject* parent = nullptr);
    ~HostileServer() override;

    /// GET requests whose path starts with `pathPrefix` get `script`.
    void setGet(const QByteArray& pathPrefix, Script script) { m_gets.append({pathPrefix, std::move(script)}); }

    /// POST requests that ask for a stream (`"stream":true` in the body) get `script` instead of the one for every
    /// POST: the doctor asks once for a whole answer and once for a stream.
    void setStream(Script script) { m_stream = std::move(script); }

    /// A keep-alive connection left idle this long after an answer is closed, as a proxy's short keepalive_timeout
    /// does (nginx: keepalive_timeout 1s); 0: kept open.
    void setIdleCloseMs(int ms) { m_idleCloseMs = ms; }
    /// Connections closed for being idle so far.
    int idleClosed() const { return m_idleClosed; }

    /// POST requests answered so far.
    int answered() const { return m_answered; }
    /// Every request's head as received, for checks of what the client sent.
    const QList<QByteArray>& requests() const { return m_requests; }

    /// An HTTP/1.1 200 event-stream head, chunked or close-delimited.
    static QByteArray streamHead(bool chunked = true);
    /// One SSE event as a chunk of a chunked body (or bare when `chunked` is false).
    static QByteArray event(const QByteArray& data, bool chunked = true, const QByteArray& lineEnd = "\n");
    /// A completions chunk carrying `text`.
    static QByteArray token(const QByteArray& text);
    /// The chunked body's end.
    static QByteArray lastChunk() { return "0\r\n\r\n"; }

private:
    void answer(QTcpSocket* socket, const Script* script);
    void play(QTcpSocket* socket, const Script* script, int index, qsizetype offset);

    Script m_script;
    std::optional<Script> m_stream;
    QList<std::pair<QByteArray, Script>> m_gets;
    int m_answered = 0;
    int m_idleCloseMs = 0;
    int m_idleClosed = 0;
    QList<QByteArray> m_requests;
};
