// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace kp::core {

/// Whether requests of one shape fit the context a server gives one request: the judgement `run` refuses a shape by
/// and `doctor` checks it with, so that the two never disagree. The context is the one ServerFacts reads: vLLM's
/// max_model_len, or for llama.cpp the per-slot n_ctx of /props (its --ctx-size divided by --parallel), since its
/// model card carries the training context instead.
struct ContextFit
{
    int input = 0; ///< prompt tokens asked for
    int output = 0; ///< answer tokens asked for
    double lengthSpread = 0; ///< each length drawn within ±this share (WorkloadSpec::lengthSpread)
    int turns = 1; ///< conversations of this many turns: the last carries every earlier question and answer
    int fanOut = 0; ///< agents: sub-calls after each turn but the last, whose answers the next turn carries

    /// The most context one request of the shape can need: the spread's longest draws, times the turns.
    int longest() const;
    /// Nothing when the longest request fits `context` tokens; else the sentence that refuses the shape: "The shape
    /// 2000 in / 256 out needs 2256 tokens of context, but the server allows 2048."
    std::optional<QString> refusal(int context) const;
    /// "2000 in / 256 out", with the spread or the turns where there are any.
    QString describe() const;
};

} // namespace kp::core
