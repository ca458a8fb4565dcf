// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/finding.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace kp::core {

struct RunData;
struct Walls;

/// The server going away during a run, as the run pipeline recorded it in the run's facts ("server_outages"): the
/// step it went away in, what failed at the connection, how long it was gone and whether it came back.
///
/// A server that is gone refuses every request at once, which looks like a server that cannot take the load: zero
/// throughput, every request failed. So a run whose server did not come back (RunStatus::ServerFailed) gets no wall
/// and no advice, its verdict says the server stopped answering, and the step it went away in is not stored; a run
/// whose server came back measured that step again, and says for how long it was gone.
struct ServerOutage
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

    /// "at 16 users", in the user's language.
    QString loadPhrase() const;
    /// What failed and for how long: "52 requests refused at the connection, no answer for 60 s"; for a restart,
    /// the counter that fell.
    QString evidence() const;

    static ServerOutage fromJson(const QJsonObject& o);
    /// The run's outages, in the order they happened; empty for a run without any (or stored before they were kept).
    static std::vector<ServerOutage> of(const RunData& run);
    /// A run that stopped because its server stopped answering: stored as RunStatus::ServerFailed.
    static bool stoppedTheRun(const RunData& run);

    /// The verdict's first sentence for a run its server stopped: where, what and for how long, and that no capacity
    /// is drawn from the failed step.
    QString verdict() const;
    /// What the report lists: a problem for the outage that ended the run, background for one that was waited out
    /// (the step measured again) and for a restart between steps.
    Finding finding() const;
    /// Walls not judged, each saying why: a run the server stopped draws none.
    Walls unjudgedWalls() const;
};

} // namespace kp::core
