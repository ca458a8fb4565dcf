// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace kp::core {

/// Kneepoint's own version, from the project() call in the top-level CMakeLists.txt.
inline QString kneepointVersion()
{
    return QStringLiteral(KNEEPOINT_VERSION);
}

} // namespace kp::core
