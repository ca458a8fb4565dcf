// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/vllmflags.h"

#include <QList>
#include <QString>

namespace kp::core {

/// One thing the analysis found: what was measured, what it means, why it happens (with a lesson to read), and what
/// to try next, as vLLM flags ranked by expected effect.
struct Finding
{
    enum class Severity {
        Problem, ///< limits capacity or makes the numbers doubtful
        Background, ///< worth knowing; nothing to fix
        Healthy, ///< a check that passed, listed briefly
    };
    QString id; ///< stable: memory-wall, scheduler-cap, …
    Severity severity = Severity::Background;
    QString title;
    QString measured; ///< the numbers
    QString meaning; ///< what they mean for the user
    QString why; ///< why it happens
    QString lessonId; ///< a lesson in resources/lessons/, or empty
    QList<FlagSuggestion> tryNext; ///< best first

    static QString severityName(Severity severity); ///< problem, background, healthy
};

} // namespace kp::core
