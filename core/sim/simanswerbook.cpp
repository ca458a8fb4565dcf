// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simanswerbook.h"

#include "core/common/splitmix.h"

#include <cmath>

namespace kp::core {

namespace {

std::uint64_t hashText(const QString& text, std::uint64_t seed)
{
    std::uint64_t h = 1469598103934665603ULL ^ seed;
    for (const char c : text.toUtf8()) {
        h ^= std::uint64_t(static_cast<unsigned char>(c));
        h *= 1099511628211ULL;
    }
    return splitMix64(&h);
}

double uniform(std::uint64_t bits)
{
    return double(bits >> 11) * 0x1.0p-53;
}

QString numberText(double v)
{
    if (std::abs(v) < 1e15 && v == std::floor(v))
        return QString::number(static_cast<qint64>(v));
    return QString::number(v, 'g', 12);
}

QString rightReply(const Question& q)
{
    switch (q.match) {
    case MatchKind::Number:
    case MatchKind::Choice:
        return QStringLiteral("The answer is %1.").arg(q.answer.trimmed());
    case MatchKind::Exact:
    case MatchKind::Contains:
    case MatchKind::Regex:
        break;
    }
    return q.correctReply();
}

QString wrongReply(const Question& q, const QuestionSet& set, std::uint64_t bits)
{
    QStringList candidates;
    switch (q.match) {
    case MatchKind::Number: {
        const double v = q.answer.trimmed().toDouble();
        const double tolerance = q.tolerance.value_or(AnswerChecker::defaultTolerance(v));
        double delta = std::max({1.0, std::round(std::abs(v) * 0.1), std::ceil(tolerance * 3)});
        if (bits & 1)
            delta = -delta;
        candidates << QStringLiteral("The answer is %1.").arg(numberText(v + delta))
                   << QStringLiteral("The answer is %1.").arg(numberText(v - delta));
        break;
    }
    case MatchKind::Choice: {
        const char right = q.answer.trimmed().at(0).toLatin1();
        const int offset = 1 + int(bits % 3);
        const char wrong = char('A' + ((right - 'A') + offset) % 4);
        candidates << QStringLiteral("The answer is %1.").arg(QLatin1Char(wrong));
        break;
    }
    case MatchKind::Exact:
    case MatchKind::Contains: {
        // Another answer of the same category reads like an answer and is, almost always, a wrong one.
        const std::vector<Question>& all = set.questions();
        const std::size_t start = bits % all.size();
        for (std::size_t i = 0; i < all.size() && candidates.size() < 3; ++i) {
            const Question& other = all[(start + i) % all.size()];
            if (other.id != q.id && other.category == q.category && other.match == q.match)
                candidates << other.correctReply();
        }
        break;
    }
    case MatchKind::Regex:
        break;
    }
    candidates << QStringLiteral("Sorry, I am not sure.") << QStringLiteral("I do not know.")
               << QStringLiteral("No answer.");
    for (const QString& c : candidates) {
        if (!q.check(c))
            return c;
    }
    return {};
}

} // namespace

SimAnswerBook::SimAnswerBook(const QuestionSet& set, double accuracy, std::uint64_t seed, double noise)
    : m_accuracy(accuracy)
    , m_seed(seed)
    , m_noise(noise)
{
    for (const Question& q : set.questions()) {
        const std::uint64_t bits = hashText(q.id, seed);
        m_byText.insert(q.lastUserText(), m_entries.size());
        m_entries.push_back({q.id, rightReply(q), wrongReply(q, set, bits >> 7), uniform(bits)});
    }
}

std::optional<QString> SimAnswerBook::reply(const QString& text)
{
    const auto it = m_byText.constFind(text);
    if (it == m_byText.constEnd())
        return std::nullopt;
    const Entry& e = m_entries[*it];
    double draw = e.draw;
    if (m_noise > 0) {
        std::uint64_t state = hashText(e.id, m_seed) ^ (++m_requests * 0x9e3779b97f4a7c15ULL);
        if (uniform(splitMix64(&state)) < m_noise)
            draw = uniform(splitMix64(&state));
    }
    return draw < m_accuracy ? e.right : e.wrong;
}

bool SimAnswerBook::answersRight(const QString& id) const
{
    for (const Entry& e : m_entries) {
        if (e.id == id)
            return e.draw < m_accuracy;
    }
    return false;
}

} // namespace kp::core
