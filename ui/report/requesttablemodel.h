// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/rundata.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace kp::ui {

/// Every successful request of a run, as the analysis sees it (server time): one row each, read straight from the
/// shared RunData, so a run of 20,000 requests costs no copy.
class RequestTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// The columns a run can have; Model only when its requests went to several models (--models).
    enum Column { Step, Load, Model, Ttft, Tpot, E2el };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit RequestTableModel(std::shared_ptr<const kp::core::RunData> run, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const kp::core::RunData> m_run;
    std::vector<int> m_firstRow; ///< the first row of each step; rows of step i are [m_firstRow[i], m_firstRow[i + 1])
    std::vector<Column> m_columns; ///< the columns shown, in order
};

} // namespace kp::ui
