// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSqlError>
#include <QString>

/// What a failed SQLite call means to the user of the run store, for the files of core/store/ only.
namespace kp::core::storage {

/// Sets `*error`, where the caller asked for one.
void setError(QString* error, const QString& message);
/// The SQLite result code in the low byte: Qt reports extended codes (SQLITE_IOERR_WRITE is 778, its primary
/// code 10).
int sqliteCode(const QSqlError& e);
QString sqliteText(const QSqlError& e);
/// A sentence for the user: what failed, why in their words, and what to do. `inWal`: the connection is in
/// write-ahead logging mode, so its -wal and -shm files exist while it is open.
QString failure(const QString& path, const QString& what, const QSqlError& e, bool inWal = true);

} // namespace kp::core::storage
