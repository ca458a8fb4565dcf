// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/answerchecker.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

bool isWrapping(QChar c)
{
    static const QString wrapping = QStringLiteral("\"'`*_\u201c\u201d\u2018\u2019");
    return wrapping.contains(c);
}

// One letter when every candidate names the same one; a null QChar when none or several differ.
QChar single(const QSet<QChar>& letters)
{
    return letters.size() == 1 ? *letters.begin() : QChar();
}

QSet<QChar> lettersOf(const QRegularExpression& re, const QString& text)
{
    QSet<QChar> letters;
    auto it = re.globalMatch(text);
    while (it.hasNext())
        letters.insert(it.next().captured(1).at(0).toUpper());
    return letters;
}

} // namespace

QString AnswerChecker::answerPart(const QString& reply)
{
    static const QRegularExpression think(
        QStringLiteral("^\\s*<think>.*?</think>"), QRegularExpression::DotMatchesEverythingOption);
    QString text = reply;
    text.remove(think);
    return text;
}

QString AnswerChecker::normalised(const QString& text)
{
    QString t = answerPart(text).toCaseFolded().simplified();
    // Strip from both ends until nothing changes: `"Paris."` and `**Paris**` both end up as paris.
    for (bool changed = true; changed && !t.isEmpty();) {
        changed = false;
        if (isWrapping(t.front())) {
            t.remove(0, 1);
            changed = true;
        }
        if (!t.isEmpty() && (isWrapping(t.back()) || t.back() == u'.' || t.back() == u'!' || t.back() == u'?')) {
            t.chop(1);
            changed = true;
        }
        if (changed)
            t = t.trimmed();
    }
    return t;
}

std::optional<double> AnswerChecker::lastNumber(const QString& text)
{
    // A minus sign counts only when no letter, digit or dot stands before it: "5-3" ends in 3, "is -3" in -3.
    static const QRegularExpression number(QStringLiteral("(?<![\\w.])-?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?"
                                                          "(?:[eE][+-]?\\d+)?|(?<![\\w.])-?\\.\\d+"));
    QString t = answerPart(text);
    t.replace(QChar(0x2212), u'-');
    std::optional<double> last;
    auto it = number.globalMatch(t);
    while (it.hasNext()) {
        QString digits = it.next().captured(0);
        digits.remove(u',');
        bool ok = false;
        const double v = digits.toDouble(&ok);
        if (ok && std::isfinite(v))
            last = v;
    }
    return last;
}

QChar AnswerChecker::choiceLetter(const QString& text)
{
    QString t = answerPart(text);
    t.remove(u'*');
    t = t.trimmed();
    // The whole reply is the letter: "B", "(b)", "B.", "[C]".
    static const QRegularExpression alone(QStringLiteral("^[(\\[]?([A-Ea-e])[)\\]]?[.:)]?$"));
    if (const auto m = alone.match(t); m.hasMatch())
        return m.captured(1).at(0).toUpper();
    // Named: "Answer: B", "the correct option is (C)", "choice D".
    static const QRegularExpression named(
        QStringLiteral("(?i:answer|option|choice)(?:\\s+(?i:is))?\\s*[:\\-]?\\s*[(\\[]?([A-E])(?![A-Za-z])"));
    if (const QChar c = single(lettersOf(named, t)); !c.isNull())
        return c;
    // Leading: "B) Mitochondria", "C. Mitochondria", "(D) Mitochondria".
    static const QRegularExpression leading(QStringLiteral("^[(\\[]?([A-E])[)\\].:](?:\\s|$)"));
    if (const auto m = leading.match(t); m.hasMatch())
        return m.captured(1).at(0);
    // Bracketed anywhere: "… so (B)".
    static const QRegularExpression bracketed(QStringLiteral("[(\\[]([A-E])[)\\]]"));
    if (const QChar c = single(lettersOf(bracketed, t)); !c.isNull())
        return c;
    // A lone capital letter as a word, except "A" used as the article ("A cell …").
    static const QRegularExpression lone(QStringLiteral("(?<![A-Za-z'])([B-E]|A(?!\\s+[a-z]))(?![A-Za-z'])"));
    return single(lettersOf(lone, t));
}

double AnswerChecker::defaultTolerance(double expected)
{
    return 1e-6 * std::max(1.0, std::abs(expected));
}

bool AnswerChecker::check(
    MatchKind kind, const QString& expected, const QString& reply, std::optional<double> tolerance)
{
    switch (kind) {
    case MatchKind::Exact:
        return normalised(reply) == normalised(expected);
    case MatchKind::Contains: {
        const QString want = normalised(expected);
        return !want.isEmpty() && answerPart(reply).toCaseFolded().simplified().contains(want);
    }
    case MatchKind::Number: {
        bool ok = false;
        const double want = expected.trimmed().toDouble(&ok);
        const std::optional<double> got = lastNumber(reply);
        if (!ok || !got)
            return false;
        return std::abs(*got - want) <= tolerance.value_or(defaultTolerance(want));
    }
    case MatchKind::Choice: {
        const QChar got = choiceLetter(reply);
        const QString want = expected.trimmed().toUpper();
        return !got.isNull() && want.size() == 1 && got == want.at(0);
    }
    case MatchKind::Regex: {
        const QRegularExpression re(expected);
        return re.isValid() && re.match(answerPart(reply).trimmed()).hasMatch();
    }
    }
    return false;
}

QString AnswerChecker::name(MatchKind kind)
{
    switch (kind) {
    case MatchKind::Exact:
        return QStringLiteral("exact");
    case MatchKind::Contains:
        return QStringLiteral("contains");
    case MatchKind::Number:
        return QStringLiteral("number");
    case MatchKind::Choice:
        return QStringLiteral("choice");
    case MatchKind::Regex:
        return QStringLiteral("regex");
    }
    return {};
}

std::optional<MatchKind> AnswerChecker::fromName(const QString& name)
{
    for (MatchKind k :
        {MatchKind::Exact, MatchKind::Contains, MatchKind::Number, MatchKind::Choice, MatchKind::Regex}) {
        if (AnswerChecker::name(k) == name)
            return k;
    }
    return std::nullopt;
}

QStringList AnswerChecker::names()
{
    return {QStringLiteral("exact"), QStringLiteral("contains"), QStringLiteral("number"), QStringLiteral("choice"),
        QStringLiteral("regex")};
}

} // namespace kp::core
