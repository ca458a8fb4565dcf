// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/questionset.h"

#include <QHash>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace kp::core {

/// The simulator's answering mode: it recognises the questions of a set by the text of the last user message (or a
/// completion's prompt) and answers each right with probability `accuracy`, else with a plausible wrong answer (a
/// nearby number, another letter, another question's answer).
///
/// The decision is a function of (seed, question id) alone, so a repeated pass at temperature 0 gets the same
/// answers, and two servers with the same seed are nested: every question the 0.80 server gets right, the 0.90 one
/// does too, as a quantised model mostly loses the questions that were already hard. With `noise` > 0, each request
/// redraws its question's decision with that probability (keyed by a request counter), which makes a repeat differ.
class SimAnswerBook
{
public:
    SimAnswerBook(const QuestionSet& set, double accuracy, std::uint64_t seed, double noise);

    /// The reply to a question whose last user message is `text`, or nullopt when `text` is not one of the set.
    std::optional<QString> reply(const QString& text);

    /// Whether the question `id` is answered right when nothing is redrawn (for tests).
    bool answersRight(const QString& id) const;

private:
    struct Entry
    {
        QString id;
        QString right;
        QString wrong;
        double draw = 0; ///< uniform in [0, 1): right when below the accuracy
    };

    double m_accuracy;
    std::uint64_t m_seed;
    double m_noise;
    std::uint64_t m_requests = 0;
    std::vector<Entry> m_entries;
    QHash<QString, std::size_t> m_byText;
};

} // namespace kp::core
