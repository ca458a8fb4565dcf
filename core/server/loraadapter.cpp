// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/server/loraadapter.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kp::core {

bool LoraAdapter::isNamed(const QString& name) const
{
    if (name.isEmpty())
        return false;
    const QString file = QFileInfo(path).fileName();
    return name == path || name == file
        || (file.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive) && name == file.chopped(5));
}

std::vector<LoraAdapter> LoraAdapter::listed(const QByteArray& body)
{
    std::vector<LoraAdapter> adapters;
    for (const QJsonValue entry : QJsonDocument::fromJson(body).array()) {
        const QJsonObject o = entry.toObject();
        if (!o.value(u"id").isDouble())
            continue;
        adapters.push_back({o.value(u"id").toInt(), o.value(u"path").toString(), o.value(u"scale").toDouble()});
    }
    return adapters;
}

} // namespace kp::core
