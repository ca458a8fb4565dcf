// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mainwindow/mainwindow.h"

#include "core/common/version.h"
#include "core/import/importformat.h"
#include "core/report/jsonreport.h"
#include "core/sim/simulatorprocess.h"
#include "core/store/runarchive.h"
#include "core/store/runstore.h"
#include "ui/compare/comparedialog.h"
#include "ui/history/runannotationdialog.h"
#include "ui/history/runhistorymodel.h"
#include "ui/history/runhistoryview.h"
#include "ui/launch/launchdialog.h"
#include "ui/lessons/lessonsdialog.h"
#include "ui/predict/predictdialog.h"
#include "ui/quality/qualityview.h"
#include "ui/report/reportcontroller.h"
#include "ui/report/reportexport.h"
#include "ui/report/reportfileview.h"
#include "ui/report/reportview.h"
#include "ui/run/liverunview.h"
#include "ui/run/runcontroller.h"
#include "ui/settings/newrundefaults.h"
#include "ui/settings/settingsdialog.h"
#include "ui/tune/experimentdialog.h"
#include "ui/tune/tunedialog.h"
#include "ui/wizard/connectionwizard.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUrl>

#include <algorithm>

namespace kp::ui {

using namespace kp::core;

MainWindow::MainWindow(const QString& databasePath, QWidget* parent)
    : QMainWindow(parent)
    , m_path(databasePath.isEmpty() ? SettingsDialog::databasePath() : databasePath)
    , m_history(new RunHistoryView(this))
    , m_stack(new QStackedWidget(this))
    , m_welcome(new QLabel(this))
    , m_report(new ReportView(this))
    , m_runs(new RunController(this))
    , m_reports(new ReportController(m_path, this))
    , m_quality(new QualityView(m_path, this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setWindowTitle(tr("Kneepoint"));
    m_live = new LiveRunView(m_runs, this);
    m_stack->setObjectName(QStringLiteral("mainStack"));
    m_welcome->setObjectName(QStringLiteral("welcomeLabel"));
    m_welcome->setAlignment(Qt::AlignCenter);
    m_welcome->setWordWrap(true);
    m_welcome->setTextFormat(Qt::RichText);
    m_welcome->setText(tr("<h2>Kneepoint</h2><p>How many users can your server really take?</p>"
                          "<p>Choose <b>New run</b> to measure a vLLM server, or <b>Demo run</b> to measure the "
                          "built-in simulated one. Stored runs are listed on the left.</p>"));
    m_stack->addWidget(m_welcome);
    m_stack->addWidget(m_report);
    m_stack->addWidget(m_live);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_history);
    splitter->addWidget(m_stack);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    // Speed and quality are the two halves of judging a change: a tab each.
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(splitter, tr("&Performance"));
    m_tabs->addTab(m_quality, tr("&Quality"));
    setCentralWidget(m_tabs);
    createActions();
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActions);

    QString error;
    m_store = RunStore::open(m_path, &error, QStringLiteral("gui"));
    if (!m_store)
        m_welcome->setText(
            tr("<h2>Kneepoint</h2><p>The run history could not be opened.</p><p>%1</p>").arg(error.toHtmlEscaped()));

    connect(m_history, &RunHistoryView::runSelected, this, &MainWindow::showRun);
    connect(m_history, &RunHistoryView::runSelected, this, &MainWindow::updateActions);
    connect(m_reports, &ReportController::resultReady, this, [this](const ReportResultPtr& result) {
        m_report->showResult(result, m_freshResult);
        m_freshResult = false;
        updateActions();
    });
    connect(m_reports, &ReportController::failed, this, [this](const QString& message) {
        m_report->showMessage(message);
        statusBar()->showMessage(message);
    });
    connect(m_report, &ReportView::settingsChanged, m_reports, &ReportController::setSettings);
    connect(m_report, &ReportView::lessonRequested, this, [this](const QString& id) { showLessons(id); });
    connect(m_runs, &RunController::started, this, [this] {
        m_stack->setCurrentWidget(m_live);
        updateActions();
    });
    connect(m_runs, &RunController::finished, this, [this](RunStatus status, const QString& reason) {
        m_statusRun = m_runs->runId();
        statusBar()->showMessage(
            reason.isEmpty() ? tr("Run %1 complete.").arg(m_statusRun) : tr("Run %1: %2").arg(m_statusRun).arg(reason));
        Q_UNUSED(status)
        // The question "stop it and quit?" no longer fits a run that has finished: say so, and ask only to quit.
        if (m_quitQuestion) {
            m_quitQuestion->setText(
                tr("The run finished while this question was open: every step is stored. Quit now?"));
        }
        runFinished(m_runs->runId());
    });

    refreshHistory();
    statusBar()->showMessage(tr("Runs are stored in %1").arg(QDir::toNativeSeparators(m_path)));
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    // A geometry saved on a larger screen, or 1280×800 at a scale factor of 2, must not open past this screen's edges.
    fitToScreen();
    if (!splitter->restoreState(settings.value(QStringLiteral("mainWindow/splitter")).toByteArray()))
        splitter->setSizes({260, width() - 260});
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    auto action = [this](const QString& text, const char* name, const QKeySequence& shortcut, auto slot) {
        auto* a = new QAction(text, this);
        a->setObjectName(QLatin1String(name));
        if (!shortcut.isEmpty())
            a->setShortcut(shortcut);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_newRun = action(tr("&New run…"), "newRunAction", QKeySequence::New, [this] { newRun(); });
    m_demo = action(tr("&Demo run"), "demoAction", QKeySequence(), [this] { startDemo(); });
    m_launch = action(tr("Start a &server…"), "launchAction", QKeySequence(), [this] { startServer(); });
    // Esc is pressed by accident (to close a menu or the quit question): stopping a benchmark asks first, the
    // answer No by default, so that a stray key never stores a cut-short run.
    m_stop = action(tr("&Stop run"), "stopAction", QKeySequence(Qt::Key_Escape), [this] {
        if (!m_runs->isRunning())
            return;
        QMessageBox question(QMessageBox::Question, tr("Stop run"),
            tr("Stop the run now? The step in progress is cancelled; the steps completed so far are kept."),
            QMessageBox::Yes | QMessageBox::No, this);
        question.setObjectName(QStringLiteral("stopQuestion"));
        question.setDefaultButton(QMessageBox::No);
        question.setEscapeButton(QMessageBox::No);
        if (question.exec() == QMessageBox::Yes && m_runs->isRunning())
            m_runs->stop();
    });
    m_compare = action(tr("&Compare runs…"), "compareAction", QKeySequence(), [this] { compareRuns(); });
    m_predict = action(tr("P&redict a setting…"), "predictAction", QKeySequence(), [this] { predictSetting(); });
    QAction* experiments
        = action(tr("E&xperiments…"), "experimentsAction", QKeySequence(), [this] { showExperiments(QString()); });
    m_export = action(tr("&Export report…"), "exportAction", QKeySequence(tr("Ctrl+E")), [this] { exportReport(); });
    m_exportRun
        = action(tr("Export run for another &machine…"), "exportRunAction", QKeySequence(), [this] { exportRun(); });
    m_print = action(tr("&Print report…"), "printAction", QKeySequence::Print, [this] { printReport(); });
    // Del only where the runs are listed: in the search field it deletes text.
    m_deleteRun = action(tr("&Delete run…"), "deleteRunAction", QKeySequence::Delete, [this] { deleteRun(); });
    m_deleteRun->setShortcutContext(Qt::WidgetShortcut);
    // F2, as a file manager renames: where the runs are listed, like Del.
    m_annotateRun = action(
        tr("&Name, tags and notes…"), "annotateRunAction", QKeySequence(Qt::Key_F2), [this] { annotateRun(); });
    m_annotateRun->setShortcutContext(Qt::WidgetShortcut);
    m_runAgain
        = action(tr("Run &again with these settings…"), "runAgainAction", QKeySequence(), [this] { runAgain(); });
    QAction* open = action(tr("&Open…"), "openAction", QKeySequence::Open, [this] {
        const QStringList paths
            = QFileDialog::getOpenFileNames(this, tr("Open a report, exported runs or another tool's results"),
                QString(), tr("Results (*.kpz *.json *.jsonl);;All files (*)"));
        if (!paths.isEmpty())
            openFiles(paths);
    });
    QAction* refresh = action(tr("&Refresh"), "refreshAction", QKeySequence::Refresh, [this] { refreshHistory(); });
    QAction* quit = action(tr("&Quit"), "quitAction", QKeySequence::Quit, [this] { close(); });
    QAction* lessons = action(tr("&Lessons"), "lessonsAction", QKeySequence::HelpContents, [this] { showLessons(); });
    QAction* about = action(tr("&About Kneepoint"), "aboutAction", QKeySequence(), [this] { showAbout(); });
    QAction* preferences = action(tr("S&ettings…"), "settingsAction", QKeySequence::Preferences, [this] {
        SettingsDialog dialog(this);
        dialog.exec();
    });

    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addActions({m_newRun, m_launch, m_demo, open});
    file->addSeparator();
    file->addActions({m_export, m_exportRun, m_print});
    file->addSeparator();
    file->addAction(preferences);
    file->addAction(quit);
    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addActions({m_stop, m_runAgain, m_compare, m_predict, experiments, refresh});
    run->addSeparator();
    run->addAction(m_annotateRun);
    run->addAction(m_deleteRun);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addActions({lessons, about});

    QToolBar* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tools->addActions({m_newRun, m_launch, m_demo, m_stop});
    tools->addSeparator();
    tools->addActions({m_compare, m_predict, m_export, m_print});
    tools->addSeparator();
    tools->addAction(lessons);
    m_history->addRunActions({m_runAgain, m_annotateRun, m_exportRun, m_compare, m_predict, m_deleteRun});
}

void MainWindow::updateActions()
{
    const bool running = m_runs->isRunning();
    m_newRun->setEnabled(!running);
    m_demo->setEnabled(!running);
    m_stop->setEnabled(running);
    // Each acts only where it can: a report on screen (not the Quality tab's passes) to export or print, two runs
    // to compare, one to fit the twin to; the tool tip says what is missing.
    const bool performance = m_tabs->currentWidget() != m_quality;
    const bool haveReport = performance && m_reports->current() && m_stack->currentWidget() == m_report;
    m_export->setEnabled(haveReport);
    m_print->setEnabled(haveReport);
    const qsizetype runs = m_history->model()->runs().size();
    m_compare->setEnabled(!running && runs >= 2);
    m_predict->setEnabled(!running && runs >= 1);
    m_compare->setToolTip(
        runs >= 2 ? tr("Compare two runs, beyond their noise") : tr("Compare needs two runs in the history"));
    m_predict->setToolTip(runs >= 1 ? tr("Predict what a server setting would change, from a measured run")
                                    : tr("Predict needs a measured run in the history"));
    const QString noReport = performance ? tr("Open a run's report first") : tr("The Quality tab has no report");
    m_export->setToolTip(haveReport ? tr("Export the report as Markdown, HTML, JSON or PDF") : noReport);
    const qint64 selectedId = m_history->selectedRun();
    const bool selected = selectedId >= 0;
    m_exportRun->setEnabled(selected);
    const bool measuring = running && selectedId == m_runs->runId();
    m_deleteRun->setEnabled(selected && !measuring);
    m_deleteRun->setToolTip(measuring ? tr("The run in progress is kept; stop it first")
            : selected                ? tr("Delete the selected run and its requests from the history")
                                      : tr("Select a run in the history first"));
    m_annotateRun->setEnabled(selected);
    m_annotateRun->setToolTip(
        selected ? tr("Give the selected run a name, tags and notes") : tr("Select a run in the history first"));
    m_runAgain->setEnabled(selected && !running);
    m_runAgain->setToolTip(running ? tr("A run is in progress")
            : selected             ? tr("The wizard, filled in with the selected run's settings")
                                   : tr("Select a run in the history first"));
    m_exportRun->setToolTip(selected ? tr("Write the selected run, with every request, to a file that Kneepoint opens "
                                          "on another machine")
                                     : tr("Select a run in the history first"));
    m_print->setToolTip(haveReport ? tr("Print the report") : noReport);
}

void MainWindow::refreshHistory()
{
    if (!m_store)
        return;
    QString error;
    const QList<RunSummary> runs = m_store->runs(&error);
    if (!error.isEmpty())
        statusBar()->showMessage(error);
    m_history->setRuns(runs);
    updateActions();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_firstShow)
        return;
    m_firstShow = false;
    // Placed now, where the window system has given it a frame and a screen.
    fitToScreen();
    // The first start opens on a demo: with nothing stored, measuring the simulator shows what Kneepoint does.
    QSettings settings;
    const bool firstStart = !settings.value(QStringLiteral("demoOffered")).toBool();
    if (firstStart && m_store && m_store->runs().isEmpty() && qEnvironmentVariableIntValue("KNEEPOINT_NO_DEMO") != 1) {
        settings.setValue(QStringLiteral("demoOffered"), true);
        QTimer::singleShot(0, this, &MainWindow::startDemo);
    } else if (!m_history->model()->runs().isEmpty()) {
        // Where the last session left this history, else its newest run.
        const bool sameHistory = settings.value(QStringLiteral("mainWindow/history")).toString() == m_path;
        const qint64 last = sameHistory ? settings.value(QStringLiteral("mainWindow/run"), -1).toLongLong() : -1;
        if (last < 0 || !m_history->selectRun(last))
            m_history->selectRun(m_history->model()->runs().front().id);
        if (sameHistory)
            m_tabs->setCurrentIndex(settings.value(QStringLiteral("mainWindow/tab"), 0).toInt());
    }
}

void MainWindow::showRun(qint64 id)
{
    if (m_runs->isRunning() && id == m_runs->runId())
        return; // the live view shows it
    m_stack->setCurrentWidget(m_report);
    if (id != m_statusRun) {
        statusBar()->clearMessage();
        m_statusRun = -1;
    }
    m_report->showMessage(tr("Reading run %1…").arg(id));
    m_freshResult = true;
    m_reports->showRun(id);
    updateActions();
}

void MainWindow::newRun(const RunOptions& preset)
{
    // Window-modal rather than exec(): the window keeps painting, and a test can drive the wizard.
    auto* wizard = new ConnectionWizard(this);
    // A run repeated starts from its own options; a new one from Settings' defaults and where the last one was.
    if (!preset.url.isEmpty())
        wizard->setOptions(preset);
    else
        wizard->startFrom(NewRunDefaults::load());
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    connect(wizard, &ConnectionWizard::simulatedServerRequested, this,
        [this, wizard](const QString& gpu) { startSimulatorFor(wizard, gpu); });
    // A simulator started for a wizard that was cancelled serves nobody.
    connect(wizard, &QDialog::rejected, this, [this] {
        if (!m_runs->isRunning())
            stopSimulator();
    });
    connect(wizard, &QDialog::accepted, this, [this, wizard] {
        NewRunDefaults::remember(wizard->options());
        if (!m_runs->start(wizard->options(), wizard->apiKey(), m_path))
            statusBar()->showMessage(tr("A run is already in progress."));
        updateActions();
    });
    wizard->open();
}

void MainWindow::startSimulatorFor(ConnectionWizard* wizard, const QString& gpuId)
{
    // The demo's simulator serves its run; a second one would only compete with it for this machine.
    if (m_runs->isRunning()) {
        wizard->useSimulatedServer({}, tr("a run is in progress; try again when it has ended."));
        return;
    }
    stopSimulator(); // one asked for earlier, perhaps for another GPU
    auto* simulator = new SimulatorProcess(this);
    m_simulator = simulator;
    connect(simulator, &SimulatorProcess::listening, wizard,
        [wizard](const QUrl& url) { wizard->useSimulatedServer(url, QString()); });
    connect(
        simulator, &SimulatorProcess::failed, this, [this, simulator, wizard = QPointer(wizard)](const QString& error) {
            if (wizard)
                wizard->useSimulatedServer({}, error);
            if (m_simulator == simulator)
                stopSimulator();
        });
    simulator->start({QStringLiteral("--speed"), QStringLiteral("10"), QStringLiteral("--gpu"),
        gpuId.isEmpty() ? QStringLiteral("h100-sxm") : gpuId});
}

void MainWindow::stopSimulator()
{
    if (!m_simulator)
        return;
    m_simulator->stop();
    m_simulator->deleteLater();
    m_simulator = nullptr;
}

void MainWindow::startServer()
{
    // One launch at a time, kept while the window lives: closing the dialog stops and removes its server.
    if (!m_launchDialog) {
        m_launchDialog = new LaunchDialog(this);
        connect(m_launchDialog, &LaunchDialog::benchmarkRequested, this,
            [this](const QUrl& url, const QString& gpu, int gpus) {
                RunOptions preset;
                preset.url = url;
                preset.gpu = gpu;
                preset.gpuCount = gpus;
                newRun(preset);
            });
        connect(m_launchDialog, &LaunchDialog::experimentRequested, this, &MainWindow::findBestSetting);
    }
    m_launchDialog->show();
    m_launchDialog->raise();
    m_launchDialog->activateWindow();
}

void MainWindow::findBestSetting(const LaunchRequest& launch)
{
    // One experiment at a time: a second would launch on the same port. A finished one's dialog makes way.
    if (m_tuneDialog && m_tuneDialog->isRunning()) {
        m_tuneDialog->show();
        m_tuneDialog->raise();
        m_tuneDialog->activateWindow();
        return;
    }
    delete m_tuneDialog;
    m_tuneDialog = new TuneDialog(m_path, launch, this);
    connect(m_tuneDialog, &TuneDialog::runStored, this, [this] { refreshHistory(); });
    connect(m_tuneDialog, &TuneDialog::showExperiment, this, &MainWindow::showExperiments);
    m_tuneDialog->show();
}

void MainWindow::showExperiments(const QString& id)
{
    ExperimentDialog dialog(m_path, this, id);
    connect(&dialog, &ExperimentDialog::openRun, this, [this, &dialog](qint64 run) {
        m_history->selectRun(run);
        dialog.accept();
    });
    dialog.exec();
}

void MainWindow::startDemo()
{
    if (m_runs->isRunning() || m_simulator)
        return;
    m_simulator = new SimulatorProcess(this);
    statusBar()->showMessage(tr("Starting the built-in simulated vLLM server…"));
    connect(m_simulator, &SimulatorProcess::listening, this, [this](const QUrl& url) {
        statusBar()->showMessage(tr("Measuring the simulated server at %1").arg(url.toString()));
        m_runs->start(RunOptions::demoRun(url), QByteArray(), m_path);
        updateActions();
    });
    connect(m_simulator, &SimulatorProcess::failed, this, [this](const QString& error) {
        QMessageBox::warning(this, tr("Demo"), tr("The demo could not start: %1").arg(error));
        stopSimulator();
    });
    m_simulator->start({QStringLiteral("--speed"), QStringLiteral("10")});
}

QString MainWindow::openFiles(const QStringList& paths)
{
    QStringList imports;
    QString message;
    for (const QString& path : paths) {
        // The open database itself is not read here: closing a QFile on it would drop the SQLite locks of this
        // window's connections. The import below refuses it with a sentence.
        if (RunStore::isOpenInProcess(path)) {
            imports << path;
            continue;
        }
        if (RunArchive::isArchive(path)) {
            message = importArchive(path);
            continue;
        }
        QFile file(path);
        // A report of our own is shown as it is: it carries the analysis, not the requests to analyse again.
        const QJsonObject report = file.open(QIODevice::ReadOnly) && file.size() < 64 * 1024 * 1024
            ? QJsonDocument::fromJson(file.readAll()).object()
            : QJsonObject();
        if (const std::optional<JsonReport::Source> source = JsonReport::sourceOf(report)) {
            const qint64 id = source->runId;
            // The same run in this window's history (same id, same start): show it there, whole, with what-if.
            const QList<RunSummary> stored = m_store ? m_store->runs() : QList<RunSummary>();
            const bool here = std::any_of(stored.cbegin(), stored.cend(),
                [&](const RunSummary& r) { return r.id == id && r.startedUtc == source->started; });
            if (here && m_history->selectRun(id)) {
                message = tr("%1 is the report of run %2 of this run history: it is shown from the stored run, "
                             "with what-if and export.")
                              .arg(QFileInfo(path).fileName())
                              .arg(id);
                statusBar()->showMessage(message);
                continue;
            }
            auto* view = new ReportFileView(report, QDir::toNativeSeparators(path), this);
            view->setAttribute(Qt::WA_DeleteOnClose);
            view->show();
            message = tr("Opened %1, the report of run %2, read-only: it is not in this run history.")
                          .arg(QFileInfo(path).fileName())
                          .arg(id);
            statusBar()->showMessage(message);
        } else {
            imports << path;
        }
    }
    if (imports.isEmpty())
        return message;

    QString error;
    std::optional<ImportedRun> run = readImportFiles(imports, &error);
    qint64 id = -1;
    if (run && m_store) {
        run->finish();
        id = run->store(run->runInfo(QString()), *m_store, &error);
    } else if (run) {
        error = tr("the run history is not open.");
    }
    if (id < 0) {
        message = tr("Nothing was imported: %1").arg(error);
        warnNotOpened(message);
        return message;
    }
    message
        = tr("Imported %n step(s) from %1 as run %2.", nullptr, int(run->steps.size())).arg(run->sourceName).arg(id);
    statusBar()->showMessage(message);
    runFinished(id);
    return message;
}

void MainWindow::warnNotOpened(const QString& message)
{
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Open"), message, QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("openFailed"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

QString MainWindow::importArchive(const QString& path)
{
    QString error = tr("the run history is not open.");
    const std::optional<QList<RunArchive::Entry>> entries
        = m_store ? RunArchive::read(path, *m_store, &error) : std::nullopt;
    if (!entries) {
        QString message = tr("Nothing was imported: %1").arg(error);
        warnNotOpened(message);
        return message;
    }
    const QString name = QFileInfo(path).fileName();
    const RunArchive::Entry& last = entries->constLast();
    const qsizetype fresh
        = std::count_if(entries->begin(), entries->end(), [](const RunArchive::Entry& e) { return !e.alreadyStored; });
    QString message;
    if (entries->size() == 1)
        message = last.alreadyStored
            ? tr("Run %1 of %2 is in this history already, as run %3.").arg(last.archiveId).arg(name).arg(last.id)
            : tr("Imported run %1 of %2 as run %3.").arg(last.archiveId).arg(name).arg(last.id);
    else
        message = tr("Imported %n new run(s) of %1 from %2; the last is run %3.", nullptr, int(fresh))
                      .arg(entries->size())
                      .arg(name)
                      .arg(last.id);
    statusBar()->showMessage(message);
    runFinished(last.id);
    return message;
}

QString MainWindow::exportRunTo(const QString& path)
{
    const qint64 id = m_history->selectedRun();
    if (id < 0 || !m_store)
        return {};
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool written = RunArchive::write(*m_store, {id}, path, &error);
    QApplication::restoreOverrideCursor();
    if (!written) {
        QMessageBox::warning(this, tr("Export run"), error);
        return error;
    }
    QString message = tr("Wrote run %1 to %2: Kneepoint opens it on another machine (File › Open, or "
                         "kneepoint import).")
                          .arg(id)
                          .arg(QDir::toNativeSeparators(path));
    statusBar()->showMessage(message);
    offerWritten(path);
    return message;
}

void MainWindow::annotateRun()
{
    const qint64 id = m_history->selectedRun();
    if (id < 0 || !m_store)
        return;
    const int row = m_history->model()->rowOf(id);
    if (row < 0)
        return;
    const RunSummary& summary = m_history->model()->runs().at(row);
    const QString measured
        = tr("Run %1: %2, started %3, %4.")
              .arg(id)
              .arg(summary.model.isEmpty() ? summary.url : summary.model)
              .arg(QLocale().toString(
                  QDateTime::fromString(summary.startedUtc, Qt::ISODateWithMs).toLocalTime(), QLocale::ShortFormat))
              .arg(RunHistoryModel::statusText(summary));
    auto* dialog = new RunAnnotationDialog(id, measured, summary.annotation, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const qint64 run = dialog->runId();
        QString error;
        if (!m_store || !m_store->annotateRun(run, dialog->annotation(), &error)) {
            QMessageBox::warning(this, tr("Name, tags and notes"), error);
            return;
        }
        refreshHistory();
        // The report shown takes its new title and notes at once.
        if (m_stack->currentWidget() == m_report && m_reports->runId() == run)
            m_reports->showRun(run);
        statusBar()->showMessage(tr("Saved the name, tags and notes of run %1.").arg(run));
    });
    dialog->open();
}

void MainWindow::deleteRun()
{
    const qint64 id = m_history->selectedRun();
    if (id < 0 || !m_store || (m_runs->isRunning() && id == m_runs->runId()))
        return;
    const std::optional<StoredRun> run = m_store->run(id);
    if (!run)
        return;
    auto* question = new QMessageBox(QMessageBox::Question, tr("Delete run"),
        tr("Delete run %1 (%2, %3 requests, started %4)? Its requests go with it; reports exported from it stay.")
            .arg(id)
            .arg(run->summary.model.isEmpty() ? run->summary.url : run->summary.model)
            .arg(run->summary.requests)
            .arg(QLocale().toString(
                QDateTime::fromString(run->summary.startedUtc, Qt::ISODateWithMs).toLocalTime(), QLocale::ShortFormat)),
        QMessageBox::Yes | QMessageBox::No, this);
    question->setObjectName(QStringLiteral("deleteQuestion"));
    question->setDefaultButton(QMessageBox::No);
    question->setAttribute(Qt::WA_DeleteOnClose);
    connect(question, &QMessageBox::finished, this, [this, id](int answer) {
        if (answer != QMessageBox::Yes || !m_store)
            return;
        QString error;
        if (!m_store->deleteRun(id, &error)) {
            QMessageBox::warning(this, tr("Delete run"), error);
            return;
        }
        const bool shown = m_stack->currentWidget() == m_report && m_reports->runId() == id;
        refreshHistory();
        // The neighbour takes its place, as in a list of mail: the older run, else the newer.
        qint64 older = -1, newer = -1;
        for (const RunSummary& r : m_history->model()->runs()) {
            if (r.id < id)
                older = std::max(older, r.id);
            else if (newer < 0 || r.id < newer)
                newer = r.id;
        }
        const qint64 next = older >= 0 ? older : newer;
        if (!(next >= 0 && m_history->selectRun(next)) && shown)
            m_stack->setCurrentWidget(m_welcome);
        statusBar()->showMessage(tr("Deleted run %1.").arg(id));
        updateActions();
    });
    question->open();
}

void MainWindow::runAgain()
{
    const qint64 id = m_history->selectedRun();
    if (id < 0 || !m_store || m_runs->isRunning())
        return;
    const std::optional<StoredRun> run = m_store->run(id);
    if (!run)
        return;
    RunOptions preset = RunOptions::fromJson(run->info.options);
    // An imported run records no address of its own ("(server not recorded)").
    if (!preset.url.isValid() || preset.url.host().isEmpty()) {
        statusBar()->showMessage(tr("Run %1 has no server address to run against again (it was imported).").arg(id));
        return;
    }
    newRun(preset);
}

void MainWindow::exportRun()
{
    const qint64 id = m_history->selectedRun();
    if (id < 0)
        return;
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
        + QStringLiteral("/run-%1.%2").arg(id).arg(RunArchive::suffix());
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export run for another machine"), suggested, tr("Kneepoint runs (*.kpz)"));
    if (!path.isEmpty())
        exportRunTo(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && std::all_of(urls.begin(), urls.end(), [](const QUrl& u) { return u.isLocalFile(); }))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        paths << url.toLocalFile();
    event->acceptProposedAction();
    // After the drop returns: a warning shown inside the drop would hold the source application's drag.
    QTimer::singleShot(0, this, [this, paths] { openFiles(paths); });
}

void MainWindow::runFinished(qint64 runId)
{
    stopSimulator();
    refreshHistory();
    updateActions();
    if (runId >= 0 && m_history->selectRun(runId))
        return;
    if (runId >= 0)
        showRun(runId);
}

void MainWindow::exportReport()
{
    const ReportResultPtr result = m_reports->current();
    if (!result)
        return;
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + u'/'
        + ReportExport::suggestedName(*result) + QStringLiteral(".pdf");
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export report"), suggested, ReportExport::fileFilters());
    if (path.isEmpty())
        return;
    QString error;
    if (!ReportExport::save(*result, path, m_store.get(), &error))
        QMessageBox::warning(this, tr("Export report"), error);
    else
        offerWritten(path);
}

void MainWindow::offerWritten(const QString& path)
{
    if (!m_written) {
        // A permanent widget: a later status message does not hide the offer while it stands.
        m_written = new QLabel(this);
        m_written->setObjectName(QStringLiteral("writtenFile"));
        m_written->setTextFormat(Qt::RichText);
        m_written->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
        connect(m_written, &QLabel::linkActivated, this, [this](const QString& link) {
            const QFileInfo file(m_writtenPath);
            QDesktopServices::openUrl(
                QUrl::fromLocalFile(link == u"folder" ? file.absolutePath() : file.absoluteFilePath()));
        });
        statusBar()->addPermanentWidget(m_written);
        m_writtenTimer = new QTimer(this);
        m_writtenTimer->setSingleShot(true);
        connect(m_writtenTimer, &QTimer::timeout, this, [this] {
            m_written->hide();
            m_writtenPath.clear();
        });
    }
    m_writtenPath = path;
    m_written->setText(tr("Wrote %1: <a href=\"open\">Open</a> · <a href=\"folder\">Show in folder</a>")
                           .arg(QFileInfo(path).fileName().toHtmlEscaped()));
    m_written->setToolTip(QDir::toNativeSeparators(path));
    m_written->show();
    m_writtenTimer->start(30'000);
}

void MainWindow::printReport()
{
    if (const ReportResultPtr result = m_reports->current())
        ReportExport::print(*result, this);
}

void MainWindow::compareRuns()
{
    if (!m_store)
        return;
    const QList<RunSummary> runs = m_store->runs();
    if (runs.size() < 2) {
        QMessageBox::information(this, tr("Compare runs"), tr("Comparing needs two stored runs."));
        return;
    }
    CompareDialog dialog(m_path, runs, this);
    dialog.exec();
}

void MainWindow::predictSetting()
{
    if (!m_store)
        return;
    const QList<RunSummary> runs = m_store->runs();
    if (runs.isEmpty()) {
        QMessageBox::information(this, tr("Predict a setting"), tr("Predicting needs a stored run to fit to."));
        return;
    }
    const ReportResultPtr shown = m_reports->current();
    PredictDialog dialog(m_path, runs, shown && shown->run ? shown->run->summary.id : runs.first().id, this);
    dialog.exec();
}

void MainWindow::showLessons(const QString& lessonId)
{
    LessonsDialog dialog(this);
    if (!lessonId.isEmpty())
        dialog.showLesson(lessonId);
    dialog.exec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Kneepoint"),
        tr("<b>Kneepoint %1</b><p>Benchmarks an OpenAI-compatible vLLM server, checks the numbers against what the "
           "GPU can physically do, and explains where it breaks.</p>")
            .arg(core::kneepointVersion()));
}

void MainWindow::fitToScreen()
{
    const QScreen* where = screen();
    if (!where)
        return;
    const QRect available = where->availableGeometry();
    // The frame (title bar, borders) is the window system's; what is left of the screen is the window's.
    const QSize frame = frameGeometry().size() - geometry().size();
    const QSize room = available.size() - frame;
    if (width() > room.width() || height() > room.height())
        resize(size().boundedTo(room));
    QRect placed = frameGeometry();
    if (!available.contains(placed)) {
        placed.moveLeft(std::clamp(
            placed.left(), available.left(), std::max(available.left(), available.right() - placed.width() + 1)));
        placed.moveTop(std::clamp(
            placed.top(), available.top(), std::max(available.top(), available.bottom() - placed.height() + 1)));
        move(placed.topLeft());
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // An experiment has a server up: quitting cancels the trial in progress and removes the server first (its
    // dialog waits for that as it goes), so it is asked, as closing the dialog is.
    if (m_tuneDialog && m_tuneDialog->isRunning()) {
        QMessageBox question(QMessageBox::Question, tr("Quit"),
            tr("An experiment is running. Stop it and quit? The trial in progress is cancelled (its completed steps "
               "are kept) and its server stopped and removed."),
            QMessageBox::Yes | QMessageBox::No, this);
        question.setObjectName(QStringLiteral("quitExperimentQuestion"));
        question.setDefaultButton(QMessageBox::No);
        if (question.exec() != QMessageBox::Yes || !m_tuneDialog) {
            event->ignore();
            return;
        }
        m_tuneDialog->stop();
    }
    if (m_runs->isRunning()) {
        // Asked without blocking the run's signals: a run that finishes meanwhile changes the question. The run is
        // held before its next step while the question is open, so that it does not go on measuring behind it; the
        // step in progress completes as measured.
        QMessageBox question(QMessageBox::Question, tr("Quit"),
            tr("A run is in progress. Stop it and quit? Completed steps are kept. The run waits before its next step "
               "until you answer."),
            QMessageBox::Yes | QMessageBox::No, this);
        question.setObjectName(QStringLiteral("quitQuestion"));
        m_quitQuestion = &question;
        m_runs->hold(true);
        const int answer = question.exec();
        m_quitQuestion = nullptr;
        if (answer != QMessageBox::Yes) {
            m_runs->hold(false);
            event->ignore();
            return;
        }
        if (m_runs->isRunning())
            m_runs->stop();
    }
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        settings.setValue(QStringLiteral("mainWindow/splitter"), splitter->saveState());
    // Where the user was, to open there next time: the run (of this history only) and the tab.
    settings.setValue(QStringLiteral("mainWindow/history"), m_path);
    settings.setValue(QStringLiteral("mainWindow/run"), m_history->selectedRun());
    settings.setValue(QStringLiteral("mainWindow/tab"), m_tabs->currentIndex());
    event->accept();
}

} // namespace kp::ui
