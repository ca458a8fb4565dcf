// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// `kneepoint run`'s options, as the parser and RunCommand::optionsFrom read them: arguments are the input's
// NUL-separated words. A bad value must be a UsageError, never a crash.
#include "core/cli/command.h"
#include "core/cli/runcommand.h"

#include <QCommandLineParser>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    QStringList arguments {QStringLiteral("kneepoint run")};
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    for (const QByteArray& word : bytes.split('\0'))
        arguments << QString::fromUtf8(word);
    kp::cli::RunCommand command;
    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addOptions(command.options());
    if (!parser.parse(arguments))
        return 0;
    try {
        (void)kp::cli::RunCommand::optionsFrom(parser);
    } catch (const kp::cli::UsageError&) { }
    return 0;
}
