// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/charttablemodel.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <optional>

namespace kp::ui {

namespace {

// core writes numbers for people: thousands separated by commas (or thin and no-break spaces), the typographic
// minus, sometimes a trailing percent sign. Undo that and read the rest with the C locale, whatever the user's.
std::optional<double> parseNumber(const QString& cell)
{
    QString text = cell;
    for (const QChar separator : {QChar(u','), QChar(0x2009), QChar(0x202F), QChar(0x00A0)})
        text.remove(separator);
    text.replace(QChar(0x2212), u'-');
    text = text.trimmed();
    if (text.endsWith(u'%'))
        text.chop(1);
    bool ok = false;
    double value = QLocale::c().toDouble(text, &ok);
    if (!ok) {
        // A load: "8 users", "4 req/s", "16 users (concurrency)" sort by their number, not as words.
        static const QRegularExpression withUnit(QStringLiteral(R"(^(-?\d+(?:\.\d+)?)\s+\S)"));
        const QRegularExpressionMatch m = withUnit.match(text);
        if (m.hasMatch())
            value = QLocale::c().toDouble(m.captured(1), &ok);
    }
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// "", "—", "-": a cell that stands for a missing number and should not turn its column into text.
bool isPlaceholder(const QString& cell)
{
    return std::none_of(cell.begin(), cell.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

} // namespace

ChartTableModel::ChartTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

ChartTableModel::~ChartTableModel() = default;

void ChartTableModel::setSpec(const kp::core::ChartSpec& spec)
{
    beginResetModel();
    m_header = spec.tableHeader;
    m_rows = spec.tableRows;
    m_columns = int(m_header.size());
    for (const QStringList& row : m_rows)
        m_columns = std::max(m_columns, int(row.size()));
    m_numeric.assign(std::size_t(m_columns), false);
    for (int column = 0; column < m_columns; ++column) {
        bool anyNumber = false;
        bool onlyNumbers = true;
        for (int row = 0; row < int(m_rows.size()) && onlyNumbers; ++row) {
            const QString text = cell(row, column);
            if (parseNumber(text))
                anyNumber = true;
            else
                onlyNumbers = isPlaceholder(text);
        }
        m_numeric[std::size_t(column)] = anyNumber && onlyNumbers;
    }
    endResetModel();
}

int ChartTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ChartTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QString ChartTableModel::cell(int row, int column) const
{
    const QStringList& cells = m_rows[std::size_t(row)];
    return column < cells.size() ? cells[column] : QString();
}

QVariant ChartTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QString text = cell(index.row(), index.column());
    const bool numeric = m_numeric[std::size_t(index.column())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return text;
    case Qt::TextAlignmentRole:
        // Numbers line up on their last digit.
        return QVariant::fromValue(Qt::AlignVCenter | (numeric ? Qt::AlignRight : Qt::AlignLeft));
    case SortRole:
        if (!numeric)
            return text;
        if (const std::optional<double> value = parseNumber(text))
            return *value;
        return {};
    default:
        return {};
    }
}

QVariant ChartTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < m_columns)
        return section < m_header.size() ? m_header[section] : QString();
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace kp::ui
