// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

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
        kp::ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.windowTitle(), QStringLiteral("Kneepoint"));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("welcomeLabel")));
        QVERIFY(window.findChild<QAction*>(QStringLiteral("quitAction")));
        QVERIFY(window.findChild<QAction*>(QStringLiteral("aboutAction")));
        QCOMPARE(window.menuBar()->actions().size(), 2);
        // KNEEPOINT_SCREENSHOTS=DIR keeps a picture of the window, for a person to look at.
        const QString shots = qEnvironmentVariable("KNEEPOINT_SCREENSHOTS");
        if (!shots.isEmpty())
            QVERIFY(window.grab().save(shots + QStringLiteral("/mainwindow.png")));
    }

    void remembersItsGeometry()
    {
        {
            kp::ui::MainWindow window;
            window.show();
            window.resize(777, 555);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        kp::ui::MainWindow again;
        QCOMPARE(again.size(), QSize(777, 555));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
