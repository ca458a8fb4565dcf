// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "textformat.h"

#include <QLocale>

#include <cmath>

namespace kp::core::text {

namespace {

// Sentences are English for now, and so are their numbers: the same in every user's locale.
const QLocale& english()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

} // namespace

QString number(double value, int decimals)
{
    if (std::isnan(value))
        return QStringLiteral("n/a");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    if (decimals < 0) {
        const double a = std::abs(value);
        decimals = a >= 100 || a == std::round(a) ? 0 : a >= 10 ? 1 : 2;
    }
    return english().toString(value, 'f', decimals);
}

QString percent(double fraction)
{
    const double p = 100 * fraction;
    const double a = std::abs(p);
    return number(p, a >= 10 || a == std::round(a) ? 0 : 1) + u'%';
}

QString milliseconds(double ms)
{
    if (std::isnan(ms))
        return QStringLiteral("n/a");
    if (std::abs(ms) >= 1000)
        return number(ms / 1000) + QStringLiteral(" s");
    return number(ms) + QStringLiteral(" ms");
}

QString metricName(const QString& metric)
{
    if (metric == u"TTFT")
        return QStringLiteral("time to first token");
    if (metric == u"TPOT")
        return QStringLiteral("time per output token");
    if (metric == u"E2EL")
        return QStringLiteral("end-to-end latency");
    if (metric == u"errors")
        return QStringLiteral("the share of failed requests");
    if (metric == u"attainment")
        return QStringLiteral("the share of requests meeting every target");
    return metric;
}

QString list(const QStringList& items)
{
    if (items.size() <= 1)
        return items.value(0);
    return items.mid(0, items.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + items.last();
}

QString users(double users, bool about)
{
    const double shown = users >= 10 ? std::round(users) : std::round(users * 10) / 10;
    const QString n = number(shown, shown == std::round(shown) ? 0 : 1);
    return (about ? QStringLiteral("about ") : QString()) + n
        + (shown == 1 ? QStringLiteral(" user") : QStringLiteral(" users"));
}

} // namespace kp::core::text
