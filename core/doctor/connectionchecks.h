// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The checks of the way to the server, before any HTTP: the URL, the TCP connection, the TLS session.

#include "core/doctor/checksupport.h"
#include "core/load/serverendpoint.h"

#include <QHostAddress>
#include <QUrl>

namespace kp::core::doctorchecks {

DoctorCheck urlCheck(const QUrl& url);
/// Resolves the host and connects, within `timeoutMs`; `connected` gets the address that answered.
DoctorCheck tcpCheck(const QUrl& url, int timeoutMs, QHostAddress* connected);
DoctorCheck tlsCheck(const ServerEndpoint& target, const QHostAddress& address, int timeoutMs);

} // namespace kp::core::doctorchecks
