// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

class QNetworkReply;

namespace kp::core {

/// Bounds what a server can make the client hold: a reply whose body passes its limit is aborted there, and
/// says so. Every body read whole from the network goes through it, by way of HttpClient (the /metrics scrapes, the
/// hub's config.json, the quality check's answers, the launcher's probes, the DCGM exporter's page); the load engine's
/// streams have bounds of their own.
namespace replylimit {

/// Aborts `reply` as soon as more than `maxBytes` of its body have arrived (or its Content-Length promises more).
void apply(QNetworkReply* reply, qint64 maxBytes);
/// Whether apply() cut `reply` short.
bool wasCut(const QNetworkReply* reply);
/// The sentence for a reply cut at `maxBytes`: "The answer passed 16 MiB, so Kneepoint stopped reading it."
QString sentence(qint64 maxBytes);

} // namespace replylimit

} // namespace kp::core
