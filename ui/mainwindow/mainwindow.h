// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

class QAction;
class QLabel;

namespace kp::ui {

/// The main window: the run history and the report of the selected run will live here. For now it is the shell
/// (menus, status bar, remembered geometry) that the later pages plug into.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void showAbout();

    QLabel* m_placeholder = nullptr;
};

} // namespace kp::ui
