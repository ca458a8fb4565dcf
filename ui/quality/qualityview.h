// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace kp::ui {

/// The Quality tab: the stored passes, and a "before" pass against an "after" one question by question, with the
/// verdict, the paired change and its interval, McNemar's test, the noise floors, the categories and the answers
/// that changed side by side.
class QualityView : public QWidget
{
    Q_OBJECT

public:
    explicit QualityView(const QString& databasePath, QWidget* parent = nullptr);

    /// Reads the passes again and keeps the chosen pair where it still exists.
    void refresh();
    /// Compares pass `before` with pass `after`.
    void compare(qint64 before, qint64 after);
    QString verdictText() const;

private:
    void askQuestions();
    void compareSelected();

    QString m_path;
    QTableWidget* m_passes;
    QPushButton* m_ask;
    QComboBox* m_before;
    QComboBox* m_after;
    QLabel* m_verdict;
    QLabel* m_figures;
    QTableWidget* m_categories;
    QTableWidget* m_changed;
};

} // namespace kp::ui
