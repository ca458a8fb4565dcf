// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "common/version.h"

#include <QApplication>
#include <QCloseEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace kp::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kneepoint"));
    m_placeholder = new QLabel(tr("<h2>Kneepoint</h2><p>How many users can your server really take?</p>"
                                  "<p>Start the simulated server from a terminal with <code>kneepoint sim</code>, "
                                  "or see <code>kneepoint --help</code>.</p>"),
        this);
    m_placeholder->setObjectName(QStringLiteral("welcomeLabel"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setTextFormat(Qt::RichText);
    setCentralWidget(m_placeholder);
    createMenus();
    statusBar()->showMessage(tr("Ready"));

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1100, 720);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About Kneepoint"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Kneepoint"),
        tr("<b>Kneepoint %1</b><p>Benchmarks an OpenAI-compatible vLLM server, checks the numbers against what the "
           "GPU can physically do, and explains where it breaks.</p>")
            .arg(core::kneepointVersion()));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    event->accept();
}

} // namespace kp::ui
