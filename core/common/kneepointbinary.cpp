// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/kneepointbinary.h"

#include <QCoreApplication>

namespace kp::core {

QString kneepointBinary()
{
    const QString fromEnvironment = qEnvironmentVariable("KNEEPOINT_BINARY");
    return fromEnvironment.isEmpty() ? QCoreApplication::applicationFilePath() : fromEnvironment;
}

} // namespace kp::core
