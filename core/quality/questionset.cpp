// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/questionset.h"

#include "core/common/boundedfile.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace kp::core {

namespace {

const QStringList& knownFields()
{
    static const QStringList fields {QStringLiteral("id"), QStringLiteral("category"), QStringLiteral("prompt"),
        QStringLiteral("messages"), QStringLiteral("answer"), QStringLiteral("match"), QStringLiteral("tolerance"),
        QStringLiteral("example"), QStringLiteral("max_tokens"), QStringLiteral("note")};
    return fields;
}

QString numberText(double v)
{
    if (std::abs(v) < 1e15 && v == std::floor(v))
        return QString::number(static_cast<qint64>(v));
    return QString::number(v, 'g', 15);
}

// The problems of one line's object; fills `q` as far as it can.
QStringList validate(const QJsonObject& o, Question* q)
{
    QStringList wrong;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!knownFields().contains(it.key()))
            wrong << QStringLiteral("unknown field '%1' (known: %2)").arg(it.key(), knownFields().join(u", "));
    }
    if (o.contains(u"id")) {
        if (!o.value(u"id").isString() || o.value(u"id").toString().trimmed().isEmpty())
            wrong << QStringLiteral("'id' must be a non-empty string");
        else
            q->id = o.value(u"id").toString().trimmed();
    }
    q->category = o.value(u"category").toString().trimmed();
    if (!o.value(u"category").isString() || q->category.isEmpty())
        wrong << QStringLiteral("'category' must be a non-empty string");

    const bool hasPrompt = o.contains(u"prompt");
    const bool hasMessages = o.contains(u"messages");
    if (hasPrompt == hasMessages) {
        wrong << QStringLiteral("give either 'prompt' or 'messages', not %1")
                     .arg(hasPrompt ? QStringLiteral("both") : QStringLiteral("neither"));
    } else if (hasPrompt) {
        q->prompt = o.value(u"prompt").toString();
        if (!o.value(u"prompt").isString() || q->prompt.trimmed().isEmpty())
            wrong << QStringLiteral("'prompt' must be a non-empty string");
    } else {
        const QJsonArray messages = o.value(u"messages").toArray();
        bool ok = o.value(u"messages").isArray() && !messages.isEmpty();
        for (const QJsonValue m : messages) {
            const QJsonObject message = m.toObject();
            ok = ok && m.isObject() && message.value(u"role").isString() && message.value(u"content").isString();
        }
        if (!ok)
            wrong << QStringLiteral("'messages' must be a non-empty array of {\"role\": …, \"content\": …} strings");
        else if (messages.last().toObject().value(u"role").toString() != u"user")
            wrong << QStringLiteral("the last of 'messages' must be the user's (role \"user\")");
        else
            q->messages = messages;
    }

    const QJsonValue answer = o.value(u"answer");
    if (answer.isString() && !answer.toString().trimmed().isEmpty())
        q->answer = answer.toString();
    else if (answer.isDouble())
        q->answer = numberText(answer.toDouble());
    else
        wrong << QStringLiteral("'answer' must be a non-empty string or a number");

    const std::optional<MatchKind> match = AnswerChecker::fromName(o.value(u"match").toString());
    if (!match) {
        wrong << QStringLiteral("'match' must be one of %1").arg(AnswerChecker::names().join(u", "));
    } else {
        q->match = *match;
        if (!q->answer.isEmpty()) {
            bool ok = false;
            switch (*match) {
            case MatchKind::Number:
                q->answer.trimmed().toDouble(&ok);
                if (!ok)
                    wrong << QStringLiteral("a number question's 'answer' must be a number, not '%1'").arg(q->answer);
                break;
            case MatchKind::Choice:
                if (!QRegularExpression(QStringLiteral("^[A-E]$")).match(q->answer.trimmed()).hasMatch())
                    wrong << QStringLiteral("a choice question's 'answer' must be one letter from A to E, not '%1'")
                                 .arg(q->answer);
                break;
            case MatchKind::Regex: {
                const QRegularExpression re(q->answer);
                if (!re.isValid())
                    wrong << QStringLiteral("the regex '%1' does not compile: %2").arg(q->answer, re.errorString());
                break;
            }
            case MatchKind::Exact:
            case MatchKind::Contains:
                break;
            }
        }
    }
    if (o.contains(u"tolerance")) {
        const double t = o.value(u"tolerance").toDouble(-1);
        if (!o.value(u"tolerance").isDouble() || t < 0)
            wrong << QStringLiteral("'tolerance' must be a number of at least 0");
        else if (match && *match != MatchKind::Number)
            wrong << QStringLiteral("'tolerance' applies to number questions only");
        else
            q->tolerance = t;
    }
    if (o.contains(u"max_tokens")) {
        const double m = o.value(u"max_tokens").toDouble(-1);
        if (!o.value(u"max_tokens").isDouble() || m != std::floor(m) || m < 1 || m > 32768)
            wrong << QStringLiteral("'max_tokens' must be a whole number from 1 to 32768");
        else
            q->maxTokens = static_cast<int>(m);
    }
    if (o.contains(u"note") && !o.value(u"note").isString())
        wrong << QStringLiteral("'note' must be a string");
    if (o.contains(u"example")) {
        if (!o.value(u"example").isString())
            wrong << QStringLiteral("'example' must be a string");
        else
            q->example = o.value(u"example").toString();
    }
    if (wrong.isEmpty() && !q->example.isEmpty() && !q->check(q->example))
        wrong << QStringLiteral("its 'example' does not pass its own %1 check").arg(AnswerChecker::name(q->match));
    return wrong;
}

} // namespace

QJsonArray Question::chatMessages() const
{
    if (!messages.isEmpty())
        return messages;
    return QJsonArray {
        QJsonObject {{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), prompt}}};
}

QString Question::lastUserText() const
{
    if (messages.isEmpty())
        return prompt;
    return messages.last().toObject().value(u"content").toString();
}

QString Question::correctReply() const
{
    return example.isEmpty() ? answer : example;
}

QString QuestionSet::bundledPath()
{
    return QStringLiteral(":/quality/questions.jsonl");
}

const QuestionSet& QuestionSet::bundled()
{
    static const QuestionSet set = [] {
        QStringList problems;
        std::optional<QuestionSet> loaded = load(bundledPath(), &problems);
        if (!loaded) {
            // Only a broken build gets here: tst_questionset checks the shipped file.
            qWarning("kneepoint: the bundled question set is broken: %s", qUtf8Printable(problems.join(u"; ")));
            return QuestionSet();
        }
        loaded->m_name = QStringLiteral("bundled");
        return *std::move(loaded);
    }();
    return set;
}

std::optional<QuestionSet> QuestionSet::load(const QString& path, QStringList* problems)
{
    // A question set is some thousand lines of text; the bound keeps a device or a disk image named by mistake out.
    constexpr qint64 maxBytes = qint64(256) << 20;
    QString problem;
    const std::optional<QByteArray> content = BoundedFile::read(path, maxBytes, &problem);
    if (!content) {
        if (problems)
            *problems = QStringList {QStringLiteral("cannot read %1: %2").arg(path, problem)};
        return std::nullopt;
    }
    return parse(*content, QFileInfo(path).fileName(), problems);
}

std::optional<QuestionSet> QuestionSet::parse(const QByteArray& jsonl, const QString& name, QStringList* problems)
{
    QStringList found;
    QuestionSet set;
    set.m_name = name;
    set.m_sha256 = QString::fromLatin1(QCryptographicHash::hash(jsonl, QCryptographicHash::Sha256).toHex());
    QHash<QString, int> idLines;
    const QList<QByteArray> lines = jsonl.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const int lineNumber = static_cast<int>(i) + 1;
        const QByteArray line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            found << QStringLiteral("line %1: not valid JSON (%2 at character %3)")
                         .arg(lineNumber)
                         .arg(parseError.errorString())
                         .arg(parseError.offset + 1);
            continue;
        }
        if (!doc.isObject()) {
            found << QStringLiteral("line %1: not a JSON object").arg(lineNumber);
            continue;
        }
        Question q;
        q.line = lineNumber;
        const QStringList wrong = validate(doc.object(), &q);
        if (!wrong.isEmpty()) {
            found << QStringLiteral("line %1: %2").arg(lineNumber).arg(wrong.join(u"; "));
            continue;
        }
        if (q.id.isEmpty())
            q.id = QStringLiteral("%1-%2").arg(q.category).arg(lineNumber);
        if (const auto seen = idLines.constFind(q.id); seen != idLines.constEnd()) {
            found << QStringLiteral("line %1: id '%2' is already used on line %3").arg(lineNumber).arg(q.id).arg(*seen);
            continue;
        }
        idLines.insert(q.id, lineNumber);
        set.m_questions.push_back(std::move(q));
    }
    if (found.isEmpty() && set.m_questions.empty())
        found << QStringLiteral("%1 holds no questions").arg(name);
    if (!found.isEmpty()) {
        if (problems)
            *problems = found;
        return std::nullopt;
    }
    return set;
}

QStringList QuestionSet::categories() const
{
    QStringList list;
    for (const Question& q : m_questions) {
        if (!list.contains(q.category))
            list << q.category;
    }
    return list;
}

const Question* QuestionSet::find(const QString& id) const
{
    for (const Question& q : m_questions) {
        if (q.id == id)
            return &q;
    }
    return nullptr;
}

} // namespace kp::core
