// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/history/runhistoryview.h"

#include "ui/history/runhistorymodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kp::ui {

namespace {

// Text search over every column, and a status filter over the status column.
class RunHistoryFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setStatus(const QString& status)
    {
        m_status = status;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex& parent) const override
    {
        if (!m_status.isEmpty()) {
            const QModelIndex status = sourceModel()->index(row, RunHistoryModel::Status, parent);
            if (sourceModel()->data(status).toString() != m_status)
                return false;
        }
        return QSortFilterProxyModel::filterAcceptsRow(row, parent);
    }

private:
    QString m_status;
};

} // namespace

RunHistoryView::RunHistoryView(QWidget* parent)
    : QWidget(parent)
    , m_model(new RunHistoryModel(this))
    , m_proxy(new RunHistoryFilter(this))
    , m_search(new QLineEdit(this))
    , m_status(new QComboBox(this))
    , m_table(new QTableView(this))
{
    m_search->setObjectName(QStringLiteral("historySearch"));
    m_search->setPlaceholderText(tr("Search runs"));
    m_search->setAccessibleName(tr("Search runs"));
    m_search->setClearButtonEnabled(true);
    m_status->setObjectName(QStringLiteral("historyStatus"));
    m_status->setAccessibleName(tr("Show runs with status"));
    m_status->addItem(tr("All runs"), QString());
    for (const QString& s :
        {tr("complete"), tr("incomplete"), tr("stopped"), tr("failed"), tr("server failed"), tr("demo")})
        m_status->addItem(s, s);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RunHistoryModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    m_table->setObjectName(QStringLiteral("historyTable"));
    m_table->setAccessibleName(tr("Run history"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RunHistoryModel::Id, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // A list of runs, read row by row: Tab moves on to the next control, as in any list, instead of walking the
    // cells and, past the last column, selecting the next run. The arrow keys move between runs.
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->hide();
    // The short columns fit their contents; the name, the model and the server share the rest, shortened in the
    // middle ("meta-llama/…-8B-Instruct", "http://…:8000") so that both ends stay readable at 1280 pixels.
    QHeaderView* header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    for (int c = 0; c < RunHistoryModel::ColumnCount; ++c)
        header->setSectionResizeMode(c,
            c == RunHistoryModel::Model || c == RunHistoryModel::Server || c == RunHistoryModel::Name
                ? QHeaderView::Stretch
                : QHeaderView::ResizeToContents);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_search, 1);
    filters->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_table, 1);

    connect(m_search, &QLineEdit::textChanged, this, &RunHistoryView::applyFilter);
    connect(m_status, &QComboBox::currentIndexChanged, this, &RunHistoryView::applyFilter);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid())
                Q_EMIT runSelected(current.data(RunHistoryModel::RunIdRole).toLongLong());
        });
}

void RunHistoryView::applyFilter()
{
    static_cast<RunHistoryFilter*>(m_proxy)->setStatus(m_status->currentData().toString());
    m_proxy->setFilterFixedString(m_search->text());
}

void RunHistoryView::setRuns(const QList<kp::core::RunSummary>& runs)
{
    const qint64 selected = selectedRun();
    m_model->setRuns(runs);
    // The name and tags take room from the status only once some run has one: a list of unnamed runs reads as it
    // always did at 1280 pixels.
    const bool named = std::any_of(
        runs.begin(), runs.end(), [](const kp::core::RunSummary& r) { return !r.annotation.name.isEmpty(); });
    const bool tagged = std::any_of(
        runs.begin(), runs.end(), [](const kp::core::RunSummary& r) { return !r.annotation.tags.isEmpty(); });
    m_table->setColumnHidden(RunHistoryModel::Name, !named);
    m_table->setColumnHidden(RunHistoryModel::Tags, !tagged);
    m_table->resizeColumnsToContents();
    if (selected >= 0)
        selectRun(selected);
}

bool RunHistoryView::selectRun(qint64 id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid())
        return false;
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

void RunHistoryView::addRunActions(const QList<QAction*>& actions)
{
    // A right click selects the row under it first (QTableView does), so the actions act on the run clicked.
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_table->addActions(actions);
}

qint64 RunHistoryView::selectedRun() const
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    return current.isValid() ? current.data(RunHistoryModel::RunIdRole).toLongLong() : -1;
}

} // namespace kp::ui
