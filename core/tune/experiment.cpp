// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tune/experiment.h"

#include "core/analysis/analysissettings.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/runcomparison.h"
#include "core/analysis/rundata.h"
#include "core/analysis/rungate.h"
#include "core/common/textformat.h"
#include "core/plan/runoptions.h"
#include "core/predict/prediction.h"
#include "core/quality/qualitycomparison.h"
#include "core/quality/qualitystore.h"
#include "core/quality/qualityverdict.h"
#include "core/store/launchfacts.h"
#include "core/store/runstore.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// Higher is better: a capacity below the lowest load, one between two steps, one at least the highest load.
int boundRank(Capacity::Bound bound)
{
    switch (bound) {
    case Capacity::Bound::None:
        return 0;
    case Capacity::Bound::Below:
        return 1;
    case Capacity::Bound::Between:
        return 2;
    case Capacity::Bound::AtLeast:
        return 3;
    }
    return 0;
}

// The experiment a run belongs to, as tag() wrote it into its launch's facts; an empty id for other runs.
LaunchFacts::ExperimentTag tagOf(const StoredRun& run)
{
    return LaunchFacts::of(run.info.facts).experiment.value_or(LaunchFacts::ExperimentTag {});
}

QJsonValue number(double v)
{
    return std::isnan(v) ? QJsonValue() : QJsonValue(v);
}

// The settings a launched run ran with that the twin models (parallel, max-num-seqs, …), from the launch's engine
// arguments: what the twin is told where the server does not report them itself (vLLM's max-num-seqs).
QStringList launchedSettings(const RunData& run)
{
    QStringList out;
    for (QString arg : run.launch.engineArgs) {
        while (arg.startsWith(u'-'))
            arg.remove(0, 1);
        if (Prediction::modelled().contains(arg.section(u'=', 0, 0)) && arg.contains(u'='))
            out << arg;
    }
    return out;
}

} // namespace

QString Experiment::idOf(
    const QStringList& launchArguments, const RunOptions& sweep, const QList<TuneSetting>& settings)
{
    QJsonObject options = sweep.toJson();
    options.remove(QStringLiteral("url"));
    QStringList tries;
    for (const TuneSetting& s : settings)
        tries << s.engineArg();
    const QByteArray key = QJsonDocument(
        QJsonObject {{QStringLiteral("launch"), QJsonArray::fromStringList(launchArguments)},
            {QStringLiteral("sweep"), options}, {QStringLiteral("try"), QJsonArray::fromStringList(tries)}})
                               .toJson(QJsonDocument::Compact);
    return QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex().left(12));
}

QHash<QString, Experiment::StoredTrial> Experiment::storedTrials(const RunStore& store, const QString& id)
{
    QHash<QString, StoredTrial> found;
    const QList<RunSummary> runs = store.runs(); // the newest first
    for (const RunSummary& r : runs) {
        if (r.status != RunStatus::Complete)
            continue;
        const std::optional<StoredRun> run = store.run(r.id);
        const LaunchFacts::ExperimentTag tag = run ? tagOf(*run) : LaunchFacts::ExperimentTag {};
        if (tag.id == id && !found.contains(tag.setting))
            found.insert(tag.setting, {r.id, tag.qualityPass});
    }
    return found;
}

bool Experiment::tag(RunStore& store, const Trial& trial, const QString& id, QString* error)
{
    const std::optional<StoredRun> run = store.run(trial.runId, error);
    if (!run)
        return false;
    LaunchFacts::ExperimentTag tag;
    tag.id = id;
    tag.setting = trial.setting ? trial.setting->engineArg() : QString();
    if (trial.predictedFrom >= 0) {
        tag.predicted = true;
        tag.predictedUsers = trial.predicted;
        tag.predictedAtLeast = trial.predictedAtLeast;
        tag.predictionWords = trial.prediction;
        tag.predictionFittedToRun = trial.predictedFrom;
    }
    tag.qualityPass = trial.qualityPass;
    return store.updateFacts(trial.runId, LaunchFacts::tagged(run->info.facts, tag), error);
}

QList<Experiment::Stored> Experiment::list(const RunStore& store)
{
    QList<Stored> found;
    const QList<RunSummary> runs = store.runs(); // the newest first
    // Oldest first, so that each experiment's runs come in the order they were measured.
    for (auto r = runs.crbegin(); r != runs.crend(); ++r) {
        const std::optional<StoredRun> run = store.run(r->id);
        if (!run)
            continue;
        const LaunchFacts launch = LaunchFacts::of(run->info.facts);
        const LaunchFacts::ExperimentTag tag = launch.experiment.value_or(LaunchFacts::ExperimentTag {});
        const QString id = tag.id;
        if (id.isEmpty())
            continue;
        auto it = std::find_if(found.begin(), found.end(), [&id](const Stored& e) { return e.id == id; });
        if (it == found.end()) {
            Stored e;
            e.id = id;
            e.engine = launch.engine == u"llamacpp" ? QStringLiteral("llama-server") : QStringLiteral("vLLM");
            e.model = r->model;
            e.startedUtc = r->startedUtc;
            found << e;
            it = found.end() - 1;
        }
        // The baseline first: a baseline measured again after a trial (--fresh) still leads.
        if (tag.setting.isEmpty()) {
            it->runs.prepend(r->id);
            it->startedUtc = r->startedUtc;
        } else {
            it->runs << r->id;
        }
    }
    std::reverse(found.begin(), found.end());
    return found;
}

std::optional<Experiment> Experiment::load(const RunStore& store, const QString& id, QString* error)
{
    const QList<Stored> all = list(store);
    const auto it = std::find_if(all.begin(), all.end(), [&id](const Stored& e) { return e.id == id; });
    if (it == all.end()) {
        *error = tr("No stored run belongs to experiment %1; kneepoint experiments lists those there are.").arg(id);
        return std::nullopt;
    }
    Experiment e;
    e.id = id;
    e.engine = it->engine;
    // The newest run of each setting, as a resumed kneepoint tune takes it; in the order first measured.
    QHash<QString, qsizetype> bySetting;
    for (const qint64 runId : it->runs) {
        const std::optional<StoredRun> run = store.run(runId);
        if (!run)
            continue;
        const LaunchFacts::ExperimentTag tag = tagOf(*run);
        Trial t;
        t.runId = runId;
        const QString& setting = tag.setting;
        if (!setting.isEmpty())
            t.setting = TuneSetting {setting.section(u'=', 0, 0), setting.section(u'=', 1)};
        if (tag.predicted) {
            t.predicted = tag.predictedUsers;
            t.predictedAtLeast = tag.predictedAtLeast;
            t.prediction = tag.predictionWords;
            t.predictedFrom = tag.predictionFittedToRun;
        }
        t.qualityPass = tag.qualityPass;
        if (run->summary.status != RunStatus::Complete)
            t.failure = tr("the run ended %1: %2").arg(runStatusName(run->summary.status), run->summary.statusReason);
        if (const auto seen = bySetting.constFind(setting); seen != bySetting.constEnd()) {
            e.trials[*seen] = t;
            continue;
        }
        bySetting.insert(setting, e.trials.size());
        e.trials << t;
    }
    if (e.trials.isEmpty() || e.trials.front().setting) {
        Trial missing;
        missing.failure = tr("its run is not in this history");
        e.trials.prepend(missing);
    }
    e.judge(store);
    return e;
}

void Experiment::predict(const RunData& run, QList<Trial>& untried)
{
    // The model as the window finds it: a launched GGUF file is still on this machine.
    const AnalysisSettings settings = AnalysisSettings::ofRunOffline(run);
    const RunAnalysis analysis = RunAnalysis::of(run, settings);
    const Capacity& shown = analysis.curve.capacity;
    std::optional<TwinFit> fit;
    for (Trial& t : untried) {
        QString error;
        PredictionRequest request;
        request.set = {t.setting->twinSetting()};
        request.base = launchedSettings(run);
        t.predictedFrom = run.summary.id;
        t.predicted = kNaN;
        const std::optional<Prediction> p = Prediction::of(run, settings, request, &error, &fit);
        if (!p) {
            // The first clause: the table has a column, the whole sentence is kneepoint predict's to say.
            t.prediction = QStringLiteral("none (%1)").arg(error.section(u',', 0, 0).section(u':', 0, 0));
            continue;
        }
        if (!p->notModelled.isEmpty()) {
            t.prediction = QStringLiteral("not modelled");
            continue;
        }
        const Prediction::Advice advice = p->adviceUnder(settings, shown);
        if (advice.kind == Prediction::Advice::Kind::Unknown || std::isnan(advice.change)
            || (shown.bound != Capacity::Bound::Between && shown.bound != Capacity::Bound::AtLeast)) {
            t.prediction = QStringLiteral("not placed");
            continue;
        }
        const Prediction::Capacities capacities = p->capacitiesUnder(settings);
        t.prediction = advice.to;
        t.predicted = shown.load * (1 + advice.change);
        t.predictedAtLeast = !p->predicted.empty() && capacities.predicted >= p->predicted.back().users;
    }
    // The twin's best first; what it cannot place after, in the order given.
    std::stable_sort(untried.begin(), untried.end(), [](const Trial& x, const Trial& y) {
        return !std::isnan(x.predicted) && (std::isnan(y.predicted) || x.predicted > y.predicted);
    });
}

QString Experiment::Trial::label() const
{
    return setting ? setting->flag() : tr("baseline");
}

bool Experiment::Trial::answersHold() const
{
    return !setting || !setting->changesAnswers() || quality == u"pass";
}

QString Experiment::Trial::predictionChecked() const
{
    if (std::isnan(twinOffPercent))
        return prediction;
    return (twinOffAtLeast ? tr("%1 (off by %2 or more)") : tr("%1 (off by %2)"))
        .arg(prediction, text::change(twinOffPercent));
}

namespace {

// A quality verdict's sentence to stand inside another: without its own "FAIL: " and closing stop.
QString bareVerdict(QString why)
{
    if (const qsizetype colon = why.indexOf(QStringLiteral(": "));
        colon > 0 && colon < 14 && why.left(colon).toUpper() == why.left(colon))
        why = why.mid(colon + 2);
    while (why.endsWith(u'.'))
        why.chop(1);
    return why;
}

// The trial's answers against the baseline's, as kneepoint quality compare judges them, for a setting that can
// change them.
void judgeQuality(const RunStore& store, const Experiment::Trial& baseline, Experiment::Trial& t)
{
    if (!t.setting || !t.setting->changesAnswers())
        return;
    t.quality = QStringLiteral("not asked");
    if (t.qualityPass < 0 || baseline.qualityPass < 0) {
        const QString why = !t.qualityFailure.isEmpty() ? t.qualityFailure : baseline.qualityFailure;
        t.qualityWhy = why.isEmpty() ? Experiment::tr("its answers were not checked") : why;
        return;
    }
    const QualityStore quality(store);
    QString error;
    const std::optional<QualityPass> before = quality.pass(baseline.qualityPass, &error);
    const std::optional<QualityPass> after = before ? quality.pass(t.qualityPass, &error) : std::nullopt;
    const std::optional<QualityComparison> c = before && after
        ? QualityComparison::compare(*before, *after, QualityVerdict::kDefaultConfidence, &error)
        : std::nullopt;
    if (!c) {
        t.qualityWhy = error;
        return;
    }
    t.quality = QualityVerdict::name(c->verdict.outcome);
    t.qualityWhy = c->verdict.sentence;
}

} // namespace

void Experiment::judge(const RunStore& store)
{
    if (trials.isEmpty())
        return;
    QString error;
    const std::optional<RunData> base
        = trials.front().measured() ? RunData::load(store, trials.front().runId, &error) : std::nullopt;
    const AnalysisSettings settings = base ? AnalysisSettings::ofRunOffline(*base) : AnalysisSettings();
    if (base) {
        model = base->summary.model;
        startedUtc = base->summary.startedUtc;
    }
    for (qsizetype i = 0; i < trials.size(); ++i) {
        Trial& t = trials[i];
        if (!t.measured() || !base)
            continue;
        // The baseline against itself gives its capacity as every other row words it; it is not read twice.
        const std::optional<RunData> loaded = i == 0 ? std::nullopt : RunData::load(store, t.runId, &error);
        if (i > 0 && !loaded) {
            t.failure = error;
            continue;
        }
        const RunData* run = i == 0 ? &*base : &*loaded;
        RunAnalysis analysisA, analysisB;
        const RunComparison c = RunComparison::ofStored(store, *base, settings, *run,
            AnalysisSettings::ofRunOffline(*run), RunComparison::kDefaultMinEffectPercent, &analysisA, &analysisB);
        const Capacity& capacity = analysisB.curve.capacity;
        t.bound = capacity.bound;
        t.load = capacity.bound == Capacity::Bound::None ? kNaN : capacity.shown();
        t.capacity = c.capacityB;
        if (i == 0)
            continue;
        t.changePercent = c.capacityChangePercent;
        t.beyondNoise = c.capacitySignificant;
        t.why = c.capacityWhy;
        t.gate = RunGate::outcomeName(RunGate::of(c, run->summary).outcome);
        judgeQuality(store, trials.front(), t);
        if (!std::isnan(t.predicted) && t.predicted > 0) {
            if (t.predictedAtLeast && t.bound == Capacity::Bound::AtLeast)
                t.twinOffPercent = 0; // both at the top of the sweep: as far as it reaches, right
            else if (t.bound == Capacity::Bound::Between && (!t.predictedAtLeast || t.load < t.predicted)) {
                t.twinOffPercent = 100 * (t.load / t.predicted - 1);
                t.twinOffAtLeast = t.predictedAtLeast;
            }
        }
    }

    ranking.clear();
    for (qsizetype i = 0; i < trials.size(); ++i)
        if (trials[i].measured() && trials[i].bound != Capacity::Bound::None)
            ranking << int(i);
    // The highest capacity first; between equals, the one measured first (the baseline before any setting).
    std::stable_sort(ranking.begin(), ranking.end(), [this](int x, int y) {
        const Trial& a = trials[x];
        const Trial& b = trials[y];
        if (boundRank(a.bound) != boundRank(b.bound))
            return boundRank(a.bound) > boundRank(b.bound);
        return a.load > b.load;
    });

    flagToCopy.clear();
    const Trial& baseline = trials.front();
    if (ranking.isEmpty() || !baseline.measured()) {
        recommendation = baseline.measured()
            ? tr("No run of the experiment has a capacity to rank: loosen the targets or widen the sweep.")
            : tr("The baseline could not be measured (%1), so no setting can be judged against it.")
                  .arg(baseline.failure.isEmpty() ? tr("no run") : baseline.failure);
        return;
    }
    // A setting that can change answers is recommended only when they held; the fastest one whose answers did not
    // is named, with why.
    QString passedOver;
    qsizetype bestRank = 0;
    while (bestRank < ranking.size() && !trials[ranking[bestRank]].answersHold()) {
        const Trial& fast = trials[ranking[bestRank]];
        const QString why = bareVerdict(fast.qualityWhy);
        const QString reason = fast.quality == u"not asked" ? tr("its answers were not checked (%1)").arg(why)
            : fast.quality == u"fail"                       ? tr("its answers did not hold (%1)").arg(why)
                                      : tr("its answers could not be shown to hold (%1)").arg(why);
        passedOver += tr("%1 measured a capacity of %2, but is not recommended: %3. ")
                          .arg(fast.label(), fast.capacity, reason);
        ++bestRank;
    }
    if (bestRank == ranking.size()) {
        recommendation = passedOver + tr("Keep the baseline's settings.");
        return;
    }
    const Trial& best = trials[ranking[bestRank]];
    if (ranking[bestRank] == 0 && !passedOver.isEmpty()) {
        recommendation = tr("Otherwise keep the baseline's settings: no setting whose answers held beat its capacity "
                            "of %1.")
                             .arg(baseline.capacity);
    } else if (ranking[bestRank] == 0) {
        recommendation = trials.size() == 2
            ? tr("Keep the baseline's settings: the setting tried did not beat its capacity of %1.")
                  .arg(baseline.capacity)
            : tr("Keep the baseline's settings: none of the %1 settings tried beat its capacity of %2.")
                  .arg(trials.size() - 1)
                  .arg(baseline.capacity);
    } else if (best.beyondNoise && best.changePercent > 0) {
        flagToCopy = best.setting->flag();
        recommendation
            = tr("Start %1 with %2: capacity %3 against the baseline's %4 (%5, beyond noise).")
                  .arg(engine, flagToCopy, best.capacity, baseline.capacity, text::change(best.changePercent));
        if (best.setting->changesAnswers())
            recommendation += u' ' + tr("Its answers held: %1").arg(best.qualityWhy);
    } else {
        recommendation = tr("%1 measured the highest capacity, %2 against the baseline's %3, but not beyond noise "
                            "(%4): keep the baseline, or measure both again.")
                             .arg(best.label(), best.capacity, baseline.capacity, best.why);
    }
    recommendation = passedOver + recommendation;
}

QStringList Experiment::tableHeader() const
{
    return {tr("rank"), tr("setting"), tr("run"), tr("capacity"), tr("change"), tr("beyond noise?"),
        tr("twin predicted"), tr("answers"), tr("CI gate")};
}

QList<QStringList> Experiment::tableRows() const
{
    // By rank, the trials without a capacity after, in the order measured.
    QList<qsizetype> order;
    for (const int i : ranking)
        order << i;
    for (qsizetype i = 0; i < trials.size(); ++i)
        if (!order.contains(i))
            order << i;
    QList<QStringList> rows;
    for (const qsizetype i : order) {
        const Trial& t = trials[i];
        const qsizetype rank = ranking.indexOf(int(i));
        const QString noise = i == 0 ? tr("the baseline")
            : !t.measured()          ? tr("not measured: %1").arg(t.failure)
            : t.beyondNoise          ? tr("yes: %1").arg(t.why)
                                     : tr("no: %1").arg(t.why);
        const QString answers = i == 0
            ? (t.qualityPass >= 0 ? tr("asked (pass %1)").arg(t.qualityPass) : QStringLiteral("–"))
            : t.quality.isEmpty() ? tr("unchanged by this setting")
                                  : QStringLiteral("%1: %2").arg(t.quality, bareVerdict(t.qualityWhy));
        rows << QStringList {rank < 0 ? QStringLiteral("–") : QString::number(rank + 1), t.label(),
            t.runId < 0 ? QStringLiteral("–") : QString::number(t.runId),
            t.measured() ? t.capacity : QStringLiteral("–"), i == 0 ? QString() : text::change(t.changePercent), noise,
            i == 0 ? QString() : t.predictionChecked(), answers, i == 0 || t.gate.isEmpty() ? QString() : t.gate};
    }
    return rows;
}

QString Experiment::text() const
{
    // The quality column only where a setting could change the answers.
    const bool quality = std::any_of(trials.begin(), trials.end(), [](const Trial& t) { return !t.quality.isEmpty(); });
    const auto qualityCell = [](const Trial& t, qsizetype i) -> QString {
        if (i == 0)
            return t.qualityPass >= 0 ? QStringLiteral("pass %1").arg(t.qualityPass) : QStringLiteral("–");
        return t.quality.isEmpty() ? QStringLiteral("–") : t.quality;
    };
    QString out = QStringLiteral("%1 %2 %3 %4 %5 %6  ")
                      .arg(QStringLiteral("rank"), -4)
                      .arg(QStringLiteral("setting"), -22)
                      .arg(QStringLiteral("run"), 5)
                      .arg(QStringLiteral("capacity"), -20)
                      .arg(QStringLiteral("change"), 8)
                      .arg(QStringLiteral("twin predicted"), -30);
    if (quality)
        out += QStringLiteral("%1 ").arg(QStringLiteral("quality"), -14);
    out += QStringLiteral("beyond noise?\n");
    for (qsizetype i = 0; i < trials.size(); ++i) {
        const Trial& t = trials[i];
        const qsizetype rank = ranking.indexOf(int(i));
        const QString noise = i == 0 ? QStringLiteral("(the baseline)")
            : !t.measured()          ? QStringLiteral("not measured: ") + t.failure
            : t.beyondNoise          ? QStringLiteral("yes (%1)").arg(t.why)
                                     : QStringLiteral("no (%1)").arg(t.why);
        out += QStringLiteral("%1 %2 %3 %4 %5 %6  ")
                   .arg(rank < 0 ? QStringLiteral("–") : QString::number(rank + 1), -4)
                   .arg(t.label(), -22)
                   .arg(t.runId < 0 ? QStringLiteral("–") : QString::number(t.runId), 5)
                   .arg(t.measured() ? t.capacity : QStringLiteral("–"), -20)
                   .arg(i == 0 ? QString() : text::change(t.changePercent), 8)
                   .arg(i == 0 ? QString() : t.predictionChecked(), -30);
        if (quality)
            out += QStringLiteral("%1 ").arg(qualityCell(t, i), -14);
        out += noise + u'\n';
    }
    out += u'\n' + recommendation + u'\n';
    // The answers that held, with their numbers; those that did not are in the recommendation.
    for (const Trial& t : trials)
        if (!t.quality.isEmpty() && t.answersHold())
            out += tr("Quality of %1: %2").arg(t.label(), t.qualityWhy) + u'\n';
    return out
        + tr("Every trial is a stored run of experiment %1; running the same command again takes them as they are.")
              .arg(id)
        + u'\n';
}

QJsonObject Experiment::toJson() const
{
    QJsonArray list;
    for (qsizetype i = 0; i < trials.size(); ++i) {
        const Trial& t = trials[i];
        QJsonObject o {{QStringLiteral("setting"), t.setting ? QJsonValue(t.setting->engineArg()) : QJsonValue()},
            {QStringLiteral("flag"), t.setting ? QJsonValue(t.setting->flag()) : QJsonValue()},
            {QStringLiteral("run_id"), t.runId < 0 ? QJsonValue() : QJsonValue(t.runId)},
            {QStringLiteral("failure"), t.failure}, {QStringLiteral("capacity"), t.capacity},
            {QStringLiteral("capacity_load"), number(t.load)},
            {QStringLiteral("capacity_bound"), Capacity::boundName(t.bound)},
            {QStringLiteral("capacity_change_percent"), number(t.changePercent)},
            {QStringLiteral("beyond_noise"), t.beyondNoise}, {QStringLiteral("why"), t.why},
            {QStringLiteral("gate"), t.gate}, {QStringLiteral("twin_predicted_users"), number(t.predicted)},
            {QStringLiteral("twin_prediction"), t.prediction},
            {QStringLiteral("twin_predicted_at_least"), t.predictedAtLeast},
            {QStringLiteral("twin_fitted_to_run"), t.predictedFrom < 0 ? QJsonValue() : QJsonValue(t.predictedFrom)},
            {QStringLiteral("twin_off_percent"), number(t.twinOffPercent)},
            {QStringLiteral("twin_off_at_least"), t.twinOffAtLeast},
            {QStringLiteral("quality_pass"), t.qualityPass < 0 ? QJsonValue() : QJsonValue(t.qualityPass)},
            {QStringLiteral("quality"), t.quality.isEmpty() ? QJsonValue() : QJsonValue(t.quality)},
            {QStringLiteral("quality_why"), t.qualityWhy.isEmpty() ? QJsonValue() : QJsonValue(t.qualityWhy)},
            {QStringLiteral("rank"),
                ranking.contains(int(i)) ? QJsonValue(ranking.indexOf(int(i)) + 1) : QJsonValue()}};
        list.append(o);
    }
    return {{QStringLiteral("id"), id}, {QStringLiteral("engine"), engine}, {QStringLiteral("trials"), list},
        {QStringLiteral("recommendation"), recommendation},
        {QStringLiteral("flag"), flagToCopy.isEmpty() ? QJsonValue() : QJsonValue(flagToCopy)}};
}

} // namespace kp::core
