// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/processoutput.h"

#include <QList>

namespace kp::core {

QString lastOutputLine(const QByteArray& output, const QByteArray& secret)
{
    QByteArray trimmed = output.trimmed();
    if (!secret.isEmpty())
        trimmed.replace(secret, "[API key]");
    const QList<QByteArray> lines = trimmed.split('\n');
    return lines.isEmpty() ? QString() : QString::fromUtf8(lines.last()).trimmed().left(300);
}

} // namespace kp::core
