// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/history/runhistorymodel.h"

#include <QDateTime>
#include <QLocale>

namespace kp::ui {

using kp::core::RunStatus;
using kp::core::RunSummary;

RunHistoryModel::RunHistoryModel(QObject* parent)
    : QAbstractTableModel(parent)
{ }

void RunHistoryModel::setRuns(const QList<RunSummary>& runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

int RunHistoryModel::rowOf(qint64 id) const
{
    for (int i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].id == id)
            return i;
    return -1;
}

int RunHistoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunHistoryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RunHistoryModel::statusText(const RunSummary& run)
{
    // A demo says so, and a demo that did not complete says how it ended, as `kneepoint runs` does.
    if (run.demo && run.status == RunStatus::Stopped)
        return tr("demo, stopped");
    if (run.demo && run.status == RunStatus::Incomplete)
        return tr("demo, incomplete");
    if (run.demo && run.status == RunStatus::Failed)
        return tr("demo, failed");
    if (run.demo)
        return tr("demo");
    switch (run.status) {
    case RunStatus::Running:
        return tr("running");
    case RunStatus::Complete:
        return tr("complete");
    case RunStatus::Incomplete:
        return tr("incomplete");
    case RunStatus::Stopped:
        return tr("stopped");
    case RunStatus::Failed:
        return tr("failed");
    case RunStatus::ServerFailed:
        return tr("server failed");
    case RunStatus::Demo:
        break;
    }
    return tr("demo");
}

QVariant RunHistoryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    const RunSummary& r = m_runs[index.row()];
    const QDateTime started = QDateTime::fromString(r.startedUtc, Qt::ISODateWithMs);
    if (role == RunIdRole)
        return r.id;
    if (role == StatusRole)
        return kp::core::runStatusName(r.status);
    if (role == SortRole) {
        switch (index.column()) {
        case Id:
            return r.id;
        case Started:
            return started;
        case Steps:
            return r.steps;
        case Requests:
            return r.requests;
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole) {
        // The notes where the run is named, the reason where its status is: each where the eye already is.
        if ((index.column() == Name || index.column() == Tags) && !r.annotation.notes.isEmpty())
            return r.annotation.notes;
        if (index.column() != Name && !r.statusReason.isEmpty())
            return r.statusReason;
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == Id || index.column() == Steps || index.column() == Requests
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    switch (index.column()) {
    case Id:
        return locale.toString(r.id);
    case Started:
        return locale.toString(started.toLocalTime(), QLocale::ShortFormat);
    case Status:
        return statusText(r);
    case Model:
        return r.model;
    case Server:
        return r.url;
    case Steps:
        return locale.toString(r.steps);
    case Requests:
        return locale.toString(r.requests);
    case Name:
        return r.annotation.name;
    case Tags:
        return r.annotation.tags.join(QStringLiteral(", "));
    default:
        return {};
    }
}

QVariant RunHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Id:
        return tr("Run");
    case Started:
        return tr("Started");
    case Status:
        return tr("Status");
    case Model:
        return tr("Model");
    case Server:
        return tr("Server");
    case Steps:
        return tr("Steps");
    case Requests:
        return tr("Requests");
    case Name:
        return tr("Name");
    case Tags:
        return tr("Tags");
    default:
        return {};
    }
}

} // namespace kp::ui
