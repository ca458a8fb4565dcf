// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/storeoption.h"

#include "core/store/runstore.h"

#include <QCommandLineParser>

namespace kp::cli {

QCommandLineOption dbOption()
{
    return QCommandLineOption(QStringLiteral("db"),
        QStringLiteral("The run store (default: $KNEEPOINT_DB, else the user's data directory)."),
        QStringLiteral("PATH"));
}

std::unique_ptr<RunStore> openStore(const QCommandLineParser& parser, QString* error)
{
    const QString path
        = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db")) : RunStore::defaultPath();
    return RunStore::open(path, error);
}

} // namespace kp::cli
