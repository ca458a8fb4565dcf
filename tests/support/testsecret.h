// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QRandomGenerator>

/// A secret for a test that proves it is never written anywhere. Made when the test runs, so that the source holds
/// nothing a secret scanner would take for a real API key or token, and no two runs share one.
inline QByteArray testSecret(const char* purpose)
{
    return QByteArray("test-") + purpose + '-' + QByteArray::number(QRandomGenerator::global()->generate64(), 36);
}
