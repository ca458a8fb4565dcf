// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/capacityconfidence.h"

#include "core/analysis/loadcurve.h"
#include "core/analysis/rundata.h"
#include "core/analysis/trustchecks.h"
#include "core/common/textformat.h"

#include <QCoreApplication>

#include <algorithm>

namespace kp::core {

CapacityConfidence CapacityConfidence::of(const LoadCurve& curve, const QList<TrustCheck>& trust)
{
    CapacityConfidence c;
    const Capacity& cap = curve.capacity;
    if (cap.bound == Capacity::Bound::None)
        return c;
    const auto lower = [&c](Level to) { c.level = std::max(c.level, to); };
    // The steps the number rests on: the two around the crossing, or the one that passed last, or the lowest that
    // missed.
    QStringList resting, below;
    for (int i = 0; i < int(curve.points.size()); ++i) {
        const CurvePoint& p = curve.points[std::size_t(i)];
        if (!TrustChecks::isDisturbed(trust, p.step))
            continue;
        if (i == cap.lastPass || i == cap.firstFail)
            resting << p.step->loadPhrase();
        else if (cap.firstFail < 0 || i < cap.firstFail)
            below << p.step->loadPhrase();
    }
    if (!resting.isEmpty()) {
        lower(Level::Low);
        c.reasons << QCoreApplication::translate("CapacityConfidence",
            "the measurement was disturbed at %1 (see the doubts: the client, the simulator or another process), and "
            "the capacity rests on it")
                         .arg(text::list(resting));
    }
    if (cap.laterPass >= 0 && cap.firstFail >= 0) {
        lower(Level::Low);
        c.reasons << QCoreApplication::translate("CapacityConfidence", "%1 missed while %2 met every target")
                         .arg(curve.points[std::size_t(cap.firstFail)].step->loadPhrase(),
                             curve.points[std::size_t(cap.laterPass)].step->loadPhrase());
    }
    if (!below.isEmpty()) {
        lower(Level::Medium);
        c.reasons << QCoreApplication::translate(
            "CapacityConfidence", "the measurement was disturbed at %1, below the capacity")
                         .arg(text::list(below));
    }
    return c;
}

QString CapacityConfidence::name(Level level)
{
    switch (level) {
    case Level::High:
        return QStringLiteral("high");
    case Level::Medium:
        return QStringLiteral("medium");
    case Level::Low:
        return QStringLiteral("low");
    }
    return {};
}

QString CapacityConfidence::text(Level level)
{
    switch (level) {
    case Level::High:
        return QCoreApplication::translate("CapacityConfidence", "high");
    case Level::Medium:
        return QCoreApplication::translate("CapacityConfidence", "medium");
    case Level::Low:
        return QCoreApplication::translate("CapacityConfidence", "low");
    }
    return {};
}

QString CapacityConfidence::sentence() const
{
    if (level == Level::High || reasons.isEmpty())
        return {};
    return QCoreApplication::translate("CapacityConfidence", " Confidence in this number: %1, since %2.")
        .arg(text(level), reasons.join(QStringLiteral("; ")));
}

QString CapacityConfidence::line() const
{
    if (level == Level::High || reasons.isEmpty())
        return {};
    return QCoreApplication::translate("CapacityConfidence", " Confidence: %1 (%2).")
        .arg(text(level), reasons.join(QStringLiteral("; ")));
}

} // namespace kp::core
