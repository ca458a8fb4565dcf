// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tunecommand.h"

#include "analysis/rundata.h"
#include "cli/launchcommand.h"
#include "cli/runcommand.h"
#include "cli/storeoption.h"
#include "quality/qualityasker.h"
#include "quality/qualityverdict.h"
#include "quality/questionset.h"
#include "store/runstore.h"
#include "tune/experiment.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>

namespace kp::core {

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
    const LaunchRequest request = LaunchCommand::requestFrom(p);
    if (!p.isSet(QStringLiteral("try")))
        throw UsageError {QStringLiteral("name the settings to try: --try parallel=2,4,8 (llama.cpp) or --try "
                                         "max-num-seqs=64,128 (vLLM).")};
    QString error;
    const std::optional<QList<TuneSetting>> settings = TuneSetting::parse(p.values(QStringLiteral("try")), &error);
    if (!settings)
        throw UsageError {error};
    RunOptions sweep;
    RunCommand::readSweep(p, sweep);
    const int maxTrials = option::integer(p, QStringLiteral("max-trials"), 1, 64);
    const double maxMinutes = option::number(p, QStringLiteral("max-minutes"), 0, 7 * 24 * 60);
    const bool json = p.isSet(QStringLiteral("json"));
    // The question set, for a setting that can change answers: loaded before anything starts.
    const bool askQuality = !p.isSet(QStringLiteral("no-quality"))
        && std::any_of(settings->begin(), settings->end(), [](const TuneSetting& s) { return s.changesAnswers(); });
    const double allowedDrop = option::number(p, QStringLiteral("allowed-drop"), 0, 100);
    std::optional<QuestionSet> loadedSet;
    const QuestionSet* questionSet = &QuestionSet::bundled();
    if (askQuality && p.isSet(QStringLiteral("quality-set"))) {
        QStringList problems;
        loadedSet = QuestionSet::load(p.value(QStringLiteral("quality-set")), &problems);
        if (!loadedSet)
            throw UsageError {QStringLiteral("--quality-set %1 is not a clean question set: %2")
                                  .arg(p.value(QStringLiteral("quality-set")), problems.value(0))};
        questionSet = &*loadedSet;
    }
    if (askQuality && questionSet->questions().empty()) {
        io.err << "kneepoint tune: the bundled question set is missing from this build; pass --quality-set FILE.\n";
        return ExitFailure;
    }
    const QualityAskOptions qualityOptions;

    // Every launch is checked before the first one starts.
    QList<LaunchPreparation> prepared {request.prepare()};
    for (const TuneSetting& s : *settings) {
        // The setting replaces what the baseline says of the same flag (--engine-arg parallel=4 in both).
        LaunchRequest with = request;
        with.engineArgs.removeIf([&s](const QString& arg) {
            QString flag = arg.section(u'=', 0, 0).section(u' ', 0, 0);
            while (flag.startsWith(u'-'))
                flag.remove(0, 1);
            return flag == s.key;
        });
        with.engineArgs << s.engineArg();
        prepared << with.prepare();
    }
    for (qsizetype i = 0; i < prepared.size(); ++i) {
        const LaunchPreparation& prep = prepared[i];
        if (prep.ok())
            continue;
        const QString what = i == 0 ? QStringLiteral("the baseline") : settings->at(i - 1).flag();
        if (prep.usageError)
            throw UsageError {QStringLiteral("%1: %2").arg(what, prep.refusal)};
        for (const QString& line : prep.checkLines())
            io.out << line << '\n';
        io.err << "kneepoint tune: " << what << ": " << prep.refusal << " Nothing was started.\n";
        return ExitFailure;
    }
    const auto store = openStore(p, &error);
    if (!store) {
        io.err << "kneepoint tune: " << error << '\n';
        return ExitFailure;
    }

    const QString id = Experiment::idOf(request.arguments(), sweep, *settings);
    const QHash<QString, Experiment::StoredTrial> stored = p.isSet(QStringLiteral("fresh"))
        ? QHash<QString, Experiment::StoredTrial>()
        : Experiment::storedTrials(*store, id);
    if (!stored.isEmpty())
        io.err << QStringLiteral("Experiment %1: %2 stored by an earlier run of this command %3 taken as %4 "
                                 "(--fresh measures again).\n")
                      .arg(id)
                      .arg(stored.size() == 1 ? QStringLiteral("1 trial")
                                              : QStringLiteral("%1 trials").arg(stored.size()),
                          stored.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                          stored.size() == 1 ? QStringLiteral("it is") : QStringLiteral("they are"));
    else
        io.err << QStringLiteral("Experiment %1.\n").arg(id);

    Experiment experiment;
    experiment.id = id;
    experiment.engine
        = request.engine == LaunchEngine::LlamaCpp ? QStringLiteral("llama-server") : QStringLiteral("vLLM");
    QElapsedTimer clock;
    clock.start();
    bool interrupted = false;
    // One trial: launched, proven, swept and stopped; the sweep's own summary is not printed, the table is.
    const auto measure = [&](const LaunchPreparation& prep, Experiment::Trial& t, int number, int total) {
        const QString key = t.setting ? t.setting->engineArg() : QString();
        if (stored.contains(key)) {
            t.runId = stored.value(key).runId;
            t.qualityPass = stored.value(key).qualityPass;
            io.err << QStringLiteral("Trial %1 of %2: %3: run %4, stored already.\n")
                          .arg(number)
                          .arg(total)
                          .arg(t.label())
                          .arg(t.runId);
            return;
        }
        io.err << QStringLiteral("Trial %1 of %2: %3").arg(number).arg(total).arg(t.label());
        if (t.predictedFrom >= 0)
            io.err << QStringLiteral(" (the twin fitted to run %1 predicts %2)").arg(t.predictedFrom).arg(t.prediction);
        io.err << '\n';
        io.err.flush();
        QString summary;
        QTextStream summaryStream(&summary);
        CommandIo runIo {summaryStream, io.err};
        // The question set, while the server is up: the baseline's pass carries the rule every setting is held to.
        LaunchCommand::WhileUp ask;
        if (askQuality && (!t.setting || t.setting->changesAnswers()))
            ask = [&](const QUrl& url, const QString& model) {
                QualityAskOptions options = qualityOptions;
                options.url = url;
                options.model = model;
                io.err << QStringLiteral("  asking the %1 questions of %2, %3 times, of this server\n")
                              .arg(questionSet->questions().size())
                              .arg(questionSet->name())
                              .arg(options.repeat);
                io.err.flush();
                QString askError;
                t.qualityPass = QualityAsker::askAndStore(*questionSet, options,
                    t.setting ? QStringLiteral("after") : QStringLiteral("before"),
                    t.setting ? std::nullopt : std::optional<double>(allowedDrop), *store, &askError);
                if (t.qualityPass < 0) {
                    t.qualityFailure = QStringLiteral("the question set could not be asked: ") + askError;
                    io.err << "  " << t.qualityFailure << '\n';
                } else {
                    io.err << QStringLiteral("  stored as quality pass %1\n").arg(t.qualityPass);
                }
            };
        const LaunchCommand::LaunchedRun launched
            = LaunchCommand::launchAndRun(prep, sweep, *store, false, io, runIo, ask);
        t.runId = launched.runId;
        if (!launched.proven || launched.code == ExitInterrupted) {
            interrupted = launched.interrupted || launched.code == ExitInterrupted;
            t.failure = interrupted ? QStringLiteral("interrupted")
                                    : QStringLiteral("the server did not start: ") + launched.failure;
            return;
        }
        if (const std::optional<StoredRun> run = store->run(t.runId); run && run->summary.status != RunStatus::Complete)
            t.failure = QStringLiteral("the run ended %1: %2")
                            .arg(runStatusName(run->summary.status), run->summary.statusReason);
        QString tagError;
        if (!askQuality && t.setting && t.setting->changesAnswers())
            t.qualityFailure = QStringLiteral("--no-quality was given");
        if (!Experiment::tag(*store, t, id, &tagError))
            io.err << "kneepoint tune: " << tagError << '\n';
        io.err << QStringLiteral("  stored as run %1; the server was stopped and removed.\n").arg(t.runId);
    };

    const int total = 1 + std::min(maxTrials, int(settings->size()));
    Experiment::Trial baseline;
    measure(prepared.front(), baseline, 1, total);
    experiment.trials << baseline;
    QList<Experiment::Trial> untried;
    for (const TuneSetting& s : *settings) {
        Experiment::Trial t;
        t.setting = s;
        untried << t;
    }
    // The twin is fitted to the baseline, then refitted to each trial as it is measured: the next setting is the one
    // the latest fit ranks best.
    const auto refit = [&](qint64 runId) {
        if (const std::optional<RunData> run = RunData::load(*store, runId, &error))
            Experiment::predict(*run, untried);
    };
    if (baseline.measured())
        refit(baseline.runId);
    int tried = 0;
    while (!untried.isEmpty()) {
        Experiment::Trial t = untried.takeFirst();
        if (!baseline.measured())
            t.failure = QStringLiteral("not tried: the baseline was not measured");
        else if (interrupted)
            t.failure = QStringLiteral("not tried: interrupted");
        else if (tried >= maxTrials)
            t.failure = QStringLiteral("not tried: --max-trials %1 was spent").arg(maxTrials);
        else if (maxMinutes > 0 && clock.elapsed() > maxMinutes * 60'000)
            t.failure = QStringLiteral("not tried: --max-minutes %1 had passed").arg(maxMinutes);
        else
            measure(prepared[settings->indexOf(*t.setting) + 1], t, ++tried + 1, total);
        experiment.trials << t;
        if (t.measured() && !untried.isEmpty())
            refit(t.runId);
    }
    experiment.judge(*store);
    if (json)
        io.out << QJsonDocument(experiment.toJson()).toJson(QJsonDocument::Indented);
    else
        io.out << experiment.text();
    if (interrupted)
        return ExitInterrupted;
    return baseline.measured() ? ExitOk : ExitFailure;
}

} // namespace kp::core
