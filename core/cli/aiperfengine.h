// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"
#include "core/plan/runoptions.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace kp::core {
class RunStore;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint run --engine aiperf`: the plan's steps measured by an installed AIPerf (`aiperf profile`, one process
/// per step, started with an argument list and never a shell), its per-request export read with AiperfImporter,
/// stored as a run and analysed like a native one, with what AIPerf did not record named in the trust checks.
class AiperfEngine
{
public:
    /// The AIPerf version the mapping was written against (its export format, docs/reference/json-export-schema.md).
    static QString referenceVersion() { return QStringLiteral("0.13"); }
    /// The `aiperf profile` arguments of one step, without the API key: a closed loop of `users` (rate 0) or an
    /// open loop at `rate`.
    static QStringList profileArguments(
        const RunOptions& options, int users, double rate, int requests, const QString& artifactDir);
    /// Runs every step, stores the run and prints its analysis; returns the exit code.
    static int execute(const RunOptions& options, const QByteArray& apiKey, RunStore* store, bool json, CommandIo& io,
        qint64* runId = nullptr);
};

} // namespace kp::cli
