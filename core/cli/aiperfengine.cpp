// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/aiperfengine.h"

#include "core/cli/importcommand.h"
#include "core/common/processoutput.h"
#include "core/import/aiperfimporter.h"
#include "core/import/importedrun.h"
#include "core/plan/runplan.h"
#include "core/store/runstore.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

namespace kp::cli {

namespace {

// AIPerf starts about nine services per run; a step that takes longer than this is stuck, not slow.
constexpr int kVersionTimeoutMs = 60'000;
constexpr int kStepTimeoutMs = 6 * 3600 * 1000;

QString findExport(const QString& dir)
{
    // AIPerf may nest its artifacts below --artifact-dir (by model and load); the records file is found by name.
    QDirIterator it(dir, {QStringLiteral("profile_export.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

} // namespace

QStringList AiperfEngine::profileArguments(
    const RunOptions& o, int users, double rate, int requests, const QString& artifactDir)
{
    const Shape shape = o.shapes.isEmpty() ? Shape {} : o.shapes.front();
    // Flag names as in AIPerf's command-line reference (docs/reference/command-line-options.md) and peers §3.1.
    QStringList args {QStringLiteral("profile"), QStringLiteral("--model"), o.model, QStringLiteral("--url"),
        o.url.toString(QUrl::RemoveUserInfo), QStringLiteral("--endpoint-type"),
        o.api == WorkloadSpec::Api::Chat ? QStringLiteral("chat") : QStringLiteral("completions"),
        QStringLiteral("--streaming"), QStringLiteral("--request-count"), QString::number(requests),
        QStringLiteral("--synthetic-input-tokens-mean"), QString::number(shape.input),
        QStringLiteral("--synthetic-input-tokens-stddev"), QStringLiteral("0"), QStringLiteral("--output-tokens-mean"),
        QString::number(shape.output), QStringLiteral("--output-tokens-stddev"), QStringLiteral("0"),
        // The lengths asked for are forced, as in a native run: otherwise answers end early and TPOT compares unlike
        // requests (AIPerf README: OSL is not guaranteed without ignore_eos).
        QStringLiteral("--extra-inputs"), QStringLiteral("ignore_eos:true"), QStringLiteral("--artifact-dir"),
        artifactDir};
    if (rate > 0)
        args << QStringLiteral("--request-rate") << QString::number(rate);
    else
        args << QStringLiteral("--concurrency") << QString::number(users);
    return args;
}

int AiperfEngine::execute(
    const RunOptions& options, const QByteArray& apiKey, RunStore* store, bool json, CommandIo& io, qint64* runId)
{
    const RunOptions o = options.resolved();
    const QString exe = QStandardPaths::findExecutable(QStringLiteral("aiperf"));
    if (exe.isEmpty()) {
        io.err << "kneepoint run: --engine aiperf needs the aiperf command, and none is on PATH. Install it with "
                  "'pip install aiperf' (Kneepoint reads AIPerf "
               << referenceVersion() << "'s export), or run without --engine to use Kneepoint's own load engine.\n";
        return ExitFailure;
    }
    if (o.model.isEmpty())
        throw UsageError {QStringLiteral("--engine aiperf needs --model NAME: AIPerf must be told the served model.")};
    if (!o.dataset.isEmpty())
        throw UsageError {QStringLiteral("--engine aiperf sends synthetic prompts of the --shapes sizes; --dataset "
                                         "works with Kneepoint's own engine only.")};

    QProcess version;
    version.setProcessChannelMode(QProcess::MergedChannels);
    version.start(exe, {QStringLiteral("--version")});
    if (!version.waitForFinished(kVersionTimeoutMs) || version.exitCode() != 0) {
        io.err << "kneepoint run: '" << exe << " --version' did not answer: " << lastOutputLine(version.readAll())
               << ". Reinstall AIPerf with 'pip install aiperf'.\n";
        return ExitFailure;
    }
    static const QRegularExpression number(QStringLiteral("(\\d+\\.\\d+(?:\\.\\d+)?)"));
    const QString aiperfVersion = number.match(QString::fromUtf8(version.readAll())).captured(1);
    if (!aiperfVersion.startsWith(referenceVersion() + u'.') && aiperfVersion != referenceVersion())
        io.err << "Warning: aiperf "
               << (aiperfVersion.isEmpty() ? QStringLiteral("of an unknown version") : aiperfVersion) << " is not "
               << referenceVersion() << ", the version whose export format Kneepoint reads; "
               << "check the numbers against AIPerf's own summary.\n";

    // The native run's plan (RunPlan::of), its concurrency and rate steps: AIPerf drives those, with the same
    // request counts; the baseline and shape steps are the native pipeline's own.
    struct Level
    {
        int users;
        double rate;
        int requests;
    };
    std::vector<Level> levels;
    for (const PlannedStep& step : RunPlan::of(o).steps) {
        if (step.phase == Phase::Concurrency)
            levels.push_back({step.plan.users, 0, step.plan.requestCount});
        else if (step.phase == Phase::Rate)
            levels.push_back({0, step.plan.ratePerSecond, step.plan.requestCount});
    }

    QTemporaryDir work;
    if (!work.isValid()) {
        io.err << "kneepoint run: cannot make a directory for AIPerf's artifacts: " << work.errorString() << '\n';
        return ExitFailure;
    }
    ImportedRun run;
    run.source = QStringLiteral("aiperf");
    run.sourceName = QStringLiteral("AIPerf");
    run.driven = true;
    run.model = o.model;
    run.url = o.url.toString(QUrl::RemoveUserInfo);
    run.toolVersion = aiperfVersion;
    RunStatus status = RunStatus::Complete;
    QString reason;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const Level& level = levels[i];
        const QString what = level.rate > 0 ? QStringLiteral("%1 req/s").arg(level.rate)
                                            : QStringLiteral("concurrency %1").arg(level.users);
        const int requests = level.requests > 0 ? level.requests
            : level.rate > 0                    ? o.requestsFor(level.rate)
                                                : o.requestsFor(level.users);
        const QString dir = work.filePath(QStringLiteral("step-%1").arg(i));
        io.err << QStringLiteral("[%1/%2] aiperf at %3, %4 requests\n")
                      .arg(i + 1)
                      .arg(levels.size())
                      .arg(what)
                      .arg(requests);
        io.err.flush();
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        QStringList args = profileArguments(o, level.users, level.rate, requests, dir);
        // AIPerf takes the key only as an argument: it reaches the child process and is never stored.
        if (!apiKey.isEmpty())
            args << QStringLiteral("--api-key") << QString::fromUtf8(apiKey);
        p.start(exe, args);
        const bool finished = p.waitForFinished(kStepTimeoutMs);
        const QString records = findExport(dir);
        if (!finished || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0 || records.isEmpty()) {
            if (!finished)
                p.kill();
            // AIPerf takes the key as an argument and may echo its command line in an error: the key is cut out.
            reason = QStringLiteral("aiperf profile at %1 failed (%2): %3")
                         .arg(what,
                             finished ? QStringLiteral("exit code %1").arg(p.exitCode()) : QStringLiteral("timed out"),
                             records.isEmpty() && finished && p.exitCode() == 0
                                 ? QStringLiteral("it wrote no profile_export.jsonl")
                                 : lastOutputLine(p.readAll(), apiKey));
            status = run.steps.empty() ? RunStatus::Failed : RunStatus::Incomplete;
            break;
        }
        QFile file(records);
        QString error;
        std::optional<ImportedRun> step = file.open(QIODevice::ReadOnly)
            ? AiperfImporter::read(file.readAll(), QStringLiteral("profile_export.jsonl (%1)").arg(what),
                AiperfImporter::aggregateBeside(records), &error)
            : std::nullopt;
        if (!step) {
            reason = error.isEmpty() ? file.errorString() : error;
            status = run.steps.empty() ? RunStatus::Failed : RunStatus::Incomplete;
            break;
        }
        // The level is known exactly: it was asked for.
        step->steps.front().info.load = level.rate > 0 ? QJsonObject {{QStringLiteral("rate"), level.rate}}
                                                       : QJsonObject {{QStringLiteral("concurrency"), level.users}};
        step->notRecorded.removeIf([](const QString& s) { return s.startsWith(u"the concurrency ("); });
        step->model = run.model;
        step->toolVersion.clear();
        run.absorb(std::move(*step));
    }
    if (run.steps.empty()) {
        io.err << "kneepoint run: " << reason << '\n';
        return ExitFailure;
    }
    run.finish();
    RunInfo info = run.runInfo(o.gpu);
    info.options = o.toJson();
    info.options[QStringLiteral("engine")] = QStringLiteral("aiperf");
    QString error;
    const qint64 id = run.store(info, *store, &error, status, reason);
    if (id < 0) {
        io.err << "kneepoint run: nothing was stored: " << error << '\n';
        return ExitFailure;
    }
    if (runId)
        *runId = id;
    const int code = ImportCommand::report(run, *store, id, json, io);
    if (status != RunStatus::Complete) {
        io.err << "kneepoint run: " << reason << '\n';
        return ExitFailure;
    }
    return code;
}

} // namespace kp::cli
