// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/tune/experimentworker.h"

#include "core/store/runstore.h"

#include <QThread>

namespace kp::ui {

using namespace kp::core;

ExperimentWorker::ExperimentWorker(const QString& databasePath)
    : m_path(databasePath)
{ }

ExperimentWorker::~ExperimentWorker() = default;

bool ExperimentWorker::open(QString* error)
{
    if (m_store)
        return true;
    // A connection per thread, named after it: QtSql connections never cross threads.
    m_store = RunStore::open(
        m_path, error, QStringLiteral("experiments-%1").arg(quintptr(QThread::currentThreadId()), 0, 16));
    return m_store != nullptr;
}

void ExperimentWorker::list()
{
    QString error;
    Q_EMIT listed(open(&error) ? Experiment::list(*m_store) : StoredExperiments());
}

void ExperimentWorker::load(const QString& id, quint64 generation)
{
    QString error;
    if (!open(&error)) {
        Q_EMIT failed(generation, error);
        return;
    }
    std::optional<Experiment> experiment = Experiment::load(*m_store, id, &error);
    if (!experiment) {
        Q_EMIT failed(generation, error);
        return;
    }
    Q_EMIT ready(generation, std::make_shared<const Experiment>(std::move(*experiment)));
}

} // namespace kp::ui
