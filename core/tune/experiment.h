// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/loadcurve.h"
#include "tune/tunesetting.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <limits>
#include <optional>

namespace kp::core {

class RunStore;

/// What `kneepoint tune` found: the baseline and each setting tried, each a stored run measured on a server launched
/// with it, ranked by capacity under the baseline's targets, each compared with the baseline as `compare` does (the
/// capacity's change beyond noise or not), beside what the twin fitted to the baseline predicted for it; and one
/// recommendation with the flag to copy.
///
/// A setting is recommended only when its capacity beat the baseline's beyond noise (their ranges lie apart, the
/// change passes the floor): the highest capacity within noise is named as such, with the advice to keep the
/// baseline or measure again.
struct Experiment
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::Experiment)

public:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    struct Trial
    {
        std::optional<TuneSetting> setting; ///< none: the baseline
        qint64 runId = -1;
        QString failure; ///< why it has no measurement (the server did not start, the run did not complete)
        double predicted = kNaN; ///< the twin's capacity for it in users, fitted to the baseline; NaN: none
        QString prediction; ///< "about 6.1 users", or why the twin could not say

        // Filled by judge():
        Capacity::Bound bound = Capacity::Bound::None;
        double load = kNaN; ///< the capacity's load (Capacity::shown())
        QString capacity; ///< "about 6.2 users", "at least 8 users"
        double changePercent = kNaN; ///< against the baseline's capacity
        bool beyondNoise = false; ///< that change, judged as compare judges it
        QString why; ///< why it is not beyond noise, or what makes it so
        QString gate; ///< against the baseline, as compare --gate: "pass", "fail", "inconclusive"

        bool measured() const { return runId >= 0 && failure.isEmpty(); }
        /// "--parallel 4", or "baseline".
        QString label() const;
    };

    QString engine; ///< "llama-server", "vLLM": whose flags the settings are
    QList<Trial> trials; ///< the baseline first, then in the order they were measured
    QList<int> ranking; ///< the measured trials' indexes, the highest capacity first
    QString recommendation; ///< one sentence with the user's numbers
    QString flagToCopy; ///< the recommended setting's flag; empty when the baseline stays

    /// Reads each measured trial's run from `store`, compares it with the baseline's (trials[0]) under the baseline's
    /// targets, ranks them and words the recommendation.
    void judge(const RunStore& store);

    /// The table and the recommendation, for a terminal.
    QString text() const;
    QJsonObject toJson() const;
};

} // namespace kp::core
