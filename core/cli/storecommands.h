// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint runs`: the stored runs, newest first.
class RunsCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("runs"); }
    QString summary() const override { return QStringLiteral("List the stored runs."); }
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

/// `kneepoint delete ID`.
class DeleteCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("delete"); }
    QString summary() const override { return QStringLiteral("Delete a stored run (kneepoint delete ID)."); }
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

/// `kneepoint annotate ID --name … --notes … --tag … --untag …`: what the user says of a run (RunAnnotation), the
/// same the window's "Name, notes and tags…" edits.
class AnnotateCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("annotate"); }
    QString summary() const override
    {
        return QStringLiteral("Name a stored run, write notes on it, tag it (kneepoint annotate ID --name TEXT).");
    }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

/// `kneepoint export ID… -o FILE.kpz`: stored runs in a file of their own (RunArchive), for `kneepoint import` on
/// another machine: a CI gate's baseline, a run for a colleague.
class ExportCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("export"); }
    QString summary() const override
    {
        return QStringLiteral("Write stored runs to a file for another machine (kneepoint export ID -o FILE.kpz).");
    }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
};

/// `kneepoint gpus`: the GPU catalog that every --gpu refers to.
class GpusCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("gpus"); }
    QString summary() const override { return QStringLiteral("List the GPU catalog."); }
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
};

} // namespace kp::cli
