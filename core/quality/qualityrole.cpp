// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualityrole.h"

namespace kp::core {

QString qualityRoleName(QualityRole role)
{
    return role == QualityRole::Before ? QStringLiteral("before") : QStringLiteral("after");
}

std::optional<QualityRole> qualityRoleNamed(QStringView name)
{
    if (name == u"before")
        return QualityRole::Before;
    if (name == u"after")
        return QualityRole::After;
    return std::nullopt;
}

} // namespace kp::core
