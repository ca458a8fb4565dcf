// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <vector>

namespace kp::core {

/// The simulated server's tokenizer: deterministic, documented, and small enough to read in one sitting, so that
/// `/tokenize`, `usage` and the streamed chunks agree exactly.
///
/// Text is split, left to right, into pieces:
///  - a run of ASCII letters, with the one space before it if there is one: a single token if the run is in the
///    word list (resources/sim/vocabulary.txt, case-sensitive), else one token per two letters (the first of them
///    keeps the space);
///  - any other byte (digits, punctuation, newlines, a space not followed by a letter, UTF-8 bytes): one token.
///
/// Token ids: 0 `<|begin_of_text|>`, 1 `<|end_of_text|>`, 2..6 the chat roles and `<|end|>`; 16 + b for byte b;
/// 300 + 2i for word i and 301 + 2i for " word i"; 4000 (+2800 with a leading space) + a code for one or two letters.
/// A completion prompt gets `<|begin_of_text|>` in front. A chat conversation is
/// `<|begin_of_text|>` then, per message, `<|role|>` content `<|end|>`, then `<|assistant|>` to prompt a reply.
class SimTokenizer
{
public:
    enum SpecialToken {
        BeginOfText = 0,
        EndOfText = 1,
        SystemRole = 2,
        UserRole = 3,
        AssistantRole = 4,
        ToolRole = 5,
        EndOfMessage = 6,
    };

    struct ChatMessage
    {
        QString role;
        QString content;
    };

    /// The built-in tokenizer over the shipped word list.
    static const SimTokenizer& builtIn();
    explicit SimTokenizer(const QList<QByteArray>& words);

    std::vector<int> encode(const QByteArray& utf8, bool addBeginOfText) const;
    /// The token ids of a chat conversation rendered with the template above. An unknown role is an error.
    std::vector<int> encodeChat(const QList<ChatMessage>& messages, bool addGenerationPrompt, QString* error) const;
    QByteArray decode(const std::vector<int>& ids) const;
    /// The text of one token; empty for an id the tokenizer does not know.
    QByteArray piece(int id) const;
    bool isValid(int id) const;

    int wordCount() const { return int(m_words.size()); }
    /// The id of " word i": the tokens the simulated model generates.
    static int spacedWordId(int i) { return WordBase + 2 * i + 1; }
    static int byteId(unsigned char b) { return ByteBase + b; }

private:
    static constexpr int ByteBase = 16;
    static constexpr int WordBase = 300;
    static constexpr int LetterBase = 4000;
    static constexpr int LetterSpaceOffset = 2800;

    void encodeLetters(const char* begin, int length, bool leadingSpace, std::vector<int>* out) const;
    int wordIndex(const char* begin, int length) const;

    QList<QByteArray> m_words;
    std::vector<std::pair<QByteArray, int>> m_sortedWords; // for lookup by binary search
};

} // namespace kp::core
