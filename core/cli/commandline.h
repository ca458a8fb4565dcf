// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace kp::cli {

/// The one command-line parser of `kneepoint`: global --help and --version, then a subcommand with its own options.
/// Every command line error is a sentence on stderr and exit code 2.
class CommandLine
{
public:
    CommandLine();
    ~CommandLine();

    /// Every subcommand Kneepoint has.
    static CommandLine standard();

    void add(std::unique_ptr<Command> command);
    /// The subcommands, in the order --help lists them.
    std::vector<const Command*> commands() const;
    /// Runs `arguments` (arguments[0] is the program). Returns the exit code.
    int exec(const QStringList& arguments, QTextStream& out, QTextStream& err);

    CommandLine(CommandLine&&) noexcept;
    CommandLine& operator=(CommandLine&&) noexcept;

private:
    QString overview() const;
    Command* find(const QString& name) const;

    std::vector<std::unique_ptr<Command>> m_commands;
};

} // namespace kp::cli
