// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadplan.h"
#include "core/load/modelmix.h"
#include "core/load/serverendpoint.h"
#include "core/load/trace.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace kp::core {

/// What the requests of a step look like.
struct WorkloadSpec
{
    enum class Api { Completions, Chat };
    Api api = Api::Completions;
    QString model; ///< the served model name; empty leaves "model" out (the server's default)
    /// Several models or adapters, each request to one by weight (ModelMix::assign); empty: every request to `model`.
    /// A data set's line that names its own "model" keeps it.
    ModelMix models;
    /// How each name reaches the server where it is not a model of its own (llama-server's LoRA adapters,
    /// ModelMix::llamaCppRoutes); a name without a route goes as "model".
    std::map<QString, ModelMix::Route> routes;
    int inputTokens = 1024; ///< exact, as the server's tokenizer counts them (chat: with its template)
    int outputTokens = 256; ///< forced with max_tokens = min_tokens and ignore_eos
    int count = 64; ///< distinct prompts; users cycle through them
    /// Tokens at the start of the input every prompt shares, BOS included, as a system prompt would be (0: nothing
    /// beyond BOS); the rest of each prompt is its own.
    int sharedPrefixTokens = 0;
    /// Each prompt's input and output lengths drawn uniformly from [L(1 − r), L(1 + r)] around the lengths above, as
    /// vllm bench serve's --random-range-ratio does (0: every prompt exactly the lengths above). Below 1.
    double lengthSpread = 0;
    /// Conversations of this many turns: the templates come in groups of `turns`, turn t being turn t − 1's prompt,
    /// an answer of the output length and a new question of the input length (LoadPlan::turns). 1: single requests.
    int turns = 1;
    /// Agents: with turns, each turn but the last is followed by this many sub-calls sent together (tool calls,
    /// sub-agents), each the turn's prompt, its answer and a task of the input length, answered at the output length;
    /// the next turn carries their answers before its question. 0: plain conversations.
    int fanOut = 0;
    std::uint64_t seed = 0;

    /// The range a length L spreads over: [low, high], never below `floor`.
    static std::pair<int, int> spreadRange(int length, double spread, int floor = 1);
};

/// Builds the requests of a step: synthetic prompts of an exact token count, made with the server's own
/// /tokenize, or a user's JSONL data set. Uses QNAM (this is not the load itself), synchronously.
class WorkloadBuilder
{
public:
    struct Result
    {
        std::vector<RequestTemplate> requests;
        QString error; ///< a sentence when nothing could be built
        QStringList notes; ///< what the user should know (counts estimated, lines skipped, …)
    };

    /// `count` unique prompts of exactly `inputTokens` tokens by the server's count. Without /tokenize the
    /// counts are estimated, said so in the notes, and left to be checked against usage.prompt_tokens.
    static Result synthetic(const ServerEndpoint& target, const WorkloadSpec& spec);
    /// A JSONL file, one request per line: {"prompt": "…"} or {"messages": [...]}, with optional "max_tokens"
    /// (else spec.outputTokens) and "model" (else spec.models' draw, or spec.model). A malformed line is an error
    /// naming its line number; so is a line longer than maxDatasetLineBytes, and a file that is not a regular one or
    /// holds more than maxDatasetBytes is refused.
    static Result fromJsonl(const QString& path, const WorkloadSpec& spec);
    /// One request per request of `trace`, in its order: a synthetic prompt of exactly its input length (as
    /// synthetic() makes them) asking for its output length. Mooncake's hash ids become shared blocks of words: the
    /// requests whose leading ids agree start with the same text.
    static Result fromTrace(const ServerEndpoint& target, const WorkloadSpec& spec, const Trace& trace);
    /// The bounds on a data set: a million-token prompt is some 4 MiB of text, and every request is held in memory.
    static constexpr qint64 maxDatasetBytes = qint64(4) << 30;
    static constexpr qint64 maxDatasetLineBytes = qint64(64) << 20;

    /// The JSON body of a streamed request; `prompt` is a string (completions) or a messages array (chat).
    static QByteArray body(const WorkloadSpec& spec, const QJsonValue& prompt, int outputTokens);
    /// Names `model` in a request's body as spec.routes says it reaches the server: "model", and "lora" for a
    /// llama-server adapter.
    static void nameModel(QJsonObject* body, const WorkloadSpec& spec, const QString& model);
};

} // namespace kp::core
