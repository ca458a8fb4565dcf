// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/imagereference.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace kp::core {

QString ImageReference::toString() const
{
    QString text = repository;
    if (!tag.isEmpty())
        text += u':' + tag;
    if (!digest.isEmpty())
        text += u'@' + digest;
    return text;
}

std::optional<ImageReference> ImageReference::parse(const QString& text, QString* error)
{
    // Docker's grammar, narrowed: lowercase path components, an optional registry host with a port, a tag of word
    // characters, dots and dashes, and a sha256 digest.
    static const QRegularExpression grammar(
        QStringLiteral("^((?:[a-z0-9.-]+(?::[0-9]+)?/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?:/[a-z0-9]+(?:[._-][a-z0-9]+)*)*)"
                       "(?::([A-Za-z0-9_][A-Za-z0-9_.-]{0,127}))?(?:@(sha256:[0-9a-f]{64}))?$"));
    const auto match = grammar.match(text.trimmed());
    if (!match.hasMatch()) {
        if (text.contains(u'@') && !text.contains(QStringLiteral("@sha256:")))
            *error = QStringLiteral("the image '%1' has a digest that is not sha256.").arg(text);
        else if (text.contains(QStringLiteral("@sha256:")))
            *error
                = QStringLiteral("the image '%1' has a digest that is not 64 lowercase hexadecimal digits.").arg(text);
        else
            *error
                = QStringLiteral("'%1' is not an image reference such as vllm/vllm-openai@sha256:<digest>.").arg(text);
        return std::nullopt;
    }
    ImageReference r;
    r.repository = match.captured(1);
    r.tag = match.captured(2);
    r.digest = match.captured(3);
    return r;
}

ImageReference ImageReference::defaultImage()
{
    QFile file(QStringLiteral(":/launch/default-image.json"));
    ImageReference r;
    r.repository = QStringLiteral("vllm/vllm-openai");
    r.tag = QStringLiteral("v0.31.0");
    if (!file.open(QIODevice::ReadOnly))
        return r;
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    r.repository = o.value(u"repository").toString(r.repository);
    r.tag = o.value(u"tag").toString(r.tag);
    const QString digest = o.value(u"digest").toString();
    static const QRegularExpression sha(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    if (sha.match(digest).hasMatch())
        r.digest = digest;
    r.note = o.value(u"note").toString();
    return r;
}

} // namespace kp::core
