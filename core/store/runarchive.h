// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace kp::core {

class RunStore;

/// Stored runs in a file of their own, to move between machines: a baseline that travels with a repository or an
/// artifact store for a CI gate, a run sent to a colleague. `kneepoint export ID… -o FILE.kpz` writes one, `kneepoint
/// import FILE.kpz` (or opening it in the window) stores its runs.
///
/// The file is a Kneepoint database holding those runs only, each with its steps, every request with its chunk
/// times, and the server's /metrics samples, exactly as stored: the same schema, so an archive written by an older
/// Kneepoint is migrated on import as a history is, one written by a newer one is refused with a sentence, and
/// `sqlite3` can read it. Like the history it holds no API key or token (nothing stores one). Quality passes are
/// not runs and stay behind.
class RunArchive
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::RunArchive)

public:
    /// The suffix kneepoint export suggests.
    static QString suffix() { return QStringLiteral("kpz"); }

    /// Whether the first bytes of a file (its first 100 are enough) are those of a Kneepoint database, which is what
    /// an archive is.
    static bool looksLikeArchive(const QByteArray& head);
    /// Whether the file at `path` does. The caller must not point it at a database this process has open (closing a
    /// QFile on it would drop SQLite's locks: RunStore::isOpenInProcess).
    static bool isArchive(const QString& path);

    /// Writes runs `ids` of `from` to `path`, replacing any file there only once the whole archive is written. Each
    /// run must have ended. False, with a sentence in `error`, when one is missing or the file cannot be written;
    /// nothing is left at `path` then but what was there before.
    static bool write(const RunStore& from, const QList<qint64>& ids, const QString& path, QString* error);

    /// One run of an archive as read into a store.
    struct Entry
    {
        qint64 archiveId = -1; ///< its number in the archive (and on the machine that exported it)
        qint64 id = -1; ///< its number in the store read into
        bool alreadyStored = false; ///< it was there already (imported before): nothing was copied
    };
    /// Stores every run of the archive at `path` in `into`, oldest first; the file itself is not changed (an older
    /// one is migrated in a copy). Nullopt with a sentence in `error` when the file is not an archive, is of a newer
    /// Kneepoint, holds no run, or a run cannot be stored; the runs stored before that one stay stored.
    static std::optional<QList<Entry>> read(const QString& path, RunStore& into, QString* error);
};

} // namespace kp::core
