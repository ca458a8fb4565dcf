// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "command.h"

namespace kp::core {

/// `kneepoint demo`: starts the simulated server in-process and sends it one streamed chat request, printing every
/// event as it arrives with its time. It becomes a full benchmark of the simulator once the run pipeline exists.
class DemoCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("demo"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::core
