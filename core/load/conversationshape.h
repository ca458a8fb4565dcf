// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/loadplan.h"

#include <QJsonObject>

#include <vector>

namespace kp::core {

/// How a workload's requests come in conversations (RequestTemplate::conversationLength, ::fanOut): what a step
/// stores, so that the report can say what the prefix cache had to share and how the agents branched.
struct ConversationShape
{
    int conversations = 0; ///< 0: every request stands alone
    int requests = 0; ///< the templates in conversations
    int fanOuts = 0; ///< stages of parallel sub-calls
    int subCalls = 0; ///< the requests in those stages
    int widestFanOut = 0;
    /// Of the conversations' prompt tokens, how many an earlier request of the same conversation sent first
    /// (RequestTemplate::resentTokens): what a prefix cache can serve. Both 0 where the lengths are unknown (a data
    /// set that does not say them).
    qint64 inputTokens = 0;
    qint64 resentTokens = 0;

    static ConversationShape of(const std::vector<RequestTemplate>& workload);
    /// The share of prompt tokens the workload resends; -1 when unknown.
    double resentShare() const;
    /// {"conversations", "requests", "fan_outs", "sub_calls", "widest_fan_out", "input_tokens", "resent_tokens"}:
    /// what a step stores under "conversations"; empty without conversations.
    QJsonObject toJson() const;
    static ConversationShape fromJson(const QJsonObject& o);
};

} // namespace kp::core
