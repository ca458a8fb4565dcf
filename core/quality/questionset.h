// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/answerchecker.h"

#include <QByteArray>
#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace kp::core {

/// One question of a set, as a JSONL line gives it.
struct Question
{
    QString id; ///< unique in the set; default: category-linenumber
    QString category;
    QString prompt; ///< either this …
    QJsonArray messages; ///< … or a chat conversation of {role, content}, ending with the user's turn
    QString answer; ///< the expected answer; for Regex, the pattern
    MatchKind match = MatchKind::Exact;
    std::optional<double> tolerance; ///< Number only; nullopt: AnswerChecker's default
    QString example; ///< a reply that passes, where `answer` is not one (a regex's pattern); may be empty
    int maxTokens = 0; ///< 0: the asker's default
    int line = 0; ///< line number in its file, from 1

    /// The messages to send: `messages`, or `prompt` as one user message.
    QJsonArray chatMessages() const;
    /// The text of the last user message (the prompt for a prompt question): what the simulator recognises.
    QString lastUserText() const;
    /// A reply that this question's checker accepts: `example` when set, else the answer itself.
    QString correctReply() const;
    bool check(const QString& reply) const { return AnswerChecker::check(match, answer, reply, tolerance); }
};

/// A quality question set: JSONL, one question per line, validated as a whole.
///
/// Fields: `id` (optional string), `category` (string), `prompt` (string) or `messages` (array of {role, content}
/// strings whose last entry is the user's), `answer` (string or number), `match` (exact, contains, number, choice,
/// regex), and optionally `tolerance` (number ≥ 0, number only), `example` (a reply that passes), `max_tokens`
/// (1–32768) and `note` (free text). Empty lines are skipped. Any other field, a wrong type, a choice answer that is
/// not one letter A–E, a number answer that is not a number, a regex that does not compile, an example that its own
/// checker refuses or a repeated id makes the line malformed: every such line is reported as "line N: what is wrong"
/// and the set is refused as a whole, so that nothing is asked from a half-read file.
class QuestionSet
{
public:
    /// The set shipped with Kneepoint (resources/quality/questions.jsonl, compiled in).
    static const QuestionSet& bundled();
    /// The resource path of the bundled set.
    static QString bundledPath();

    /// Reads a JSONL file; nullopt with every problem in `problems` (one sentence each) when it is not clean.
    static std::optional<QuestionSet> load(const QString& path, QStringList* problems);
    /// Parses JSONL text named `name` (a file name, shown to users).
    static std::optional<QuestionSet> parse(const QByteArray& jsonl, const QString& name, QStringList* problems);

    QString name() const { return m_name; }
    /// SHA-256 of the file's bytes, in hex: two passes asked the same questions exactly when these agree.
    QString sha256() const { return m_sha256; }
    const std::vector<Question>& questions() const { return m_questions; }
    /// Categories in order of first appearance.
    QStringList categories() const;
    /// The question with `id`, or nullptr.
    const Question* find(const QString& id) const;

private:
    QString m_name;
    QString m_sha256;
    std::vector<Question> m_questions;
};

} // namespace kp::core
