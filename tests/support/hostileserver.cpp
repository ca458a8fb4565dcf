// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostileserver.h"

#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <sys/socket.h>

HostileServer::HostileServer(Script script, QObject* parent)
    : QTcpServer(parent)
    , m_script(std::move(script))
{
    connect(this, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* socket = nextPendingConnection()) {
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                if (auto* idle = socket->findChild<QTimer*>(QStringLiteral("idle")))
                    idle->stop(); // a request came: the connection is busy again
                QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
                // One request at a time: its head, then as many body bytes as its Content-Length says.
                for (;;) {
                    const qsizetype end = buffer.indexOf("\r\n\r\n");
                    if (end < 0)
                        break;
                    const QByteArray head = buffer.left(end);
                    qsizetype length = 0;
                    for (const QByteArray& line : head.split('\n')) {
                        if (line.toLower().startsWith("content-length:"))
                            length = line.mid(15).trimmed().toLongLong();
                    }
                    if (buffer.size() < end + 4 + length)
                        break;
                    const bool stream = buffer.mid(end + 4, length).contains("\"stream\":true");
                    buffer.remove(0, end + 4 + length);
                    m_requests << head;
                    if (head.startsWith("GET")) {
                        const QByteArray path = head.split(' ').value(1);
                        const Script* get = nullptr;
                        for (const auto& [prefix, scripted] : std::as_const(m_gets)) {
                            if (path.startsWith(prefix))
                                get = &scripted;
                        }
                        if (get)
                            answer(socket, get);
                        else
                            socket->write("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n");
                    } else {
                        ++m_answered;
                        answer(socket, stream && m_stream ? &*m_stream : &m_script);
                    }
                }
                socket->setProperty("buffer", buffer);
            });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
}

HostileServer::~HostileServer() = default;

void HostileServer::answer(QTcpSocket* socket, const Script* script)
{
    play(socket, script, 0, 0);
}

void HostileServer::play(QTcpSocket* socket, const Script* script, int index, qsizetype offset)
{
    QPointer<QTcpSocket> alive(socket);
    if (index >= script->writes.size()) {
        switch (script->end) {
        case End::Close:
            socket->disconnectFromHost();
            break;
        case End::Reset: {
            const linger off {1, 0};
            ::setsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &off, sizeof off);
            socket->abort();
            break;
        }
        case End::KeepAlive:
            if (m_idleCloseMs > 0) {
                auto* idle = socket->findChild<QTimer*>(QStringLiteral("idle"));
                if (!idle) {
                    idle = new QTimer(socket);
                    idle->setObjectName(QStringLiteral("idle"));
                    idle->setSingleShot(true);
                    connect(idle, &QTimer::timeout, socket, [this, socket] {
                        ++m_idleClosed;
                        socket->disconnectFromHost();
                    });
                }
                idle->start(m_idleCloseMs);
            }
            break;
        case End::Hold:
            break;
        }
        return;
    }
    const Write& w = script->writes[index];
    const int delay = offset == 0 ? w.delayMs : w.dribbleMs;
    auto step = [this, alive, script, index, offset, &w] {
        if (!alive || alive->state() != QAbstractSocket::ConnectedState)
            return;
        if (w.dribbleMs > 0 && offset < w.bytes.size()) {
            alive->write(w.bytes.mid(offset, 1));
            alive->flush();
            if (offset + 1 < w.bytes.size()) {
                play(alive, script, index, offset + 1);
                return;
            }
        } else {
            alive->write(w.bytes);
            alive->flush();
        }
        play(alive, script, index + 1, 0);
    };
    if (delay <= 0 && w.dribbleMs <= 0)
        step();
    else
        QTimer::singleShot(std::max(delay, 0), this, step);
}

QByteArray HostileServer::streamHead(bool chunked)
{
    return chunked ? "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
                   : "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n\r\n";
}

QByteArray HostileServer::event(const QByteArray& data, bool chunked, const QByteArray& lineEnd)
{
    const QByteArray e = "data: " + data + lineEnd + lineEnd;
    return chunked ? QByteArray::number(e.size(), 16) + "\r\n" + e + "\r\n" : e;
}

QByteArray HostileServer::token(const QByteArray& text)
{
    return R"({"id":"cmpl-1","object":"text_completion","choices":[{"index":0,"text":")" + text
        + R"(","finish_reason":null}]})";
}
