// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tune/tunesetting.h"

#include <QRegularExpression>

namespace kp::core {

bool TuneSetting::changesAnswers() const
{
    static const QStringList keys {QStringLiteral("kv-cache-dtype"), QStringLiteral("calculate-kv-scales"),
        QStringLiteral("quantization"), QStringLiteral("dtype"), QStringLiteral("speculative-config"),
        QStringLiteral("cache-type-k"), QStringLiteral("cache-type-v"), QStringLiteral("model-draft")};
    // llama.cpp's speculative decoding: the draft-* flags of older builds and the spec-* ones that b11669 names them
    // by (spec-type, spec-draft-n-max, spec-ngram-size-n, …).
    return keys.contains(key) || key.startsWith(u"draft") || key.startsWith(u"spec-");
}

std::optional<QList<TuneSetting>> TuneSetting::parse(const QStringList& tries, QString* error)
{
    static const QRegularExpression keyPattern(QStringLiteral("^-{0,2}([a-z][a-z0-9-]*)$"));
    QList<TuneSetting> out;
    for (const QString& text : tries) {
        const qsizetype equals = text.indexOf(u'=');
        const QRegularExpressionMatch key = keyPattern.match(text.left(equals).trimmed());
        const QStringList values = text.mid(equals + 1).split(u',', Qt::SkipEmptyParts);
        if (equals < 0 || !key.hasMatch() || values.isEmpty()) {
            *error = QStringLiteral("--try takes KEY=V1,V2,… such as parallel=2,4,8, not '%1'.").arg(text);
            return std::nullopt;
        }
        for (const QString& value : values) {
            const TuneSetting setting {key.captured(1), value.trimmed()};
            if (setting.value.isEmpty() || out.contains(setting)) {
                *error = QStringLiteral("--try names %1 twice.").arg(setting.flag());
                return std::nullopt;
            }
            out << setting;
        }
    }
    return out;
}

} // namespace kp::core
