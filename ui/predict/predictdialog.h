// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/runstore.h"

#include <QDialog>
#include <QJsonObject>
#include <QThread>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace kp::ui {

class PredictWorker;

/// "What would --max-num-seqs 16 buy?": a stored run's twin, fitted to its steps, asked about other engine settings
/// (core::Prediction, as kneepoint predict). The answer is the predicted curve and capacity beside the measured
/// ones, with the twin's measured error; worked out off the GUI thread.
class PredictDialog : public QDialog
{
    Q_OBJECT

public:
    PredictDialog(const QString& databasePath, const QList<kp::core::RunSummary>& runs, qint64 currentRun,
        QWidget* parent = nullptr);
    ~PredictDialog() override;

    /// Predicts the fields' settings for the chosen run.
    void predict();
    bool isBusy() const { return m_busy; }
    QString resultText() const;
    QJsonObject resultJson() const { return m_json; }
    /// The settings the fields ask about, as kneepoint predict --set takes them.
    QStringList settings() const;

Q_SIGNALS:
    void predictRequested(qint64 runId, const QStringList& settings, quint64 generation); ///< to the worker, queued

private:
    QThread m_thread;
    PredictWorker* m_worker;
    quint64 m_generation = 0;
    bool m_busy = false;
    QComboBox* m_run;
    QSpinBox* m_maxNumSeqs;
    QSpinBox* m_batchedTokens;
    QSpinBox* m_kvBlocks;
    QPushButton* m_go;
    QLabel* m_status;
    QPlainTextEdit* m_result;
    QJsonObject m_json;
};

} // namespace kp::ui
