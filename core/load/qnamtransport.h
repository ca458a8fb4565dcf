// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/serverendpoint.h"
#include "core/load/streamtransport.h"

#include <QObject>

#include <deque>
#include <vector>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace kp::core {

/// The product's transport: QNetworkAccessManager, in a pool. In Qt 6.4 one manager runs at most 6 requests to a
/// host at once (QHttp1Configuration, which raises that, is 6.5), so streams are spread over as many managers as
/// the concurrency needs, each with its own HTTP thread. Timestamps are taken when readyRead reaches this thread.
class QnamTransport : public QObject, public StreamTransport
{
    Q_OBJECT
public:
    explicit QnamTransport(const ServerEndpoint& target, QObject* parent = nullptr);
    ~QnamTransport() override;

    void prepare(int connections, std::function<void(const QString& error)> ready) override;
    void send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished) override;
    void cancelAll() override;
    int inFlight() const override { return m_inFlight; }
    int openConnections() const override { return m_warmedConnections; }

    /// Requests one manager runs at once to one host in Qt 6.4.
    static constexpr int ConnectionsPerManager = 6;

private:
    struct Manager
    {
        QNetworkAccessManager* manager = nullptr;
        int active = 0;
    };
    struct Stream;

    Manager* pickManager();
    QNetworkRequest request(const QByteArray& path) const;

    ServerEndpoint m_target;
    std::deque<Manager> m_managers; // a deque: streams keep pointers to their manager
    std::vector<Stream*> m_streams;
    int m_inFlight = 0;
    int m_warmedConnections = 0;
};

} // namespace kp::core
