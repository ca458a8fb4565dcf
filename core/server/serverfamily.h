// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace kp::core {

struct PrometheusText;

/// The engine behind an OpenAI-compatible URL. Each speaks its own dialect beyond the OpenAI API: metric names,
/// /tokenize, /version, where usage rides, whether connections are kept; and each has its own knobs, so advice
/// follows the family.
enum class ServerFamily { Unknown, Vllm, LlamaCpp, SGLang, Tgi, Ollama };

/// "vllm", "llamacpp", "sglang", "tgi", "ollama", or "" for Unknown: the stored and command-line spelling.
QString serverFamilyId(ServerFamily family);
/// The family of an id as serverFamilyId() writes it; Unknown for anything else.
ServerFamily serverFamilyFromId(const QString& id);
/// "vLLM", "llama.cpp", "SGLang", "TGI", "Ollama", or "an unknown server" (a name for a sentence).
QString serverFamilyName(ServerFamily family);

/// What a server says about itself, as the doctor collects it. Any of it may be empty.
struct ServerReplies
{
    QByteArray version; ///< GET /version (vLLM: {"version": …}; llama.cpp: 404)
    QByteArray models; ///< GET /v1/models (owned_by: "vllm", "llamacpp", "sglang", "library" for Ollama, …)
    QByteArray metrics; ///< GET /metrics (vllm:, llamacpp:, sglang:, tgi_ names)
    QByteArray props; ///< GET /props, llama.cpp's (total_slots, build_info)
    QByteArray serverHeader; ///< the Server: header of any answer
};

/// The family, from the strongest evidence first: /version's shape, the metric names, /props, owned_by, the Server
/// header. Unknown when nothing says.
ServerFamily detectServerFamily(const ServerReplies& replies, const PrometheusText& metrics);
/// The family's own version where it says one: vLLM's /version, llama.cpp's /props build_info ("b11669-Debian").
QString detectServerVersion(ServerFamily family, const ServerReplies& replies);

} // namespace kp::core
