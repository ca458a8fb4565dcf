// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/runstage.h"

namespace kp::core {

QString runStageName(RunStage stage)
{
    switch (stage) {
    case RunStage::Doctor:
        return QStringLiteral("doctor");
    case RunStage::Detect:
        return QStringLiteral("detect");
    case RunStage::Prompts:
        return QStringLiteral("prompts");
    case RunStage::Clock:
        return QStringLiteral("clock");
    case RunStage::Schedule:
        return QStringLiteral("schedule");
    case RunStage::Held:
        return QStringLiteral("held");
    case RunStage::Reset:
        return QStringLiteral("prefix cache");
    case RunStage::Server:
        return QStringLiteral("server");
    case RunStage::Probe:
        return QStringLiteral("probe");
    case RunStage::SweepStopped:
        return QStringLiteral("sweep");
    }
    return {};
}

} // namespace kp::core
