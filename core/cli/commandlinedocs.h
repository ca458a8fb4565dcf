// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

#include <QString>

#include <vector>

namespace kp::cli {

/// Shell completions and the manual page, written from the same Command objects the parser runs, so that neither
/// can fall behind an option that was added or renamed.
class CommandLineDocs
{
public:
    explicit CommandLineDocs(std::vector<const Command*> commands);

    /// A bash completion script: subcommands, each one's options, file names after options that take a file.
    QString bashCompletion() const;
    /// A zsh completion function (#compdef kneepoint) with each option's help.
    QString zshCompletion() const;
    /// kneepoint(1) in man(7) markup.
    QString manPage() const;

    /// Whether an option's value is a file or folder name (completed from the file system).
    static bool takesPath(const QCommandLineOption& option);

private:
    std::vector<const Command*> m_commands;
};

} // namespace kp::cli
