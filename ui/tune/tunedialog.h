// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchrequest.h"
#include "core/tune/tuner.h"
#include "ui/tune/experimentworker.h"

#include <QDialog>
#include <QThread>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace kp::ui {

class TuneWorker;

/// Find the best setting: what `kneepoint tune` does, from the window. The server is the one filled in under Start a
/// server; here the settings to try, the sweep and its targets, and the budget. Start checks every launch, then
/// measures the baseline and each setting on a server launched with it alone, on a thread of its own; the log says
/// what happens, the status which trial runs. At the end the recommendation is shown with its flag, and the table
/// opens in Run › Experiments. Closing while it runs asks first, then stops the trial in progress (its completed
/// steps are kept) and the server.
class TuneDialog : public QDialog
{
    Q_OBJECT

public:
    TuneDialog(const QString& databasePath, const core::LaunchRequest& launch, QWidget* parent = nullptr);
    ~TuneDialog() override;

    /// The experiment the fields describe; `error` says what is wrong with them (nullopt then).
    std::optional<core::TuneRequest> request(QString* error) const;
    bool isRunning() const { return m_worker != nullptr; }
    QString statusText() const;
    QString logText() const;
    /// The experiment measured last; null before.
    ExperimentPtr experiment() const { return m_experiment; }

    void done(int result) override;

public Q_SLOTS:
    void start();
    void stop();

Q_SIGNALS:
    /// A trial's run was stored.
    void runStored(qint64 runId);
    /// The user asked to see the experiment's table.
    void showExperiment(const QString& id);

private:
    void updateCommand();
    void updateButtons();
    void finished(const ExperimentPtr& experiment, bool interrupted);
    void joinWorker();

    QString m_path;
    core::LaunchRequest m_launch;
    QLineEdit* m_settings;
    QLineEdit* m_users;
    QSpinBox* m_requests;
    QSpinBox* m_ttft;
    QSpinBox* m_tpot;
    QComboBox* m_percentile;
    QSpinBox* m_maxTrials;
    QSpinBox* m_maxMinutes;
    QCheckBox* m_quality;
    QLabel* m_command;
    QLabel* m_status;
    QLabel* m_flag;
    QPlainTextEdit* m_log;
    QPushButton* m_start;
    QPushButton* m_stop;
    QPushButton* m_copyFlag;
    QPushButton* m_table;
    QThread m_thread;
    TuneWorker* m_worker = nullptr;
    ExperimentPtr m_experiment;
    bool m_stopping = false;
};

} // namespace kp::ui
