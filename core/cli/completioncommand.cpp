// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/completioncommand.h"

#include "core/cli/commandline.h"
#include "core/cli/commandlinedocs.h"

#include <QCommandLineParser>

namespace kp::cli {

QString CompletionCommand::description() const
{
    return QStringLiteral("Print the completion script for bash or zsh (kneepoint completion bash). Install it with\n"
                          "  kneepoint completion bash > ~/.local/share/bash-completion/completions/kneepoint\n"
                          "  kneepoint completion zsh > \"${fpath[1]}/_kneepoint\"");
}

int CompletionCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1 || (args.first() != u"bash" && args.first() != u"zsh"))
        throw UsageError {QStringLiteral("name the shell: kneepoint completion bash, or kneepoint completion zsh.")};
    // The standard command line afresh: the instance running this command is not reachable from here, and both
    // hold the same commands.
    const CommandLine cli = CommandLine::standard();
    const CommandLineDocs docs(cli.commands());
    io.out << (args.first() == u"bash" ? docs.bashCompletion() : docs.zshCompletion());
    return ExitOk;
}

int ManpageCommand::run(const QCommandLineParser& /*parser*/, CommandIo& io)
{
    const CommandLine cli = CommandLine::standard();
    io.out << CommandLineDocs(cli.commands()).manPage();
    return ExitOk;
}

} // namespace kp::cli
