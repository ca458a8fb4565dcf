// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A user's catalog files (gpus.json, models.json) and a Hugging Face config.json, as the resolver reads them.
#include "core/catalog/catalog.h"
#include "core/catalog/modelspec.h"
#include "fuzzinput.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QList<QByteArray> parts = fuzzParts(data, size, 2);
    QString error;
    (void)kp::core::Catalog::fromJson(parts[0], parts[1], &error);
    (void)kp::core::ModelSpec::fromHfConfig(
        QJsonDocument::fromJson(parts[0]).object(), QStringLiteral("org/model"), &error);
    return 0;
}
