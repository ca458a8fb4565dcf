// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace kp::ui {

/// The application's settings: the appearance (light, dark or the desktop's, shown as soon as it is picked and taken
/// back on Cancel), the language (from the next start), where runs are stored (used from the next start;
/// $KNEEPOINT_DB still wins), whether the demo runs again, and what a new run starts from (NewRunDefaults: traffic
/// product, targets, percentile, GPU). Nothing secret is ever kept here: API keys live only in the wizard's memory.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    /// The database the application opens: $KNEEPOINT_DB, else the one chosen here, else the default.
    static QString databasePath();
    /// The language chosen here for the window ("en", "de"), or empty for the desktop's; read once at start.
    static QString language();

protected:
    void reject() override;

private:
    void save();

    QComboBox* m_appearance;
    QComboBox* m_language;
    QLineEdit* m_database;
    QCheckBox* m_demoAgain;
    // New runs: the wizard's defaults (NewRunDefaults).
    QComboBox* m_product;
    QSpinBox* m_ttft;
    QSpinBox* m_tpot;
    QComboBox* m_percentile;
    QComboBox* m_gpu;
};

} // namespace kp::ui
