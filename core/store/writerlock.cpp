// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/writerlock.h"

#include <QFileInfo>
#include <QSqlQuery>

#include <cerrno>
#include <limits>

#ifdef Q_OS_UNIX
#include <signal.h>
#endif

namespace kp::core::storage {

QMutex& liveRunsMutex()
{
    static QMutex mutex;
    return mutex;
}

QSet<QString>& liveRuns()
{
    static QSet<QString> set;
    return set;
}

QString liveKey(const QString& file, qint64 runId)
{
    return file + QLatin1Char('\n') + QString::number(runId);
}

// The files this process has stores on, with how many, by fileKey(). Closing any descriptor of a file drops
// every POSIX lock the process holds on it, SQLite's included (sqlite.org/howtocorrupt.html, 2.2): a Kneepoint
// that read a database's header with a QFile while one of its own connections was open made that connection
// look closed to other processes, and the next `kneepoint runs` in a terminal, taking itself for the last
// connection, checkpointed and deleted the -wal and -shm files under the window. So the header is read only
// while the process has no connection to the file, under this mutex, and every connection counts itself here
// before it opens.
QMutex& openFilesMutex()
{
    static QMutex mutex;
    return mutex;
}

QHash<QString, int>& openFiles()
{
    static QHash<QString, int> files;
    return files;
}

QString fileKey(const QString& absolute)
{
    const QFileInfo info(absolute);
    if (info.exists())
        return info.canonicalFilePath();
    const QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    return (folder.isEmpty() ? info.absolutePath() : folder) + QLatin1Char('/') + info.fileName();
}

bool processExists(qint64 pid)
{
#ifdef Q_OS_UNIX
    if (pid <= 0 || pid > std::numeric_limits<pid_t>::max())
        return false;
    // EPERM: it exists but belongs to someone else. A reused pid keeps a dead run "running" until a later open;
    // marking a live one incomplete would be worse.
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#else
    Q_UNUSED(pid)
    return false;
#endif
}

WriteTransaction::WriteTransaction(const QSqlDatabase& db)
    : m_db(db)
{ }

WriteTransaction::~WriteTransaction()
{
    if (m_open)
        QSqlQuery(m_db).exec(QStringLiteral("ROLLBACK"));
}

bool WriteTransaction::begin(QSqlError* error)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE"))) {
        *error = q.lastError();
        return false;
    }
    m_open = true;
    return true;
}

bool WriteTransaction::commit(QSqlError* error)
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("COMMIT"))) {
        *error = q.lastError();
        return false; // still open: the destructor rolls back
    }
    m_open = false;
    return true;
}

bool exec(QSqlDatabase& db, const QString& sql, QSqlError* error)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    *error = q.lastError();
    return false;
}

} // namespace kp::core::storage
