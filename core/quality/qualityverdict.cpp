// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualityverdict.h"

namespace kp::core {

namespace {

QString points(double fraction)
{
    return QString::number(fraction * 100, 'f', 1);
}

} // namespace

QualityVerdict QualityVerdict::decide(const ConfidenceInterval& interval, double allowedDropPp, double confidence)
{
    QualityVerdict v;
    const double line = -allowedDropPp / 100;
    const QString range = QStringLiteral("[%1, %2] points").arg(points(interval.lower), points(interval.upper));
    const QString level = QString::number(confidence * 100, 'g', 4) + u'%';
    const QString allowed = QString::number(allowedDropPp, 'g', 4)
        + (allowedDropPp == 1 ? QStringLiteral(" point") : QStringLiteral(" points"));
    // A tiny epsilon keeps "exactly at the line" from flipping on the last bit of a floating-point sum.
    constexpr double epsilon = 1e-12;
    if (interval.lower >= line - epsilon) {
        v.outcome = Outcome::Pass;
        v.sentence = QStringLiteral("PASS: the %1 interval of the change, %2, lies above the allowed drop of %3, "
                                    "so the answers stayed right within the rule.")
                         .arg(level, range, allowed);
    } else if (interval.upper < line - epsilon) {
        v.outcome = Outcome::Fail;
        v.sentence = QStringLiteral("FAIL: the %1 interval of the change, %2, lies wholly below the allowed drop of "
                                    "%3: the change costs more accuracy than the rule allows.")
                         .arg(level, range, allowed);
    } else {
        v.outcome = Outcome::Inconclusive;
        v.sentence = QStringLiteral("INCONCLUSIVE: the %1 interval of the change, %2, straddles the allowed drop of "
                                    "%3. More questions would narrow it; the rule stays as set.")
                         .arg(level, range, allowed);
    }
    return v;
}

QString QualityVerdict::name(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Pass:
        return QStringLiteral("pass");
    case Outcome::Fail:
        return QStringLiteral("fail");
    case Outcome::Inconclusive:
        return QStringLiteral("inconclusive");
    }
    return {};
}

} // namespace kp::core
