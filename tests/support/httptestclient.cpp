// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "httptestclient.h"

#include "core/common/monotonicclock.h"
#include "core/net/prometheustext.h"

#include <QDeadlineTimer>

QByteArray HttpTestClient::Response::header(QByteArrayView name) const
{
    for (const auto& [key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

QList<QByteArray> HttpTestClient::Response::events() const
{
    QList<QByteArray> out;
    const QList<QByteArray> blocks = body.split('\n');
    for (const QByteArray& line : blocks) {
        if (line.startsWith("data: "))
            out << line.mid(6);
    }
    return out;
}

HttpTestClient::HttpTestClient(quint16 port)
    : m_port(port)
{ }

bool HttpTestClient::isConnected() const
{
    return m_socket.state() == QAbstractSocket::ConnectedState;
}

bool HttpTestClient::ensureConnected()
{
    if (isConnected())
        return true;
    m_socket.abort();
    m_buffer.clear();
    m_socket.connectToHost(QHostAddress(QHostAddress::LocalHost), m_port);
    return m_socket.waitForConnected(5'000);
}

bool HttpTestClient::readMore(int timeoutMs)
{
    if (m_socket.bytesAvailable() == 0 && !m_socket.waitForReadyRead(timeoutMs))
        return false;
    m_buffer += m_socket.readAll();
    return true;
}

HttpTestClient::Response HttpTestClient::get(
    const QByteArray& path, const QList<std::pair<QByteArray, QByteArray>>& headers)
{
    QByteArray request = "GET " + path + " HTTP/1.1\r\nhost: 127.0.0.1\r\n";
    for (const auto& [k, v] : headers)
        request += k + ": " + v + "\r\n";
    return exchange(request + "\r\n");
}

HttpTestClient::Response HttpTestClient::post(
    const QByteArray& path, const QByteArray& body, const QList<std::pair<QByteArray, QByteArray>>& headers)
{
    return exchange(postRequest(path, body, headers));
}

QByteArray HttpTestClient::postRequest(
    const QByteArray& path, const QByteArray& body, const QList<std::pair<QByteArray, QByteArray>>& headers)
{
    QByteArray request = "POST " + path + " HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        + "content-length: " + QByteArray::number(body.size()) + "\r\n";
    for (const auto& [k, v] : headers)
        request += k + ": " + v + "\r\n";
    return request + "\r\n" + body;
}

HttpTestClient::Response HttpTestClient::exchange(const QByteArray& request, int timeoutMs)
{
    if (!send(request))
        return {};
    return receive(timeoutMs);
}

bool HttpTestClient::send(const QByteArray& request)
{
    if (!ensureConnected())
        return false;
    m_socket.write(request);
    return m_socket.waitForBytesWritten(5'000) || m_socket.bytesToWrite() == 0;
}

HttpTestClient::Response HttpTestClient::receive(int timeoutMs)
{
    Response r;
    QDeadlineTimer deadline(timeoutMs);
    qsizetype headerEnd = -1;
    qsizetype consumed = 0;
    while ((headerEnd = m_buffer.indexOf("\r\n\r\n")) < 0) {
        if (deadline.hasExpired() || !readMore(int(deadline.remainingTime())))
            return r;
    }
    const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
    r.status = lines.first().split(' ').value(1).toInt();
    qint64 contentLength = -1;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        r.headers.append({name, value});
        if (name == "content-length")
            contentLength = value.toLongLong();
        if (name == "transfer-encoding" && value.toLower() == "chunked")
            r.chunked = true;
    }
    consumed = headerEnd + 4;
    if (!r.chunked) {
        const qint64 want = contentLength < 0 ? 0 : contentLength;
        while (m_buffer.size() - consumed < want) {
            if (deadline.hasExpired() || !readMore(int(deadline.remainingTime())))
                break;
        }
        r.body = m_buffer.mid(consumed, want);
        r.complete = r.body.size() == want;
        consumed += r.body.size();
    } else {
        while (true) {
            const qsizetype lineEnd = m_buffer.indexOf("\r\n", consumed);
            if (lineEnd < 0) {
                if (deadline.hasExpired() || !readMore(int(deadline.remainingTime())))
                    break;
                continue;
            }
            const qint64 size = m_buffer.mid(consumed, lineEnd - consumed).toLongLong(nullptr, 16);
            if (m_buffer.size() < lineEnd + 2 + size + 2) {
                if (deadline.hasExpired() || !readMore(int(deadline.remainingTime())))
                    break;
                continue;
            }
            if (size == 0) {
                consumed = lineEnd + 4;
                r.complete = true;
                break;
            }
            const QByteArray chunk = m_buffer.mid(lineEnd + 2, size);
            r.chunks.push_back(chunk);
            r.chunkArrivalNs.push_back(kp::core::monotonicNowNs());
            r.body += chunk;
            consumed = lineEnd + 2 + size + 2;
        }
    }
    r.raw = m_buffer.left(consumed);
    m_buffer.remove(0, consumed);
    if (!r.complete)
        m_socket.abort();
    return r;
}

double HttpTestClient::metricValue(const QByteArray& metrics, QByteArrayView name)
{
    const kp::core::PrometheusText text = kp::core::PrometheusText::parse(metrics);
    const kp::core::PrometheusSample* sample = text.first(name);
    return sample ? sample->value : -1;
}
