// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace kp::core {

/// A LoRA adapter llama-server loaded (--lora FILE), as its GET /lora-adapters lists it. A request picks adapters by
/// its "lora" field, a list of {id, scale}; its "model" names nothing there, since llama-server serves one model.
struct LoraAdapter
{
    int id = 0;
    QString path; ///< the file, as the server was given it
    double scale = 0; ///< what a request without "lora" runs it at

    /// Whether `name` names this adapter: its path, its file's name, or that name without ".gguf".
    bool isNamed(const QString& name) const;
    /// The adapters a /lora-adapters body lists, in its order; none for a body that is not such a list.
    static std::vector<LoraAdapter> listed(const QByteArray& body);
};

} // namespace kp::core
