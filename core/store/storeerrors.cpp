// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/storeerrors.h"

#include "core/store/runstore.h"

#include <QDir>
#include <QFileInfo>

namespace kp::core::storage {

void setError(QString* error, const QString& message)
{
    if (error)
        *error = message;
}

int sqliteCode(const QSqlError& e)
{
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok && code >= 0 ? code & 0xff : -1;
}

QString sqliteText(const QSqlError& e)
{
    return e.databaseText().isEmpty() ? e.driverText() : e.databaseText();
}

namespace {

// The cause when the file was changed under an open connection, which SQLite reports as a disk error or
// damage; empty when nothing says so.
QString changedUnderUs(const QString& path, const QString& what, bool inWal)
{
    const QString file = QDir::toNativeSeparators(path);
    if (!QFileInfo::exists(path))
        return RunStore::tr(
            "%1 was deleted or moved by another program while Kneepoint had it open, so %2 failed. Close "
            "this window or command and open the database again.")
            .arg(file, what);
    if (inWal && !QFileInfo::exists(path + QStringLiteral("-wal")) && !QFileInfo::exists(path + QStringLiteral("-shm")))
        return RunStore::tr(
            "The write-ahead log of %1 (its -wal and -shm files) was removed by another program while "
            "Kneepoint had the database open, so %2 failed. What was committed before is in the file: close "
            "this window or command and open the database again.")
            .arg(file, what);
    return {};
}

} // namespace

// A sentence for the user: what failed, why in their words, and what to do. Another program and the file
// changing under us come before the disk: they are the likelier causes on a healthy machine. `inWal`: the
// connection is in write-ahead logging mode, so its -wal and -shm files exist while it is open.
QString failure(const QString& path, const QString& what, const QSqlError& e, bool inWal)
{
    const int code = sqliteCode(e);
    if (code == 10 || code == 11 || code == 26) {
        if (QString changed = changedUnderUs(path, what, inWal); !changed.isEmpty())
            return changed;
    }
    switch (code) {
    case 13: // SQLITE_FULL
        return RunStore::tr("The disk holding %1 is full, so %2 failed and the database was left as it was. Free some "
                            "space and try again.")
            .arg(QDir::toNativeSeparators(path), what);
    case 8: // SQLITE_READONLY
        return RunStore::tr(
            "%1 cannot be written, so %2 failed. Check the file's permissions, or choose another file with "
            "--db or KNEEPOINT_DB.")
            .arg(QDir::toNativeSeparators(path), what);
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
        return RunStore::tr(
            "%1 is held by another program, so %2 failed. Wait for the other Kneepoint to finish and try "
            "again.")
            .arg(QDir::toNativeSeparators(path), what);
    case 11: // SQLITE_CORRUPT
    case 26: // SQLITE_NOTADB
        return RunStore::tr(
            "%1 is damaged (%3), so %2 failed. Kneepoint will not write to it: restore it from a backup, "
            "or choose another file with --db or KNEEPOINT_DB.")
            .arg(QDir::toNativeSeparators(path), what, sqliteText(e));
    case 10: // SQLITE_IOERR
        return RunStore::tr("The disk holding %1 reported an error (%3), so %2 failed. Check the disk and try again.")
            .arg(QDir::toNativeSeparators(path), what, sqliteText(e));
    default:
        return RunStore::tr("%2 failed in %1: %3.").arg(QDir::toNativeSeparators(path), what, sqliteText(e));
    }
}

} // namespace kp::core::storage
