// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop application's whole flows, offscreen, against the simulator: the first-start demo, a run from the
// connection wizard, the report with a what-if slider, export, compare and the lessons.
#include "compare/comparedialog.h"
#include "history/runhistorymodel.h"
#include "history/runhistoryview.h"
#include "lessons/lessonsdialog.h"
#include "mainwindow/mainwindow.h"
#include "report/reportcontroller.h"
#include "report/reportexport.h"
#include "report/reportview.h"
#include "report/whatifpanel.h"
#include "run/liverunview.h"
#include "run/runcontroller.h"
#include "settings/settingsdialog.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"
#include "wizard/connectionwizard.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace kp::ui;

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

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("KneepointTest"));
        QSettings().clear();
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
        auto* stack = window.findChild<QStackedWidget*>();
        QTRY_VERIFY_WITH_TIMEOUT(stack->currentWidget() == window.liveView(), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(window.runController()->runId() > 0, 30'000);
        screenshot(window, QStringLiteral("mainwindow-live"));
        // The demo's whole sweep, then its report.
        QTRY_VERIFY_WITH_TIMEOUT(!window.runController()->isRunning(), 240'000);
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
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        QVERIFY(seedRuns(db));
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(db);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.history()->model()->rowCount(), 2);
        QVERIFY(window.history()->selectRun(2));
        QTRY_VERIFY_WITH_TIMEOUT(
            window.reportView()->verdictText().startsWith(QStringLiteral("For your chat")), 30'000);
        QTRY_VERIFY(window.findChild<QAction*>(QStringLiteral("exportAction"))->isEnabled());
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
        screenshot(window, QStringLiteral("mainwindow-whatif"));

        // Export what is shown, in two formats.
        const ReportResultPtr result = window.reportController()->current();
        QVERIFY(result);
        QString error;
        QVERIFY2(ReportExport::save(*result, dir.filePath(QStringLiteral("r.pdf")), &error), qPrintable(error));
        QVERIFY2(ReportExport::save(*result, dir.filePath(QStringLiteral("r.html")), &error), qPrintable(error));
        QFile html(dir.filePath(QStringLiteral("r.html")));
        QVERIFY(html.open(QIODevice::ReadOnly));
        QVERIFY(html.readAll().contains("10 ms to the first token"));
        QVERIFY(!ReportExport::save(*result, dir.filePath(QStringLiteral("r.docx")), &error));
        QVERIFY2(error.contains(QStringLiteral(".pdf")), qPrintable(error));

        // Compare the two runs.
        CompareDialog compare(db, window.history()->model()->runs(), &window);
        compare.show();
        QVERIFY(compare.metricRows() > 0);
        // Behind the percentiles: every request of the run, sortable.
        auto* requests = window.findChild<QTableView*>(QStringLiteral("requestsTable"));
        QVERIFY(requests);
        QVERIFY(requests->model()->rowCount() > 0);
        QVERIFY2(compare.summary().contains(QStringLiteral("Capacity")), qPrintable(compare.summary()));
        screenshot(compare, QStringLiteral("compare"));

        LessonsDialog lessons(&window);
        lessons.show();
        QVERIFY(lessons.showLesson(QStringLiteral("kv-cache-and-preemption")));
        QCOMPARE(lessons.currentLesson(), QStringLiteral("kv-cache-and-preemption"));
        screenshot(lessons, QStringLiteral("lessons"));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }

    void wizardRunsAndReports()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("20")}, &error), qPrintable(error));
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        MainWindow window(dir.filePath(QStringLiteral("wizard.sqlite")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QAction*>(QStringLiteral("newRunAction"))->trigger();
        ConnectionWizard* wizard = window.findChild<ConnectionWizard*>();
        QVERIFY(wizard);
        QTRY_VERIFY(wizard->isVisible());
        QTest::keyClicks(wizard->findChild<QLineEdit*>(QStringLiteral("urlEdit")), sim.baseUrl());
        QTest::mouseClick(wizard->findChild<QAbstractButton*>(QStringLiteral("detectButton")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(wizard->serverFacts().has_value(), 30'000);
        // A short plan, then Finish as the user would.
        kp::core::RunOptions options = wizard->options();
        options.concurrency = {1, 2};
        options.requestsPerStep = 4;
        options.shapes = {{256, 32}};
        wizard->setOptions(options);
        wizard->accept();
        QTRY_VERIFY_WITH_TIMEOUT(window.runController()->runId() > 0, 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.runController()->isRunning(), 120'000);
        QTRY_VERIFY_WITH_TIMEOUT(window.reportView()->verdictText().startsWith(QStringLiteral("For your")), 30'000);
        QCOMPARE(window.history()->model()->rowCount(), 1);
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

    void remembersItsGeometry()
    {
        QTemporaryDir dir;
        qputenv("KNEEPOINT_NO_DEMO", "1");
        {
            MainWindow window(dir.filePath(QStringLiteral("g.sqlite")));
            window.show();
            window.resize(1333, 911);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        MainWindow again(dir.filePath(QStringLiteral("g.sqlite")));
        QCOMPARE(again.size(), QSize(1333, 911));
        qunsetenv("KNEEPOINT_NO_DEMO");
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
