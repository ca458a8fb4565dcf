// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"
#include "core/store/runstore.h"

namespace kp::core {
struct ImportedRun;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint import FILE…`: the runs of a Kneepoint archive (`kneepoint export`), or another tool's results (vllm
/// bench serve, AIPerf, GuideLLM) stored as a run and analysed as `kneepoint show` would, with what the tool did not
/// record named in the trust checks.
class ImportCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("import"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    bool takesArguments() const override { return true; }
    int run(const QCommandLineParser& parser, CommandIo& io) override;

    /// Prints stored run `id` (made from `run`) as kneepoint show does, or as JSON; returns the exit code.
    static int report(const ImportedRun& run, const RunStore& store, qint64 id, bool json, CommandIo& io);

private:
    /// Stores the runs of Kneepoint archives (RunArchive) and says where each went.
    int importArchives(const QStringList& files, const QCommandLineParser& parser, CommandIo& io);
};

} // namespace kp::cli
