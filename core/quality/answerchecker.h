// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QChar>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// How a reply is checked against a question's expected answer. Stored and written in JSONL by name().
enum class MatchKind { Exact, Contains, Number, Choice, Regex };

/// Decides whether a model's reply is right. Pure functions, no state: the same reply and question always give the
/// same result, so a stored pass can be re-checked later.
///
/// Before any check a leading reasoning block (`<think>…</think>`) is dropped: reasoning models put their working
/// there, and only what follows is the answer.
///  - Exact: the reply equals the answer after normalising both: case folded, runs of whitespace made one space, and
///    surrounding quotes, backticks, asterisks and trailing sentence punctuation (. ! ?) removed.
///  - Contains: the normalised answer occurs in the normalised reply, case-insensitively (a plain substring, so
///    write answers that cannot appear by accident: "Paris", not "4").
///  - Number: the last number in the reply (thousands separators "1,234", a leading minus or U+2212, decimals and
///    exponents understood) is within `tolerance` of the answer. The default tolerance is 1e-6 × max(1, |answer|):
///    float printing noise passes, any real difference fails; a question that wants rounding states its own.
///  - Choice: a single letter A–E read from the reply ("B", "(B)", "B)", "Answer: B", "The answer is B.", "**B**",
///    "B. Mitochondria"); a reply naming no letter, or several different letters, is wrong.
///  - Regex: the answer is a QRegularExpression that must match somewhere in the reply (anchor it with ^…$ for a
///    whole-reply format); the reply is trimmed first, nothing else is normalised.
class AnswerChecker
{
public:
    /// Whether `reply` answers `expected` under `kind`; `tolerance` applies to Number only (nullopt: the default).
    static bool check(
        MatchKind kind, const QString& expected, const QString& reply, std::optional<double> tolerance = std::nullopt);

    /// The reply without a leading reasoning block.
    static QString answerPart(const QString& reply);
    /// Exact's normal form: folded case, single spaces, no wrapping quotes or trailing sentence punctuation.
    static QString normalised(const QString& text);
    /// The last number written in `text`, or nullopt.
    static std::optional<double> lastNumber(const QString& text);
    /// The answer letter A–E of a multiple-choice reply, or a null QChar when there is none or it is ambiguous.
    static QChar choiceLetter(const QString& text);
    /// The tolerance Number uses when a question sets none.
    static double defaultTolerance(double expected);

    static QString name(MatchKind kind);
    static std::optional<MatchKind> fromName(const QString& name);
    /// Every kind's name, for messages: exact, contains, number, choice, regex.
    static QStringList names();
};

} // namespace kp::core
