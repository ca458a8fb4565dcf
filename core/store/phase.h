// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

namespace kp::core {

/// What a step of a run measures. Stored by its name (phaseName) in the step's row, and shown by it in the CSV, the
/// JSON and the live view; the report words it in the user's language.
enum class Phase {
    Baseline, ///< one user, a few requests: the server unloaded
    Uncached, ///< the baseline again with nothing shared between prompts (--shared-prefix, --turns)
    Concurrency, ///< a closed loop of N users (the capacity search's probes too)
    Rate, ///< an open loop at R requests per second (a trace's replay too)
    Shape, ///< one more request size at a moderate load
    Unknown, ///< a name this build does not know (a later version's): listed, in no phase, judged by none
};

/// The stored name: "baseline", "uncached", "concurrency", "rate", "shape" ("unknown" for Unknown).
QString phaseName(Phase phase);
/// The phase stored as `name`; Unknown for another word.
Phase phaseNamed(QStringView name);

} // namespace kp::core
