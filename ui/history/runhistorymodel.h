// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/runstore.h"

#include <QAbstractTableModel>
#include <QList>

namespace kp::ui {

/// The stored runs as a table: one row per run, newest first, with a raw-value sort role so that numbers and
/// dates sort as themselves rather than as text.
class RunHistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// Name and Tags are what the user said of a run (RunAnnotation); the rest was measured.
    enum Column { Id, Name, Started, Status, Model, Server, Steps, Requests, Tags, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RunIdRole, StatusRole };

    explicit RunHistoryModel(QObject* parent = nullptr);

    /// Replaces every row (a model reset).
    void setRuns(const QList<kp::core::RunSummary>& runs);
    const QList<kp::core::RunSummary>& runs() const { return m_runs; }
    /// The row of run `id`, or -1.
    int rowOf(qint64 id) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The status as the list shows it: complete, incomplete, stopped, failed, running, demo.
    static QString statusText(const kp::core::RunSummary& run);

private:
    QList<kp::core::RunSummary> m_runs;
};

} // namespace kp::ui
