// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QList>
#include <QTcpSocket>

#include <cstdint>
#include <utility>
#include <vector>

/// A blocking HTTP/1.1 client for tests, over one keep-alive QTcpSocket to a server in another process. It keeps
/// the raw bytes so that framing can be compared byte for byte, and times every chunk of a chunked body.
class HttpTestClient
{
public:
    struct Response
    {
        int status = 0;
        QList<std::pair<QByteArray, QByteArray>> headers; // names lower-cased
        QByteArray body; // de-chunked
        QByteArray raw; // everything read, status line to the last byte
        bool chunked = false;
        bool complete = false; // the body ended as HTTP says it should (not cut)
        std::vector<std::int64_t> chunkArrivalNs; // monotonic time each HTTP chunk was parsed
        std::vector<QByteArray> chunks;

        QByteArray header(QByteArrayView name) const;
        QJsonDocument json() const { return QJsonDocument::fromJson(body); }
        /// The `data:` payloads of an event stream, in order.
        QList<QByteArray> events() const;
    };

    explicit HttpTestClient(quint16 port);
    bool isConnected() const;

    Response get(const QByteArray& path, const QList<std::pair<QByteArray, QByteArray>>& headers = {});
    Response post(
        const QByteArray& path, const QByteArray& body, const QList<std::pair<QByteArray, QByteArray>>& headers = {});
    /// Sends raw bytes and reads one response.
    Response exchange(const QByteArray& request, int timeoutMs = 30'000);
    /// Sends a request without waiting: several clients can each have one in flight, read later with receive().
    bool send(const QByteArray& request);
    Response receive(int timeoutMs = 30'000);
    /// The value of the first sample of `name` in a /metrics body, read with the product's Prometheus parser;
    /// -1 when there is none.
    static double metricValue(const QByteArray& metrics, QByteArrayView name);
    static QByteArray postRequest(
        const QByteArray& path, const QByteArray& body, const QList<std::pair<QByteArray, QByteArray>>& headers = {});

private:
    bool ensureConnected();
    bool readMore(int timeoutMs);

    quint16 m_port;
    QTcpSocket m_socket;
    QByteArray m_buffer;
};
