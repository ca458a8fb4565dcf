// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/contextfit.h"

#include "core/load/workload.h"

#include <algorithm>
#include <cmath>

namespace kp::core {

int ContextFit::longest() const
{
    // The longest request the spread can draw has to fit, not only the average one; a conversation's last turn
    // carries every earlier question and answer too.
    // An agent's last turn also carries the answers of every fan-out before it.
    const int n = std::max(1, turns);
    const int results = n > 1 ? (n - 1) * std::max(0, fanOut) : 0;
    return n * WorkloadSpec::spreadRange(input, lengthSpread).second
        + (n + results) * WorkloadSpec::spreadRange(output, lengthSpread).second;
}

QString ContextFit::describe() const
{
    QString text = QStringLiteral("%1 in / %2 out").arg(input).arg(output);
    if (turns > 1 && fanOut > 0)
        text += QStringLiteral(", in conversations of %1 turns with %2 sub-calls after each but the last")
                    .arg(turns)
                    .arg(fanOut);
    else if (turns > 1)
        text += QStringLiteral(", in conversations of %1 turns").arg(turns);
    else if (lengthSpread > 0)
        text += QStringLiteral(", spread by ±%1%").arg(std::lround(lengthSpread * 100));
    return text;
}

std::optional<QString> ContextFit::refusal(int context) const
{
    const int needed = longest();
    if (needed <= context)
        return std::nullopt;
    return lengthSpread > 0 || turns > 1
        ? QStringLiteral("The shape %1, needs up to %2 tokens of context, but the server allows %3.")
              .arg(describe())
              .arg(needed)
              .arg(context)
        : QStringLiteral("The shape %1 needs %2 tokens of context, but the server allows %3.")
              .arg(describe())
              .arg(needed)
              .arg(context);
}

} // namespace kp::core
