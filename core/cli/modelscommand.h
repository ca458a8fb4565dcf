// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint models`: the model catalog, the user's own entries included, with the sizes derived from each config.
class ModelsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("models"); }
    QString summary() const override { return QStringLiteral("List the model catalog."); }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::cli
