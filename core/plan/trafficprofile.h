// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"

#include <QList>
#include <QString>

namespace kp::core {

/// What a product's traffic is when the user says no more than its name (--product, the wizard's traffic page,
/// Settings): the request shape and the targets it is judged against, the other shapes offered beside it, and its name
/// and description for a person. The one table of them; everything else asks it.
struct TrafficProfile
{
    QString id; ///< chat, rag, reasoning, batch: as --product takes it and runs store it
    const char*
        name; ///< untranslated; translated in the "TrafficProfile" context (displayName) (TrafficProfile::displayName)
    const char* description; ///< likewise
    Shape shape; ///< the default request shape
    QList<Shape> otherShapes; ///< offered beside it in the wizard
    double ttftMs; ///< the default TTFT target
    double tpotMs; ///< the default TPOT target

    /// Every profile, chat first.
    static const QList<TrafficProfile>& all();
    /// The profile of `id`; chat's for an id that names none.
    static const TrafficProfile& of(const QString& id);
    /// The ids, in the order of all().
    static QStringList ids();

    QString displayName() const;
    QString displayDescription() const;
};

/// The percentiles a person may judge targets at, everywhere one is chosen: the median to p99.9.
QList<double> percentileChoices();
/// "p99", "p99.9" ("p99,9" in German): a percentile as a choice names it.
QString percentileLabel(double percentile);

} // namespace kp::core
