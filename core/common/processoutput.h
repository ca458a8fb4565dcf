// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace kp::core {

/// The last line a child process printed, trimmed and at most 300 characters, for a sentence that tells the user why
/// it failed. `secret` (an API key the child was given) is cut out first, before the line is shortened, which could
/// otherwise leave half of it behind.
QString lastOutputLine(const QByteArray& output, const QByteArray& secret = {});

} // namespace kp::core
