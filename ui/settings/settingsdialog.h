// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace kp::ui {

/// The application's settings: the appearance (light, dark or the desktop's, shown as soon as it is picked and taken
/// back on Cancel), where runs are stored (used from the next start; $KNEEPOINT_DB still wins), and whether the demo
/// runs again. Nothing secret is ever kept here: API keys live only in the wizard's memory.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    /// The database the application opens: $KNEEPOINT_DB, else the one chosen here, else the default.
    static QString databasePath();

protected:
    void reject() override;

private:
    void save();

    QComboBox* m_appearance;
    QLineEdit* m_database;
    QCheckBox* m_demoAgain;
};

} // namespace kp::ui
