// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/tunecommand.h"

#include "core/cli/interrupts.h"
#include "core/cli/launchcommand.h"
#include "core/cli/runcommand.h"
#include "core/cli/storeoption.h"
#include "core/quality/qualitypassrequest.h"
#include "core/quality/qualityverdict.h"
#include "core/store/runstore.h"
#include "core/tune/tuner.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QTextStream>

namespace kp::cli {

namespace {

// launch's options that make no sense for an experiment: it always sweeps, always stops the server, and starts one.
const QStringList NotTuneOptions {QStringLiteral("then-run"), QStringLiteral("dry-run"), QStringLiteral("cleanup")};

} // namespace

QString TuneCommand::description() const
{
    return QStringLiteral(
        "Takes kneepoint launch's options (the engine, the model or GGUF, the runtime) and kneepoint run's (the "
        "sweep and its targets). Every launch, the baseline's and each setting's, is checked before the first starts "
        "(memory, allow-listed arguments), so a refused value costs no GPU time. It then launches the baseline, "
        "proves it answers, sweeps it and stops it; asks the twin fitted to that run what each setting of --try "
        "would do to the capacity, and tries the best next, each on a server launched with it alone, refitting the "
        "twin to each trial as it is measured, within --max-trials and --max-minutes. Each trial is a stored run, "
        "compared with the baseline as kneepoint compare does. The table ranks them by capacity beside what the twin "
        "predicted and how far it was off; a setting is recommended only when its "
        "capacity beat the baseline's beyond noise. When a setting can change what the model answers (a KV cache "
        "dtype, a quantisation, speculative decoding), the question set of kneepoint quality is asked of the "
        "baseline's server and of that setting's, and the setting is recommended only when its answers held by the "
        "baseline pass's rule (--allowed-drop).");
}

QList<QCommandLineOption> TuneCommand::options() const
{
    QList<QCommandLineOption> list;
    for (const QCommandLineOption& o : LaunchCommand().options())
        if (!NotTuneOptions.contains(o.names().first()))
            list << o;
    list << QCommandLineOption(QStringLiteral("try"),
        QStringLiteral("Settings to try, each alone against the baseline: KEY=V1,V2,… with KEY an allow-listed engine "
                       "argument, such as parallel=2,4,8 (llama.cpp) or max-num-seqs=64,128 (vLLM). Repeatable."),
        QStringLiteral("KEY=VALUES"));
    list << QCommandLineOption(QStringLiteral("max-trials"),
        QStringLiteral("The most settings to measure after the baseline, the twin's best first (default 8)."),
        QStringLiteral("N"), QStringLiteral("8"));
    list << QCommandLineOption(QStringLiteral("fresh"),
        QStringLiteral("Measure every trial again, rather than take those an interrupted run of the same command "
                       "stored."));
    list << QCommandLineOption(QStringLiteral("no-quality"),
        QStringLiteral("Ask no question set, even of a setting that can change answers; such a setting is then not "
                       "recommended."));
    list << QCommandLineOption(QStringLiteral("quality-set"),
        QStringLiteral("The question set to ask (default: the bundled one), as kneepoint quality ask --set."),
        QStringLiteral("FILE"));
    list << QCommandLineOption(QStringLiteral("allowed-drop"),
        QStringLiteral("The most a setting may lower the share of right answers, in percentage points (default %1).")
            .arg(QualityVerdict::kDefaultAllowedDropPp),
        QStringLiteral("PP"), QString::number(QualityVerdict::kDefaultAllowedDropPp));
    list << QCommandLineOption(QStringLiteral("max-minutes"),
        QStringLiteral("Start no further trial once this many minutes have passed (0: no limit)."), QStringLiteral("M"),
        QStringLiteral("0"));
    return list;
}

int TuneCommand::run(const QCommandLineParser& p, CommandIo& io)
{
    TuneRequest request;
    request.launch = LaunchCommand::requestFrom(p);
    if (!p.isSet(QStringLiteral("try")))
        throw UsageError {QStringLiteral("name the settings to try: --try parallel=2,4,8 (llama.cpp) or --try "
                                         "max-num-seqs=64,128 (vLLM).")};
    QString error;
    const std::optional<QList<TuneSetting>> settings = TuneSetting::parse(p.values(QStringLiteral("try")), &error);
    if (!settings)
        throw UsageError {error};
    request.settings = *settings;
    RunCommand::readSweep(p, request.sweep);
    request.maxTrials = option::integer(p, QStringLiteral("max-trials"), 1, 64);
    request.maxMinutes = option::number(p, QStringLiteral("max-minutes"), 0, 7 * 24 * 60);
    request.fresh = p.isSet(QStringLiteral("fresh"));
    request.quality = !p.isSet(QStringLiteral("no-quality"));
    request.qualitySet = p.value(QStringLiteral("quality-set"));
    request.allowedDropPp
        = option::number(p, QStringLiteral("allowed-drop"), 0, QualityPassRequest::kMostAllowedDropPp);
    const bool json = p.isSet(QStringLiteral("json"));

    const auto store = openStore(p, &error);
    if (!store) {
        io.err << "kneepoint tune: " << error << '\n';
        return ExitFailure;
    }
    Tuner tuner(request, *store);
    const Tuner::Checked checked = tuner.check();
    if (!checked.ok) {
        if (checked.usageError)
            throw UsageError {checked.refusal};
        for (const QString& line : checked.lines)
            io.out << line << '\n';
        io.err << "kneepoint tune: " << checked.refusal << " Nothing was started.\n";
        return ExitFailure;
    }
    QObject::connect(&tuner, &Tuner::line, &tuner, [&io](const QString& line) {
        io.err << line << '\n';
        io.err.flush();
    });
    Interrupts interrupts;
    interrupts.onInterrupt([&tuner] { tuner.cancel(); });
    const Experiment experiment = tuner.run();
    if (json)
        io.out << QJsonDocument(experiment.toJson()).toJson(QJsonDocument::Indented);
    else
        io.out << experiment.text();
    if (tuner.interrupted())
        return ExitInterrupted;
    return !experiment.trials.isEmpty() && experiment.trials.front().measured() ? ExitOk : ExitFailure;
}

} // namespace kp::cli
