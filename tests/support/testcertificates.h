// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

/// TLS certificates made for one test with the `openssl` command (a build dependency), so that no private key lives
/// in the repository: a CA, and server certificates it signs for 127.0.0.1, for another host and already expired,
/// plus a self-signed one. Each pair is `<name>.pem` and `<name>.key` in `folder`.
class TestCertificates
{
public:
    /// Makes them all in `folder`; false with `error` set when openssl failed.
    static bool make(const QString& folder, QString* error);

    /// The files of `name`: "ca", "server" (for IP 127.0.0.1, signed by the CA), "otherhost" (for other.example),
    /// "expired" (for 127.0.0.1, expired yesterday), "selfsigned" (for 127.0.0.1).
    static QString certificate(const QString& folder, const QString& name);
    static QString key(const QString& folder, const QString& name);
};
