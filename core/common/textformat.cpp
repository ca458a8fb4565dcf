// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/textformat.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace kp::core::text {

namespace {

// Numbers are written the way the sentences' language writes them ("1,024.5" in English, "1.024,5" in German),
// whatever the system's locale: the translation names the locale, and without one they stay English.
QLocale sentenceLocale()
{
    static const QString english = QStringLiteral("en_US");
    static const QLocale englishLocale(QLocale::English, QLocale::UnitedStates);
    const QString name = QCoreApplication::translate(
        "TextFormat", "en_US", "the locale whose digits, decimal point and thousands separator the sentences use");
    return name == english ? englishLocale : QLocale(name);
}

} // namespace

QString number(double value, int decimals)
{
    if (std::isnan(value))
        return QCoreApplication::translate("TextFormat", "n/a");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    if (decimals < 0) {
        const double a = std::abs(value);
        decimals = a >= 100 || a == std::round(a) ? 0 : a >= 10 ? 1 : 2;
    }
    return sentenceLocale().toString(value, 'f', decimals);
}

QString range(double low, double high)
{
    // Whole from 10, tenths below: the precision loads are shown at (Capacity::shown).
    const auto end = [](double v) { return number(v, v >= 10 || v == std::round(v) ? 0 : 1); };
    return end(low) + QStringLiteral("–") + end(high);
}

QString percent(double fraction)
{
    const double p = 100 * fraction;
    const double a = std::abs(p);
    return number(p, a >= 10 || a == std::round(a) ? 0 : 1) + u'%';
}

QString change(double percent)
{
    if (std::isnan(percent))
        return QStringLiteral("–");
    const double rounded = std::round(percent * 10) / 10;
    if (rounded == 0)
        return sentenceLocale().toString(0.0, 'f', 1) + u'%';
    return (rounded > 0 ? QStringLiteral("+") : QStringLiteral("−"))
        + sentenceLocale().toString(std::abs(rounded), 'f', 1) + u'%';
}

QString changeInterval(double lowPercent, double highPercent)
{
    if (std::isnan(lowPercent) && std::isnan(highPercent))
        return QStringLiteral("–");
    const auto side = [](double v) { return std::isnan(v) ? QStringLiteral("?") : change(v); };
    return QCoreApplication::translate("TextFormat", "%1 to %2").arg(side(lowPercent), side(highPercent));
}

QString milliseconds(double ms)
{
    if (std::isnan(ms))
        return QCoreApplication::translate("TextFormat", "n/a");
    if (std::isinf(ms))
        return QCoreApplication::translate("TextFormat", "∞ (failed requests count as infinitely slow)");
    if (std::abs(ms) >= 1000)
        return number(ms / 1000) + QStringLiteral(" s");
    return number(ms) + QStringLiteral(" ms");
}

QString metricName(const QString& metric)
{
    if (metric == u"TTFT")
        return QCoreApplication::translate("TextFormat", "time to first token");
    if (metric == u"TPOT")
        return QCoreApplication::translate("TextFormat", "time per output token");
    if (metric == u"E2EL")
        return QCoreApplication::translate("TextFormat", "end-to-end latency");
    if (metric == u"TTFO")
        return QCoreApplication::translate("TextFormat", "time to the first answer token");
    if (metric == u"errors")
        return QCoreApplication::translate("TextFormat", "the share of failed requests");
    if (metric == u"attainment")
        return QCoreApplication::translate("TextFormat", "the share of requests meeting every target");
    return metric;
}

QString chance(double p)
{
    if (std::isnan(p))
        return QCoreApplication::translate("TextFormat", "n/a");
    if (p < 0.001)
        return QCoreApplication::translate("TextFormat", "less than 1 in 1,000 by chance");
    if (p >= 0.995)
        return QCoreApplication::translate("TextFormat", "nearly every time by chance");
    // Below 1 in 100 the hundreds would round to 0, which reads as "never".
    if (p < 0.01)
        return QCoreApplication::translate("TextFormat", "about %1 in 1,000 by chance").arg(std::lround(p * 1000));
    return QCoreApplication::translate("TextFormat", "about %1 in 100 by chance").arg(std::lround(p * 100));
}

QString list(const QStringList& items)
{
    if (items.size() <= 1)
        return items.value(0);
    return QCoreApplication::translate("TextFormat", "%1 and %2", "the last two items of a list")
        .arg(items.mid(0, items.size() - 1).join(QStringLiteral(", ")), items.last());
}

QString users(double users, bool about)
{
    const double shown = users >= 10 ? std::round(users) : std::round(users * 10) / 10;
    const QString n = number(shown, shown == std::round(shown) ? 0 : 1);
    // In a sentence after "at", "from" or "up to": German puts the noun in the dative.
    if (shown == 1)
        return about ? QCoreApplication::translate("TextFormat", "about %1 user", "in a sentence").arg(n)
                     : QCoreApplication::translate("TextFormat", "%1 user", "in a sentence").arg(n);
    return about ? QCoreApplication::translate("TextFormat", "about %1 users", "in a sentence").arg(n)
                 : QCoreApplication::translate("TextFormat", "%1 users", "in a sentence").arg(n);
}

QString usersLabel(double users, bool about)
{
    const double shown = users >= 10 ? std::round(users) : std::round(users * 10) / 10;
    const QString n = number(shown, shown == std::round(shown) ? 0 : 1);
    if (shown == 1)
        return about ? QCoreApplication::translate("TextFormat", "about %1 user", "a label").arg(n)
                     : QCoreApplication::translate("TextFormat", "%1 user", "a label").arg(n);
    return about ? QCoreApplication::translate("TextFormat", "about %1 users", "a label").arg(n)
                 : QCoreApplication::translate("TextFormat", "%1 users", "a label").arg(n);
}

QString load(double value, bool byRate, bool about)
{
    if (!byRate)
        return users(value, about);
    const QString n = number(value, value < 10 ? 1 : 0);
    return about ? QCoreApplication::translate("TextFormat", "about %1 req/s").arg(n)
                 : QCoreApplication::translate("TextFormat", "%1 req/s").arg(n);
}

QString loadLabel(double value, bool byRate, bool about)
{
    return byRate ? load(value, true, about) : usersLabel(value, about);
}

} // namespace kp::core::text
