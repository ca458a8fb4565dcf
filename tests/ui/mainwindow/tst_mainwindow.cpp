// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop application's whole flows, offscreen, against the simulator: the first-start demo, a run from the
// connection wizard, the report with a what-if slider, export, compare and the lessons.
#include "core/analysis/whatifscenario.h"
#include "core/cli/commandline.h"
#include "core/common/textformat.h"
#include "core/report/jsonreport.h"
#include "core/store/runstore.h"
#include "core/tune/experiment.h"
#include "support/ggufwriter.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"
#include "support/testsecret.h"
#include "ui/charts/specchartview.h"
#include "ui/compare/comparedialog.h"
#include "ui/history/runannotationdialog.h"
#include "ui/history/runhistorymodel.h"
#include "ui/history/runhistoryview.h"
#include "ui/launch/launchdialog.h"
#include "ui/lessons/lessonsdialog.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/predict/predictdialog.h"
#include "ui/quality/categorybars.h"
#include "ui/quality/qualityaskdialog.h"
#include "ui/quality/qualityview.h"
#include "ui/report/reportcontroller.h"
#include "ui/report/reportexport.h"
#include "ui/report/reportfileview.h"
#include "ui/report/reportview.h"
#include "ui/report/whatifpanel.h"
#include "ui/run/liverunview.h"
#include "ui/run/runcontroller.h"
#include "ui/settings/appearance.h"
#include "ui/settings/settingsdialog.h"
#include "ui/tune/experimentdialog.h"
#include "ui/tune/tunedialog.h"
#include "ui/wizard/connectionwizard.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QHeaderView>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSpontaneKeyEvent>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>
#include <QToolBar>
#include <QTranslator>
#include <QUrl>
#include <QWheelEvent>

using namespace kp::ui;
using namespace Qt::StringLiterals;

namespace {

void screenshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    QVERIFY(widget.grab().save(dir + QStringLiteral("/") + name + QStringLiteral(".png")));
}

// Two small demo runs through the command line, so the window opens on a history.
bool seedRuns(const QString& db)
{
    for (int i = 0; i < 2; ++i) {
        const KneepointResult r
            = runKneepoint({QStringLiteral("demo"), QStringLiteral("--db"), db, QStringLiteral("--concurrency"),
                               QStringLiteral("1,4,16"), QStringLiteral("--requests"), QStringLiteral("8")},
                120'000);
        if (r.code != 0) {
            qWarning("%s", qPrintable(r.err));
            return false;
        }
    }
    return true;
}

/// A stand-in docker (the fake engine, which runs the simulator in place of vLLM) first on PATH, with a free port and
/// a data folder of its own, for the Start a server tests; the environment is put back when it goes.
struct StandInDocker
{
    QTemporaryDir dir;
    QString calls;
    int port = 0;
    QByteArray oldPath = qgetenv("PATH");

    explicit StandInDocker(const QByteArray& simArgs = {})
    {
        const QString bin = dir.filePath(QStringLiteral("bin"));
        QDir().mkpath(bin);
        for (const char* name : {"docker", "nvidia-smi"})
            QFile::link(QStringLiteral(KNEEPOINT_FAKE_ENGINE), bin + u'/' + QString::fromLatin1(name));
        calls = dir.filePath(QStringLiteral("calls.jsonl"));
        qputenv("PATH", (bin + u':').toUtf8() + oldPath);
        qputenv("KNEEPOINT_FAKE_DOCKER_LOG", calls.toUtf8());
        qputenv("KNEEPOINT_FAKE_ENGINE_SIM_ARGS", simArgs);
        qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("HF_HOME", dir.filePath(QStringLiteral("hf")).toUtf8());
        qputenv("HF_HUB_OFFLINE", "1");
        qputenv("KNEEPOINT_NO_DEMO", "1");
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        port = probe.serverPort();
        probe.close();
    }
    ~StandInDocker()
    {
        qputenv("PATH", oldPath);
        for (const char* name : {"KNEEPOINT_FAKE_DOCKER_LOG", "KNEEPOINT_FAKE_ENGINE_SIM_ARGS", "XDG_DATA_HOME",
                 "HF_HOME", "HF_HUB_OFFLINE", "KNEEPOINT_NO_DEMO"})
            qunsetenv(name);
    }
    StandInDocker(const StandInDocker&) = delete;
    StandInDocker& operator=(const StandInDocker&) = delete;

    /// Fills the Start a server dialog for Llama 3.1 8B on an H100 at this port, pinned by digest.
    void fill(QDialog* dialog) const
    {
        dialog->findChild<QLineEdit*>(QStringLiteral("launchModel"))
            ->setText(QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
        dialog->findChild<QLineEdit*>(QStringLiteral("launchRevision"))->setText(QString(40, u'a'));
        dialog->findChild<QLineEdit*>(QStringLiteral("launchImage"))
            ->setText(QStringLiteral("vllm/vllm-openai@sha256:") + QString(64, u'b'));
        auto* gpu = dialog->findChild<QComboBox*>(QStringLiteral("launchGpu"));
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm")));
        dialog->findChild<QSpinBox*>(QStringLiteral("launchMaxModelLen"))->setValue(8192);
        dialog->findChild<QSpinBox*>(QStringLiteral("launchPort"))->setValue(port);
    }
    /// The times a server was removed (docker rm -f).
    qsizetype removals() const
    {
        QFile log(calls);
        return log.open(QIODevice::ReadOnly) ? log.readAll().count("\"rm\",\"-f\"") : 0;
    }
};

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A demo that did not complete says how it ended in the history, as `kneepoint runs` says it: a stopped demo read
    // "demo" there and "stopped" on the command line.
    void theHistorySaysHowADemoEnded()
    {
        kp::core::RunSummary run;
        run.demo = true;
        run.status = kp::core::RunStatus::Stopped;
        QCOMPARE(kp::ui::RunHistoryModel::statusText(run), QStringLiteral("demo, stopped"));
        run.status = kp::core::RunStatus::Complete;
        QCOMPARE(kp::ui::RunHistoryModel::statusText(run), QStringLiteral("demo"));
    }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("KneepointTest"));
        QSettings().clear();
        // KNEEPOINT_APPEARANCE=dark: the screenshot walk's dark pass.
        Appearance::applySaved();
    }

    void opensWithMenusAndAWelcome()
    {
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(dir.filePath(QStringLiteral("empty.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.windowTitle(), QStringLiteral("Kneepoint"));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("welcomeLabel"))->isVisible());
        for (const char* name : {"newRunAction", "demoAction", "stopAction", "compareAction", "exportAction",
                 "printAction", "lessonsAction", "aboutAction", "quitAction", "settingsAction"})
            QVERIFY2(window.findChild<QAction*>(QLatin1String(name)), name);
        QCOMPARE(window.menuBar()->actions().size(), 3);
        QVERIFY(!window.findChild<QAction*>(QStringLiteral("exportAction"))->isEnabled());
        QVERIFY(!window.findChild<QAction*>(QStringLiteral("stopAction"))->isEnabled());
        screenshot(window, QStringLiteral("mainwindow-empty"));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    void firstStartMeasuresTheDemo()
    {
        QTemporaryDir dir;
        QSettings().remove(QStringLiteral("demoOffered"));
        MainWindow window(dir.filePath(QStringLiteral("first.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* stack = window.findChild<QStackedWidget*>(QStringLiteral("mainStack"));
        QTRY_VERIFY_WITH_TIMEOUT(stack->currentWidget() == window.liveView(), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(window.runController()->runId() > 0, 30'000);
        screenshot(window, QStringLiteral("mainwindow-live"));
        // Quitting mid-run asks first, and holds the run before its next step until the question is answered: it
        // does not go on measuring behind the dialog. No lets it go on.
        bool asked = false, held = false;
        QSignalSpy stages(window.runController(), &RunController::stageChanged);
        QSignalSpy steps(window.runController(), &RunController::stepFinished);
        QTimer::singleShot(200, &window, [&] {
            auto* question = window.findChild<QMessageBox*>(QStringLiteral("quitQuestion"));
            asked = question != nullptr;
            if (!question)
                return;
            QTRY_VERIFY_WITH_TIMEOUT(std::any_of(stages.cbegin(), stages.cend(),
                                         [](const QList<QVariant>& p) {
                                             return p.value(0).value<kp::core::RunStage>() == kp::core::RunStage::Held;
                                         }),
                120'000);
            const qsizetype stepsHeld = steps.size();
            QTest::qWait(1500);
            QCOMPARE(steps.size(), stepsHeld);
            QVERIFY(window.runController()->isRunning());
            held = true;
            question->button(QMessageBox::No)->click();
        });
        window.close();
        QVERIFY(asked);
        QVERIFY(held);
        QVERIFY(window.isVisible());
        // Esc, the Stop action's key, asks too, No by default: a stray Esc stopped the demo and stored a "≥ 1 user".
        bool stopAsked = false;
        QTimer::singleShot(200, &window, [&] {
            auto* question = window.findChild<QMessageBox*>(QStringLiteral("stopQuestion"));
            stopAsked = question != nullptr;
            if (!question)
                return;
            QCOMPARE(question->defaultButton(), question->button(QMessageBox::No));
            question->button(QMessageBox::No)->click();
        });
        window.findChild<QAction*>(QStringLiteral("stopAction"))->trigger();
        QVERIFY(stopAsked);
        QVERIFY(window.runController()->isRunning());
        // The demo's whole sweep, then its report.
        QTRY_VERIFY_WITH_TIMEOUT(!window.runController()->isRunning(), 240'000);
        QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Run 1")),
            qPrintable(window.statusBar()->currentMessage()));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.reportView()->verdictText().startsWith(QStringLiteral("For your chat")), 60'000);
        QCOMPARE(window.history()->model()->rowCount(), 1);
        QCOMPARE(
            window.history()->model()->data(window.history()->model()->index(0, RunHistoryModel::Status)).toString(),
            QStringLiteral("demo"));
        // A second start does not measure again.
        MainWindow again(dir.filePath(QStringLiteral("first.sqlite")));
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QTest::qWait(200);
        QVERIFY(!again.runController()->isRunning());
    }

    void reportAnswersWhatIf()
    {
        QTemporaryDir dir;
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.history()->model()->rowCount(), 2);
        QVERIFY(window.history()->selectRun(2));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.reportView()->verdictText().startsWith(QStringLiteral("For your chat")), 30'000);
        QTRY_VERIFY(window.findChild<QAction*>(QStringLiteral("exportAction"))->isEnabled());
        // Another run's report opens at its top, wherever the last one was read.
        auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("reportScroll"));
        QVERIFY(scroll);
        QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
        scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
        auto* title = window.findChild<QLabel*>(QStringLiteral("reportTitle"));
        QVERIFY(title);
        QVERIFY(window.history()->selectRun(1));
        QTRY_VERIFY_WITH_TIMEOUT(title->text().startsWith(QStringLiteral("Kneepoint report: run 1\n")), 30'000);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        QVERIFY(window.history()->selectRun(2));
        QTRY_VERIFY_WITH_TIMEOUT(title->text().startsWith(QStringLiteral("Kneepoint report: run 2\n")), 30'000);
        const QString before = window.reportView()->capacityText();
        screenshot(window, QStringLiteral("mainwindow-report"));

        // Drag the TTFT target down to 10 ms: nothing holds any more.
        auto* slider = window.findChild<QSlider*>(QStringLiteral("whatIfTtft"));
        QVERIFY(slider);
        slider->setValue(0);
        QTRY_VERIFY_WITH_TIMEOUT(window.reportView()->capacityText() != before, 10'000);
        QVERIFY2(window.reportView()->capacityText().contains(QStringLiteral("below")),
            qPrintable(window.reportView()->capacityText()));
        QVERIFY2(window.reportView()->verdictText().contains(QStringLiteral("10 ms to the first token")),
            qPrintable(window.reportView()->verdictText()));
        // One figure, one value: the capacity card quotes the TTFT and the target the verdict quotes (it said
        // 34.3 against 10.3 ms, the round trip the target allows left in, beside the verdict's 34.0 and 10).
        const QRegularExpressionMatch quoted
            = QRegularExpression(QStringLiteral("was ([0-9.,]+ ms) at p99")).match(window.reportView()->verdictText());
        QVERIFY2(quoted.hasMatch(), qPrintable(window.reportView()->verdictText()));
        const QString bracket = window.findChild<QLabel*>(QStringLiteral("capacityBracket"))->text();
        QVERIFY2(
            bracket.contains(quoted.captured(1) + QStringLiteral(" against a target of 10 ms")), qPrintable(bracket));
        screenshot(window, QStringLiteral("mainwindow-whatif"));

        // Export what is shown, in two formats.
        const ReportResultPtr result = window.reportController()->current();
        QVERIFY(result);
        QString error;
        QVERIFY2(
            ReportExport::save(*result, dir.filePath(QStringLiteral("r.pdf")), nullptr, &error), qPrintable(error));
        QVERIFY2(
            ReportExport::save(*result, dir.filePath(QStringLiteral("r.html")), nullptr, &error), qPrintable(error));
        QFile html(dir.filePath(QStringLiteral("r.html")));
        QVERIFY(html.open(QIODevice::ReadOnly));
        QVERIFY(html.readAll().contains("10 ms to the first token"));
        // Every request, as kneepoint report --format requests-csv writes it: the same format table decides.
        QVERIFY(!ReportExport::save(*result, dir.filePath(QStringLiteral("r.requests.csv")), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("run store")), qPrintable(error));
        const auto store = kp::core::RunStore::open(window.databasePath(), &error, QStringLiteral("test-export"));
        QVERIFY2(store, qPrintable(error));
        QVERIFY2(ReportExport::save(*result, dir.filePath(QStringLiteral("r.requests.csv")), store.get(), &error),
            qPrintable(error));
        QFile requestsCsv(dir.filePath(QStringLiteral("r.requests.csv")));
        QVERIFY(requestsCsv.open(QIODevice::ReadOnly));
        const QList<QByteArray> rows = requestsCsv.readAll().split('\n');
        QVERIFY2(rows.value(0).startsWith("step,phase,load,request,"), rows.value(0).constData());
        QVERIFY2(rows.size() > 10, qPrintable(QString::number(rows.size())));
        QVERIFY(!ReportExport::save(*result, dir.filePath(QStringLiteral("r.docx")), nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral(".pdf")), qPrintable(error));

        // A target aimed exactly: typed into the slider's field, which moves the slider; then back to the run's own.
        auto* field = window.findChild<QDoubleSpinBox*>(QStringLiteral("whatIfTtftField"));
        QVERIFY(field);
        QCOMPARE(field->value(), 10.0); // where the slider put it
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, QStringLiteral("30"));
        QTest::keyClick(field, Qt::Key_Return);
        QCOMPARE(field->value(), 30.0);
        QCOMPARE(slider->value(), WhatIfPanel::positionOf(30, 10, 20'000));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.reportView()->verdictText().contains(QStringLiteral("30 ms to the first token")), 10'000);
        // Kept under a name: the panel lists it, and the command line asks it of the run by that name.
        auto* panel = window.findChild<WhatIfPanel*>();
        QVERIFY(panel->saveScenario(QStringLiteral("Tight chat")));
        auto* scenarios = panel->findChild<QComboBox*>(QStringLiteral("whatIfScenario"));
        QCOMPARE(scenarios->currentText(), QStringLiteral("Tight chat"));
        // The run's own GPU is not part of it: asked of a run on another GPU, it keeps that run's.
        QVERIFY2(scenarios->toolTip().startsWith(u"30 ms TTFT") && !scenarios->toolTip().contains(u" on the "),
            qPrintable(scenarios->toolTip()));
        // In this process: a kneepoint child would read another settings file (the test's organisation is not the
        // application's), where the window and the command line of one installation share one.
        const auto cli = [&db](const QStringList& args, QString* out, QString* err) {
            QTextStream o(out), e(err);
            const int code = kp::cli::CommandLine::standard().exec(
                QStringList {QStringLiteral("kneepoint")} + args + QStringList {QStringLiteral("--db"), db}, o, e);
            o.flush();
            e.flush();
            return code;
        };
        const QString runId = QString::number(window.history()->selectedRun());
        QString askedOut, askedErr;
        QCOMPARE(cli({QStringLiteral("show"), runId, QStringLiteral("--scenario"), QStringLiteral("tight CHAT"),
                         QStringLiteral("--json")},
                     &askedOut, &askedErr),
            0);
        QCOMPARE(QJsonDocument::fromJson(askedOut.toUtf8()).object()[u"settings"][u"ttft_ms"].toDouble(), 30.0);
        QString unknownOut, unknownErr;
        QCOMPARE(cli({QStringLiteral("show"), runId, QStringLiteral("--scenario"), QStringLiteral("loose")},
                     &unknownOut, &unknownErr),
            2);
        QVERIFY2(unknownErr.contains(u"the saved ones are: Tight chat"), qPrintable(unknownErr));
        auto* reset = window.findChild<QPushButton*>(QStringLiteral("whatIfReset"));
        QVERIFY(reset);
        reset->click();
        QTRY_COMPARE_WITH_TIMEOUT(window.reportView()->capacityText(), before, 10'000);
        QVERIFY(field->value() > 30);
        QCOMPARE(scenarios->currentIndex(), 0); // the run's own targets are no saved what-if
        // Chosen again from the list, the saved what-if is asked again.
        QVERIFY(panel->applyScenario(QStringLiteral("Tight chat")));
        QCOMPARE(field->value(), 30.0);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.reportView()->verdictText().contains(QStringLiteral("30 ms to the first token")), 10'000);
        reset->click();
        QTRY_COMPARE_WITH_TIMEOUT(window.reportView()->capacityText(), before, 10'000);
        kp::core::WhatIfScenario::remove(QStringLiteral("Tight chat"));
        // A target on the first answer token, off until asked for: this model does not think, so its first answer
        // is its first token, and 10 ms holds nowhere.
        auto* ttfoOn = panel->findChild<QCheckBox*>(QStringLiteral("whatIfTtfoOn"));
        auto* ttfoField = panel->findChild<QDoubleSpinBox*>(QStringLiteral("whatIfTtfoField"));
        QVERIFY(ttfoOn && ttfoField && !ttfoOn->isChecked() && !ttfoField->isEnabled());
        ttfoOn->click();
        QVERIFY(ttfoField->isEnabled());
        ttfoField->setValue(10);
        QTRY_VERIFY_WITH_TIMEOUT(window.reportView()->verdictText().contains(
                                     QStringLiteral("10 ms to the first answer token (after the thinking)")),
            10'000);
        QVERIFY2(window.reportView()->capacityText().contains(QStringLiteral("below")),
            qPrintable(window.reportView()->capacityText()));
        reset->click();
        QTRY_COMPARE_WITH_TIMEOUT(window.reportView()->capacityText(), before, 10'000);
        QVERIFY(!ttfoOn->isChecked());

        // Compare the two runs.
        CompareDialog compare(db, window.history()->model()->runs(), &window);
        compare.show();
        // Worked out off the GUI thread: the dialog is up at once and fills when the worker answers.
        QTRY_VERIFY_WITH_TIMEOUT(!compare.isBusy(), 30'000);
        QVERIFY(compare.metricRows() > 0);
        // Each tested row says why in words: how often chance would give the change, not "Holm-adjusted p".
        {
            const QAbstractItemModel* metrics
                = compare.findChild<QAbstractItemView*>(QStringLiteral("compareMetrics"))->model();
            for (int row = 0; row < metrics->rowCount(); ++row) {
                for (int column = 0; column < metrics->columnCount(); ++column) {
                    const QString cell = metrics->index(row, column).data().toString();
                    QVERIFY2(!cell.contains(u"Holm") && !cell.contains(u"p = "), qPrintable(cell));
                }
            }
        }
        // Behind the percentiles: every request of the run, sortable.
        auto* requests = window.findChild<QTableView*>(QStringLiteral("requestsTable"));
        QVERIFY(requests);
        QVERIFY(requests->model()->rowCount() > 0);
        QVERIFY2(compare.summary().startsWith(QStringLiteral("Capacity")), qPrintable(compare.summary()));
        // The server's facts are said before the latency rows, whether or not they differ.
        QVERIFY2(compare.summary().indexOf(QStringLiteral("The server"))
                < compare.summary().indexOf(QStringLiteral("latency comparisons")),
            qPrintable(compare.summary()));
        // And what a CI job's gate says of the pair, as `kneepoint compare --gate` says it.
        const KneepointResult gated
            = runKneepoint({QStringLiteral("compare"), QString::number(window.history()->model()->runs().at(1).id),
                QString::number(window.history()->model()->runs().at(0).id), QStringLiteral("--gate"),
                QStringLiteral("--json"), QStringLiteral("--db"), db});
        const QString sentence = QJsonDocument::fromJson(gated.out.toUtf8())
                                     .object()
                                     .value(u"gate")
                                     .toObject()
                                     .value(u"sentence")
                                     .toString();
        QVERIFY2(!sentence.isEmpty() && compare.summary().contains(u"\n\nAs a gate for CI, run ")
                && compare.summary().endsWith(sentence),
            qPrintable(compare.summary() + u"\n---\n" + gated.out));
        screenshot(compare, QStringLiteral("compare"));
        // Both runs on one Pareto frontier, and who holds it where, in words with the numbers.
        auto* tabs = compare.findChild<QTabWidget*>(QStringLiteral("compareTabs"));
        QVERIFY(tabs);
        // The two runs paired on TTFT, TPOT and throughput against load, opened first; both runs' points on each,
        // and a table row per shared load with the change and its interval.
        QCOMPARE(tabs->currentIndex(), 0);
        for (const char* name : {"compareTtft", "compareTpot", "compareThroughput"}) {
            auto* paired = compare.findChild<SpecChartView*>(QLatin1String(name));
            QVERIFY(paired);
            QCOMPARE(paired->spec().series.size(), std::size_t(2));
            QCOMPARE(paired->spec().series[0].points.size(), std::size_t(3)); // 1, 4 and 16 users
            QCOMPARE(paired->spec().tableRows.size(), std::size_t(3));
        }
        QCOMPARE(compare.findChild<SpecChartView*>(QStringLiteral("compareTtft"))->spec().rules.size(), std::size_t(1));
        tabs->setCurrentIndex(2);
        auto* pareto = compare.findChild<SpecChartView*>(QStringLiteral("comparePareto"));
        QVERIFY(pareto);
        QCOMPARE(pareto->spec().id, QStringLiteral("pareto"));
        QVERIFY(pareto->spec().series.size() >= 3); // run A, run B and the frontier
        auto* holders = compare.findChild<QLabel*>(QStringLiteral("compareParetoText"));
        QVERIFY(holders);
        QVERIFY2(holders->text().contains(QStringLiteral("holds the frontier")), qPrintable(holders->text()));
        screenshot(compare, QStringLiteral("compare-pareto"));

        // What would four places at once do? The twin of the shown run, fitted off the GUI thread.
        PredictDialog predict(db, window.history()->model()->runs(), -1, &window);
        predict.show();
        auto* places = predict.findChild<QSpinBox*>(QStringLiteral("predictMaxNumSeqs"));
        QVERIFY(places);
        places->setValue(4);
        QCOMPARE(predict.settings(), QStringList {QStringLiteral("max-num-seqs=4")});
        predict.findChild<QPushButton*>(QStringLiteral("predictButton"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!predict.isBusy(), 60'000);
        QVERIFY2(predict.resultText().contains(QStringLiteral("Its error on the run's own steps")),
            qPrintable(predict.resultText() + predict.findChild<QLabel*>(QStringLiteral("predictStatus"))->text()));
        QCOMPARE(predict.resultJson()[u"set"][u"max_num_seqs"].toInt(), 4);
        // The twin's error per figure it predicts, TPOT p99 among them, in the text and the JSON.
        QVERIFY2(predict.resultText().contains(QStringLiteral("; TPOT p99 ")), qPrintable(predict.resultText()));
        QVERIFY(predict.resultJson()[u"fit"][u"error"][u"tpot_p99"][u"steps"].toInt() > 1);
        screenshot(predict, QStringLiteral("predict"));

        LessonsDialog lessons(&window);
        lessons.show();
        QVERIFY(lessons.showLesson(QStringLiteral("kv-cache-and-preemption")));
        QCOMPARE(lessons.currentLesson(), QStringLiteral("kv-cache-and-preemption"));
        screenshot(lessons, QStringLiteral("lessons"));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    void wizardRunsAndReports()
    {
        // The server demands a key: the run only works if the typed key is sent, and it must be kept nowhere.
        const QByteArray key = testSecret("api-key");
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--api-key"),
                               QString::fromLatin1(key)},
                     &error),
            qPrintable(error));
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        auto window = std::make_unique<MainWindow>(dir.filePath(QStringLiteral("wizard.sqlite")));
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        window->findChild<QAction*>(QStringLiteral("newRunAction"))->trigger();
        ConnectionWizard* wizard = window->findChild<ConnectionWizard*>();
        QVERIFY(wizard);
        QTRY_VERIFY(wizard->isVisible());
        QTest::keyClicks(wizard->findChild<QLineEdit*>(QStringLiteral("apiKeyEdit")), QString::fromLatin1(key));
        QTest::keyClicks(wizard->findChild<QLineEdit*>(QStringLiteral("urlEdit")), sim.baseUrl());
        // Certificate checks can only be turned off for https, and are on unless the user says otherwise.
        QVERIFY(!wizard->findChild<QCheckBox*>(QStringLiteral("insecureCheck"))->isEnabled());
        QVERIFY(!wizard->options().insecure);
        QCOMPARE(wizard->options().maxErrorFraction, 0.2);
        QTest::mouseClick(wizard->findChild<QAbstractButton*>(QStringLiteral("detectButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->serverFacts().has_value(), 30'000);
        // A short plan, then Finish as the user would.
        kp::core::RunOptions options = wizard->options();
        options.concurrency = {1, 2};
        options.requestsPerStep = 4;
        options.shapes = {{256, 32}};
        options.stallTimeoutMs = 30'000;
        wizard->setOptions(options);
        QCOMPARE(wizard->findChild<QSpinBox*>(QStringLiteral("stallTimeoutSpin"))->value(), 30);
        wizard->accept();
        QTRY_VERIFY_WITH_TIMEOUT(window->runController()->runId() > 0, 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(!window->runController()->isRunning(), 120'000);
        QTRY_VERIFY_WITH_TIMEOUT(window->reportView()->verdictText().startsWith(QStringLiteral("For your")), 30'000);
        QCOMPARE(window->history()->model()->rowCount(), 1);
        {
            // The next New run starts where this one did: its address and levels, not its key.
            window->findChild<QAction*>(QStringLiteral("newRunAction"))->trigger();
            ConnectionWizard* next = nullptr;
            QTRY_VERIFY(next = [&window]() -> ConnectionWizard* {
                for (ConnectionWizard* w : window->findChildren<ConnectionWizard*>())
                    if (w->isVisible())
                        return w;
                return nullptr;
            }());
            QCOMPARE(next->options().url.toString(), sim.baseUrl());
            QCOMPARE(next->options().concurrency, (QList<int> {1, 2}));
            QVERIFY(next->apiKey().isEmpty());
            next->reject();
        }
        window->close();
        window.reset(); // closed: whatever it keeps is now on disk

        // The settings file and every file beside the database: no key.
        QSettings().sync();
        QStringList searched {QSettings().fileName()};
        for (const QString& name : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden))
            searched << dir.filePath(name);
        for (const QString& path : searched) {
            QFile file(path);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
            QVERIFY2(!file.readAll().contains(key), qPrintable(path));
        }
        QVERIFY(searched.size() >= 2);
        QSettings().remove(QStringLiteral("newRun")); // the next test's wizard starts from nothing
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    void settingsChooseTheDatabase()
    {
        qunsetenv("KNEEPOINT_DB");
        QTemporaryDir dir;
        const QString chosen = dir.filePath(QStringLiteral("chosen.sqlite"));
        {
            SettingsDialog dialog;
            auto* edit = dialog.findChild<QLineEdit*>(QStringLiteral("databaseEdit"));
            QVERIFY(edit);
            edit->setText(chosen);
            dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        }
        QCOMPARE(SettingsDialog::databasePath(), chosen);
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window;
        QCOMPARE(window.databasePath(), chosen);
        QSettings().remove(QStringLiteral("databasePath"));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Settings' "New runs start with" fills a new run's wizard: the traffic product, the targets, the percentile
    // and the GPU; the language is kept for the next start. "The product's" leaves a target to the product.
    void settingsSetWhatANewRunStartsWith()
    {
        QTemporaryDir dir;
        {
            SettingsDialog dialog;
            auto* product = dialog.findChild<QComboBox*>(QStringLiteral("defaultProductCombo"));
            product->setCurrentIndex(product->findData(QStringLiteral("rag")));
            dialog.findChild<QSpinBox*>(QStringLiteral("defaultTtftSpin"))->setValue(300);
            // 0 leaves the target to the product, and says what that is for the product chosen.
            QCOMPARE(dialog.findChild<QSpinBox*>(QStringLiteral("defaultTpotSpin"))->text(),
                QStringLiteral("the product's (%1 ms)")
                    .arg(QLocale().toString(
                        kp::core::RunOptions::defaultTargets(QStringLiteral("rag")).tpotMs.value_or(0))));
            auto* percentile = dialog.findChild<QComboBox*>(QStringLiteral("defaultPercentileCombo"));
            percentile->setCurrentIndex(percentile->findData(95.0));
            auto* gpu = dialog.findChild<QComboBox*>(QStringLiteral("defaultGpuCombo"));
            gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100-sxm")));
            auto* language = dialog.findChild<QComboBox*>(QStringLiteral("languageCombo"));
            language->setCurrentIndex(language->findData(QStringLiteral("de")));
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            screenshot(dialog, QStringLiteral("settings-new-runs"));
            dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        }
        QCOMPARE(SettingsDialog::language(), QStringLiteral("de"));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(dir.filePath(QStringLiteral("defaults.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("newRunAction"))->trigger();
        QTRY_VERIFY(window.findChild<ConnectionWizard*>());
        auto* wizard = window.findChild<ConnectionWizard*>();
        const kp::core::RunOptions o = wizard->options();
        QCOMPARE(o.product, QStringLiteral("rag"));
        QCOMPARE(o.slo.ttftMs, std::optional<double>(300));
        QCOMPARE(o.slo.tpotMs, kp::core::RunOptions::defaultTargets(QStringLiteral("rag")).tpotMs);
        QCOMPARE(o.percentile, 95.0);
        QCOMPARE(o.gpu, QStringLiteral("h100-sxm"));
        wizard->reject();
        // Back to the system's language and the built-in defaults: the next test starts from a clean slate.
        QSettings().remove(QStringLiteral("language"));
        QSettings().remove(QStringLiteral("newRun"));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // The Quality tab: a before pass at 90 % right and an after pass at 80 % fail the 1-point rule; the key typed
    // for the server is nowhere in the database; a malformed set asks nothing.
    void qualityTabComparesTwoPasses()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("quality.sqlite"));
        const QString key = QString::fromLatin1(testSecret("api-key"));
        auto answering = [&key](double accuracy) {
            return QStringList {QStringLiteral("--speed"), QStringLiteral("20"), QStringLiteral("--answer-accuracy"),
                QString::number(accuracy), QStringLiteral("--answer-seed"), QStringLiteral("1"),
                QStringLiteral("--api-key"), key};
        };
        SimProcess before;
        SimProcess after;
        QString error;
        QVERIFY2(before.start(answering(0.9), &error), qPrintable(error));
        QVERIFY2(after.start(answering(0.8), &error), qPrintable(error));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
        QVERIFY(tabs);
        tabs->setCurrentWidget(window.qualityView());
        // The tab reads the database on a thread of its own, and fills when it answers.
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy(), 10'000);
        // The empty tab says what to do first.
        QVERIFY2(window.qualityView()->verdictText().startsWith(u"No quality pass yet. Press <b>Ask the question set"),
            qPrintable(window.qualityView()->verdictText()));

        auto ask = [&](const SimProcess& sim, int role, const QString& setFile) {
            auto* dialog = new QualityAskDialog(db, &window);
            dialog->setUrl(sim.baseUrl());
            QTest::keyClicks(dialog->findChild<QLineEdit*>(QStringLiteral("qualityApiKey")), key);
            dialog->findChild<QComboBox*>(QStringLiteral("qualityRole"))->setCurrentIndex(role);
            if (!setFile.isEmpty())
                dialog->findChild<QLineEdit*>(QStringLiteral("qualitySetFile"))->setText(setFile);
            dialog->show();
            return dialog;
        };
        QualityAskDialog* first = ask(before, 0, QString());
        QVERIFY(first->findChild<QDoubleSpinBox*>(QStringLiteral("qualityAllowedDrop"))->isEnabled());
        QTest::mouseClick(first->findChild<QPushButton*>(QStringLiteral("qualityAskButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(first->result() == QDialog::Accepted, 120'000);
        // With a before pass alone, the tab says to ask again after the change.
        window.qualityView()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy(), 10'000);
        QVERIFY2(window.qualityView()->verdictText().contains(u"is a pass before the change. Make the change"),
            qPrintable(window.qualityView()->verdictText()));
        QualityAskDialog* second = ask(after, 1, QString());
        // The rule was set with the before pass: an after pass has none to give.
        QVERIFY(!second->findChild<QDoubleSpinBox*>(QStringLiteral("qualityAllowedDrop"))->isEnabled());
        QTest::mouseClick(second->findChild<QPushButton*>(QStringLiteral("qualityAskButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(second->result() == QDialog::Accepted, 120'000);

        window.qualityView()->refresh();
        QVERIFY(window.qualityView()->isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy(), 10'000);
        auto* verdict = window.qualityView()->findChild<QLabel*>(QStringLiteral("qualityVerdict"));
        QCOMPARE(verdict->accessibleDescription(), QStringLiteral("Fail"));
        QVERIFY2(verdict->text().contains(u"FAIL"), qPrintable(verdict->text()));
        auto* changed = window.qualityView()->findChild<QTableWidget*>(QStringLiteral("qualityChanged"));
        QVERIFY(changed->rowCount() > 10);
        // The test behind the verdict in words, not as a statistic's name and a p-value.
        const QString figures = window.qualityView()->findChild<QLabel*>(QStringLiteral("qualityFigures"))->text();
        QVERIFY2(figures.contains(u"by chance") && !figures.contains(u"McNemar") && !figures.contains(u" p = "),
            qPrintable(figures));
        // Each pass names the server it was asked of; accuracy per category is drawn beside the table.
        auto* passes = window.qualityView()->findChild<QTableWidget*>(QStringLiteral("qualityPasses"));
        QCOMPARE(passes->horizontalHeaderItem(3)->text(), QStringLiteral("Server"));
        const QStringList servers {passes->item(0, 3)->text(), passes->item(1, 3)->text()};
        for (const SimProcess* sim : {&before, &after}) {
            const QUrl url(sim->baseUrl());
            QVERIFY2(servers.contains(QStringLiteral("%1:%2").arg(url.host()).arg(url.port())),
                qPrintable(servers.join(u", ")));
        }
        auto* categoryChart = window.qualityView()->findChild<CategoryBars*>(QStringLiteral("qualityCategoryChart"));
        QVERIFY(categoryChart && categoryChart->isVisible());
        auto* categoryRows = window.qualityView()->findChild<QTableWidget*>(QStringLiteral("qualityCategories"));
        QVERIFY(categoryRows->rowCount() >= 2);
        QCOMPARE(int(categoryChart->rows().size()), categoryRows->rowCount());
        QCOMPARE(categoryChart->rows().front().category, categoryRows->item(0, 0)->text());
        // Every bar and its name is shown whole: the chart is as tall as its rows ask.
        QTRY_VERIFY_WITH_TIMEOUT(
            categoryChart->height() >= categoryChart->sizeHint().height(), 10'000); // once laid out
        screenshot(window, QStringLiteral("quality"));

        // A set with a broken line: the line is named and nothing more is stored.
        QFile broken(dir.filePath(QStringLiteral("broken.jsonl")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write(
            "{\"prompt\": \"2+2?\", \"answer\": \"4\", \"match\": \"number\", \"category\": \"arithmetic\"}\n"
            "{\"prompt\": \"3+3?\", \"answer\": \"6\", \"match\": \"sometimes\", \"category\": \"arithmetic\"}\n");
        broken.close();
        QualityAskDialog* third = ask(before, 0, broken.fileName());
        QTest::mouseClick(third->findChild<QPushButton*>(QStringLiteral("qualityAskButton")), Qt::LeftButton);
        auto* message = third->findChild<QLabel*>(QStringLiteral("qualityMessage"));
        QVERIFY2(message->text().contains(u"line 2"), qPrintable(message->text()));
        QVERIFY2(message->text().contains(u"not a clean question set"), qPrintable(message->text()));
        QCOMPARE(third->passId(), qint64(-1));
        screenshot(*third, QStringLiteral("quality-set-not-clean"));
        window.qualityView()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy(), 10'000);
        QCOMPARE(window.qualityView()->findChild<QTableWidget*>(QStringLiteral("qualityPasses"))->rowCount(), 2);

        // A server that answers but never rightly: the pass is stored, and the dialog says so before it closes.
        SimProcess wrong;
        QVERIFY2(wrong.start(answering(0), &error), qPrintable(error));
        QualityAskDialog* none = ask(wrong, 1, QString());
        QTest::mouseClick(none->findChild<QPushButton*>(QStringLiteral("qualityAskButton")), Qt::LeftButton);
        auto* warning = none->findChild<QLabel*>(QStringLiteral("qualityMessage"));
        QTRY_VERIFY_WITH_TIMEOUT(
            warning->text().startsWith(QStringLiteral("⚠ Stored as pass 3, but none of its")), 120'000);
        QVERIFY(none->isVisible());
        QCOMPARE(none->passId(), qint64(3));
        QVERIFY(!none->findChild<QPushButton*>(QStringLiteral("qualityAskButton"))->isEnabled());
        screenshot(*none, QStringLiteral("quality-none-right"));
        none->close();

        // A before pass against that server gets nothing right either. The list offers the newest passes first, the
        // broken one marked and not chosen; compared with it anyway, an after pass of 80% is not a PASS of +80
        // points: nothing was right before, so nothing is judged.
        QualityAskDialog* brokenBefore = ask(wrong, 0, QString());
        QTest::mouseClick(brokenBefore->findChild<QPushButton*>(QStringLiteral("qualityAskButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(brokenBefore->passId(), qint64(4), 120'000);
        brokenBefore->close();
        window.qualityView()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy(), 10'000);
        auto* beforeBox = window.qualityView()->findChild<QComboBox*>(QStringLiteral("qualityBefore"));
        auto* afterBox = window.qualityView()->findChild<QComboBox*>(QStringLiteral("qualityAfter"));
        QVERIFY(beforeBox && afterBox);
        QCOMPARE(beforeBox->itemData(0).toLongLong(), qint64(4));
        QVERIFY2(beforeBox->itemText(0).endsWith(u"(none right)"), qPrintable(beforeBox->itemText(0)));
        QCOMPARE(beforeBox->currentData().toLongLong(), qint64(1));
        QCOMPARE(afterBox->itemData(0).toLongLong(), qint64(3));
        beforeBox->setCurrentIndex(0);
        afterBox->setCurrentIndex(afterBox->findData(qint64(2)));
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy() && verdict->text().contains(u"pass 4"), 10'000);
        QCOMPARE(verdict->accessibleDescription(), QStringLiteral("Inconclusive"));
        QVERIFY2(verdict->text().contains(u"got none of the"), qPrintable(verdict->text()));

        // Deleting a pass: Delete in the list asks first, No by default, and No keeps it; Yes deletes it and its
        // answers, and the list and the pair follow.
        const auto answerDeleteQuestion = [this](QMessageBox::StandardButton answer, bool* asked) {
            QTimer::singleShot(0, this, [answer, asked] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                *asked = box && box->objectName() == u"deletePassQuestion" && box->defaultButton()
                    && box->standardButton(box->defaultButton()) == QMessageBox::No;
                if (box)
                    box->button(answer)->click();
            });
        };
        QCOMPARE(passes->rowCount(), 4);
        int brokenRow = -1;
        for (int row = 0; row < passes->rowCount(); ++row)
            brokenRow = passes->item(row, 0)->text() == u"4" ? row : brokenRow;
        QVERIFY(brokenRow >= 0);
        window.activateWindow(); // the ask dialogs had it
        QVERIFY(QTest::qWaitForWindowActive(&window));
        passes->setFocus();
        passes->selectRow(brokenRow);
        auto* deleteButton = window.qualityView()->findChild<QPushButton*>(QStringLiteral("deletePassButton"));
        QVERIFY(deleteButton && deleteButton->isEnabled());
        bool asked = false;
        answerDeleteQuestion(QMessageBox::No, &asked);
        QTest::keyClick(passes, Qt::Key_Delete);
        QVERIFY(asked);
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy(), 10'000);
        QCOMPARE(passes->rowCount(), 4);
        asked = false;
        answerDeleteQuestion(QMessageBox::Yes, &asked);
        QTest::mouseClick(deleteButton, Qt::LeftButton);
        QVERIFY(asked);
        QTRY_VERIFY_WITH_TIMEOUT(!window.qualityView()->isBusy() && passes->rowCount() == 3, 10'000);
        QCOMPARE(beforeBox->findData(qint64(4)), -1);
        QCOMPARE(beforeBox->currentData().toLongLong(), qint64(1));

        for (const QString& file : QStringList {db, db + QStringLiteral("-wal")}) {
            QFile raw(file);
            if (raw.open(QIODevice::ReadOnly))
                QVERIFY2(!raw.readAll().contains(key.toUtf8()), qPrintable(file));
        }
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Start a server: refused before anything starts when an argument is not allowed; otherwise checked, started
    // (a stand-in docker runs the simulator in place of vLLM), proven, handed to the wizard, then stopped and
    // removed when the dialog closes.
    void startAServerHandsOverToTheWizard()
    {
        const StandInDocker docker;
        const QString& calls = docker.calls;
        const int port = docker.port;
        MainWindow window(docker.dir.filePath(QStringLiteral("launch.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("launchAction"))->trigger();
        auto* dialog = window.findChild<LaunchDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        docker.fill(dialog);
        auto* engineArgs = dialog->findChild<QPlainTextEdit*>(QStringLiteral("launchEngineArgs"));

        // A refusal names the dialog's fields, not the command line's options (a window has no "--revision").
        auto* revision = dialog->findChild<QLineEdit*>(QStringLiteral("launchRevision"));
        const QString pinned = revision->text();
        revision->clear();
        dialog->check();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing() && !dialog->statusText().contains(u"Checking"), 30'000);
        QVERIFY2(dialog->statusText().startsWith(u"“Revision” is required") && !dialog->statusText().contains(u"--"),
            qPrintable(dialog->statusText()));
        auto* image = dialog->findChild<QLineEdit*>(QStringLiteral("launchImage"));
        const QString digest = image->text();
        revision->setText(pinned);
        image->setText(QStringLiteral("vllm/vllm-openai:latest"));
        dialog->check();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing() && !dialog->statusText().contains(u"Checking"), 30'000);
        QVERIFY2(dialog->statusText().contains(u"is not pinned by digest")
                && dialog->statusText().contains(u"“Allow an image without a digest”")
                && !dialog->statusText().contains(u"--allow-unpinned"),
            qPrintable(dialog->statusText()));
        image->setText(digest);

        engineArgs->setPlainText(QStringLiteral("--trust-remote-code=true"));
        dialog->check();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 30'000);
        QVERIFY2(
            dialog->statusText().contains(u"trust-remote-code"), qPrintable(dialog->statusText() + dialog->logText()));
        QVERIFY(!QFile::exists(calls)); // nothing was started

        // No daemon: "fits" is said of memory only, and the status says what to do.
        engineArgs->clear();
        qputenv("KNEEPOINT_FAKE_DOCKER_DAEMON", "down");
        dialog->check();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 30'000);
        QVERIFY2(dialog->statusText().contains(u"nothing can start: Docker's daemon does not answer"),
            qPrintable(dialog->statusText()));
        qunsetenv("KNEEPOINT_FAKE_DOCKER_DAEMON");

        dialog->check();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 30'000);
        QVERIFY2(dialog->statusText().contains(u"It fits and can start (Docker 27.1.1 answers.)"),
            qPrintable(dialog->statusText() + dialog->logText()));
        QVERIFY2(dialog->logText().contains(u"--ipc=host"), qPrintable(dialog->logText()));

        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("launchStart")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->serverUrl().isValid() && !dialog->serverUrl().isEmpty(), 60'000);
        QCOMPARE(dialog->serverUrl().port(), port);
        screenshot(*dialog, QStringLiteral("launch"));
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("launchBenchmark")), Qt::LeftButton);
        auto* wizard = window.findChild<ConnectionWizard*>();
        QVERIFY(wizard);
        QTRY_COMPARE(wizard->findChild<QLineEdit*>(QStringLiteral("urlEdit"))->text(), dialog->serverUrl().toString());
        QCOMPARE(wizard->options().gpu, QStringLiteral("h100-sxm"));
        wizard->reject();

        // Closing does not wait for the server to stop (docker stop takes its seconds): the window goes on, and
        // the launch stops and removes the server behind it.
        QElapsedTimer closing;
        closing.start();
        dialog->close();
        QVERIFY2(closing.elapsed() < 500, qPrintable(QString::number(closing.elapsed())));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 60'000);
        QVERIFY2(dialog->statusText().contains(u"stopped and removed"), qPrintable(dialog->statusText()));
        QFile log(calls);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray recorded = log.readAll();
        QVERIFY2(recorded.contains("\"rm\",\"-f\""), recorded.constData());
    }

    // The wizard's "Simulated server": Kneepoint's simulator starts for it, is detected like any server, and serves
    // the run; a cancelled wizard stops it, and so does the end of the run it served.
    void theWizardOffersTheSimulatedServer()
    {
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(dir.filePath(QStringLiteral("simulated-wizard.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const auto openWizard = [&window]() -> ConnectionWizard* {
            window.findChild<QAction*>(QStringLiteral("newRunAction"))->trigger();
            for (ConnectionWizard* w : window.findChildren<ConnectionWizard*>())
                if (w->isVisible())
                    return w;
            return nullptr;
        };
        const auto answers = [](const QUrl& url) {
            QTcpSocket socket;
            socket.connectToHost(url.host(), quint16(url.port()));
            return socket.waitForConnected(2000);
        };
        ConnectionWizard* wizard = openWizard();
        QVERIFY(wizard);
        auto* button = wizard->findChild<QPushButton*>(QStringLiteral("simulatedServerButton"));
        QVERIFY(button && button->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->serverFacts().has_value(), 30'000);
        const QUrl first = wizard->options().url;
        QVERIFY2(first.toString().startsWith(u"http://127.0.0.1:"), qPrintable(first.toString()));
        QCOMPARE(wizard->serverFacts()->timeScale.value_or(1), 10.0);
        QCOMPARE(wizard->options().gpu, QStringLiteral("h100-sxm")); // the GPU it models, as it reports it
        QVERIFY(button->isEnabled());
        screenshot(*wizard, QStringLiteral("wizard-simulated-server"));
        wizard->reject();
        QTRY_VERIFY_WITH_TIMEOUT(!answers(first), 10'000);

        wizard = openWizard();
        QVERIFY(wizard);
        QTest::mouseClick(wizard->findChild<QPushButton*>(QStringLiteral("simulatedServerButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->serverFacts().has_value(), 30'000);
        const QUrl second = wizard->options().url;
        kp::core::RunOptions options = wizard->options();
        options.concurrency = {1, 2};
        options.requestsPerStep = 4;
        options.shapes = {{64, 16}};
        wizard->setOptions(options);
        wizard->accept();
        QTRY_VERIFY_WITH_TIMEOUT(window.runController()->runId() > 0, 30'000);
        QVERIFY(answers(second)); // the wizard is gone; its server serves the run
        QTRY_VERIFY_WITH_TIMEOUT(!window.runController()->isRunning(), 120'000);
        QTRY_VERIFY_WITH_TIMEOUT(window.reportView()->verdictText().startsWith(QStringLiteral("For your")), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(!answers(second), 10'000);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Start a server without a GPU: the simulated runtime starts Kneepoint's own simulator for a catalog model on the
    // GPU chosen, proves it as any server, and hands it to the wizard; nothing of docker or vllm is asked.
    void startASimulatedServerWithoutAGpu()
    {
        const StandInDocker docker;
        MainWindow window(docker.dir.filePath(QStringLiteral("simulated.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("launchAction"))->trigger();
        auto* dialog = window.findChild<LaunchDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        auto* engine = dialog->findChild<QComboBox*>(QStringLiteral("launchEngine"));
        engine->setCurrentIndex(engine->findData(QStringLiteral("llamacpp")));
        auto* runtime = dialog->findChild<QComboBox*>(QStringLiteral("launchRuntime"));
        const int simulated = runtime->findData(QStringLiteral("simulated"));
        QVERIFY(simulated >= 0);
        runtime->setCurrentIndex(simulated);
        // The simulator stands in for vLLM alone, and has no image, executable or weights to pin; the dialog says
        // what starting it does, and no longer what a container's would.
        QCOMPARE(engine->currentData().toString(), QStringLiteral("vllm"));
        const QString explained = dialog->findChild<QLabel*>(QStringLiteral("launchExplain"))->text();
        QVERIFY2(explained.startsWith(u"Kneepoint's simulated vLLM starts on 127.0.0.1")
                && explained.contains(u"HF_TOKEN is not passed") && !explained.contains(u"digest"),
            qPrintable(explained));
        QVERIFY(!engine->isEnabled());
        for (const char* field : {"launchImage", "launchEngineCommand", "launchRevision", "launchGguf"})
            QVERIFY2(!dialog->findChild<QWidget*>(QLatin1String(field))->isEnabled(), field);
        dialog->findChild<QLineEdit*>(QStringLiteral("launchModel"))->setText(QStringLiteral("llama-3.1-8b"));
        auto* gpu = dialog->findChild<QComboBox*>(QStringLiteral("launchGpu"));
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("l4")));
        dialog->findChild<QSpinBox*>(QStringLiteral("launchMaxModelLen"))->setValue(8192);
        dialog->findChild<QSpinBox*>(QStringLiteral("launchPort"))->setValue(docker.port);

        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("launchStart")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->serverUrl().isValid() && !dialog->serverUrl().isEmpty(), 60'000);
        QVERIFY2(dialog->statusText().startsWith(u"Proven and ready"), qPrintable(dialog->statusText()));
        QVERIFY2(dialog->logText().contains(QStringLiteral(" sim --host 127.0.0.1 --port %1 --gpu l4 --model "
                                                           "meta-llama/Llama-3.1-8B-Instruct")
                                                .arg(docker.port)),
            qPrintable(dialog->logText()));
        QVERIFY2(dialog->logText().contains(u"Kneepoint's simulated vLLM"), qPrintable(dialog->logText()));
        screenshot(*dialog, QStringLiteral("launch-simulated"));
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("launchBenchmark")), Qt::LeftButton);
        auto* wizard = window.findChild<ConnectionWizard*>();
        QVERIFY(wizard);
        QTRY_COMPARE(wizard->findChild<QLineEdit*>(QStringLiteral("urlEdit"))->text(), dialog->serverUrl().toString());
        QCOMPARE(wizard->options().gpu, QStringLiteral("l4"));
        wizard->reject();
        dialog->close();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 60'000);
        QVERIFY2(dialog->statusText().contains(u"stopped and removed"), qPrintable(dialog->statusText()));
        QVERIFY(!QFile::exists(docker.calls)); // neither docker nor vllm was asked
    }

    // Find the best setting: the server filled in under Start a server, launched by the experiment once as it is and
    // once with each setting (a stand-in docker runs the simulator), each trial a run in the history; the table
    // opens in Run › Experiments; Stop ends a trial in progress and removes its server.
    void findTheBestSettingFromTheWindow()
    {
        const StandInDocker docker("--speed 20");
        MainWindow window(docker.dir.filePath(QStringLiteral("tune.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("launchAction"))->trigger();
        auto* launch = window.findChild<LaunchDialog*>();
        QVERIFY(launch && launch->isVisible());
        docker.fill(launch);
        // The baseline runs one sequence at a time.
        launch->findChild<QPlainTextEdit*>(QStringLiteral("launchEngineArgs"))
            ->setPlainText(QStringLiteral("--max-num-seqs=1"));
        QTest::mouseClick(launch->findChild<QPushButton*>(QStringLiteral("launchTune")), Qt::LeftButton);
        auto* tune = window.findChild<TuneDialog*>();
        QVERIFY(tune && tune->isVisible());

        // A setting that is not KEY=VALUES is said, and nothing starts.
        auto* settings = tune->findChild<QLineEdit*>(QStringLiteral("tuneSettings"));
        settings->setText(QStringLiteral("max-num-seqs"));
        tune->start();
        QVERIFY(!tune->isRunning());
        QVERIFY2(tune->statusText().contains(u"KEY=V1,V2"), qPrintable(tune->statusText()));
        settings->setText(QStringLiteral("max-num-seqs=8"));
        tune->findChild<QLineEdit*>(QStringLiteral("tuneUsers"))->setText(QStringLiteral("1,2,4"));
        tune->findChild<QSpinBox*>(QStringLiteral("tuneRequests"))->setValue(4);
        auto* percentile = tune->findChild<QComboBox*>(QStringLiteral("tunePercentile"));
        percentile->setCurrentIndex(percentile->findData(50.0));
        // The command that does the same is shown, and it is the one the experiment is named after.
        const QString command = tune->findChild<QLabel*>(QStringLiteral("tuneCommand"))->text();
        QVERIFY2(command.startsWith(u"Same as: kneepoint tune --engine vllm")
                && command.contains(u"--engine-arg --max-num-seqs=1")
                && command.contains(u"--concurrency 1,2,4 --requests 4 --slo-ttft-ms 500 --slo-tpot-ms 50 "
                                    u"--percentile 50 --try max-num-seqs=8"),
            qPrintable(command));

        QTest::mouseClick(tune->findChild<QPushButton*>(QStringLiteral("tuneStart")), Qt::LeftButton);
        QVERIFY(tune->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(tune->statusText().startsWith(u"Trial 1 of at most 2: baseline"), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(!tune->isRunning(), 240'000);
        QVERIFY2(tune->experiment() && tune->experiment()->trials.size() == 2, qPrintable(tune->logText()));
        for (const kp::core::Experiment::Trial& t : tune->experiment()->trials)
            QVERIFY2(t.measured(), qPrintable(t.failure + tune->logText()));
        QVERIFY2(tune->logText().contains(u"Trial 2 of 2: --max-num-seqs 8 (the twin fitted to run 1 predicts"),
            qPrintable(tune->logText()));
        QCOMPARE(tune->statusText(), tune->experiment()->recommendation);
        // Every trial is a run in the history, and the servers were removed.
        QTRY_COMPARE(window.history()->model()->rowCount(), 2);
        QCOMPARE(docker.removals(), 2);
        screenshot(*tune, QStringLiteral("tune"));

        // Show the table: Run › Experiments on this experiment, as kneepoint experiments ID prints it.
        const QString id = tune->experiment()->id;
        QTimer::singleShot(0, this, [id] {
            auto* experiments = qobject_cast<ExperimentDialog*>(QApplication::activeModalWidget());
            QVERIFY(experiments);
            QTRY_VERIFY_WITH_TIMEOUT(experiments->experiment(), 30'000);
            QCOMPARE(experiments->experiment()->id, id);
            experiments->reject();
        });
        QTest::mouseClick(tune->findChild<QPushButton*>(QStringLiteral("tuneShowTable")), Qt::LeftButton);

        // Stop: the trial in progress ends, its server is removed, and nothing else starts.
        tune->findChild<QLineEdit*>(QStringLiteral("tuneUsers"))->setText(QStringLiteral("1,2"));
        tune->start();
        QTRY_VERIFY_WITH_TIMEOUT(tune->logText().contains(u"Proven:"), 60'000);
        tune->stop();
        QTRY_VERIFY_WITH_TIMEOUT(!tune->isRunning(), 60'000);
        QVERIFY2(tune->statusText().startsWith(u"Stopped."), qPrintable(tune->statusText()));
        QCOMPARE(docker.removals(), 3);
        QVERIFY(tune->experiment()->trials.size() == 2 && !tune->experiment()->trials.at(1).measured());
        QCOMPARE(tune->experiment()->trials.at(1).failure, QStringLiteral("not tried: interrupted"));

        // Quitting while an experiment runs asks first; No keeps it running, Yes stops it and removes its server.
        tune->findChild<QLineEdit*>(QStringLiteral("tuneUsers"))->setText(QStringLiteral("1"));
        tune->start();
        QTRY_VERIFY_WITH_TIMEOUT(tune->logText().contains(u"Proven:"), 60'000);
        for (const QMessageBox::StandardButton answer : {QMessageBox::No, QMessageBox::Yes}) {
            QTimer::singleShot(0, this, [answer] {
                auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                QVERIFY(question && question->objectName() == u"quitExperimentQuestion");
                question->button(answer)->click();
            });
            window.close();
            if (answer == QMessageBox::No)
                QVERIFY(tune->isRunning() && window.isVisible());
        }
        QTRY_VERIFY_WITH_TIMEOUT(!tune->isRunning(), 60'000);
        QCOMPARE(docker.removals(), 4);
        tune->close();
        launch->close();
        // Quitting kept this window's size, splitter and tab for the next start: not for the next test's window.
        QSettings().remove(QStringLiteral("mainWindow"));
    }

    // File > Open and drops: other tools' results become a run, selected with its verdict; a Kneepoint JSON report
    // is shown; anything else is a sentence and stores nothing.
    void startALlamaCppServerFromAGgufFile()
    {
        // The same dialog starts llama.cpp: a GGUF file, no GPU, the context of all slots. Check runs the binary's
        // dry run, whose estimate reads the file.
        QTemporaryDir dir;
        const QString gguf = dir.filePath(QStringLiteral("test-llama.gguf"));
        QVERIFY(GgufWriter::llama().write(gguf));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(dir.filePath(QStringLiteral("llama.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("launchAction"))->trigger();
        auto* dialog = window.findChild<LaunchDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        auto* engine = dialog->findChild<QComboBox*>(QStringLiteral("launchEngine"));
        auto* gpu = dialog->findChild<QComboBox*>(QStringLiteral("launchGpu"));
        const int gpus = gpu->count();
        engine->setCurrentIndex(engine->findData(QStringLiteral("llamacpp")));
        // llama.cpp offers the CPU, first; vLLM does not.
        QCOMPARE(gpu->count(), gpus + 1);
        QCOMPARE(gpu->currentData().toString(), QString());
        dialog->findChild<QLineEdit*>(QStringLiteral("launchGguf"))->setText(gguf);
        auto* runtime = dialog->findChild<QComboBox*>(QStringLiteral("launchRuntime"));
        runtime->setCurrentIndex(runtime->findData(QStringLiteral("local")));
        dialog->findChild<QLineEdit*>(QStringLiteral("launchEngineCommand"))->setText(QStringLiteral("/bin/true"));
        dialog->findChild<QSpinBox*>(QStringLiteral("launchMaxModelLen"))->setValue(2048);
        const QStringList arguments = dialog->request().arguments();
        QVERIFY2(arguments.join(u' ').contains(QStringLiteral("--engine llamacpp --runtime local --gguf %1").arg(gguf)),
            qPrintable(arguments.join(u' ')));
        QVERIFY(!arguments.contains(QStringLiteral("--gpu")) && !arguments.contains(QStringLiteral("--model")));
        QVERIFY(arguments.contains(QStringLiteral("--ctx-size")));
        dialog->check();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 30'000);
        QVERIFY2(dialog->statusText().contains(u"It fits and can start (/bin/true is at /bin/true.)"),
            qPrintable(dialog->statusText() + dialog->logText()));
        QVERIFY2(dialog->logText().contains(u"Memory: test-llama (Q8_0 (9 tensors), F32 (3 tensors)) needs"),
            qPrintable(dialog->logText()));
        QVERIFY2(
            dialog->logText().contains(u"--alias test-llama --metrics --ctx-size 2048"), qPrintable(dialog->logText()));
        screenshot(*dialog, QStringLiteral("launch-llamacpp"));
        // Closed while Start's checks still run: nothing starts behind a window that is gone.
        dialog->startServer();
        dialog->close();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isServing(), 30'000);
        QVERIFY2(dialog->statusText().contains(u"Not started"), qPrintable(dialog->statusText()));
        QVERIFY(!dialog->logText().contains(u"Starting"));
        engine->setCurrentIndex(engine->findData(QStringLiteral("vllm")));
        QCOMPARE(gpu->count(), gpus);
        dialog->close();
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    void openImportsResultsAndShowsReports()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("open.sqlite"));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Qt's model tester watches the history model as a run arrives in it, and the requests model of the
        // report it opens: every item model of the window keeps the model contract.
        QAbstractItemModelTester historyTester(
            window.history()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QString data = QStringLiteral(KNEEPOINT_TEST_DATA "/import/");
        const QString imported = window.openFiles(
            {data + QStringLiteral("vllm_bench_c1.json"), data + QStringLiteral("vllm_bench_c4.json")});
        QVERIFY2(imported.contains(u"from vllm bench serve as run 1"), qPrintable(imported));
        QCOMPARE(window.history()->model()->rowCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!window.reportView()->verdictText().isEmpty(), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QTableView*>(QStringLiteral("requestsTable")), 30'000);
        auto* requests = window.findChild<QTableView*>(QStringLiteral("requestsTable"));
        auto* requestsProxy = qobject_cast<QSortFilterProxyModel*>(requests->model());
        QVERIFY(requestsProxy && requestsProxy->rowCount() > 0);
        QAbstractItemModelTester requestsTester(
            requestsProxy->sourceModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester requestsProxyTester(
            requestsProxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        requests->sortByColumn(2, Qt::DescendingOrder);

        const QString failed = window.openFiles({data + QStringLiteral("unknown.json")});
        QVERIFY2(failed.startsWith(u"Nothing was imported"), qPrintable(failed));
        QVERIFY(window.findChild<QMessageBox*>(QStringLiteral("openFailed")));
        QCOMPARE(window.history()->model()->rowCount(), 1);

        const QString report = dir.filePath(QStringLiteral("run1.json"));
        const KneepointResult written
            = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--format"),
                QStringLiteral("json"), QStringLiteral("-o"), report, QStringLiteral("--db"), db});
        QVERIFY2(written.code == 0, qPrintable(written.err));
        // The report of a run of this history opens that run, whole: what-if and export work on it.
        const QString shown = window.openFiles({report});
        QVERIFY2(shown.contains(u"is the report of run 1 of this run history"), qPrintable(shown));
        QVERIFY(!window.findChild<ReportFileView*>(QStringLiteral("openedReport")));
        QCOMPARE(window.history()->model()->rowCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(window.reportView()->verdictText().startsWith(u"For your"), 30'000);
        // One from another history (another start) is shown read-only, as the file states it.
        QFile file(report);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        file.close();
        QJsonObject run = json.value(u"run").toObject();
        run[u"started"_s] = u"2020-01-01T00:00:00Z"_s;
        json[u"run"_s] = run;
        // What the server named reaches the document's subtitle: text, never markup.
        QJsonObject document = json.value(u"document").toObject();
        document[u"subtitle"_s] = u"<b>not markup</b>"_s;
        json[u"document"_s] = document;
        const QString elsewhere = dir.filePath(QStringLiteral("elsewhere.json"));
        QFile out(elsewhere);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(json).toJson());
        out.close();
        const QString read = window.openFiles({elsewhere});
        QVERIFY2(read.contains(u"read-only"), qPrintable(read));
        auto* view = window.findChild<ReportFileView*>(QStringLiteral("openedReport"));
        QVERIFY(view);
        const QString html = ReportFileView::toHtml(json, elsewhere);
        QVERIFY2(html.contains(kp::core::JsonReport::read(json).verdict.toHtmlEscaped()), qPrintable(html));
        QVERIFY(html.contains(u"&lt;b&gt;not markup&lt;/b&gt;"));
        QVERIFY(html.contains(u"Scorecard"));
        // The capacity as the report wrote it (its "answer"), the same words as the card's.
        QVERIFY2(html.contains(u"Capacity: about 1.6 users (1–4"), qPrintable(html));
        QVERIFY2(html.contains(kp::core::JsonReport::readAnswer(json).summary.toHtmlEscaped()), qPrintable(html));
        screenshot(*view, QStringLiteral("opened-report"));
        QCOMPARE(window.history()->model()->rowCount(), 1);

        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // A run exported for another machine (the history's right click, File): opened where it came from it is already
    // there; opened in another history it arrives whole and is shown.
    void anExportedRunOpensOnAnotherMachine()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("here.sqlite"));
        const QString data = QStringLiteral(KNEEPOINT_TEST_DATA "/import/");
        const KneepointResult imported
            = runKneepoint({QStringLiteral("import"), data + QStringLiteral("vllm_bench_c1.json"),
                data + QStringLiteral("vllm_bench_c4.json"), QStringLiteral("--db"), db});
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        const QString archive = dir.filePath(QStringLiteral("run1.kpz"));
        {
            MainWindow window(db);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            auto* exportRun = window.findChild<QAction*>(QStringLiteral("exportRunAction"));
            QVERIFY(exportRun);
            QVERIFY(window.history()
                        ->findChild<QTableView*>(QStringLiteral("historyTable"))
                        ->actions()
                        .contains(exportRun));
            QVERIFY(window.history()->selectRun(1));
            QVERIFY(exportRun->isEnabled());
            const QString wrote = window.exportRunTo(archive);
            QVERIFY2(wrote.startsWith(u"Wrote run 1 to "), qPrintable(wrote));
            // The status bar offers the file written: open it, or show it in its folder.
            QCOMPARE(window.writtenFile(), archive);
            auto* offer = window.findChild<QLabel*>(QStringLiteral("writtenFile"));
            QVERIFY(offer && offer->isVisible());
            QVERIFY2(offer->text().contains(QStringLiteral("run1.kpz")) && offer->text().contains(u"href=\"open\"")
                    && offer->text().contains(u"href=\"folder\""),
                qPrintable(offer->text()));
            screenshot(window, QStringLiteral("mainwindow-exported"));
            QCOMPARE(
                window.openFiles({archive}), QStringLiteral("Run 1 of run1.kpz is in this history already, as run 1."));
            QCOMPARE(window.history()->model()->rowCount(), 1);
        }
        MainWindow elsewhere(dir.filePath(QStringLiteral("elsewhere.sqlite")));
        elsewhere.show();
        QVERIFY(QTest::qWaitForWindowExposed(&elsewhere));
        QCOMPARE(elsewhere.openFiles({archive}), QStringLiteral("Imported run 1 of run1.kpz as run 1."));
        QCOMPARE(elsewhere.history()->model()->rowCount(), 1);
        QCOMPARE(elsewhere.history()->selectedRun(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(!elsewhere.reportView()->verdictText().isEmpty(), 30'000);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // The history is the user's to manage: a run deleted (Del or the right click, after a question whose default is
    // No, never the run in progress), a run measured again with its own settings.
    void theHistoryIsManaged()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("history.sqlite"));
        const QString data = QStringLiteral(KNEEPOINT_TEST_DATA "/import/");
        const KneepointResult demo
            = runKneepoint({QStringLiteral("demo"), QStringLiteral("--db"), db, QStringLiteral("--concurrency"),
                               QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("4")},
                120'000);
        QVERIFY2(demo.code == 0, qPrintable(demo.err));
        const KneepointResult imported = runKneepoint(
            {QStringLiteral("import"), data + QStringLiteral("vllm_bench_c1.json"), QStringLiteral("--db"), db});
        QVERIFY2(imported.code == 0, qPrintable(imported.err));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* table = window.history()->findChild<QTableView*>(QStringLiteral("historyTable"));
        auto* remove = window.findChild<QAction*>(QStringLiteral("deleteRunAction"));
        auto* again = window.findChild<QAction*>(QStringLiteral("runAgainAction"));
        QVERIFY(table && remove && again);
        QVERIFY(table->actions().contains(remove) && table->actions().contains(again));

        // The imported run has no server to measure again: said, and no wizard.
        QVERIFY(window.history()->selectRun(2));
        QVERIFY(again->isEnabled());
        again->trigger();
        QVERIFY(!window.findChild<ConnectionWizard*>());
        QVERIFY2(window.statusBar()->currentMessage().contains(u"no server address"),
            qPrintable(window.statusBar()->currentMessage()));

        // Del on the list asks first; No keeps the run. (A key needs the active window under a real window system.)
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        // F2 on the list names the demo run, tags it and notes it: the list shows the name and the tags, the
        // search finds a tag, the report's title carries the name, and `kneepoint runs` says the same.
        QVERIFY(window.history()->selectRun(1));
        // No run has a name or a tag yet: their columns take no room from the status.
        QVERIFY(table->isColumnHidden(RunHistoryModel::Name) && table->isColumnHidden(RunHistoryModel::Tags));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_F2);
        QTRY_VERIFY(window.findChild<RunAnnotationDialog*>());
        {
            auto* dialog = window.findChild<RunAnnotationDialog*>();
            QCOMPARE(dialog->runId(), qint64(1));
            QVERIFY2(dialog->findChild<QLabel*>(QStringLiteral("annotationRun"))->text().startsWith(u"Run 1: "),
                qPrintable(dialog->findChild<QLabel*>(QStringLiteral("annotationRun"))->text()));
            QTest::keyClicks(
                dialog->findChild<QLineEdit*>(QStringLiteral("annotationName")), QStringLiteral("demo before fp8"));
            dialog->findChild<QLineEdit*>(QStringLiteral("annotationTags"))
                ->setText(QStringLiteral("baseline,  sim , Baseline"));
            dialog->findChild<QPlainTextEdit*>(QStringLiteral("annotationNotes"))
                ->setPlainText(QStringLiteral("Default flags; the simulator at 10x."));
            screenshot(*dialog, QStringLiteral("history-annotate"));
            dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save)->click();
        }
        const RunHistoryModel* model = window.history()->model();
        QTRY_COMPARE(model->data(model->index(model->rowOf(1), RunHistoryModel::Name)).toString(),
            QStringLiteral("demo before fp8"));
        QCOMPARE(model->data(model->index(model->rowOf(1), RunHistoryModel::Tags)).toString(),
            QStringLiteral("baseline, sim"));
        QVERIFY(!table->isColumnHidden(RunHistoryModel::Name) && !table->isColumnHidden(RunHistoryModel::Tags));
        QCOMPARE(model->data(model->index(model->rowOf(1), RunHistoryModel::Name), Qt::ToolTipRole).toString(),
            QStringLiteral("Default flags; the simulator at 10x."));
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Saved the name, tags and notes of run 1."));
        auto* search = window.history()->findChild<QLineEdit*>(QStringLiteral("historySearch"));
        search->setText(QStringLiteral("baseline"));
        QCOMPARE(table->model()->rowCount(), 1);
        search->clear();
        QCOMPARE(table->model()->rowCount(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QLabel*>(QStringLiteral("reportTitle"))
                                     ->text()
                                     .startsWith(u"Kneepoint report: run 1, “demo before fp8”"),
            15'000);
        screenshot(window, QStringLiteral("history-annotated"));
        const KneepointResult annotatedList = runKneepoint({QStringLiteral("runs"), QStringLiteral("--db"), db});
        QVERIFY2(annotatedList.out.contains(u"\"demo before fp8\" [baseline, sim]"), qPrintable(annotatedList.out));
        QVERIFY(window.history()->selectRun(2));
        window.activateWindow(); // the dialog had it
        QVERIFY(QTest::qWaitForWindowActive(&window));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Delete);
        QTRY_VERIFY(window.findChild<QMessageBox*>(QStringLiteral("deleteQuestion")));
        auto* question = window.findChild<QMessageBox*>(QStringLiteral("deleteQuestion"));
        QVERIFY2(question->text().startsWith(u"Delete run 2 ("), qPrintable(question->text()));
        screenshot(*question, QStringLiteral("history-delete-question"));
        {
            // What the right click offers, as a menu of the list's actions.
            QMenu menu;
            menu.addActions(table->actions());
            menu.popup(table->mapToGlobal(QPoint(40, 40)));
            QVERIFY(QTest::qWaitForWindowExposed(&menu));
            screenshot(menu, QStringLiteral("history-menu"));
            menu.close();
        }
        QCOMPARE(question->defaultButton(), question->button(QMessageBox::No));
        question->button(QMessageBox::No)->click();
        QCOMPARE(window.history()->model()->rowCount(), 2);
        // Yes deletes it, from the list and the store.
        remove->trigger();
        QTRY_VERIFY(window.findChild<QMessageBox*>(QStringLiteral("deleteQuestion")));
        window.findChild<QMessageBox*>(QStringLiteral("deleteQuestion"))->button(QMessageBox::Yes)->click();
        QTRY_COMPARE(window.history()->model()->rowCount(), 1);
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Deleted run 2."));
        QCOMPARE(window.history()->selectedRun(), 1); // its neighbour takes its place
        screenshot(window, QStringLiteral("history-after-delete"));
        const KneepointResult listed = runKneepoint({QStringLiteral("runs"), QStringLiteral("--db"), db});
        QVERIFY2(!listed.out.contains(u"vllm"), qPrintable(listed.out));

        // The demo run again: the wizard opens on its server and sweep.
        QVERIFY(window.history()->selectRun(1));
        again->trigger();
        QTRY_VERIFY(window.findChild<ConnectionWizard*>());
        auto* wizard = window.findChild<ConnectionWizard*>();
        QVERIFY2(wizard->options().url.toString().startsWith(u"http://127.0.0.1:"),
            qPrintable(wizard->options().url.toString()));
        QCOMPARE(wizard->options().concurrency, QList<int> {1});
        wizard->reject();

        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Closed on the Quality tab, a history opens there again, on the run it showed; another history on its newest
    // run and the first tab.
    void reopensWhereItWasLeft()
    {
        QTemporaryDir dir;
        // Imported runs: a history in a second, where demos would take ten.
        const auto imported = [](const QString& db, int runs) {
            for (int i = 0; i < runs; ++i)
                if (runKneepoint(
                        {QStringLiteral("import"), QStringLiteral(KNEEPOINT_TEST_DATA "/import/vllm_bench_c1.json"),
                            QStringLiteral("--db"), db})
                        .code
                    != 0)
                    return false;
            return true;
        };
        const QString db = dir.filePath(QStringLiteral("reopen.sqlite"));
        QVERIFY(imported(db, 2));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        {
            MainWindow window(db);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QCOMPARE(window.history()->selectedRun(), 2); // the newest, the first time
            QVERIFY(window.history()->selectRun(1));
            window.findChild<QTabWidget*>(QStringLiteral("mainTabs"))->setCurrentIndex(1);
            QVERIFY(window.close());
        }
        {
            MainWindow reopened(db);
            reopened.show();
            QVERIFY(QTest::qWaitForWindowExposed(&reopened));
            QCOMPARE(reopened.history()->selectedRun(), 1);
            QCOMPARE(reopened.findChild<QTabWidget*>(QStringLiteral("mainTabs"))->currentIndex(), 1);
        }
        const QString other = dir.filePath(QStringLiteral("other.sqlite"));
        QVERIFY(imported(other, 2));
        MainWindow elsewhere(other);
        elsewhere.show();
        QVERIFY(QTest::qWaitForWindowExposed(&elsewhere));
        QCOMPARE(elsewhere.history()->selectedRun(), 2);
        QCOMPARE(elsewhere.findChild<QTabWidget*>(QStringLiteral("mainTabs"))->currentIndex(), 0);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // At 1280×800, in English and in German, the what-if panel's buttons and the key chart's labels show their whole
    // text: German's "Auf die Ziele des Laufs zurücksetzen" was cut to "…zurückset" in the column of the fields, and
    // "Bestes unter dem Zielwert: 16 Nutzer" at the chart's left edge.
    void theReportShowsWholeWordsInEnglishAndGerman_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QString();
        QTest::newRow("German") << QStringLiteral("de");
    }
    void theReportShowsWholeWordsInEnglishAndGerman()
    {
        QFETCH(QString, language);
        QTranslator german;
        if (!language.isEmpty()) {
            QVERIFY(german.load(QStringLiteral("kneepoint_") + language, QStringLiteral(KNEEPOINT_TRANSLATIONS_DIR)));
            QCoreApplication::installTranslator(&german);
        }
        const auto uninstall = qScopeGuard([&german] { QCoreApplication::removeTranslator(&german); });
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.history()->selectRun(2));
        // In either language: the report is shown once its capacity card says something.
        QTRY_VERIFY_WITH_TIMEOUT(!window.reportView()->capacityText().isEmpty(), 30'000);
        window.resize(1280, 800);
        QTRY_COMPARE(window.size(), QSize(1280, 800));
        // The page fits its viewport: nothing scrolls sideways, in either language.
        auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("reportScroll"));
        QVERIFY(scroll);
        QCoreApplication::processEvents();
        QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
            qPrintable(QStringLiteral("the page is %1 px wide in a viewport of %2")
                           .arg(scroll->widget()->width())
                           .arg(scroll->viewport()->width())));
        for (const char* name : {"whatIfReset", "whatIfSaveScenario"}) {
            auto* button = window.findChild<QPushButton*>(QLatin1String(name));
            QVERIFY(button && button->isVisible());
            QVERIFY2(button->width() >= button->sizeHint().width(),
                qPrintable(QStringLiteral("%1 “%2”: %3 px of the %4 it needs")
                               .arg(QLatin1String(name), button->text())
                               .arg(button->width())
                               .arg(button->sizeHint().width())));
        }
        // The key chart's labels stay in the chart: German's "Bestes unter dem Zielwert: 16 Nutzer" was cut at its
        // left edge, beside a point near the plot's left.
        auto* chart = window.findChild<SpecChartView*>(QStringLiteral("chart-throughput-latency"));
        QVERIFY(chart && chart->chart());
        const QRectF area(QPointF(0, 0), chart->chart()->size());
        for (QGraphicsItem* item : chart->chart()->childItems()) {
            auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
            if (!text || !text->isVisible())
                continue;
            const QRectF box = text->mapRectToParent(text->boundingRect());
            QVERIFY2(area.contains(box),
                qPrintable(QStringLiteral("“%1” at %2…%3 in a chart %4 wide")
                               .arg(text->text())
                               .arg(box.left())
                               .arg(box.right())
                               .arg(area.width())));
        }
        screenshot(window, QStringLiteral("whatif-1280") + (language.isEmpty() ? QString() : u'-' + language));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // The dialogs of the last rounds (Settings, Start a server with the simulated runtime, Tune, a run's name and
    // notes, Ask a quality pass, and the wizard's first page) at the size they open with, in English and German:
    // every button, box and one-line label shows its whole text, and each is kept as a picture, light and dark.
    void theNewDialogsShowWholeWords_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << QString();
        QTest::newRow("German") << QStringLiteral("de");
    }
    void theNewDialogsShowWholeWords()
    {
        QFETCH(QString, language);
        QTranslator translator;
        if (!language.isEmpty()) {
            QVERIFY(
                translator.load(QStringLiteral("kneepoint_") + language, QStringLiteral(KNEEPOINT_TRANSLATIONS_DIR)));
            QCoreApplication::installTranslator(&translator);
        }
        const auto uninstall = qScopeGuard([&translator] { QCoreApplication::removeTranslator(&translator); });
        const QString suffix = language.isEmpty() ? QString() : u'-' + language;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath(QStringLiteral("dialogs.sqlite"));

        const auto check = [&suffix](QWidget& dialog, const QString& name) {
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QCoreApplication::processEvents();
            QStringList cut;
            for (QWidget* w : dialog.findChildren<QWidget*>()) {
                if (!w->isVisibleTo(&dialog))
                    continue;
                QString text;
                if (auto* button = qobject_cast<QAbstractButton*>(w))
                    text = button->text();
                else if (auto* label = qobject_cast<QLabel*>(w); label && !label->wordWrap())
                    text = label->text();
                else if (auto* box = qobject_cast<QComboBox*>(w))
                    text = box->currentText();
                if (text.isEmpty() || w->width() >= w->sizeHint().width())
                    continue;
                cut << QStringLiteral("“%1” %2 of %3 px").arg(text).arg(w->width()).arg(w->sizeHint().width());
            }
            QVERIFY2(cut.isEmpty(), qPrintable(name + u": " + cut.join(u"; ")));
            screenshot(dialog, name + suffix);
        };

        {
            SettingsDialog settings;
            check(settings, QStringLiteral("dialog-settings"));
        }
        {
            LaunchDialog launch;
            auto* runtime = launch.findChild<QComboBox*>(QStringLiteral("launchRuntime"));
            QVERIFY(runtime);
            runtime->setCurrentIndex(runtime->findData(QStringLiteral("simulated")));
            check(launch, QStringLiteral("dialog-launch-simulated"));
        }
        {
            kp::core::LaunchRequest request;
            request.model = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
            TuneDialog tune(db, request);
            check(tune, QStringLiteral("dialog-tune"));
        }
        {
            RunAnnotationDialog annotate(3, QStringLiteral("4 Dec 2026 · sim · 64 users"), {});
            check(annotate, QStringLiteral("dialog-annotate"));
        }
        {
            QualityAskDialog quality(db);
            check(quality, QStringLiteral("dialog-quality-ask"));
        }
        {
            ConnectionWizard wizard;
            check(wizard, QStringLiteral("dialog-wizard-server"));
        }
    }

    // The mouse wheel scrolls the report page over a table that shows all its rows, and a what-if control beside the
    // page takes the wheel only once clicked: passing over one while scrolling changed the target.
    void theWheelScrollsThePage()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.resize(1280, 800);
        QVERIFY(showsRun2(window));
        auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("reportScroll"));
        QVERIFY(scroll);
        QScrollBar* bar = scroll->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 0);
        // As the window system delivers it: Qt passes a wheel event the widget under the pointer leaves to its
        // parents only when it is spontaneous.
        const auto wheelOver = [](QWidget* target) {
            const QPointF at = QPointF(target->rect().center());
            QWheelEvent down(at, target->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                Qt::NoScrollPhase, false);
            QSpontaneKeyEvent::setSpontaneous(&down);
            qApp->notify(target, &down); // sendEvent() would mark it as the application's own
            QCoreApplication::processEvents();
        };
        auto* scorecard = window.findChild<QTableView*>(QStringLiteral("scorecard"));
        QVERIFY(scorecard && scorecard->isVisible());
        bar->setValue(0);
        wheelOver(scorecard->viewport());
        QVERIFY2(bar->value() > 0, "the wheel over the scorecard did not scroll the page");

        auto* slider = window.findChild<QSlider*>(QStringLiteral("whatIfTtft"));
        auto* percentile = window.findChild<QComboBox*>(QStringLiteral("whatIfPercentile"));
        QVERIFY(slider && percentile);
        window.findChild<QPushButton*>(QStringLiteral("whatIfReset"))->setFocus(); // neither control has the focus
        for (QWidget* control : std::initializer_list<QWidget*> {slider, percentile}) {
            const int sliderBefore = slider->value();
            const int percentileBefore = percentile->currentIndex();
            wheelOver(control);
            QCOMPARE(slider->value(), sliderBefore);
            QCOMPARE(percentile->currentIndex(), percentileBefore);
        }
        // Clicked, a control takes the wheel as before.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        slider->setFocus();
        QTRY_VERIFY(slider->hasFocus());
        const int before = slider->value();
        wheelOver(slider);
        QVERIFY(slider->value() != before);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // The report's first screen is the answer: verdict, capacity, walls, the key chart and the scorecard, without
    // scrolling, and never sideways, at 1280×800 and at 1920×1080.
    void reportFirstScreenHoldsTheAnswer()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("reportScroll"));
        QVERIFY(scroll);
        const auto checkAt = [&](const QSize size, const QString& suffix) {
            window.resize(size);
            QTRY_COMPARE(window.size(), size);
            QCoreApplication::processEvents();
            QWidget* viewport = scroll->viewport();
            const QString where = QStringLiteral("%1×%2").arg(size.width()).arg(size.height());
            QVERIFY2(scroll->widget()->width() <= viewport->width(), qPrintable(where));
            auto shown = [&](const char* name) -> QRect {
                auto* w = window.findChild<QWidget*>(QLatin1String(name));
                if (!w || !w->isVisible())
                    return {};
                return QRect(w->mapTo(viewport, QPoint(0, 0)), w->size());
            };
            for (const char* name : {"verdict", "capacityCard", "wallsView", "chart-throughput-latency"}) {
                const QRect r = shown(name);
                QVERIFY2(!r.isNull() && viewport->rect().contains(r),
                    qPrintable(where + QStringLiteral(": ") + QLatin1String(name)
                        + QStringLiteral(" at %1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())));
            }
            // A wide window's key chart takes the room: wider than the numbers beside it, and taller with its width.
            if (size.width() >= 1920) {
                const QRect chart = shown("chart-throughput-latency");
                const QRect card = shown("capacityCard");
                QVERIFY2(chart.width() > card.width() && chart.height() >= 400,
                    qPrintable(where
                        + QStringLiteral(": key chart %1×%2 beside a card %3 wide")
                              .arg(chart.width())
                              .arg(chart.height())
                              .arg(card.width())));
            }
            auto* scorecard = window.findChild<QTableView*>(QStringLiteral("scorecard"));
            QVERIFY(scorecard);
            const QRect score = shown("scorecard");
            // The scorecard begins on the first screen, below the answer, with every column: no sideways scrolling.
            // Only its start, and past the lines the run's own sentences take beyond a quiet run's: these runs are
            // measured live, and a loaded machine grows them (a third doubt, longer walls' and knee's sentences). A
            // sanitizer suite of 3 jobs on 2 cores put its first row at 664 of 704 px, and the CI's, with the doubts
            // on two lines, its top at 720.
            const int line = window.fontMetrics().lineSpacing();
            const auto linesBeyond = [&](const char* name, int quietLines) {
                return std::max(0, shown(name).height() - quietLines * line);
            };
            const int grown = linesBeyond("doubts", 1) + linesBeyond("wallsLowest", 2) + linesBeyond("knee", 3)
                + linesBeyond("capacity", 2);
            QVERIFY2(score.top() + scorecard->horizontalHeader()->height() / 2 <= viewport->height() + grown,
                qPrintable(where
                    + QStringLiteral(": scorecard at %1 of %2, the run's sentences %3 px past a quiet run's")
                          .arg(score.top())
                          .arg(viewport->height())
                          .arg(grown)));
            screenshot(window, QStringLiteral("report-") + QString::number(size.width()) + suffix);
            QVERIFY2(scorecard->horizontalScrollBar()->maximum() == 0, qPrintable(where));
        };
        const QString started = Appearance::current() == Appearance::Mode::Dark ? QStringLiteral("-dark") : QString();
        checkAt(QSize(1280, 800), started);
        if (QTest::currentTestFailed())
            return;
        checkAt(QSize(1920, 1080), started);
        if (QTest::currentTestFailed() || Appearance::current() != Appearance::Mode::System)
            return;

        // Dark, chosen in the settings: shown as soon as it is picked, taken back by Cancel, kept by OK; the charts
        // follow the palette.
        auto* chart = window.findChild<SpecChartView*>(QStringLiteral("chart-throughput-latency"));
        QVERIFY(chart);
        QCOMPARE(chart->chart()->theme(), QChart::ChartThemeLight);
        auto pickAppearance = [](Appearance::Mode mode, QDialogButtonBox::StandardButton button) {
            SettingsDialog dialog;
            auto* combo = dialog.findChild<QComboBox*>(QStringLiteral("appearanceCombo"));
            QVERIFY(combo);
            combo->setCurrentIndex(combo->findData(int(mode)));
            QCOMPARE(Appearance::current(), mode);
            dialog.findChild<QDialogButtonBox*>()->button(button)->click();
        };
        pickAppearance(Appearance::Mode::Dark, QDialogButtonBox::Cancel);
        QCOMPARE(Appearance::current(), Appearance::Mode::System);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 128);
        pickAppearance(Appearance::Mode::Dark, QDialogButtonBox::Ok);
        QCOMPARE(Appearance::saved(), Appearance::Mode::Dark);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
        QTRY_COMPARE(chart->chart()->theme(), QChart::ChartThemeDark);
        checkAt(QSize(1280, 800), QStringLiteral("-dark"));
        checkAt(QSize(1920, 1080), QStringLiteral("-dark"));
        pickAppearance(Appearance::Mode::System, QDialogButtonBox::Ok);
        QCOMPARE(Appearance::saved(), Appearance::Mode::System);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 128);
        QTRY_COMPARE(chart->chart()->theme(), QChart::ChartThemeLight);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // A screen reader names every control, and the keyboard reaches every action: each control has an accessible
    // name, its own text, or a label that is its buddy; each menu action has a mnemonic or a shortcut, and every
    // toolbar action is in a menu too.
    void everyControlHasANameAndEveryActionAKey()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        SettingsDialog settings(&window);
        CompareDialog compare(db, window.history()->model()->runs(), &window);
        ConnectionWizard wizard(&window);
        wizard.show();
        const auto unnamed = [](QWidget* top) {
            QSet<const QWidget*> buddies;
            for (const QLabel* label : top->findChildren<QLabel*>())
                if (label->buddy())
                    buddies.insert(label->buddy());
            QStringList missing;
            for (QWidget* w : top->findChildren<QWidget*>()) {
                const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w)
                    || qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractSpinBox*>(w)
                    || qobject_cast<QAbstractSlider*>(w) || qobject_cast<QAbstractItemView*>(w);
                // Qt's own parts (a spin box's line edit, a combo's view, a scroll bar) are named by their owner.
                if (!control || w->objectName().startsWith(u"qt_") || qobject_cast<QScrollBar*>(w)
                    || qobject_cast<QHeaderView*>(w) || qobject_cast<QComboBox*>(w->parentWidget())
                    || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QTabBar*>(w->parentWidget())
                    || qobject_cast<QAbstractItemView*>(w->parentWidget()) || !w->isVisibleTo(top))
                    continue;
                const auto* button = qobject_cast<QAbstractButton*>(w);
                if (w->accessibleName().isEmpty() && !(button && !button->text().isEmpty()) && !buddies.contains(w))
                    missing << QString::fromLatin1(w->metaObject()->className()) + u' ' + w->objectName();
            }
            return missing;
        };
        for (QWidget* top : std::initializer_list<QWidget*> {&window, &settings, &compare, &wizard}) {
            const QStringList missing = unnamed(top);
            QVERIFY2(missing.isEmpty(), qPrintable(top->objectName() + u": " + missing.join(u", ")));
        }
        QList<QAction*> inMenus;
        for (QMenu* menu : window.menuBar()->findChildren<QMenu*>())
            for (QAction* a : menu->actions()) {
                if (a->isSeparator() || a->menu())
                    continue;
                inMenus << a;
                QVERIFY2(a->text().contains(u'&') || !a->shortcut().isEmpty(), qPrintable(a->text()));
            }
        for (QToolBar* bar : window.findChildren<QToolBar*>())
            for (QAction* a : bar->actions())
                QVERIFY2(a->isSeparator() || inMenus.contains(a), qPrintable(a->text()));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // A what-if answer is shown whole in the first frame: the key chart drawn with its points, the scorecard with its
    // rows, the verdict with the target just chosen. It used to paint a blank chart and scorecard between frames.
    void aWhatIfIsShownWholeInItsFirstFrame()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        auto* field = window.findChild<QDoubleSpinBox*>(QStringLiteral("whatIfTtftField"));
        QVERIFY(field);
        // A slider wide enough that a pixel is a small step: it was 66 pixels for 10 ms to 20 s.
        auto* slider = window.findChild<QSlider*>(QStringLiteral("whatIfTtft"));
        QVERIFY(slider);
        QVERIFY2(slider->width() >= 100, qPrintable(QString::number(slider->width())));
        // Drawn pixels of the key chart, counted in the frame the answer is shown in (after the window's own slot).
        const auto inked = [&window]() -> double {
            auto* chart = window.findChild<QWidget*>(QStringLiteral("chart-throughput-latency"));
            if (!chart || !chart->isVisible()) {
                qWarning("key chart %s", chart ? "hidden" : "missing");
                return 0;
            }
            const QImage image = chart->grab().toImage();
            const QRgb background = image.pixel(2, 2);
            qint64 differing = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    differing += image.pixel(x, y) != background ? 1 : 0;
            return double(differing) / double(std::max(1, image.width() * image.height()));
        };
        const double opened = inked();
        QVERIFY2(opened > 0.01, qPrintable(QString::number(opened)));
        QStringList frames;
        int answers = 0;
        connect(window.reportController(), &ReportController::resultReady, this, [&] {
            ++answers;
            const auto* scorecard = window.findChild<QTableView*>(QStringLiteral("scorecard"));
            const double ink = inked();
            if (ink < 0.5 * opened || !scorecard || scorecard->model()->rowCount() == 0)
                frames << QStringLiteral("answer %1: %2 of the chart inked (%3 when opened), scorecard %4")
                              .arg(answers)
                              .arg(ink)
                              .arg(opened)
                              .arg(scorecard ? scorecard->model()->rowCount() : -1);
        });
        for (const double target : {3600.0, 1700.0, 800.0, 240.0}) {
            const int before = answers;
            field->setValue(target);
            QTRY_VERIFY_WITH_TIMEOUT(answers > before, 10'000);
            // The verdict says the target just chosen, as every face writes a time (never the one before last).
            const QString said = kp::core::text::milliseconds(target) + QStringLiteral(" to the first token");
            QTRY_VERIFY2_WITH_TIMEOUT(window.reportView()->verdictText().contains(said),
                qPrintable(window.reportView()->verdictText()), 10'000);
        }
        QVERIFY2(frames.isEmpty(), qPrintable(frames.join(u"; ")));
        // The body below the first screen follows once the what-ifs pause: greyed until then, then the last answer's.
        auto* body = window.findChild<QWidget*>(QStringLiteral("reportBody"));
        QVERIFY(body);
        QTRY_VERIFY_WITH_TIMEOUT(body->isEnabled(), 5'000);
        const QString scoreTargets
            = window.findChild<QTableView*>(QStringLiteral("scorecard"))->model()->index(0, 0).data().toString();
        QVERIFY(!scoreTargets.isEmpty());
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Choosing another run (or a run ending, which selects it) never leaves the last run's card, chart and scorecard
    // beside the new entry while its report is read: the pane says what it is reading, and nothing else.
    void anotherRunsReportIsNeverShownBesideItsEntry()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        auto* glance = window.findChild<QWidget*>(QStringLiteral("keyChart"))->parentWidget();
        auto* title = window.findChild<QLabel*>(QStringLiteral("reportTitle"));
        QVERIFY(glance && title && glance->isVisible());
        QVERIFY(window.history()->selectRun(1));
        // At once, before run 1's report is read: nothing of run 2's.
        QVERIFY(!glance->isVisible());
        QVERIFY2(!title->text().contains(u"run 2"), qPrintable(title->text()));
        QVERIFY2(window.reportView()->verdictText().startsWith(u"Reading run 1"),
            qPrintable(window.reportView()->verdictText()));
        QTRY_VERIFY_WITH_TIMEOUT(title->text().startsWith(QStringLiteral("Kneepoint report: run 1\n")), 30'000);
        QVERIFY(glance->isVisible());
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Copy says it copied, on its own button, and then reads Copy again: a click that changed nothing on screen read
    // as a click that did nothing.
    void copySaysItCopied()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        // A TTFT target of 10 ms, missed at every load: the findings suggest flags to try, each with its Copy.
        auto* field = window.findChild<QDoubleSpinBox*>(QStringLiteral("whatIfTtftField"));
        QVERIFY(field);
        field->setValue(10);
        QPushButton* copy = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (copy = window.findChild<QPushButton*>(QStringLiteral("copyAllFlags"))) && copy->isVisible(), 10'000);
        const QString label = copy->text();
        QApplication::clipboard()->clear();
        copy->click();
        QVERIFY(!QApplication::clipboard()->text().isEmpty());
        QCOMPARE(copy->text(), QStringLiteral("Copied ✓"));
        QTRY_COMPARE_WITH_TIMEOUT(copy->text(), label, 5'000);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Run › Experiments shows what kneepoint tune stored, as kneepoint experiments reports it, and opens a trial's run.
    void experimentsAreShownAsTheCommandLineReportsThem()
    {
        const QString seeded = seededRuns();
        QVERIFY(!seeded.isEmpty());
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("experiment.sqlite"));
        QVERIFY(QFile::copy(seeded, db));
        QString error;
        {
            // The two demo runs, tagged as kneepoint tune tags a baseline and a setting's trial.
            const auto store = kp::core::RunStore::open(db, &error, QStringLiteral("tst-experiment"));
            QVERIFY2(store, qPrintable(error));
            kp::core::Experiment::Trial baseline;
            baseline.runId = 1;
            kp::core::Experiment::Trial trial;
            trial.runId = 2;
            trial.setting = kp::core::TuneSetting {QStringLiteral("max-num-seqs"), QStringLiteral("64")};
            trial.predicted = 20;
            trial.prediction = QStringLiteral("about 20 users");
            trial.predictedFrom = 1;
            QVERIFY2(
                kp::core::Experiment::tag(*store, baseline, QStringLiteral("test-exp"), &error), qPrintable(error));
            QVERIFY2(kp::core::Experiment::tag(*store, trial, QStringLiteral("test-exp"), &error), qPrintable(error));
        }
        const KneepointResult md = runKneepoint({QStringLiteral("experiments"), QStringLiteral("test-exp"),
            QStringLiteral("--db"), db, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(md.code == 0, qPrintable(md.err));
        const QString recommendation
            = QJsonDocument::fromJson(md.out.toUtf8()).object().value(u"recommendation").toString();
        QVERIFY(!recommendation.isEmpty());

        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* action = window.findChild<QAction*>(QStringLiteral("experimentsAction"));
        QVERIFY(action && action->isEnabled());
        bool checked = false;
        QTimer::singleShot(0, &window, [&] {
            auto* dialog = qobject_cast<ExperimentDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            // A check that fails returns here: the dialog closes so that the test ends rather than waits.
            const auto close = qScopeGuard([&] {
                if (!checked)
                    dialog->reject();
            });
            auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("experimentTable"));
            QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 2, 30'000);
            QCOMPARE(dialog->findChild<QLabel*>(QStringLiteral("experimentRecommendation"))->text(), recommendation);
            QCOMPARE(table->horizontalHeaderItem(6)->text(), QStringLiteral("twin predicted"));
            screenshot(*dialog, QStringLiteral("experiments"));
            // The trial's row, wherever its rank put it: opening it shows run 2 in the window.
            for (int r = 0; r < table->rowCount(); ++r)
                if (table->item(r, 2)->text() == u"2")
                    table->selectRow(r);
            QVERIFY(table->item(table->currentRow(), 6)->text().startsWith(QStringLiteral("about 20 users")));
            dialog->findChild<QPushButton*>(QStringLiteral("openRunButton"))->click();
            checked = true;
        });
        action->trigger();
        QVERIFY(checked);
        QTRY_COMPARE_WITH_TIMEOUT(window.history()->selectedRun(), 2, 5'000);
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Compare, Predict, Export and Print are enabled only where they can act: an empty history has nothing to
    // compare or fit a twin to, and the Quality tab has no report to export or print.
    void actionsActOnlyWhereTheyCan()
    {
        qputenv("KNEEPOINT_NO_DEMO", "1");
        const auto action = [](MainWindow& w, const char* name) {
            auto* a = w.findChild<QAction*>(QLatin1String(name));
            return a && a->isEnabled();
        };
        {
            QTemporaryDir dir;
            MainWindow empty(dir.filePath(QStringLiteral("empty.sqlite")));
            empty.show();
            QVERIFY(QTest::qWaitForWindowExposed(&empty));
            for (const char* name : {"compareAction", "predictAction", "exportAction", "printAction"})
                QVERIFY2(!action(empty, name), name);
            QCOMPARE(empty.findChild<QAction*>(QStringLiteral("compareAction"))->toolTip(),
                QStringLiteral("Compare needs two runs in the history"));
        }
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        for (const char* name : {"compareAction", "predictAction", "exportAction", "printAction"})
            QVERIFY2(action(window, name), name);
        auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("mainTabs"));
        QVERIFY(tabs);
        tabs->setCurrentIndex(1);
        QVERIFY(!action(window, "exportAction") && !action(window, "printAction"));
        QVERIFY(action(window, "compareAction"));
        tabs->setCurrentIndex(0);
        QVERIFY(action(window, "exportAction") && action(window, "printAction"));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // Tab leaves the run list for the next control: it used to walk the list cell by cell and, past the last
    // column, select the next run.
    void tabLeavesTheRunList()
    {
        const QString db = seededRuns();
        QVERIFY(!db.isEmpty());
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        QVERIFY(showsRun2(window));
        auto* table = window.findChild<QTableView*>(QStringLiteral("historyTable"));
        QVERIFY(table);
        // Keys go to the active window only (under a real window system, as in the screenshot walk).
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        table->setFocus();
        QTRY_VERIFY(table->hasFocus());
        for (int i = 0; i < 12; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            if (!table->hasFocus())
                break;
        }
        QVERIFY2(!table->hasFocus(), "Tab stayed in the run list");
        QCOMPARE(window.history()->selectedRun(), qint64(2));
        // So does every other table, the report's and Compare's: none is a trap for Tab.
        CompareDialog compare(db, window.history()->model()->runs(), &window);
        for (QWidget* top : std::initializer_list<QWidget*> {&window, &compare})
            for (const QTableView* view : top->findChildren<QTableView*>())
                QVERIFY2(!view->tabKeyNavigation(), qPrintable(view->objectName()));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    void remembersItsGeometry()
    {
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        {
            MainWindow window(dir.filePath(QStringLiteral("g.sqlite")));
            window.show();
            window.resize(933, 577);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        MainWindow again(dir.filePath(QStringLiteral("g.sqlite")));
        QCOMPARE(again.size(), QSize(933, 577));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    // The window never opens past its screen: neither at its default 1280×800 on the test's 800×800 screen, nor from
    // a geometry saved on a larger one; and it can shrink to what a 1920×1080 screen at a scale factor of 2 leaves
    // (960×540 less a panel), where the what-if panel was off-screen.
    void fitsItsScreen()
    {
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        {
            MainWindow window(dir.filePath(QStringLiteral("s.sqlite")));
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QStringList tooLarge;
            for (const QWidget* w : window.findChildren<QWidget*>()) {
                const QSize least = w->minimumSizeHint().expandedTo(w->minimumSize());
                if (w->isVisibleTo(&window) && (least.width() > 940 || least.height() > 500))
                    tooLarge << QStringLiteral("%1 %2 %3×%4")
                                    .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                                    .arg(least.width())
                                    .arg(least.height());
            }
            const QSize least = window.minimumSizeHint().expandedTo(window.minimumSize());
            QVERIFY2(least.width() <= 940 && least.height() <= 500,
                qPrintable(QStringLiteral("%1×%2: ").arg(least.width()).arg(least.height()) + tooLarge.join(u", ")));
            const QRect available = window.screen()->availableGeometry();
            QVERIFY2(available.contains(window.frameGeometry()),
                qPrintable(QStringLiteral("%1×%2 on %3×%4")
                               .arg(window.width())
                               .arg(window.height())
                               .arg(available.width())
                               .arg(available.height())));
            window.resize(2600, 1600);
            window.close();
        }
        MainWindow again(dir.filePath(QStringLiteral("s.sqlite")));
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QVERIFY(again.screen()->availableGeometry().contains(again.frameGeometry()));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

private:
    /// Two small demo runs, measured once for the tests that only read them.
    QString seededRuns()
    {
        const QString path = m_seededDir.filePath(QStringLiteral("seeded.sqlite"));
        if (m_seeded.isEmpty() && m_seededDir.isValid() && seedRuns(path))
            m_seeded = path;
        return m_seeded;
    }

    /// Shows `window` and opens run 2's report; false when it did not come within 30 s.
    static bool showsRun2(MainWindow& window)
    {
        window.show();
        if (!QTest::qWaitForWindowExposed(&window) || !window.history()->selectRun(2))
            return false;
        return QTest::qWaitFor(
            [&window] { return window.reportView()->verdictText().startsWith(u"For your chat"); }, 30'000);
    }

    QTemporaryDir m_seededDir;
    QString m_seeded;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
