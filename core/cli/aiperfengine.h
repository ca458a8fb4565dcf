// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"
#include "core/plan/runoptions.h"

#include <QByteArray>

namespace kp::core {
class RunStore;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint run --engine aiperf` on the command line: an AiperfRun (core/run) measures the plan's steps, and the
/// run is stored and analysed like a native one, with what AIPerf did not record named in the trust checks.
class AiperfEngine
{
public:
    /// Measures every step, stores the run and prints its analysis; returns the exit code. Ctrl-C stops the step in
    /// progress and stores the steps measured before it.
    static int execute(const RunOptions& options, const QByteArray& apiKey, RunStore* store, bool json, CommandIo& io,
        qint64* runId = nullptr);
};

} // namespace kp::cli
