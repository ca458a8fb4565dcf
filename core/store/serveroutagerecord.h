// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

#include <vector>

namespace kp::core {

/// The server going away during a run, as the run pipeline recorded it in the run's facts ("server_outages"): the
/// step it went away in, what failed at the connection, how long it was gone and whether it came back. ServerOutage
/// (analysis) puts it into words.
struct ServerOutageRecord
{
    enum class Kind {
        Connection, ///< requests refused or closed before any answer, and /health not answering
        Restart, ///< a counter of the server's fell during the step: it restarted under the load
        RestartBetweenSteps, ///< a counter fell between two steps: each step measured one process
    };
    Kind kind = Kind::Connection;
    int step = -1; ///< the planned step's index
    int users = 0; ///< the step's users (closed loop); 0 for a rate
    double rate = 0; ///< the step's requests per second (open loop)
    int refused = 0; ///< requests refused at the connection
    int closed = 0; ///< requests closed or reset before any answer
    double downSeconds = 0; ///< from the first failure to the answer that came back, or to giving up
    bool cameBack = false;
    int waitSeconds = 0; ///< --server-wait
    /// A counter that fell, from and to: the server that answered was a new process.
    QString counter;
    double counterBefore = -1;
    double counterAfter = -1;

    static ServerOutageRecord fromJson(const QJsonObject& o);
    /// A run's outages from its facts, in the order they happened; empty for a run without any (or stored before
    /// they were kept).
    static std::vector<ServerOutageRecord> of(const QJsonObject& runFacts);
};

} // namespace kp::core
