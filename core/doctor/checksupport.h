// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the doctor's checks share: their titles, their results, and how they show times and addresses.

#include "core/doctor/doctor.h"

#include <QElapsedTimer>
#include <QString>
#include <QUrl>

namespace kp::core::doctorchecks {

using Result = DoctorCheck::Result;

/// A check with its id and title, not yet judged.
DoctorCheck begin(const char* id);
DoctorCheck finish(DoctorCheck c, Result result, const QString& detail, const QString& fix = {}, double ms = -1);
/// A check not run, with the reason (an earlier check it stands on failed).
DoctorCheck skipped(const char* id, const QString& why);
QString formatMs(double ms);
double elapsedMs(const QElapsedTimer& clock);
QString hostPort(const QString& host, quint16 port);
/// A URL as a check shows it: without any user:password.
QString shown(const QUrl& url);

} // namespace kp::core::doctorchecks
