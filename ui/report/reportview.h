// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/report/reportworker.h"

#include <QWidget>

class QBoxLayout;
class QLabel;
class QScrollArea;
class QTabWidget;
class QTableView;
class QTimer;
class QVBoxLayout;
class QStandardItemModel;

namespace kp::ui {

class SpecChartView;
class WallsView;
class WhatIfPanel;

/// The report of one run. Its first screen is the answer at a glance: the verdict; the capacity as a big number with
/// its interval and the steps that bracket it; the three walls as one picture; the throughput against latency chart
/// with the target and the best point under it; and the scorecard. Then doubts, findings (problems open, background
/// collapsed, healthy in a line), "try these next" with a copy button per flag, each other chart beside its sortable
/// table, the physics check and every request. A what-if panel sits beside it. Shows results; the ReportController
/// computes them.
///
/// The layout follows KDAB hotspot's summary page (the few numbers that answer the question first, large, then the
/// detail below) and the Plasma system monitor (a picture and its figures side by side, so each number has a place
/// to be seen): beside each other where the window is wide, one above the other where it is narrow.
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

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showGlance(const ReportResult& result);
    void rebuildBody(const ReportResult& result);
    /// The scorecard, its headings on two lines, each row with its light.
    void addScorecard(const kp::core::ReportContent& c);
    /// The doubts, the findings that need attention, what to try next and what not, the background, the healthy.
    void addFindings(const kp::core::ReportContent& c);
    /// Each chart beside its table, and a mix's figures by model.
    void addEvidence(const kp::core::ReportContent& c);
    /// Side by side where the report is wide enough, one above the other where it is not.
    void arrangeForWidth();
    /// The key chart's least height for a report `viewportWidth` wide: 300 px, more as a wide window widens it.
    static int keyChartHeight(int viewportWidth);

    QLabel* m_title;
    /// The checks that warned or failed, above the verdict: nobody reads the answer without its doubts.
    QLabel* m_doubts;
    QLabel* m_verdict;
    QLabel* m_capacity;
    QLabel* m_capacityBig;
    QLabel* m_capacityDefinition; ///< what the number counts, beside it as on the PDF's first page
    QLabel* m_bracket;
    WallsView* m_walls;
    QLabel* m_wallsLowest;
    QLabel* m_knee; ///< the answer's knee, with the two steps it rests on
    QWidget* m_keyChartHolder;
    SpecChartView* m_keyChart = nullptr; ///< made with the first answer, redrawn in place by the next ones
    QBoxLayout* m_glanceLayout = nullptr;
    /// The glance and each chart-beside-its-table row: their direction follows the width.
    QList<QBoxLayout*> m_sideBySide;
    QTimer* m_bodyTimer = nullptr; ///< the body follows the what-ifs once they pause
    ReportResultPtr m_bodyResult; ///< the answer the body is to show
    QWidget* m_requestsSection = nullptr; ///< every request of m_requestsRun, kept across its what-ifs
    const void* m_requestsRun = nullptr; ///< the run it shows (compared, never read)
    WhatIfPanel* m_whatIf;
    QWidget* m_body = nullptr;
    QWidget* m_glance = nullptr; ///< the card, the walls and the key chart
    QScrollArea* m_scroll = nullptr;
    QVBoxLayout* m_bodyLayout;
};

} // namespace kp::ui
