// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tune/tuner.h"

#include "core/analysis/disturbance.h"
#include "core/analysis/rundata.h"
#include "core/launch/launchsession.h"
#include "core/quality/qualityasker.h"
#include "core/run/runpipeline.h"
#include "core/store/runstore.h"

#include <QEventLoop>
#include <QTimer>

#include <algorithm>

namespace kp::core {

namespace {

QString number(double v)
{
    return QString::number(v, 'g', 10);
}

} // namespace

bool TuneRequest::asksQuality() const
{
    return quality
        && std::any_of(settings.begin(), settings.end(), [](const TuneSetting& s) { return s.changesAnswers(); });
}

LaunchRequest TuneRequest::launchWith(const TuneSetting& setting) const
{
    // The setting replaces what the baseline says of the same flag (--engine-arg parallel=4 in both).
    LaunchRequest with = launch;
    with.engineArgs.removeIf([&setting](const QString& arg) {
        QString flag = arg.section(u'=', 0, 0).section(u' ', 0, 0);
        while (flag.startsWith(u'-'))
            flag.remove(0, 1);
        return flag == setting.key;
    });
    with.engineArgs << setting.engineArg();
    return with;
}

QString TuneRequest::experimentId() const
{
    return Experiment::idOf(launch.arguments(), sweep, settings);
}

QStringList TuneRequest::arguments() const
{
    QStringList out = launch.arguments();
    if (sweep.product != RunOptions().product)
        out << QStringLiteral("--product") << sweep.product;
    if (!sweep.shapes.isEmpty()) {
        QStringList shapes;
        for (const Shape& s : sweep.shapes)
            shapes << QStringLiteral("%1/%2").arg(s.input).arg(s.output);
        out << QStringLiteral("--shapes") << shapes.join(u',');
    }
    if (sweep.concurrency != RunOptions::defaultConcurrency()) {
        QStringList users;
        for (int u : sweep.concurrency)
            users << QString::number(u);
        out << QStringLiteral("--concurrency") << users.join(u',');
    }
    if (sweep.requestsPerStep > 0)
        out << QStringLiteral("--requests") << QString::number(sweep.requestsPerStep);
    if (sweep.quick)
        out << QStringLiteral("--quick");
    if (sweep.slo.ttftMs)
        out << QStringLiteral("--slo-ttft-ms") << number(*sweep.slo.ttftMs);
    if (sweep.slo.tpotMs)
        out << QStringLiteral("--slo-tpot-ms") << number(*sweep.slo.tpotMs);
    if (sweep.slo.e2elMs)
        out << QStringLiteral("--slo-e2el-ms") << number(*sweep.slo.e2elMs);
    if (sweep.slo.ttfoMs)
        out << QStringLiteral("--slo-ttfo-ms") << number(*sweep.slo.ttfoMs);
    if (sweep.percentile != RunOptions().percentile)
        out << QStringLiteral("--percentile") << number(sweep.percentile);
    // One --try per key, its values in the order given.
    QStringList keys;
    for (const TuneSetting& s : settings)
        if (!keys.contains(s.key))
            keys << s.key;
    for (const QString& key : keys) {
        QStringList values;
        for (const TuneSetting& s : settings)
            if (s.key == key)
                values << s.value;
        out << QStringLiteral("--try") << key + u'=' + values.join(u',');
    }
    if (maxTrials != TuneRequest().maxTrials)
        out << QStringLiteral("--max-trials") << QString::number(maxTrials);
    if (maxMinutes > 0)
        out << QStringLiteral("--max-minutes") << number(maxMinutes);
    if (fresh)
        out << QStringLiteral("--fresh");
    if (!quality)
        out << QStringLiteral("--no-quality");
    if (!qualitySet.isEmpty())
        out << QStringLiteral("--quality-set") << qualitySet;
    if (allowedDropPp != QualityVerdict::kDefaultAllowedDropPp)
        out << QStringLiteral("--allowed-drop") << number(allowedDropPp);
    return out;
}

Tuner::Tuner(const TuneRequest& request, RunStore& store, QObject* parent)
    : QObject(parent)
    , m_request(request)
    , m_store(store)
    , m_id(request.experimentId())
{ }

Tuner::~Tuner() = default;

Tuner::Checked Tuner::check()
{
    Checked checked;
    if (m_request.settings.isEmpty()) {
        checked.usageError = true;
        checked.refusal = tr("Name the settings to try: parallel=2,4,8 (llama.cpp) or max-num-seqs=64,128 (vLLM).");
        return checked;
    }
    // The question set, for a setting that can change answers: loaded before anything starts.
    m_questionSet = &QuestionSet::bundled();
    if (m_request.asksQuality() && !m_request.qualitySet.isEmpty()) {
        QStringList problems;
        m_loadedSet = QuestionSet::load(m_request.qualitySet, &problems);
        if (!m_loadedSet) {
            checked.usageError = true;
            checked.refusal
                = tr("The question set %1 is not a clean one: %2").arg(m_request.qualitySet, problems.value(0));
            return checked;
        }
        m_questionSet = &*m_loadedSet;
    }
    if (m_request.asksQuality() && m_questionSet->questions().empty()) {
        checked.refusal = tr("The bundled question set is missing from this build; name a question set file.");
        return checked;
    }
    // Every launch is checked before the first one starts.
    m_prepared = {m_request.launch.prepare()};
    for (const TuneSetting& s : m_request.settings)
        m_prepared << m_request.launchWith(s).prepare();
    for (qsizetype i = 0; i < m_prepared.size(); ++i) {
        const LaunchPreparation& prep = m_prepared[i];
        if (prep.ok())
            continue;
        const QString what = i == 0 ? tr("the baseline") : m_request.settings.at(i - 1).flag();
        checked.usageError = prep.usageError;
        checked.refusal = QStringLiteral("%1: %2").arg(what, prep.refusal);
        if (!prep.usageError)
            checked.lines = prep.checkLines();
        m_prepared.clear();
        return checked;
    }
    checked.ok = true;
    return checked;
}

Experiment Tuner::run()
{
    Experiment experiment;
    experiment.id = m_id;
    experiment.engine
        = m_request.launch.engine == LaunchEngine::LlamaCpp ? QStringLiteral("llama-server") : QStringLiteral("vLLM");
    if (m_prepared.isEmpty())
        return experiment;
    m_clock.start();
    m_stored = m_request.fresh ? QHash<QString, Experiment::StoredTrial>() : Experiment::storedTrials(m_store, m_id);
    if (!m_stored.isEmpty())
        Q_EMIT line(m_stored.size() == 1
                ? tr("Experiment %1: 1 trial stored by an earlier run of it is taken as it is (measure every trial "
                     "again to replace it).")
                      .arg(m_id)
                : tr("Experiment %1: %2 trials stored by an earlier run of it are taken as they are (measure every "
                     "trial again to replace them).")
                      .arg(m_id)
                      .arg(m_stored.size()));
    else
        Q_EMIT line(tr("Experiment %1.").arg(m_id));

    const int total = 1 + std::min(m_request.maxTrials, int(m_request.settings.size()));
    Experiment::Trial baseline;
    measure(0, baseline, 1, total);
    experiment.trials << baseline;
    QList<Experiment::Trial> untried;
    for (const TuneSetting& s : m_request.settings) {
        Experiment::Trial t;
        t.setting = s;
        untried << t;
    }
    // The twin is fitted to the baseline, then refitted to each trial as it is measured: the next setting is the one
    // the latest fit ranks best.
    const auto refit = [&](qint64 runId) {
        QString error;
        if (const std::optional<RunData> run = RunData::load(m_store, runId, &error))
            Experiment::predict(*run, untried);
    };
    if (baseline.measured())
        refit(baseline.runId);
    int tried = 0;
    while (!untried.isEmpty()) {
        Experiment::Trial t = untried.takeFirst();
        if (m_cancelled)
            t.failure = tr("not tried: interrupted");
        else if (!baseline.measured())
            t.failure = tr("not tried: the baseline was not measured");
        else if (tried >= m_request.maxTrials)
            t.failure = tr("not tried: the most trials (%1) were spent").arg(m_request.maxTrials);
        else if (!withinBudget())
            t.failure = tr("not tried: the %1 minutes allowed had passed").arg(number(m_request.maxMinutes));
        else
            measure(int(m_request.settings.indexOf(*t.setting)) + 1, t, ++tried + 1, total);
        experiment.trials << t;
        if (t.measured() && !untried.isEmpty())
            refit(t.runId);
    }
    experiment.judge(m_store);
    return experiment;
}

void Tuner::cancel()
{
    if (m_cancelled)
        return;
    m_cancelled = true;
    Q_EMIT line(tr("Stopping: the step in progress is cancelled (completed steps are kept), and the server is "
                   "stopped and removed."));
    if (m_pipeline)
        m_pipeline->cancel();
    else if (m_loop)
        m_loop->quit();
}

bool Tuner::withinBudget() const
{
    return m_request.maxMinutes <= 0 || double(m_clock.elapsed()) < m_request.maxMinutes * 60'000;
}

void Tuner::measure(int launchIndex, Experiment::Trial& t, int number, int total)
{
    const QString key = t.setting ? t.setting->engineArg() : QString();
    Q_EMIT trialStarted(number, total, t.label());
    if (m_stored.contains(key)) {
        t.runId = m_stored.value(key).runId;
        t.qualityPass = m_stored.value(key).qualityPass;
        Q_EMIT line(
            tr("Trial %1 of %2: %3: run %4, stored already.").arg(number).arg(total).arg(t.label()).arg(t.runId));
        Q_EMIT trialFinished(t);
        return;
    }
    QString heading = tr("Trial %1 of %2: %3").arg(number).arg(total).arg(t.label());
    if (t.predictedFrom >= 0)
        heading += tr(" (the twin fitted to run %1 predicts %2)").arg(t.predictedFrom).arg(t.prediction);
    Q_EMIT line(heading);
    const LaunchPreparation& prep = m_prepared.at(launchIndex);
    bool measured = launchAndSweep(prep, t);
    // A busy machine is not taken for a worse setting: a trial with disturbed steps is measured once more.
    int disturbedSteps = 0;
    if (measured && !m_cancelled && disturbed(t.runId, &disturbedSteps) && withinBudget()) {
        Q_EMIT line(tr("  Run %1 had disturbed steps (%2 of them: the time per token drifted while the load stood "
                       "still, as when another process slows the server); measuring this trial once more.")
                        .arg(t.runId)
                        .arg(disturbedSteps));
        Experiment::Trial again = t;
        again.runId = -1;
        again.failure.clear();
        again.qualityPass = -1;
        again.qualityFailure.clear();
        measured = launchAndSweep(prep, again);
        if (measured || m_cancelled)
            t = again;
    }
    Q_EMIT trialFinished(t);
}

bool Tuner::disturbed(qint64 runId, int* steps) const
{
    QString error;
    const std::optional<RunData> run = RunData::load(m_store, runId, &error);
    if (!run)
        return false;
    *steps = int(Disturbance::of(*run).disturbed().size());
    return *steps > 0;
}

bool Tuner::launchAndSweep(const LaunchPreparation& prep, Experiment::Trial& t)
{
    LaunchSession session(prep);
    QEventLoop loop;
    bool proven = false;
    QString failure;
    connect(&session, &LaunchSession::notice, this, &Tuner::line);
    connect(&session, &LaunchSession::stageChanged, this, [this](ServerLauncher::Stage stage, const QString& detail) {
        if (stage != ServerLauncher::Stage::Failed && stage != ServerLauncher::Stage::Ready)
            Q_EMIT line(u"  " + ServerLauncher::stageName(stage) + (detail.isEmpty() ? QString() : u": " + detail));
    });
    connect(&session, &LaunchSession::progress, this, [this](const QString& what) { Q_EMIT line(u"    " + what); });
    connect(&session, &LaunchSession::ready, &loop, [&] {
        proven = true;
        loop.quit();
    });
    connect(&session, &LaunchSession::failed, &loop, [&](const QString& sentence) {
        // Before it was proven: it did not start. After: it ended by itself, and the sweep, which goes on to its
        // end, says what that cost.
        if (proven) {
            Q_EMIT line(u"  " + sentence.section(u'\n', 0, 0));
            return;
        }
        failure = sentence;
        loop.quit();
    });
    m_loop = &loop;
    if (!m_cancelled) {
        QTimer::singleShot(0, &session, &LaunchSession::start);
        loop.exec();
    }
    m_loop = nullptr;
    if (!proven || m_cancelled) {
        session.stop();
        t.failure = m_cancelled ? tr("interrupted") : tr("the server did not start: ") + failure.section(u'\n', 0, 0);
        if (!m_cancelled) {
            Q_EMIT line(u"  " + failure);
            Q_EMIT line(tr("  No load was applied. The whole log: %1").arg(session.logPath()));
        }
        return false;
    }
    Q_EMIT line(tr("  Proven: /health, /v1/models and a greedy smoke test passed; started in %1 s.")
                    .arg(session.startupSeconds(), 0, 'f', 1));

    RunPipeline pipeline(session.sweepOf(m_request.sweep), QByteArray(), &m_store);
    RunStatus status = RunStatus::Failed;
    QString reason;
    connect(&pipeline, &RunPipeline::stageChanged, this, [this](RunStage stage, const QString& detail) {
        Q_EMIT line(u"  " + runStageName(stage) + (detail.isEmpty() ? QString() : u": " + detail));
    });
    connect(&pipeline, &RunPipeline::progress, this,
        [this](int done, int stepsTotal, double elapsed, double remaining, const QString& what) {
            if (what.isEmpty())
                return;
            QString text
                = QStringLiteral("  [%1/%2] %3 (%4 s").arg(done + 1).arg(stepsTotal).arg(what).arg(elapsed, 0, 'f', 0);
            if (remaining >= 0)
                text += tr(", about %1 s left").arg(remaining, 0, 'f', 0);
            Q_EMIT line(text + u')');
        });
    // A run sized past an hour is not held for an answer: the experiment's budget bounds it.
    connect(&pipeline, &RunPipeline::planSized, this, [this, &pipeline](const QString& sentence, double, bool held) {
        Q_EMIT line(u"  " + sentence);
        if (held)
            pipeline.hold(false);
    });
    connect(&pipeline, &RunPipeline::finished, &loop, [&](RunStatus s, const QString& r) {
        status = s;
        reason = r;
        loop.quit();
    });
    m_pipeline = &pipeline;
    m_loop = &loop;
    QTimer::singleShot(0, &pipeline, &RunPipeline::start);
    loop.exec();
    m_pipeline = nullptr;
    m_loop = nullptr;
    t.runId = pipeline.runId();
    if (m_cancelled) {
        t.failure = tr("interrupted");
    } else if (status != RunStatus::Complete) {
        t.failure = tr("the run ended %1: %2").arg(runStatusName(status), reason);
    } else if (m_request.asksQuality() && (!t.setting || t.setting->changesAnswers())) {
        // The question set, while the server is up: the baseline's pass carries the rule every setting is held to.
        askQuality(session.baseUrl(), prep.plan.servedModelName, t);
    }
    if (!m_request.asksQuality() && t.setting && t.setting->changesAnswers())
        t.qualityFailure = tr("asking the question set was turned off");
    // What the launch learnt goes with the run: start-up, KV cache, image and digest, peaks.
    if (t.runId >= 0) {
        QString error;
        if (!session.recordWith(m_store, t.runId, &error))
            Q_EMIT line(u"  " + error);
    }
    session.stop();
    if (t.runId < 0) {
        if (t.failure.isEmpty())
            t.failure = tr("the run was not stored: %1").arg(reason);
        return false;
    }
    QString tagError;
    if (!Experiment::tag(m_store, t, m_id, &tagError))
        Q_EMIT line(u"  " + tagError);
    Q_EMIT line(tr("  Stored as run %1; the server was stopped and removed.").arg(t.runId));
    return t.measured();
}

void Tuner::askQuality(const QUrl& url, const QString& model, Experiment::Trial& t)
{
    QualityAskOptions options;
    options.url = url;
    options.model = model;
    Q_EMIT line(tr("  Asking the %1 questions of %2, %3 times, of this server.")
                    .arg(m_questionSet->questions().size())
                    .arg(m_questionSet->name())
                    .arg(options.repeat));
    QString error;
    t.qualityPass
        = QualityAsker::askAndStore(*m_questionSet, options, t.setting ? QualityRole::After : QualityRole::Before,
            t.setting ? std::nullopt : std::optional<double>(m_request.allowedDropPp), m_store, &error);
    if (t.qualityPass < 0) {
        t.qualityFailure = tr("the question set could not be asked: ") + error;
        Q_EMIT line(u"  " + t.qualityFailure);
    } else {
        Q_EMIT line(tr("  Stored as quality pass %1.").arg(t.qualityPass));
    }
}

} // namespace kp::core
