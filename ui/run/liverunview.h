// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/runpipeline.h"
#include "core/server/serverfacts.h"
#include "core/store/runstore.h"

#include <QElapsedTimer>
#include <QList>
#include <QPointF>
#include <QStringList>
#include <QWidget>

#include <map>
#include <optional>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QLogValueAxis;
class QProgressBar;
class QPushButton;
class QTimer;
class QValueAxis;

namespace kp::ui {

class RunController;

/// A run as it happens: phase, a progress bar with the time left, the current step's figures, Stop, and charts that
/// grow as steps complete: the chosen percentile of TTFT and of TPOT against concurrency, each with its target, output
/// throughput against tail TTFT, and the server's KV cache usage and queue over time from /metrics.
///
/// Every figure is in the server's time (client measurements × the run's time scale). Incoming points are buffered
/// and the charts redrawn at most ten times a second, with animations off, so that a fast stream of samples never
/// holds up the event loop.
class LiveRunView : public QWidget
{
    Q_OBJECT
public:
    /// Shows the runs of `controller`, which must outlive the view; each start() clears the view.
    explicit LiveRunView(RunController* controller, QWidget* parent = nullptr);
    ~LiveRunView() override;

    /// Empties the charts and figures.
    void clear();

protected:
    void changeEvent(QEvent* event) override;

private:
    void onStarted();
    void onRunCreated(qint64 runId, double timeScale);
    void onStageChanged(kp::core::RunStage stage, const QString& detail);
    /// The plan sized after the baseline: said under the progress bar, and asked about when it is over an hour.
    void onPlanSized(const QString& sentence, double seconds, bool held);
    void onProgress(int stepsDone, int stepsTotal, double elapsedSeconds, double remainingSeconds, const QString& what);
    void onStepPlanned(int plannedRequests, double estimatedSeconds, bool timed);
    /// Once a second within a step: its requests done of those planned, its time so far, and the time left counted
    /// down (from the requests' pace once one has ended), so that nothing stands still for a minute.
    void showStepProgress();
    void stopStepProgress();
    /// The note under the charts: the simulator's speed, then the latest of each stage that changed the run's course.
    void showNotes();
    void onStepFinished(const core::RunPipeline::StepOutcome& outcome);
    void onMetricsSampled(const core::MetricsSample& sample);
    void onRequestsMeasured(const QList<core::RequestDot>& dots);
    /// Says that no request has ended for a while, and how long a request may take; gone when one ends.
    void onQuiet(int seconds, int timeoutSeconds);
    void onFinished(core::RunStatus status, const QString& reason);
    void onStopClicked();

    void createCharts();
    void applyTheme();
    void setUpAxes();
    void scheduleFlush();
    void flushCharts();
    void showThroughputTip(const QPointF& point, bool state);
    QString durationText(double seconds) const;
    QString phaseText(core::Phase phase) const;
    QString percentileName() const;

    RunController* m_controller;
    QLabel* m_titleLabel = nullptr;
    QLabel* m_phaseLabel = nullptr;
    QLabel* m_noteLabel = nullptr;
    QLabel* m_quietLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_stopButton = nullptr;
    QLabel* m_serverFigures = nullptr;
    QLabel* m_stepFigures = nullptr;

    /// One latency metric against the concurrency of the sweep's steps, with its target.
    struct LatencyChart
    {
        QChartView* view = nullptr;
        QLogValueAxis* loadAxis = nullptr;
        QValueAxis* valueAxis = nullptr;
        QLineSeries* series = nullptr;
        QLineSeries* target = nullptr;
        QList<QPointF> points; ///< shown at the next flush
    };
    LatencyChart makeLatencyChart(const QString& metric, const QString& title, const QString& accessibleName);
    void setUpLatencyChart(LatencyChart& chart, const QString& metric, const std::optional<double>& target);
    void flushLatencyChart(LatencyChart& chart, const std::optional<double>& target);

    LatencyChart m_ttft;
    LatencyChart m_tpot;

    QChartView* m_throughputView = nullptr;
    QValueAxis* m_tailAxis = nullptr;
    QValueAxis* m_tokensAxis = nullptr;
    QLineSeries* m_throughputSeries = nullptr;
    QLineSeries* m_throughputTarget = nullptr;

    /// Every measured request as a dot, its TTFT at the time it ended, streaming in as the step runs.
    QChartView* m_requestsView = nullptr;
    QValueAxis* m_requestsTimeAxis = nullptr;
    QValueAxis* m_requestsTtftAxis = nullptr;
    QScatterSeries* m_requestsSeries = nullptr;
    QScatterSeries* m_failedSeries = nullptr;
    QLineSeries* m_requestsTarget = nullptr;
    QList<QPointF> m_requestPoints;
    QList<QPointF> m_failedPoints;
    qint64 m_requestsSeen = 0;

    QChartView* m_serverView = nullptr;
    QValueAxis* m_timeAxis = nullptr;
    QValueAxis* m_kvAxis = nullptr;
    QValueAxis* m_queueAxis = nullptr;
    QLineSeries* m_kvSeries = nullptr;
    QLineSeries* m_runningSeries = nullptr;
    QLineSeries* m_waitingSeries = nullptr;

    // What the other charts will show at the next flush; replace() hands each list over whole.
    QList<QPointF> m_throughputPoints;
    QStringList m_throughputLoads; ///< the load of each throughput point, for its tool tip
    QList<QPointF> m_kvPoints;
    QList<QPointF> m_runningPoints;
    QList<QPointF> m_waitingPoints;
    QTimer* m_flushTimer = nullptr;
    int m_stepsSeen = 0; ///< steps finished so far, the one in hand included
    /// The step in progress, as progress() and stepPlanned() named it.
    struct StepInHand
    {
        int done = 0; ///< steps before it
        int total = 0;
        QString what;
        double remainingAtStart = -1; ///< the run's time left when it began, itself included
        int plannedRequests = 0;
        double estimatedSeconds = -1;
        bool timed = false;
        qint64 requestsEnded = 0;
        QElapsedTimer clock;
    };
    StepInHand m_step;
    QTimer* m_stepTimer = nullptr;
    QString m_simulatedNote;
    std::map<core::RunStage, QString> m_stageNotes;
    QString m_stoppedStep; ///< "step 3 (concurrency, concurrency 8)" once the user cut one short
    bool m_dirty = false;
};

} // namespace kp::ui
