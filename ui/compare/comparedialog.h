// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/runstore.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QTableWidget;

namespace kp::ui {

/// Two runs side by side: the same metrics at the loads both measured, whether each difference is beyond noise,
/// the capacity of each, and what changed between them.
class CompareDialog : public QDialog
{
    Q_OBJECT

public:
    CompareDialog(const QString& databasePath, const QList<kp::core::RunSummary>& runs, QWidget* parent = nullptr);
    /// Compares run `a` (before) with run `b` (after).
    void compare(qint64 a, qint64 b);
    QString summary() const;
    int metricRows() const;

private:
    void compareSelected();

    QString m_path;
    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_summary;
    QTableWidget* m_metrics;
    QTableWidget* m_changes;
};

} // namespace kp::ui
