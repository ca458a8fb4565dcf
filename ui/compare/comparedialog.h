// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/runstore.h"
#include "ui/compare/compareworker.h"

#include <QDialog>
#include <QThread>

class QComboBox;
class QLabel;
class QTabWidget;
class QTableWidget;

namespace kp::ui {

class SpecChartView;

/// Two runs side by side: the same metrics at the loads both measured, whether each difference is beyond noise,
/// the capacity of each, and what changed between them.
class CompareDialog : public QDialog
{
    Q_OBJECT

public:
    CompareDialog(const QString& databasePath, const QList<kp::core::RunSummary>& runs, QWidget* parent = nullptr);
    ~CompareDialog() override;
    /// Compares run `a` (before) with run `b` (after), on the worker's thread; the tables fill when it answers.
    void compare(qint64 a, qint64 b);
    /// Whether a comparison is being worked out.
    bool isBusy() const { return m_busy; }
    QString summary() const;
    int metricRows() const;

Q_SIGNALS:
    void compareRequested(qint64 a, qint64 b, quint64 generation); ///< to the worker, queued

private:
    void compareSelected();
    void showResult(const CompareResultPtr& result);

    QThread m_thread;
    CompareWorker* m_worker;
    quint64 m_generation = 0;
    bool m_busy = false;
    QString m_path;
    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_summary;
    QTableWidget* m_metrics;
    QTableWidget* m_changes;
    QTabWidget* m_tabs = nullptr;
    /// TTFT, TPOT and throughput against load, both runs on each.
    QList<SpecChartView*> m_paired;
    SpecChartView* m_pareto = nullptr;
    QLabel* m_paretoText = nullptr;
};

} // namespace kp::ui
