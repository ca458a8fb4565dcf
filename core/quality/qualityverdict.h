// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualitystatistics.h"

#include <QString>

namespace kp::core {

/// Whether a change kept the answers right, by a rule set before the answers existed.
///
/// The rule: the "after" accuracy may be at most `allowedDropPp` percentage points below "before". With the
/// interval [L, U] of after − before (in points):
///  - pass when L ≥ −allowed: with the stated confidence, the drop is within the allowance;
///  - fail when U < −allowed: with that confidence, the drop is larger than allowed;
///  - inconclusive otherwise: the interval straddles the line, and more questions (or a larger allowance, decided
///    before asking) are needed to tell.
/// An improvement passes like any change within the allowance.
struct QualityVerdict
{
    enum class Outcome { Pass, Fail, Inconclusive };
    /// The rule a before pass carries unless the user sets one: accuracy may fall by at most 1 percentage point.
    static constexpr double kDefaultAllowedDropPp = 1.0;
    static constexpr double kDefaultConfidence = 0.95;

    Outcome outcome = Outcome::Inconclusive;
    QString sentence; ///< the verdict in words, with the numbers that decided it

    /// Decides by the rule above; `interval` is after − before as a fraction, `confidence` e.g. 0.95.
    static QualityVerdict decide(const ConfidenceInterval& interval, double allowedDropPp, double confidence);
    /// pass, fail or inconclusive.
    static QString name(Outcome outcome);
};

} // namespace kp::core
