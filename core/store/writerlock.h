// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMutex>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QString>

/// Who writes a run store's file, for the files of core/store/ only: the runs this process is writing, the files it
/// has open, whether another process still lives, and a transaction that takes the write lock up front.
namespace kp::core::storage {

/// The runs being written right now by a RunStore of this process, as liveKey()s. Another connection opening the
/// same file (a GUI thread browsing while a worker writes) must not take them for abandoned.
QMutex& liveRunsMutex();
QSet<QString>& liveRuns();
QString liveKey(const QString& file, qint64 runId);

/// The files this process has stores on, with how many, by fileKey(): a file's header is read only while the
/// process has no connection to it (see writerlock.cpp).
QMutex& openFilesMutex();
QHash<QString, int>& openFiles();
/// The file's canonical path, or for a file not yet created its folder's canonical path and its name: the same key
/// before and after the first open creates it.
QString fileKey(const QString& absolute);

/// Whether the process that wrote a run still runs.
bool processExists(qint64 pid);

/// BEGIN IMMEDIATE takes the write lock up front: a deferred transaction that reads and then writes can fail with
/// SQLITE_BUSY at the upgrade in WAL mode, where the busy timeout does not help. Rolls back unless committed, so
/// every early return leaves the file as it was.
class WriteTransaction
{
public:
    explicit WriteTransaction(const QSqlDatabase& db);
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;

    bool begin(QSqlError* error);
    /// False when the commit failed: the transaction is still open, and the destructor rolls back.
    bool commit(QSqlError* error);

private:
    QSqlDatabase m_db;
    bool m_open = false;
};

/// Runs one statement; false with `*error` set when it failed.
bool exec(QSqlDatabase& db, const QString& sql, QSqlError* error);

} // namespace kp::core::storage
