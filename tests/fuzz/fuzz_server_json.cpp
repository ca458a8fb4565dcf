// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// What detection reads from a server: /version, /v1/models and /metrics, three documents in one input; and the
// stored facts read back.
#include "core/server/serverfacts.h"
#include "fuzzinput.h"

#include <QJsonDocument>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QList<QByteArray> parts = fuzzParts(data, size, 3);
    const kp::core::ServerFacts facts = kp::core::ServerFacts::detect(parts[0], parts[1], parts[2]);
    (void)kp::core::ServerFacts::fromJson(facts.toJson());
    (void)kp::core::ServerFacts::fromJson(QJsonDocument::fromJson(parts[0]).object());
    return 0;
}
