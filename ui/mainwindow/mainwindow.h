// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QAction;
class QLabel;
class QMessageBox;
class QStackedWidget;
class QTabWidget;

namespace kp::core {
struct LaunchRequest;
class RunStore;
class SimulatorProcess;
} // namespace kp::core

namespace kp::ui {

class ConnectionWizard;
class LaunchDialog;
class TuneDialog;
class LiveRunView;
class QualityView;
class ReportController;
class ReportView;
class RunController;
class RunHistoryView;

/// The main window: the run history on the left; on the right the report of the selected run with its what-if
/// panel, or the live view of a run in progress. New run opens the connection wizard; the first start, with no
/// runs stored, measures the built-in simulator as a demo (KNEEPOINT_NO_DEMO=1 turns that off).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// Opens the run store at `databasePath` (empty: $KNEEPOINT_DB, else the one chosen in Settings, else
    /// RunStore::defaultPath()).
    explicit MainWindow(const QString& databasePath = QString(), QWidget* parent = nullptr);
    ~MainWindow() override;

    RunHistoryView* history() const { return m_history; }
    ReportView* reportView() const { return m_report; }
    LiveRunView* liveView() const { return m_live; }
    QualityView* qualityView() const { return m_quality; }
    RunController* runController() const { return m_runs; }
    ReportController* reportController() const { return m_reports; }
    QString databasePath() const { return m_path; }

    /// Starts the demo: the built-in simulator as a child process, measured like a real server.
    void startDemo();
    /// Re-reads the run list.
    void refreshHistory();
    /// Opens what File > Open or a drop brings: a Kneepoint JSON report is shown, the runs of a Kneepoint archive
    /// (kneepoint export, Export run) and other tools' results (vllm bench serve, AIPerf, GuideLLM) are stored and
    /// the last selected. Returns what happened, as a sentence.
    QString openFiles(const QStringList& paths);
    /// Writes the selected run to `path` as an archive (RunArchive) for another machine; returns what happened, as a
    /// sentence, with a warning where it could not.
    QString exportRunTo(const QString& path);
    /// The file last written by Export (a report or a run), offered in the status bar to open or show in its
    /// folder; empty once that offer has gone.
    QString writtenFile() const { return m_writtenPath; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createActions();
    /// Shrinks and moves the window so that it lies within its screen's available area.
    void fitToScreen();
    void showRun(qint64 id);
    /// The connection wizard, filled in from `preset` where it says something.
    void newRun(const kp::core::RunOptions& preset = {});
    void startServer();
    /// Find the best setting for the server the Start a server dialog describes (a TuneDialog, one at a time).
    void findBestSetting(const core::LaunchRequest& launch);
    /// Run › Experiments, on experiment `id` (empty: the newest).
    void showExperiments(const QString& id);
    void runFinished(qint64 runId);
    /// Starts `kneepoint sim` for a wizard's "Simulated server", modelling `gpuId` (empty: an H100).
    void startSimulatorFor(ConnectionWizard* wizard, const QString& gpuId);
    /// Stops the simulator of the demo or of a wizard, if one runs.
    void stopSimulator();
    void exportReport();
    void exportRun();
    /// Asks, then deletes the selected run from the history; never the run in progress.
    void deleteRun();
    /// The selected run's name, tags and notes in a RunAnnotationDialog, stored when it is saved.
    void annotateRun();
    /// The wizard, filled in with the selected run's settings (its address, model, sweep and targets).
    void runAgain();
    QString importArchive(const QString& path);
    /// A warning that nothing was opened, left open without blocking (a drop must not hold its source).
    void warnNotOpened(const QString& message);
    void printReport();
    void compareRuns();
    void predictSetting();
    void showLessons(const QString& lessonId = QString());
    void showAbout();
    void updateActions();
    /// Says in the status bar that `path` was written, with links to open it and to show it in its folder.
    void offerWritten(const QString& path);

    QString m_path;
    std::unique_ptr<kp::core::RunStore> m_store;
    RunHistoryView* m_history;
    QStackedWidget* m_stack;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_welcome;
    ReportView* m_report;
    LiveRunView* m_live;
    RunController* m_runs;
    ReportController* m_reports;
    QualityView* m_quality;
    kp::core::SimulatorProcess* m_simulator = nullptr;
    QAction* m_newRun = nullptr;
    QAction* m_launch = nullptr;
    LaunchDialog* m_launchDialog = nullptr;
    TuneDialog* m_tuneDialog = nullptr;
    QAction* m_demo = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_export = nullptr;
    QAction* m_exportRun = nullptr;
    QAction* m_deleteRun = nullptr;
    QAction* m_annotateRun = nullptr;
    QAction* m_runAgain = nullptr;
    QAction* m_print = nullptr;
    QAction* m_compare = nullptr;
    QAction* m_predict = nullptr;
    bool m_firstShow = true;
    bool m_freshResult = false;
    /// The run the status bar's message is about, -1 for none: it is cleared when another run is shown, so that
    /// one run's "the sweep stops here" never sits under another's report.
    qint64 m_statusRun = -1;
    QPointer<QMessageBox> m_quitQuestion; ///< open while the user decides whether to stop a run and quit
    QLabel* m_written = nullptr; ///< "Open · Show in folder" for the file last exported, for a while
    QString m_writtenPath;
    QTimer* m_writtenTimer = nullptr;
};

} // namespace kp::ui
