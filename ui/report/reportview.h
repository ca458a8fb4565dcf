// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportworker.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QTabWidget;
class QTableView;
class QVBoxLayout;
class QStandardItemModel;

namespace kp::ui {

class WhatIfPanel;

/// The report of one run: the verdict, the scorecard, doubts, findings (problems open, background collapsed, healthy
/// in a line), "try these next" with a copy button per flag, the charts with their sortable tables, the walls and the
/// physics check; a what-if panel beside it. Shows results; the ReportController computes them.
class ReportView : public QWidget
{
    Q_OBJECT

public:
    explicit ReportView(QWidget* parent = nullptr);

    /// Shows `result`. `fresh` is true for a newly loaded run (the what-if panel takes its settings).
    void showResult(const ReportResultPtr& result, bool fresh);
    void showMessage(const QString& message);
    WhatIfPanel* whatIf() const { return m_whatIf; }
    /// The capacity line as shown ("Capacity: about 11 users …"), for tests and screen readers.
    QString capacityText() const;
    QString verdictText() const;

Q_SIGNALS:
    void settingsChanged(const kp::core::AnalysisSettings& settings);
    void lessonRequested(const QString& lessonId);

private:
    void rebuildBody(const ReportResult& result);

    QLabel* m_title;
    QLabel* m_verdict;
    QLabel* m_capacity;
    WhatIfPanel* m_whatIf;
    QWidget* m_body = nullptr;
    QScrollArea* m_scroll = nullptr;
    QVBoxLayout* m_bodyLayout;
};

} // namespace kp::ui
