// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchrequest.h"
#include "core/plan/runoptions.h"
#include "core/quality/qualityverdict.h"
#include "core/quality/questionset.h"
#include "core/tune/experiment.h"
#include "core/tune/tunesetting.h"

#include <QElapsedTimer>
#include <QObject>

#include <optional>

class QEventLoop;

namespace kp::core {

class RunPipeline;
class RunStore;

/// What an experiment is asked to do: the server to launch (the baseline), the sweep and targets each trial is
/// measured with, the settings to try one at a time, the budget, and whether to ask the question set of a setting
/// that can change answers. `kneepoint tune`'s options and the window's Experiment dialog both fill one.
struct TuneRequest
{
    LaunchRequest launch;
    RunOptions sweep;
    QList<TuneSetting> settings;
    int maxTrials = 8;
    double maxMinutes = 0; ///< start no trial once this many minutes have passed; 0: no limit
    bool fresh = false; ///< measure every trial again rather than take those stored under the same experiment
    bool quality = true; ///< ask the question set of a setting that can change answers (and of the baseline)
    QString qualitySet; ///< a question set's file; empty: the bundled one
    double allowedDropPp = QualityVerdict::kDefaultAllowedDropPp;

    /// Whether any question set will be asked: quality is on and a setting can change answers.
    bool asksQuality() const;
    /// The launch `setting` makes: the baseline's, with what it says of the same flag replaced by the setting.
    LaunchRequest launchWith(const TuneSetting& setting) const;
    /// The experiment's name (Experiment::idOf): the same request makes the same one.
    QString experimentId() const;
    /// The same request as `kneepoint tune` arguments (after the word "tune"), for a person to repeat it: the
    /// launch's, then the sweep's that the window sets (product, shapes, users, requests, targets, percentile, quick),
    /// then the settings and the budget.
    QStringList arguments() const;
};

/// Runs one experiment (`kneepoint tune`, the window's Experiment dialog): checks every launch before the first
/// starts, then measures the baseline and each setting in turn on a server launched with it alone (started, proven,
/// swept, asked the question set when the setting can change answers, stopped and removed), refitting the twin to
/// each trial to choose the next, within the budget, and judges the whole.
///
/// run() blocks, running the launches and sweeps in event loops of its own, so it lives on a thread that may wait:
/// the command's, or a worker thread of the window's. cancel() (queued from another thread) stops the trial in
/// progress: its completed steps are kept, no further trial starts, and the server is stopped and removed.
///
/// A trial whose run had disturbed steps (Disturbance: another process slowed the server) is measured once more,
/// budget allowing, so that a busy machine is not taken for a worse setting.
class Tuner : public QObject
{
    Q_OBJECT
public:
    Tuner(const TuneRequest& request, RunStore& store, QObject* parent = nullptr);
    ~Tuner() override;

    /// What check() found.
    struct Checked
    {
        bool ok = false;
        bool usageError = false; ///< the request itself is wrong (a value that is not one): the command's usage
        QString refusal; ///< why nothing may start, naming the launch ("--parallel 8: …")
        QStringList lines; ///< the refused launch's checks, as kneepoint launch prints them
    };
    /// Loads the question set and checks every launch, the baseline's and each setting's (memory, allow-listed
    /// arguments, the runtime): a refused value costs no GPU time. Blocks for the checks (seconds at most).
    Checked check();
    /// Measures the experiment and judges it; check() must have passed. Blocks until it is done or cancelled.
    Experiment run();
    /// Whether cancel() stopped it.
    bool interrupted() const { return m_cancelled; }

public Q_SLOTS:
    /// Stops the launch or sweep in progress (completed steps are kept) and starts nothing more.
    void cancel();

Q_SIGNALS:
    /// A line of what happens, in sentences: the command prints it on stderr, the window in its log.
    void line(const QString& text);
    /// A trial starts (number 1 is the baseline); `total` counts the trials the budget allows at most.
    void trialStarted(int number, int total, const QString& label);
    /// A trial is measured (or failed, or was taken from the store).
    void trialFinished(const kp::core::Experiment::Trial& trial);

private:
    void measure(int launchIndex, Experiment::Trial& trial, int number, int total);
    bool launchAndSweep(const LaunchPreparation& prep, Experiment::Trial& trial);
    void askQuality(const QUrl& url, const QString& model, Experiment::Trial& trial);
    bool disturbed(qint64 runId, int* steps) const;
    bool withinBudget() const;

    TuneRequest m_request;
    RunStore& m_store;
    QString m_id;
    QList<LaunchPreparation> m_prepared; ///< the baseline's, then each setting's in the order of m_request.settings
    std::optional<QuestionSet> m_loadedSet;
    const QuestionSet* m_questionSet = nullptr;
    QHash<QString, Experiment::StoredTrial> m_stored;
    QElapsedTimer m_clock;
    QEventLoop* m_loop = nullptr; ///< the launch or sweep being waited for
    RunPipeline* m_pipeline = nullptr; ///< the sweep in progress
    bool m_cancelled = false;
};

} // namespace kp::core
