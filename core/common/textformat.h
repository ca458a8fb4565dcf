// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kp::core::text {

/// A number for a sentence: thousands separated ("1,024"), `decimals` places, or (−1) as many as its size
/// deserves: none from 100 up, one from 10, two below.
QString number(double value, int decimals = -1);
/// A fraction as a percentage: 0.029 → "2.9%", 0.5 → "50%".
QString percent(double fraction);
/// A change in percent with its sign, one decimal: "+12.5%", "−3.0%", and "0.0%" for anything that rounds to
/// nothing (never "-0.0%"); "–" when there is none (NaN).
QString change(double percent);
/// Milliseconds: "480 ms", "12.5 ms", "1.25 s" from a second up.
QString milliseconds(double ms);
/// A change's interval in percent, "−31.0% to −18.2%"; an open side reads "?", both open "–".
QString changeInterval(double lowPercent, double highPercent);
/// A range of two loads, whole from 10 and in tenths below: "10–12", "9.4–10".
QString range(double low, double high);
/// The words for a metric's short name: "TTFT" → "time to first token".
QString metricName(const QString& metric);
/// A test's p-value in words, for a reader who has not met one: how often chance alone, with nothing changed,
/// would give a difference at least as large. "about 76 in 100 by chance", "about 4 in 1,000 by chance", "less than
/// 1 in 1,000 by chance".
QString chance(double p);
/// "a", "a and b", "a, b and c".
QString list(const QStringList& items);
/// "about 11 users", "1 user", in the user's language, for a sentence after "at", "from" or "up to".
QString users(double users, bool about = true);
/// The same for a label or after a colon, where the words stand alone (German declines them in a sentence).
QString usersLabel(double users, bool about = true);
/// A load standing alone, as a label or a card's number ("≈ 57 users"; German "57 Nutzer", not the dative of a
/// sentence).
QString loadLabel(double value, bool byRate, bool about = false);
/// A load in a sentence: users for a concurrency curve ("16 users"), requests per second for a rate curve; `about`
/// for an interpolated load ("about 11 users", "about 5.6 req/s").
QString load(double value, bool byRate, bool about = false);

} // namespace kp::core::text
