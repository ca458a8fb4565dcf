// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/server/tokenizedialect.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace kp::core::tokenize {

QJsonObject completionRequest(const QString& model, const QString& text)
{
    // vLLM: prompt (add_special_tokens defaults to true). llama.cpp: content, add_special for the BOS its
    // completions add. TGI: inputs. Each family ignores the keys of the others.
    QJsonObject body {{QStringLiteral("prompt"), text}, {QStringLiteral("content"), text},
        {QStringLiteral("inputs"), text}, {QStringLiteral("add_special"), true}};
    if (!model.isEmpty())
        body.insert(QStringLiteral("model"), model);
    return body;
}

QJsonObject chatRequest(const QString& model, const QJsonValue& messages)
{
    QJsonObject body {{QStringLiteral("messages"), messages}};
    if (!model.isEmpty())
        body.insert(QStringLiteral("model"), model);
    return body;
}

std::optional<int> count(const QByteArray& body, bool textWasEmpty)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isArray()) // TGI: one object per token
        return doc.array().isEmpty() && !textWasEmpty ? std::nullopt : std::optional<int>(int(doc.array().size()));
    const QJsonObject o = doc.object();
    const QJsonValue n = o.value(u"count");
    if (n.isDouble() && n.toDouble() >= 0)
        return n.toInt();
    const QJsonValue tokens = o.value(u"tokens");
    if (tokens.isArray() && (!tokens.toArray().isEmpty() || textWasEmpty))
        return int(tokens.toArray().size());
    return std::nullopt;
}

std::optional<QString> appliedTemplate(const QByteArray& body)
{
    const QJsonValue prompt = QJsonDocument::fromJson(body).object().value(u"prompt");
    return prompt.isString() ? std::optional<QString>(prompt.toString()) : std::nullopt;
}

} // namespace kp::core::tokenize
