// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <optional>

namespace kp::core {

/// A file the user named (a key file, a data set, a question set, an import), read so that no such name can hang or
/// exhaust the process: only a regular file is read (a FIFO would block the open for ever, /dev/zero never ends),
/// it is opened without blocking and checked on the open descriptor, its size is bounded, and a line-oriented reader
/// gets one line at a time up to a bound. Every refusal is a clause such as "it is a named pipe (FIFO), …" that a
/// caller puts after the file's name, in a sentence of its own.
class BoundedFile
{
public:
    /// Why `path` would not be read (a missing file, a folder, a pipe or device, more than `maxBytes`), or empty when
    /// it would. Only a stat: for an early check of a command-line option before anything else happens.
    static QString problem(const QString& path, qint64 maxBytes);

    /// The whole of `path`, or nothing with `error` set to the reason. Unbuffered: a caller that reads a secret
    /// clears the one copy it gets back.
    static std::optional<QByteArray> read(const QString& path, qint64 maxBytes, QString* error);

    /// Opens `path` for line-by-line reading; false with `error` set to the reason.
    bool open(const QString& path, qint64 maxBytes, QString* error);

    bool atEnd() const { return m_file.atEnd(); }

    /// The next line with its line end, into `line`; false at a line longer than `maxLineBytes` (with `error` set
    /// to a clause that names the line's number) or a read error.
    bool readLine(qint64 maxLineBytes, QByteArray* line, QString* error);

    /// The largest size and line length given in words ("16 MiB"), for sentences.
    static QString describeSize(qint64 bytes);

private:
    bool open(const QString& path, qint64 maxBytes, QIODevice::OpenMode mode, QString* error);
    bool openDescriptor(const QString& path, qint64 maxBytes, QIODevice::OpenMode mode, QString* error);

    QFile m_file;
    int m_lineNumber = 0;
};

} // namespace kp::core
