// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/secrets.h"

#include "core/cli/command.h"
#include "core/common/boundedfile.h"
#include "core/common/processlimits.h"
#include "core/load/serverendpoint.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace kp::cli {

namespace {

const QString fileOptionName = QStringLiteral("api-key-file");
const QString refusedOptionName = QStringLiteral("api-key");

// A key file holds a key of some hundred bytes; the bound keeps /dev/zero or a disk image named by mistake out.
constexpr qint64 maxKeyFileBytes = 64 * 1024;

// Refused with where it came from, never with the key itself (ServerEndpoint::apiKeyProblem).
QByteArray checked(const QByteArray& key, const QString& source, QString* why)
{
    if (const QString problem = ServerEndpoint::apiKeyProblem(key); !problem.isEmpty()) {
        *why = QStringLiteral("the API key from %1 %2").arg(source, problem);
        return {};
    }
    return key;
}

} // namespace

QCommandLineOption apiKeyFileOption()
{
    return QCommandLineOption(fileOptionName,
        QStringLiteral("Read the server's API key from the first line of FILE (else from $%1).")
            .arg(QLatin1String(ApiKeyVariable)),
        QStringLiteral("FILE"));
}

QList<QCommandLineOption> apiKeyOptions()
{
    // It takes a value so that the key lands here instead of being parsed as a stray argument and echoed back.
    QCommandLineOption refused(
        refusedOptionName, QStringLiteral("Not accepted; see --api-key-file."), QStringLiteral("KEY"));
    refused.setFlags(QCommandLineOption::HiddenFromHelp);
    return {apiKeyFileOption(), refused};
}

QCommandLineOption insecureOption()
{
    return QCommandLineOption(QStringLiteral("insecure"),
        QStringLiteral(
            "Do not check the server's TLS certificate. Only on a network you trust: anyone in between could "
            "read the API key. A run's report records it."));
}

QCommandLineOption caFileOption()
{
    return QCommandLineOption(QStringLiteral("ca-file"),
        QStringLiteral("Also trust the CA certificates in FILE (PEM) for the server's TLS certificate: for a server "
                       "whose certificate a private CA signed."),
        QStringLiteral("FILE"));
}

QString caFile(const QCommandLineParser& parser)
{
    const QString path = parser.value(QStringLiteral("ca-file"));
    if (path.isEmpty())
        return {};
    if (const QString problem = ServerEndpoint::caFileProblem(path); !problem.isEmpty())
        throw UsageError {QStringLiteral("--ca-file %1: %2.").arg(path, problem)};
    return QFileInfo(path).absoluteFilePath();
}

QByteArray apiKey(const QCommandLineParser& parser, QString* error)
{
    QString ignored;
    QString& why = error ? *error : ignored;
    why.clear();
    // optionNames() lists what was given without warning about options this parser never registered.
    const QStringList given = parser.optionNames();
    if (given.contains(refusedOptionName)) {
        why = QStringLiteral("the API key is never taken from the command line, where `ps` and the shell history "
                             "would show it. Set %1 or pass --api-key-file FILE.")
                  .arg(QLatin1String(ApiKeyVariable));
        return {};
    }
    if (given.contains(fileOptionName)) {
        const QString path = parser.value(fileOptionName);
        QString problem;
        std::optional<QByteArray> content = BoundedFile::read(path, maxKeyFileBytes, &problem);
        if (!content) {
            why = QStringLiteral("--api-key-file cannot read '%1': %2.").arg(path, problem);
            return {};
        }
        keepSecretsOutOfCoreDumps();
        const qsizetype lineEnd = content->indexOf('\n');
        QByteArray key = (lineEnd < 0 ? *content : content->left(lineEnd)).trimmed();
        // The file's whole text is a copy of the key nobody needs any more.
        content->fill('\0');
        if (key.isEmpty()) {
            why = QStringLiteral("--api-key-file '%1' has no key on its first line.").arg(path);
            return {};
        }
        return checked(key, QStringLiteral("--api-key-file '%1'").arg(path), &why);
    }
    QByteArray key = qgetenv(ApiKeyVariable);
    if (!key.trimmed().isEmpty())
        keepSecretsOutOfCoreDumps();
    const QByteArray trimmed = key.trimmed();
    key.fill('\0');
    return checked(trimmed, QLatin1String(ApiKeyVariable), &why);
}

} // namespace kp::cli
