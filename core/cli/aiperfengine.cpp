// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/aiperfengine.h"

#include "core/cli/importcommand.h"
#include "core/cli/interrupts.h"
#include "core/run/aiperfrun.h"
#include "core/store/runstore.h"

#include <QEventLoop>

#include <optional>

namespace kp::cli {

int AiperfEngine::execute(
    const RunOptions& options, const QByteArray& apiKey, RunStore* store, bool json, CommandIo& io, qint64* runId)
{
    const RunOptions o = options.resolved();
    if (const QString why = AiperfRun::refusal(o); !why.isEmpty())
        throw UsageError {why};
    AiperfRun run(o, apiKey);
    QEventLoop loop;
    std::optional<AiperfRun::Outcome> outcome;
    QObject::connect(&run, &AiperfRun::said, &loop, [&io](const QString& line) {
        io.err << line << '\n';
        io.err.flush();
    });
    QObject::connect(&run, &AiperfRun::finished, &loop, [&](const AiperfRun::Outcome& ended) {
        outcome = ended;
        loop.quit();
    });
    // Ctrl-C stops the AIPerf step in progress; the steps it measured before are stored.
    Interrupts interrupts;
    interrupts.onInterrupt([&] {
        io.err << "\nStopping: the AIPerf step in progress is stopped, completed steps are kept.\n";
        io.err.flush();
        run.cancel();
    });
    run.start();
    if (!outcome)
        loop.exec();
    const int failed = outcome->cancelled ? ExitInterrupted : ExitFailure;
    if (outcome->run.steps.empty()) {
        io.err << "kneepoint run: " << outcome->reason << '\n';
        return failed;
    }
    RunInfo info = outcome->run.runInfo(o.gpu);
    info.options = o.toJson();
    info.options[QStringLiteral("engine")] = QStringLiteral("aiperf");
    QString error;
    const qint64 id = outcome->run.store(info, *store, &error, outcome->status, outcome->reason);
    if (id < 0) {
        io.err << "kneepoint run: nothing was stored: " << error << '\n';
        return ExitFailure;
    }
    if (runId)
        *runId = id;
    const int code = ImportCommand::report(outcome->run, *store, id, json, io);
    if (outcome->status != RunStatus::Complete) {
        io.err << "kneepoint run: " << outcome->reason << '\n';
        return failed;
    }
    return code;
}

} // namespace kp::cli
