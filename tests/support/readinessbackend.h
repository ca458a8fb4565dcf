// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/readinessset.h"
#include "core/load/streamtransport.h"

#include <QList>
#include <QTest>

namespace kp::test {

/// Some test binaries are linked over a backend of the readiness set other than core's own (the kqueue model,
/// tests/CMakeLists.txt); ctest tells each the backend it must run over, in KNEEPOINT_EXPECTED_BACKEND, so that a link
/// that quietly picked the other one fails instead of passing. Unset (the binary run by hand): nothing is checked.
inline void verifyReadinessBackend()
{
#ifdef KNEEPOINT_LEAN_TRANSPORT // tests/CMakeLists.txt: where core has a readiness set at all
    const QByteArray expected = qgetenv("KNEEPOINT_EXPECTED_BACKEND");
    if (!expected.isEmpty())
        QCOMPARE(QByteArray(core::ReadinessSet::backend()), expected);
#endif
}

/// The transports a suite runs: all three, or those KNEEPOINT_TRANSPORTS names (comma-separated), as for the binary
/// over the kqueue model, where only the lean transport's readiness set differs.
inline QList<core::StreamTransport::Kind> transportsUnderTest()
{
    const QByteArray only = qgetenv("KNEEPOINT_TRANSPORTS");
    if (only.isEmpty())
        return {core::StreamTransport::Kind::Readiness, core::StreamTransport::Kind::Socket,
            core::StreamTransport::Kind::Qnam};
    QList<core::StreamTransport::Kind> kinds;
    for (const QByteArray& name : only.split(',')) {
        const auto kind = core::StreamTransport::named(QString::fromLatin1(name.trimmed()));
        if (!kind)
            qFatal("KNEEPOINT_TRANSPORTS names no transport: %s", name.constData());
        kinds.append(*kind);
    }
    return kinds;
}

} // namespace kp::test
