// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/report/chartspec.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace kp::ui {

/// The data table of a core::ChartSpec (tableHeader, tableRows), for a QTableView beside the chart. Cells are shown
/// as core formatted them ("1,200"); sort through a QSortFilterProxyModel with SortRole, which sorts numbers as
/// numbers.
class ChartTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role {
        /// The raw value to sort by: a double in a column whose cells are all numbers ("1,200", "−3.5", "2.9%"; empty
        /// and non-numeric cells such as "—" give an invalid QVariant, which sorts last), else the text.
        SortRole = Qt::UserRole + 1,
    };

    explicit ChartTableModel(QObject* parent = nullptr);
    ~ChartTableModel() override;

    /// Replaces the whole table with `spec`'s (a model reset).
    void setSpec(const kp::core::ChartSpec& spec);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString cell(int row, int column) const;

    QStringList m_header;
    std::vector<QStringList> m_rows;
    int m_columns = 0;
    std::vector<bool> m_numeric; ///< per column: every non-empty cell parses as a number
};

} // namespace kp::ui
