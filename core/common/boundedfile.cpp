// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/boundedfile.h"

#include <QFileInfo>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace kp::core {

namespace {

// Qt's resources (":/…") are files of our own build, compiled in: QFile reads them, ::open cannot.
bool isResource(const QString& path)
{
    return path.startsWith(u':') || path.startsWith(QStringLiteral("qrc:"));
}

const QString onlyRegular = QStringLiteral("only a regular file is read: save what it gives to a file and name that");

#ifdef Q_OS_UNIX
// The same words for a stat of the name and an fstat of the open descriptor.
QString kindProblem(const struct stat& info)
{
    if (S_ISREG(info.st_mode))
        return {};
    if (S_ISDIR(info.st_mode))
        return QStringLiteral("it is a folder, not a file");
    if (S_ISFIFO(info.st_mode))
        return QStringLiteral("it is a named pipe (FIFO), which can wait for a writer for ever; %1").arg(onlyRegular);
    if (S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode))
        return QStringLiteral("it is a device, which can give bytes without end; %1").arg(onlyRegular);
    if (S_ISSOCK(info.st_mode))
        return QStringLiteral("it is a socket; %1").arg(onlyRegular);
    return QStringLiteral("it is not a regular file; %1").arg(onlyRegular);
}
#endif

QString sizeProblem(qint64 size, qint64 maxBytes)
{
    if (size <= maxBytes)
        return {};
    return QStringLiteral("it holds %1, more than the %2 read from such a file: is it the file you meant?")
        .arg(BoundedFile::describeSize(size), BoundedFile::describeSize(maxBytes));
}

} // namespace

QString BoundedFile::describeSize(qint64 bytes)
{
    constexpr qint64 kib = 1024;
    if (bytes >= kib * kib * kib)
        return QStringLiteral("%1 GiB").arg(double(bytes) / double(kib * kib * kib), 0, 'f', 1);
    if (bytes >= kib * kib)
        return QStringLiteral("%1 MiB").arg(double(bytes) / double(kib * kib), 0, 'f', bytes % (kib * kib) ? 1 : 0);
    if (bytes >= kib)
        return QStringLiteral("%1 KiB").arg(double(bytes) / double(kib), 0, 'f', bytes % kib ? 1 : 0);
    return QStringLiteral("%1 bytes").arg(bytes);
}

QString BoundedFile::problem(const QString& path, qint64 maxBytes)
{
#ifdef Q_OS_UNIX
    if (!isResource(path)) {
        struct stat info = {};
        if (::stat(QFile::encodeName(path).constData(), &info) != 0)
            return errno == ENOENT ? QStringLiteral("it does not exist") : QString::fromLocal8Bit(std::strerror(errno));
        if (QString kind = kindProblem(info); !kind.isEmpty())
            return kind;
        return sizeProblem(qint64(info.st_size), maxBytes);
    }
#endif
    const QFileInfo info(path);
    if (!info.exists())
        return QStringLiteral("it does not exist");
    if (info.isDir())
        return QStringLiteral("it is a folder, not a file");
    if (!info.isFile())
        return QStringLiteral("it is not a regular file; %1").arg(onlyRegular);
    return sizeProblem(info.size(), maxBytes);
}

bool BoundedFile::open(const QString& path, qint64 maxBytes, QString* error)
{
    return open(path, maxBytes, QIODevice::ReadOnly, error);
}

bool BoundedFile::open(const QString& path, qint64 maxBytes, QIODevice::OpenMode mode, QString* error)
{
    m_lineNumber = 0;
#ifdef Q_OS_UNIX
    if (!isResource(path))
        return openDescriptor(path, maxBytes, mode, error);
#endif
    if (QString why = problem(path, maxBytes); !why.isEmpty()) {
        *error = why;
        return false;
    }
    m_file.setFileName(path);
    if (!m_file.open(mode)) {
        *error = m_file.errorString();
        return false;
    }
    return true;
}

bool BoundedFile::openDescriptor(const QString& path, qint64 maxBytes, QIODevice::OpenMode mode, QString* error)
{
#ifdef Q_OS_UNIX
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer before fstat could refuse it. On a
    // regular file the flag changes nothing. The checks are made on the open descriptor, so that the name cannot be
    // swapped for a pipe between a check and the open.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *error = errno == ENOENT ? QStringLiteral("it does not exist") : QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    struct stat info = {};
    QString why = ::fstat(fd, &info) != 0 ? QString::fromLocal8Bit(std::strerror(errno)) : kindProblem(info);
    if (why.isEmpty())
        why = sizeProblem(qint64(info.st_size), maxBytes);
    if (!why.isEmpty()) {
        ::close(fd);
        *error = why;
        return false;
    }
    if (!m_file.open(fd, mode, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = m_file.errorString();
        return false;
    }
    return true;
#else
    Q_UNUSED(path)
    Q_UNUSED(maxBytes)
    Q_UNUSED(mode)
    Q_UNUSED(error)
    return false;
#endif
}

std::optional<QByteArray> BoundedFile::read(const QString& path, qint64 maxBytes, QString* error)
{
    BoundedFile file;
    // Unbuffered: no second copy of the bytes stays in QIODevice's buffer (a key file's, for one).
    if (!file.open(path, maxBytes, QIODevice::ReadOnly | QIODevice::Unbuffered, error))
        return std::nullopt;
    // Sized by the file, not the bound (QIODevice::read(max) allocates max), and read up to one byte past the bound,
    // so that a file that grew after the check is still caught.
    QByteArray data(std::min<qint64>(file.m_file.size(), maxBytes) + 1, '\0');
    qint64 filled = 0;
    for (;;) {
        if (filled == data.size()) {
            if (data.size() > maxBytes)
                break;
            data.resize(std::min<qint64>(data.size() * 2, maxBytes + 1));
        }
        const qint64 got = file.m_file.read(data.data() + filled, data.size() - filled);
        if (got < 0) {
            data.fill('\0');
            *error = file.m_file.errorString();
            return std::nullopt;
        }
        if (got == 0)
            break;
        filled += got;
    }
    data.truncate(filled);
    if (data.size() > maxBytes) {
        data.fill('\0');
        *error = sizeProblem(data.size(), maxBytes);
        return std::nullopt;
    }
    return data;
}

bool BoundedFile::readLine(qint64 maxLineBytes, QByteArray* line, QString* error)
{
    ++m_lineNumber;
    // QIODevice::readLine(max) stops short of max bytes: a line longer than the bound never reaches memory whole.
    *line = m_file.readLine(maxLineBytes + 2);
    if (m_file.error() != QFileDevice::NoError) {
        *error = m_file.errorString();
        return false;
    }
    // Cut short: no line end, and more to come (or the last line, itself too long).
    if (!line->endsWith('\n') && (!m_file.atEnd() || line->size() > maxLineBytes)) {
        *error = QStringLiteral("line %1 is longer than %2, more than any one entry needs: is it the file you meant?")
                     .arg(m_lineNumber)
                     .arg(describeSize(maxLineBytes));
        line->clear();
        return false;
    }
    return true;
}

} // namespace kp::core
