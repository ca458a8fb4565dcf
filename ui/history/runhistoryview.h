// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/runstore.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace kp::ui {

class RunHistoryModel;

/// The run history: every stored run, newest first, with a search field and a status filter. Selecting a row
/// announces the run.
class RunHistoryView : public QWidget
{
    Q_OBJECT

public:
    explicit RunHistoryView(QWidget* parent = nullptr);

    void setRuns(const QList<kp::core::RunSummary>& runs);
    RunHistoryModel* model() const { return m_model; }
    /// Selects run `id` (and announces it); false when it is not listed.
    bool selectRun(qint64 id);
    /// The selected run, or -1.
    qint64 selectedRun() const;
    /// What a right click on a run offers: actions on the selected run.
    void addRunActions(const QList<QAction*>& actions);

Q_SIGNALS:
    void runSelected(qint64 id);

private:
    void applyFilter();

    RunHistoryModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_search;
    QComboBox* m_status;
    QTableView* m_table;
};

} // namespace kp::ui
