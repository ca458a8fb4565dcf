// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/simtokenizer.h"

#include <QFile>

#include <algorithm>
#include <array>

namespace kp::core {

namespace {

constexpr std::array<const char*, 7> SpecialNames
    = {"<|begin_of_text|>", "<|end_of_text|>", "<|system|>", "<|user|>", "<|assistant|>", "<|tool|>", "<|end|>"};

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int letterIndex(char c)
{
    return c >= 'a' ? c - 'a' : 26 + (c - 'A');
}

char letterAt(int i)
{
    return i < 26 ? char('a' + i) : char('A' + i - 26);
}

QList<QByteArray> loadWords()
{
    QFile file(QStringLiteral(":/sim/vocabulary.txt"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("Kneepoint was built without resources/sim/vocabulary.txt");
    QList<QByteArray> words;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (const QByteArray& line : lines) {
        const QByteArray word = line.trimmed();
        if (!word.isEmpty() && !word.startsWith('#'))
            words << word;
    }
    return words;
}

} // namespace

const SimTokenizer& SimTokenizer::builtIn()
{
    static const SimTokenizer tokenizer(loadWords());
    return tokenizer;
}

SimTokenizer::SimTokenizer(const QList<QByteArray>& words)
    : m_words(words)
{
    for (int i = 0; i < m_words.size(); ++i)
        m_sortedWords.emplace_back(m_words.at(i), i);
    std::sort(m_sortedWords.begin(), m_sortedWords.end());
}

int SimTokenizer::wordIndex(const char* begin, int length) const
{
    const QByteArrayView key(begin, length);
    auto it = std::lower_bound(m_sortedWords.begin(), m_sortedWords.end(), key,
        [](const std::pair<QByteArray, int>& entry, QByteArrayView k) { return QByteArrayView(entry.first) < k; });
    if (it != m_sortedWords.end() && QByteArrayView(it->first) == key)
        return it->second;
    return -1;
}

void SimTokenizer::encodeLetters(const char* begin, int length, bool leadingSpace, std::vector<int>* out) const
{
    for (int i = 0; i < length; i += 2) {
        int code = 0;
        if (i + 1 < length)
            code = 53 + letterIndex(begin[i]) * 52 + letterIndex(begin[i + 1]);
        else
            code = 1 + letterIndex(begin[i]);
        out->push_back(LetterBase + (leadingSpace && i == 0 ? LetterSpaceOffset : 0) + code);
    }
}

std::vector<int> SimTokenizer::encode(const QByteArray& utf8, bool addBeginOfText) const
{
    std::vector<int> ids;
    ids.reserve(utf8.size() / 4 + 2);
    if (addBeginOfText)
        ids.push_back(BeginOfText);
    const char* data = utf8.constData();
    const int n = int(utf8.size());
    int i = 0;
    while (i < n) {
        const bool spaced = data[i] == ' ' && i + 1 < n && isLetter(data[i + 1]);
        const int start = spaced ? i + 1 : i;
        if (isLetter(data[start])) {
            int end = start;
            while (end < n && isLetter(data[end]))
                ++end;
            const int word = wordIndex(data + start, end - start);
            if (word >= 0)
                ids.push_back(WordBase + 2 * word + (spaced ? 1 : 0));
            else
                encodeLetters(data + start, end - start, spaced, &ids);
            i = end;
        } else {
            ids.push_back(byteId(static_cast<unsigned char>(data[i])));
            ++i;
        }
    }
    return ids;
}

std::vector<int> SimTokenizer::encodeChat(
    const QList<ChatMessage>& messages, bool addGenerationPrompt, QString* error) const
{
    std::vector<int> ids {BeginOfText};
    for (const ChatMessage& message : messages) {
        int role = -1;
        if (message.role == u"system" || message.role == u"developer")
            role = SystemRole;
        else if (message.role == u"user")
            role = UserRole;
        else if (message.role == u"assistant")
            role = AssistantRole;
        else if (message.role == u"tool")
            role = ToolRole;
        if (role < 0) {
            *error = QStringLiteral("Unknown message role '%1'.").arg(message.role);
            return {};
        }
        ids.push_back(role);
        const std::vector<int> content = encode(message.content.toUtf8(), false);
        ids.insert(ids.end(), content.begin(), content.end());
        ids.push_back(EndOfMessage);
    }
    if (addGenerationPrompt)
        ids.push_back(AssistantRole);
    return ids;
}

bool SimTokenizer::isValid(int id) const
{
    if (id >= 0 && id < int(SpecialNames.size()))
        return true;
    if (id >= ByteBase && id < ByteBase + 256)
        return true;
    if (id >= WordBase && id < WordBase + 2 * m_words.size())
        return true;
    const int code = id - LetterBase - (id >= LetterBase + LetterSpaceOffset ? LetterSpaceOffset : 0);
    return id >= LetterBase && code >= 1 && code < 53 + 52 * 52;
}

QByteArray SimTokenizer::piece(int id) const
{
    if (!isValid(id))
        return {};
    if (id < int(SpecialNames.size()))
        return QByteArray(SpecialNames[id]);
    if (id < ByteBase + 256)
        return QByteArray(1, char(id - ByteBase));
    if (id < WordBase + 2 * m_words.size()) {
        const int offset = id - WordBase;
        const QByteArray& word = m_words.at(offset / 2);
        return offset % 2 ? ' ' + word : word;
    }
    const bool spaced = id >= LetterBase + LetterSpaceOffset;
    const int code = id - LetterBase - (spaced ? LetterSpaceOffset : 0);
    QByteArray text = spaced ? QByteArray(" ") : QByteArray();
    if (code < 53) {
        text += letterAt(code - 1);
    } else {
        text += letterAt((code - 53) / 52);
        text += letterAt((code - 53) % 52);
    }
    return text;
}

QByteArray SimTokenizer::decode(const std::vector<int>& ids) const
{
    QByteArray text;
    for (int id : ids)
        text += piece(id);
    return text;
}

} // namespace kp::core
