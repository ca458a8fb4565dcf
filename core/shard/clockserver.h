// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHostAddress>
#include <QObject>

class QTcpServer;
class QTcpSocket;

namespace kp::core {

/// The coordinator's clock for a sharded run: answers GET /time with when it read the request and when it sent the
/// answer, in UTC nanoseconds, so that each shard can measure its offset NTP-style (ClockOffset).
class ClockServer : public QObject
{
    Q_OBJECT
public:
    explicit ClockServer(QObject* parent = nullptr);

    bool listen(const QHostAddress& address, quint16 port, QString* error);
    quint16 port() const;

private:
    void serve(QTcpSocket* socket);

    QTcpServer* m_server;
};

} // namespace kp::core
