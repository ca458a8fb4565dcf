// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/quality/qualityworker.h"

#include <QThread>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace kp::ui {

/// The Quality tab: the stored passes (with their server, deleted with Delete), and a "before" pass against an "after"
/// one question by question, with the verdict, the paired change and its interval, McNemar's test, the noise floors,
/// the categories and the answers that changed side by side, with accuracy per category as bars.
class CategoryBars;

class QualityView : public QWidget
{
    Q_OBJECT

public:
    explicit QualityView(const QString& databasePath, QWidget* parent = nullptr);
    ~QualityView() override;

    /// Reads the passes again, on the worker's thread, and keeps the chosen pair where it still exists.
    void refresh();
    /// Compares pass `before` with pass `after`, on the worker's thread.
    void compare(qint64 before, qint64 after);
    QString verdictText() const;
    /// Asks whether to delete the passes selected in the list, and deletes them with their answers (the Delete key,
    /// the Delete button and the list's context menu). False when nothing is selected or the answer was No.
    bool deleteSelected();
    /// Whether a list or a comparison is being read.
    bool isBusy() const { return m_listing != 0 || m_comparing != 0; }

Q_SIGNALS:
    // To the worker, queued.
    void listRequested(quint64 generation);
    void compareRequested(qint64 before, qint64 after, quint64 generation);
    void removeRequested(const QList<qint64>& ids, quint64 generation);

private:
    void askQuestions();
    void compareSelected();
    void showPasses(const QualityPassListPtr& result);
    void showComparison(const QualityCompareResultPtr& result);
    /// Accuracy before and after per category, as bars: the table beside it has the counts.
    void showCategoryChart(const kp::core::QualityComparison* comparison);
    QList<qint64> selectedPasses() const;

    QThread m_thread;
    QualityWorker* m_worker;
    quint64 m_generation = 0;
    quint64 m_listing = 0; ///< the generation of the list asked for and not yet answered; 0: none
    quint64 m_comparing = 0; ///< the same for the comparison
    QString m_path;
    QTableWidget* m_passes;
    QPushButton* m_ask;
    QPushButton* m_delete;
    QComboBox* m_before;
    QComboBox* m_after;
    QLabel* m_verdict;
    QLabel* m_figures;
    QTableWidget* m_categories;
    CategoryBars* m_categoryChart;
    QTableWidget* m_changed;
};

} // namespace kp::ui
