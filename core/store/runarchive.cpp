// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/runarchive.h"

#include "core/store/runstore.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <filesystem>
#include <system_error>

namespace kp::core {

namespace {

// Each archive store gets a QtSql connection name of its own: one thread may write one while it reads another.
QString connectionName()
{
    static QAtomicInteger<int> next = 0;
    return QStringLiteral("kneepoint-archive-%1").arg(next.fetchAndAddRelaxed(1));
}

void removeDatabaseFiles(const QString& path)
{
    for (const QString& suffix :
        {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")})
        QFile::remove(path + suffix);
}

} // namespace

bool RunArchive::looksLikeArchive(const QByteArray& head)
{
    static const QByteArray magic("SQLite format 3", 16); // with its terminating NUL
    // 'KNPT', the application id RunStore writes at offset 68 of the header.
    return head.size() >= 72 && head.startsWith(magic) && head.mid(68, 4) == QByteArrayLiteral("KNPT");
}

bool RunArchive::isArchive(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && looksLikeArchive(file.read(100));
}

bool RunArchive::write(const RunStore& from, const QList<qint64>& ids, const QString& path, QString* error)
{
    const QString target = QFileInfo(path).absoluteFilePath();
    if (QFileInfo(target).isDir()) {
        *error = tr("%1 is a folder; name the archive's file.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    // Written beside its place and moved there whole: a reader never sees half an archive, and a failure leaves
    // what was there before.
    const QString part = target + QStringLiteral(".part");
    removeDatabaseFiles(part);
    bool written = false;
    {
        const std::unique_ptr<RunStore> archive = RunStore::open(part, error, connectionName());
        if (!archive)
            return false;
        written = true;
        for (const qint64 id : ids) {
            bool already = false;
            if (archive->copyRun(from.path(), id, &already, error) < 0) {
                written = false;
                break;
            }
        }
        written = written && archive->compact(error);
    }
    std::error_code ec;
    if (written)
        std::filesystem::rename(part.toStdString(), target.toStdString(), ec);
    if (!written || ec) {
        if (ec)
            *error = tr("%1 cannot be written: %2.")
                         .arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(ec.message().c_str()));
        removeDatabaseFiles(part);
        return false;
    }
    QFile::remove(part + QStringLiteral("-reserve"));
    return true;
}

std::optional<QList<RunArchive::Entry>> RunArchive::read(const QString& path, RunStore& into, QString* error)
{
    const QString file = QDir::toNativeSeparators(path);
    // Not even looked at: closing a QFile on a database open here would drop this process's SQLite locks on it.
    if (RunStore::isOpenInProcess(path)) {
        *error = tr("%1 is the run history itself; its runs are stored already.").arg(file);
        return std::nullopt;
    }
    if (!isArchive(path)) {
        *error = tr("%1 is not a Kneepoint archive (kneepoint export writes them).").arg(file);
        return std::nullopt;
    }
    // A copy is opened, not the file: opening migrates an older archive and adds -wal and -shm files beside it,
    // which a read-only mount or a checked-in baseline must not see.
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("archive.sqlite"));
    if (!dir.isValid() || !QFile::copy(path, copy)) {
        *error = tr("%1 cannot be read into a temporary folder: %2.")
                     .arg(file, dir.isValid() ? QFile(path).errorString() : dir.errorString());
        return std::nullopt;
    }
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QList<Entry> entries;
    {
        QString openError;
        const std::unique_ptr<RunStore> archive = RunStore::open(copy, &openError, connectionName());
        if (!archive) {
            // Its first sentence says what the file is; the rest is advice about the history's --db, not about an
            // archive. The user knows the file by its own name, not its copy's.
            QString what = openError.replace(QDir::toNativeSeparators(copy), file).section(QStringLiteral(". "), 0, 0);
            while (what.endsWith(u'.'))
                what.chop(1);
            *error = tr("%1 cannot be imported: %2.").arg(file, what);
            return std::nullopt;
        }
        QString listError;
        const QList<RunSummary> runs = archive->runs(&listError);
        if (!listError.isEmpty()) {
            *error = listError.replace(QDir::toNativeSeparators(copy), file);
            return std::nullopt;
        }
        for (auto it = runs.crbegin(); it != runs.crend(); ++it) // oldest first, as they were made
            entries.append({it->id, -1, false});
    }
    if (entries.isEmpty()) {
        *error = tr("%1 holds no run.").arg(file);
        return std::nullopt;
    }
    for (Entry& e : entries) {
        e.id = into.copyRun(copy, e.archiveId, &e.alreadyStored, error);
        if (e.id < 0) {
            error->replace(QDir::toNativeSeparators(copy), file);
            return std::nullopt;
        }
    }
    return entries;
}

} // namespace kp::core
