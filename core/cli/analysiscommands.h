// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace kp::core {
class RunStore;
struct RunComparison;
struct RunData;
struct RunSummary;
struct AnalysisSettings;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint show ID`: a stored run's verdict, scorecard, walls, physics and findings, recomputed from the stored
/// requests; --gpu and the target options ask "what if" without touching the server again.
class ShowCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("show"); }
    QString summary() const override { return QStringLiteral("Show a stored run's verdict (kneepoint show ID)."); }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

/// `kneepoint compare A B`: two stored runs side by side, with what differs beyond noise and what changed.
class CompareCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("compare"); }
    QString summary() const override { return QStringLiteral("Compare two stored runs (kneepoint compare A B)."); }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

/// `kneepoint pareto A [B…]`: the Pareto frontier of interactivity against throughput per GPU over one run's steps
/// or several runs', and which run holds it where; --svg draws it.
class ParetoCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("pareto"); }
    QString summary() const override
    {
        return QStringLiteral("The Pareto frontier of one or more stored runs (kneepoint pareto A [B…]).");
    }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

} // namespace kp::cli
