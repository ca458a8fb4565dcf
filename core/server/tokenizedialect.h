// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace kp::core {

/// POST /tokenize as each server family speaks it. vLLM reads `prompt` (or `messages`, templated) and answers
/// `{"count": N, "tokens": […]}`; llama.cpp reads `content` and answers `{"tokens": […]}`, and answers
/// `{"tokens": []}` with 200 to a body it does not understand; TGI reads `inputs` and answers a list of tokens.
/// One body carries every family's key, so the first request already counts on any of them.
namespace tokenize {

/// A body every family counts `text` from, its special tokens (BOS) included as a completion would add them.
QJsonObject completionRequest(const QString& model, const QString& text);
/// The vLLM body for chat `messages` (a JSON array), counted with the server's chat template.
QJsonObject chatRequest(const QString& model, const QJsonValue& messages);
/// The token count an answer gives, in any of the shapes above; nullopt when it carries none. An empty token list
/// for a non-empty text counts as none: that is llama.cpp's answer to a body it did not read.
std::optional<int> count(const QByteArray& body, bool textWasEmpty = false);
/// The text of llama.cpp's POST /apply-template answer, `{"prompt": "…"}`; nullopt when it is not one.
std::optional<QString> appliedTemplate(const QByteArray& body);

} // namespace tokenize
} // namespace kp::core
