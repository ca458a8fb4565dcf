// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/conversationshape.h"

#include <algorithm>

namespace kp::core {

ConversationShape ConversationShape::of(const std::vector<RequestTemplate>& workload)
{
    ConversationShape shape;
    bool lengthsKnown = true;
    for (std::size_t i = 0; i < workload.size();) {
        const int length = workload[i].conversationLength;
        if (length <= 0) {
            ++i;
            continue;
        }
        ++shape.conversations;
        const std::size_t end = std::min(workload.size(), i + std::size_t(length));
        while (i < end) {
            const RequestTemplate& t = workload[i];
            const int width = std::clamp(t.fanOut, 1, int(end - i));
            if (width > 1) {
                ++shape.fanOuts;
                shape.subCalls += width;
                shape.widestFanOut = std::max(shape.widestFanOut, width);
            }
            for (std::size_t k = i; k < i + std::size_t(width); ++k) {
                ++shape.requests;
                lengthsKnown = lengthsKnown && workload[k].inputTokens > 0;
                shape.inputTokens += workload[k].inputTokens;
                shape.resentTokens += workload[k].resentTokens;
            }
            i += std::size_t(width);
        }
    }
    if (!lengthsKnown)
        shape.inputTokens = shape.resentTokens = 0;
    return shape;
}

double ConversationShape::resentShare() const
{
    return inputTokens > 0 ? double(resentTokens) / double(inputTokens) : -1;
}

QJsonObject ConversationShape::toJson() const
{
    if (conversations == 0)
        return {};
    QJsonObject o {{QStringLiteral("conversations"), conversations}, {QStringLiteral("requests"), requests}};
    if (fanOuts > 0) {
        o[QStringLiteral("fan_outs")] = fanOuts;
        o[QStringLiteral("sub_calls")] = subCalls;
        o[QStringLiteral("widest_fan_out")] = widestFanOut;
    }
    if (inputTokens > 0) {
        o[QStringLiteral("input_tokens")] = inputTokens;
        o[QStringLiteral("resent_tokens")] = resentTokens;
    }
    return o;
}

ConversationShape ConversationShape::fromJson(const QJsonObject& o)
{
    ConversationShape shape;
    shape.conversations = o.value(u"conversations").toInt();
    shape.requests = o.value(u"requests").toInt();
    shape.fanOuts = o.value(u"fan_outs").toInt();
    shape.subCalls = o.value(u"sub_calls").toInt();
    shape.widestFanOut = o.value(u"widest_fan_out").toInt();
    shape.inputTokens = o.value(u"input_tokens").toInteger();
    shape.resentTokens = o.value(u"resent_tokens").toInteger();
    return shape;
}

} // namespace kp::core
