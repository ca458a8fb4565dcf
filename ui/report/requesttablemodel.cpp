// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/requesttablemodel.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace kp::ui {

RequestTableModel::RequestTableModel(std::shared_ptr<const kp::core::RunData> run, QObject* parent)
    : QAbstractTableModel(parent)
    , m_run(std::move(run))
{
    int row = 0;
    for (const kp::core::StepData& s : m_run->steps) {
        m_firstRow.push_back(row);
        row += int(s.requests.size());
    }
    m_firstRow.push_back(row);
    m_columns = {Step, Load, Ttft, Tpot, E2el};
    if (!m_run->options.models.empty())
        m_columns.insert(m_columns.begin() + 2, Model);
}

int RequestTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_firstRow.back();
}

int RequestTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant RequestTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.column() >= int(m_columns.size())
        || (role != Qt::DisplayRole && role != SortRole && role != Qt::TextAlignmentRole))
        return {};
    const Column column = m_columns[std::size_t(index.column())];
    const auto next = std::upper_bound(m_firstRow.begin(), m_firstRow.end(), index.row());
    const auto step = std::size_t(std::distance(m_firstRow.begin(), next) - 1);
    const kp::core::StepData& s = m_run->steps[step];
    const kp::core::RequestTimes& r = s.requests[std::size_t(index.row() - m_firstRow[step])];
    if (role == Qt::TextAlignmentRole)
        return column == Load || column == Model ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                 : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    double value = 0;
    switch (column) {
    case Step:
        return s.index;
    case Load:
        return role == SortRole ? QVariant(s.load()) : QVariant(s.loadLabel());
    case Model:
        return r.model;
    case Ttft:
        value = r.ttftMs;
        break;
    case Tpot:
        value = r.tpotMs;
        break;
    case E2el:
        value = r.e2elMs;
        break;
    default:
        return {};
    }
    if (role == SortRole)
        return value;
    return std::isnan(value) ? QStringLiteral("–") : QLocale().toString(value, 'f', value >= 100 ? 0 : 2);
}

QVariant RequestTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= int(m_columns.size()))
        return {};
    switch (m_columns[std::size_t(section)]) {
    case Step:
        return tr("Step");
    case Load:
        return tr("Load");
    case Model:
        return tr("Model");
    case Ttft:
        return tr("TTFT (ms)");
    case Tpot:
        return tr("TPOT (ms)");
    case E2el:
        return tr("E2EL (ms)");
    default:
        return {};
    }
}

} // namespace kp::ui
