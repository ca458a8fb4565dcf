// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/tune/experimentworker.h"

#include <QDialog>
#include <QThread>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace kp::ui {

/// Run › Experiments: what kneepoint tune measured, as the command printed it and `kneepoint experiments ID` reports
/// it: the recommendation with the flag to copy, and every trial ranked by capacity beside the twin's prediction and
/// the answers' quality. A trial's run opens in the window; the experiment exports as Markdown, HTML, PDF or JSON.
class ExperimentDialog : public QDialog
{
    Q_OBJECT

public:
    /// Shows experiment `id` first (empty: the newest).
    explicit ExperimentDialog(const QString& databasePath, QWidget* parent = nullptr, const QString& id = {});
    ~ExperimentDialog() override;

    /// The experiment on screen; null while loading or when there is none.
    ExperimentPtr experiment() const { return m_experiment; }

Q_SIGNALS:
    /// The user asked to see a trial's run in the main window.
    void openRun(qint64 runId);
    void listRequested();
    void loadRequested(const QString& id, quint64 generation);

private:
    void showList(const StoredExperiments& experiments);
    void choose(int index);
    void showExperiment(quint64 generation, const ExperimentPtr& experiment);
    void exportExperiment();
    qint64 selectedRun() const;

    ExperimentWorker* m_worker;
    QThread m_thread;
    QComboBox* m_choice;
    QLabel* m_recommendation;
    QLabel* m_flag;
    QPushButton* m_copyFlag;
    QTableWidget* m_table;
    QLabel* m_status;
    QPushButton* m_openRun;
    QPushButton* m_export;
    ExperimentPtr m_experiment;
    QString m_firstId;
    quint64 m_generation = 0;
    bool m_loading = false; ///< an experiment is being judged, under the busy cursor
};

} // namespace kp::ui
