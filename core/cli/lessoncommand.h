// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint lesson [ID]`: the short lessons findings point to; without an id, their list.
class LessonCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("lesson"); }
    QString summary() const override
    {
        return QStringLiteral("Read a lesson a finding points to (kneepoint lesson ID).");
    }
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

} // namespace kp::cli
