// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/finding.h"
#include "core/store/serveroutagerecord.h"

#include <QString>

#include <vector>

namespace kp::core {

struct RunData;
struct Walls;

/// The server going away during a run (ServerOutageRecord, as stored), put into words.
///
/// A server that is gone refuses every request at once, which looks like a server that cannot take the load: zero
/// throughput, every request failed. So a run whose server did not come back (RunStatus::ServerFailed) gets no wall
/// and no advice, its verdict says the server stopped answering, and the step it went away in is not stored; a run
/// whose server came back measured that step again, and says for how long it was gone.
struct ServerOutage : ServerOutageRecord
{
    /// "at 16 users", in the user's language.
    QString loadPhrase() const;
    /// What failed and for how long: "52 requests refused at the connection, no answer for 60 s"; for a restart,
    /// the counter that fell.
    QString evidence() const;

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
